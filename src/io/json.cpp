// JSON forms of cards, actions, events, views, states and standings; see
// include/switchcards/io/json.hpp and docs/api.md (JSON forms). nlohmann-json stays in src/.
#include "switchcards/io/json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "io/json_at.hpp"
#include "io/record_shape.hpp"
#include "io/words.hpp"
#include "switchcards/io/variant_fingerprint.hpp"
#include "switchcards/rules/variant_limits.hpp"

namespace switchcards {

// Insertion-ordered, so documents read in the order written: format and version first.
using json = nlohmann::ordered_json;

namespace {

// Text from a document as a message shows it: a control character (C0, DEL, C1) becomes its
// JSON escape, \u001b, so that a NUL cannot cut what() short and an ESC cannot drive the
// terminal that prints it. The document's strings are UTF-8 (the parser checks), so C1 is the
// pair 0xC2 0x80-0x9F.
std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned code = static_cast<unsigned char>(text[i]);
    const unsigned next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0u;
    if (code == 0xC2 && next >= 0x80 && next <= 0x9F) {
      code = next;
      ++i;
    } else if (code >= 0x20 && code != 0x7F) {
      out += text[i];
      continue;
    }
    char escape[7];
    std::snprintf(escape, sizeof escape, "\\u%04x", code);
    out += escape;
  }
  return out;
}

}  // namespace

// The message and the path (a key may hold anything) are shown escaped; path() keeps the
// pointer as it is. A fault of the whole document has no pointer to show ("" would read as
// "/", which is the pointer of the key "").
JsonError::JsonError(std::string source, std::string path, std::string message)
    : std::runtime_error(source + ": " + (path.empty() ? std::string() : printable(path) + ": ") +
                         printable(message)),
      source_(std::move(source)),
      path_(std::move(path)),
      message_(printable(message)) {}

