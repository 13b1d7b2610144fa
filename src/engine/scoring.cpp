// Hand scoring: the structured rules in exact fractions, and `scoring.formula` through
// muparser. muparser is private to this file: one parser per thread and formula text, cached
// (a muparser parser must not be shared between threads, and parsing is far slower than
// evaluating the bytecode it produces).
#include "switchcards/engine/scoring.hpp"

#include <fmt/format.h>
#include <muParser.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace switchcards {

namespace {

// ---- exact fractions ----------------------------------------------------------------------

__extension__ typedef __int128 Int128;  // __extension__: g++'s 128-bit integer under -Wpedantic

Int128 abs128(Int128 v) {
  return v < 0 ? -v : v;
}

Int128 gcd128(Int128 a, Int128 b) {
  a = abs128(a);
  b = abs128(b);
  while (b != 0) {
    const Int128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// Reads a factor as the fraction it was written as: an integer exactly, otherwise the first
// continued-fraction convergent within 1e-12 relative error (so 0.5 is 1/2, 1.1 is 11/10,
// 0.3333333333333333 is 1/3 and 0.333333 is 333333/1000000), denominators up to 10^6.
// Returns false when there is no such fraction (the caller then computes in floating point).
bool to_fraction(double x, std::int64_t& num, std::int64_t& den) {
  if (!std::isfinite(x) || std::fabs(x) > 1e15) return false;
  if (x == std::floor(x)) {
    num = static_cast<std::int64_t>(x);
    den = 1;
    return true;
  }
  const double v = std::fabs(x);
  std::int64_t h0 = 0, h1 = 1, k0 = 1, k1 = 0;
  double r = v;
  for (int i = 0; i < 64; ++i) {
    const double a = std::floor(r);
    if (a > 1e15) return false;
    const auto ai = static_cast<std::int64_t>(a);
    const std::int64_t h2 = ai * h1 + h0;
    const std::int64_t k2 = ai * k1 + k0;
    if (k2 > 1'000'000) return false;
    h0 = h1, h1 = h2, k0 = k1, k1 = k2;
    if (std::fabs(static_cast<double>(h1) / static_cast<double>(k1) - v) <= 1e-12 * v) {
      num = x < 0 ? -h1 : h1;
      den = k1;
      return true;
    }
    const double frac = r - a;
    if (frac <= 0) return false;
    r = 1 / frac;
  }
  return false;
}

// Whether `x` fits 64 bits: the usual hand's fraction, divided without libgcc's 128-bit
// division (which costs about a hundred instructions a call).
bool fits64(Int128 x) {
  return x >= std::numeric_limits<std::int64_t>::min() &&
         x <= std::numeric_limits<std::int64_t>::max();
}

// num/den (den > 0) rounded by the rule, clamped to the hand score range. Written with the
// remainder so that nothing overflows whatever the magnitudes.
int round_fraction(Int128 num, Int128 den, Rounding rounding) {
  Int128 q, r;
  if (fits64(num) && fits64(den)) {
    const auto n = static_cast<std::int64_t>(num), d = static_cast<std::int64_t>(den);
    q = n / d;  // den > 0, so no INT64_MIN / -1
    r = n % d;
  } else {
    q = num / den;
    r = num % den;
  }
  if (r < 0) --q, r += den;  // now q = floor(num / den) and 0 <= r < den
  switch (rounding) {
    case Rounding::down:
      break;
    case Rounding::up:
      if (r != 0) ++q;
      break;
    case Rounding::nearest:  // halves go up (towards +infinity)
      if (r >= den - r) ++q;
      break;
  }
  return static_cast<int>(std::clamp<Int128>(q, -kMaxHandScore, kMaxHandScore));
}

// A floating value rounded by the rule. A value within 1e-9 * max(1, |v|) of an integer or a
// half is taken to be exactly that (absolute below 1: near 0 binary error is absolute, as in
// total * 0.1 - 0.3 on a 3), so binary floating error never moves a score across a
// rounding boundary. Non-finite values are clamped: +inf and NaN to the maximum, -inf to the
// minimum.
int round_double(double v, Rounding rounding) {
  if (std::isnan(v) || v >= kMaxHandScore) return kMaxHandScore;
  if (v <= -kMaxHandScore) return -kMaxHandScore;
  const double half = std::floor(v * 2 + 0.5) / 2;
  if (std::fabs(v - half) <= 1e-9 * std::max(1.0, std::fabs(v))) v = half;
  switch (rounding) {
    case Rounding::down:
      return static_cast<int>(std::floor(v));
    case Rounding::up:
      return static_cast<int>(std::ceil(v));
    case Rounding::nearest:
      return static_cast<int>(std::floor(v + 0.5));
  }
  return 0;
}

// ---- formulas -----------------------------------------------------------------------------

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  });
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The values a formula sees for one hand.
struct FormulaInputs {
  double total = 0, cards = 0, pairs = 0;
  std::array<double, kRankCount> counts{};  // by Rank
};

// muparser builds some function-local statics (its error messages) on first use. C++ makes
// that thread-safe, but the check is compiled into the uninstrumented library, so
// ThreadSanitizer cannot see it; building them once under call_once makes the ordering
// visible (and costs one parse per process).
void warm_up_muparser() {
  static std::once_flag once;
  std::call_once(once, [] {
    try {
      mu::Parser p;
      p.SetExpr("1 +");
      p.Eval();
    } catch (...) {
    }
  });
}

// A parsed formula with the variables it is bound to. Not copyable or movable: muparser holds
// the addresses of the variables and of the object itself (for count()).
class CompiledFormula {
 public:
  explicit CompiledFormula(std::string text) : text_(std::move(text)) { compile(); }
  static std::unique_ptr<CompiledFormula> make(std::string text) {
    warm_up_muparser();  // before the mu::Parser member is constructed
    return std::make_unique<CompiledFormula>(std::move(text));
  }
  CompiledFormula(const CompiledFormula&) = delete;
  CompiledFormula& operator=(const CompiledFormula&) = delete;

