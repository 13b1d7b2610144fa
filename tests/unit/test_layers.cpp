// The layer table of docs/architecture.md, enforced: every #include in include/ and src/ may
// reach only its own layer and the layers below it, and the private dependencies (yaml-cpp,
// muParser, CLI11, nlohmann-json) stay in the folders that own them, never in a public header.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "../common/temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

// Bottom up; a layer may include itself and those before it.
const std::vector<std::string> kLayers = {"core", "rules", "engine", "io", "agents", "apps"};

int rank_of(const std::string& layer) {
  for (std::size_t i = 0; i < kLayers.size(); ++i)
    if (kLayers[i] == layer) return static_cast<int>(i);
  return -1;
}

// The layer of a file of the tree (a path relative to the source root), or none for a file
// that belongs to no layer.
std::optional<std::string> layer_of_file(const std::string& path) {
  static const std::regex pub(R"(^include/switchcards/([a-z_]+)/)");
  static const std::regex priv(R"(^src/([a-z_]+)/)");
  std::smatch m;
  if (std::regex_search(path, m, pub)) return m[1].str();
  if (std::regex_search(path, m, priv)) return m[1].str() == "cli" ? "apps" : m[1].str();
  // The umbrella header includes every layer; version.hpp/.cpp are part of core.
  if (path == "include/switchcards/switchcards.hpp") return "apps";
  if (path == "include/switchcards/version.hpp" || path == "src/version.cpp") return "core";
  return std::nullopt;
}

// The layer a quoted include names: "switchcards/<layer>/x.hpp" or a private "<layer>/x.hpp".
std::optional<std::string> layer_of_include(const std::string& target) {
  static const std::regex pub(R"(^switchcards/([a-z_]+)/)");
  static const std::regex priv(R"(^([a-z_]+)/)");
  std::smatch m;
  if (target == "switchcards/switchcards.hpp") return "apps";
  if (target == "switchcards/version.hpp") return "core";
  if (std::regex_search(target, m, pub)) return m[1].str();
  if (std::regex_search(target, m, priv)) return m[1].str() == "cli" ? "apps" : m[1].str();
  return std::nullopt;
}

// Where each private dependency may be included (path prefixes).
const std::map<std::string, std::vector<std::string>> kPrivateDependencies = {
    {"yaml-cpp/", {"src/io/"}},
    {"muParser.h", {"src/engine/"}},
    {"CLI/", {"src/cli/"}},
    {"nlohmann/", {"src/agents/", "src/cli/", "src/io/"}},
};

struct Finding {
  std::string file;
  int line;
  std::string text;
};

std::vector<Finding> check_tree(const fs::path& root) {
  static const std::regex include_line(R"(^\s*#\s*include\s*([<"])([^">]+)[">])");
  std::vector<Finding> findings;
  for (const char* top : {"include", "src"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
      if (!entry.is_regular_file()) continue;
      const std::string ext = entry.path().extension().string();
      if (ext != ".hpp" && ext != ".cpp" && ext != ".h") continue;
      const std::string rel = fs::relative(entry.path(), root).generic_string();
      const std::optional<std::string> layer = layer_of_file(rel);
      if (!layer) {
        findings.push_back({rel, 0, "belongs to no layer of docs/architecture.md"});
        continue;
      }
      if (rank_of(*layer) < 0) {
        findings.push_back({rel, 0, "is in folder '" + *layer + "', which is not a layer"});
        continue;
      }
      std::ifstream in(entry.path());
      std::string text;
      for (int n = 1; std::getline(in, text); ++n) {
        std::smatch m;
        if (!std::regex_search(text, m, include_line)) continue;
        const std::string target = m[2].str();
        if (m[1].str() == "\"") {
          const std::optional<std::string> to = layer_of_include(target);
          if (!to || rank_of(*to) < 0)
            findings.push_back({rel, n, "includes \"" + target + "\", which is in no layer"});
          else if (rank_of(*to) > rank_of(*layer))
            findings.push_back({rel, n,
                                "(layer " + *layer + ") includes \"" + target + "\" of layer " +
                                    *to + ", above it"});
          continue;
        }
        for (const auto& [dependency, allowed] : kPrivateDependencies) {
          if (target.rfind(dependency, 0) != 0) continue;
          bool ok = false;
          for (const std::string& prefix : allowed) ok = ok || rel.rfind(prefix, 0) == 0;
          if (!ok)
            findings.push_back({rel, n, "includes <" + target + ">, private to " + allowed[0]});
        }
      }
    }
  }
  return findings;
}

}  // namespace

TEST_CASE("every #include stays within the layers below it", "[layers]") {
  const std::vector<Finding> findings = check_tree(SWITCHCARDS_SOURCE_DIR);
  for (const Finding& f : findings) UNSCOPED_INFO(f.file << ":" << f.line << ": " << f.text);
  CHECK(findings.empty());
}

TEST_CASE("the layer check finds each kind of violation", "[layers]") {
  switchcards::testing::TempDir tree;
  tree.write("include/switchcards/core/ok.hpp",
             "#include <vector>\n#include \"switchcards/core/x.hpp\"\n");
  tree.write("include/switchcards/engine/up.hpp", "#include \"switchcards/io/load_variant.hpp\"\n");
  tree.write("include/switchcards/io/public_yaml.hpp", "#include <yaml-cpp/yaml.h>\n");
  tree.write("src/engine/json.cpp", "#include <nlohmann/json.hpp>\n");
  tree.write("src/nowhere/x.cpp", "\n");
  tree.write("src/io/fine.cpp", "#include <yaml-cpp/yaml.h>\n#include \"io/yaml_documents.hpp\"\n");
  std::vector<std::string> found;
  for (const Finding& f : check_tree(tree.path()))
    found.push_back(f.file + ":" + std::to_string(f.line));
  std::sort(found.begin(), found.end());
  CHECK(found == std::vector<std::string>{"include/switchcards/engine/up.hpp:1",
                                          "include/switchcards/io/public_yaml.hpp:1",
                                          "src/engine/json.cpp:1", "src/nowhere/x.cpp:0"});
}