namespace {

// ---- names of enumerations -----------------------------------------------------------------

constexpr std::array<std::string_view, 6> kActionKinds = {"play",      "draw", "pass",
                                                          "challenge", "call", "name"};
constexpr auto kPhases = [] {
  std::array<std::string_view, kPhaseCount> names{};
  for (int i = 0; i < kPhaseCount; ++i) names[i] = phase_name(static_cast<Phase>(i));
  return names;
}();
constexpr std::array<std::string_view, 2> kDirections = {
    direction_name(Direction::clockwise), direction_name(Direction::counterclockwise)};

json card_json(Card c) {
  return to_string(c);
}
json suit_json(Suit s) {
  return s == Suit::none ? json(nullptr) : json(std::string(suit_name(s)));
}
json seat_json(int seat) {
  return seat < 0 ? json(nullptr) : json(seat);
}
json cards_json(std::span<const Card> cards) {
  json a = json::array();
  for (Card c : cards) a.push_back(card_json(c));
  return a;
}
json seat_bits_json(std::uint8_t bits) {
  json a = json::array();
  for (int seat = 0; seat < 8; ++seat)
    if ((bits >> seat) & 1u) a.push_back(seat);
  return a;
}
std::string hex64(std::uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

json action_json(Action a) {
  json j = json::object();
  j["seat"] = a.seat();
  j["kind"] = std::string(kActionKinds[static_cast<int>(a.kind())]);
  if (a.kind() == ActionKind::play) {
    j["card"] = card_json(a.card());
    j["suit"] = suit_json(a.named_suit());
    j["last"] = a.calls_last();
    if (a.swap_target() >= 0) j["target"] = a.swap_target();  // a swap card's chosen seat
  }
  if (a.kind() == ActionKind::challenge) j["target"] = a.target();
  if (a.kind() == ActionKind::name) j["rank"] = std::string(rank_symbol(a.named_rank()));
  return j;
}

// The kinds whose events name a card (for suit_named, the card's suit is the suit named).
bool carries_card(EventKind k) {
  switch (k) {
    case EventKind::card_played:
    case EventKind::card_drawn:
    case EventKind::card_dealt:
    case EventKind::finish_penalty:
    case EventKind::suit_named:
    case EventKind::demand_set:
    case EventKind::penalty_pending:
    case EventKind::penalty_cancelled:
    case EventKind::penalty_deflected:
    case EventKind::hands_swapped:
    case EventKind::hands_rotated:
    case EventKind::direction_reversed:
    case EventKind::jumped_in:
    case EventKind::rank_named:
      return true;
    default:
      return false;
  }
}

json event_json(const Event& e) {
  json j = json::object();
  j["kind"] = std::string(event_name(e.kind));
  j["seat"] = e.seat == kNoSeat ? json(nullptr) : json(int{e.seat});
  // null for an event that names no card; another seat's drawn or dealt card, masked, is the
  // JOKER placeholder (seen_by).
  j["card"] = carries_card(e.kind) || e.card != Card{} ? card_json(e.card) : json(nullptr);
  j["count"] = e.count;
  j["extra"] = e.extra;
  return j;
}

json header(std::string_view format) {
  json j = json::object();
  j["format"] = std::string(format);
  j["version"] = kJsonFormatVersion;
  return j;
}

json view_json(const ViewSnapshot& v) {
  json j = header("switchcards.view");
  j["variant"] = v.variant;
  j["seat"] = v.seat;
  j["players"] = v.players;
  j["turn"] = v.turn;
  j["dealer"] = v.dealer;
  j["direction"] = std::string(direction_name(v.direction));
  j["phase"] = std::string(kPhases[static_cast<int>(v.phase)]);
  j["top"] = card_json(v.top);
  j["named_suit"] = suit_json(v.named_suit);
  j["suit_in_force"] = suit_json(v.suit_in_force);
  j["demand"] = cards_json(v.demand);
  j["pending"] = {{"draw", v.pending_draw},
                  {"skip", v.pending_skip},
                  {"effect", v.pending_effect.empty() ? json(nullptr) : json(v.pending_effect)}};
  j["stock_size"] = v.stock_size;
  j["discard_size"] = v.discard_size;
  j["hand_sizes"] = v.hand_sizes;
  j["catchable"] = seat_json(v.catchable);
  j["jump_open"] = v.jump_open;
  j["turn_cards"] = cards_json(v.turn_cards);
  j["run_step"] = v.run_step;
  j["owes_last_card"] = v.owes_last_card;
  j["misses_turn"] = v.misses_turn;
  // Only where a seat misses more than one turn (a special's waits): misses_turn says the rest,
  // and the views of other variants read as they did.
  if (std::ranges::any_of(v.turns_to_miss, [](int t) { return t > 1; }))
    j["turns_to_miss"] = v.turns_to_miss;
  if (v.named_by >= 0)
    j["named_rank"] = {{"rank", std::string(rank_symbol(v.named_rank))}, {"by", v.named_by}};
  j["winner"] = seat_json(v.winner);
  j["decisions"] = v.decisions;
  j["reshuffles"] = v.reshuffles;
  j["hand"] = cards_json(v.hand);
  j["drawn"] = v.drawn ? card_json(*v.drawn) : json(nullptr);
  j["call_due"] = v.call_due;
  j["revealed"] = v.revealed;
  if (v.revealed) {
    json hands = json::array();
    for (const auto& h : v.hands) hands.push_back(cards_json(h));
    j["hands"] = hands;
    j["stock"] = cards_json(v.stock);
    j["discard"] = cards_json(v.discard);
  }
  return j;
}

// ---- reading ---------------------------------------------------------------------------------

// A value of a document being read (detail::JsonAt: its place and the strict accessors every
// reader uses), with the accessors of this file's values: cards, suits, seats, the header.
class Node : public detail::JsonAt {
 public:
  Node(const json& value, const std::string& source) : JsonAt(value, source) {}
  Node(const JsonAt& at) : JsonAt(at) {}  // NOLINT: the same value, with these accessors

  Node operator[](std::string_view key) const { return JsonAt::operator[](key); }
  std::vector<Node> elements() const {
    const std::vector<JsonAt> all = JsonAt::elements();
    return {all.begin(), all.end()};
  }

  Card card() const {
    const std::string text = string();
    const std::optional<Card> c = try_parse_card(text);
    if (!c) fail("'" + text + "' is not a card (e.g. AS, 10H, QD, JOKER)");
    return *c;
  }
  Rank rank() const {  // a rank of a suited card: A, 2 to 10, J, Q, K
    const std::string text = string();
    const std::optional<Rank> r = try_parse_rank(text);
    if (!r || *r == kNoRank) fail("'" + text + "' is not a rank (A, 2 to 10, J, Q, K)");
    return *r;
  }
  Suit suit() const {  // a suit name, or null for none
    if (is_null()) return Suit::none;
    const std::string text = string();
    const std::optional<Suit> s = try_parse_suit(text);
    if (!s) fail("'" + text + "' is not a suit (clubs, diamonds, hearts, spades, or null)");
    return *s;
  }
  int seat_or_none(int players) const {  // a seat number, or null
    if (is_null()) return -1;
    return small(0, players - 1);
  }
  std::vector<Card> cards() const {
    std::vector<Card> out;
    for (const Node& n : elements()) out.push_back(n.card());
    return out;
  }
  template <std::size_t N>
  int choice(const std::array<std::string_view, N>& names, std::string_view what) const {
    const std::string text = string();
    for (std::size_t i = 0; i < N; ++i)
      if (names[i] == text) return static_cast<int>(i);
    std::string list;
    for (std::size_t i = 0; i < N; ++i) list += (i ? ", " : "") + std::string(names[i]);
    fail("'" + text + "' is not " + std::string(what) + " (" + list + ")");
  }
  std::uint64_t hex() const {
    const std::string text = string();
    if (text.size() != 18 || text.rfind("0x", 0) != 0 ||
        text.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos)
      fail("'" + text + "' is not a 64-bit word as 0x followed by 16 hex digits");
    return std::stoull(text.substr(2), nullptr, 16);
  }
  // The document header: this format and version.
  void expect_format(std::string_view format) const {
    const std::string f = (*this)["format"].string();
    if (f != format)
      (*this)["format"].fail("expected format '" + std::string(format) + "', not '" + f + "'");
    const Node v = (*this)["version"];
    if (!v.value().is_number_integer()) (void)v.integer(0, std::numeric_limits<int>::max());
    if (v.value() != kJsonFormatVersion)
      v.fail("version " + v.value().dump() + " is not supported (this library reads version " +
             std::to_string(kJsonFormatVersion) + ")");
  }
};

json parse(std::string_view text, const std::string& source) {
  return detail::parse_json(text, source);
}

Action read_action(const Node& n) {
  n.expect_object({"seat", "kind"}, {"card", "suit", "last", "target", "rank"});
  const int seat = n["seat"].small(0, kMaxSeats - 1);
  const auto kind = static_cast<ActionKind>(n["kind"].choice(kActionKinds, "an action kind"));
  const auto only = [&](std::initializer_list<std::string_view> allowed) {
    for (std::string_view k : {"card", "suit", "last", "target", "rank"})
      if (n.has(k) && std::find(allowed.begin(), allowed.end(), k) == allowed.end())
        n[k].fail("'" + std::string(k) + "' is not part of a '" + n["kind"].string() + "' action");
  };
  switch (kind) {
    case ActionKind::play: {
      only({"card", "suit", "last", "target"});
      if (!n.has("card")) n.fail("missing key 'card'");
      const Suit suit = n.has("suit") ? n["suit"].suit() : Suit::none;
      const bool last = n.has("last") && n["last"].boolean();
      if (n.has("target")) {
        // A swap card's play: the seat its player swaps hands with; it names no suit.
        if (suit != Suit::none) n["suit"].fail("a play with a swap target names no suit");
        return Action::play_swap(seat, n["card"].card(), n["target"].small(0, kMaxSeats - 1), last);
      }
      return Action::play(seat, n["card"].card(), suit, last);
    }
    case ActionKind::challenge:
      only({"target"});
      if (!n.has("target")) n.fail("missing key 'target'");
      return Action::challenge(seat, n["target"].small(0, kMaxSeats - 1));
    case ActionKind::draw:
      only({});
      return Action::draw(seat);
    case ActionKind::pass:
      only({});
      return Action::pass(seat);
    case ActionKind::call:
      only({});
      return Action::call(seat);
    case ActionKind::name:
      only({"rank"});
      if (!n.has("rank")) n.fail("missing key 'rank'");
      return Action::name(seat, n["rank"].rank());
  }
  n.fail("unknown action kind");
}

// The largest value a counter of type T holds, for range checks against State's fields.
template <typename T>
constexpr std::int64_t max_of(const T&) {
  return static_cast<std::int64_t>(std::numeric_limits<T>::max());
}

// An event holds only what its kind carries, as the engine writes it (engine/event.hpp): a
// field the kind does not use is null or 0, and the fields of fixed meaning keep to it (QA: a
// stock_reshuffled with a seat, a card and an extra, or a rank_named of no rank, read back).
void check_event_fields(const Node& n, const Event& e) {
  using K = EventKind;
  const K k = e.kind;
  const std::string kind(event_name(k));
  // Seatless: the first card turned up (card_played), a stalemate (round_over), a reshuffle.
  if (k == K::stock_reshuffled ? e.seat != kNoSeat
                               : e.seat == kNoSeat && k != K::card_played && k != K::round_over)
    n["seat"].fail(k == K::stock_reshuffled ? "a stock_reshuffled event names no seat (null)"
                                            : "a " + kind + " event names its seat");
  if (!carries_card(k) && e.card != Card{})
    n["card"].fail("a " + kind + " event names no card (null)");
  if ((k == K::suit_named || k == K::rank_named) && e.card.is_joker())
    n["card"].fail("a " + kind + " event names a suited card (its " +
                   (k == K::suit_named ? "suit" : "rank") + " is the one named)");
  const bool counts = k == K::penalty_pending || k == K::penalty_paid ||
                      k == K::last_card_penalty || k == K::stock_reshuffled ||
                      k == K::stock_exhausted || k == K::finish_penalty;
  const bool direction = k == K::direction_reversed || k == K::hands_rotated;
  if (direction ? e.count > 1 : !counts && e.count != 0)
    n["count"].fail(direction ? "a " + kind + " event's count is a direction: 0 or 1"
                              : "a " + kind + " event counts nothing (0)");
  const bool flag =
      k == K::last_card_called || k == K::last_card_missed || k == K::last_card_penalty;
  const bool extra = extra_is_seat(k) || k == K::penalty_pending || k == K::stock_exhausted;
  // last_card_called's 2: a late call.
  const std::uint32_t most = k == K::last_card_called ? 2 : 1;
  // Two seats of one event that are never the same one: a seat swaps with, catches or jumps
  // in before another.
  if ((k == K::hands_swapped || k == K::last_card_caught || k == K::jumped_in) &&
      e.seat != kNoSeat && e.extra == e.seat)
    n["extra"].fail("a " + kind + " event's extra is another seat than its seat (" +
                    std::to_string(e.seat) + ")");
  if (flag ? e.extra > most : !extra && e.extra != 0)
    n["extra"].fail(!flag ? "a " + kind + " event has no extra (0)"
                          : "a " + kind + " event's extra is 1 for the final card's call, " +
                                (most == 2 ? "2 for a late call, " : "") + "else 0");
}

Event read_event(const Node& n) {
  n.expect_object({"kind", "seat", "card", "count", "extra"});
  std::array<std::string_view, kEventKindCount> names{};
  for (int k = 0; k < kEventKindCount; ++k) names[k] = event_name(static_cast<EventKind>(k));
  Event e{static_cast<EventKind>(n["kind"].choice(names, "an event kind"))};
  e.seat =
      n["seat"].is_null() ? kNoSeat : static_cast<std::uint8_t>(n["seat"].small(0, kMaxSeats - 1));
  // null only where the kind names no card (event_json writes a card, JOKER for a masked draw,
  // wherever it does): a null card there read as the joker.
  if (n["card"].is_null() && carries_card(e.kind))
    n["card"].fail("a " + std::string(event_name(e.kind)) + " event names its card");
  e.card = n["card"].is_null() ? Card{} : n["card"].card();
  e.count = static_cast<decltype(e.count)>(n["count"].integer(0, max_of(e.count)));
  // Where `extra` is a seat (extra_is_seat), it is held to the seats as `seat` is: the text of
  // an event names it ("You swap hands with seat 3").
  e.extra = static_cast<decltype(e.extra)>(
      n["extra"].integer(0, extra_is_seat(e.kind) ? kMaxSeats - 1 : max_of(e.extra)));
  check_event_fields(n, e);
  return e;
}

int effect_index(const Engine& engine, const Node& n) {  // a special's name, or null
  if (n.is_null()) return -1;
  const std::string name = n.string();
  const auto& specials = engine.variant().specials;
  for (std::size_t i = 0; i < specials.size(); ++i)
    if (specials[i].name == name) return static_cast<int>(i);
  n.fail("'" + name + "' is not a special of variant '" + engine.variant().name + "'");
}

std::uint8_t seat_bits(const Node& n, int players) {
  std::uint8_t bits = 0;
  for (const Node& e : n.elements()) {
    const int seat = e.small(0, players - 1);
    if ((bits >> seat) & 1u) e.fail("seat " + std::to_string(seat) + " is listed twice");
    bits = static_cast<std::uint8_t>(bits | 1u << seat);
  }
  return bits;
}

}  // namespace

// ---- snapshot --------------------------------------------------------------------------------

ViewSnapshot snapshot(const PlayerView& v) {
  ViewSnapshot s;
  s.variant = v.variant().name;
  s.seat = v.seat();
  s.players = v.players();
  s.turn = v.turn();
  s.dealer = v.dealer();
  s.direction = v.direction();
  s.phase = v.phase();
  s.top = v.top();
  s.named_suit = v.named_suit();
  s.suit_in_force = v.suit_in_force();
  for (CardMask m = v.demand(); !m.empty();) s.demand.push_back(m.pop_first());
  s.pending_draw = v.pending_draw();
  s.pending_skip = v.pending_skip();
  if (const int e = v.pending_effect(); e >= 0) s.pending_effect = v.variant().specials[e].name;
  s.stock_size = v.stock_size();
  s.discard_size = v.discard_size();
  for (int seat = 0; seat < v.players(); ++seat) s.hand_sizes.push_back(v.hand_size(seat));
  s.catchable = v.catchable();
  s.jump_open = v.jump_open();
  s.turn_cards.assign(v.turn_cards().begin(), v.turn_cards().end());
  s.run_step = v.run_step();
  for (int seat = 0; seat < v.players(); ++seat) {
    if (v.owes_last_card(seat)) s.owes_last_card.push_back(seat);
    if (v.misses_turn(seat)) s.misses_turn.push_back(seat);
  }
  for (int seat = 0; seat < v.players(); ++seat)
    s.turns_to_miss.push_back(static_cast<int>(v.turns_to_miss(seat)));
  s.named_rank = v.named_rank();
  s.named_by = v.named_by();
  s.winner = v.winner();
  s.decisions = v.decisions();
  s.reshuffles = v.reshuffles();
  s.hand = cards_of(v.hand());
  s.drawn = v.drawn();
  s.call_due = v.call_due();
  s.revealed = v.revealed();
  if (v.revealed()) {
    for (int seat = 0; seat < v.players(); ++seat) s.hands.push_back(cards_of(v.hand_of(seat)));
    const auto stock = v.stock();  // stored top last; written top first
    s.stock.assign(stock.rbegin(), stock.rend());
    const auto discard = v.discard_pile();
    s.discard.assign(discard.begin(), discard.end());
  }
  return s;
}

// ---- writing ---------------------------------------------------------------------------------

std::string to_json(Card card) {
  return card_json(card).dump();
}
std::string to_json(Action action) {
  return action_json(action).dump();
}
std::string to_json(const Event& event) {
  return event_json(event).dump();
}
std::string to_json(std::span<const Event> events) {
  json a = json::array();
  for (const Event& e : events) a.push_back(event_json(e));
  return a.dump();
}
std::string to_json(const ViewSnapshot& view) {
  return view_json(view).dump();
}
std::string to_json(const PlayerView& view) {
  return to_json(snapshot(view));
}

namespace {

// The cards of the deck for the State's seat count that are in none of its places, in card
// order; empty for a State of a seat count the variant does not play (the reader refuses it).
std::vector<Card> out_of_play(const Variant& variant, const State& s) {
  std::vector<Card> out;
  if (s.players() < variant.fewest_players_dealt() || s.players() > variant.deal.max_players)
    return out;
  const DeckSpec deck = variant.deck_for(s.players());
  const std::array<int, kCardKinds> seen = card_counts(s);
  for (int i = 0; i < kCardKinds; ++i) {
    const Card c = Card::from_index(i);
    for (int k = seen[i]; k < deck.copies(c); ++k) out.push_back(c);
  }
  return out;
}

}  // namespace

std::string to_json(const Engine& engine, const State& s) {
  json j = header("switchcards.state");
  j["variant"] = engine.variant().name;
  j["variant_fingerprint"] = variant_fingerprint(engine.variant());
  j["players"] = s.players();
  j["turn"] = int{s.turn};
  j["dealer"] = int{s.dealer};
  j["direction"] = std::string(direction_name(s.seats.direction()));
  j["phase"] = std::string(kPhases[static_cast<int>(s.phase)]);
  json hands = json::array();
  for (int seat = 0; seat < s.players(); ++seat)
    hands.push_back(cards_json(cards_of(s.hand(seat))));
  j["hands"] = hands;
  j["discard"] = cards_json(s.discard.cards());  // bottom first, the top last
  std::vector<Card> stock(s.stock.cards().rbegin(), s.stock.cards().rend());
  j["stock"] = cards_json(stock);  // top first
  // A position set up with fewer cards than the deck (Engine::position, a scenario's setup)
  // leaves the rest out of play: listed, so that the save reads back. Absent where every card
  // of the deck is in a place (every dealt round).
  if (const std::vector<Card> out = out_of_play(engine.variant(), s); !out.empty())
    j["out_of_play"] = cards_json(out);
  j["named_suit"] = suit_json(s.named_suit);
  j["demand"] = s.demand < 0 ? json(nullptr) : json(engine.variant().specials[s.demand].name);
  // Written only while a rank named binds (names_rank): the states of other variants read as
  // they did.
  if (s.demand_by >= 0)
    j["named_rank"] = {{"rank", std::string(rank_symbol(s.named_rank))}, {"by", int{s.demand_by}}};
  j["pending"] = {
      {"draw", s.pending.draw},
      {"skip", s.pending.skip},
      {"effect", s.pending.effect < 0 ? json(nullptr)
                                      : json(engine.variant().specials[s.pending.effect].name)},
      {"from", s.pending.from < 0 ? json(nullptr) : json(int{s.pending.from})}};
  // The card of the latest after-draw decision: kept whatever the phase, so that a saved state
  // reads back equal (it matters only in phase after_draw).
  j["drawn"] = card_json(s.drawn);
  j["catchable"] = seat_json(s.catchable);
  j["jump_open"] = s.jump_open;
  j["owes_last_card"] = seat_bits_json(s.owes_last_card);
  j["misses_turn"] = seat_bits_json(s.misses_turn);
  // Written only where a special's `waits` left a seat more turns to miss: the states of other
  // variants read as they did.
  if (std::ranges::any_of(s.more_turns_missed, [](std::uint32_t t) { return t > 0; }))
    j["more_turns_missed"] = std::vector<std::uint32_t>(s.more_turns_missed.begin(),
                                                        s.more_turns_missed.begin() + s.players());
  j["winner"] = seat_json(s.winner);
  j["stalemate"] = s.stalemate;
  j["laid"] = int{s.laid};
  j["run_step"] = int{s.run_step};
  j["decisions"] = s.decisions;
  j["reshuffles"] = s.reshuffles;
  j["rng"] = {{"state", hex64(s.rng.raw_state())}, {"increment", hex64(s.rng.raw_increment())}};
  return j.dump();
}

namespace {

json standings_json(const Standings& st, const Variant* variant) {
  json j = header("switchcards.standings");
  if (variant) j["variant_fingerprint"] = variant_fingerprint(*variant);
  j["totals"] = st.totals;
  json out = json::array();
  for (bool b : st.out) out.push_back(b);
  j["out"] = out;
  j["last_round"] = st.last_round;
  j["rounds"] = st.rounds;
  j["last_round_winner"] = seat_json(st.last_round_winner);
  j["over"] = st.over;
  j["winner"] = seat_json(st.winner);
  j["loser"] = seat_json(st.loser);
  j["first_at_limit"] = seat_json(st.first_at_limit);
  j["first_at_hard_limit"] = seat_json(st.first_at_hard_limit);
  return j;
}

}  // namespace

std::string to_json(const Standings& st) {
  return standings_json(st, nullptr).dump();
}
std::string to_json(const Engine& engine, const Standings& st) {
  return standings_json(st, &engine.variant()).dump();
}

std::string to_json(const GameRecord& r) {
  json j = header("switchcards.record");
  j["variant"] = r.variant;
  j["variant_text"] = r.variant_text;
  j["rules"] = r.rules;
  j["players"] = r.players;
  j["agents"] = r.agents;
  j["seed"] = std::to_string(r.seed);  // a string: 64 bits do not fit a JSON client's double
  j["match"] = r.match;
  json rounds = json::array();
  for (const RecordedRound& round : r.rounds) {
    json actions = json::array();
    for (const Action a : round.actions) actions.push_back(to_string(a));
    rounds.push_back({{"seed", std::to_string(round.seed)},
                      {"dealer", round.dealer},
                      {"seats", round.seats},
                      {"actions", actions},
                      {"winner", seat_json(round.winner)},
                      {"scores", round.scores}});
  }
  j["rounds"] = rounds;
  j["totals"] = r.totals;
  j["match_winner"] = seat_json(r.match_winner);
  j["match_loser"] = seat_json(r.match_loser);
  if (r.round_cap > 0) j["round_cap"] = r.round_cap;  // only for a match stopped at its cap
  return j.dump();
}

// ---- reading ---------------------------------------------------------------------------------

Card card_from_json(std::string_view text, std::string_view source) {
  const std::string src(source);
  const json j = parse(text, src);
  return Node(j, src).card();
}

Action action_from_json(std::string_view text, std::string_view source) {
  const std::string src(source);
  const json j = parse(text, src);
  return read_action(Node(j, src));
}

Event event_from_json(std::string_view text, std::string_view source) {
  const std::string src(source);
  const json j = parse(text, src);
  return read_event(Node(j, src));
}

std::vector<Event> events_from_json(std::string_view text, std::string_view source) {
  const std::string src(source);
  const json j = parse(text, src);
  std::vector<Event> out;
  for (const Node& n : Node(j, src).elements()) out.push_back(read_event(n));
  return out;
}

namespace {
// What every view of a dealt round agrees with, whatever its variant: the values a client acts
// on (its call, its drawn card, the seat it may catch) must not contradict the hand sizes and
// the phase, or it would act on a position no round reaches.
void check_view(const Node& n, const ViewSnapshot& v) {
  const auto size_of = [&](int seat) { return v.hand_sizes[static_cast<std::size_t>(seat)]; };
  const int held = size_of(v.seat);
  if (v.call_due && held > 2)
    n["call_due"].fail(
        "a play carries the last-card call only from a hand of one or two cards, "
        "and this seat holds " +
        std::to_string(held));
  const bool deciding_drawn = v.phase == Phase::after_draw && v.turn == v.seat;
  if (v.drawn.has_value() != deciding_drawn)
    n["drawn"].fail(deciding_drawn
                        ? "the seat to act in phase after_draw decides on the card it drew"
                        : "a drawn card is shown only to the seat to act, in phase after_draw");
  if (v.drawn && std::find(v.hand.begin(), v.hand.end(), *v.drawn) == v.hand.end())
    n["drawn"].fail("the drawn card is not in the hand");
  if ((v.winner >= 0) && v.phase != Phase::over)
    n["winner"].fail("a round has a winner only in phase over");
  if (v.winner >= 0 && size_of(v.winner) != 0)
    n["winner"].fail("the winner holds " + std::to_string(size_of(v.winner)) + " cards");
  if (v.catchable >= 0 && size_of(v.catchable) != 1)
    n["catchable"].fail("only a seat holding one card can be caught, and seat " +
                        std::to_string(v.catchable) + " holds " +
                        std::to_string(size_of(v.catchable)));
  if (v.pending_effect.empty() != (v.pending_draw == 0 && v.pending_skip == 0))
    n["pending"].fail(v.pending_effect.empty()
                          ? "a pending draw or skip needs the special that set it"
                          : "a pending special draws or skips something");
  if (v.jump_open && v.phase != Phase::play)
    n["jump_open"].fail("a jump-in window is open only in phase play");
  if (v.discard_size < 1) n["discard_size"].fail("a dealt round has a card on the discard pile");
  // As Engine::suit_in_force has it: the suit named, else the top card's.
  const Suit in_force = v.named_suit != Suit::none ? v.named_suit : v.top.suit();
  if (v.suit_in_force != in_force)
    n["suit_in_force"].fail(
        "the suit in force is " +
        (in_force == Suit::none ? std::string("none") : std::string(suit_name(in_force))) +
        (v.named_suit != Suit::none ? " (named)" : " (the top card " + to_string(v.top) + "'s)") +
        ", not " +
        (v.suit_in_force == Suit::none ? std::string("none")
                                       : std::string(suit_name(v.suit_in_force))));
  if (!v.revealed) return;
  const std::vector<Node> hands = n["hands"].elements();
  for (int seat = 0; seat < v.players; ++seat) {
    const auto k = static_cast<std::size_t>(seat);
    if (static_cast<int>(v.hands[k].size()) != v.hand_sizes[k])
      hands[k].fail("holds " + detail::plural(v.hands[k].size(), "card") + ", but /hand_sizes/" +
                    std::to_string(seat) + " says " + std::to_string(v.hand_sizes[k]));
  }
  if (v.hands[static_cast<std::size_t>(v.seat)] != v.hand)
    hands[static_cast<std::size_t>(v.seat)].fail("is not this seat's hand (/hand)");
  if (static_cast<int>(v.stock.size()) != v.stock_size)
    n["stock"].fail("holds " + detail::plural(v.stock.size(), "card") + ", but stock_size says " +
                    std::to_string(v.stock_size));
  if (static_cast<int>(v.discard.size()) != v.discard_size)
    n["discard"].fail("holds " + detail::plural(v.discard.size(), "card") +
                      ", but discard_size says " + std::to_string(v.discard_size));
  if (v.discard.back() != v.top) n["discard"].fail("its last card is not the top (/top)");
}
}  // namespace

ViewSnapshot view_from_json(std::string_view text, std::string_view source) {
  const std::string src(source);
  const json j = parse(text, src);
  const Node n(j, src);
  n.expect_object(
      {"format",         "version",     "variant",    "seat",         "players",    "turn",
       "dealer",         "direction",   "phase",      "top",          "named_suit", "suit_in_force",
       "demand",         "pending",     "stock_size", "discard_size", "hand_sizes", "catchable",
       "owes_last_card", "misses_turn", "winner",     "decisions",    "reshuffles", "hand",
       "drawn",          "revealed"},
      {"hands", "stock", "discard", "jump_open", "call_due", "turn_cards", "run_step",
       "turns_to_miss", "named_rank"});
  n.expect_format("switchcards.view");
  ViewSnapshot v;
  v.variant = n["variant"].string();
  v.players = n["players"].small(kMinPlayers, kMaxSeats);
  v.seat = n["seat"].small(0, v.players - 1);
  v.turn = n["turn"].small(0, v.players - 1);
  v.dealer = n["dealer"].small(0, v.players - 1);
  v.direction = static_cast<Direction>(n["direction"].choice(kDirections, "a direction"));
  v.phase = static_cast<Phase>(n["phase"].choice(kPhases, "a phase"));
  v.top = n["top"].card();
  v.named_suit = n["named_suit"].suit();
  if (n.has("named_rank")) {
    const Node named = n["named_rank"];
    named.expect_object({"rank", "by"});
    v.named_rank = named["rank"].rank();
    v.named_by = named["by"].small(0, v.players - 1);
  }
  v.suit_in_force = n["suit_in_force"].suit();
  v.demand = n["demand"].cards();
  const Node pending = n["pending"];
  pending.expect_object({"draw", "skip", "effect"});
  v.pending_draw = pending["draw"].small(0, kMaxPendingDraw);
  v.pending_skip = pending["skip"].small(0, kMaxPendingSkip);
  v.pending_effect = pending["effect"].is_null() ? "" : pending["effect"].string();
  v.stock_size = n["stock_size"].small(0, kMaxCards);
  v.discard_size = n["discard_size"].small(0, kMaxCards);
  for (const Node& e : n["hand_sizes"].elements()) v.hand_sizes.push_back(e.small(0, kMaxCards));
  if (static_cast<int>(v.hand_sizes.size()) != v.players)
    n["hand_sizes"].fail("expected one size per seat (" + std::to_string(v.players) + ")");
  v.catchable = n["catchable"].seat_or_none(v.players);
  if (n.has("jump_open")) v.jump_open = n["jump_open"].boolean();
  if (n.has("call_due")) v.call_due = n["call_due"].boolean();
  if (n.has("turn_cards")) v.turn_cards = n["turn_cards"].cards();
  if (n.has("run_step")) v.run_step = n["run_step"].small(-1, 1);
  if (v.phase != Phase::laying && (!v.turn_cards.empty() || v.run_step != 0))
    (v.turn_cards.empty() ? n["run_step"] : n["turn_cards"])
        .fail("cards are laid, and a run's direction kept, only in phase laying");
  for (std::string_view k : {"owes_last_card", "misses_turn"}) {
    std::vector<int>& seats = k == "owes_last_card" ? v.owes_last_card : v.misses_turn;
    for (const Node& e : n[k].elements()) {
      const int seat = e.small(0, v.players - 1);
      if (!seats.empty() && seat <= seats.back()) e.fail("seats are listed once, in order");
      seats.push_back(seat);
    }
  }
  if (n.has("turns_to_miss")) {
    const std::vector<Node> turns = n["turns_to_miss"].elements();
    if (static_cast<int>(turns.size()) != v.players)
      n["turns_to_miss"].fail("expected one count per seat (" + std::to_string(v.players) + ")");
    for (int seat = 0; seat < v.players; ++seat) {
      v.turns_to_miss.push_back(turns[seat].small(0, kMaxPendingSkip));
      if ((v.turns_to_miss.back() > 0) != std::ranges::binary_search(v.misses_turn, seat))
        turns[seat].fail("a seat misses turns exactly when /misses_turn lists it");
    }
  } else {
    // Absent: nobody misses more than one turn.
    for (int seat = 0; seat < v.players; ++seat)
      v.turns_to_miss.push_back(std::ranges::binary_search(v.misses_turn, seat) ? 1 : 0);
  }
  v.winner = n["winner"].seat_or_none(v.players);
  v.decisions = n["decisions"].small(0, std::numeric_limits<int>::max());
  v.reshuffles = n["reshuffles"].small(0, std::numeric_limits<int>::max());
  v.hand = n["hand"].cards();
  if (static_cast<int>(v.hand.size()) != v.hand_sizes[v.seat])
    n["hand"].fail("holds " + detail::plural(v.hand.size(), "card") + ", but /hand_sizes/" +
                   std::to_string(v.seat) + " says " + std::to_string(v.hand_sizes[v.seat]));
  if (!n["drawn"].is_null()) v.drawn = n["drawn"].card();
  v.revealed = n["revealed"].boolean();
  for (std::string_view k : {"hands", "stock", "discard"}) {
    if (v.revealed && !n.has(k)) n.fail("a revealed view needs '" + std::string(k) + "'");
    if (!v.revealed && n.has(k)) n[k].fail("only a revealed view shows this");
  }
  if (v.revealed) {
    for (const Node& h : n["hands"].elements()) v.hands.push_back(h.cards());
    if (static_cast<int>(v.hands.size()) != v.players)
      n["hands"].fail("expected one hand per seat (" + std::to_string(v.players) + ")");
    v.stock = n["stock"].cards();
    v.discard = n["discard"].cards();
  }
  check_view(n, v);
  return v;
}

namespace {

// A save's variant_fingerprint, optional (saves of earlier versions have none): 16 lowercase
// hexadecimal digits, and, given the variant the save is read for, that variant's. `named`: the
// save names its variant and the name has been checked (a State's), so only the rules can differ.
void check_fingerprint(const Node& n, const Variant* variant, bool named) {
  if (!n.has("variant_fingerprint")) return;
  const Node f = n["variant_fingerprint"];
  const std::string saved = f.string();
  if (!is_variant_fingerprint(saved))
    f.fail("'" + saved + "' is not a variant fingerprint (16 lowercase hexadecimal digits)");
  if (variant == nullptr) return;
  if (const std::string now = variant_fingerprint(*variant); saved != now)
    f.fail("saved under rules of fingerprint " + saved + ", but the engine's variant '" +
           variant->name + "' has fingerprint " + now +
           (named ? std::string(": its rules changed since (load the variant as it was when "
                                "saved)")
                  : std::string(": it was saved under another variant, or this one's rules "
                                "changed since (load the variant it was saved under, as it was "
                                "then)")));
}

Standings read_standings(std::string_view text, std::string_view source, const Variant* variant) {
  const std::string src(source);
  const json j = parse(text, src);
  const Node n(j, src);
  n.expect_object(
      {"format", "version", "totals", "out", "last_round", "rounds", "last_round_winner", "over",
       "winner", "loser", "first_at_limit", "first_at_hard_limit"},
      {"variant_fingerprint"});
  n.expect_format("switchcards.standings");
  check_fingerprint(n, variant, /*named=*/false);  // standings do not name their variant
  Standings st;
  for (const Node& e : n["totals"].elements())
    st.totals.push_back(e.small(-kMaxMatchTotal, kMaxMatchTotal));
  const int players = static_cast<int>(st.totals.size());
  if (players < 1 || players > kMaxSeats)
    n["totals"].fail("expected 1 to " + std::to_string(kMaxSeats) + " seats");
  for (const Node& e : n["out"].elements()) st.out.push_back(e.boolean());
  for (const Node& e : n["last_round"].elements())
    st.last_round.push_back(e.small(-kMaxRoundScore, kMaxRoundScore));
  for (std::string_view k : {"out", "last_round"})
    if (n[k].value().size() != st.totals.size())
      n[k].fail("has " + std::to_string(n[k].value().size()) +
                (n[k].value().size() == 1 ? " entry" : " entries") + ", but /totals has " +
                std::to_string(players) + ": one entry per seat");
  st.rounds = n["rounds"].small(0, kMaxMatchRounds);
  st.last_round_winner = n["last_round_winner"].seat_or_none(players);
  st.over = n["over"].boolean();
  st.winner = n["winner"].seat_or_none(players);
  st.loser = n["loser"].seat_or_none(players);
  st.first_at_limit = n["first_at_limit"].seat_or_none(players);
  st.first_at_hard_limit = n["first_at_hard_limit"].seat_or_none(players);
  if (st.over && st.winner < 0) n["winner"].fail("a finished match has a winner");
  if (!st.over && (st.winner >= 0 || st.loser >= 0))
    n["over"].fail("a match with a winner or loser is over");
  return st;
}

}  // namespace

Standings standings_from_json(std::string_view text, std::string_view source) {
  return read_standings(text, source, nullptr);
}
Standings standings_from_json(const Engine& engine, std::string_view text,
                              std::string_view source) {
  return read_standings(text, source, &engine.variant());
}

namespace {

std::uint64_t seed_of(const Node& n) {  // a decimal string of 0 to 2^64 - 1
  const std::string text = n.string();
  const bool digits = !text.empty() && text.size() <= 20 &&
                      text.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || (text.size() == 20 && text > "18446744073709551615"))
    n.fail("'" + text + "' is not a seed (a whole number from 0 to 2^64 - 1, as a string)");
  return std::stoull(text);
}

// A record's seat or none: null, as written, or -1, as the YAML form of earlier versions wrote it.
int record_seat(const Node& n, int players) {
  const json& v = n.value();  // -1 is signed (2^64 - 1, unsigned, would convert to it)
  if (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() == -1) return -1;
  return n.seat_or_none(players);
}

std::vector<int> ints(const Node& n, std::int64_t min, std::int64_t max) {
  std::vector<int> out;
  for (const Node& e : n.elements()) out.push_back(static_cast<int>(e.integer(min, max)));
  return out;
}

}  // namespace