  const std::string& text() const { return text_; }
  const std::optional<FormulaError>& error() const { return error_; }

  // Only for a formula without error. muparser does not throw while evaluating bytecode
  // (division by zero gives inf), but a throw would still become a clamped maximum, not a
  // crash.
  double evaluate(const FormulaInputs& in) {
    in_ = in;
    return evaluate();
  }
  // Evaluates with the inputs as they are in inputs().
  FormulaInputs& inputs() { return in_; }
  double evaluate() {
    try {
      return parser_.Eval();
    } catch (...) {
      return std::numeric_limits<double>::quiet_NaN();
    }
  }

 private:
  // count(r): cards of rank r held; r = 1 (A), 2..10, 11 (J), 12 (Q), 13 (K), rounded to the
  // nearest integer; any other r counts 0.
  static double count_callback(void* self, double r) {
    const auto& in = static_cast<const CompiledFormula*>(self)->in_;
    if (!std::isfinite(r)) return 0;
    const long rank = std::lround(r);
    if (rank < 1 || rank > kRankCount) return 0;
    return in.counts[static_cast<std::size_t>(rank - 1)];
  }

  void fail(int zero_based_position, std::string message) {
    const int length = static_cast<int>(text_.size());
    int position = zero_based_position < 0 ? 1 : zero_based_position + 1;
    position = std::clamp(position, 1, length + 1);
    error_ = FormulaError{position, std::move(message)};
  }

  void compile();
  void check_samples();

