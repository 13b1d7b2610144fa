// A file of game records may hold thousands of them (up to 64 MiB). A list written as records
// are written (`- format: ...`, one block map per item) is read one record at a time
// (Documents::parse_items, src/io/yaml_documents.hpp), so memory holds one record's tree, not
// the file's. What is read, and every error with its file, line, column and key, must be what
// the whole file's tree gave: a list that starts otherwise (here a `!!seq` tag on the first
// line) is still read whole, and serves as the reference.
#include <malloc.h>
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "switchcards/agents/simulate.hpp"
#include "switchcards/io/load_error.hpp"
#include "switchcards/io/load_variant.hpp"
#include "switchcards/io/replay.hpp"

using namespace switchcards;

// ---- the heap in use, for the guard on memory -----------------------------------------------
// The global operator new and delete of the test binary are replaced here (the array, sized and
// nothrow forms call these two) to count the bytes in use and their peak. Not under
// AddressSanitizer, whose own operator new checks that new and delete are paired.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SWITCHCARDS_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(SWITCHCARDS_UNDER_ASAN)
#define SWITCHCARDS_COUNT_HEAP 0
#else
#define SWITCHCARDS_COUNT_HEAP 1
namespace {
std::atomic<std::int64_t> g_heap_in_use{0};
std::atomic<std::int64_t> g_heap_peak{0};
}  // namespace

void* operator new(std::size_t n) {
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  const auto size = static_cast<std::int64_t>(malloc_usable_size(p));
  const std::int64_t now = g_heap_in_use.fetch_add(size, std::memory_order_relaxed) + size;
  std::int64_t peak = g_heap_peak.load(std::memory_order_relaxed);
  while (now > peak && !g_heap_peak.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
  return p;
}
void operator delete(void* p) noexcept {
  if (p != nullptr)
    g_heap_in_use.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)),
                            std::memory_order_relaxed);
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  operator delete(p);
}
#endif

namespace {

// What reading `text` gives: the records written again, or the error.
std::string read_as(const std::string& text) {
  try {
    const std::vector<GameRecord> records = read_game_records_from_string(text, "list.yaml");
    std::ostringstream out;
    write_game_records(out, records);
    for (const GameRecord& r : records)
      out << "# variant_text at " << r.variant_text_line << ":" << r.variant_text_column << "\n";
    return out.str();
  } catch (const LoadError& e) {
    return std::string("error: ") + e.what();
  }
}

// `items` as a list read item by item, and as the same list read whole (its first line tags
// the list, which the item reader leaves to the whole reader): both must read the same.
std::string read_both(const std::string& items) {
  const std::string by_item = read_as("# records\n" + items);
  const std::string whole = read_as("!!seq\n" + items);
  CHECK(by_item == whole);
  return by_item;
}

// A one-round record of two seats as a list item; `round` is its round's map after `- `, to
// which the item adds the line every round ends with, its winner.
std::string item(const std::string& seed, const std::string& round =
                                              "seed: 7\n    dealer: 0\n"
                                              "    actions: [0 draw]\n") {
  return "- format: switchcards-game/1\n"
         "  variant: british\n"
         "  players: 2\n"
         "  seed: " +
         seed +
         "\n"
         "  rounds:\n"
         "  - " +
         round + "    winner: null\n";
}

}  // namespace

TEST_CASE("records: a list of many records reads back as written, one by one", "[records]") {
  const Variant v = load_variant("british");
  SimulationConfig c;
  c.players = 3;
  c.agents = {"heuristic"};
  c.games = 40;
  std::vector<GameRecord> written(c.games);
  for (std::uint64_t g = 0; g < c.games; ++g) {
    simulate_game(v, c, g, &written[g]);
    written[g].variant = "british";
    written[g].variant_text = resolved_variant_yaml("british");  // as simulate --record writes
  }
  std::ostringstream text;
  write_game_records(text, written);

  const std::vector<GameRecord> back = read_game_records_from_string(text.str(), "list.yaml");
  REQUIRE(back.size() == written.size());
  std::ostringstream again;
  write_game_records(again, back);
  CHECK(again.str() == text.str());
  // Each embedded variant is placed at its own lines of the file.
  std::vector<int> text_lines;
  std::istringstream lines(text.str());
  int number = 0;
  for (std::string line; std::getline(lines, line);)
    if (++number, line == "  variant_text: |") text_lines.push_back(number + 1);
  REQUIRE(text_lines.size() == back.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    CHECK(back[i].variant_text_line == text_lines[i]);
    CHECK(back[i].variant_text_column == 5);
  }
  CHECK(read_both(text.str().substr(text.str().find('\n') + 1)) == read_as(text.str()));
  CHECK(replay_game(back.back()).failure == "");
}

