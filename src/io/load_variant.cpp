// Loading variants: built-in names and paths, `extends:` chains with deep merging, overrides,
// and the validation of every key into the rules structs. The format is docs/variant-format.md.
#include "switchcards/io/load_variant.hpp"
#include "switchcards/engine/check_variant.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/variant_combinations.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "io/embedded_variants.hpp"
#include "io/load_recorded_variant.hpp"
#include "io/load_variant_in.hpp"
#include "io/yaml_documents.hpp"
#include "io/yaml_text_guard.hpp"
#include "switchcards/core/pile.hpp"
#include "switchcards/core/seats.hpp"
#include "switchcards/rules/selector.hpp"

namespace switchcards {

namespace {

using detail::yaml::Documents;
using detail::yaml::Entry;
using detail::yaml::is_null;
using detail::yaml::is_scalar;
using detail::yaml::Location;

// The bounds of the values are rules/variant_limits.hpp's.
constexpr int kMaxExtendsDepth = 16;

const detail::EmbeddedFile* find_builtin(std::string_view name) {
  for (const detail::EmbeddedFile& file : detail::embedded_variant_files())
    if (file.name == name) return &file;
  return nullptr;
}

std::string unknown_builtin_message(std::string_view name) {
  std::vector<std::string_view> names;
  for (const detail::EmbeddedFile& file : detail::embedded_variant_files())
    names.push_back(file.name);
  std::string message =
      fmt::format("no built-in variant '{}' (built-ins: {})", name,
                  names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", ")));
  if (auto guess = detail::yaml::closest_match(name, names))
    message += fmt::format("; did you mean '{}'?", *guess);
  return message + "; a path must contain '/' or end in .yaml";
}

// One variant text to load: a built-in or a file (or a string, which resolves like a file).
struct Source {
  std::string label;          // for messages: the path, "built-in:NAME", or the string's label
  std::string id;             // identity for cycle detection: canonical path or "built-in:NAME"
  std::filesystem::path dir;  // where relative `extends:` paths start
  bool builtin = false;
  std::string text;
};

Source builtin_source(const detail::EmbeddedFile& file) {
  const std::string label = "built-in:" + std::string(file.name);
  return Source{label, label, {}, true, std::string(file.text)};
}

Source file_source(const std::filesystem::path& path, const std::string& label) {
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(path, ec);
  Source source{label, (ec ? path : canonical).string(), path.parent_path(), false, {}};
  source.text = detail::yaml::read_text_file(path, label);
  return source;
}

// ---- reading a variant file and the files it extends ------------------------------------

class TreeLoader {
 public:
  // `confine_to`: the directory every file of the chain must be in (the text of a game record,
  // which may come from anyone: its `extends:` reads only built-ins and files under the
  // record's directory, never /etc/passwd or ../secret.yaml).
  explicit TreeLoader(Documents& documents,
                      std::optional<std::filesystem::path> confine_to = std::nullopt)
      : docs(documents), confine_to_(std::move(confine_to)) {}
  Documents& docs;

  // Parses `source` and, recursively, what it extends; returns the merged tree, without
  // `extends`. `chain` holds the sources being loaded (for cycles and messages).
  YAML::Node load(const Source& source) {
    chain_.push_back(source);
    const bool base = chain_.size() > 1;
    YAML::Node root = base ? docs.parse_base(source.text, source.label, chain_text())
                           : docs.parse(source.text, source.label);
    const Entry top = Documents::root(root);
    if (is_null(root))
      throw LoadError(source.label, 0, 0, "",
                      "empty file: a variant is a map with at least `name:`" +
                          (base ? " (chain: " + chain_text() + ")" : std::string()));
    docs.expect_map(top);
    docs.attempt([&] { docs.require(top, "name"); });
    if (auto extends = docs.find(top, "extends")) {
      YAML::Node base_tree = load_base(*extends, source);
      root.remove(*extends->key);
      // A description says what the rules are, and this file changes them: the base's is not
      // inherited (describe would open with rules the file took away). The title is: it names.
      if (!docs.find(top, "description")) base_tree.remove("description");
      root = docs.merge(base_tree, root);
    }
    chain_.pop_back();
    return root;
  }

 private:
  // The files being loaded, "top.yaml -> base.yaml", then `last` if given.
  std::string chain_text(std::string_view last = {}) const {
    std::string out;
    for (const Source& s : chain_) out += (out.empty() ? "" : " -> ") + s.label;
    return last.empty() ? out : out + " -> " + std::string(last);
  }

  // Errors at `extends:` name the chain themselves, up to the base that could not be taken
  // (Documents adds no second chain to them).
  YAML::Node load_base(const Entry& extends, const Source& from) {
    const std::string target = docs.get_string(extends);
    const bool in_base = chain_.size() > 1;
    if (target.empty())
      docs.fail(extends, "expected a built-in name or a path" +
                             (in_base ? " (chain: " + chain_text() + ")" : std::string()));
    if (static_cast<int>(chain_.size()) >= kMaxExtendsDepth)
      docs.fail(extends, fmt::format("more than {} files in the chain: {}", kMaxExtendsDepth,
                                     chain_text(target)));
    Source base;
    if (is_variant_path(target)) {
      if (from.builtin)
        docs.fail(extends, "a built-in variant can only extend another built-in, by name (chain: " +
                               chain_text(target) + ")");
      const std::filesystem::path path = (from.dir / target).lexically_normal();
      if (confine_to_) {
        const std::filesystem::path inside =
            std::filesystem::absolute(path).lexically_normal().lexically_relative(*confine_to_);
        if (inside.empty() || *inside.begin() == "..")
          docs.fail(extends,
                    fmt::format("a game record's variant extends only built-ins and files in "
                                "the record's directory ({}), not '{}' (chain: {})",
                                confine_to_->string(), target, chain_text(path.string())));
      }
      try {
        base = file_source(path, path.string());
      } catch (const LoadError& e) {
        docs.fail(extends, fmt::format("cannot load the base '{}': {} (chain: {})", target,
                                       e.message(), chain_text(path.string())));
      }
    } else {
      const detail::EmbeddedFile* file = find_builtin(target);
      if (file == nullptr)
        docs.fail(extends, fmt::format("{} (chain: {})", unknown_builtin_message(target),
                                       chain_text(target)));
      base = builtin_source(*file);
    }
    for (const Source& s : chain_)
      if (s.id == base.id) docs.fail(extends, "extends cycle: " + chain_text(base.label));
    return load(base);
  }

  std::vector<Source> chain_;
  std::optional<std::filesystem::path> confine_to_;
};

// ---- validation: the merged tree into a Variant --------------------------------------------

// "7 8 9 10 J Q K A": low to high, the ace last as players list it.
std::string rank_list(const DeckSpec& deck) {
  std::vector<std::string_view> ranks;
  for (int r = 1; r <= kRankCount; ++r)
    if (deck.ranks.test(r % kRankCount))
      ranks.push_back(rank_symbol(static_cast<Rank>(r % kRankCount)));
  return fmt::format("{}", fmt::join(ranks, " "));
}

// A key's place in the tree: {"last_card", "late_call"}.
using KeyPath = std::vector<std::string>;

class VariantBuilder {
 public:
  // `judge_keys`: whether a key without effect that the text sets is an error (in a file or
  // overrides a person wrote) or is dropped (in the text a game record embeds).
  VariantBuilder(const Documents& docs, const YAML::Node& tree, bool judge_keys)
      : d_(docs), root_(Documents::root(tree)), judge_keys_(judge_keys) {}

