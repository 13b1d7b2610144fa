// Text as a message may show it. Private to the library: LoadError's messages and the file
// writer's both name what they were given, which may hold characters a terminal does not show.
#pragma once

#include <string>

namespace switchcards::detail {

// `text` with each invisible character written \uXXXX (\UXXXXXXXX above U+FFFF), and a NUL
// as \u0000: an exception's what() is a C string, which a NUL would end (a path "a.yaml\0b"
// from Python). Invisible: format characters (zero width space and joiners, direction marks
// and embeddings, the byte order mark, word joiner, tag characters), variation selectors,
// fillers and spaces other than U+0020; a key holding one looks right and is still unknown.
// Anything that is not UTF-8 is copied as it is.
std::string visible_text(const std::string& text);

}  // namespace switchcards::detail
