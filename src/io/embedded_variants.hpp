// The variant files of variants/*.yaml, compiled into the library at build time (see
// cmake/embed_files.cmake), so built-in variants load without the source tree. Private to
// the library: not installed, not part of the public API.
#pragma once

#include <span>
#include <string_view>

namespace switchcards::detail {

struct EmbeddedFile {
  std::string_view name;  // the file stem: "british" for variants/british.yaml
  std::string_view text;  // the whole file, exactly as on disk
};

// Every embedded file, in file-name order; empty when variants/ has no .yaml file.
std::span<const EmbeddedFile> embedded_variant_files();

}  // namespace switchcards::detail
