// The files an HTML report inlines, embedded into the command line at build time
// (cmake/embed_files.cmake): "report" (report/report.js, the page's script) and, when
// report/node_modules had them, "vega.min", "vega-lite.min" and "vega-embed.min".
#pragma once

#include <span>

#include "io/embedded_variants.hpp"  // EmbeddedFile

namespace switchcards::detail {

std::span<const EmbeddedFile> report_asset_files();

}  // namespace switchcards::detail
