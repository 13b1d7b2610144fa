// Bindings of what a learning agent needs: ActionSpace (dense seat-relative action ids and the
// mask of the legal ones), ObservationLayout (the named layout table and the observation
// vector) and CardKnowledge (a seat's memory of the cards played), writing into numpy buffers
// the caller owns.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>

#include "bindings.hpp"
#include "buffers.hpp"
#include "switchcards/engine/action_space.hpp"
#include "switchcards/engine/card_knowledge.hpp"
#include "switchcards/engine/observation.hpp"

namespace switchcards::python {

namespace {

// Each keeps the engine it was built from alive, so a Python object never outlives it.
struct SpaceHolder {
  EnginePtr engine;
  ActionSpace space;
};
struct LayoutHolder {
  EnginePtr engine;
  ObservationLayout layout;
};
struct KnowledgeHolder {
  EnginePtr engine;
  CardKnowledge knowledge;
};

// The match totals given to a layout: one a seat of the layout (by match seat), or none. The
// layout reads those that exist and writes 0 for the rest, so a list of another length would
// go through silently, shifted or cut.
void require_totals(const ObservationLayout& layout, const std::vector<int>& totals) {
  if (!totals.empty() && static_cast<int>(totals.size()) != layout.players())
    throw std::invalid_argument("totals: " + std::to_string(layout.players()) +
                                " (one a seat of the layout) or none, not " +
                                std::to_string(totals.size()));
}

// An id of `space`: ValueError outside 0..size-1, as the environment's ids (the C++ call's
// std::out_of_range would be an IndexError).
int space_id(const ActionSpace& space, const py::object& id) {
  // Read in the space's own range, so that any id outside it is refused naming that range.
  return int_arg<int>(id, "id", 0, space.size() - 1,
                      fmt::format("an action id, 0 to {}", space.size() - 1));
}

}  // namespace

py::dict slice_dict(const ObservationSlice& s) {
  py::dict d;
  d["name"] = s.name;
  d["offset"] = s.offset;
  d["size"] = s.size;
  d["meaning"] = s.meaning;
  return d;
}

void bind_learning(py::module_& m) {
  m.def(
      "card_index", [](const std::string& card) { return parse_card(card).index(); },
      py::arg("card"),
      "The card's index, as the action ids and the observation order cards: suit * 13 + rank "
      "(clubs, diamonds, hearts, spades; ace 0 to king 12), the joker 52.");
  m.def(
      "card_of_index",
      [](const py::object& index) {
        return to_string(Card::from_index(int_arg<int>(index, "index", 0, kCardKinds - 1)));
      },
      py::arg("index"), "The card of an index 0 to 52 (card_index's inverse).");
  py::class_<SpaceHolder>(m, "ActionSpace",
                          "Dense ids 0..size-1 for every action a seat can take in one variant "
                          "and player count, relative to the acting seat.")
      .def(py::init([](EnginePtr e, const py::object& players) {
             return SpaceHolder{e, ActionSpace(*e, int_arg<int>(players, "players"))};
           }),
           py::arg("engine"), py::arg("players"))
      .def_property_readonly("size", [](const SpaceHolder& h) { return h.space.size(); })
      .def_property_readonly("players", [](const SpaceHolder& h) { return h.space.players(); })
      .def(
          "id", [](const SpaceHolder& h, Action a) { return h.space.id(a); }, py::arg("action"),
          "The id of an action made by its own seat, or -1.")
      .def(
          "action",
          [](const SpaceHolder& h, const py::object& id, const py::object& seat) {
            const int s = int_arg<int>(seat, "seat");
            if (s < 0 || s >= h.space.players())
              throw py::value_error(
                  fmt::format("seat {}: a seat of the space's {} players, 0 to {}", s,
                              h.space.players(), h.space.players() - 1));
            return h.space.action(space_id(h.space, id), s);
          },
          py::arg("id"), py::arg("seat"), "The action `id` stands for, made by `seat`.")
      .def(
          "name",
          [](const SpaceHolder& h, const py::object& id) {
            return h.space.name(space_id(h.space, id));
          },
          py::arg("id"), "Seat-free text of an id: 'play 8S hearts last', 'draw', 'challenge +2'.")
      .def_property_readonly("names",
                             [](const SpaceHolder& h) {
                               std::vector<std::string> names;
                               for (int i = 0; i < h.space.size(); ++i)
                                 names.push_back(h.space.name(i));
                               return names;
                             })
      .def(
          "mask",
          [](const SpaceHolder& h, const State& s, py::array out) {
            require_state_of(*h.engine, s);
            // Ids are relative to the acting seat and number the challenges and swaps of
            // `players` seats: another seat count's actions would find no id, silently.
            if (s.players() != h.space.players())
              throw std::invalid_argument(
                  "this action space is for " + std::to_string(h.space.players()) +
                  " players, not a State of " + std::to_string(s.players()));
            ActionList legal;
            h.engine->legal_actions(s, legal);
            h.space.mask(legal.span(), s.hand(s.turn).size(),
                         writable_span<std::uint8_t>(out, h.space.size(), "mask"));
          },
          py::arg("state"), py::arg("out"),
          "Writes 1 into `out` (uint8 or int8, size entries) for every id the seat to act may "
          "take now, 0 elsewhere.");

  py::class_<LayoutHolder>(m, "ObservationLayout",
                           "A seat's view as a fixed-length float32 vector, with a layout "
                           "table naming every slice.")
      .def(py::init([](EnginePtr e, const py::object& players_arg, const std::string& seats) {
             const int players = int_arg<int>(players_arg, "players");
             if (seats != "round" && seats != "match")
               throw std::invalid_argument("seats: 'round' or 'match', not '" + seats + "'");
             return LayoutHolder{e, ObservationLayout(*e, players,
                                                      seats == "round" ? ObservationSeats::round
                                                                       : ObservationSeats::match)};
           }),
           py::arg("engine"), py::arg("players"), py::arg("seats") = "round",
           "seats='match': laid out for a match's seats (players: the match's), with the slice "
           "out_of_match; write then takes round_seats.")
      .def_property_readonly("seats",
                             [](const LayoutHolder& h) {
                               return h.layout.seats() == ObservationSeats::round ? "round"
                                                                                  : "match";
                             })
      .def_property_readonly("size", [](const LayoutHolder& h) { return h.layout.size(); })
      .def_property_readonly("players", [](const LayoutHolder& h) { return h.layout.players(); })
      .def_property_readonly(
          "slices",
          [](const LayoutHolder& h) {
            py::list out;
            for (const ObservationSlice& s : h.layout.slices()) out.append(slice_dict(s));
            return out;
          },
          "The layout table: dicts of name, offset, size, meaning, in vector order.")
      .def(
          "slice",
          [](const LayoutHolder& h, const std::string& name) {
            return slice_dict(h.layout.slice(name));
          },
          py::arg("name"))
      .def(
          "write",
          [](const LayoutHolder& h, const State& s, const py::object& seat_arg,
             const KnowledgeHolder* memory, const py::object& totals_arg, py::array out,
             const py::object& round_seats_arg) {
            require_state_of(*h.engine, s);
            const int seat = state_seat(s, seat_arg);
            const std::vector<int> totals = int_list(totals_arg, "totals");
            require_totals(h.layout, totals);
            std::optional<std::vector<int>> round_seats;
            if (!round_seats_arg.is_none()) round_seats = int_list(round_seats_arg, "round_seats");
            const PlayerView view(*h.engine, s, seat);
            const std::span<float> o = writable_span<float>(out, h.layout.size(), "observation");
            if (memory != nullptr && memory->knowledge.seat() != seat)
              throw std::invalid_argument("the memory is seat " +
                                          std::to_string(memory->knowledge.seat()) +
                                          "'s, not seat " + std::to_string(seat) + "'s");
            const std::span<const Card> seen =
                memory != nullptr ? memory->knowledge.discard_seen() : std::span<const Card>{};
            if (round_seats)
              h.layout.write(view, seen, totals, *round_seats, o);
            else
              h.layout.write(view, seen, totals, o);
          },
          py::arg("state"), py::arg("seat"), py::arg("memory") = nullptr,
          py::arg("totals") = py::list(), py::arg("out"), py::arg("round_seats") = py::none(),
          "Writes seat's observation into `out` (float32, size entries). `memory`: a "
          "CardKnowledge fed the seat's events (None: nothing remembered of the discard pile); "
          "`totals`: the match totals by seat, or []; `round_seats` (seats='match'): the match "
          "seat of each seat of the round, or None when every match seat plays it.")
      .def(
          "write_out",
          [](const LayoutHolder& h, const py::object& match_seat, const py::object& round_seats_arg,
             const py::object& totals_arg, py::array out) {
            const std::vector<int> round_seats = int_list(round_seats_arg, "round_seats");
            const std::vector<int> totals = int_list(totals_arg, "totals");
            require_totals(h.layout, totals);
            h.layout.write_out(int_arg<int>(match_seat, "match_seat"), round_seats, totals,
                               writable_span<float>(out, h.layout.size(), "observation"));
          },
          py::arg("match_seat"), py::arg("round_seats"), py::arg("totals"), py::arg("out"),
          "seats='match': the observation of a match seat that is out of the match.");

  py::class_<KnowledgeHolder>(m, "CardKnowledge",
                              "What one seat remembers of the cards it saw (the discard pile "
                              "since the last reshuffle), fed its masked events.")
      .def(py::init([](EnginePtr e) {
             return KnowledgeHolder{e, CardKnowledge{}};
           }),
           py::arg("engine"))
      .def(
          "observe",
          [](KnowledgeHolder& h, const State& s, const py::object& seat_arg,
             const std::vector<Event>& events) {
            require_state_of(*h.engine, s);
            const int seat = state_seat(s, seat_arg);
            const PlayerView view(*h.engine, s, seat);
            // A memory is one seat's for a round: fed another seat's events it would be
            // rebuilt for that seat without a word, or keep its seat and mix the two. A new
            // round's deal (its first card, played by no seat) starts it over, for any seat: a
            // match seat's memory follows it to its seat of each round.
            const bool deal = std::any_of(events.begin(), events.end(), [](const Event& e) {
              return e.kind == EventKind::card_played && e.seat == kNoSeat;
            });
            if (h.knowledge.seat() >= 0 && h.knowledge.seat() != seat && !deal)
              throw std::invalid_argument(
                  "this memory is seat " + std::to_string(h.knowledge.seat()) + "'s, not seat " +
                  std::to_string(seat) + "'s (one CardKnowledge a seat, until a new round's deal)");
            std::vector<Event> masked;
            for (const Event& e : events) masked.push_back(seen_by(e, seat, false));
            h.knowledge.observe(view, masked);
            // Events without the deal (or none) build no record: it starts from the view, so
            // the memory is this seat's from its first observe.
            if (h.knowledge.seat() != seat) h.knowledge.sync(view);
          },
          py::arg("state"), py::arg("seat"), py::arg("events"),
          "The events of one action (or the deal), masked here for `seat`, with the state after "
          "them. The first call makes the memory `seat`'s (from the view alone if its events are "
          "not the deal's); another seat is a ValueError but with a new round's deal events.")
      .def_property_readonly("seat", [](const KnowledgeHolder& h) { return h.knowledge.seat(); })
      .def_property_readonly("discard_seen", [](const KnowledgeHolder& h) {
        std::vector<std::string> out;
        for (const Card c : h.knowledge.discard_seen()) out.push_back(card_str(c));
        return out;
      });
}

}  // namespace switchcards::python
