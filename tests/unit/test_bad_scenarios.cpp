// The catalogue of broken scenario files (tests/bad-scenarios/*.yaml): each must fail with a
// message naming the file, the position where there is one, and the text its first line states:
// `# expect: [LINE:COL: ]text`. Well-formed scenarios with a false step
// (tests/false-scenarios/*.yaml) fail at that step. Plus inputs too large or too strange to
// commit, and random damage to the shipped scenarios: the runner must never crash, throw or pass
// them silently.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/temp_dir.hpp"
#include "switchcards/core/rng.hpp"
#include "switchcards/io/scenario.hpp"

using namespace switchcards;
namespace fs = std::filesystem;
using switchcards::testing::TempDir;

namespace {

const fs::path kSource = SWITCHCARDS_SOURCE_DIR;
const fs::path kBadScenarios = kSource / "tests" / "bad-scenarios";

std::vector<fs::path> yaml_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".yaml") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// `# expect: [LINE:COL: ]text` (std::regex is avoided: g++ 12 warns inside it under ASan).
bool parse_expectation(const std::string& line, std::string& position, std::string& text) {
  const std::string prefix = "# expect: ";
  if (!line.starts_with(prefix) || line.size() == prefix.size()) return false;
  text = line.substr(prefix.size());
  const std::size_t colon = text.find(':'), end = text.find(": ");
  const auto digits = [&](std::size_t from, std::size_t to) {
    if (from >= to) return false;
    for (std::size_t i = from; i < to; ++i)
      if (text[i] < '0' || text[i] > '9') return false;
    return true;
  };
  if (colon != std::string::npos && end != std::string::npos && colon < end && digits(0, colon) &&
      digits(colon + 1, end)) {
    position = text.substr(0, end);
    text = text.substr(end + 2);
  }
  return !text.empty();
}

}  // namespace

TEST_CASE("every broken scenario fails with its expected message and position") {
  const auto files = yaml_files(kBadScenarios);
  CHECK(files.size() >= 15);
  // With tests/bad-variants/, the catalogue of broken inputs holds at least 40 files.
  CHECK(files.size() + yaml_files(kSource / "tests" / "bad-variants").size() >= 40);
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::string first;
    std::getline(in, first);
    INFO(file.string());
    std::string position, text;
    REQUIRE(parse_expectation(first, position, text));
    const ScenarioResult r = run_scenario_file(file.string());
    INFO("failure: " << r.failure);
    CHECK_FALSE(r.passed);
    CHECK(r.failure.find(text) != std::string::npos);
    if (!position.empty())
      CHECK(r.failure.starts_with(file.string() + ":" + position + ": "));
    else
      CHECK(r.failure.starts_with(file.string()));
    // `# also: LINE:COL: text` lines: further errors of the same file, in this order after it.
    std::size_t at = r.failure.find(text);
    for (std::string line; std::getline(in, line) && line.starts_with("# also: ");) {
      const std::string also = ":" + line.substr(8);
      INFO("also: " << also);
      const std::size_t next = at == std::string::npos ? at : r.failure.find(also, at);
      CHECK(next != std::string::npos);
      at = next;
    }
  }
}

TEST_CASE("a well-formed scenario with a false step fails at that step, saying what is") {
  // tests/false-scenarios/*.yaml: a true step, then one false one of each kind (each expect key,
  // do, reject and reject's reason). A runner that let one pass would make every scenario that
  // uses it assert nothing. The first line gives the whole failure: `# expect: step N: ...`.
  const auto files = yaml_files(kSource / "tests" / "false-scenarios");
  CHECK(files.size() >= 19);
  for (const fs::path& file : files) {
    INFO(file.string());
    const std::string content = read_file(file);
    const std::string first = content.substr(0, content.find('\n'));
    REQUIRE(first.starts_with("# expect: step "));
    const ScenarioResult r = run_scenario_file(file.string());
    CHECK_FALSE(r.passed);
    CHECK(r.failure == first.substr(std::string_view("# expect: ").size()));
    // QA: the failure named the scenario, not where its step is. The line is that of step N,
    // the N-th item of `steps` (each file lists them as a block), and the runner prints it
    // after the failure.
    const int step = std::stoi(r.failure.substr(std::string_view("step ").size()));
    std::istringstream lines(content);
    int line_number = 0, item = 0, step_line = 0;
    bool in_steps = false;
    for (std::string line; step_line == 0 && std::getline(lines, line);) {
      ++line_number;
      if (line == "steps:") in_steps = true;
      if (in_steps && line.starts_with("  - ") && ++item == step) step_line = line_number;
    }
    CHECK(step_line > 0);
    CHECK(r.line == step_line);
    std::ostringstream out;
    CHECK(run_scenarios({file.string()}, out) == 1);
    CHECK(out.str().starts_with("FAIL " + r.name + ": " + r.failure + " (" + file.string() + ":" +
                                std::to_string(r.line) + ")\n"));
  }
}