  // Every section is read even after another failed (Documents::attempt), so that one run
  // names every mistake; the table (players, deck, deal) comes first, and an error there ends
  // the load, since what follows is checked against it. Each key is read on its own; the
  // combinations of keys (engine/variant_combinations.hpp) are judged once all is read.
  Variant build() {
    // `extends` was taken (and removed) as the chain loaded; it is listed so that a misspelt
    // one is suggested and named among the keys allowed.
    d_.expect_keys(root_, {"name", "title", "description", "extends", "players", "deck", "deal",
                           "draw", "play", "constraints", "specials", "identical", "last_card",
                           "round", "scoring", "match", "teams", "beginner_mode"});
    d_.attempt([&] { read_names(); });
    read_players();
    read_deck();
    read_deal();
    read_section("match", [&] { read_match(); });  // before the table: elimination deals to
                                                   // fewer seats
    report_combinations(true);
    read_section("draw", [&] { read_draw(); });
    read_section("play", [&] { read_play(); });
    read_section("constraints", [&] { read_constraints(); });
    read_specials();
    d_.attempt([&] { read_turn_again(); });  // after the specials: `special` names their cards
    read_section("identical", [&] { read_identical(); });
    read_section("last_card", [&] { read_last_card(); });
    read_section("round", [&] { read_round(); });
    read_section("scoring", [&] { read_scoring(); });
    read_section("teams", [&] { read_teams(); });
    d_.attempt([&] {
      if (auto e = d_.find(root_, "beginner_mode")) v_.beginner_mode = d_.get_bool(*e);
    });
    report_combinations(false);
    report_keys_without_effect();
    return std::move(v_);
  }
  // The keys without effect that build() dropped rather than refused.
  const std::vector<KeyPath>& dropped() const { return dropped_; }

 private:
  // Calls `f` with the entry under `key` of `map` when it is present.
  template <typename F>
  void with(const Entry& map, std::string_view key, F&& f) {
    if (auto e = d_.find(map, key)) f(*e);
  }
  int get_int(const Entry& map, std::string_view key, int min, int max, int fallback) {
    auto e = d_.find(map, key);
    return e ? d_.get_int(*e, min, max) : fallback;
  }
  bool get_bool(const Entry& map, std::string_view key, bool fallback) {
    auto e = d_.find(map, key);
    return e ? d_.get_bool(*e) : fallback;
  }
  // d_.attempt(f), remembering the top-level key `section` when `f` failed: its values may
  // be half read, so the combinations are not judged there.
  template <typename F>
  void read_section(std::string_view section, F&& f) {
    const std::size_t errors = d_.error_count();
    d_.attempt(std::forward<F>(f));
    if (d_.error_count() != errors) failed_.emplace_back(section);
  }

  void read_names() {
    const Entry name = d_.require(root_, "name");
    v_.name = d_.get_string(name);
    if (!is_variant_name(v_.name))
      d_.fail(name, fmt::format("'{}' is not a variant name: use 1 to {} characters a-z, 0-9 "
                                "and '-', e.g. my-house-rules",
                                v_.name, kMaxNameLength));
    with(root_, "title", [&](const Entry& e) { v_.title = d_.get_string(e); });
    with(root_, "description", [&](const Entry& e) { v_.description = d_.get_string(e); });
  }

  void read_players() {
    players_ = d_.find(root_, "players");
    if (!players_) return;
    d_.expect_keys(*players_, {"min", "max"});
    DealRules& deal = v_.deal;
    deal.min_players = get_int(*players_, "min", kMinPlayers, kMaxSeats, deal.min_players);
    deal.max_players = get_int(*players_, "max", kMinPlayers, kMaxSeats, deal.max_players);
  }

  // A number, or a map from player counts to numbers.
  ByPlayers by_players(const Entry& e, int min, int max) {
    if (is_scalar(e.value)) return ByPlayers::constant(d_.get_int(e, min, max));
    if (!e.value.IsMap())
      d_.fail(e, fmt::format("expected a number, or a map from player counts to numbers like "
                             "{{2: 7, 5: 5}}, got {}",
                             detail::yaml::describe(e.value)));
    ByPlayers out;
    // How each player count was written. YAML's duplicate-key check (and the merge of an
    // override into its base) compares the keys' text, so `2` and `02` both pass it.
    std::array<std::string, kMaxSeats + 1> given;
    std::optional<Entry> lowest;  // the step of the smallest player count
    for (const Entry& step : d_.map_entries(e)) {
      const int players = d_.key_int(step, 1, kMaxSeats);
      if (!lowest || players < d_.key_int(*lowest, 1, kMaxSeats)) lowest = step;
      std::string& spelled = given[static_cast<std::size_t>(players)];
      if (!spelled.empty())
        d_.fail(step, fmt::format("the player count {} is given twice, as '{}' and as '{}' (keys "
                                  "are compared as text, so an override's does not replace its "
                                  "base's: write {} once)",
                                  players, spelled, step.key->Scalar(), players));
      spelled = step.key->Scalar();
      out.steps.emplace_back(players, d_.get_int(step, min, max));
    }
    if (out.steps.empty()) d_.fail(e, "an empty map: give at least one player count");
    std::sort(out.steps.begin(), out.steps.end());
    // A map that starts above players.min says nothing for the smallest tables: `decks: {7: 2}`
    // more likely means "one deck, two from 7 players" than two decks for everyone.
    const int from = out.steps.front().first, min_players = v_.deal.min_players;
    if (from > min_players)
      d_.fail_at_key(*lowest,
                     fmt::format("the smallest player count here is {}, but the variant is for {} "
                                 "players and more (players.min): say what holds from {} too, "
                                 "as in {{{}: ..., {}: ...}}",
                                 from, min_players, min_players, min_players, from));
    return out;
  }

  void read_deck() {
    DealRules& deal = v_.deal;
    deck_ = d_.find(root_, "deck");
    if (deck_) {
      d_.expect_keys(*deck_, {"decks", "ranks", "jokers"});
      decks_ = d_.find(*deck_, "decks");
      if (decks_) deal.decks = by_players(*decks_, 1, kMaxDecks);
      ranks_ = d_.find(*deck_, "ranks");
      if (ranks_) deal.deck.ranks = read_ranks(*ranks_);
      jokers_ = d_.find(*deck_, "jokers");
      if (jokers_) deal.deck.jokers = d_.get_int(*jokers_, 0, kMaxJokers);
    }
    deal.deck.decks = deal.decks.at(deal.min_players);
    kinds_ = deal.deck.kinds();
  }

  std::bitset<kRankCount> read_ranks(const Entry& e) {
    if (is_scalar(e.value) && e.value.Scalar() == "all") return std::bitset<kRankCount>().set();
    if (!e.value.IsSequence())
      d_.fail(e, fmt::format("expected `all` or a list of ranks like [7, 8, 9, 10, J, Q, K, A], "
                             "got {}",
                             detail::yaml::describe(e.value)));
    std::bitset<kRankCount> ranks;
    for (const Entry& item : d_.list_items(e)) {
      const std::string text = d_.get_string(item);
      const auto rank = try_parse_rank(text);
      if (!rank) d_.fail(item, fmt::format("'{}' is not a rank (A, 2..10, J, Q, K)", text));
      const int bit = static_cast<int>(*rank);
      if (ranks.test(bit)) d_.fail(item, fmt::format("rank {} is listed twice", text));
      ranks.set(bit);
    }
    if (ranks.none()) d_.fail(e, "an empty list: a deck needs at least one rank");
    return ranks;
  }

  // The deck as a selector at `about`, which wants the cards `wanted`, is checked against it.
  // Where the deck's ranks (for a suited card wanted) or jokers (for the joker) were set in
  // another document than `about` (an override cut the deck under a base file's specials), it
  // says where, so that the error names the cause as well as the victim.
  std::string deck_description(const Entry& about, CardMask wanted) const {
    const DeckSpec& deck = v_.deal.deck;
    const std::string jokers =
        deck.jokers == 0 ? "no jokers" : fmt::format("{} jokers", deck.jokers);
    std::string out = deck.ranks.all() ? fmt::format("all ranks, {}", jokers)
                                       : fmt::format("ranks {}, {}", rank_list(deck), jokers);
    const CardMask joker = CardMask::of(Card::joker());
    const Location here = d_.locate(about.value);
    const auto where_set = [&](const std::optional<Entry>& set) {
      if (!set) return;
      const Location there = d_.locate(set->value);
      if (there.file != here.file)
        out +=
            fmt::format("; {} is set at {}:{}:{}", set->path, there.file, there.line, there.column);
    };
    if (!(wanted - joker).empty()) where_set(ranks_);
    if (!(wanted & joker).empty()) where_set(jokers_);
    return out;
  }

  void read_deal() {
    deal_ = d_.find(root_, "deal");
    if (!deal_) return;
    d_.expect_keys(*deal_, {"hand_size", "first_card", "turn_again"});
    hand_size_ = d_.find(*deal_, "hand_size");
    if (hand_size_) v_.deal.hand_size = by_players(*hand_size_, 1, kMaxCards);
    with(*deal_, "first_card", [&](const Entry& e) {
      v_.deal.first_card = d_.get_enum<FirstCardRule>(
          e, {{"ignore", FirstCardRule::ignore}, {"apply", FirstCardRule::apply}});
    });
  }

