// The catalogue of broken variant files (tests/bad-variants/*.yaml): each must be refused with a
// LoadError naming the file, the position and the expected text, which the file's first line
// states: `# expect: [LINE:COL: ]text`. A second line `# file: PATH` names the file the error is
// in when it is another one (a base the file extends, the far end of a cycle). Plus inputs too
// large to commit, and random damage to the built-in variants: the loader must never crash.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../common/temp_dir.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;
namespace fs = std::filesystem;
using switchcards::testing::TempDir;

namespace {

const fs::path kBadVariants = fs::path(SWITCHCARDS_SOURCE_DIR) / "tests" / "bad-variants";

struct Expectation {
  std::string position;  // "LINE:COL" or ""
  std::string text;
  fs::path file;  // the file the error must name
  // `# also: LINE:COL: text` lines: further errors the same load must report, after the first
  // and in this order (the loader reports every error it finds, in file order).
  std::vector<std::string> also;
};

Expectation read_expectation(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string first, second;
  std::getline(in, first);
  std::getline(in, second);
  static const std::regex kExpect(R"(^# expect: (?:(\d+:\d+): )?(.+)$)");
  static const std::regex kFile(R"(^# file: (\S+).*$)");
  std::smatch m;
  Expectation out;
  out.file = path;
  if (!std::regex_match(first, m, kExpect)) FAIL(path << ": first line is not `# expect: ...`");
  out.position = m[1];
  out.text = m[2];
  if (std::regex_match(second, m, kFile)) out.file = kBadVariants / std::string(m[1]);
  static const std::regex kAlso(R"(^# also: (.+)$)");
  for (std::string line = second; std::regex_match(line, m, kAlso) || line == second;) {
    if (std::regex_match(line, m, kAlso)) out.also.push_back(m[1]);
    if (!std::getline(in, line)) break;
  }
  return out;
}

std::string error_of(const std::string& path) {
  try {
    load_variant(path);
  } catch (const LoadError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("not a LoadError: ") + e.what();
  }
  return "(loaded without an error)";
}

}  // namespace

TEST_CASE("every bad variant is refused with its expected message", "[load_variant][bad]") {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kBadVariants))
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  CHECK(files.size() >= 30);
  for (const fs::path& path : files) {
    const Expectation expect = read_expectation(path);
    const std::string message = error_of(path.string());
    INFO(path.filename().string() << "\n  message:  " << message
                                  << "\n  expected: " << expect.position << " " << expect.text);
    CHECK_THAT(message, Catch::StartsWith(expect.file.lexically_normal().string()));
    CHECK_THAT(message, Catch::Contains(expect.file.filename().string()));
    if (!expect.position.empty())
      CHECK_THAT(message,
                 Catch::Contains(expect.file.filename().string() + ":" + expect.position + ": "));
    CHECK_THAT(message, Catch::Contains(expect.text));
    std::size_t at = message.find(expect.text);
    for (const std::string& also : expect.also) {
      INFO("also: " << also);
      const std::size_t next = at == std::string::npos ? at : message.find(also, at);
      CHECK(next != std::string::npos);  // present, after the previous one
      at = next;
    }
  }
}

TEST_CASE("files over 1 MiB are refused before parsing", "[load_variant][bad]") {
  TempDir dir;
  const fs::path big = dir.path() / "big.yaml";
  {
    // A valid-looking variant with several MB of description.
    std::ofstream out(big, std::ios::binary);
    out << "name: big\ndescription: >-\n";
    const std::string line = "  " + std::string(98, 'x') + "\n";
    for (int i = 0; i < 40000; ++i) out << line;
  }
  REQUIRE(fs::file_size(big) > 3'000'000);
  const std::string message = error_of(big.string());
  CHECK_THAT(message, Catch::StartsWith(big.string() + ": "));
  CHECK_THAT(message, Catch::Contains("larger than the limit of 1048576 bytes"));

  const std::string text = "name: big\ndescription: " + std::string(2 << 20, 'y') + "\n";
  try {
    load_variant_from_string(text, "big-string");
    FAIL("loaded");
  } catch (const LoadError& e) {
    CHECK_THAT(e.what(), Catch::Contains("big-string: "));
    CHECK_THAT(e.what(), Catch::Contains("larger than the limit"));
  }
  if (fs::exists("/dev/zero"))
    CHECK_THAT(error_of("/dev/zero"), Catch::Contains("larger than the limit"));
  CHECK_THAT(error_of(dir.path().string() + "/"), Catch::Contains("is a directory"));
}

TEST_CASE("random damage to the built-in variants never crashes the loader",
          "[load_variant][bad][fuzz]") {
  std::mt19937 rng(20240611);
  const std::string alphabet = "{}[]:,-#&*!'\"\n \t|>?%@`~0123456789abcdefJQKA\x01\xff\xc3";
  int loaded = 0, refused = 0;
  for (const std::string& name : builtin_variant_names()) {
    const std::string original(builtin_variant_text(name));
    for (int round = 0; round < 300; ++round) {
      std::string text = original;
      const int edits = 1 + static_cast<int>(rng() % 8);
      for (int k = 0; k < edits && !text.empty(); ++k) {
        const std::size_t at = rng() % text.size();
        switch (rng() % 4) {
          case 0:
            text[at] = alphabet[rng() % alphabet.size()];
            break;
          case 1:
            text.insert(at, 1, alphabet[rng() % alphabet.size()]);
            break;
          case 2:
            text.erase(at, 1 + rng() % 20);
            break;
          default:
            text.insert(at, text.substr(rng() % text.size(), rng() % 40));
        }
      }
      INFO(name << ", round " << round << ":\n" << text);
      try {
        load_variant_from_string(text, "damaged");
        ++loaded;
      } catch (const LoadError& e) {
        ++refused;
        // The damaged file, or a line of the built-in base it extends where the damaged
        // overrides leave that base inconsistent; a deck cut under the base's selectors (7..A
        // under british's 2s) is named too, where the damaged file cut it.
        const std::string message = e.what();
        CHECK_THAT(message, Catch::StartsWith("damaged") || Catch::StartsWith("built-in:"));
        if (message.rfind("built-in:", 0) == 0 &&
            message.find("matches no card of the deck") != std::string::npos)
          CHECK_THAT(message, Catch::Contains("is set at damaged:"));
      }
    }
  }
  CHECK(loaded + refused == 300 * static_cast<int>(builtin_variant_names().size()));
  CHECK(refused > 0);
}
