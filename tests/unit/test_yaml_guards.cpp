// yaml-cpp 0.7 overflows its stack on deeply nested input and builds cyclic trees from anchors
// and aliases. The guards of src/io/yaml_text_guard.cpp and yaml_parse.cpp must stop such text
// before yaml-cpp parses it, with a clear message, for every loader that reads YAML: variants (text
// and files), scenarios and game records (text and files).
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <functional>
#include <string>
#include <vector>

#include "../common/temp_dir.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"
#include "switchcards/io/scenario.hpp"

using namespace switchcards;
using switchcards::testing::TempDir;

namespace {

// Each loader, given YAML text, returns its error message ("" if it accepted the text).
struct Loader {
  std::string name;
  std::function<std::string(const std::string&)> load;
};

// `read(path)` on a file holding `text`, removed afterwards.
template <typename Read>
auto from_file(const std::string& text, Read&& read) {
  const TempDir dir;
  return read(dir.write("input.yaml", text).string());
}

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const LoadError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("not a LoadError: ") + e.what();
  }
  return "";
}

std::vector<Loader> loaders() {
  return {
      {"variant text",
       [](const std::string& t) { return error_of([&] { load_variant_from_string(t); }); }},
      {"variant file",
       [](const std::string& t) {
         return from_file(
             t, [](const std::string& path) { return error_of([&] { load_variant(path); }); });
       }},
      {"variant overrides",
       [](const std::string& t) {
         return error_of([&] { load_variant("british", t, "<rules>"); });
       }},
      {"scenario file",
       [](const std::string& t) {
         return from_file(t, [](const std::string& path) {
           const ScenarioResult r = run_scenario_file(path);
           return r.passed ? std::string() : r.failure;
         });
       }},
      {"game record text",
       [](const std::string& t) { return error_of([&] { read_game_records_from_string(t); }); }},
      {"game record file",
       [](const std::string& t) {
         return from_file(
             t, [](const std::string& path) { return error_of([&] { read_game_records(path); }); });
       }},
  };
}

