// LoadError: the one error every loader of YAML input throws (variant files, `--rules`
// overrides, scenarios, game records, sweep grids). It names the file (or label), line, column and
// key, so a program can point at the mistake; several independent errors of one load travel
// together.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace switchcards {

// A variant (or scenario, or replay) file that cannot be used. what() is the whole message,
// `FILE:LINE:COL: key: message`; the parts are kept for programs that want them. In the key and
// the message a character that would not show (a zero width space, a direction mark, a space
// other than U+0020, ...) is written as its code, `\u200B`, so a key that looks right but is
// unknown shows why.
class LoadError : public std::runtime_error {
 public:
  LoadError(std::string file, int line, int column, std::string key, std::string message);
  // Several errors of one load, in file order: what() lists them one a line; the parts
  // (file(), line(), ...) are the first one's. `truncated`: the loader stopped looking.
  LoadError(std::vector<LoadError> errors, bool truncated);
  // Every error of the load (one, unless the loader found several).
  std::vector<LoadError> errors() const {
    return all_ && !all_->empty() ? *all_ : std::vector<LoadError>{*this};
  }
  const std::string& file() const { return file_; }
  int line() const { return line_; }               // 1-based; 0 when unknown
  int column() const { return column_; }           // 1-based; 0 when unknown
  const std::string& key() const { return key_; }  // dotted path, e.g. "specials.draw-two.cap"
  const std::string& message() const { return message_; }
  bool truncated() const { return truncated_; }  // the loader stopped looking for more

 private:
  std::string file_, key_, message_;
  int line_, column_;
  bool truncated_ = false;
  std::shared_ptr<const std::vector<LoadError>> all_;
};

}  // namespace switchcards
