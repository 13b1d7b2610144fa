// The checks every subcommand applies to its arguments before any work starts: whole numbers
// in their range, player counts in the variant's range, shards, output files that can be
// written. Each failure is a UsageError naming the flag, the value and what is allowed.
#include <fmt/core.h>
#include <unistd.h>

#include <filesystem>
#include <limits>

#include "cli/commands.hpp"
#include "io/split.hpp"
#include "io/write_file.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards::cli {

std::uint64_t parse_whole(std::string_view flag, const std::string& text, std::uint64_t min,
                          std::uint64_t max) {
  const std::string range = max == std::numeric_limits<std::uint64_t>::max()
                                ? fmt::format("a whole number from {} to {} (2^64 - 1)", min, max)
                                : fmt::format("a whole number from {} to {}", min, max);
  bool digits = !text.empty() && text.size() <= 20;
  for (char c : text) digits = digits && c >= '0' && c <= '9';
  std::uint64_t value = 0;
  bool fits = digits;
  for (std::size_t i = 0; fits && i < text.size(); ++i) {
    const std::uint64_t d = static_cast<std::uint64_t>(text[i] - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - d) / 10) fits = false;
    value = value * 10 + d;
  }
  if (!digits) throw UsageError(fmt::format("{} '{}': expected {}", flag, text, range));
  if (!fits || value < min || value > max)
    throw UsageError(fmt::format("{} {}: out of range: expected {}", flag, text, range));
  return value;
}

std::string players_range(const Variant& variant) {
  const int min = variant.deal.min_players, max = variant.deal.max_players;
  return min == max ? fmt::format("exactly {} players", min)
                    : fmt::format("{} to {} players", min, max);
}

int players_for(const Variant& variant, const CLI::Option& option, const std::string& requested) {
  const int min = variant.deal.min_players, max = variant.deal.max_players;
  if (option.count() == 0) return variant.default_players();
  bool digits = !requested.empty() && requested.size() <= 3;
  for (char c : requested) digits = digits && c >= '0' && c <= '9';
  const int n = digits ? std::stoi(requested) : -1;
  if (n < min || n > max)
    throw UsageError(fmt::format(
        "--players '{}': {} is for {}: give {}", requested, variant.name, players_range(variant),
        min == max ? std::to_string(min) : fmt::format("a number from {} to {}", min, max)));
  return n;
}

void parse_shard(const std::string& text, int& shard, int& shards) {
  const std::string usage = fmt::format(
      "--shard '{}': expected K/M, the K-th of M parts, with 1 <= K <= M <= {}, e.g. 1/4", text,
      kMaxShards);
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos || text.find('/', slash + 1) != std::string::npos)
    throw UsageError(usage);
  std::uint64_t k = 0, m = 0;
  try {
    k = parse_whole("--shard K", text.substr(0, slash), 0, kMaxShards);
    m = parse_whole("--shard M", text.substr(slash + 1), 0, kMaxShards);
  } catch (const UsageError&) {
    throw UsageError(usage);
  }
  if (k < 1 || m < 1 || k > m) throw UsageError(usage);
  shard = static_cast<int>(k);
  shards = static_cast<int>(m);
}

std::vector<std::string> split_commas(const std::string& s) {
  return detail::split(s, ',');
}

void check_agents_fit(const std::string& agents, std::size_t named, int seats) {
  if (named > static_cast<std::size_t>(seats))
    throw UsageError(
        fmt::format("--agents {}: {} agents for {} seats: name one agent a seat, or "
                    "fewer, which are repeated to fill the seats",
                    agents, named, seats));
}

void check_output_file(std::string_view flag, const std::string& path) {
  if (path == "-") return;
  if (path.empty()) throw UsageError(fmt::format("{} '': expected a file name", flag));
  if (const std::string problem = detail::output_file_problem(path); !problem.empty())
    throw UsageError(fmt::format("{} {}: {}", flag, path, problem));
}

InputFile variant_input(std::string what, const std::string& name_or_path) {
  return {std::move(what), is_variant_path(name_or_path) ? name_or_path : std::string()};
}

void check_distinct_outputs(std::initializer_list<OutputOption> outputs,
                            const std::vector<InputFile>& inputs) {
  namespace fs = std::filesystem;
  // The file a path names, "." and ".." and symbolic links resolved, also a link to a file not
  // yet written (weakly_canonical stops at the first part that does not exist).
  const auto resolved = [](const std::string& path) {
    std::error_code ec;
    fs::path p = fs::absolute(path, ec);
    for (int links = 0; links < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++links) {
      const fs::path target = fs::read_symlink(p, ec);
      if (ec) break;
      p = target.is_absolute() ? target : p.parent_path() / target;
    }
    const fs::path canonical = fs::weakly_canonical(p, ec);
    return ec ? p.lexically_normal() : canonical;
  };
  // Two outputs on one device (/dev/null) lose nothing; on one file, the second overwrites.
  const auto one_file = [&](const std::string& a, const std::string& b) {
    std::error_code ec;
    const fs::file_status status = fs::status(a, ec);
    if (fs::exists(status) && !fs::is_regular_file(status)) return false;
    if (fs::exists(status) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
    return resolved(a) == resolved(b);
  };
  for (auto i = outputs.begin(); i != outputs.end(); ++i) {
    if (i->path.empty()) continue;
    for (auto j = outputs.begin(); j != i; ++j) {
      if (j->path.empty()) continue;
      if (i->path == "-" && j->path == "-")
        throw UsageError(fmt::format("{} - and {} -: only one output can go to standard output",
                                     j->flag, i->flag));
      if (i->path != "-" && j->path != "-" && one_file(j->path, i->path))
        throw UsageError(
            fmt::format("{} {} and {} {}: the same file; give each output a file of its own",
                        j->flag, j->path, i->flag, i->path));
    }
    // An output that does not exist yet cannot be a file read; one that does is compared by
    // identity (links included) with each input that exists.
    if (i->path.empty() || i->path == "-") continue;
    for (const InputFile& in : inputs) {
      std::error_code ec;
      if (!in.path.empty() && fs::is_regular_file(in.path, ec) &&
          fs::equivalent(in.path, i->path, ec) && !ec)
        throw UsageError(
            fmt::format("{} {}: that is {} {}, which this command reads; write to another file",
                        i->flag, i->path, in.what, in.path));
    }
  }
}

}  // namespace switchcards::cli