GameRecord record_from_json(std::string_view text, std::string_view source) {
  const std::string src(source);
  const json j = parse(text, src);
  const Node n(j, src);
  // The format first: another document (a saved state) is named as such, not by its keys.
  if (j.is_object() && j.contains("format")) n.expect_format("switchcards.record");
  n.expect_object({"format", "version", "variant", "variant_text", "rules", "players", "agents",
                   "seed", "match", "rounds", "totals", "match_winner", "match_loser"},
                  {"round_cap"});
  n.expect_format("switchcards.record");
  GameRecord r;
  r.variant = n["variant"].string();
  r.variant_text = n["variant_text"].string();
  r.rules = n["rules"].string();
  r.players = n["players"].small(1, kMaxSeats);
  for (const Node& a : n["agents"].elements()) r.agents.push_back(a.string());
  const auto check = [](const Node& at, const std::string& problem) {
    if (!problem.empty()) at.fail(problem);
  };
  if (!r.agents.empty())  // none: a record written by hand, which need not name its players
    check(n["agents"], detail::per_seat_problem(r.agents.size(), r.players, "agent"));
  r.seed = seed_of(n["seed"]);
  r.match = n["match"].boolean();
  for (const Node& rn : n["rounds"].elements()) {
    rn.expect_object({"seed", "dealer", "seats", "actions", "winner", "scores"});
    RecordedRound round;
    round.seed = seed_of(rn["seed"]);
    round.dealer = rn["dealer"].small(0, r.players - 1);
    round.seats = ints(rn["seats"], 0, r.players - 1);
    check(rn["seats"], detail::seats_problem(round.seats));
    for (const Node& a : rn["actions"].elements()) {
      try {
        round.actions.push_back(parse_action(a.string()));
      } catch (const NotationError& e) {
        a.fail(e.what());
      }
    }
    round.winner = record_seat(rn["winner"], r.players);
    round.scores = ints(rn["scores"], -detail::kRecordScoreLimit, detail::kRecordScoreLimit);
    if (!round.scores.empty())
      check(rn["scores"], detail::per_seat_problem(round.scores.size(), r.players, "score"));
    r.rounds.push_back(std::move(round));
  }
  r.totals = ints(n["totals"], -detail::kRecordTotalLimit, detail::kRecordTotalLimit);
  if (!r.totals.empty())
    check(n["totals"], detail::per_seat_problem(r.totals.size(), r.players, "total"));
  r.match_winner = record_seat(n["match_winner"], r.players);
  r.match_loser = record_seat(n["match_loser"], r.players);
  if (n.has("round_cap")) {
    r.round_cap = n["round_cap"].small(1, kMaxMatchRounds);
    if (!r.match) n["round_cap"].fail(detail::kResultOfNoMatch);
  }
  if (!r.match) {
    if (!r.totals.empty()) n["totals"].fail(detail::kResultOfNoMatch);
    if (r.match_winner >= 0) n["match_winner"].fail(detail::kResultOfNoMatch);
    if (r.match_loser >= 0) n["match_loser"].fail(detail::kResultOfNoMatch);
  }
  return r;
}

