// LoadError's messages (see switchcards/io/load_error.hpp).
#include "switchcards/io/load_error.hpp"

#include <fmt/format.h>

#include "io/visible_text.hpp"

namespace switchcards {

namespace {

std::string compose_message(const std::string& file, int line, int column, const std::string& key,
                            const std::string& message) {
  // No file and no place (an empty variant name): the message alone, not "<unknown>: ...".
  if (file.empty() && line <= 0) return (key.empty() ? "" : key + ": ") + message;
  std::string out = file.empty() ? std::string("<unknown>") : detail::visible_text(file);
  if (line > 0) out += fmt::format(":{}:{}", line, column);
  out += ": ";
  if (!key.empty()) out += key + ": ";
  return out + message;
}

std::string joined_messages(const std::vector<LoadError>& errors, bool truncated) {
  std::string out;
  for (const LoadError& e : errors) out += (out.empty() ? "" : "\n") + std::string(e.what());
  if (truncated) out += fmt::format("\n(stopped after {} errors)", errors.size());
  return out;
}

}  // namespace

LoadError::LoadError(std::string file, int line, int column, std::string key, std::string message)
    : std::runtime_error(compose_message(file, line, column, detail::visible_text(key),
                                         detail::visible_text(message))),
      file_(std::move(file)),
      key_(detail::visible_text(key)),
      message_(detail::visible_text(message)),
      line_(line),
      column_(column) {}

LoadError::LoadError(std::vector<LoadError> errors, bool truncated)
    : std::runtime_error(joined_messages(errors, truncated)),
      file_(errors.at(0).file_),
      key_(errors.at(0).key_),
      message_(errors.at(0).message_),
      line_(errors.at(0).line_),
      column_(errors.at(0).column_),
      truncated_(truncated),
      all_(std::make_shared<const std::vector<LoadError>>(std::move(errors))) {}

}  // namespace switchcards