  std::string text_;
  std::optional<FormulaError> error_;
  mu::Parser parser_;
  FormulaInputs in_;
};

// muparser's message without its own (0-based) position and the trailing " found".
std::string describe_parser_error(const mu::ParserError& e, std::string_view text) {
  const std::string token = e.GetToken();
  if (e.GetCode() == mu::ecUNASSIGNABLE_TOKEN && !token.empty() &&
      std::all_of(token.begin(), token.end(), is_name_char) &&
      !(token[0] >= '0' && token[0] <= '9')) {
    // Usually a misspelt variable: name what exists.
    const bool is_call = [&] {
      const auto at = text.find(token);
      if (at == std::string_view::npos) return false;
      auto i = at + token.size();
      while (i < text.size() && text[i] == ' ') ++i;
      return i < text.size() && text[i] == '(';
    }();
    return std::string("unknown ") + (is_call ? "function" : "name") + " \"" + token +
           "\" (the variables are total, cards and pairs; the functions count(r), min, max and "
           "muparser's built-ins)";
  }
  std::string msg = e.GetMsg();
  if (const auto at = msg.find(" at position "); at != std::string::npos) msg.resize(at);
  if (msg.size() > 6 && msg.compare(msg.size() - 6, 6, " found") == 0) msg.resize(msg.size() - 6);
  while (!msg.empty() && (msg.back() == '.' || msg.back() == ' ')) msg.pop_back();
  if (!msg.empty() && msg[0] >= 'A' && msg[0] <= 'Z') msg[0] = static_cast<char>(msg[0] + 32);
  return msg.empty() ? "syntax error" : msg;
}

void CompiledFormula::compile() {
  // muparser accepts `var = expr` as an assignment; a score formula has no business changing
  // its inputs, so a lone '=' (not part of ==, <=, >=, !=) is refused here.
  for (std::size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] != '=') continue;
    const char before = i > 0 ? text_[i - 1] : ' ';
    const char after = i + 1 < text_.size() ? text_[i + 1] : ' ';
    if (after == '=') {
      ++i;  // the '==' operator
      continue;
    }
    if (before == '<' || before == '>' || before == '!') continue;
    fail(static_cast<int>(i), "'=' assigns in muparser; compare with '==', or drop it");
    return;
  }
  try {
    parser_.DefineVar("total", &in_.total);
    parser_.DefineVar("cards", &in_.cards);
    parser_.DefineVar("pairs", &in_.pairs);
    // Not optimizable: count(2) must be evaluated for every hand, not folded at parse time.
    parser_.DefineFunUserData("count", &CompiledFormula::count_callback, this, false);
    parser_.SetExpr(text_);
    in_ = FormulaInputs{};
    int results = 0;
    parser_.Eval(results);  // parses; syntax errors and unknown names throw here
    if (results != 1) {
      int depth = 0;
      for (std::size_t i = 0; i < text_.size(); ++i) {
        if (text_[i] == '(') ++depth;
        if (text_[i] == ')') --depth;
        if (text_[i] == ',' && depth == 0) {
          fail(static_cast<int>(i), "a formula is one expression, not a comma-separated list");
          return;
        }
      }
      fail(0, "a formula is one expression, not a list");
      return;
    }
  } catch (const mu::ParserError& e) {
    fail(e.GetPos(), describe_parser_error(e, text_));
    return;
  } catch (const std::exception& e) {
    fail(0, std::string("cannot be parsed: ") + e.what());
    return;
  } catch (...) {
    fail(0, "cannot be parsed");
    return;
  }
  check_samples();
}

// A formula must give a finite value for ordinary hands: it is tried on these, valued with the
// default card values (see docs/scoring.md).
void CompiledFormula::check_samples() {
  struct Sample {
    const char* text;
    std::initializer_list<const char*> cards;
  };
  static const Sample kSamples[] = {
      {"[KH]", {"KH"}},          {"[2C]", {"2C"}},
      {"[2C 2C]", {"2C", "2C"}}, {"[AS 5D 8H JC QS]", {"AS", "5D", "8H", "JC", "QS"}},
      {"[JOKER]", {"JOKER"}},    {"[7H 7H 9S 9S 3D]", {"7H", "7H", "9S", "9S", "3D"}},
  };
  for (const Sample& sample : kSamples) {
    Hand hand;
    for (const char* c : sample.cards) hand.add(parse_card(c));
    FormulaInputs in;
    in.cards = hand.size();
    hand.for_each([&](Card c) {
      in.total += default_card_value(c);
      if (!c.is_joker()) in.counts[static_cast<std::size_t>(c.rank())] += 1;
    });
    for (CardMask m = hand.kinds(); !m.empty();) in.pairs += hand.count(m.pop_first()) / 2;
    const double v = evaluate(in);
    if (!std::isfinite(v)) {
      // The likely causes differ: infinity comes of dividing by zero or of a result past a
      // double's range (about 1.8e308), NaN of a function outside its domain or of 0/0.
      fail(0, std::string("the value is ") + (std::isnan(v) ? "not a number" : "infinite") +
                  " for the hand " + sample.text + " (total " + std::to_string(int(in.total)) +
                  ", cards " + std::to_string(int(in.cards)) + ", pairs " +
                  std::to_string(int(in.pairs)) + "): " +
                  (std::isnan(v) ? "a square root or logarithm of a negative number, or 0/0?"
                                 : "a division by zero, or a result too large for a number "
                                   "(above about 1.8e308)?"));
      return;
    }
  }
}