namespace {
// check_state of a State whose cards `out_of_play` (copies by card index) are in no place.
std::string check_state_with(const Engine& engine, const State& s,
                             const std::array<int, kCardKinds>& out_of_play);
}  // namespace

State state_from_json(const Engine& engine, std::string_view text, std::string_view source) {
  const std::string src(source);
  const json j = parse(text, src);
  const Node n(j, src);
  n.expect_object({"format",    "version",        "variant",     "players", "turn",
                   "dealer",    "direction",      "phase",       "hands",   "discard",
                   "stock",     "named_suit",     "demand",      "pending", "drawn",
                   "catchable", "owes_last_card", "misses_turn", "winner",  "stalemate",
                   "decisions", "reshuffles",     "rng"},
                  {"laid", "run_step", "jump_open", "out_of_play", "variant_fingerprint",
                   "more_turns_missed", "named_rank"});
  n.expect_format("switchcards.state");
  const Variant& variant = engine.variant();
  if (n["variant"].string() != variant.name)
    n["variant"].fail("this state is of variant '" + n["variant"].string() +
                      "', not of the engine's '" + variant.name + "'");
  // A variant file edited since the save keeps its name: the fingerprint tells (absent in
  // saves of earlier versions, which load as they did).
  check_fingerprint(n, &variant, /*named=*/true);
  // An elimination match deals its later rounds to fewer seats than deal.min_players.
  const int players = n["players"].small(variant.fewest_players_dealt(), variant.deal.max_players);
  State s;
  s.seats =
      Seats(players, static_cast<Direction>(n["direction"].choice(kDirections, "a direction")));
  s.turn = static_cast<std::uint8_t>(n["turn"].small(0, players - 1));
  s.dealer = static_cast<std::uint8_t>(n["dealer"].small(0, players - 1));
  s.phase = static_cast<Phase>(n["phase"].choice(kPhases, "a phase"));

  // Cards: read every place, then check them against the deck as a whole.
  const std::vector<Node> hands = n["hands"].elements();
  if (static_cast<int>(hands.size()) != players)
    n["hands"].fail("expected one hand per seat (" + std::to_string(players) + "), not " +
                    std::to_string(hands.size()));
  const DeckSpec deck = variant.deck_for(players);
  std::array<int, kCardKinds> seen{};
  int total = 0;
  const auto take = [&](const Node& c) {
    const Card card = c.card();
    if (++total > kMaxCards)
      c.fail("more cards than a State holds (" + std::to_string(kMaxCards) + ")");
    if (++seen[card.index()] > deck.copies(card))
      c.fail("'" + to_string(card) + "' is one more than the deck for " + std::to_string(players) +
             " players holds (" + std::to_string(deck.copies(card)) + ")");
    return card;
  };
  for (int seat = 0; seat < players; ++seat)
    for (const Node& c : hands[seat].elements()) s.hands[seat].add(take(c));
  const std::vector<Node> discard = n["discard"].elements();
  if (discard.empty()) n["discard"].fail("the discard pile needs its top card");
  for (const Node& c : discard) s.discard.push(take(c));
  const std::vector<Node> stock = n["stock"].elements();
  for (auto it = stock.rbegin(); it != stock.rend(); ++it) s.stock.push(take(*it));
  // A position's cards out of play are counted with the places: a card is in exactly one
  // place or listed out of play, so a card missing without being listed is still refused.
  std::array<int, kCardKinds> out{};
  if (n.has("out_of_play"))
    for (const Node& c : n["out_of_play"].elements()) ++out[take(c).index()];
  for (int i = 0; i < kCardKinds; ++i) {
    const Card c = Card::from_index(i);
    if (seen[i] < deck.copies(c))
      n.fail("'" + to_string(c) + "' is missing: the deck for " + std::to_string(players) +
             " players holds it " + std::to_string(deck.copies(c)) + " times, the state " +
             std::to_string(seen[i] - out[i]) +
             (out[i] > 0 ? " and out_of_play " + std::to_string(out[i]) : std::string()));
  }

  s.named_suit = n["named_suit"].suit();
  s.demand = static_cast<std::int8_t>(effect_index(engine, n["demand"]));
  if (n.has("named_rank")) {
    // Its special is the demand's (check_state checks that it names ranks).
    const Node named = n["named_rank"];
    named.expect_object({"rank", "by"});
    s.named_rank = named["rank"].rank();
    s.demand_by = static_cast<std::int8_t>(named["by"].small(0, players - 1));
    s.rank_demand = s.demand;
  }
  const Node pending = n["pending"];
  pending.expect_object({"draw", "skip", "effect"}, {"from"});
  if (pending.has("from") && !pending["from"].is_null())
    s.pending.from = static_cast<std::int8_t>(pending["from"].small(0, kMaxSeats - 1));
  s.pending.draw =
      static_cast<decltype(s.pending.draw)>(pending["draw"].integer(0, kMaxPendingDraw));
  s.pending.skip =
      static_cast<decltype(s.pending.skip)>(pending["skip"].integer(0, kMaxPendingSkip));
  s.pending.effect = static_cast<std::int8_t>(effect_index(engine, pending["effect"]));
  s.drawn = n["drawn"].card();
  // Outside phase after_draw no card is "drawn" (the engine keeps the joker there). Saves of
  // versions that left the last drawn card in place load as the engine now reaches them.
  if (s.phase != Phase::after_draw) s.drawn = Card{};
  s.catchable = static_cast<std::int8_t>(n["catchable"].seat_or_none(players));
  // Optional (false when absent): states saved before identical.jump_in existed load as they were.
  if (n.has("jump_open")) s.jump_open = n["jump_open"].boolean();
  s.owes_last_card = seat_bits(n["owes_last_card"], players);
  s.misses_turn = seat_bits(n["misses_turn"], players);
  if (n.has("more_turns_missed")) {
    const Node more = n["more_turns_missed"];
    const std::vector<Node> counts = more.elements();
    if (static_cast<int>(counts.size()) != players)
      more.fail("expected one count per seat (" + std::to_string(players) + ")");
    for (int seat = 0; seat < players; ++seat)
      s.more_turns_missed[seat] =
          static_cast<std::uint32_t>(counts[seat].integer(0, kMaxPendingSkip));
  }
  s.winner = static_cast<std::int8_t>(n["winner"].seat_or_none(players));
  s.stalemate = n["stalemate"].boolean();
  // Absent in states saved before play.several: 0, as in every phase but laying.
  if (n.has("laid")) s.laid = static_cast<std::uint8_t>(n["laid"].small(0, kMaxCards));
  if (n.has("run_step")) s.run_step = static_cast<std::int8_t>(n["run_step"].small(-1, 1));
  s.decisions = static_cast<std::uint32_t>(n["decisions"].integer(0, max_of(s.decisions)));
  s.reshuffles =
      static_cast<decltype(s.reshuffles)>(n["reshuffles"].integer(0, max_of(s.reshuffles)));
  const Node rng = n["rng"];
  rng.expect_object({"state", "increment"});
  const std::uint64_t increment = rng["increment"].hex();
  if ((increment & 1u) == 0) rng["increment"].fail("a generator's increment is odd");
  s.rng = Pcg32::from_raw(rng["state"].hex(), increment);

  if (const std::string why = check_state_with(engine, s, out); !why.empty()) {
    // check_state's message starts with the path of the field at fault.
    const std::size_t colon = why.find(": ");
    throw JsonError(src, why.substr(0, colon), why.substr(colon + 2));
  }
  return s;
}

