// Writes JSON samples of every form of io/json.hpp into DIR/good/ (from seeded random rounds
// of every built-in variant: states, views of every seat, actions, events, standings) and a
// few documents into DIR/bad/ that the schema must refuse. tests/json/validate.py runs it and
// checks both folders against docs/json-schema.json (the test json.schema).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "switchcards/engine/standings.hpp"
#include "switchcards/io/json.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

void write(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text << '\n';
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("sample has no '" + from + "'");
  return text.replace(at, from.size(), to);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir / "good");
  std::filesystem::create_directories(dir / "bad");
  int n = 0;
  const auto sample = [&](const std::string& text) {
    write(dir / "good" / (std::to_string(n++) + ".json"), text);
  };
  std::string a_state, a_view, an_action;
  for (const std::string& name : builtin_variant_names()) {
    const Engine engine(load_variant(name));
    const int players = engine.variant().deal.min_players + 1;
    State s = engine.deal(players, 11);
    GameRecord record;  // the round as a record, actions and all
    record.variant = name;
    record.players = players;
    record.agents.assign(static_cast<std::size_t>(players), "random");
    record.seed = 11;
    record.rounds.emplace_back();
    record.rounds[0].seed = 11;
    record.rounds[0].dealer = players - 1;
    for (int seat = 0; seat < players; ++seat) record.rounds[0].seats.push_back(seat);
    Pcg32 rng(3);
    ActionList legal;
    EventBuffer events;
    for (int step = 0; !s.over(); ++step) {
      engine.legal_actions(s, legal);
      const Action a = legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
      events.clear();
      engine.apply(s, a, &events);
      record.rounds[0].actions.push_back(a);
      if (step % 40 != 0 && !s.over()) continue;
      sample(to_json(engine, s));
      sample(to_json(a));
      sample(to_json(events.span()));
      for (const Event& e : events) sample(to_json(e));
      for (int seat = 0; seat < players; ++seat) {
        sample(to_json(PlayerView(engine, s, seat)));
        if (engine.variant().beginner_mode) sample(to_json(PlayerView(engine, s, seat, true)));
      }
      a_state = to_json(engine, s);
      a_view = to_json(PlayerView(engine, s, 0));
      an_action = to_json(a);
    }
    record.rounds[0].winner = s.winner;
    sample(to_json(record));
    Standings st = Standings::start(players);
    std::vector<int> scores(static_cast<std::size_t>(players), 5);
    scores[0] = 0;
    sample(to_json(st));
    st = after_round(engine.variant().match, st, scores, 0);
    sample(to_json(engine, st));  // with its variant's fingerprint, to resume with
    sample(to_json(end_match_now(engine.variant().match, st)));
  }
  {
    // A position set up with fewer cards than the deck: its save lists the rest out_of_play.
    const Engine british(load_variant("british"));
    Position p;
    p.hands = {{parse_card("7H"), parse_card("2C")}, {parse_card("8H"), parse_card("3D")}};
    p.discard = {parse_card("9H")};
    sample(to_json(british, british.position(p)));
  }
  {
    // specials' waits: three eights stacked on a seat that holds none, which misses three turns,
    // two still to come (the state's more_turns_missed, the views' turns_to_miss).
    const Engine waits(load_variant("british-eights-wait"));
    Position p;
    for (const char* hand : {"8H 5D", "8S 5S", "8D 5C", "3C 4S"})
      p.hands.push_back(
          {parse_card(std::string(hand).substr(0, 2)), parse_card(std::string(hand).substr(3))});
    p.discard = {parse_card("4H")};
    p.stock = {parse_card("10C"), parse_card("KS")};
    State s = waits.position(p);
    for (int seat = 0; seat < 3; ++seat)
      waits.apply(s,
                  Action::play(seat, p.hands[static_cast<std::size_t>(seat)][0], Suit::none, true));
    waits.apply(s, Action::pass(3));
    if (turns_to_miss(s, 3) != 2) throw std::runtime_error("the waits sample missed its turns");
    sample(to_json(waits, s));
    for (int seat = 0; seat < 4; ++seat) sample(to_json(PlayerView(waits, s, seat)));
  }
  sample(to_json(Action::challenge(1, 0)));
  sample(to_json(Action::play(2, parse_card("8S"), Suit::hearts, true)));
  // What the schema must refuse.
  write(dir / "bad" / "state-unknown-key.json",
        replaced(a_state, "\"stalemate\"", "\"x\":1,\"stalemate\""));
  write(dir / "bad" / "state-bad-card.json",
        replaced(a_state, "\"discard\":[\"", "\"discard\":[\"11H\",\""));
  write(dir / "bad" / "view-shows-hands.json",
        replaced(a_view, "\"revealed\":false", "\"revealed\":false,\"hands\":[]"));
  write(dir / "bad" / "action-draw-with-card.json",
        "{\"seat\":0,\"kind\":\"draw\",\"card\":\"7H\"}");
  write(dir / "bad" / "state-version-2.json", replaced(a_state, "\"version\":1", "\"version\":2"));
  std::printf("%d samples in %s\n", n, (dir / "good").c_str());
  return 0;
}