  // The entry an error about the deal is reported at: the first of the candidates written in
  // the file being loaded (not inherited from a base), else the first present.
  Entry deal_error_entry() const {
    const std::vector<const std::optional<Entry>*> candidates = {&hand_size_, &deal_, &decks_,
                                                                 &deck_, &players_};
    for (const auto* c : candidates)
      if (*c && d_.comes_from((*c)->value, d_.primary_label())) return **c;
    for (const auto* c : candidates)
      if (*c) return **c;
    return root_;
  }

  // ---- the combination rules (engine/variant_combinations.hpp) ----

  // Where a combination problem about the field `path` (a CombinationProblem's) is reported:
  // the entry of the key that set it, at its value, or at its key for a key refused for being
  // written at all. Without the key: nullopt if `exact`, else the nearest enclosing entry
  // written (the file's root at worst).
  struct Place {
    std::optional<Entry> entry;
    bool at_key = false;
  };
  // Where the field `path` (a CombinationProblem's) was written. `exact`: only its own entry
  // (or, `or_deleted`, the null that deleted it), else nothing; otherwise the nearest enclosing
  // entry written.
  Place place(std::string_view path, bool exact, bool or_deleted = false) const {
    struct Key {
      std::string_view path;
      std::vector<std::string_view> keys;
      bool at_key;
    };
    static const std::vector<Key> kKeys = {
        {"draw.limit", {"draw", "limit"}, true},
        {"draw.cards", {"draw", "cards"}, false},
        {"draw.after", {"draw", "after"}, false},
        {"play.runs", {"play", "runs"}, true},
        {"play.run_ace", {"play", "runs", "ace"}, false},
        {"play.turn_corner", {"play", "runs", "turn_corner"}, true},
        {"play.run_jokers", {"play", "runs", "jokers"}, true},
        {"play.effects", {"play", "effects"}, true},
        {"play.several_answers", {"play", "answers"}, true},
        {"play.several", {"play", "several"}, false},
        {"identical.jump_in", {"identical", "jump_in"}, false},
        {"identical.enabled", {"identical", "enabled"}, false},
        {"deal.turn_again", {"deal", "turn_again"}, false},
        {"round.no_finish.cards", {"round", "no_finish", "cards"}, false},
        {"round.no_finish.then", {"round", "no_finish", "then"}, false},
        {"round.no_finish.draw", {"round", "no_finish", "draw"}, true},
        {"round.no_finish.unless", {"round", "no_finish", "unless"}, true},
        {"match.hard_limit", {"match", "hard_limit"}, false},
        {"match.limit", {"match", "limit"}, false},
        {"match.end", {"match", "end"}, false},
        {"teams.seating", {"teams", "seats"}, false},
        {"teams.listed", {"teams", "seats"}, false},
        {"teams.score", {"teams", "score"}, false},
        // The table's keys, as the other side of a clash (the table's own problems are placed
        // by report_combinations).
        {"players", {"players"}, false},
        {"deck.decks", {"deck", "decks"}, false},
        {"deck.jokers", {"deck", "jokers"}, false},
        // The specials as a whole: the other side of a clash with a special that is not there
        // (removed by a null, as `skip: null` does).
        {"specials", {"specials"}, false},
    };
    std::vector<std::string_view> keys;
    bool at_key = false;
    std::string name;  // a special's key under specials
    if (path.starts_with("specials[")) {
      const std::size_t close = path.find(']');
      const std::size_t i = std::stoul(std::string(path.substr(9, close - 9)));
      name = v_.specials.at(i).name;
      std::string_view field = path.substr(close + 2);
      at_key = field == "deflect_to_attacker";
      if (at_key) field = "deflect_reverse_to";  // the file's key
      // The special's entry from the index of them, not a walk through the specials: the
      // checks ask about every special, and thousands of them took minutes.
      const Entry* special = special_entry(name);
      if (special != nullptr)
        if (std::optional<Entry> at = d_.find(*special, field)) return Place{at, at_key};
      if (exact && or_deleted)
        if (std::optional<Entry> at = d_.deleted("specials." + name + "." + std::string(field)))
          return Place{at, true};
      if (exact) return Place{};
      if (special != nullptr) return Place{*special, false};
      keys = {"specials"};
    } else {
      const auto it =
          std::find_if(kKeys.begin(), kKeys.end(), [&](const Key& k) { return k.path == path; });
      if (it == kKeys.end()) return exact ? Place{} : Place{root_, false};
      keys = it->keys;
      at_key = it->at_key;
    }
    std::optional<Entry> at = find_keys(keys);
    if (at) return Place{at, at_key};
    if (exact && or_deleted) {
      std::string dotted;
      for (const std::string_view key : keys) dotted = detail::yaml::child_path(dotted, key);
      if (std::optional<Entry> deleted = d_.deleted(dotted)) return Place{deleted, true};
    }
    if (exact) return Place{};
    // The nearest enclosing entry written.
    while (!keys.empty() && !at) {
      keys.pop_back();
      at = find_keys(keys);
    }
    return Place{at ? at : root_, false};
  }
  // Where the problem `p` is reported: of its fields written (or deleted with a null), the one
  // the most recent text wrote (Documents::layer; `p.path` among equals), so that the file that
  // made the clash, extending or overriding a variant that had the other key, is told of its
  // own key; with none of them written, `p.path`'s nearest enclosing entry.
  Place clash_place(const CombinationProblem& p) const {
    std::vector<std::string_view> fields = {p.path};
    fields.insert(fields.end(), p.also.begin(), p.also.end());
    // The field is chosen first and its place found again: a Place is never assigned (its
    // Entry's YAML::Node would write into the tree).
    std::optional<std::string_view> best;
    int best_layer = 0;
    for (const std::string_view field : fields)
      if (const Place at = place(field, true, true); at.entry) {
        const int layer = d_.layer(at.entry->value);
        if (!best || layer > best_layer) {
          best = field;
          best_layer = layer;
        }
      }
    return best ? place(*best, true, true) : place(p.path, false);
  }
  // The entry of the special `name` under `specials`, or null; the entries are indexed by name
  // on the first call.
  const Entry* special_entry(const std::string& name) const {
    if (!special_entries_) {
      special_entries_.emplace();
      const std::string_view specials[] = {"specials"};
      if (const std::optional<Entry> all = find_keys(specials); all && all->value.IsMap())
        for (const Entry& e : d_.map_entries(*all)) special_entries_->emplace(e.key->Scalar(), e);
    }
    const auto it = special_entries_->find(name);
    return it == special_entries_->end() ? nullptr : &it->second;
  }
  // The entry under `keys` from the root. (Entries are constructed, never assigned: assigning
  // a YAML::Node writes into the node it refers to, which would change the tree.)
  std::optional<Entry> find_keys(std::span<const std::string_view> keys) const {
    if (keys.empty()) return root_;
    const std::optional<Entry> parent = find_keys(keys.first(keys.size() - 1));
    return parent ? d_.find(*parent, keys.back()) : std::nullopt;
  }

  // Reports every combination problem of the variant read so far at its place: with `table`
  // those of the table (players, deck, deal), which end the load, since what follows is
  // checked against it; else the others, but none in a section that failed to read.
  void report_combinations(bool table) {
    struct Found {
      Entry at;
      bool at_key;
      std::string message;
    };
    std::vector<Found> found;
    const auto given = [&](std::string_view path) { return place(path, true).entry.has_value(); };
    const auto report = [&](const CombinationProblem& p) {
      // Past the most errors a load reports, none is placed: placing one looks its key up
      // among its section's entries, so thousands of clashing specials took minutes.
      // The table's problems come first, before the rest is read; deal.turn_again is read
      // after the specials (its selector may say `special`) and checked with them.
      const bool of_table = p.path.starts_with("deal.") && p.path != "deal.turn_again";
      if (of_table != table || found.size() >= Documents::kMaxErrors) return;
      if (p.path == "deal.min_players")
        return found.push_back({players_.value_or(root_), false, p.message});
      if (p.path == "deal.decks") return found.push_back({deck_.value_or(root_), false, p.message});
      if (p.path == "deal.hand_size") {
        Entry at = deal_error_entry();
        at.path = "deal.hand_size";
        return found.push_back({at, false, p.message});
      }
      const Place where = clash_place(p);
      const std::string_view section =
          std::string_view(where.entry->path).substr(0, where.entry->path.find_first_of(".["));
      if (std::find(failed_.begin(), failed_.end(), section) == failed_.end())
        found.push_back({*where.entry, where.at_key, p.message});
    };
    for_each_combination_problem(v_, report, given);
    const auto fail = [&](const Found& f) {
      if (f.at_key) d_.fail_at_key(f.at, f.message);
      d_.fail(f.at, f.message);
    };
    for (std::size_t i = 0; i < found.size(); ++i) {
      if (table && i + 1 == found.size()) fail(found[i]);
      d_.attempt([&] { fail(found[i]); });
    }
  }