TEST_CASE("records: an error in the third record of a list names its line, column and key",
          "[records]") {
  const std::string first_two = item("1") + item("2");
  // Lines: "# records", then 9 a record: the third's `seed:` is line 23, its round's lines
  // 25 to 28.
  CHECK(read_both(first_two + item("3")).find("error") == std::string::npos);
  CHECK(read_both(first_two + item("3", "seed: 7\n    dealer: 0\n    actions: [0 draw, 1 jump]\n"))
            .starts_with("error: list.yaml:27:23: [2].rounds[0].actions[1]: action '1 jump': "
                         "unknown verb 'jump'"));
  CHECK(read_both(first_two + item("3", "seed: 7\n    dealer: 0\n    dealer: 1\n")) ==
        "error: list.yaml:27:5: [2].rounds[0].dealer: duplicate key 'dealer' (first at line 26, "
        "column 5)");
  CHECK(read_both(first_two + item("-3")) ==
        "error: list.yaml:23:9: [2].seed: expected a whole number from 0 to "
        "18446744073709551615, got '-3'");
  CHECK(read_both(first_two + item("!thing 3")).starts_with("error: list.yaml:23:9: tag '!thing'"));
  CHECK(read_both(first_two + item("\"3")) ==
        "error: list.yaml:23:9: this quoted text is never closed: the closing \" is missing");
  CHECK(read_both(first_two + item("\"\\a\""))
            .starts_with("error: list.yaml:23:9: this quoted text holds the control character "
                         "0x07"));
  CHECK(read_both(first_two + item("&a 3")).starts_with("error: list.yaml:23:9: anchors (&a)"));
  CHECK(read_both(first_two + item("3") + "---\n- 4\n")
            .starts_with("error: list.yaml:29:1: a second YAML document"));
  CHECK(read_both(first_two + item("3", "seed: 7\n\tdealer: 0\n"))
            .starts_with("error: list.yaml:26:1: a tab in the indentation"));
  CHECK(read_both(first_two + item("3") + "  players2: 2\n") ==
        "error: list.yaml:29:3: [2].players2: unknown key 'players2' (did you mean 'players'?)");
  // The list, a record, its rounds, a round and 60 lists (its actions the outermost) are 64
  // levels, the most allowed.
  const auto nested = [&](int lists) {
    return item("3", "seed: 7\n    dealer: 0\n    actions: " + std::string(lists, '[') +
                         std::string(lists, ']') + "\n");
  };
  CHECK(read_both(first_two + nested(60)) ==
        "error: list.yaml:27:15: [2].rounds[0].actions[0]: expected text, got a list");
  CHECK(read_both(first_two + nested(61)) ==
        "error: list.yaml:27:74: nesting deeper than 64 levels");
  // A guard's error in a later record comes before a reading error in an earlier one, as the
  // whole tree's guards ran before anything was read.
  const std::string bad_seed = item("1", "seed: x\n") + item("2");
  CHECK(read_both(bad_seed) ==
        "error: list.yaml:7:11: [0].rounds[0].seed: expected a whole number from 0 to "
        "18446744073709551615, got 'x'");
  CHECK(read_both(bad_seed + item("3", "seed: 7\n    seed: 7\n")) ==
        "error: list.yaml:24:5: [2].rounds[0].seed: duplicate key 'seed' (first at line 23, column "
        "5)");
}

TEST_CASE("records: a list item by item, from a byte order mark, comments and a document end",
          "[records]") {
  const std::string items = item("1") + "# between\n\n" + item("2") + "...\n";
  CHECK(read_as("\xEF\xBB\xBF" + items) == read_as("# records\n" + items));
  CHECK(read_as("\xEF\xBB\xBF" + item("1") + item("x")) ==
        "error: list.yaml:13:9: [1].seed: expected a whole number from 0 to 18446744073709551615, "
        "got 'x'");
  // A `- ` line inside a quoted text is no item's: the list is read whole.
  const std::string quoted = item("1") + "  rules: \"{round: {turn_limit:\n- 50}}\"\n" + item("2");
  CHECK(read_both(quoted).find("{round: {turn_limit: - 50}}") != std::string::npos);
  // Items not written as records are read whole, as before.
  CHECK(read_as("- {format: switchcards-game/1, variant: british, players: 2, seed: 1, rounds: "
                "[]}\n- x\n") ==
        "error: list.yaml:2:3: [1]: this key must be a map (key: value lines), got 'x'");
}