// One cache per thread: formula text -> parsed formula. Bounded so that a program generating
// formulas cannot grow it without end.
class FormulaCache {
 public:
  CompiledFormula& get(const std::string& text) {
    if (last_ && last_->text() == text) return *last_;
    auto it = map_.find(text);
    if (it == map_.end()) {
      if (map_.size() >= kMaxEntries) map_.clear();
      it = map_.emplace(text, CompiledFormula::make(text)).first;
    }
    last_ = it->second.get();
    return *last_;
  }

 private:
  static constexpr std::size_t kMaxEntries = 256;
  std::unordered_map<std::string, std::unique_ptr<CompiledFormula>> map_;
  CompiledFormula* last_ = nullptr;
};

CompiledFormula& formula_for(const std::string& text) {
  thread_local FormulaCache cache;
  CompiledFormula& f = cache.get(text);
  if (f.error()) throw FormulaException(*f.error());
  return f;
}

}  // namespace

std::optional<FormulaError> check_scoring_formula(std::string_view formula) {
  if (is_blank(formula)) return std::nullopt;
  try {
    return CompiledFormula::make(std::string(formula))->error();
  } catch (const std::exception& e) {  // only allocation failures remain possible here
    return FormulaError{1, std::string("cannot be checked: ") + e.what()};
  }
}

int card_value(const ScoringRules& rules, Card c) {
  for (auto it = rules.values.rbegin(); it != rules.values.rend(); ++it)
    if (it->cards.contains(c)) return it->points;
  return default_card_value(c);
}

HandScorer::HandScorer(const ScoringRules& rules) : rounding_(rules.rounding) {
  for (int i = 0; i < kCardKinds; ++i) values_[i] = default_card_value(Card::from_index(i));
  // In order, so that a later entry overrides an earlier one.
  for (const CardValue& v : rules.values)
    for (CardMask m = v.cards; !m.empty();) values_[m.pop_first().index()] = v.points;

  if (!is_blank(rules.formula)) {
    formula_ = rules.formula;
    formula_for(formula_);  // refuses a bad formula now rather than at the first hand
    return;
  }
  exact_ = true;
  for (const HandMultiplier& hm : rules.multipliers) {
    Multiplier m;
    m.cards = hm.cards;
    m.approx = hm.factor;
    exact_ = to_fraction(hm.factor, m.factor.num, m.factor.den) && exact_;
    multipliers_.push_back(m);
  }
  pair_approx_ = rules.pair_factor;
  exact_ = to_fraction(rules.pair_factor, pair_factor_.num, pair_factor_.den) && exact_;
  plain_ = exact_ && pair_factor_.num == pair_factor_.den &&
           std::all_of(multipliers_.begin(), multipliers_.end(),
                       [](const Multiplier& m) { return m.factor.num == m.factor.den; });
}

// The sum of the hand's card values under `values`, and (where `pairs` is given) its pairs, in
// one pass over the kinds held.
static inline int sum_values(const std::array<int, kCardKinds>& values, const Hand& hand,
                             int* pairs) {
  long long total = 0;  // card values are the loader's to bound; this only avoids overflow
  for (CardMask m = hand.kinds(); !m.empty();) {
    const Card c = m.pop_first();
    const int n = hand.count(c);
    total += static_cast<long long>(values[c.index()]) * n;
    if (pairs) *pairs += n / 2;
  }
  return static_cast<int>(std::clamp<long long>(total, -1'000'000'000, 1'000'000'000));
}