// `records_too`: false for a text only variants and scenarios refuse (game records may be
// larger: a long match's record passes a megabyte).
void expect_refused(const std::string& what, const std::string& text, const std::string& message,
                    bool records_too = true) {
  for (const Loader& loader : loaders()) {
    if (!records_too && loader.name.find("game record") != std::string::npos) continue;
    INFO(what << " via " << loader.name);
    const std::string error = loader.load(text);
    INFO("error: " << error);
    CHECK(error.find(message) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("deep flow nesting is refused before yaml-cpp parses it, by every loader") {
  // 100 000 levels: yaml-cpp alone would overflow the stack (or give up with "bad file").
  expect_refused("flow lists",
                 "name: x\nrules: " + std::string(100'000, '[') + std::string(100'000, ']') + "\n",
                 "nesting deeper than 64 levels");
  expect_refused("flow maps", "a: " + std::string(70, '{') + std::string(70, '}') + "\n",
                 "nesting deeper than 64 levels");
}

TEST_CASE("deep block nesting is refused with a clear message, by every loader") {
  // Block lists nested on one line: no brackets and no indentation for a text scan to count.
  std::string text = "name: x\nrules:\n  ";
  for (int i = 0; i < 5000; ++i) text += "- ";
  expect_refused("block lists", text + "x\n", "nesting deeper than 64 levels");
  // QA: block maps 600 levels deep were refused where yaml-cpp's own limit stopped (line 500),
  // not at the 65th level, where 70 levels are: both at the line that goes past 64.
  for (const int levels : {70, 600}) {
    std::string maps = "name: x\n";
    for (int i = 0; i < levels; ++i) maps += std::string(2 * i, ' ') + "a:\n";
    expect_refused(std::to_string(levels) + " block maps",
                   maps + std::string(2 * levels, ' ') + "b: 1\n",
                   ":66:129: nesting deeper than 64 levels");
  }
}

TEST_CASE("anchors and aliases are refused, cycles and billion laughs included, by every loader") {
  expect_refused("a cycle", "name: x\nrules: &a [*a]\n", "anchors (&a) are not supported");
  expect_refused("a cycle behind tabs", "name: x\nrules:\t&a {b:\t*a}\n",
                 "anchors (&a) are not supported");
  std::string laughs = "name: x\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i < 10; ++i) {
    laughs += "l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
    for (int k = 0; k < 9; ++k) laughs += (k ? ", *l" : "*l") + std::to_string(i - 1);
    laughs += "]\n";
  }
  expect_refused("billion laughs", laughs, "anchors (&l0) are not supported");
}

TEST_CASE("huge and binary text is refused before parsing, by every loader") {
  std::string big = "name: x\ndescription: >-\n";
  while (big.size() < 3'000'000) big += "  lorem ipsum dolor sit amet\n";
  expect_refused("3 MB of text", big, "larger than the limit", false);
  expect_refused("binary data", std::string("name: x\n\0\x01\x02garbage", 18), "NUL byte");
}

TEST_CASE("lines ended by a carriage return alone are refused at the first, by every loader") {
  // yaml-cpp ends lines at LF only: such a file read as one line ("illegal map value").
  expect_refused("CR line ends", "name: x\rtitle: y\r",
                 ":1:8: a carriage return without a line feed: lines must end in LF or CR LF");
  expect_refused("one CR among LFs", "name: x\ntitle: y\rz\n", ":2:9: a carriage return");
}

TEST_CASE("a named pipe with nobody writing reads as empty, not for ever") {
  // Opening a FIFO for reading waits for a writer; with none, the loaders used to hang.
  TempDir dir;
  const std::string fifo = (dir.path() / "pipe.yaml").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THAT(error_of([&] { load_variant(fifo); }), Catch::Contains("empty file"));
  CHECK(error_of([&] { read_game_records(fifo); }) != "");
  CHECK(run_scenario_file(fifo).failure != "");
  // Through `extends:` too.
  const std::string top = dir.write("top.yaml", "name: top\nextends: pipe.yaml\n").string();
  CHECK_THAT(error_of([&] { load_variant(top); }), Catch::Contains("empty file"));
}

TEST_CASE("a file that never ends is read only up to the limit") {
  CHECK(error_of([] { load_variant("/dev/zero"); }).find("larger than the limit") !=
        std::string::npos);
  CHECK(error_of([] { read_game_records("/dev/zero"); }).find("larger than the limit") !=
        std::string::npos);
  CHECK(run_scenario_file("/dev/zero").failure.find("larger than the limit") != std::string::npos);
}

TEST_CASE(
    "duplicate keys are refused at the second one, in small maps and large, by every loader") {
  expect_refused("a small map", "name: x\nplayers: 2\nname: y\n",
                 ":3:1: name: duplicate key 'name' (first at line 1, column 1)");
  // Past 16 keys the guard looks keys up in an index instead of the list: the same answer.
  std::string large = "name: x\n";
  for (int i = 0; i < 40; ++i) large += "k" + std::to_string(i) + ": 1\n";
  expect_refused("a large map", large + "k3: 2\n",
                 ":42:1: k3: duplicate key 'k3' (first at line 5, column 1)");
  // A hostile map of 100,000 keys is checked in n log n (n² would be 5·10⁹ comparisons).
  std::string hostile = "name: x\n";
  for (int i = 0; i < 100'000; ++i) hostile += "k" + std::to_string(i) + ": 1\n";
  expect_refused("a huge map", hostile + "k0: 2\n", "k0: duplicate key 'k0' (first at line 2");
}

// QA: a duplicate key's LoadError had key() "", though its message names the key.
TEST_CASE("a duplicate key's error names it by its dotted path", "[yaml]") {
  const auto key_of = [](const std::string& text) {
    try {
      load_variant_from_string(text, "dup-key");
    } catch (const LoadError& e) {
      return e.key();
    }
    return std::string("accepted");
  };
  CHECK(key_of("name: x\nplayers: 2\nname: y\n") == "name");
  CHECK(key_of("name: x\nspecials:\n  skip: {cards: 8, cards: 9}\n") == "specials.skip.cards");
  CHECK(key_of("name: x\nrules:\n  - a: 1\n  - {b: 1, b: 2}\n") == "rules[1].b");
  CHECK(key_of("name: x\nrules: [[{c: 1, c: 1}]]\n") == "rules[0][0].c");
}

TEST_CASE("a quoted string that is never closed is refused at its quote, by every loader") {
  // yaml-cpp 0.7 reads such a string to the end of a text that ends with a line break, so the
  // lines after it vanished into it (here `match:`).
  expect_refused("double quotes", "name: x\ntitle: \"Switch\nmatch: {limit: 5}\n",
                 ":2:8: this quoted text is never closed: the closing \" is missing");
  expect_refused("single quotes", "name: x\ntitle: 'Switch\nmatch: {limit: 5}\n",
                 ":2:8: this quoted text is never closed: the closing ' is missing");
  expect_refused("a key", "name: x\n\"title: Switch\nmatch: {limit: 5}\n",
                 ":2:1: this quoted text is never closed");
  expect_refused("CRLF line ends", "name: x\r\ntitle: \"Switch\r\nmatch: {limit: 5}\r\n",
                 ":2:8: this quoted text is never closed");
  expect_refused("a control character made by an escape", "name: x\ntitle: \"\\e[2J\"\n",
                 ":2:8: this quoted text holds the control character 0x1B (from an escape)");
  expect_refused("a NUL made by an escape", "name: x\ntitle: \"a\\u0000\"\n",
                 "the control character 0x00");
  expect_refused("a C1 control made by an escape", "name: x\ntitle: \"a\\u0085b\\u009B\"\n",
                 "the control character U+009B");
  expect_refused("after a byte order mark", "\xEF\xBB\xBFname: x\ntitle: \"Switch\nmatch: 5\n",
                 ":2:8: this quoted text is never closed");
}

TEST_CASE("closed quotes, escaped quotes and quotes inside other text are read as YAML says") {
  const auto title = [](const std::string& rules) {
    return load_variant("british", rules, "<rules>").title;
  };
  CHECK(title("title: 'it''s \"two\"'\n") == "it's \"two\"");
  CHECK(title("title: \"a \\\" quote,\n  over two lines\"\n") == "a \" quote, over two lines");
  CHECK(title("title: plain \"quote and 'apostrophe\n") == "plain \"quote and 'apostrophe");
  // Tabs and line breaks are text.
  CHECK(title("title: \"a\\tb\\nc\"\n") == "a\tb\nc");
  CHECK(load_variant("british", "description: |\n  an \"open quote\n", "<rules>").description ==
        "an \"open quote\n");
}

TEST_CASE("a byte order mark is taken only as the first character, by every loader") {
  // QA: one in the middle went into the key: "unknown key 'extends'" with the mark invisible
  // inside the quotes.
  expect_refused("at the start of a line",
                 "name: x\n\xEF\xBB\xBF"
                 "extends: british\n",
                 ":2:1: a byte order mark (U+FEFF) in the middle of the text: only the first "
                 "character may be one");
  expect_refused("inside a value", "name: x\ntitle: ab\xEF\xBB\xBF\n", ":2:10: a byte order mark");
  expect_refused("a second one at the start", "\xEF\xBB\xBF\xEF\xBB\xBFname: x\n",
                 ":1:1: a byte order mark");
  // At the start it is still accepted.
  CHECK(load_variant_from_string("\xEF\xBB\xBFname: bom\nextends: british\n", "bom").name == "bom");
}

TEST_CASE("!!null tags only a null, by every loader") {
  // Every reader takes a `!!null` node for a null, so a value under the tag would be lost.
  expect_refused("a number", "name: x\ntitle: !!null 5\n",
                 ":2:8: tagged !!null, but '5' is not a null (a null is ~, null or nothing; "
                 "remove the tag or the value)");
  expect_refused("quoted text", "name: x\ntitle: !!null \"a\"\n", ":2:8: tagged !!null, but 'a'");
  expect_refused("a list", "name: x\ntitle: !!null [1]\n", ":2:8: tagged !!null, but a list");
  expect_refused("a map", "name: x\ntitle: !!null {a: 1}\n", ":2:8: tagged !!null, but a map");
  expect_refused("a key", "name: x\n!!null ~: 1\n", ":2:1: an empty (null) key");
}

// QA: yaml-cpp ends a document where a line leaves its top-level list (or an indented top-level
// map) and begins another without '---'; YAML::Load kept the first, so a record list followed
// by `foo: 1` replayed its records and dropped the line and every record after it.
TEST_CASE("text after the top-level list or map is refused where it starts, by every loader") {
  const std::string message =
      ":3:1: text after the end of the document (a line that leaves the top-level list or "
      "map)";
  expect_refused("a key after a list", "- a: 1\n- b: 2\nfoo: 1\nbar: 2\n", message);
  expect_refused("a key after an indented map", "  name: x\n  players: 2\nfoo: 1\n", message);
}

// yaml-cpp's syntax errors get a hint from the text: the bracket left open, or the line whose
// indentation is wrong. Brackets inside quotes and comments are not counted as open.
TEST_CASE("a YAML syntax error says which bracket is open or which line is indented wrongly",
          "[yaml]") {
  const auto error = [](const std::string& text) {
    try {
      load_variant_from_string(text, "v.yaml");
    } catch (const LoadError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string misaligned = "draw:\n  after: end_turn\n when_playable: false\n";
  CHECK(error("name: a\nextends: british\n" + misaligned) ==
        "v.yaml:5:2: YAML syntax error: end of map not found (line 5 is indented by 1 space, which "
        "lines up with no line above it: the keys of one map (the items of one list) start in the "
        "same column)");
  // A '{' in a quoted string or a comment is not a bracket left open.
  CHECK(error("name: a\ndescription: \"a { and a [\"\nextends: british  # { [\n" + misaligned) ==
        "v.yaml:6:2: YAML syntax error: end of map not found (line 6 is indented by 1 space, which "
        "lines up with no line above it: the keys of one map (the items of one list) start in the "
        "same column)");
  CHECK(error("name: a\ndescription: 'it''s {'\nextends: british\n" + misaligned) ==
        "v.yaml:6:2: YAML syntax error: end of map not found (line 6 is indented by 1 space, which "
        "lines up with no line above it: the keys of one map (the items of one list) start in the "
        "same column)");
  // The bracket left open, named where it opens, not where yaml-cpp noticed.
  CHECK(error("name: a\nextends: british\nspecials:\n  skip: {cards: 8, skip: 1\n"
              "  reverse: {cards: A}\n") ==
        "v.yaml:5:10: YAML syntax error: end of map flow not found (the '{' at line 4, column 9 is "
        "not closed)");
  // A second ': ' in a value, on the first key of a map or a list item's second key: no
  // indentation is to blame.
  CHECK(error("name: a\nextends: british\nspecials:\n  skip: cards: 8\n") ==
        "v.yaml:4:14: YAML syntax error: illegal map value (line 4 has a second ': ' after its "
        "key: quote a value that holds ': ', or put the map under the key on lines of its own)");
  const auto scenario_error = [](const std::string& text) {
    return from_file(text, [](const std::string& path) { return run_scenario_file(path).failure; });
  };
  CHECK_THAT(scenario_error("name: s\nvariant: british\nplayers: 2\nsteps:\n  - do: 0 draw\n"
                            "    expect: turn: 1\n"),
             Catch::EndsWith("illegal map value (line 6 has a second ': ' after its key: quote a "
                             "value that holds ': ', or put the map under the key on lines of "
                             "its own)"));
  // Brackets in a block scalar or inside a plain scalar open nothing.
  CHECK(error("name: a\ndescription: |\n  has a { brace\ntitle: a{b\nextends: british\n"
              "draw:\n  after: end_turn\n    when_playable: false\n") ==
        "v.yaml:8:18: YAML syntax error: illegal map value (line 8 is indented under line 7, "
        "whose key already has its value on that line: line it up with the keys above it)");
  // Errors about something else get no hint, and a bracket closed later is not "not closed".
  CHECK(error("name: a\nextends: british\nspecials: {skip: {cards: \"\\q8\", skip: 1}}\n") ==
        "v.yaml:3:29: YAML syntax error: unknown escape character: q");
  CHECK_THAT(error("name: a\nextends: british\nspecials:\n  skip: {cards: 8 skip: 1}\n"),
             !Catch::Contains("is not closed"));
  // A plain scalar that goes on over a line starting with '[' opens no flow; nor does a quoted
  // key holding ': ' hold a second one.
  CHECK(error("name: a\nextends: british\ndescription: this is\n  [draft text\nspecials:\n"
              "  draw-two:\n    cards: 2\n   draw: 2\n") ==
        "v.yaml:8:4: YAML syntax error: end of map not found (line 8 is indented by 3 spaces, "
        "which lines up with no line above it: the keys of one map (the items of one list) start "
        "in the same column)");
  CHECK_THAT(error("name: a\nextends: british\nspecials:\n  draw-two: {cards: 2}\n"
                   "   'it''s: x': c\n"),
             !Catch::Contains("second ': '"));
  CHECK_THAT(error("name: a\nextends: british\nspecials:\n  draw-two: {cards: 2}\n"
                   "   \"a\\\": b\": c\n"),
             !Catch::Contains("second ': '"));
  // A key under a key whose value is on its line.
  CHECK(error("name: a\nextends: british\ndraw:\n  after: end_turn\n    when_playable: false\n") ==
        "v.yaml:5:18: YAML syntax error: illegal map value (line 5 is indented under line 4, "
        "whose key already has its value on that line: line it up with the keys above it)");
}
