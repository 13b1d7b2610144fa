// Paired comparisons; see include/switchcards/agents/compare.hpp and docs/studies.md.
#include "switchcards/agents/compare.hpp"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>

#include "agents/game_player.hpp"
#include "agents/simulation_json.hpp"
#include "switchcards/io/variant_fingerprint.hpp"

namespace switchcards {

namespace {

using detail::json_value_text;
using detail::JsonAt;

__extension__ typedef unsigned __int128 Uint128;

// A whole number that may be negative (a paired sum of differences).
std::int64_t signed_whole(const JsonAt& at) {
  return at.integer(std::numeric_limits<std::int64_t>::min(),
                    std::numeric_limits<std::int64_t>::max());
}

constexpr const char* kComparisonFormat = "switchcards-comparison/1";

// z for a two-sided 95% interval, and for 80% power (one-sided 0.8 quantile of the normal).
constexpr double kZ95 = 1.96;
constexpr double kZ80 = 0.84;

// Adds one pair of games to the measures, in the order of paired_measures.
void add_pair(std::vector<PairedMeasure>& m, const detail::GameOutcome& a,
              const detail::GameOutcome& b, int players, GameKind kind) {
  std::size_t i = 0;
  const auto won_place = [&](const detail::GameOutcome& o, int k) -> std::int64_t {
    return o.winner >= 0 && detail::place_of(o.winner, o.first, players, o.direction) == k;
  };
  m[i++].sums.add(won_place(a, 0), won_place(b, 0));
  for (int k = 1; k < players; ++k)
    m[i++].sums.add(won_place(a, k) - won_place(a, 0), won_place(b, k) - won_place(b, 0));
  const auto dealer_won = [&](const detail::GameOutcome& o) -> std::int64_t {
    return o.winner >= 0 && o.winner == o.dealer;
  };
  m[i++].sums.add(dealer_won(a), dealer_won(b));
  const auto i64 = [](std::uint64_t x) { return static_cast<std::int64_t>(x); };
  m[i++].sums.add(i64(a.decisions), i64(b.decisions));
  m[i++].sums.add(i64(a.stalemates), i64(b.stalemates));
  m[i++].sums.add(i64(a.penalty_cards), i64(b.penalty_cards));
  m[i++].sums.add(i64(a.specials), i64(b.specials));
  if (kind == GameKind::round) {
    m[i++].sums.add(i64(a.lead_changes), i64(b.lead_changes));
    // Pairs in which both rounds were won and had a leader at mid-round.
    PairedSums& decisive = m[i++].sums;
    if (a.winner >= 0 && a.mid_leader >= 0 && b.winner >= 0 && b.mid_leader >= 0)
      decisive.add(a.mid_leader == a.winner, b.mid_leader == b.winner);
  } else {
    m[i++].sums.add(i64(a.rounds), i64(b.rounds));
    PairedSums& margin = m[i++].sums;
    if (a.margin >= 0 && b.margin >= 0) margin.add(a.margin, b.margin);
  }
}

nlohmann::ordered_json measure_json(const PairedMeasure& m) {
  const PairedDifference d = paired_difference(m.sums);
  nlohmann::ordered_json j;
  j["key"] = m.key;
  j["label"] = m.label;
  j["rate"] = m.rate;
  j["n"] = m.sums.n;
  j["sum_a"] = m.sums.sum_a;
  j["sum_b"] = m.sums.sum_b;
  j["sum_d2"] = m.sums.sum_d2;
  // No pair measured (no round won with a mid-round leader, say): no mean, as no interval.
  const auto mean = [&](double value) {
    return d.n > 0 ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
  };
  j["mean_a"] = mean(d.mean_a);
  j["mean_b"] = mean(d.mean_b);
  j["difference"] = mean(d.diff);
  if (d.sd) {
    j["sd_difference"] = *d.sd;
    j["ci95"] = nlohmann::ordered_json::array({*d.low, *d.high});
  } else {
    j["sd_difference"] = nullptr;
    j["ci95"] = nullptr;
  }
  j["distinguishable_from_zero"] = d.resolved;
  if (d.games_needed)
    j["games_needed"] = *d.games_needed;
  else
    j["games_needed"] = nullptr;
  return j;
}

// Whether the two sides of a comparison played the same games: the same indices of the same
// study (seed, game count, shard), with the same seats and agents.
bool same_games(const ShardResults& a, const ShardResults& b) {
  const SimulationConfig &x = a.config, &y = b.config;
  return x.seed == y.seed && x.games == y.games && x.shard == y.shard && x.shards == y.shards &&
         a.first_game == b.first_game && a.end_game == b.end_game && x.kind == y.kind &&
         x.players == y.players && x.agents == y.agents &&
         (x.kind == GameKind::round || x.max_match_rounds == y.max_match_rounds);
}

// "games 10..20 of 30 from seed 1, rounds of 4 players (heuristic, random, heuristic, random)".
std::string games_text(const ShardResults& r) {
  const SimulationConfig& c = r.config;
  std::string agents;
  for (const std::string& agent : c.agents) agents += (agents.empty() ? "" : ", ") + agent;
  const std::string kind = c.kind == GameKind::round
                               ? std::string("rounds")
                               : fmt::format("matches of at most {} rounds", c.max_match_rounds);
  return fmt::format("games {}..{} of {} from seed {}{}, {} of {} players ({})", r.first_game,
                     r.end_game, c.games, c.seed,
                     c.shards > 1 ? fmt::format(" (shard {}/{})", c.shard, c.shards) : "", kind,
                     c.players, agents);
}

}  // namespace

std::vector<PairedMeasure> paired_measures(int players, GameKind kind) {
  std::vector<PairedMeasure> m;
  const bool rounds = kind == GameKind::round;
  const auto add = [&](std::string key, std::string label, bool rate = false) {
    m.push_back(PairedMeasure{std::move(key), std::move(label), rate, {}});
  };
  add("first_player_win", "first player's win rate", true);
  for (int k = 1; k < players; ++k)
    add(fmt::format("place_{}_minus_first", k + 1),
        fmt::format("{} minus first (win rate)", place_name(k, false)), true);
  add("dealer_win", "dealer's win rate", true);
  add("decisions", rounds ? "round length (decisions)" : "decisions a match");
  // A round stalls or not; a match may stall in several of its rounds.
  add("stalemates", rounds ? "stalemate rate" : "stalemates a match", rounds);
  add("penalty_cards", rounds ? "penalty cards drawn a round" : "penalty cards drawn a match");
  add("specials", rounds ? "special-card effects a round" : "special-card effects a match");
  if (rounds) {
    add("lead_changes", "lead changes a round");
    add("mid_leader_win", "mid-round leader wins (rate)", true);
  } else {
    add("match_rounds", "match length (rounds)");
    add("winner_margin", "winner's final margin (points)");
  }
  return m;
}

// The table: t(0.975, df) to 17 digits for df 1 to 30, computed with mpmath from the regularised
// incomplete beta function. Above, the Cornish-Fisher expansion of t in powers of 1/df
// (Abramowitz and Stegun 26.7.5), whose error at df 31 is under 3e-8 and falls as df^-5.
double student_t95(std::uint64_t df) {
  static constexpr double kExact[30] = {
      12.706204736174705, 4.3026527297494639, 3.1824463052837096, 2.7764451051977944,
      2.5705818356363155, 2.4469118511449700, 2.3646242515927853, 2.3060041352041667,
      2.2621571627982055, 2.2281388519862747, 2.2009851600916399, 2.1788128296672289,
      2.1603686564627925, 2.1447866879178038, 2.1314495455597757, 2.1199052992212547,
      2.1098155778333171, 2.1009220402410385, 2.0930240544083098, 2.0859634472658648,
      2.0796138447276804, 2.0738730679040262, 2.0686576104190487, 2.0638985616280258,
      2.0595385527532977, 2.0555294386428732, 2.0518305164802856, 2.0484071417952452,
      2.0452296421327043, 2.0422724563012383};
  constexpr double z = 1.9599639845400542;  // the normal 0.975 quantile
  if (df == 0) return std::numeric_limits<double>::infinity();
  if (df <= 30) return kZ95 + (kExact[df - 1] - z);
  const double v = static_cast<double>(df);
  const double z2 = z * z;
  const double g1 = (z2 + 1) * z / 4;
  const double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
  const double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
  const double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
  return kZ95 + (((g4 / v + g3) / v + g2) / v + g1) / v;
}

PairedDifference paired_difference(const PairedSums& s) {
  PairedDifference d;
  d.n = s.n;
  if (s.n == 0) return d;
  const long double n = static_cast<long double>(s.n);
  const long double sum_d = static_cast<long double>(s.sum_b) - static_cast<long double>(s.sum_a);
  d.mean_a = static_cast<double>(static_cast<long double>(s.sum_a) / n);
  d.mean_b = static_cast<double>(static_cast<long double>(s.sum_b) / n);
  d.diff = static_cast<double>(sum_d / n);
  if (s.n < 2) return d;  // one pair: no spread, so no interval
  const long double ss = static_cast<long double>(s.sum_d2) - sum_d * sum_d / n;
  const double sd = static_cast<double>(std::sqrt(std::max<long double>(0, ss / (n - 1))));
  const double half = student_t95(s.n - 1) * sd / std::sqrt(static_cast<double>(s.n));
  d.sd = sd;
  d.low = d.diff - half;
  d.high = d.diff + half;
  d.resolved = *d.low > 0 || *d.high < 0;
  if (d.diff != 0) {
    // The least m with m >= (t(m - 1) + kZ80)^2 s^2 / d^2: the interval of a study of m pairs
    // uses t with m - 1 degrees of freedom. The right side falls as m grows, so the search
    // starts at the normal value (its limit) and climbs; it ends within a few steps, since the
    // t quantile adds about 2.4 / m to 1.96, that is about 1.7 pairs at any large m.
    const double ratio = sd * sd / (d.diff * d.diff);
    const auto needed = [&](std::uint64_t m) {
      const double q = student_t95(m < 2 ? 1 : m - 1) + kZ80;
      return std::ceil(q * q * ratio);
    };
    const double z = kZ95 + kZ80;
    // Two pairs at least: fewer have no interval. Differences that all agree (s = 0) would
    // otherwise need 0 pairs.
    double m = std::max(2.0, std::ceil(z * z * ratio));
    // Past 2^52 a double no longer counts by ones, and the t quantile's excess (under 1e-15) no
    // longer moves the count: the normal value is kept.
    if (m < 0x1p52)
      while (needed(static_cast<std::uint64_t>(m)) > m) m += 1;
    d.games_needed = static_cast<std::uint64_t>(std::min(m, 1.8e19));
  }
  return d;
}

ComparisonResults compare(const Variant& a, const Variant& b, const SimulationConfig& config,
                          const std::string& a_name, const std::string& a_rules,
                          const std::string& b_name, const std::string& b_rules,
                          const SimulationProgress& progress) {
  detail::check_config(a, config);
  detail::check_config(b, config);
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t first = config.first_game(), end = config.end_game();
  const Engine engine_a(a), engine_b(b);
  const int threads = detail::study_threads(config.threads, end - first);

  struct Partial {
    SimulationStats a, b;
    std::vector<PairedMeasure> measures;
  };
  std::vector<Partial> partial(static_cast<std::size_t>(threads));
  for (Partial& p : partial) p.measures = paired_measures(config.players, config.kind);
  SimulationConfig plain = config;
  plain.record = 0;
  detail::run_games(first, end, threads, progress, [&](int t, const std::atomic<bool>& stop) {
    Partial& p = partial[t];
    auto pa = std::make_shared<detail::GamePlayer>(a, engine_a, plain, p.a, &stop);
    auto pb = std::make_shared<detail::GamePlayer>(b, engine_b, plain, p.b, &stop);
    return [&p, &plain, pa, pb](std::uint64_t game) {
      const detail::GameOutcome oa = pa->play(game, nullptr);
      const detail::GameOutcome ob = pb->play(game, nullptr);
      add_pair(p.measures, oa, ob, plain.players, plain.kind);
    };
  });

  SimulationResult ra, rb;
  ra.config = rb.config = config;
  ra.first_game = rb.first_game = first;
  ra.end_game = rb.end_game = end;
  ra.variant_fingerprint = variant_fingerprint(a);
  rb.variant_fingerprint = variant_fingerprint(b);
  for (SimulationStats* s : {&ra.stats, &rb.stats}) {
    s->wins.assign(static_cast<std::size_t>(config.players), 0);
    s->losses.assign(static_cast<std::size_t>(config.players), 0);
    s->wins_from_first.assign(static_cast<std::size_t>(config.players), 0);
    s->wins_from_dealer.assign(static_cast<std::size_t>(config.players), 0);
  }
  ComparisonResults out;
  out.measures = paired_measures(config.players, config.kind);
  for (const Partial& p : partial) {
    ra.stats.add(p.a);
    rb.stats.add(p.b);
    for (std::size_t i = 0; i < out.measures.size(); ++i)
      out.measures[i].sums.add(p.measures[i].sums);
  }
  out.a = shard_results(ra, a_name, a_rules, a.title.empty() ? a.name : a.title);
  out.b = shard_results(rb, b_name, b_rules, b.title.empty() ? b.name : b.title);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::string to_json(const ComparisonResults& r) {
  nlohmann::ordered_json j;
  j["format"] = kComparisonFormat;
  j["pairing"] = "game i of a and of b are played from derive_seed(seed, i); differences are b - a";
  j["places"] = "counted in the order of play from the first player to act at the deal";
  nlohmann::ordered_json measures = nlohmann::ordered_json::array();
  for (const PairedMeasure& m : r.measures) measures.push_back(measure_json(m));
  j["paired"] = measures;
  j["a"] = detail::results_json(r.a);
  j["b"] = detail::results_json(r.b);
  return j.dump(2);
}

namespace {

// Checks the sums of measure `m` (read at `at`) against what its two sides' own statistics
// say of the same games: a measure that adds every pair has one pair a game; a sum that is a
// side's statistic (wins from first place, decisions, ...) equals it; and the sum of squared
// differences fits the sums (each difference d is a whole number, so d * d >= |d| and d * d
// has the parity of d, and sum_d2 >= (sum_b - sum_a)^2 / n), with d in -1..1 where both sides
// count 0 or 1 a game. A file edited by hand (or a merge of such files) would otherwise give a
// win rate past 100% or an interval narrower than the games allow.
void check_paired_sums(const JsonAt& at, const PairedMeasure& m, const ShardResults& a,
                       const ShardResults& b) {
  const PairedSums& s = m.sums;
  const std::uint64_t games = a.stats.games;
  const bool rounds = a.config.kind == GameKind::round;
  // The side statistic that sum_a (sum_b) must equal, if the measure is one; its pairs are
  // every game unless `some_games`; `zero_one`: each game counts 0 or 1.
  std::optional<std::int64_t> stat_a, stat_b;
  bool some_games = false, zero_one = false;
  const auto both = [&](auto of) {
    stat_a = static_cast<std::int64_t>(of(a));
    stat_b = static_cast<std::int64_t>(of(b));
  };
  const auto v3 = a.format_version >= 3 && b.format_version >= 3;  // penalty cards and lead
  if (m.key == "first_player_win") {
    both([](const ShardResults& r) { return r.stats.wins_from_first[0]; });
    zero_one = true;
  } else if (m.key.starts_with("place_")) {
    const std::size_t k = m.key[6] - '1';  // "place_K_minus_first", K from 2 to 8
    both([k](const ShardResults& r) {
      return static_cast<std::int64_t>(r.stats.wins_from_first[k]) -
             static_cast<std::int64_t>(r.stats.wins_from_first[0]);
    });
  } else if (m.key == "dealer_win") {
    both([](const ShardResults& r) { return r.stats.wins_from_dealer[0]; });
    zero_one = true;
  } else if (m.key == "decisions") {
    both([](const ShardResults& r) { return r.stats.decisions; });
  } else if (m.key == "stalemates") {
    both([](const ShardResults& r) { return r.stats.stalemates; });
    zero_one = rounds;
  } else if (m.key == "penalty_cards") {
    if (v3) both([](const ShardResults& r) { return r.stats.penalty_cards; });
  } else if (m.key == "specials") {
    both([](const ShardResults& r) { return detail::special_effects(r.stats); });
  } else if (m.key == "lead_changes") {
    if (v3) both([](const ShardResults& r) { return r.stats.lead_changes; });
  } else if (m.key == "match_rounds") {
    both([](const ShardResults& r) { return r.stats.rounds; });
  } else if (m.key == "mid_leader_win") {
    some_games = zero_one = true;
  } else {  // winner_margin
    some_games = true;
  }
  if (some_games ? s.n > games : s.n != games)
    at["n"].fail(some_games
                     ? fmt::format("expected at most {} pairs (one a game), got {}", games, s.n)
                     : fmt::format("expected {} pairs, one a game, got {}", games, s.n));
  if (m.key == "mid_leader_win" && v3) {
    // Pairs in which both rounds had a mid-round leader and were won, and the wins among them.
    const std::uint64_t both_led = std::min(a.stats.mid_leader_rounds, b.stats.mid_leader_rounds);
    if (s.n > both_led)
      at["n"].fail(
          fmt::format("expected at most {} pairs (the rounds with a mid-round leader "
                      "of the side with fewer), got {}",
                      both_led, s.n));
    if (s.sum_a < 0 || static_cast<std::uint64_t>(s.sum_a) > a.stats.mid_leader_wins)
      at["sum_a"].fail(fmt::format("expected 0 to {} (side a's mid-round leader wins), got {}",
                                   a.stats.mid_leader_wins, s.sum_a));
    if (s.sum_b < 0 || static_cast<std::uint64_t>(s.sum_b) > b.stats.mid_leader_wins)
      at["sum_b"].fail(fmt::format("expected 0 to {} (side b's mid-round leader wins), got {}",
                                   b.stats.mid_leader_wins, s.sum_b));
  }
  if (stat_a && s.sum_a != *stat_a)
    at["sum_a"].fail(
        fmt::format("expected {}, as side a's own counts give, got {}", *stat_a, s.sum_a));
  if (stat_b && s.sum_b != *stat_b)
    at["sum_b"].fail(
        fmt::format("expected {}, as side b's own counts give, got {}", *stat_b, s.sum_b));
  if (zero_one || !m.key.starts_with("place_"))
    for (const auto& [key, sum] : {std::pair{"sum_a", s.sum_a}, std::pair{"sum_b", s.sum_b}})
      if (sum < 0 || (zero_one && static_cast<std::uint64_t>(sum) > s.n))
        at[key].fail(zero_one ? fmt::format("expected 0 to n ({}), got {}", s.n, sum)
                              : fmt::format("expected a count of 0 or more, got {}", sum));
  // (b - a)^2 summed: at least |sum_b - sum_a| with its parity, at least (sum_b - sum_a)^2 / n,
  // and at most n where every difference is -1, 0 or 1.
  // Unsigned 128 bits: |sum_b - sum_a| < 2^64, so its square fits, as does sum_d2 * n.
  const Uint128 abs_d = s.sum_b >= s.sum_a
                            ? static_cast<Uint128>(s.sum_b) - static_cast<Uint128>(s.sum_a)
                            : static_cast<Uint128>(s.sum_a) - static_cast<Uint128>(s.sum_b);
  const Uint128 d2 = s.sum_d2, n = s.n;
  const bool fits = n == 0 ? abs_d == 0 && d2 == 0
                           : d2 >= abs_d && (d2 - abs_d) % 2 == 0 && d2 * n >= abs_d * abs_d &&
                                 (!zero_one || d2 <= n);
  if (!fits)
    at["sum_d2"].fail(
        fmt::format("{} cannot be the sum of the {} squared differences of sums {} (a) and {} (b)",
                    s.sum_d2, s.n, s.sum_a, s.sum_b));
}

}  // namespace

ComparisonResults comparison_from_json(std::string_view text, const std::string& file) {
  const detail::Json j = detail::parse_json_document(text, file, kComparisonFormat, "comparison");
  const JsonAt doc(j, file);
  ComparisonResults r;
  r.a = detail::results_from_json(doc["a"]);
  r.b = detail::results_from_json(doc["b"]);
  r.measures = paired_measures(r.a.config.players, r.a.config.kind);
  const std::vector<JsonAt> list = doc["paired"].elements(
      r.measures.size(), fmt::format("the measures of a {}-player study", r.a.config.players));
  for (std::size_t i = 0; i < r.measures.size(); ++i) {
    const JsonAt& m = list[i];
    if (m["key"].string() != r.measures[i].key)
      m["key"].fail(fmt::format("expected \"{}\", got {}", r.measures[i].key,
                                json_value_text(m["key"].value())));
    PairedSums& s = r.measures[i].sums;
    s.n = m["n"].whole();
    s.sum_a = signed_whole(m["sum_a"]);
    s.sum_b = signed_whole(m["sum_b"]);
    s.sum_d2 = m["sum_d2"].whole();
  }
  // The sums are checked against the sides only if the sides played the same games (merge
  // refuses a file whose sides did not, with its own message).
  if (same_games(r.a, r.b) && r.a.stats.games == r.b.stats.games)
    for (std::size_t i = 0; i < r.measures.size(); ++i)
      check_paired_sums(list[i], r.measures[i], r.a, r.b);
  return r;
}

ComparisonResults merge_comparisons(std::vector<ComparisonResults> parts,
                                    const std::vector<std::string>& files) {
  if (parts.empty()) throw std::runtime_error("merge: no files");
  // The paired sums of a file hold only if its two sides played the same games: each side alone
  // would merge (every side a's shards of one study, every side b's of one), and so would a
  // file whose b is another shard than its a, or of another seed.
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (!same_games(parts[i].a, parts[i].b))
      throw std::runtime_error(
          fmt::format("merge: {}: its sides a and b did not play the same games (a: {}; b: {}); a "
                      "comparison plays game i of both from the same seed",
                      files[i], games_text(parts[i].a), games_text(parts[i].b)));
  std::vector<ShardResults> a, b;
  std::vector<std::string> files_a, files_b;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    a.push_back(parts[i].a);
    b.push_back(parts[i].b);
    files_a.push_back(files[i] + " (a)");
    files_b.push_back(files[i] + " (b)");
  }
  // Each side merges as a simulation does (same study, no overlap, no gap); the pairs are sums.
  ComparisonResults out;
  out.a = merge_shards(std::move(a), files_a);
  out.b = merge_shards(std::move(b), files_b);
  out.measures = paired_measures(out.a.config.players, out.a.config.kind);
  for (const ComparisonResults& p : parts)
    for (std::size_t i = 0; i < out.measures.size(); ++i)
      out.measures[i].sums.add(p.measures[i].sums);
  return out;
}

}  // namespace switchcards
