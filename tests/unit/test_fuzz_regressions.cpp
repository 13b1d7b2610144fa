// Every input the fuzzers ever found a problem with (tests/fuzz/regressions/<target>/), and the
// seed corpora, run through the fuzz targets' bodies (tests/fuzz/targets.hpp) in every build,
// sanitizers included: a finding stays fixed without clang or libFuzzer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../fuzz/targets.hpp"

using namespace switchcards;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = SWITCHCARDS_SOURCE_DIR;

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<fs::path> files_under(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().filename() != "README.md")
      out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

using Target = std::function<std::string(const std::string&)>;

const std::map<std::string, Target>& targets() {
  static const std::map<std::string, Target> all = {
      {"variant", [](const std::string& s) { return fuzz::variant(s); }},
      {"scenario", [](const std::string& s) { return fuzz::scenario(s); }},
      {"replay", [](const std::string& s) { return fuzz::replay(s); }},
      {"notation", [](const std::string& s) { return fuzz::notation(s); }},
      {"json", [](const std::string& s) { return fuzz::json(s); }},
      {"engine",
       [](const std::string& s) {
         return fuzz::engine(std::span<const std::uint8_t>(
             reinterpret_cast<const std::uint8_t*>(s.data()), s.size()));
       }},
  };
  return all;
}

// Runs every file of `dirs` through `target`; returns how many.
int run_all(const std::string& target, const std::vector<fs::path>& dirs) {
  int count = 0;
  for (const fs::path& dir : dirs)
    for (const fs::path& file : files_under(dir)) {
      INFO(target << " <- " << file.string());
      CHECK(targets().at(target)(read_bytes(file)) == "");
      ++count;
    }
  return count;
}

}  // namespace

TEST_CASE("fuzz findings stay fixed") {
  // tests/fuzz/regressions/<target>/<name>: the input as the fuzzer saved it.
  int count = 0;
  for (const auto& [name, target] : targets())
    count += run_all(name, {kSource / "tests" / "fuzz" / "regressions" / name});
  CHECK(count > 0);
}

TEST_CASE("the fuzz seed corpora pass every fuzz target's checks") {
  CHECK(run_all("variant", {kSource / "variants", kSource / "tests" / "bad-variants"}) > 30);
  CHECK(run_all("scenario",
                {kSource / "tests" / "scenarios", kSource / "tests" / "bad-scenarios"}) > 15);
  for (const char* target : {"replay", "notation", "engine", "json"})
    CHECK(run_all(target, {kSource / "tests" / "fuzz" / "seeds" / target}) > 0);
}

// The engine target's rule switches (fuzz::tweak) must make variants the Engine takes: one it
// refused would end the fuzz run with an exception instead of exploring the engine. Every pair
// of switch bytes in the normal build; under the sanitizers (about seven times slower), which
// look for what check_variant does wrong with memory rather than what it answers, every
// seventh second byte.
#ifdef SWITCHCARDS_SANITIZED
constexpr int kSecondByteStep = 7;
#else
constexpr int kSecondByteStep = 1;
#endif
TEST_CASE("every rule switch of the engine fuzz target makes a variant check_variant passes") {
  for (const Variant& base : fuzz::builtin_variants()) {
    int refused = 0;
    std::string first;
    for (int a = 0; a < 256; ++a)
      for (int b = a % kSecondByteStep; b < 256; b += kSecondByteStep) {
        const std::string problem = check_variant(
            fuzz::tweak(base, static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)));
        if (problem.empty()) continue;
        if (refused++ == 0)
          first = "a " + std::to_string(a) + ", b " + std::to_string(b) + ": " + problem;
      }
    INFO(base.name << ": " << first);
    CHECK(refused == 0);
  }
}

// Found by fuzz_engine (tests/fuzz/regressions/engine/malformed-action-kind-accepted): an Action
// copied in as raw bytes with an unknown kind fell through check() and was accepted by apply(),
// counting as a decision; a card index past the joker or a suit past `none` indexed the
// engine's tables out of range. Now every value no factory makes is refused, state unchanged.
TEST_CASE("actions no factory makes are refused and leave the state unchanged") {
  const Engine engine(load_variant("british"));
  State s = engine.deal(3, 11);
  const State before = s;
  const std::uint8_t seat = s.turn;
  const std::uint32_t raw[] = {
      0x06u | std::uint32_t(seat) << 8 | 52u << 16 | 4u << 24,     // kind 6 (5 is name)
      0x05u | std::uint32_t(seat) << 8 | 52u << 16 | 0x0du << 24,  // name with rank 13
      0x05u | std::uint32_t(seat) << 8 | 52u << 16 | 0x08u << 24,  // name with the target flag
      0x05u | std::uint32_t(seat) << 8 | 3u << 16 | 0x04u << 24,   // name carrying a card
      0xffu | std::uint32_t(seat) << 8 | 52u << 16 | 4u << 24,     // kind 255
      0x00u | std::uint32_t(seat) << 8 | 200u << 16 | 4u << 24,    // play card index 200
      0x00u | std::uint32_t(seat) << 8 | 0u << 16 | 6u << 24,      // play AC naming suit 6
      0x00u | std::uint32_t(seat) << 8 | 0u << 16 | 0x44u << 24,   // play AC with a stray bit
      0x01u | std::uint32_t(seat) << 8 | 3u << 16 | 4u << 24,      // draw carrying a card
      0x02u | std::uint32_t(seat) << 8 | 52u << 16 | 9u << 24,     // pass carrying an argument
  };
  for (std::uint32_t bits : raw) {
    const Action a = std::bit_cast<Action>(bits);
    INFO(to_string(a));
    CHECK_FALSE(a.well_formed());
    CHECK(engine.check(s, a) == Refusal::malformed);
    CHECK(engine.apply(s, a).refusal == Refusal::malformed);
    CHECK(s == before);
    CHECK(to_string(a).starts_with("malformed action 0x"));
  }
  // What the factories and the parser make is well formed.
  ActionList legal;
  engine.legal_actions(s, legal);
  for (Action a : legal) CHECK(a.well_formed());
  CHECK(parse_action("1 play QS hearts last").well_formed());
  CHECK(Action::challenge(2, 0).well_formed());
}

// Found by fuzz_engine (tests/fuzz/regressions/engine/one-seat-final-card-draws-into-winner):
// with round.final_card_draws and a single seat (Engine::deal allows 1 to 8), the final card's
// draw penalty went to the next seat, which was the winner itself: the round ended with a
// winner holding cards. Now nobody pays when the winner is alone.
TEST_CASE("a final draw card played alone at the table leaves the winner's hand empty") {
  Variant v = load_variant("british");
  v.round.final_card_draws = true;
  const Engine engine(v);
  Position p;
  p.hands = {{parse_card("2H")}};
  p.discard = {parse_card("3H")};
  p.stock = {parse_card("4C"), parse_card("5C")};
  State s = engine.position(p);
  REQUIRE(engine.apply(s, parse_action("0 play 2H")));
  CHECK(s.over());
  CHECK(s.winner == 0);
  CHECK(s.hands[0].empty());
  CHECK(s.stock.size() == 2);
  // With two seats the next one still pays.
  p.hands = {{parse_card("2H")}, {parse_card("9S")}};
  State two = engine.position(p);
  REQUIRE(engine.apply(two, parse_action("0 play 2H")));
  CHECK(two.hands[1].size() == 3);
}
