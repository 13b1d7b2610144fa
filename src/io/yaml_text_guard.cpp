// The text guards: size, encoding and flow nesting, checked in one pass (see the header).
#include "io/yaml_text_guard.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include <fmt/format.h>

#include "io/read_file.hpp"
#include "switchcards/io/load_error.hpp"

namespace switchcards::detail::yaml {

namespace {

[[noreturn]] void fail_text(const std::string& label, int line, int column,
                            const std::string& message) {
  throw LoadError(label, line, column, "", message);
}

// "larger than the limit of 1048576 bytes (1 MiB) for a YAML file"
std::string limit_text(std::size_t max_bytes) {
  return fmt::format("larger than the limit of {} bytes ({} MiB) for {}", max_bytes,
                     max_bytes >> 20,
                     max_bytes == kMaxRecordBytes ? "game records" : "a YAML file");
}

// Walks the text once, counting lines and columns (in code points), and checks the encoding
// (UTF-8 without overlongs or surrogates, no control characters but tab, CR and LF: the YAML
// printable set; a byte order mark only as the first character) and the nesting of flow
// collections.
class TextScanner {
 public:
  TextScanner(std::string_view text, const std::string& label) : text_(text), label_(label) {}

  void run() {
    std::size_t i = 0;
    if (text_.starts_with("\xEF\xBB\xBF")) i = 3;  // a byte order mark is allowed
    while (i < text_.size()) {
      const auto byte = static_cast<unsigned char>(text_[i]);
      if (byte < 0x80) {
        check_ascii(byte);
        // yaml-cpp ends lines at LF only, so a file of CR-ended lines reads as one line and fails
        // far from the cause ("illegal map value").
        if (byte == '\r' && (i + 1 == text_.size() || text_[i + 1] != '\n'))
          fail(
              "a carriage return without a line feed: lines must end in LF or CR LF (save the "
              "file with Unix or Windows line endings)");
        scan_ascii(i);
        ++i;
      } else {
        i += check_multibyte(i);
        prev_ = 'x';  // any non-space, non-indicator character
      }
      ++column_;
    }
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    fail_text(label_, line_, column_, message);
  }

  void check_ascii(unsigned char byte) const {
    if (byte == '\t' || byte == '\n' || byte == '\r') return;
    if (byte == 0) fail("NUL byte: this is a binary file, not YAML text");
    if (byte < 0x20 || byte == 0x7F)
      fail(fmt::format("control character 0x{:02X}: not YAML text (a binary file?)", byte));
  }

  // Returns the length of the UTF-8 sequence at i, or fails.
  std::size_t check_multibyte(std::size_t i) const {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text_[k]); };
    const unsigned char lead = at(i);
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
      code = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      code = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      code = lead & 0x07u;
    } else {
      fail(fmt::format("byte 0x{:02X} is not UTF-8 (a binary file, or another encoding?)", lead));
    }
    // A byte that cannot continue the sequence says more than the end of the file after it
    // (Latin-1's 0xE9 before a newline is no UTF-8 cut short).
    for (std::size_t k = 1; k < length; ++k) {
      if (i + k >= text_.size()) fail("truncated UTF-8 sequence at the end of the file");
      if ((at(i + k) & 0xC0u) != 0x80u)
        fail(fmt::format("byte 0x{:02X} is not UTF-8 (a binary file, or another encoding?)", lead));
      code = (code << 6) | (at(i + k) & 0x3Fu);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    if (overlong || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF)
      fail("invalid UTF-8 sequence (a binary file, or another encoding?)");
    if (code >= 0x80 && code <= 0x9F && code != 0x85)
      fail(fmt::format("control character U+{:04X}: not YAML text", code));
    // The first character was skipped by run(); anywhere else the mark is invisible, and
    // yaml-cpp would take it into a key ("unknown key 'extends'" with the mark inside the quotes).
    if (code == 0xFEFF)
      fail(
          "a byte order mark (U+FEFF) in the middle of the text: only the first character may "
          "be one");
    return length;
  }