int HandScorer::total(const Hand& hand) const {
  return sum_values(values_, hand, nullptr);
}

HandScore HandScorer::breakdown(const Hand& hand) const {
  HandScore out;
  out.cards = hand.size();
  if (hand.empty()) return out;
  out.total = sum_values(values_, hand, &out.pairs);

  if (!formula_.empty()) {
    CompiledFormula& formula = formula_for(formula_);
    FormulaInputs& in = formula.inputs();
    in.total = out.total;
    in.cards = out.cards;
    in.pairs = out.pairs;
    in.counts.fill(0);
    for (CardMask m = hand.kinds(); !m.empty();) {
      const Card c = m.pop_first();
      if (!c.is_joker()) in.counts[static_cast<std::size_t>(c.rank())] += hand.count(c);
    }
    out.raw = formula.evaluate();
    out.score = round_double(out.raw, rounding_);
    return out;
  }

  // Structured: total x each multiplier once per matching card x pair_factor per pair.
  if (plain_) {
    // No factor but 1 (British, Crazy Eights...): the total itself, clamped as
    // round_fraction(total, 1) would clamp it, without 128-bit arithmetic.
    out.raw = out.total;
    out.score = summed_score(out.total);
    return out;
  }
  auto card_count = [&](CardMask sel) {
    int n = 0;
    for (CardMask m = hand.kinds() & sel; !m.empty();) n += hand.count(m.pop_first());
    return n;
  };

  // Exact: num / den, multiplied out; reduced by their gcd only when a product would overflow.
  // Den stays positive: every fraction's denominator is. The fraction is kept in 64 bits while its
  // products fit (as every real hand's do), then in 128: a 128-bit multiply with its overflow test
  // costs several times more, and the values are the same, since 128 bits reduce by the gcd only
  // where they overflow themselves.
  bool exact = exact_;
  bool small = true;
  std::int64_t num64 = out.total, den64 = 1;
  Int128 num = 0, den = 1;
  auto multiply = [&](const Fraction& f, int times) {
    if (f.num == f.den) return;
    for (int i = 0; i < times && exact; ++i) {
      if (small) {
        std::int64_t n64 = 0, d64 = 0;
        if (!__builtin_mul_overflow(num64, f.num, &n64) &&
            !__builtin_mul_overflow(den64, f.den, &d64)) {
          num64 = n64;
          den64 = d64;
          continue;
        }
        small = false;
        num = num64;
        den = den64;
      }
      Int128 n = 0, d = 0;
      if (__builtin_mul_overflow(num, static_cast<Int128>(f.num), &n) ||
          __builtin_mul_overflow(den, static_cast<Int128>(f.den), &d)) {
        const Int128 g = gcd128(num, den);
        if (g > 1) num /= g, den /= g;
        if (__builtin_mul_overflow(num, static_cast<Int128>(f.num), &n) ||
            __builtin_mul_overflow(den, static_cast<Int128>(f.den), &d)) {
          exact = false;  // astronomically large: finish in floating point
          return;
        }
      }
      num = n;
      den = d;
    }
  };
  for (const Multiplier& m : multipliers_) multiply(m.factor, card_count(m.cards));
  multiply(pair_factor_, out.pairs);
  if (exact) {
    if (small) num = num64, den = den64;
    out.raw = small ? static_cast<double>(num64) / static_cast<double>(den64)
                    : static_cast<double>(num) / static_cast<double>(den);
    out.score = round_fraction(num, den, rounding_);
    return out;
  }
  // A factor with no short fraction, or a product beyond 128 bits.
  double approx = out.total;
  for (const Multiplier& m : multipliers_) approx *= std::pow(m.approx, card_count(m.cards));
  approx *= std::pow(pair_approx_, out.pairs);
  out.raw = approx;
  out.score = round_double(approx, rounding_);
  return out;
}

int HandScorer::score(std::span<const Card> cards) const {
  Hand hand;
  for (Card c : cards) hand.add(c);
  return score(hand);
}