  void read_draw() {
    with(root_, "draw", [&](const Entry& draw) {
      d_.expect_keys(draw, {"after", "when_playable", "cards", "limit"});
      DrawRules& r = v_.draw;
      with(draw, "after", [&](const Entry& e) {
        r.after = d_.get_enum<AfterDraw>(e, {{"end_turn", AfterDraw::end_turn},
                                             {"may_play_drawn", AfterDraw::may_play_drawn},
                                             {"must_play_drawn", AfterDraw::must_play_drawn}});
      });
      r.when_playable = get_bool(draw, "when_playable", r.when_playable);
      with(draw, "cards", [&](const Entry& e) {
        if (is_scalar(e.value) && e.value.Scalar() == "until_playable") {
          r.until_playable = true;
          r.cards = 1;
        } else {
          r.until_playable = false;
          r.cards = d_.get_int(e, 1, kMaxEffectDraw);
        }
      });
      r.limit = get_int(draw, "limit", 0, kMaxCards, r.limit);
    });
  }

  // play: {several: none | same_rank | runs | both, runs: {direction, ace, turn_corner, jokers},
  // effects: each | last, answers: one | several}.
  void read_play() {
    with(root_, "play", [&](const Entry& play) {
      d_.expect_keys(play, {"several", "runs", "effects", "answers"});
      PlayRules& r = v_.play;
      with(play, "several", [&](const Entry& e) {
        r.several = d_.get_enum<Several>(e, {{"none", Several::none},
                                             {"same_rank", Several::same_rank},
                                             {"runs", Several::runs},
                                             {"both", Several::both}});
      });
      with(play, "runs", [&](const Entry& runs) {
        d_.expect_keys(runs, {"direction", "ace", "turn_corner", "jokers"});
        with(runs, "direction", [&](const Entry& e) {
          r.run_direction = d_.get_enum<RunDirection>(e, {{"ascending", RunDirection::ascending},
                                                          {"descending", RunDirection::descending},
                                                          {"either", RunDirection::either}});
        });
        with(runs, "ace", [&](const Entry& e) {
          r.run_ace = d_.get_enum<RunAce>(
              e, {{"low", RunAce::low}, {"high", RunAce::high}, {"both", RunAce::both}});
        });
        r.turn_corner = get_bool(runs, "turn_corner", r.turn_corner);
        with(runs, "jokers", [&](const Entry& e) {
          r.run_jokers = d_.get_enum<RunJokers>(
              e, {{"none", RunJokers::none}, {"stand_in", RunJokers::stand_in}});
        });
      });
      with(play, "effects", [&](const Entry& e) {
        r.effects = d_.get_enum<SeveralEffects>(
            e, {{"each", SeveralEffects::each}, {"last", SeveralEffects::last}});
      });
      with(play, "answers", [&](const Entry& e) {
        r.several_answers = d_.get_enum<bool>(e, {{"one", false}, {"several", true}});
      });
    });
  }

  Lasts get_lasts(const Entry& e) {
    return d_.get_enum<Lasts>(
        e, {{"next_player", Lasts::next_player}, {"until_played", Lasts::until_played}});
  }

  void read_constraints() {
    with(root_, "constraints", [&](const Entry& c) {
      d_.expect_keys(c, {"named_suit", "demand"});
      with(c, "named_suit", [&](const Entry& e) { v_.constraints.named_suit = get_lasts(e); });
      with(c, "demand", [&](const Entry& e) { v_.constraints.demand = get_lasts(e); });
    });
  }

  // ---- selectors ----

  // The tokens of a selector string, split as parse_selector splits them.
  static std::vector<std::string_view> selector_tokens(std::string_view text) {
    constexpr std::string_view kSpace = " \t";
    std::vector<std::string_view> out;
    for (std::size_t pos = text.find_first_not_of(kSpace); pos != std::string_view::npos;) {
      const std::size_t end = std::min(text.find_first_of(kSpace, pos), text.size());
      out.push_back(text.substr(pos, end - pos));
      pos = text.find_first_not_of(kSpace, end);
    }
    return out;
  }

  // " (did you mean 'hearts'?)" for the first token of `text` that names no set, when a word of
  // the selector grammar (or one of `words`) is close to it; "" otherwise.
  static std::string selector_suggestion(std::string_view text,
                                         std::span<const SelectorWord> words) {
    std::vector<std::string_view> known = selector_words();
    for (const SelectorWord& w : words) known.push_back(w.word);
    for (const std::string_view token : selector_tokens(text)) {
      const bool caller_word = std::ranges::any_of(
          words, [&](const SelectorWord& w) { return detail::iequals(token, w.word); });
      if (caller_word || try_parse_selector_token(token)) continue;
      const auto guess = closest_match(token, known);
      return guess ? fmt::format(" (did you mean '{}'?)", *guess) : std::string();
    }
    return {};
  }

  // The first token of `text` that is a rank and a lowercase s ("2s", "10s", "As"): the card
  // notation reads it as that rank of spades, where an author writing "2s draw two" means every
  // 2. Refused as ambiguous; "2S" and "2♠" say the card. "" when there is none.
  static std::string plural_rank(std::string_view text) {
    for (const std::string_view token : selector_tokens(text)) {
      if (token.size() >= 2 && token.back() == 's' && try_parse_card(token) &&
          try_parse_rank(token.substr(0, token.size() - 1)))
        return std::string(token);
    }
    return {};
  }

  // One selector string, parsed and checked against the deck; `at_key` for selectors written
  // as map keys (scoring.values).
  Selector selector_text(const std::string& text, const Entry& at, bool at_key,
                         std::span<const SelectorWord> words = {}) {
    const auto fail = [&](const std::string& message) {
      if (at_key) d_.fail_at_key(at, message);
      d_.fail(at, message);
    };
    Selector selector;
    try {
      selector = parse_selector(text, words);
    } catch (const NotationError& e) {
      fail(e.what() + selector_suggestion(text, words));
    }
    if (const std::string plural = plural_rank(text); !plural.empty()) {
      const std::string rank = plural.substr(0, plural.size() - 1);
      fail(
          fmt::format("'{0}' in selector '{1}' reads as one card, the {2} of spades: write {2} "
                      "for every {2} (a rank), or {2}S for that one card",
                      plural, text, rank));
    }
    if (selector.cards.empty()) fail(fmt::format("selector '{}' matches no card at all", text));
    if ((selector.cards & kinds_).empty())
      fail(fmt::format("selector '{}' matches no card of the deck ({})", text,
                       deck_description(at, selector.cards)));
    selector.cards &= kinds_;
    return selector;
  }

  // A selector value: a string, or a list of strings (their union).
  Selector selector(const Entry& e, std::span<const SelectorWord> words = {}) {
    const std::vector<Entry> items = d_.scalar_or_list(e);
    if (items.empty()) d_.fail(e, "an empty list: name at least one card");
    std::vector<Selector> parts;
    for (const Entry& item : items) {
      if (!is_scalar(item.value))
        d_.fail(item, fmt::format("expected a selector like 'black J', got {}",
                                  detail::yaml::describe(item.value)));
      parts.push_back(selector_text(item.value.Scalar(), item, false, words));
    }
    return selector_union(parts);
  }

  // ---- specials ----