// ---- checking a State ---------------------------------------------------------------------

// What a State built from raw bytes (a pickle, a memcpy) can get wrong that no State the engine
// or the JSON reader makes can: enumerations and counts out of range, cards that are no card,
// a hand whose counts disagree with its kinds. Checked before anything reads through them.
std::string check_representation(const State& s) {
  const auto byte_of = [](const auto& field) {
    unsigned char b = 0;
    std::memcpy(&b, &field, 1);
    return b;
  };
  if (s.players() < 1 || s.players() > kMaxSeats) return "/players: not a seat count";
  if (byte_of(s.seats.direction()) > 1) return "/direction: not a direction";
  if (byte_of(s.phase) >= kPhaseCount) return "/phase: not a phase";
  if (byte_of(s.named_suit) > static_cast<unsigned char>(Suit::none))
    return "/named_suit: not a suit";
  if (byte_of(s.stalemate) > 1) return "/stalemate: not a boolean";
  if (byte_of(s.jump_open) > 1) return "/jump_open: not a boolean";
  if (s.drawn.index() >= kCardKinds) return "/drawn: not a card";
  // No round reaches more (state.hpp), and a view reads them as int.
  if (s.pending.draw > static_cast<std::uint32_t>(kMaxPendingDraw))
    return "/pending/draw: out of range (0 to " + std::to_string(kMaxPendingDraw) + ")";
  if (s.pending.skip > static_cast<std::uint32_t>(kMaxPendingSkip))
    return "/pending/skip: out of range (0 to " + std::to_string(kMaxPendingSkip) + ")";
  if ((s.rng.raw_increment() & 1u) == 0) return "/rng/increment: a generator's increment is odd";
  for (const auto* pile : {&s.stock, &s.discard}) {
    const char* name = pile == &s.stock ? "/stock" : "/discard";
    if (pile->size() > pile->capacity())
      return std::string(name) + ": more cards than a pile holds";
    for (const Card c : pile->cards())
      if (c.index() >= kCardKinds) return std::string(name) + ": not a card";
  }
  // Seats within the round (or -1, none, where a field may name none), a special's index
  // -1 or more, the turn's laid cards on the pile: the engine indexes and reads through them.
  const int players = s.players();
  const auto seat_or_none = [&](int seat) { return seat >= -1 && seat < players; };
  if (s.turn >= players) return "/turn: not a seat";
  if (s.dealer >= players) return "/dealer: not a seat";
  if (!seat_or_none(s.pending.from)) return "/pending/from: not a seat";
  if (!seat_or_none(s.catchable)) return "/catchable: not a seat";
  if (!seat_or_none(s.winner)) return "/winner: not a seat";
  if ((s.owes_last_card >> players) != 0) return "/owes_last_card: not a seat";
  if ((s.misses_turn >> players) != 0) return "/misses_turn: not a seat";
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    if (s.more_turns_missed[seat] > static_cast<std::uint32_t>(kMaxPendingSkip))
      return "/more_turns_missed/" + std::to_string(seat) + ": out of range (0 to " +
             std::to_string(kMaxPendingSkip) + ")";
    if (s.more_turns_missed[seat] > 0 && !((s.misses_turn >> seat) & 1u))
      return "/more_turns_missed/" + std::to_string(seat) +
             ": more turns missed by a seat /misses_turn does not list";
  }
  if (s.demand < -1) return "/demand: not a special of the variant";
  if (s.pending.effect < -1) return "/pending/effect: not a special of the variant";
  if (byte_of(s.named_rank) > static_cast<unsigned char>(kNoRank))
    return "/named_rank/rank: not a rank";
  if (!seat_or_none(s.demand_by)) return "/named_rank/by: not a seat";
  if (s.rank_demand < -1) return "/demand: not a special of the variant";
  if (s.laid > s.discard.size())
    return "/laid: more cards laid this turn than the discard pile holds";
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    const Hand& h = s.hand(seat);
    if ((h.kinds().bits() & ~CardMask::all().bits()) != 0) return "/hands: not a card";
    int size = 0;
    for (int i = 0; i < kCardKinds; ++i) {
      const Card c = Card::from_index(i);
      if ((h.count(c) > 0) != h.contains(c)) return "/hands: a hand's counts and kinds disagree";
      size += h.count(c);
    }
    if (size != h.size()) return "/hands: a hand's size is not the sum of its cards";
  }
  return "";
}

