// Text as a message may show it; see visible_text.hpp.
#include "io/visible_text.hpp"

#include <cstdint>

#include <fmt/format.h>

namespace switchcards::detail {

namespace {

bool invisible(char32_t c) {
  return c == 0x85 || c == 0xA0 || c == 0xAD || c == 0x34F || c == 0x61C || c == 0x115F ||
         c == 0x1160 || c == 0x1680 || c == 0x17B4 || c == 0x17B5 || (c >= 0x180B && c <= 0x180F) ||
         (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F) ||
         (c >= 0x205F && c <= 0x206F) || c == 0x3000 || c == 0x3164 ||
         (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 ||
         (c >= 0xFFF9 && c <= 0xFFFB) || (c >= 0x1D173 && c <= 0x1D17A) ||
         (c >= 0xE0000 && c <= 0xE007F) || (c >= 0xE0100 && c <= 0xE01EF);
}

}  // namespace

std::string visible_text(const std::string& text) {
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

}  // namespace switchcards::detail