  void read_specials() {
    std::optional<Entry> specials;
    d_.attempt([&] { specials = d_.find(root_, "specials"); });
    if (!specials) return;
    std::vector<Entry> entries;
    d_.attempt([&] { entries = d_.map_entries(*specials); });
    std::vector<std::string_view> names;
    for (const Entry& entry : entries) names.push_back(entry.key->Scalar());
    // Each special on its own: an error in one does not hide those of the others.
    for (const Entry& entry : entries) d_.attempt([&] { read_special(entry, names); });
  }

  void read_special(const Entry& entry, const std::vector<std::string_view>& names) {
    {
      const std::string& name = entry.key->Scalar();
      if (name.empty() || name.size() > kMaxNameLength)
        d_.fail_at_key(
            entry, fmt::format("a special's name must have 1 to {} characters", kMaxNameLength));
      d_.expect_keys(
          entry,
          {"cards",         "wild",        "names_suit",         "demand",     "draw",
           "skip",          "stack",       "stack_adds",         "cap",        "cancel",
           "miss_turn",     "reverse",     "two_players",        "back",       "play_again",
           "not_on",        "deflect",     "deflect_reverse_to", "swap_hands", "rotate_hands",
           "answers_match", "anything_on", "only_without_suit",  "waits",      "names_rank"});
      if (entry.value.IsMap() && !d_.find(entry, "cards")) {
        // A special without cards is new here: most likely a misspelt one of the others, or one
        // a base deleted (QA: crazy-eights' `skip: null` below `skip: {stack: 8}` was only
        // "missing required key 'cards'", at a key never written).
        std::vector<std::string_view> others;
        for (std::string_view n : names)
          if (n != name) others.push_back(n);
        const std::optional<std::string> guess = closest_match(name, others);
        if (const std::optional<Entry> gone = d_.deleted("specials." + name)) {
          const detail::yaml::Location at = d_.locate(gone->value);
          d_.fail_at_key(entry,
                         fmt::format("a new special needs `cards`: '{}' was deleted by `{}: null` "
                                     "({}:{}); give it `cards` to make it again{}",
                                     name, name, at.file, at.line,
                                     guess ? fmt::format(", or did you mean '{}'?", *guess) : ""));
        }
        if (guess)
          d_.fail_at_key(entry,
                         fmt::format("a new special needs `cards`; did you mean '{}'?", *guess));
      }
      const Entry cards = d_.require(entry, "cards");
      Effect effect = read_effect(entry, cards);
      effect.name = name;
      v_.specials.push_back(std::move(effect));
    }
  }

  Effect read_effect(const Entry& entry, const Entry& cards) {
    Effect e;
    e.cards = selector(cards);
    e.wild = get_bool(entry, "wild", e.wild);
    e.names_suit = get_bool(entry, "names_suit", e.names_suit);
    with(entry, "demand", [&](const Entry& x) { e.demand = selector(x); });
    with(entry, "names_rank", [&](const Entry& x) { e.names_rank = selector(x); });
    e.draw = get_int(entry, "draw", 0, kMaxEffectDraw, e.draw);
    e.skip = get_int(entry, "skip", 0, kMaxSeats - 1, e.skip);
    with(entry, "stack", [&](const Entry& x) { e.stack = selector(x); });
    e.stack_adds = get_bool(entry, "stack_adds", e.stack_adds);
    e.cap = get_int(entry, "cap", 0, kMaxEffectCap, e.cap);
    with(entry, "cancel", [&](const Entry& x) { e.cancel = selector(x); });
    with(entry, "deflect", [&](const Entry& x) { e.deflect = selector(x); });
    with(entry, "deflect_reverse_to", [&](const Entry& x) {
      e.deflect_to_attacker = d_.get_enum<bool>(x, {{"attacker", true}, {"next_player", false}});
    });
    e.answers_match = get_bool(entry, "answers_match", e.answers_match);
    e.miss_turn = get_bool(entry, "miss_turn", e.miss_turn);
    e.waits = get_bool(entry, "waits", e.waits);
    e.reverse = get_bool(entry, "reverse", e.reverse);
    with(entry, "two_players", [&](const Entry& x) {
      e.reverse_skips_with_two = d_.get_enum<bool>(x, {{"skip", true}, {"reverse", false}});
    });
    e.back = get_bool(entry, "back", e.back);
    e.play_again = get_bool(entry, "play_again", e.play_again);
    e.anything_on = get_bool(entry, "anything_on", e.anything_on);
    with(entry, "not_on", [&](const Entry& x) { e.not_on = selector(x); });
    e.only_without_suit = get_bool(entry, "only_without_suit", e.only_without_suit);
    e.swap_hands = get_bool(entry, "swap_hands", e.swap_hands);
    e.rotate_hands = get_bool(entry, "rotate_hands", e.rotate_hands);
    return e;
  }

  // ---- keys that do nothing ----

