// LoadError's messages (see switchcards/io/load_error.hpp).
#include "switchcards/io/load_error.hpp"

#include <cstdint>

#include <fmt/format.h>

namespace switchcards {

namespace {

// Characters that show as nothing, or as a plain space, on a terminal: format characters (zero
// width space and joiners, direction marks and embeddings, the byte order mark, word joiner,
// tag characters), variation selectors, fillers and spaces other than U+0020. A key holding
// one looks right and is still unknown.
bool invisible(char32_t c) {
  return c == 0x85 || c == 0xA0 || c == 0xAD || c == 0x34F || c == 0x61C || c == 0x115F ||
         c == 0x1160 || c == 0x1680 || c == 0x17B4 || c == 0x17B5 || (c >= 0x180B && c <= 0x180F) ||
         (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F) ||
         (c >= 0x205F && c <= 0x206F) || c == 0x3000 || c == 0x3164 ||
         (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 ||
         (c >= 0xFFF9 && c <= 0xFFFB) || (c >= 0x1D173 && c <= 0x1D17A) ||
         (c >= 0xE0000 && c <= 0xE007F) || (c >= 0xE0100 && c <= 0xE01EF);
}

// `text` with each invisible character written \uXXXX (\UXXXXXXXX above U+FFFF), and a NUL
// as \u0000: what() is a C string, which a NUL would end (a path "a.yaml\0b" from Python).
// Anything that is not UTF-8 is copied as it is.
std::string visible(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    char32_t code = length == 1 ? lead : lead & (0x7Fu >> length);
    bool ok = i + length <= text.size();
    for (std::size_t k = 1; ok && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      ok = (next & 0xC0u) == 0x80u;
      code = (code << 6) | (next & 0x3Fu);
    }
    if (lead == 0)
      out += "\\u0000";
    else if (length > 1 && ok && invisible(code))
      out += code > 0xFFFF ? fmt::format("\\U{:08X}", static_cast<std::uint32_t>(code))
                           : fmt::format("\\u{:04X}", static_cast<std::uint32_t>(code));
    else
      out.append(text, i, ok ? length : 1);
    i += ok ? length : 1;
  }
  return out;
}

std::string compose_message(const std::string& file, int line, int column, const std::string& key,
                            const std::string& message) {
  std::string out = file.empty() ? std::string("<unknown>") : visible(file);
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
    : std::runtime_error(compose_message(file, line, column, visible(key), visible(message))),
      file_(std::move(file)),
      key_(visible(key)),
      message_(visible(message)),
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