int score_hand(const Variant& variant, const Hand& hand) {
  return HandScorer(variant)(hand);
}
int score_hand(const Variant& variant, std::span<const Card> cards) {
  return HandScorer(variant).score(cards);
}
int score_hand(const ScoringRules& rules, const Hand& hand) {
  return HandScorer(rules)(hand);
}

std::string hand_problem(const Variant& variant, std::span<const Card> cards) {
  std::array<int, kCardKinds> most_copies{}, held{};
  for (int n = variant.deal.min_players; n <= variant.deal.max_players; ++n)
    for (int i = 0; i < kCardKinds; ++i)
      most_copies[i] = std::max(most_copies[i], variant.deck_for(n).copies(Card::from_index(i)));
  for (const Card c : cards) {
    if (c.index() < 0 || c.index() >= kCardKinds)
      return "card index " + std::to_string(c.index()) + " is no card";
    const int copies = most_copies[c.index()];
    if (copies == 0)
      return fmt::format("{}: {} has no such card ({})", to_string(c), variant.name,
                         c.is_joker() ? std::string("its deck has no jokers")
                                      : fmt::format("its deck has no {}s", rank_symbol(c.rank())));
    if (++held[c.index()] > copies)  // all its copies counted (QA: 5 were said to be 3)
      return fmt::format("{} is given {} times, but a {} deck holds at most {}", to_string(c),
                         std::ranges::count(cards, c), variant.name, copies);
  }
  return "";
}

std::vector<int> round_scores(const HandScorer& scorer, const State& state) {
  std::vector<int> out(static_cast<std::size_t>(state.players()), 0);
  for (int seat = 0; seat < state.players(); ++seat)
    if (seat != state.winner) out[static_cast<std::size_t>(seat)] = scorer(state.hand(seat));
  return out;
}

std::vector<int> round_scores(const Variant& variant, const State& state) {
  return round_points(variant.teams, variant.match, round_scores(HandScorer(variant), state),
                      state.winner);
}

std::vector<int> round_points(const TeamRules& teams, const MatchRules& match,
                              std::vector<int> hand_scores, int winner) {
  if (match.end != MatchKind::first_to) return team_scores(teams, std::move(hand_scores), winner);
  // The winner's take: the hands of the other teams (the winner's partners' hands are not
  // counted; check_variant refuses first_to with teams.score: each_hand), which the winner and
  // each partner get. At most kMaxSeats - 1 hands of kMaxHandScore, within an int and within a
  // round's score (standings.hpp).
  const int players = static_cast<int>(hand_scores.size());
  const std::vector<int> team = teams.team_of_seats(players);
  const auto winners = [&](int seat) {
    return winner >= 0 && winner < players &&
           (seat == winner || (!team.empty() && team[static_cast<std::size_t>(seat)] ==
                                                    team[static_cast<std::size_t>(winner)]));
  };
  int take = 0;
  for (int seat = 0; seat < players; ++seat)
    if (!winners(seat)) take += hand_scores[static_cast<std::size_t>(seat)];
  for (int seat = 0; seat < players; ++seat)
    hand_scores[static_cast<std::size_t>(seat)] = winners(seat) ? take : 0;
  return hand_scores;
}

std::vector<int> team_scores(const TeamRules& teams, std::vector<int> seat_scores, int winner) {
  if (!teams.enabled()) return seat_scores;
  const int players = static_cast<int>(seat_scores.size());
  const std::vector<int> team = teams.team_of_seats(players);
  std::vector<int> sums(static_cast<std::size_t>(players), 0);  // by team: at most one a seat
  for (int seat = 0; seat < players; ++seat)
    sums[static_cast<std::size_t>(team[static_cast<std::size_t>(seat)])] +=
        seat_scores[static_cast<std::size_t>(seat)];
  const int winners = winner >= 0 && winner < players ? team[static_cast<std::size_t>(winner)] : -1;
  for (int seat = 0; seat < players; ++seat) {
    const int t = team[static_cast<std::size_t>(seat)];
    seat_scores[static_cast<std::size_t>(seat)] =
        teams.score == TeamScore::losing_teams && t == winners ? 0
                                                               : sums[static_cast<std::size_t>(t)];
  }
  return seat_scores;
}

}  // namespace switchcards