  // Flow nesting, approximately but conservatively: brackets count where YAML would read them
  // as indicators (inside a flow collection, or at the start of a token), not inside quotes or
  // comments. The exact depth (block nesting too) is checked again on the parser's events.
  void scan_ascii(std::size_t i) {
    const char c = text_[i];
    if (c == '\n') {
      ++line_;
      column_ = 0;  // incremented to 1 by the caller
      if (state_ == State::comment) state_ = State::normal;
      prev_ = '\n';
      return;
    }
    switch (state_) {
      case State::comment:
        break;
      case State::single_quoted:
        if (skip_quote_)
          skip_quote_ = false;  // the second quote of ''
        else if (c == '\'' && i + 1 < text_.size() && text_[i + 1] == '\'')
          skip_quote_ = true;  // '' is an escaped quote
        else if (c == '\'')
          state_ = State::normal;
        break;
      case State::double_quoted:
        if (escaped_) {
          escaped_ = false;
          // yaml-cpp 0.7 writes these two escapes as one byte, which is not UTF-8 (QA: a title
          // with "\_" loaded, and its JSON then failed in the middle of a study).
          if (c == 'N' || c == '_')
            fail_text(  // at the backslash
                label_, line_, column_ - 1,
                fmt::format("the escape \\{} (U+{}) is not read as UTF-8 by the YAML library: "
                            "write the character itself, or \\u{}",
                            c, c == 'N' ? "0085" : "00A0", c == 'N' ? "0085" : "00A0"));
        } else if (c == '\\')
          escaped_ = true;
        else if (c == '"')
          state_ = State::normal;
        break;
      case State::normal: {
        const bool after_space = prev_ == ' ' || prev_ == '\t' || prev_ == '\n' || prev_ == '\r';
        const bool token_start = after_space || prev_ == '[' || prev_ == '{' || prev_ == ',' ||
                                 prev_ == ':' || prev_ == '-' || prev_ == '?';
        if (c == '#' && after_space) {
          state_ = State::comment;
        } else if ((c == '\'' || c == '"') && (token_start || flow_depth_ > 0)) {
          state_ = c == '\'' ? State::single_quoted : State::double_quoted;
        } else if ((c == '[' || c == '{') && (token_start || flow_depth_ > 0)) {
          if (++flow_depth_ > kMaxNesting)
            fail(fmt::format("nesting deeper than {} levels", kMaxNesting));
        } else if ((c == ']' || c == '}') && flow_depth_ > 0) {
          --flow_depth_;
        }
        break;
      }
    }
    prev_ = c;
  }

  enum class State { normal, comment, single_quoted, double_quoted };
  std::string_view text_;
  const std::string& label_;
  int line_ = 1;
  int column_ = 1;
  State state_ = State::normal;
  bool skip_quote_ = false;
  bool escaped_ = false;
  int flow_depth_ = 0;
  char prev_ = '\n';
};

}  // namespace

void check_text(std::string_view text, const std::string& label, std::size_t max_bytes) {
  if (text.size() > max_bytes)
    fail_text(label, 0, 0, fmt::format("{} bytes: {}", text.size(), limit_text(max_bytes)));
  TextScanner(text, label).run();
}

std::string read_text_file(const std::filesystem::path& path, const std::string& label,
                           std::size_t max_bytes) {
  FileText file = detail::read_whole_file(path, max_bytes);
  const std::string name = path.string();
  switch (file.problem) {
    case FileText::Problem::none:
      return std::move(file.text);
    case FileText::Problem::missing:
      fail_text(label, 0, 0, fmt::format("cannot open '{}': no such file", name));
    case FileText::Problem::directory:
      fail_text(label, 0, 0, fmt::format("'{}' is a directory, not a YAML file", name));
    case FileText::Problem::unopenable:
      fail_text(label, 0, 0, fmt::format("cannot open '{}'", name));
    case FileText::Problem::unreadable:
      fail_text(label, 0, 0, fmt::format("cannot read '{}'", name));
    case FileText::Problem::too_large:
      fail_text(label, 0, 0,
                file.size > 0 ? fmt::format("{} bytes: {}", file.size, limit_text(max_bytes))
                              : limit_text(max_bytes));
  }
  fail_text(label, 0, 0, fmt::format("cannot read '{}'", name));
}

}  // namespace switchcards::detail::yaml