  // A key set away from its default where the rest of the variant gives it no effect:
  // `rounds: 5` in a match of one round, a last-card penalty nobody is ever caught for. Most
  // likely a key in the wrong place, or a rule the author thinks is on, so it is refused where
  // the key was written in text as recent as the key that took its effect away (`switch_key`;
  // none for a default), by Documents::layer (bases < file < overrides). A file, or an
  // override, that turns a rule off need not delete every key its base gave that rule: such a
  // key is dropped, its field set back to its default (`reset`) and its path kept in
  // `dropped_`, so that a Variant's fields without effect always hold their defaults and the
  // merged text (resolved_variant_yaml) leaves the key out and loads to the same Variant.
  // Under `judge_keys_ == false` (the text of a game record) every such key is dropped.
  void report_keys_without_effect() {
    const auto check = [&](std::vector<std::string_view> key,
                           std::vector<std::string_view> switch_key, bool changed, bool dead,
                           std::string_view why, auto&& reset) {
      if (!changed || !dead) return;
      if (std::find(failed_.begin(), failed_.end(), key.front()) != failed_.end()) return;
      const std::optional<Entry> at = find_keys(key);
      if (!at) return;
      // The switch is at its default where no text sets it: then a base's key (layer below 0,
      // the file's) is judged inherited too, as the switch's deletion (`stack: null`) leaves no
      // text to compare with.
      const std::optional<Entry> off = find_keys(switch_key);
      const int key_layer = d_.layer(at->value);
      const bool inherited = off ? key_layer < d_.layer(off->value) : key_layer < 0;
      if (judge_keys_ && !inherited) {
        d_.attempt([&] {
          d_.fail_at_key(*at, fmt::format("this key has no effect here: {}; remove it", why));
        });
        return;
      }
      reset();
      dropped_.emplace_back(key.begin(), key.end());
    };
    MatchRules& match = v_.match;
    const MatchRules match_defaults;
    check({"match", "rounds"}, {"match", "end"}, match.rounds != match_defaults.rounds,
          match.end != MatchKind::fixed_rounds,
          "rounds counts the rounds of a match of end: fixed_rounds",
          [&] { match.rounds = match_defaults.rounds; });
    check({"match", "limit"}, {"match", "end"}, match.limit != match_defaults.limit,
          match.end != MatchKind::elimination && match.end != MatchKind::threshold &&
              match.end != MatchKind::first_to,
          "limit is the points of a match of end: elimination, threshold or first_to",
          [&] { match.limit = match_defaults.limit; });
    check({"match", "hard_limit"}, {"match", "end"}, match.hard_limit != match_defaults.hard_limit,
          match.end != MatchKind::threshold,
          "hard_limit is the points at which a match of end: threshold is lost outright",
          [&] { match.hard_limit = match_defaults.hard_limit; });
    LastCardRules& last = v_.last_card;
    const LastCardRules last_defaults;
    const bool nobody_penalised = last.enforce == LastCardEnforcement::none;
    check({"last_card", "penalty"}, {"last_card", "enforce"}, last.penalty != last_defaults.penalty,
          nobody_penalised, "under enforce: none nobody is penalised for a missed call",
          [&] { last.penalty = last_defaults.penalty; });
    check({"last_card", "miss_turn"}, {"last_card", "enforce"},
          last.miss_turn != last_defaults.miss_turn, nobody_penalised,
          "under enforce: none nobody is penalised for a missed call",
          [&] { last.miss_turn = last_defaults.miss_turn; });
    check({"last_card", "late_call"}, {"last_card", "enforce"},
          last.late_call != last_defaults.late_call,
          last.enforce != LastCardEnforcement::when_caught,
          "a late call is one made before anyone catches the forgetter, which only enforce: "
          "when_caught allows",
          [&] { last.late_call = last_defaults.late_call; });
    check({"last_card", "call_name"}, {"last_card", "enforce"},
          last.call_name != last_defaults.call_name, nobody_penalised && last.final_call == 0,
          "call_name is what a player says for a last card, and under enforce: none with no "
          "final_call nobody needs to say it",
          [&] { last.call_name = last_defaults.call_name; });
    check({"last_card", "final_call_name"}, {"last_card", "final_call"},
          last.final_call_name != last_defaults.final_call_name, last.final_call == 0,
          "final_call_name is what a player says with the final card under final_call, which "
          "is 0 (going out needs no call)",
          [&] { last.final_call_name = last_defaults.final_call_name; });
    IdenticalCardRules& identical = v_.identical;
    const IdenticalCardRules identical_defaults;
    const std::string_view no_bonus =
        "it shapes the bonus of identical.enabled, which is off (jump_in works without it)";
    const std::vector<std::string_view> enabled = {"identical", "enabled"};
    check({"identical", "others_draw"}, enabled,
          identical.others_draw != identical_defaults.others_draw, !identical.enabled, no_bonus,
          [&] { identical.others_draw = identical_defaults.others_draw; });
    check({"identical", "play_again"}, enabled,
          identical.play_again != identical_defaults.play_again, !identical.enabled, no_bonus,
          [&] { identical.play_again = identical_defaults.play_again; });
    check({"identical", "card_effect"}, enabled,
          identical.card_effect != identical_defaults.card_effect, !identical.enabled, no_bonus,
          [&] { identical.card_effect = identical_defaults.card_effect; });
    const Effect effect_defaults;
    // The cards of the specials that make the next player draw: what a cap can count.
    CardMask drawing;
    for (const Effect& e : v_.specials)
      if (e.draw > 0) drawing |= e.cards.cards;
    for (Effect& e : v_.specials) {
      // The cap is read only as an answer from the special's `stack` lands on its pending
      // effect (Engine::within_cap), whatever its own draw: a skip that 2s stack on has one.
      check({"specials", e.name, "cap"}, {"specials", e.name, "stack"},
            e.cap != effect_defaults.cap, e.stack.cards.empty(),
            "cap limits how far stacked answers raise the pending penalty, and this special "
            "lists no stack",
            [&] { e.cap = effect_defaults.cap; });
      // A cap counts cards to draw: a chain of skips only (its own draw 0, no answer that
      // draws, laid on no penalty that draws) has none, and would stack past it.
      const bool draws_in_chain =
          e.draw > 0 || !(e.stack.cards & drawing).empty() ||
          std::any_of(v_.specials.begin(), v_.specials.end(), [&](const Effect& d) {
            return d.draw > 0 && !(d.stack.cards & e.cards.cards).empty();
          });
      check({"specials", e.name, "cap"}, {"specials", e.name, "draw"}, e.cap != effect_defaults.cap,
            !e.stack.cards.empty() && !draws_in_chain,
            "cap limits how many cards stacked answers make the next player draw, and no card of "
            "this special's chain draws any (skips are not capped)",
            [&] { e.cap = effect_defaults.cap; });
      // Under stack_adds: false an answer passes on its own draw (Engine::within_cap), never a
      // sum: a cap at or above every answer's draw never binds (QA: `draw-two: {stack_adds:
      // false, cap: 4}` loaded, and describe said "unchanged, up to 4").
      int most_passed_on = 0;
      for (CardMask m = e.stack.cards - e.cancel.cards; !m.empty();) {
        const Card card = m.pop_first();
        const auto own = std::find_if(v_.specials.begin(), v_.specials.end(), [&](const Effect& d) {
          return d.cards.cards.contains(card);
        });
        most_passed_on = std::max(most_passed_on, own != v_.specials.end() ? own->draw : e.draw);
      }
      check({"specials", e.name, "cap"}, {"specials", e.name, "stack_adds"},
            e.cap != effect_defaults.cap,
            !e.stack.cards.empty() && !e.stack_adds && most_passed_on <= e.cap,
            fmt::format("under stack_adds: false an answer passes on its own draw, never a sum, "
                        "and no answer here draws more than {}, so a cap of {} never binds",
                        most_passed_on, e.cap),
            [&] { e.cap = effect_defaults.cap; });
      check({"specials", e.name, "stack_adds"}, {"specials", e.name, "stack"},
            e.stack_adds != effect_defaults.stack_adds, e.stack.cards.empty(),
            "stack_adds says how stacked answers add up, and this special lists no stack",
            [&] { e.stack_adds = effect_defaults.stack_adds; });
      check({"specials", e.name, "answers_match"}, {"specials", e.name, "stack"},
            e.answers_match != effect_defaults.answers_match,
            (e.stack.cards | e.cancel.cards | e.deflect.cards).empty(),
            "answers_match says which answers must match the top card, and this special lists "
            "none (stack, cancel or deflect)",
            [&] { e.answers_match = effect_defaults.answers_match; });
      check({"specials", e.name, "two_players"}, {"specials", e.name, "reverse"},
            e.reverse_skips_with_two != effect_defaults.reverse_skips_with_two, !e.reverse,
            "two_players says what a reverse does with two players, and this special does not "
            "reverse",
            [&] { e.reverse_skips_with_two = effect_defaults.reverse_skips_with_two; });
    }
  }

  // ---- the rest ----

  void read_identical() {
    with(root_, "identical", [&](const Entry& x) {
      d_.expect_keys(x, {"enabled", "others_draw", "play_again", "card_effect", "jump_in"});
      IdenticalCardRules& r = v_.identical;
      r.enabled = get_bool(x, "enabled", r.enabled);
      r.others_draw = get_int(x, "others_draw", 0, kMaxEffectDraw, r.others_draw);
      r.play_again = get_bool(x, "play_again", r.play_again);
      with(x, "card_effect", [&](const Entry& e) {
        r.card_effect = d_.get_enum<bool>(e, {{"applies", true}, {"none", false}});
      });
      with(x, "jump_in", [&](const Entry& e) {
        r.jump_in = d_.get_enum<JumpIn>(e, {{"none", JumpIn::none},
                                            {"same_card", JumpIn::same_card},
                                            {"same_rank", JumpIn::same_rank}});
      });
    });
  }

  void read_last_card() {
    with(root_, "last_card", [&](const Entry& x) {
      d_.expect_keys(x, {"enforce", "penalty", "miss_turn", "late_call", "final_call", "call_name",
                         "final_call_name"});
      LastCardRules& r = v_.last_card;
      with(x, "enforce", [&](const Entry& e) {
        r.enforce = d_.get_enum<LastCardEnforcement>(
            e, {{"none", LastCardEnforcement::none},
                {"next_turn", LastCardEnforcement::next_turn},
                {"when_caught", LastCardEnforcement::when_caught}});
      });
      r.penalty = get_int(x, "penalty", 0, kMaxEffectDraw, r.penalty);
      r.miss_turn = get_bool(x, "miss_turn", r.miss_turn);
      // Only an offence that can still be caught (enforce: when_caught) can be undone by a late
      // call; with next_turn or none the key changes nothing (so a house rule extending British
      // may switch to next_turn without also clearing late_call).
      r.late_call = get_bool(x, "late_call", r.late_call);
      // The final call stands apart from `enforce`: a round cannot wait for a challenge once a
      // hand is empty, so the penalty is drawn at once whatever the call with one card left.
      r.final_call = get_int(x, "final_call", 0, kMaxEffectDraw, r.final_call);
      // Words equal to those the key defaults to are stored as the default (empty), so that
      // they count as unchanged, as `penalty: 2` does.
      for (std::string* words : {&r.call_name, &r.final_call_name}) {
        const bool final_call = words == &r.final_call_name;
        with(x, final_call ? "final_call_name" : "call_name", [&](const Entry& e) {
          const std::string text = d_.get_string(e);
          if (const std::string_view problem = call_name_problem(text); !problem.empty())
            d_.fail(e, std::string(problem));  // not the text: it may hold a newline
          *words = text == (final_call ? r.call_words() : LastCardRules{}.call_words()) ? "" : text;
        });
      }
    });
  }

