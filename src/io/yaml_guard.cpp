// See yaml_guard.hpp.
#include "yaml_guard.hpp"

#include <fmt/format.h>

namespace switchcards::detail {

std::optional<std::string> yaml_guard(std::string_view text) {
  if (text.size() > kMaxYamlBytes)
    return fmt::format("file of {} bytes: at most {} are read", text.size(), kMaxYamlBytes);
  if (text.find('\0') != std::string_view::npos)
    return std::string("binary data (a NUL byte), not YAML text");
  // Flow nesting depth ([ { ), outside quoted scalars and comments; block nesting is bounded
  // by indentation and checked by counting leading spaces.
  int depth = 0, line = 1;
  bool in_single = false, in_double = false, in_comment = false;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      in_comment = false;
      line_start = i + 1;
      std::size_t indent = 0;
      while (line_start + indent < text.size() && text[line_start + indent] == ' ') ++indent;
      if (indent > static_cast<std::size_t>(kMaxYamlDepth) * 8)
        return fmt::format("line {}: indented {} spaces: nesting deeper than {} levels is refused",
                           line, indent, kMaxYamlDepth);
      continue;
    }
    if (in_comment) continue;
    if (in_double) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_double = false;
      continue;
    }
    if (in_single) {
      if (c == '\'') in_single = false;
      continue;
    }
    switch (c) {
      case '#':
        if (i == line_start || text[i - 1] == ' ' || text[i - 1] == '\t') in_comment = true;
        break;
      case '"':
        in_double = true;
        break;
      case '\'':
        if (i == 0 || text[i - 1] == ' ' || text[i - 1] == '[' || text[i - 1] == '{' ||
            text[i - 1] == ',' || text[i - 1] == ':')
          in_single = true;
        break;
      case '[':
      case '{':
        if (++depth > kMaxYamlDepth)
          return fmt::format("line {}: nesting deeper than {} levels is refused", line,
                             kMaxYamlDepth);
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        break;
      case '&':
      case '*':
        if ((i == 0 || text[i - 1] == ' ' || text[i - 1] == '[' || text[i - 1] == ',') &&
            i + 1 < text.size() && text[i + 1] != ' ')
          return fmt::format("line {}: anchors and aliases (& and *) are not accepted", line);
        break;
      default:
        break;
    }
  }
  return std::nullopt;
}

}  // namespace switchcards::detail