std::string check_state(const Engine& engine, const State& s) {
  return check_state_with(engine, s, {});
}

namespace {
std::string check_state_with(const Engine& engine, const State& s,
                             const std::array<int, kCardKinds>& out_of_play) {
  if (std::string why = check_representation(s); !why.empty()) return why;
  const Variant& variant = engine.variant();
  const int players = s.players();
  if (players < variant.fewest_players_dealt() || players > variant.deal.max_players)
    return "/players: " + std::to_string(players) + " seats, but the variant is for " +
           variant.players_dealt_text();
  if (s.discard.empty()) return "/discard: the discard pile needs its top card";
  // Every card of the deck in exactly one place.
  const DeckSpec deck = variant.deck_for(players);
  for (int seat = players; seat < kMaxSeats; ++seat)
    if (!s.hand(seat).empty()) return "/hands: a seat past the last holds cards";
  const std::array<int, kCardKinds> seen = card_counts(s);
  for (int i = 0; i < kCardKinds; ++i) {
    const Card c = Card::from_index(i);
    if (seen[i] + out_of_play[i] != deck.copies(c))
      return "/hands: '" + to_string(c) + "' is in the state " + std::to_string(seen[i]) +
             " times, the deck for " + std::to_string(players) + " players holds it " +
             std::to_string(deck.copies(c)) + " times";
  }
  // Indices below -1 were refused by check_representation.
  const int specials = static_cast<int>(variant.specials.size());
  if (s.demand >= specials) return "/demand: not a special of the variant";
  // A rank named binds through its special (the demand in force), which names it; without a
  // rank named, the demand is its special's own.
  if (s.demand_by >= 0 || s.named_rank != kNoRank || s.rank_demand >= 0) {
    if (s.demand_by < 0 || s.named_rank == kNoRank || s.rank_demand != s.demand)
      return "/named_rank: a rank named, its namer and its special (the demand) go together";
    if (s.demand < 0 || !((engine.rank_choices(variant.specials[s.demand].cards.cards.first()) >>
                           static_cast<int>(s.named_rank)) &
                          1u))
      return "/named_rank/rank: the demand in force does not name " +
             std::string(rank_symbol(s.named_rank));
  } else if (s.demand >= 0 && variant.specials[s.demand].demand.cards.empty()) {
    return "/demand: '" + variant.specials[s.demand].name + "' makes no demand";
  } else if (s.demand >= 0 && !variant.specials[s.demand].names_rank.cards.empty()) {
    // Its demand binds only with the rank its player named (QA: one without it loaded, and
    // bound as a plain demand of a jack that the next card lifted).
    return "/named_rank: '" + variant.specials[s.demand].name +
           "' binds with the rank its player named, and none is named";
  }
  // The cards laid this turn: only in a turn of several cards under way (in every other phase,
  // an ended round's included, the turn's state is cleared), and at least one, above the
  // discard pile's first card. Checked before the named suit, whose check reads them.
  if (s.phase == Phase::laying) {
    if (!variant.play.several_cards())
      return "/phase: laying is a turn of several cards, which this variant does not play";
    if (s.laid < 1 || s.laid >= s.discard.size())
      return "/laid: a turn of several cards has laid at least one card on the discard pile's "
             "first";
  } else if (s.laid != 0 || s.run_step != 0) {
    return s.laid != 0 ? "/laid: cards are laid only in phase laying"
                       : "/run_step: a run's direction is kept only in phase laying";
  }
  // A suit is named only by a card that names one, and the next card laid lifts it: the top
  // card, or in a turn of several cards not yet over, one of the cards laid this turn.
  if (s.named_suit != Suit::none) {
    const auto window = s.discard.cards().last(std::max<std::size_t>(s.laid, 1));
    if (std::none_of(window.begin(), window.end(), [&](Card c) { return engine.names_suit(c); }))
      return "/named_suit: " + std::string(suit_name(s.named_suit)) +
             " is named, but the top card " + to_string(s.top()) + " names no suit";
  }
  if (s.pending.effect >= specials) return "/pending/effect: not a special of the variant";
  if (s.pending.effect < 0 && (s.pending.draw > 0 || s.pending.skip > 0))
    return "/pending/effect: a pending draw or skip needs the special that set it";
  if (s.pending.effect >= 0) {
    const Effect& e = variant.specials[s.pending.effect];
    if (!e.is_attack()) return "/pending/effect: '" + e.name + "' sets no penalty";
    if (s.pending.draw == 0 && s.pending.skip == 0)
      return "/pending: a pending penalty of '" + e.name + "' draws or skips something";
  }
  // A penalty is set by an attack card, and stays pending only while the card that set it, one
  // stacked on it or one that deflected it lies on top: any other card laid answered it. Where
  // a turn lays several cards, the rest of a run may lie on the card that set it (play.effects:
  // each), and the pile does not tell where that turn began, so there it is not checked.
  if (s.pending.active() && !variant.play.several_cards()) {
    CardMask keeps;  // the cards that may lie on top of a pending penalty
    for (const Effect& e : variant.specials)
      if (e.is_attack()) keeps = keeps | e.stack.cards | e.deflect.cards;
    const Effect* top = engine.effect_of(s.top());
    if ((top == nullptr || !top->is_attack()) && !keeps.contains(s.top()))
      return "/pending: a penalty of '" + variant.specials[s.pending.effect].name +
             "' is pending, but the top card " + to_string(s.top()) +
             " neither sets a penalty nor stacks on or deflects one";
  }
  if (s.pending.from >= 0 && !s.pending.active())
    return "/pending/from: the seat that played a penalty is kept only while it is pending";
  if (s.catchable >= 0 && variant.last_card.enforce != LastCardEnforcement::when_caught)
    return "/catchable: only last_card.enforce: when_caught lets a missed call be caught";
  if (s.owes_last_card != 0 && variant.last_card.enforce != LastCardEnforcement::next_turn)
    return "/owes_last_card: only last_card.enforce: next_turn charges a missed call at the next "
           "turn";
  if (s.catchable >= 0 && s.hand(s.catchable).size() != 1)
    return "/catchable: only a seat holding one card can be caught";
  // More turns to miss come from the skips of penalties taken under a special's waits: each a
  // card played this round, which skips at most the largest skip of the variant's specials (of
  // any special: a card without waits may stack its skips onto a penalty that has it).
  bool waits = false;
  std::uint32_t most_skip = 0;
  for (const Effect& e : variant.specials) {
    waits = waits || e.waits;
    most_skip = std::max(most_skip, static_cast<std::uint32_t>(e.skip));
  }
  for (int seat = 0; seat < players; ++seat) {
    const std::string at = "/more_turns_missed/" + std::to_string(seat);
    if (s.more_turns_missed[seat] > 0 && !waits)
      return at + ": more turns to miss come from a special's waits, and this variant has none";
    if (s.more_turns_missed[seat] > static_cast<std::uint64_t>(s.decisions) * most_skip)
      return at + ": more turns to miss than the skips of the cards played this round could make";
  }
  if (s.jump_open && variant.identical.jump_in == JumpIn::none)
    return "/jump_open: this variant has no jump-in (identical.jump_in)";
  if (s.jump_open && s.phase != Phase::play)
    return "/jump_open: a jump-in window is open only in phase play";
  if (s.drawn != Card::joker() && s.phase != Phase::after_draw)
    return "/drawn: a card is kept as drawn only in phase after_draw (the joker otherwise)";
  if (s.decisions > static_cast<std::uint32_t>(variant.round.turn_limit))
    return "/decisions: past the variant's turn limit (" +
           std::to_string(variant.round.turn_limit) + ")";
  if (s.phase != Phase::over && s.decisions >= static_cast<std::uint32_t>(variant.round.turn_limit))
    return "/decisions: a round that reached the variant's turn limit (" +
           std::to_string(variant.round.turn_limit) + ") is over";
  // A reshuffle leaves one card on the discard pile, so each after the first needs a card
  // played since the one before (state.hpp: the counter cannot wrap; QA: a save of 2^32 - 1
  // reshuffles loaded, and the next one wrapped it to 0).
  if (s.reshuffles > std::uint64_t{s.decisions} + 1)
    return "/reshuffles: " + std::to_string(s.reshuffles) + " reshuffles in " +
           std::to_string(s.decisions) +
           " decisions: each after the first needs a card played since the one before";
  // A hand emptied ends the round (Engine::position refuses one too): play would go on with a
  // seat that drew at each turn.
  if (s.phase != Phase::over)
    for (int seat = 0; seat < players; ++seat)
      if (s.hand(seat).empty())
        return "/hands/" + std::to_string(seat) + ": seat " + std::to_string(seat) +
               " holds no cards, but a round with an empty hand is over";
  switch (s.phase) {
    case Phase::over:
      if (s.stalemate && s.winner >= 0) return "/winner: a stalemate has no winner";
      if (!s.stalemate && s.winner < 0)
        return "/winner: a finished round has a winner or is a stalemate";
      if (s.winner >= 0 && !s.hand(s.winner).empty())
        return "/winner: the winner still holds cards";
      // Only the turn limit ends a round without a winner, at the decision that reaches it.
      if (s.stalemate && s.decisions != static_cast<std::uint32_t>(variant.round.turn_limit))
        return "/stalemate: a stalemate is a round the turn limit (" +
               std::to_string(variant.round.turn_limit) + " decisions) ended, and this one has " +
               std::to_string(s.decisions);
      return "";
    case Phase::after_draw:
      if (variant.draw.after == AfterDraw::end_turn)
        return "/phase: drawing ends the turn in this variant (draw.after: end_turn)";
      if (!s.hand(s.turn).contains(s.drawn))
        return "/drawn: the seat to act does not hold the drawn card";
      if (s.pending.active())
        return "/pending: a draw with a penalty pending pays it, and play goes on in phase play";
      // The engine enters after_draw only after a draw of a card that may be played on the
      // pile, and legal_actions trusts it: the card must be one the turn could play.
      {
        State before_draw = s;
        before_draw.phase = Phase::play;
        if (!engine.playable_kinds(before_draw).contains(s.drawn))
          return "/drawn: phase after_draw follows a draw of a card that may be played, and '" +
                 to_string(s.drawn) + "' may not";
      }
      break;
    case Phase::laying:
      if (s.pending.active() && !engine.variant().play.several_answers)
        return "/pending: a turn of several cards goes on after answering a penalty only where "
               "play.answers is several";
      break;
    case Phase::naming:
      // The card just played names a rank, and its player names it before anything else.
      if (engine.rank_choices(s.top()) == 0)
        return "/phase: naming follows the play of a card that names a rank (names_rank), and "
               "the top card " +
               to_string(s.top()) + " names none";
      if (s.pending.active()) return "/pending: a card that names a rank sets no penalty";
      break;
    case Phase::play:
      break;
  }
  if (s.winner >= 0 || s.stalemate) return "/phase: a round with a result is over";
  ActionList legal;
  engine.legal_actions(s, legal);
  if (legal.empty()) return "/turn: the seat to act has no decision";
  return "";
}
}  // namespace

}  // namespace switchcards