  void read_round() {
    with(root_, "round", [&](const Entry& x) {
      d_.expect_keys(x, {"turn_limit", "final_card_draws", "no_finish"});
      v_.round.turn_limit = get_int(x, "turn_limit", 1, kMaxTurnLimit, v_.round.turn_limit);
      v_.round.final_card_draws = get_bool(x, "final_card_draws", v_.round.final_card_draws);
      with(x, "no_finish", [&](const Entry& e) { read_no_finish(e); });
    });
  }

  // The words `special` and `wild` of the selectors that may use them: the cards of the
  // variant's specials and its wild cards (read once the specials are).
  std::array<SelectorWord, 2> special_words() const {
    std::array<SelectorWord, 2> words = {SelectorWord{"special", {}}, SelectorWord{"wild", {}}};
    for (const Effect& e : v_.specials) {
      words[0].cards |= e.cards.cards;
      if (e.wild) words[1].cards |= e.cards.cards;
    }
    return words;
  }

  // deal.turn_again: SELECTOR, which may say `special` and `wild`.
  void read_turn_again() {
    if (deal_)
      with(*deal_, "turn_again",
           [&](const Entry& e) { v_.deal.turn_again = selector(e, special_words()); });
  }

  // round.no_finish: {cards: SELECTOR, then: refused | draw, draw: N, unless: none |
  // follows_suit}; `special` and `wild` in the selector mean the cards of the variant's
  // specials and its wild cards.
  void read_no_finish(const Entry& x) {
    d_.expect_keys(x, {"cards", "then", "draw", "unless"});
    NoFinishRules& r = v_.round.no_finish;
    r.cards = selector(d_.require(x, "cards"), special_words());
    with(x, "then", [&](const Entry& e) {
      r.then = d_.get_enum<NoFinish>(e, {{"refused", NoFinish::refused}, {"draw", NoFinish::draw}});
    });
    r.draw = get_int(x, "draw", 1, kMaxEffectDraw, r.draw);
    with(x, "unless", [&](const Entry& e) {
      r.unless = d_.get_enum<NoFinishUnless>(
          e, {{"none", NoFinishUnless::none}, {"follows_suit", NoFinishUnless::follows_suit}});
    });
  }

  void read_scoring() {
    with(root_, "scoring", [&](const Entry& x) {
      d_.expect_keys(x, {"values", "multipliers", "pair_factor", "rounding", "formula"});
      ScoringRules& r = v_.scoring;
      with(x, "values", [&](const Entry& values) {
        for (const Entry& e : d_.map_entries(values)) {
          const Selector s = selector_text(e.key->Scalar(), e, true);
          r.values.push_back(CardValue{s.cards, s.text, d_.get_int(e, 0, kMaxCardPoints)});
        }
      });
      with(x, "multipliers", [&](const Entry& multipliers) {
        for (const Entry& e : d_.map_entries(multipliers)) {
          const Selector s = selector_text(e.key->Scalar(), e, true);
          r.multipliers.push_back(
              HandMultiplier{s.cards, s.text, d_.get_double(e, 0.0, kMaxScoreFactor, true)});
        }
      });
      with(x, "pair_factor",
           [&](const Entry& e) { r.pair_factor = d_.get_double(e, 0.0, kMaxScoreFactor, true); });
      with(x, "rounding", [&](const Entry& e) {
        r.rounding = d_.get_enum<Rounding>(
            e, {{"down", Rounding::down}, {"up", Rounding::up}, {"nearest", Rounding::nearest}});
      });
      with(x, "formula", [&](const Entry& e) { r.formula = read_formula(e); });
    });
  }

  // Stored as text after checking it with the scoring code, which evaluates it.
  std::string read_formula(const Entry& e) {
    if (!is_scalar(e.value))
      d_.fail(e, fmt::format("expected a formula (text), got {}", detail::yaml::describe(e.value)));
    const std::string text = e.value.Scalar();
    if (e.value.Tag() == "?") {
      const std::string_view kBools[] = {"true", "false", "yes", "no", "on", "off"};
      if (std::find(std::begin(kBools), std::end(kBools), text) != std::end(kBools))
        d_.fail(e, fmt::format("expected a formula (text), got the boolean {}", text));
    }
    if (text.find_first_not_of(" \t\n") == std::string::npos)
      d_.fail(e, "an empty formula: remove the key to use the structured rules");
    // Checked now, so that a bad formula is a load error with its position, never a failure
    // at scoring time.
    if (auto error = check_scoring_formula(text))
      d_.fail(e, fmt::format("bad formula at character {}: {}", error->position, error->message));
    return text;
  }

  void read_match() {
    with(root_, "match", [&](const Entry& x) {
      d_.expect_keys(x, {"end", "rounds", "limit", "hard_limit", "first_dealer"});
      MatchRules& r = v_.match;
      with(x, "end", [&](const Entry& e) {
        r.end = d_.get_enum<MatchKind>(e, {{"single_round", MatchKind::single_round},
                                           {"fixed_rounds", MatchKind::fixed_rounds},
                                           {"elimination", MatchKind::elimination},
                                           {"threshold", MatchKind::threshold},
                                           {"first_to", MatchKind::first_to}});
      });
      r.rounds = get_int(x, "rounds", 1, kMaxFixedRounds, r.rounds);
      r.limit = get_int(x, "limit", 1, kMaxMatchPoints, r.limit);
      r.hard_limit = get_int(x, "hard_limit", 0, kMaxMatchPoints, r.hard_limit);
      with(x, "first_dealer", [&](const Entry& e) {
        r.first_dealer = d_.get_enum<FirstDealer>(
            e, {{"seat_zero", FirstDealer::seat_zero}, {"lowest_cut", FirstDealer::lowest_cut}});
      });
    });
  }

  // teams: {seats: opposite | [[0, 2], [1, 3]], score: losing_teams | each_hand}. A list
  // names each seat once, from 0; whether the seating fits `players` is a combination rule
  // (report_combinations).
  void read_teams() {
    with(root_, "teams", [&](const Entry& x) {
      d_.expect_keys(x, {"seats", "score"});
      TeamRules& r = v_.teams;
      const Entry seats = d_.require(x, "seats");
      if (is_scalar(seats.value)) {
        r.seating = d_.get_enum<TeamSeating>(seats, {{"opposite", TeamSeating::opposite}});
      } else {
        r.seating = TeamSeating::listed;
        const std::vector<Entry> teams = d_.list_items(seats);
        if (teams.size() < 2)
          d_.fail(seats, "list at least two teams, each a list of seats like [[0, 2], [1, 3]]");
        std::vector<bool> named(static_cast<std::size_t>(kMaxSeats), false);
        int count = 0;
        for (const Entry& team : teams) {
          std::vector<int>& members = r.listed.emplace_back();
          const std::vector<Entry> items = d_.list_items(team);
          if (items.empty()) d_.fail(team, "an empty team: list its seats");
          for (const Entry& item : items) {
            const int seat = d_.get_int(item, 0, kMaxSeats - 1);
            if (named[static_cast<std::size_t>(seat)])
              d_.fail(item, fmt::format("seat {} is in two teams", seat));
            named[static_cast<std::size_t>(seat)] = true;
            members.push_back(seat);
            ++count;
          }
        }
        for (int seat = 0; seat < count; ++seat)
          if (!named[static_cast<std::size_t>(seat)])
            d_.fail(seats, fmt::format("the teams name {} seats but not seat {}: number the "
                                       "seats from 0",
                                       count, seat));
      }
      with(x, "score", [&](const Entry& e) {
        r.score = d_.get_enum<TeamScore>(
            e, {{"losing_teams", TeamScore::losing_teams}, {"each_hand", TeamScore::each_hand}});
      });
    });
  }

  const Documents& d_;
  Entry root_;
  Variant v_;
  CardMask kinds_ = CardMask::all();
  std::optional<Entry> players_, deck_, decks_, ranks_, jokers_, deal_, hand_size_;
  std::vector<std::string> failed_;  // the sections read_section saw fail
  mutable std::optional<std::unordered_map<std::string, Entry>> special_entries_;  // by name
  bool judge_keys_;
  std::vector<KeyPath> dropped_;  // the keys without effect dropped, as report_keys_... says
};

