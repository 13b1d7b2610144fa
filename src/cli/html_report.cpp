// The HTML report; see html_report.hpp. The page's charts are Vega-Lite specifications that
// report/report.js builds from the embedded JSON, so the numbers drawn are the numbers of the
// JSON file.
#include "cli/html_report.hpp"

#include <fmt/core.h>

#include <string_view>

#include "cli/commands.hpp"
#include "cli/effect_labels.hpp"
#include "cli/report_assets.hpp"
#include "switchcards/agents/compare.hpp"
#include "switchcards/agents/sweep.hpp"

namespace switchcards::cli {

namespace {

constexpr std::string_view kChartFiles[] = {"vega.min", "vega-lite.min", "vega-embed.min"};

std::string_view asset(std::string_view name) {
  for (const detail::EmbeddedFile& f : detail::report_asset_files())
    if (f.name == name) return f.text;
  return {};
}

bool charts_embedded() {
  for (std::string_view name : kChartFiles)
    if (asset(name).empty()) return false;
  return true;
}

// Text inside <script>: nothing in it may end the element early. "</script" would, and so would
// "<!--" followed by "<script" (the HTML parser then reads on to a second "</script>": a title
// "a <!--<script> b" left the page blank). In JSON every '<' is inside a string, where "\\u003c"
// means the same character, so none is left. The JavaScript sources hold no "</script" at all
// (a regular expression may well end in "</") and no "<!--": only that sequence is rewritten.
std::string script_safe(std::string_view text, bool json) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '<') {
      out += text[i];
    } else if (json) {
      out += "\\u003c";
    } else if (text.substr(i + 1, 7) == "/script") {
      out += "<\\/";
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string html_escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The words of the page's tables that the text reports use too, as JSON for report/report.js:
// {"effects": [["penalty_pending", "draw/skip penalties set"], ...], "penalty_cards": "..."}.
// Event names and labels are plain words, with nothing to escape.
std::string labels_json() {
  std::string out = "{\"effects\": [";
  for (const EventLabel& e : kEffectEvents)
    out += fmt::format("{}[\"{}\", \"{}\"]", &e == kEffectEvents ? "" : ", ", event_name(e.kind),
                       e.label);
  return out + fmt::format("], \"penalty_cards\": \"{}\"}}", kPenaltyCardsLabel);
}

}  // namespace

void check_report_file(const std::string& path) {
  if (!charts_embedded())
    throw UsageError("--report " + path +
                     ": this switchcards was built without the chart library (Vega-Lite); run "
                     "scripts/setup.sh, which installs it with `npm ci` in report/, then rebuild");
  if (path == "-") throw UsageError("--report -: give a file name (the page is HTML)");
  check_output_file("--report", path);
}

void write_html_report(const std::string& path, const std::string& json, const std::string& title) {
  std::string page;
  page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  // Nothing may be fetched: no network, no other file (the test checks it too).
  page +=
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data:\">\n";
  page += "<title>" + html_escaped(title) + "</title>\n";
  page +=
      "<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:70em;color:#222}"
      "table{border-collapse:collapse;margin:1em 0}td,th{padding:.2em .7em;text-align:right;"
      "border-bottom:1px solid #ddd}th{background:#f4f4f4}td:first-child,th:first-child{"
      "text-align:left}.chart{margin:1.5em 0}.note{color:#555}"
      ".warning{font-weight:bold;color:#a40000}h2{margin-top:1.5em}</style>\n";
  page += "</head>\n<body>\n<h1>" + html_escaped(title) + "</h1>\n";
  page += "<div id=\"report\"></div>\n";
  page +=
      "<script type=\"application/json\" id=\"results\">" + script_safe(json, true) + "</script>\n";
  page += "<script type=\"application/json\" id=\"labels\">" + script_safe(labels_json(), true) +
          "</script>\n";
  for (std::string_view name : kChartFiles)
    page += "<script>" + script_safe(asset(name), false) + "</script>\n";
  page += "<script>" + script_safe(asset("report"), false) + "</script>\n</body>\n</html>\n";
  write_text_file(path, page);
}

std::string report_title(const ShardResults& r) {
  return "switchcards simulate: " + r.title;
}

std::string report_title(const ComparisonResults& r) {
  const auto side = [&](const ShardResults& s) {
    return r.a.title == r.b.title && !s.rules.empty() ? s.title + " with rules " + s.rules
                                                      : s.title;
  };
  return "switchcards compare: " + side(r.a) + " vs " + side(r.b);
}

std::string report_title(const SweepResults& r) {
  return "switchcards sweep: " + r.title + ", " + r.grid;
}

}  // namespace switchcards::cli