TEST_CASE("a scenario file that is too large, not a file, or endlessly long is refused") {
  TempDir dir;
  // 3 MB of valid-looking YAML: refused by size before yaml-cpp reads it.
  std::string big = "name: big\nvariant: british\nplayers: 2\nsteps:\n";
  while (big.size() < 3'000'000) big += "  - do: 0 draw\n";
  const fs::path large = dir.write("large.yaml", big);
  ScenarioResult r = run_scenario_file(large.string());
  CHECK_FALSE(r.passed);
  CHECK(r.failure.find("larger than the limit") != std::string::npos);

  r = run_scenario_file(dir.path().string());
  CHECK_FALSE(r.passed);
  CHECK(r.failure.find("is a directory") != std::string::npos);

  r = run_scenario_file((dir.path() / "missing.yaml").string());
  CHECK_FALSE(r.passed);
  CHECK(r.failure.find("no such file") != std::string::npos);

  // A device that never ends is read only up to the limit.
  r = run_scenario_file("/dev/zero");
  CHECK_FALSE(r.passed);
  CHECK(r.failure.find("larger than the limit") != std::string::npos);
}

TEST_CASE("nesting too deep for yaml-cpp is refused before it parses, block or flow") {
  TempDir dir;
  // Block lists nested on one line (`- - - x`): no brackets, no indentation to count.
  std::string block = "name: deep\nvariant: british\nplayers: 2\nsteps:\n  ";
  for (int i = 0; i < 5000; ++i) block += "- ";
  block += "x\n";
  ScenarioResult r = run_scenario_file(dir.write("block.yaml", block).string());
  CHECK_FALSE(r.passed);
  CHECK(r.failure.find("nesting deeper than 64 levels") != std::string::npos);

  // Flow maps nested 100 000 deep: yaml-cpp alone would overflow the stack.
  std::string flow = "name: deep\nvariant: british\nplayers: 2\nsteps: ";
  flow += std::string(100'000, '{') + std::string(100'000, '}') + "\n";
  r = run_scenario_file(dir.write("flow.yaml", flow).string());
  CHECK_FALSE(r.passed);
  CHECK(r.failure.find("nesting deeper than 64 levels") != std::string::npos);

  // An alias cycle hidden behind tabs (the old scenario guard only looked after spaces).
  r = run_scenario_file(
      dir.write("cycle.yaml",
                "name: c\nvariant: british\nplayers: 2\nrules:\t&x {a:\t*x}\nsteps: []\n")
          .string());
  CHECK_FALSE(r.passed);
  CHECK(r.failure.find("anchors (&x) are not supported") != std::string::npos);
}

TEST_CASE("randomly damaged scenarios fail with a message or pass, never crash") {
  TempDir dir;
  Pcg32 rng(2024);
  const auto good = yaml_files(kSource / "tests" / "scenarios");
  REQUIRE(!good.empty());
  const std::string noise = "{}[]:-,#&*!|>'\"\t\n 0123456789abcxyzJQKA\xff\x01";
  int count = 0;
  for (int round = 0; round < 200; ++round) {
    std::string text = read_file(good[rng.below(static_cast<std::uint32_t>(good.size()))]);
    const int edits = 1 + static_cast<int>(rng.below(4));
    for (int k = 0; k < edits && !text.empty(); ++k) {
      const std::size_t at = rng.below(static_cast<std::uint32_t>(text.size()));
      switch (rng.below(3)) {
        case 0:
          text[at] = noise[rng.below(static_cast<std::uint32_t>(noise.size()))];
          break;
        case 1:
          text.erase(at, 1 + rng.below(8));
          break;
        default:
          text.insert(at, 1, noise[rng.below(static_cast<std::uint32_t>(noise.size()))]);
      }
    }
    const ScenarioResult r = run_scenario_file(dir.write("damaged.yaml", text).string());
    INFO(text);
    CHECK((r.passed || !r.failure.empty()));
    ++count;
  }
  CHECK(count == 200);
}

TEST_CASE("a directory run follows links, names a dangling one and reads .YAML") {
  TempDir dir;
  const std::string ok =
      "name: NAME\nvariant: british\nplayers: 2\nsteps:\n  - expect: {turn: 0}\n";
  const auto scenario = [&](const std::string& name) {
    std::string text = ok;
    text.replace(text.find("NAME"), 4, name);
    return text;
  };
  dir.write("run/ok.yaml", scenario("plain"));
  dir.write("run/UPPER.YAML", scenario("upper case"));
  // Its variant path goes from the real directory, as `..` does for the system.
  std::string linked = scenario("in a linked directory");
  linked.replace(linked.find("british"), 7, "../house.yaml");
  dir.write("elsewhere/linked.yml", linked);
  dir.write("house.yaml", "name: house\nextends: british\n");
  dir.write("target.yaml", scenario("a linked file"));
  const fs::path run = dir.path() / "run";
  fs::create_directory_symlink(dir.path() / "elsewhere", run / "linked");
  fs::create_symlink(dir.path() / "target.yaml", run / "file-link.yaml");
  fs::create_symlink(dir.path() / "missing.yaml", run / "broken.yaml");
  // A loop: walked once, not forever.
  fs::create_directory_symlink(run, run / "loop");

  std::ostringstream out;
  CHECK(run_scenarios({run.string()}, out) == 1);
  const std::string text = out.str();
  INFO(text);
  CHECK(text.find("PASS plain\n") != std::string::npos);
  CHECK(text.find("PASS upper case\n") != std::string::npos);
  CHECK(text.find("PASS in a linked directory\n") != std::string::npos);
  CHECK(text.find("PASS a linked file\n") != std::string::npos);
  CHECK(text.find("FAIL " + (run / "broken.yaml").string() + ": a symbolic link to " +
                  (dir.path() / "missing.yaml").string() + ", which does not exist\n") !=
        std::string::npos);
  CHECK(text.find("4 passed, 1 failed\n") != std::string::npos);
}