// The Variant of a merged tree. `judge_keys` and what `dropped` receives: VariantBuilder's.
Variant finish(const Documents& docs, const YAML::Node& tree, std::string source,
               bool judge_keys = true, std::vector<KeyPath>* dropped = nullptr) {
  const std::size_t errors = docs.error_count();
  VariantBuilder builder(docs, tree, judge_keys);
  Variant v = builder.build();
  if (dropped != nullptr) *dropped = builder.dropped();
  v.source = std::move(source);
  // The same check as a Variant built in code gets (Engine's), once the loader's own found
  // nothing: every value was read against the same limits, so a problem here is the loader's.
  if (docs.error_count() != errors) return v;
  if (const std::string problem = check_variant(v); !problem.empty())
    docs.fail(Documents::root(tree),
              fmt::format("internal error: the variant loaded passes the loader's checks but "
                          "not check_variant's: {}; please report it",
                          problem));
  return v;
}

// The source of a top-level name or path, with the name used for Variant::source.
std::pair<Source, std::string> top_source(std::string_view name_or_path) {
  const std::string text(name_or_path);
  if (is_variant_path(name_or_path)) return {file_source(text, text), text};
  const detail::EmbeddedFile* file = find_builtin(name_or_path);
  if (file == nullptr) throw LoadError(text, 0, 0, "", unknown_builtin_message(name_or_path));
  Source source = builtin_source(*file);
  return {source, source.label};
}

}  // namespace

namespace {

// Deep-merges `overrides` (a node parsed in `docs`; null or undefined for none) onto a loaded
// tree. The override's nodes keep their document, so its errors name its label and lines.
YAML::Node with_overrides(Documents& docs, YAML::Node tree, const YAML::Node& overrides) {
  if (!overrides.IsDefined() || is_null(overrides)) return tree;
  const Entry top = Documents::root(overrides);
  docs.expect_map(top);
  if (auto extends = docs.find(top, "extends"))
    docs.fail_at_key(*extends, "overrides cannot extend: they apply to the variant being loaded");
  // A record names its variant and holds the rules it was played by: under another name they
  // would not replay ("variant: 'british', but its variant_text is the rules of 'other'").
  if (auto name = docs.find(top, "name"))
    docs.fail_at_key(*name,
                     "overrides cannot rename the variant: they change its rules, and records "
                     "name the variant they were played under (write a file with `extends:` "
                     "for a variant of another name)");
  return docs.merge(tree, overrides);
}

struct Loaded {
  YAML::Node tree;  // merged: the extends chain and the overrides
  Variant variant;
  std::vector<KeyPath> dropped;  // keys of `tree` without effect, not in `variant`
};

// The whole load of one variant; throws every error found, in file order. Variant files
// report every independent error they hold (Documents::attempt). `judge_keys`: VariantBuilder's.
Loaded load_all(const Source& source, std::string name, std::string_view overrides_yaml = "",
                std::string_view overrides_label = "", bool judge_keys = true,
                std::optional<std::filesystem::path> confine_to = std::nullopt) {
  Documents docs;
  docs.collect_errors(true);
  TreeLoader loader(docs, std::move(confine_to));
  return docs.with_all_errors([&] {
    Loaded out;
    out.tree = loader.load(source);
    if (!overrides_yaml.empty())
      out.tree =
          with_overrides(docs, out.tree, docs.parse(overrides_yaml, std::string(overrides_label)));
    out.variant = finish(docs, out.tree, name, judge_keys, &out.dropped);
    return out;
  });
}

}  // namespace

bool is_variant_path(std::string_view name_or_path) {
  return name_or_path.find('/') != std::string_view::npos || name_or_path.ends_with(".yaml") ||
         name_or_path.ends_with(".yml");
}

Variant detail::load_variant_in(Documents& docs, const Entry& ref,
                                const std::filesystem::path& base_dir,
                                const YAML::Node& overrides) {
  const std::string target = docs.get_string(ref);
  std::optional<std::pair<Source, std::string>> source;
  try {
    source = top_source(is_variant_path(target) ? (base_dir / target).lexically_normal().string()
                                                : target);
  } catch (const LoadError& e) {
    docs.fail(ref, e.message());
  }
  // The overrides were parsed before the variant (with the file that holds them): they are
  // still its most recent text, for the keys they leave without effect.
  if (overrides.IsDefined() && !is_null(overrides)) docs.mark_overrides(overrides);
  TreeLoader loader(docs);
  const YAML::Node tree = with_overrides(docs, loader.load(source->first), overrides);
  return finish(docs, tree, source->second);
}

Variant load_variant(std::string_view name_or_path) {
  auto [source, name] = top_source(name_or_path);
  return load_all(source, name).variant;
}

Variant load_variant(std::string_view name_or_path, std::string_view overrides_yaml,
                     std::string_view overrides_label) {
  auto [source, name] = top_source(name_or_path);
  return load_all(source, name, overrides_yaml, overrides_label).variant;
}

namespace {
// The source of YAML text given in memory, named `label`, its `extends:` paths from `base_dir`.
Source text_source(std::string_view yaml, std::string_view label, std::string_view base_dir) {
  const std::string name(label);
  return Source{name, name, std::filesystem::path(base_dir), false, std::string(yaml)};
}
}  // namespace

Variant load_variant_from_string(std::string_view yaml, std::string_view label,
                                 std::string_view base_dir, std::string_view overrides_yaml,
                                 std::string_view overrides_label) {
  return load_all(text_source(yaml, label, base_dir), std::string(label), overrides_yaml,
                  overrides_label)
      .variant;
}

Variant detail::load_recorded_variant(std::string_view yaml, std::string_view label,
                                      std::string_view base_dir, std::string_view rules,
                                      std::string_view rules_label) {
  namespace fs = std::filesystem;
  // "" is the current directory; "dir/" is "dir" (its empty last element would make every
  // file under it look outside).
  fs::path dir =
      (base_dir.empty() ? fs::current_path() : fs::absolute(base_dir)).lexically_normal();
  if (!dir.has_filename() && dir.has_parent_path() && dir != dir.root_path())
    dir = dir.parent_path();
  return load_all(text_source(yaml, label, base_dir), std::string(label), rules, rules_label, false,
                  dir)
      .variant;
}

std::string resolved_variant_yaml(std::string_view name_or_path, std::string_view overrides_yaml,
                                  std::string_view overrides_label) {
  auto [source, name] = top_source(name_or_path);
  Loaded loaded = load_all(source, name, overrides_yaml, overrides_label);
  // A key a base set that the rules above it left without effect is not part of the variant:
  // in one document it would sit beside the key that turned it off, and be refused there.
  for (const KeyPath& path : loaded.dropped) {
    YAML::Node map;
    map.reset(loaded.tree);
    for (std::size_t i = 0; i + 1 < path.size(); ++i) map.reset(map[path[i]]);
    map.remove(path.back());
  }
  YAML::Emitter out;
  out << loaded.tree;
  std::string text = out.c_str();
  text += "\n";
  // Files of up to the limit each can merge to more: the record that embeds the text could not
  // be read back (it was refused as "FILE: N bytes", N larger than the file).
  if (text.size() > detail::yaml::kMaxTextBytes)
    throw LoadError(
        name, 0, 0, "",
        fmt::format("the variant resolved (its extends chain and overrides merged "
                    "into one document, as a record holds it) takes {} bytes, more "
                    "than the {} bytes ({} MiB) a variant may: it cannot be recorded",
                    text.size(), detail::yaml::kMaxTextBytes, detail::yaml::kMaxTextBytes >> 20));
  // The text must mean the same variant on its own (a quoting the emitter lost would not).
  Variant again = load_variant_from_string(text, name);
  again.source = loaded.variant.source;
  if (!(again == loaded.variant))
    throw LoadError(name, 0, 0, "",
                    "internal error: the variant's merged text does not load to the same "
                    "variant; please report it");
  return text;
}

std::vector<std::string> builtin_variant_names() {
  std::vector<std::string> names;
  for (const detail::EmbeddedFile& file : detail::embedded_variant_files())
    names.emplace_back(file.name);
  return names;
}

std::string_view builtin_variant_text(std::string_view name) {
  const detail::EmbeddedFile* file = find_builtin(name);
  if (file == nullptr) throw LoadError(std::string(name), 0, 0, "", unknown_builtin_message(name));
  return file->text;
}

}  // namespace switchcards