#if SWITCHCARDS_COUNT_HEAP
TEST_CASE("records: reading a list holds one record's tree at a time, not the file's",
          "[records]") {
  // 120 records of british matches: about 0.5 MB of text, whose whole tree took some 30 times
  // that in memory (2 GB for a 60 MB file). Read item by item, the peak is the records read
  // (each with its variant's text) and one record's tree.
  GameRecord one;
  SimulationConfig c;
  c.players = 3;
  c.agents = {"heuristic"};
  c.kind = GameKind::match;
  simulate_game(load_variant("british"), c, 0, &one);
  one.variant = "british";
  one.variant_text = resolved_variant_yaml("british");
  const std::vector<GameRecord> written(120, one);
  std::ostringstream out;
  write_game_records(out, written);
  const std::string text = out.str();

  const std::int64_t before = g_heap_in_use.load();
  g_heap_peak.store(before);
  const std::vector<GameRecord> back = read_game_records_from_string(text, "list.yaml");
  const std::int64_t peak = g_heap_peak.load() - before;
  REQUIRE(back.size() == written.size());
  INFO("text " << text.size() << " bytes, peak " << peak << " bytes on the heap");
  CHECK(peak < 3 * static_cast<std::int64_t>(text.size()));
}
#endif

namespace {

// item(seed) with its place in a list: `list: {record: k, of: n}`.
std::string placed_item(const std::string& seed, int k, int n) {
  std::string text = item(seed);
  const std::size_t format_end = text.find('\n') + 1;
  return text.insert(
      format_end, "  list: {record: " + std::to_string(k) + ", of: " + std::to_string(n) + "}\n");
}

}  // namespace

TEST_CASE("records: a list cut between two records is refused by the places its records say",
          "[records]") {
  // Each record written in a list says its place; the list read back says the same.
  std::vector<GameRecord> three =
      read_game_records_from_string(item("1") + item("2") + item("3"), "list.yaml");
  REQUIRE(three.size() == 3);
  std::ostringstream written;
  write_game_records(written, three);
  const std::string text = written.str();
  CHECK(text.find("  list: {record: 1, of: 3}\n") != std::string::npos);
  CHECK(text.find("  list: {record: 3, of: 3}\n") != std::string::npos);
  CHECK(read_game_records_from_string(text, "list.yaml").size() == 3);

  const std::string one = placed_item("1", 1, 3), two = placed_item("2", 2, 3);
  // The first two records alone: whole records, a good list but for their places. Its last
  // place is on line 13: the line read_both puts first, ten of the first record, two of the
  // second.
  CHECK(read_both(one + two) ==
        "error: list.yaml:13:9: [1].list: the list ends after 2 of its 3 records: is the file "
        "cut short?");
  CHECK(read_both(one + two + placed_item("3", 3, 3)).find("error") == std::string::npos);
  // Two lists put together, one record left out, and places that disagree.
  CHECK(read_both(one + two + placed_item("3", 3, 3) + one)
            .starts_with("error: list.yaml:33:9: [3].list: the list's record 4 says it is record "
                         "1 of 3: a record is missing, repeated or out of order (a list put "
                         "together or cut by hand: remove every record's `list` key)"));
  CHECK(read_both(one + placed_item("3", 3, 3))
            .starts_with("error: list.yaml:13:9: [1].list: the list's record 2 says it is record "
                         "3 of 3: a record is missing"));
  CHECK(read_both(one + placed_item("2", 2, 4))
            .starts_with("error: list.yaml:13:9: [1].list: the list's record 2 says it is one of "
                         "4 records, the first one of 3"));
  CHECK(read_both(one + item("2"))
            .starts_with("error: list.yaml:12:3: [1]: the list's first record says it is one of "
                         "3, but record 2 says no place: missing key 'list'"));
  CHECK(read_both(item("1") + two)
            .starts_with("error: list.yaml:12:9: [1].list: the list's record 2 says it is record "
                         "2 of 3, but the first record says no place"));
  // The place's own shape.
  CHECK(read_both(placed_item("1", 2, 1)).starts_with("error: list.yaml:3:18: [0].list.record:"));
  CHECK(read_both(placed_item("1", 1, 0)).starts_with("error: list.yaml:3:25: [0].list.of:"));

  // A list without places (written by hand, or by an earlier version) reads as it is, and a
  // record taken alone from a list reads with its place.
  CHECK(read_both(item("1") + item("2")).find("error") == std::string::npos);
  std::string alone = placed_item("2", 2, 3);
  for (std::size_t at = 0; (at = alone.find("\n  ", at)) != std::string::npos; ++at)
    alone.erase(at + 1, 2);
  alone.erase(0, 2);  // "- " of the list item
  CHECK(read_game_records_from_string(alone, "game.yaml").size() == 1);
}
