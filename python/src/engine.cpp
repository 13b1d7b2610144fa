// Bindings of the rules and the engine: variants (built-in, file, YAML text, overrides), cards,
// actions with their text form, events with their sentences, the State as a value (copy,
// equality, pickling), the Engine (deal, legal_actions, apply, check), a seat's view (copied out
// as a value, so Python never holds a pointer into a State) and hand scoring.
#include <pybind11/stl.h>

#include <array>
#include <cstring>
#include <type_traits>

#include "bindings.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/engine/view.hpp"
#include "switchcards/io/event_text.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

namespace switchcards::python {

namespace {

constexpr std::string_view kActionKinds[] = {"play", "draw", "pass", "challenge", "call", "name"};

// A rank as its text ("7", "10", "J"), or None for none.
py::object rank_object(Rank r) {
  if (r == kNoRank) return py::none();
  return py::str(std::string(rank_symbol(r)));
}

std::vector<std::string> card_list(std::span<const Card> cards) {
  std::vector<std::string> out;
  out.reserve(cards.size());
  for (const Card c : cards) out.push_back(card_str(c));
  return out;
}

std::vector<std::string> hand_list(const Hand& hand) {
  std::vector<std::string> out;
  hand.for_each([&](Card c) { out.push_back(card_str(c)); });
  return out;
}

std::vector<Card> cards_from(const std::vector<std::string>& texts) {
  std::vector<Card> out;
  out.reserve(texts.size());
  for (const std::string& t : texts) out.push_back(parse_card(t));
  return out;
}

std::vector<Event> event_vector(const EventBuffer& events) {
  return std::vector<Event>(events.begin(), events.end());
}

std::string event_text(const Event& e, const EventTextOptions& options = {}) {
  const std::vector<std::string> lines = describe_events(std::span<const Event>(&e, 1), options);
  return lines.empty() ? std::string() : lines.front();
}

// The State is copied as raw bytes by pickle: it holds no pointers and no heap memory.
static_assert(std::is_trivially_copyable_v<State>);

py::bytes state_bytes(const State& s) {
  return py::bytes(reinterpret_cast<const char*>(&s), sizeof(State));
}

State state_from_bytes(const py::bytes& b) {
  const std::string raw = b;
  if (raw.size() != sizeof(State))
    throw std::invalid_argument("a pickled State of " + std::to_string(raw.size()) +
                                " bytes, not " + std::to_string(sizeof(State)) +
                                " (a different build of switchcards): use the JSON form "
                                "(Engine.state_to_json) between builds");
  State s;
  std::memcpy(static_cast<void*>(&s), raw.data(), sizeof(State));
  // Bytes of the right size can still hold values no State can (a suit 36, a card 0x99, a hand
  // whose counts disagree with its size), and the State's own members and every Engine call
  // read through them unchecked: refused here, before the State exists for Python.
  if (const std::string why = check_representation(s); !why.empty())
    throw std::invalid_argument("a pickled State that no build of switchcards wrote (" + why + ")");
  return s;
}

// A seat number given to an Action factory: Action keeps a seat in one byte (a swap target in
// three bits), so 256 would become seat 0 and -1 seat 255; refused as Action.parse refuses it.
int seat_arg(const py::object& seat, const char* what) {
  return int_arg<int>(seat, what, 0, kMaxSeats - 1,
                      "a seat is 0 to " + std::to_string(kMaxSeats - 1));
}

// The arguments of Engine.deal: players the variant seats; a seed; the dealer a seat, or -1
// for the last seat (the C++ Engine::deal quietly takes any other value as -1, which would deal
// a different round than asked for).
struct DealArgs {
  int players;
  std::uint64_t seed;
  int dealer;
};
DealArgs deal_args(const Engine& e, const py::object& players, const py::object& seed,
                   const py::object& dealer) {
  const Variant& v = e.variant();
  const int min = v.deal.min_players, max = v.deal.max_players;
  DealArgs a;
  a.players = int_arg<int>(
      players, "players", min, max,
      v.name + " is for " + std::to_string(min) + " to " + std::to_string(max) + " players");
  a.seed = seed_arg(seed);
  a.dealer =
      int_arg<int>(dealer, "dealer", -1, a.players - 1,
                   "a seat 0 to " + std::to_string(a.players - 1) + ", or -1 for the last seat");
  return a;
}

}  // namespace

void require_state_of(const Engine& engine, const State& s) {
  require_state_of(engine.variant(), s);
}

void require_state_of(const Variant& v, const State& s) {
  const int specials = static_cast<int>(v.specials.size());
  std::string why;
  // fewest_players_dealt: the later rounds of an elimination match have fewer seats.
  if (s.players() < v.fewest_players_dealt() || s.players() > v.deal.max_players)
    why = std::to_string(s.players()) + " seats";
  // Seats, laid cards and indices below -1 were checked when the State was made: every State
  // Python holds comes from the engine or from unpickling, which runs check_representation.
  else if (s.pending.effect >= specials || s.demand >= specials)
    why = "a pending penalty or demand of a special it does not have";
  // What another variant's rules leave in a State, cheaply (check_state judges the rest): a
  // penalty of a special that sets none here, a demand of one that makes none, a turn of
  // several cards, a jump-in window, a suit named or a drawn card kept where this variant has
  // no such thing.
  else if (s.pending.effect >= 0 && !v.specials[s.pending.effect].is_attack())
    why = "a pending penalty of '" + v.specials[s.pending.effect].name + "', which sets none";
  else if (s.demand >= 0 && v.specials[s.demand].demand.cards.empty())
    why = "a demand of '" + v.specials[s.demand].name + "', which makes none";
  else if (s.phase == Phase::laying && !v.play.several_cards())
    why = "a turn of several cards, which it does not play";
  else if (s.phase == Phase::after_draw && v.draw.after == AfterDraw::end_turn)
    why = "a drawn card to play, where a draw ends the turn";
  else if (s.jump_open && v.identical.jump_in == JumpIn::none)
    why = "a jump-in window, which it does not open";
  else if (s.named_suit != Suit::none &&
           std::ranges::none_of(v.specials, [](const Effect& e) { return e.names_suit; }))
    why = "a suit named, which none of its cards names";
  if (why.empty() && s.discard.empty())  // every dealt position has a top card
    throw std::invalid_argument("this State was never dealt (it has no discard pile)");
  if (why.empty()) {
    // No card more often than the deck holds it (a position may leave cards out, never add
    // them): another variant's deck (two decks, jokers, other ranks) shows here.
    const DeckSpec deck = v.deck_for(s.players());
    const std::array<int, kCardKinds> held = card_counts(s);
    for (int k = 0; k < kCardKinds; ++k) {
      const Card c = Card::from_index(k);
      if (held[k] > deck.copies(c)) {
        why = std::to_string(held[k]) + " of " + to_string(c) + ", which its deck for " +
              std::to_string(s.players()) + " players holds " + std::to_string(deck.copies(c)) +
              " times";
        break;
      }
    }
  }
  if (!why.empty())
    throw std::invalid_argument("this State is not a position of " + v.name + " (" + why +
                                "): was it dealt by another variant's Engine?");
}

Variant variant_arg(py::handle variant, const std::string& rules) {
  if (py::isinstance<Variant>(variant)) {
    if (!rules.empty())
      throw std::invalid_argument("rules: give the variant by name or path to merge rules onto it");
    return variant.cast<Variant>();
  }
  if (!py::isinstance<py::str>(variant))
    throw py::type_error("variant: a Variant, a built-in name or a path (str), not " +
                         std::string(py::str(py::type::of(variant).attr("__name__"))));
  const std::string name_or_path = variant.cast<std::string>();
  return rules.empty() ? load_variant(name_or_path) : load_variant(name_or_path, rules, "rules");
}

void bind_engine(py::module_& m) {
  // ---- variants ------------------------------------------------------------------------
  py::class_<Variant>(m, "Variant",
                      "Every rule of one variant: plain data, loaded and validated by "
                      "load_variant. Build an Engine from it to play.")
      .def_readonly("name", &Variant::name)
      .def_readonly("title", &Variant::title)
      .def_readonly("description", &Variant::description)
      .def_readonly("source", &Variant::source, "where it was loaded from")
      .def_readonly("beginner_mode", &Variant::beginner_mode)
      .def_property_readonly("min_players", [](const Variant& v) { return v.deal.min_players; })
      .def_property_readonly("max_players", [](const Variant& v) { return v.deal.max_players; })
      .def_property_readonly(
          "default_players", [](const Variant& v) { return v.default_players(); },
          "4, or the nearest player count the variant allows (the command line's default)")
      .def_property_readonly("specials",
                             [](const Variant& v) {
                               std::vector<std::string> names;
                               for (const Effect& e : v.specials) names.push_back(e.name);
                               return names;
                             })
      .def(
          "__eq__", [](const Variant& a, const Variant& b) { return a == b; }, py::is_operator())
      .def("__repr__", [](const Variant& v) { return "<Variant " + v.name + ">"; });

  m.def(
      "load_variant",
      [](const std::string& name_or_path, const std::string& rules, const std::string& label) {
        return rules.empty() ? load_variant(name_or_path)
                             : load_variant(name_or_path, rules, label);
      },
      py::arg("name_or_path"), py::arg("rules") = "", py::arg("rules_label") = "rules",
      "A built-in variant by name, or a YAML file (a path: contains '/' or ends in .yaml), with "
      "`rules` (a YAML mapping, as the command line's --rules) merged on before validation. "
      "Raises LoadError.");
  m.def("load_variant_from_string", &load_variant_from_string, py::arg("yaml"),
        py::arg("label") = "<string>", py::arg("base_dir") = ".", py::arg("rules") = "",
        py::arg("rules_label") = "overrides",
        "A variant from YAML text; `extends:` paths resolve from base_dir. Raises LoadError.");
  m.def("builtin_variant_names", &builtin_variant_names, "The names of the built-in variants.");
  m.def(
      "builtin_variant_text",
      [](const std::string& name) { return std::string(builtin_variant_text(name)); },
      py::arg("name"), "The YAML text of a built-in variant.");
  m.def("resolved_variant_yaml", &resolved_variant_yaml, py::arg("name_or_path"),
        py::arg("rules") = "", py::arg("rules_label") = "rules",
        "The variant as one self-contained YAML document (extends: chain and rules merged).");

  // ---- actions -------------------------------------------------------------------------
  py::class_<Action>(m, "Action",
                     "One choice of a seat. Made by the static factories or parsed from its "
                     "text form ('0 play 7H', '1 play AS hearts', '2 play 7D last', '1 draw', "
                     "'2 pass', '0 challenge 2', '2 call'); str() gives the text back.")
      .def_static(
          "play",
          [](const py::object& seat, const std::string& card, const py::object& suit, bool last) {
            return Action::play(seat_arg(seat, "seat"), parse_card(card), suit_from_object(suit),
                                last);
          },
          py::arg("seat"), py::arg("card"), py::arg("suit") = py::none(), py::arg("last") = false)
      .def_static(
          "play_swap",
          [](const py::object& seat, const std::string& card, const py::object& target, bool last) {
            return Action::play_swap(seat_arg(seat, "seat"), parse_card(card),
                                     seat_arg(target, "target"), last);
          },
          py::arg("seat"), py::arg("card"), py::arg("target"), py::arg("last") = false,
          "A play of a swap card (specials' swap_hands) that swaps hands with `target` "
          "('0 play 7H swap 2').")
      .def_static(
          "draw", [](const py::object& seat) { return Action::draw(seat_arg(seat, "seat")); },
          py::arg("seat"))
      .def_static(
          "pass_", [](const py::object& seat) { return Action::pass(seat_arg(seat, "seat")); },
          py::arg("seat"), "A pass (`pass` is a Python keyword).")
      .def_static(
          "challenge",
          [](const py::object& seat, const py::object& target) {
            return Action::challenge(seat_arg(seat, "seat"), seat_arg(target, "target"));
          },
          py::arg("seat"), py::arg("target"))
      .def_static(
          "call", [](const py::object& seat) { return Action::call(seat_arg(seat, "seat")); },
          py::arg("seat"), "The late 'last card' call.")
      .def_static(
          "name",
          [](const py::object& seat, const std::string& rank) {
            const std::optional<Rank> r = try_parse_rank(rank);
            if (!r || *r == kNoRank)
              throw std::invalid_argument("'" + rank + "' is not a rank (A, 2 to 10, J, Q, K)");
            return Action::name(seat_arg(seat, "seat"), *r);
          },
          py::arg("seat"), py::arg("rank"),
          "The rank named for the card just played (a special's names_rank): '1 name 7'.")
      .def_static(
          "parse", [](const std::string& text) { return parse_action(text); }, py::arg("text"),
          "The action of a text form; raises ValueError naming what is wrong.")
      .def_static(
          "from_json", [](const std::string& j) { return action_from_json(j, "<python>"); },
          py::arg("json"))
      .def("to_json", [](Action a) { return to_json(a); })
      .def_property_readonly("kind",
                             [](Action a) { return std::string(kActionKinds[int(a.kind())]); })
      .def_property_readonly("seat", &Action::seat)
      .def_property_readonly("card",
                             [](Action a) -> py::object {
                               if (a.kind() != ActionKind::play) return py::none();
                               return py::str(card_str(a.card()));
                             })
      .def_property_readonly("suit",
                             [](Action a) -> py::object {
                               if (a.kind() != ActionKind::play) return py::none();
                               return suit_object(a.named_suit());
                             })
      .def_property_readonly("last", &Action::calls_last, "whether a play calls 'last card'")
      .def_property_readonly(
          "rank", [](Action a) { return rank_object(a.named_rank()); },
          "the rank a `name` action names; None for other kinds")
      .def_property_readonly(
          "target",
          [](Action a) -> py::object {
            if (a.kind() != ActionKind::challenge) return py::none();
            return py::int_(a.target());
          },
          "the seat a challenge challenges; None for other kinds (a swap's: swap_target)")
      .def_property_readonly(
          "swap_target",
          [](Action a) -> py::object {
            if (a.kind() != ActionKind::play || a.swap_target() < 0) return py::none();
            return py::int_(a.swap_target());
          },
          "the seat a swap card's play swaps hands with; None for any other action")
      .def("with_last", &Action::with_last, py::arg("last") = true)
      .def("__str__", [](Action a) { return to_string(a); })
      .def("__repr__", [](Action a) { return "Action.parse('" + to_string(a) + "')"; })
      .def(
          "__eq__", [](Action a, Action b) { return a == b; }, py::is_operator())
      .def("__hash__", [](Action a) { return a.packed(); })
      .def(py::pickle([](Action a) { return to_string(a); },
                      [](const std::string& text) { return parse_action(text); }));

  // ---- events --------------------------------------------------------------------------
  py::class_<Event>(m, "Event",
                    "Something a table would show: a card played or drawn, a seat skipped, a "
                    "penalty... str() is its sentence ('Seat 2 plays 7♥').")
      .def_property_readonly("kind", [](const Event& e) { return std::string(event_name(e.kind)); })
      .def_property_readonly("seat",
                             [](const Event& e) -> py::object {
                               if (e.seat == kNoSeat) return py::none();
                               return py::int_(e.seat);
                             })
      .def_property_readonly("card",
                             [](const Event& e) -> py::object {
                               // The JSON form decides which kinds name a card.
                               if (to_json(e).find("\"card\":null") != std::string::npos)
                                 return py::none();
                               return py::str(card_str(e.card));
                             })
      .def_readonly("count", &Event::count)
      .def_readonly("extra", &Event::extra)
      .def("to_json", [](const Event& e) { return to_json(e); })
      .def_static(
          "from_json", [](const std::string& j) { return event_from_json(j, "<python>"); },
          py::arg("json"))
      .def(
          "seen_by",
          [](const Event& e, const py::object& seat, bool revealed) {
            return seen_by(e,
                           int_arg<int>(seat, "seat", 0, kMaxSeats - 1,
                                        "a seat, 0 to " + std::to_string(kMaxSeats - 1)),
                           revealed);
          },
          py::arg("seat"), py::arg("revealed") = false,
          "The event as `seat` may see it (another seat's drawn or dealt card masked).")
      .def("__str__", [](const Event& e) { return event_text(e); })
      .def("__repr__", [](const Event& e) { return "<Event " + to_json(e) + ">"; })
      .def(
          "__eq__", [](const Event& a, const Event& b) { return a == b; }, py::is_operator());

  m.def(
      "describe_events",
      [](const std::vector<Event>& events, const py::object& viewer, const Engine* engine,
         const py::object& players) {
        EventTextOptions options;
        if (!viewer.is_none()) {
          options.viewer =
              int_arg<int>(viewer, "viewer", 0, kMaxSeats - 1,
                           "a seat 0 to " + std::to_string(kMaxSeats - 1) + ", or None");
        }
        if (!players.is_none())
          options.players = int_arg<int>(players, "players", 2, kMaxSeats,
                                         "2 to " + std::to_string(kMaxSeats) + ", or None");
        options.engine = engine;
        return describe_events(events, options);
      },
      py::arg("events"), py::arg("viewer") = py::none(), py::arg("engine") = nullptr,
      py::arg("players") = py::none(),
      "The events as sentences (draws merged); `viewer`: the seat that reads 'You ...'; "
      "`engine`: the variant's words; `players`: the table's size, so that skips round it are "
      "said as turns.");

  // ---- the State -----------------------------------------------------------------------
  py::class_<State>(m, "State",
                    "The whole position of a round as a value (every hidden card included): "
                    "copy.copy copies it, == compares positions, pickle keeps it (as this "
                    "build's bytes; Engine.state_to_json is the checked, portable form). Only "
                    "Engine.apply changes it.")
      .def("copy", [](const State& s) { return s; })
      .def("__copy__", [](const State& s) { return s; })
      .def(
          "__deepcopy__", [](const State& s, const py::dict&) { return s; }, py::arg("memo"))
      .def(
          "__eq__", [](const State& a, const State& b) { return a == b; }, py::is_operator())
      .def(py::pickle([](const State& s) { return state_bytes(s); },
                      [](const py::bytes& b) { return state_from_bytes(b); }))
      .def_property_readonly("players", &State::players)
      .def_property_readonly("turn", [](const State& s) { return int{s.turn}; })
      .def_property_readonly("dealer", [](const State& s) { return int{s.dealer}; })
      .def_property_readonly("phase",
                             [](const State& s) { return std::string(phase_name(s.phase)); })
      .def_property_readonly("over", &State::over)
      .def_property_readonly("winner", [](const State& s) { return int{s.winner}; })
      .def_readonly("stalemate", &State::stalemate)
      .def_readonly("decisions", &State::decisions)
      .def_readonly("reshuffles", &State::reshuffles)
      .def_property_readonly(
          "top",
          [](const State& s) {
            // Pile::top() of an empty pile reads past its cards: every dealt State has a top.
            if (s.discard.empty())
              throw std::runtime_error("State.top: the discard pile is empty (an undealt State)");
            return card_str(s.top());
          },
          "the discard pile's top card; RuntimeError for an undealt State (no discard pile)")
      .def_property_readonly("named_suit", [](const State& s) { return suit_object(s.named_suit); })
      .def_property_readonly(
          "named_rank", [](const State& s) { return rank_object(s.named_rank); },
          "the rank named (a special's names_rank) that binds every seat in turn, or None")
      .def_property_readonly(
          "named_by", [](const State& s) { return int{s.demand_by}; },
          "the seat that named it, whose turn it binds last; -1 for none")
      .def_property_readonly("pending_draw", [](const State& s) { return s.pending.draw; })
      .def_property_readonly("pending_skip", [](const State& s) { return s.pending.skip; })
      .def_property_readonly("catchable", [](const State& s) { return int{s.catchable}; })
      .def_property_readonly("jump_open", [](const State& s) { return s.jump_open; })
      .def(
          "hand",
          [](const State& s, const py::object& seat) {
            return hand_list(s.hand(state_seat(s, seat)));
          },
          py::arg("seat"))
      .def_property_readonly(
          "stock", [](const State& s) { return card_list(s.stock.cards()); }, "top last")
      .def_property_readonly(
          "discard", [](const State& s) { return card_list(s.discard.cards()); },
          "bottom first; the last is the top");

  // ---- a seat's view -------------------------------------------------------------------
  py::class_<ViewSnapshot>(m, "PlayerView",
                           "What one seat may know of a round, copied out as a value "
                           "(Engine.view): its own hand, the others' hand sizes, the table. "
                           "Agents and the environment see only this.")
      .def_readonly("variant", &ViewSnapshot::variant)
      .def_readonly("seat", &ViewSnapshot::seat)
      .def_readonly("players", &ViewSnapshot::players)
      .def_readonly("turn", &ViewSnapshot::turn)
      .def_readonly("dealer", &ViewSnapshot::dealer)
      .def_property_readonly("my_turn", [](const ViewSnapshot& v) { return v.turn == v.seat; })
      .def_property_readonly("direction",
                             [](const ViewSnapshot& v) {
                               return v.direction == Direction::clockwise ? "clockwise"
                                                                          : "counterclockwise";
                             })
      .def_property_readonly("phase",
                             [](const ViewSnapshot& v) { return std::string(phase_name(v.phase)); })
      .def_property_readonly("top", [](const ViewSnapshot& v) { return card_str(v.top); })
      .def_property_readonly("named_suit",
                             [](const ViewSnapshot& v) { return suit_object(v.named_suit); })
      .def_property_readonly("suit_in_force",
                             [](const ViewSnapshot& v) { return suit_object(v.suit_in_force); })
      .def_property_readonly("demand", [](const ViewSnapshot& v) { return card_list(v.demand); })
      .def_readonly("pending_draw", &ViewSnapshot::pending_draw)
      .def_readonly("pending_skip", &ViewSnapshot::pending_skip)
      .def_readonly("pending_effect", &ViewSnapshot::pending_effect)
      .def_readonly("stock_size", &ViewSnapshot::stock_size)
      .def_readonly("discard_size", &ViewSnapshot::discard_size)
      .def_readonly("hand_sizes", &ViewSnapshot::hand_sizes)
      .def_readonly("catchable", &ViewSnapshot::catchable)
      .def_readonly("jump_open", &ViewSnapshot::jump_open)
      .def_readonly("call_due", &ViewSnapshot::call_due)
      .def_property_readonly("turn_cards",
                             [](const ViewSnapshot& v) { return card_list(v.turn_cards); })
      .def_readonly("run_step", &ViewSnapshot::run_step)
      .def_readonly("owes_last_card", &ViewSnapshot::owes_last_card)
      .def_readonly("misses_turn", &ViewSnapshot::misses_turn)
      .def_readonly("turns_to_miss", &ViewSnapshot::turns_to_miss)
      .def_property_readonly(
          "named_rank", [](const ViewSnapshot& v) { return rank_object(v.named_rank); },
          "the rank named (a special's names_rank) that binds every seat in turn, or None")
      .def_readonly("named_by", &ViewSnapshot::named_by,
                    "the seat that named it, whose turn it binds last; -1 for none")
      .def_readonly("winner", &ViewSnapshot::winner)
      .def_readonly("decisions", &ViewSnapshot::decisions)
      .def_readonly("reshuffles", &ViewSnapshot::reshuffles)
      .def_property_readonly("hand", [](const ViewSnapshot& v) { return card_list(v.hand); })
      .def_property_readonly("drawn",
                             [](const ViewSnapshot& v) -> py::object {
                               if (!v.drawn) return py::none();
                               return py::str(card_str(*v.drawn));
                             })
      .def_readonly("revealed", &ViewSnapshot::revealed)
      .def("to_json", [](const ViewSnapshot& v) { return to_json(v); })
      .def_static(
          "from_json", [](const std::string& j) { return view_from_json(j, "<python>"); },
          py::arg("json"))
      .def(
          "__eq__", [](const ViewSnapshot& a, const ViewSnapshot& b) { return a == b; },
          py::is_operator())
      .def(py::pickle([](const ViewSnapshot& v) { return to_json(v); },
                      [](const std::string& j) { return view_from_json(j, "pickle"); }));

  // ---- the engine ----------------------------------------------------------------------
  py::class_<Engine, EnginePtr>(m, "Engine",
                                "Applies a variant's rules to States. Built once from a "
                                "Variant (or a variant name or path); never changes.")
      .def(py::init([](const Variant& v) { return std::make_shared<Engine>(v); }),
           py::arg("variant"))
      .def(py::init([](const std::string& name_or_path, const std::string& rules) {
             return std::make_shared<Engine>(variant_arg(py::str(name_or_path), rules));
           }),
           py::arg("name_or_path"), py::arg("rules") = "")
      .def_property_readonly("variant", &Engine::variant,
                             py::return_value_policy::reference_internal)
      .def(
          "deal",
          [](const Engine& e, const py::object& players, const py::object& seed,
             const py::object& dealer) {
            const DealArgs a = deal_args(e, players, seed, dealer);
            return e.deal(a.players, a.seed, a.dealer);
          },
          py::arg("players"), py::arg("seed"), py::arg("dealer") = py::int_(-1),
          "Shuffles with `seed` and deals; the dealer defaults to the last seat (seat 0 starts).")
      .def(
          "deal_with_events",
          [](const Engine& e, const py::object& players, const py::object& seed,
             const py::object& dealer, bool every_card) {
            const DealArgs a = deal_args(e, players, seed, dealer);
            EventBuffer events;
            State s = e.deal(a.players, a.seed, a.dealer, &events,
                             every_card ? DealEvents::every_card : DealEvents::turned_up_card);
            return py::make_tuple(s, event_vector(events));
          },
          py::arg("players"), py::arg("seed"), py::arg("dealer") = py::int_(-1),
          py::arg("every_card") = false,
          "(State, events): the deal and what it did (every card dealt, with every_card).")
      .def(
          "legal_actions",
          [](const Engine& e, const State& s) {
            require_state_of(e, s);
            ActionList legal;
            e.legal_actions(s, legal);
            return std::vector<Action>(legal.begin(), legal.end());
          },
          py::arg("state"), "The legal actions of the seat to act, in the engine's fixed order.")
      .def(
          "jump_ins",
          [](const Engine& e, const State& s, const py::object& seat) {
            require_state_of(e, s);
            ActionList jumps;
            e.jump_ins(s, state_seat(s, seat), jumps);
            return std::vector<Action>(jumps.begin(), jumps.end());
          },
          py::arg("state"), py::arg("seat"),
          "The plays `seat` may jump in with now, out of turn (identical.jump_in); [] if none.")
      .def(
          "apply",
          [](const Engine& e, State& s, Action a) {
            require_state_of(e, s);
            EventBuffer events;
            if (const ApplyResult r = e.apply(s, a, &events); !r)
              throw IllegalAction(to_string(a), r.refusal);
            return event_vector(events);
          },
          py::arg("state"), py::arg("action"),
          "Applies the action to the state in place and returns its events; raises "
          "IllegalAction (the state untouched) if the engine refuses it.")
      .def(
          "check",
          [](const Engine& e, const State& s, Action a) -> py::object {
            require_state_of(e, s);
            const Refusal r = e.check(s, a);
            if (r == Refusal::none) return py::none();
            return py::str(std::string(describe(r)));
          },
          py::arg("state"), py::arg("action"),
          "None if the action would be accepted, else the reason it would be refused.")
      .def(
          "view",
          [](const Engine& e, const State& s, const py::object& seat, bool revealed) {
            require_state_of(e, s);
            return snapshot(PlayerView(e, s, state_seat(s, seat), revealed));
          },
          py::arg("state"), py::arg("seat"), py::arg("revealed") = false,
          "What `seat` may know, as a PlayerView value.")
      .def(
          "view_json",
          [](const Engine& e, const State& s, const py::object& seat, bool revealed) {
            require_state_of(e, s);
            return to_json(PlayerView(e, s, state_seat(s, seat), revealed));
          },
          py::arg("state"), py::arg("seat"), py::arg("revealed") = false)
      .def(
          "state_to_json",
          [](const Engine& e, const State& s) {
            require_state_of(e, s);
            return to_json(e, s);
          },
          py::arg("state"), "The State's JSON form (a save).")
      .def(
          "state_from_json",
          [](const Engine& e, const std::string& j, const std::string& source) {
            return state_from_json(e, j, source);
          },
          py::arg("json"), py::arg("source") = "<python>",
          "A State read back from its JSON form, checked as a dealt position (a set-up "
          "position's cards out of play listed in its out_of_play); raises JsonError.")
      .def(
          "check_state", [](const Engine& e, const State& s) { return check_state(e, s); },
          py::arg("state"),
          "'' if the State is a consistent dealt position (every card of the deck in a place), "
          "else what is wrong.")
      .def(
          "describe_position",
          [](const Engine& e, const State& s) {
            require_state_of(e, s);
            return describe_position(e, s);
          },
          py::arg("state"), "The whole position for people, one line a part.")
      .def(
          "position",
          [](const Engine& e, const std::vector<std::vector<std::string>>& hands,
             const std::vector<std::string>& discard, const std::vector<std::string>& stock,
             const py::object& turn, const std::string& direction, const py::object& suit,
             const py::object& seed) {
            // Engine::position takes 1 to kMaxSeats hands whatever the variant; a State of
            // another seat count would then be refused by every other call.
            const Variant& v = e.variant();
            const int players = static_cast<int>(hands.size());
            const int fewest = v.fewest_players_dealt();
            if (players < fewest || players > v.deal.max_players)
              throw std::invalid_argument("hands: " + std::to_string(players) +
                                          " (a hand a seat), but " + v.name + " is for " +
                                          v.players_dealt_text());
            Position p;
            for (const auto& h : hands) p.hands.push_back(cards_from(h));
            p.discard = cards_from(discard);
            p.stock = cards_from(stock);
            p.turn = int_arg<int>(turn, "turn", 0, players - 1,
                                  "a seat 0 to " + std::to_string(players - 1));
            if (direction != "clockwise" && direction != "counterclockwise")
              throw std::invalid_argument("direction: 'clockwise' or 'counterclockwise', not '" +
                                          direction + "'");
            p.direction =
                direction == "clockwise" ? Direction::clockwise : Direction::counterclockwise;
            p.suit = suit_from_object(suit);
            p.seed = seed_arg(seed);
            return e.position(p);
          },
          py::arg("hands"), py::arg("discard"), py::arg("stock") = std::vector<std::string>{},
          py::arg("turn") = py::int_(0), py::arg("direction") = "clockwise",
          py::arg("suit") = py::none(), py::arg("seed") = py::int_(0),
          "An exact position: hands by seat, the discard pile (bottom first, the top last), the "
          "stock (top first).");

  // ---- scoring -------------------------------------------------------------------------
  m.def(
      "score_hand",
      [](const Variant& v, const std::vector<std::string>& cards) {
        const std::vector<Card> hand = cards_from(cards);
        if (const std::string problem = hand_problem(v, hand); !problem.empty())
          throw py::value_error(problem);
        return score_hand(v, std::span<const Card>(hand));
      },
      py::arg("variant"), py::arg("cards"),
      "The penalty points of the cards left in a hand under the variant's scoring rules; a card "
      "the variant's deck has not, or more copies than it holds, is a ValueError.");
  m.def(
      "round_scores",
      [](const Variant& v, const State& s) {
        require_state_of(v, s);
        return round_scores(v, s);
      },
      py::arg("variant"), py::arg("state"),
      "The scores of a round by seat under the variant's match and team rules: the winner 0 and "
      "each other seat its hand (after a stalemate every hand scores); under match.end first_to "
      "the winner the sum of the other hands and the others 0 (a stalemate scores nothing). With "
      "teams, the team scores: under first_to the winner and its partners each the sum of the "
      "other teams' hands.");
}

}  // namespace switchcards::python
