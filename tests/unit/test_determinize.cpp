// The determinizer and the knowledge it samples from (engine/card_knowledge.hpp,
// engine/determinize.hpp): over random rounds of every built-in variant, each seat's record
// built from its masked events agrees with its view and never rules out the real position, and
// every sampled State is a valid position with the view's public facts; on a position small
// enough to enumerate, the samples are uniform (chi-square).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "../common/cards.hpp"
#include "../common/invariants.hpp"
#include "switchcards/agents/play_round.hpp"
#include "switchcards/engine/card_knowledge.hpp"
#include "switchcards/engine/determinize.hpp"
#include "switchcards/io/load_variant.hpp"

using namespace switchcards;

namespace {

#ifdef SWITCHCARDS_SANITIZED
constexpr int kRoundsPerCount = 3;
#else
constexpr int kRoundsPerCount = 30;
#endif

// Applies `action` and shows `k`, the record of `seat`, its events as that seat sees them
// (left in `masked`).
void apply_and_observe(const Engine& engine, State& s, Action action, CardKnowledge& k, int seat,
                       EventBuffer& masked) {
  EventBuffer events;
  REQUIRE(engine.apply(s, action, &events));
  detail::mask_events(events.span(), seat, false, masked);
  k.observe(PlayerView(engine, s, seat), masked.span());
}

// The real position is one the record allows: every hidden card of a place is one a group
// with cards in that place holds.
std::string truth_is_possible(const CardKnowledge& k, const State& truth, int seat) {
  auto allows = [&](const Hand& cards, auto in_place) {
    for (int i = 0; i < kCardKinds; ++i) {
      int have = 0;
      for (const auto& g : k.groups())
        if (in_place(g) > 0) have += g.cards[i];
      if (cards.count(Card::from_index(i)) > have) return false;
    }
    return true;
  };
  for (int other = 0; other < truth.players(); ++other) {
    if (other == seat) continue;
    if (!allows(truth.hands[other],
                [&](const CardKnowledge::Group& g) { return g.in_hand[other]; }))
      return "seat " + std::to_string(other) + "'s real hand is ruled out";
  }
  // A seat the rules forced to draw held none of what it could have played then.
  for (int other = 0; other < truth.players(); ++other) {
    const CardKnowledge::Voids& v = k.voids(other);
    if (other == seat || v.held == 0) continue;
    int in_voids = 0;
    truth.hands[other].for_each([&](Card c) { in_voids += v.kinds.contains(c); });
    if (in_voids > truth.hands[other].size() - v.held)
      return "seat " + std::to_string(other) + "'s real hand breaks its voids";
  }
  Hand stock;
  for (Card c : truth.stock.cards()) stock.add(c);
  if (!allows(stock, [](const CardKnowledge::Group& g) { return g.in_stock; }))
    return "the real stock is ruled out";
  // The seen part of the discard pile is its real top part.
  const auto seen = k.discard_seen();
  const auto real = truth.discard.cards();
  if (seen.size() > real.size() ||
      !std::equal(seen.begin(), seen.end(), real.end() - static_cast<long>(seen.size())))
    return "the seen discard pile is not the real one's top";
  return "";
}

// A sample is a position of the round: every card once, every invariant, and the seat's view
// of it is the seat's view of the real position.
std::string check_sample(const Engine& e, const State& sample, const State& truth, int seat,
                         const testing::Census& deck) {
  if (auto b = testing::check_state(e, sample, deck); !b.empty()) return "sample: " + b;
  if (testing::view_text(PlayerView(e, sample, seat)) !=
      testing::view_text(PlayerView(e, truth, seat)))
    return "the sample shows the seat other public facts or another hand";
  if (!(sample.seats == truth.seats) || sample.pending != truth.pending ||
      sample.demand != truth.demand || sample.owes_last_card != truth.owes_last_card ||
      sample.misses_turn != truth.misses_turn ||
      sample.more_turns_missed != truth.more_turns_missed || sample.decisions != truth.decisions ||
      sample.stalemate != truth.stalemate || sample.reshuffles != truth.reshuffles ||
      sample.laid != truth.laid || sample.run_step != truth.run_step)
    return "the sample differs in a public fact";
  return "";
}

}  // namespace

TEST_CASE("every seat's knowledge stays exact and every sample is a valid position, all variants") {
  long samples = 0, exact_positions = 0, reshuffled_positions = 0, positions_with_voids = 0;
  long void_checks = 0, void_breaks = 0;
  for (const std::string& name : builtin_variant_names()) {
    const Engine engine(load_variant(name));
    const Variant& v = engine.variant();
    for (int players = std::max(2, v.deal.min_players); players <= v.deal.max_players; ++players) {
      const testing::Census deck = testing::census(build_deck(v.deck_for(players)));
      const bool single_copies = *std::max_element(deck.begin(), deck.end()) == 1;
      for (int round = 0; round < kRoundsPerCount; ++round) {
        const std::uint64_t seed = derive_seed(static_cast<std::uint64_t>(players) * 100, round);
        Pcg32 rng(seed ^ 0xd37e);
        std::array<CardKnowledge, kMaxSeats> know;
        EventBuffer events, masked;
        State s = engine.deal(players, seed, -1, &events);
        auto deliver = [&] {
          for (int seat = 0; seat < players; ++seat) {
            detail::mask_events(events.span(), seat, false, masked);
            know[seat].observe(PlayerView(engine, s, seat), masked.span());
          }
        };
        deliver();
        ActionList legal;
        for (int step = 0; !s.over() && step < 400; ++step) {
          if (step % 5 == 0) {
            for (int seat = 0; seat < players; ++seat) {
              INFO(name << ", " << players << " players, round " << round << ", step " << step
                        << ", seat " << seat);
              const PlayerView view(engine, s, seat);
              REQUIRE(know[seat].agrees_with(view));
              // With two copies of a card the record charges a played copy to the likelier
              // group, an approximation that may rule out the real position (see
              // card_knowledge.hpp); with one copy of each card it is exact.
              if (single_copies) REQUIRE(truth_is_possible(know[seat], s, seat) == "");
              const Determinizer d(view, know[seat]);
              for (int k = 0; k < 2; ++k) {
                const State sample = d.sample(rng);
                REQUIRE(check_sample(engine, sample, s, seat, deck) == "");
                ++samples;
                for (int other = 0; other < players; ++other) {
                  const CardKnowledge::Voids& v = know[seat].voids(other);
                  if (other == seat || v.held == 0) continue;
                  int in_voids = 0;
                  sample.hands[other].for_each([&](Card c) { in_voids += v.kinds.contains(c); });
                  ++void_checks;
                  if (in_voids > sample.hands[other].size() - v.held) ++void_breaks;
                }
              }
              if (single_copies) ++exact_positions;
              for (int other = 0; other < players; ++other)
                if (other != seat && know[seat].voids(other).held > 0) ++positions_with_voids;
              if (s.reshuffles > 0) ++reshuffled_positions;
            }
          }
          // Mostly plays (so rounds end), sometimes a forgotten "last card", and its catch.
          engine.legal_actions(s, legal);
          int plays = 0;
          while (plays < legal.size() && legal[plays].kind() == ActionKind::play) ++plays;
          const bool play = plays > 0 && rng.below(6) != 0;
          Action a = legal[static_cast<int>(
              rng.below(static_cast<std::uint32_t>(play ? plays : legal.size())))];
          if (a.kind() == ActionKind::play && s.hands[s.turn].size() == 2 && rng.below(4) != 0)
            a = a.with_last();
          events.clear();
          REQUIRE(engine.apply(s, a, &events));
          deliver();
        }
      }
    }
  }
  CHECK(samples > 1000);
  CHECK(reshuffled_positions > 100);  // the groups made by reshuffles are exercised
  CHECK(exact_positions > 1000);
  CHECK(positions_with_voids > 100);  // forced draws (mobile-app and its kin) tell voids
  // The samples keep the voids, but for the rare hand the swaps could not mend.
  INFO(void_breaks << " of " << void_checks << " samples break a seat's voids");
  CHECK(void_breaks * 100 <= void_checks);
}

TEST_CASE("the knowledge is rebuilt from the view when events were missed") {
  const Engine engine(load_variant("british"));
  State s = engine.deal(3, 5);
  ActionList legal;
  for (int i = 0; i < 30 && !s.over(); ++i) {
    engine.legal_actions(s, legal);
    engine.apply(s, legal[0]);
  }
  CardKnowledge k;  // saw nothing
  const PlayerView view(engine, s, 1);
  CHECK_FALSE(k.agrees_with(view));
  k.sync(view);
  CHECK(k.agrees_with(view));
  REQUIRE(k.groups().size() == 1);
  CHECK(k.groups()[0].in_discard == s.discard.size() - 1);  // below the top: unseen
  Pcg32 rng(1);
  const Determinizer d(view, k);
  const testing::Census deck = testing::census(build_deck(engine.variant().deck_for(3)));
  for (int i = 0; i < 50; ++i) CHECK(check_sample(engine, d.sample(rng), s, 1, deck) == "");
  // Without sync the determinizer refuses a record that does not fit the view.
  CardKnowledge stale;
  CHECK_THROWS_AS(Determinizer(view, stale), std::logic_error);
}

// A turn of several cards keeps its cards on the discard pile when a penalty draw reshuffles the
// stock under it (their effects are still to come). The record expected the top card alone to
// stay: it lost track, and its discard_seen (what an observation layout reads) kept the whole old
// pile for the rest of the round.
TEST_CASE("a reshuffle during a turn of several cards keeps the turn's cards in the record") {
  using testing::cards;
  const Engine engine(load_variant("british-several-of-a-rank"));
  Position p;
  // Seat 2 plays 7C. Seat 0 lays 7H without calling, leaving 7S, which may follow: the turn
  // goes on, and seat 1 catches it. The stock is empty, so the penalty reshuffles the pile
  // under the turn's 7H and the 7C it was laid on.
  p.hands = {cards({"7H", "7S"}), cards({"3D", "4D", "9S"}), cards({"7C", "4C", "5D", "KS"})};
  p.discard = cards({"9C", "8D", "7D"});
  p.turn = 2;
  State s = engine.position(p);
  CardKnowledge k;
  k.sync(PlayerView(engine, s, 1));
  EventBuffer masked;
  const auto apply = [&](Action a) { apply_and_observe(engine, s, a, k, 1, masked); };
  apply(Action::play(2, parse_card("7C")));
  apply(Action::play(0, parse_card("7H")));
  REQUIRE(s.phase == Phase::laying);
  apply(Action::challenge(1, 0));
  REQUIRE(s.reshuffles == 1);
  REQUIRE(s.phase == Phase::laying);  // the turn goes on
  const std::vector<Card> pile(s.discard.cards().begin(), s.discard.cards().end());
  CHECK(pile == cards({"7C", "7H"}));
  CHECK(std::vector<Card>(k.discard_seen().begin(), k.discard_seen().end()) == pile);
  const PlayerView view(engine, s, 1);
  CHECK(k.agrees_with(view));
  // The 7D seen played went back with the two cards never seen: a group of its own.
  REQUIRE(k.groups().size() == 2);
  CHECK(k.groups()[1].size == 1);
  CHECK(k.groups()[1].cards[parse_card("7D").index()] == 1);
  Pcg32 rng(3);
  const Determinizer d(view, k);
  for (int i = 0; i < 20; ++i) {
    const State sample = d.sample(rng);
    CHECK(sample.discard == s.discard);
    CHECK(sample.hands[1] == s.hands[1]);
  }
}

// A record that cannot place an event does not stay stale until someone calls sync(): observe()
// starts it over from the view.
TEST_CASE("a record the events leave behind starts over from the view in observe") {
  const Engine engine(load_variant("british"));
  State s = engine.deal(3, 5);
  CardKnowledge k;
  k.sync(PlayerView(engine, s, 1));
  ActionList legal;
  EventBuffer masked;
  for (int i = 0; i < 12 && !s.over(); ++i) {
    engine.legal_actions(s, legal);
    apply_and_observe(engine, s, legal[0], k, 1, masked);
  }
  // A reshuffle of more cards than the pile holds: no record can follow it.
  const Event impossible{EventKind::stock_reshuffled, kNoSeat, Card{}, 500};
  const PlayerView view(engine, s, 1);
  k.observe(view, std::span<const Event>(&impossible, 1));
  CHECK(k.agrees_with(view));
  CardKnowledge fresh;
  fresh.sync(view);
  CHECK(std::vector<Card>(k.discard_seen().begin(), k.discard_seen().end()) ==
        std::vector<Card>(fresh.discard_seen().begin(), fresh.discard_seen().end()));
}

// A record fed a second round without that round's deal kept the first round's memory: its
// discard_seen (what an observation layout reads) listed the old round's cards, and the
// groups held the old round's hands until a sync. A view whose decisions counter went back is
// a new round: the record starts over from it.
TEST_CASE("a record fed a new round without its deal starts over from the view") {
  const Engine engine(load_variant("british"));
  ActionList legal;
  EventBuffer events, masked;
  CardKnowledge k;
  // Seat 1's record fed `actions` actions of `s` (each seat plays its first legal action).
  const auto play = [&](State& s, int actions) {
    for (int i = 0; i < actions && !s.over(); ++i) {
      engine.legal_actions(s, legal);
      apply_and_observe(engine, s, legal[0], k, 1, masked);
      REQUIRE(k.agrees_with(PlayerView(engine, s, 1)));
    }
  };
  State first = engine.deal(3, 5, -1, &events);
  detail::mask_events(events.span(), 1, false, masked);
  k.observe(PlayerView(engine, first, 1), masked.span());
  play(first, 30);
  REQUIRE(k.discard_seen().size() > 5);
  // The next round, its deal not shown: the first action's events alone.
  State second = engine.deal(3, 6);
  play(second, 1);
  REQUIRE(second.decisions < first.decisions);
  const PlayerView view(engine, second, 1);
  CardKnowledge fresh;  // what the view alone tells
  fresh.sync(view);
  CHECK(std::vector<Card>(k.discard_seen().begin(), k.discard_seen().end()) ==
        std::vector<Card>(fresh.discard_seen().begin(), fresh.discard_seen().end()));
  CHECK(k.agrees_with(view));
  REQUIRE(k.groups().size() == fresh.groups().size());
  for (std::size_t g = 0; g < fresh.groups().size(); ++g) {
    CHECK(k.groups()[g].cards == fresh.groups()[g].cards);
    CHECK(k.groups()[g].in_hand == fresh.groups()[g].in_hand);
  }
  for (int seat = 0; seat < 3; ++seat) CHECK(k.voids(seat).held == 0);
  // From there it follows the round as a record fed from its deal does.
  play(second, 20);
  CHECK(truth_is_possible(k, second, 1) == "");
  // QA: a next round already further on than the old one (more decisions, not fewer) went
  // unnoticed, and discard_seen listed the old pile under the new card.
  State third = engine.deal(3, 7);
  while (third.decisions < second.decisions + 5) {
    engine.legal_actions(third, legal);
    REQUIRE(engine.apply(third, legal[0]).ok());
  }
  REQUIRE_FALSE(third.over());
  engine.legal_actions(third, legal);
  apply_and_observe(engine, third, legal[0], k, 1, masked);
  const PlayerView later(engine, third, 1);
  CardKnowledge anew;
  anew.sync(later);
  CHECK(std::vector<Card>(k.discard_seen().begin(), k.discard_seen().end()) ==
        std::vector<Card>(anew.discard_seen().begin(), anew.discard_seen().end()));
  CHECK(k.agrees_with(later));
}

TEST_CASE("samples are uniform over the arrangements of the hidden cards (chi-square)") {
  // Eight cards (A and K of each suit): seat 0 holds one, the top is one, and six are hidden in
  // pairs: seat 1's hand, the stock, the discard pile below the top (seat 0 saw none of it
  // played). 6! / (2! 2! 2!) = 90 arrangements, each 1/90.
  Variant v = load_variant("mau-mau");
  v.deal.deck.ranks.reset();
  v.deal.deck.ranks.set(static_cast<int>(Rank::ace));
  v.deal.deck.ranks.set(static_cast<int>(Rank::king));
  v.deal.decks = ByPlayers::constant(1);
  v.deal.hand_size = ByPlayers::constant(1);  // a deal of the 8 cards to 5 players would fit
  // The rules of cards the deck no longer holds go (the Engine refuses a selector of none).
  const CardMask kinds = v.deal.deck.kinds();
  std::erase_if(v.specials, [&](const Effect& e) { return (e.cards.cards & kinds).empty(); });
  std::erase_if(v.scoring.values, [&](const CardValue& c) { return (c.cards & kinds).empty(); });
  const Engine engine(v);
  Position p;
  p.hands = {{parse_card("AS")}, {parse_card("AH"), parse_card("KH")}};
  p.discard = {parse_card("AC"), parse_card("KC"), parse_card("KS")};
  p.stock = {parse_card("AD"), parse_card("KD")};
  const State truth = engine.position(p);
  const PlayerView view(engine, truth, 0);
  CardKnowledge k;
  k.sync(view);
  const Determinizer d(view, k);
  Pcg32 rng(20261201);
  std::map<std::string, int> seen;
  constexpr int kSamples = 45000;
  for (int i = 0; i < kSamples; ++i) {
    const State s = d.sample(rng);
    auto sorted = [](std::vector<Card> cards) {
      std::sort(cards.begin(), cards.end(), [](Card a, Card b) { return a.index() < b.index(); });
      std::string out;
      for (Card c : cards) out += to_string(c) + " ";
      return out;
    };
    std::vector<Card> hand, stock(s.stock.cards().begin(), s.stock.cards().end());
    std::vector<Card> below(s.discard.cards().begin(), s.discard.cards().end() - 1);
    s.hands[1].for_each([&](Card c) { hand.push_back(c); });
    REQUIRE(s.discard.top() == parse_card("KS"));
    seen[sorted(hand) + "| " + sorted(stock) + "| " + sorted(below)]++;
  }
  REQUIRE(seen.size() == 90);
  const double expected = kSamples / 90.0;
  double chi2 = 0;
  for (const auto& [arrangement, n] : seen) chi2 += (n - expected) * (n - expected) / expected;
  // 89 degrees of freedom: mean 89, standard deviation 13.3; p < 1e-6 beyond about 165.
  INFO("chi-square " << chi2);
  CHECK(chi2 < 165);
  CHECK(chi2 > 40);  // suspiciously even counts would mean no randomness at all
}

TEST_CASE("a revealed view (beginner mode) samples the position itself") {
  for (const std::string& name : builtin_variant_names()) {
    const Engine engine(load_variant(name));
    if (!engine.variant().beginner_mode) continue;
    State s = engine.deal(3, 9);
    const PlayerView view(engine, s, 0, true);
    CardKnowledge k;
    Pcg32 rng(3);
    State sample = Determinizer(view, k).sample(rng);
    sample.rng = s.rng;
    CHECK(sample == s);
  }
}

TEST_CASE("a sample keeps a pending draw past 8 bits") {
  // Regression: the determinizer and the knowledge's table cut the pending draw (16 bits in the
  // State) to one byte, so three stacked 2s worth 100 each were sampled as 300 - 256 = 44.
  const Engine engine(
      load_variant("british", "{deck: {decks: 2}, specials: {draw-two: {draw: 100}}}", "test"));
  Position p;
  for (const char* hand : {"2H 5C 9D", "2D 6C 9S", "2C 7C 9H"}) {
    std::vector<Card> cards;
    for (std::string_view text(hand); !text.empty();) {
      const std::size_t space = text.find(' ');
      cards.push_back(parse_card(text.substr(0, space)));
      text = space == std::string_view::npos ? "" : text.substr(space + 1);
    }
    p.hands.push_back(cards);
  }
  p.discard = {parse_card("4H")};
  p.stock = {parse_card("KS"), parse_card("QS")};
  State s = engine.position(p);
  for (const char* card : {"2H", "2D", "2C"}) {
    REQUIRE(engine.apply(s, Action::play(s.turn, parse_card(card))));
  }
  REQUIRE(s.pending.draw == 300);
  const PlayerView view(engine, s, s.turn);
  CardKnowledge k;
  k.sync(view);
  Pcg32 rng(3);
  const State sample = Determinizer(view, k).sample(rng);
  CHECK(sample.pending.draw == 300);
  CHECK(sample.pending == s.pending);
}

TEST_CASE("a seat that joined late samples valid positions, its stock in any order") {
  // A seat that missed the first actions (it joined late, or resumed a saved game) knows
  // nothing of the cards under the top of the discard pile; once they are reshuffled into the
  // stock with cards it saw played, the stock holds cards of two groups, and the record can
  // only guess which group another seat's draw came from. Every sample is still a valid
  // position (a drawn card another seat decides on is one it could have drawn), and the
  // stock's order is uniform: the top of a sampled stock is a card of either group, not always
  // of the one listed last. One deck: one copy of each card, so each hidden card belongs to one
  // group.
  long positions = 0, mixed_stocks = 0;
  for (const char* name : {"british-runs", "british-king-stop", "british-no-power-finish"}) {
    const Engine engine(load_variant(name));
    const testing::Census deck = testing::census(build_deck(engine.variant().deck_for(3)));
    for (int round = 0; round < 25; ++round) {
      const std::uint64_t seed = derive_seed(77, static_cast<std::uint64_t>(round));
      Pcg32 rng(seed ^ 0x5707);
      CardKnowledge know;
      EventBuffer events, masked;
      State s = engine.deal(3, seed, -1, &events);
      ActionList legal;
      for (int action = 0; !s.over() && action < 400; ++action) {
        if (action == 20) know.sync(PlayerView(engine, s, 0));  // it missed the first 20
        if (action >= 20) {
          INFO(name << ", round " << round << ", action " << action);
          const Determinizer d(PlayerView(engine, s, 0), know);
          REQUIRE(check_sample(engine, d.sample(rng), s, 0, deck) == "");
          ++positions;
          // Where another seat decides on its draw, the determinizer may charge that draw to
          // another group than the record did, which changes the stock's shares.
          const auto groups = know.groups();
          int stock_groups = 0, large = 0;
          for (const auto& g : groups) {
            stock_groups += g.in_stock > 0;
            large += g.in_stock * 5 >= s.stock.size();
          }
          if (stock_groups >= 2 && large >= 2 && !(s.phase == Phase::after_draw && s.turn != 0)) {
            ++mixed_stocks;
            std::vector<bool> top_from(groups.size(), false);
            for (int i = 0; i < 30; ++i) {
              const Card top = d.sample(rng).stock.top();
              for (std::size_t g = 0; g < groups.size(); ++g)
                if (groups[g].in_stock > 0 && groups[g].cards[top.index()] > 0) top_from[g] = true;
            }
            CHECK(std::count(top_from.begin(), top_from.end(), true) >= 2);
          }
        }
        engine.legal_actions(s, legal);
        const Action a =
            legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))];
        events.clear();
        REQUIRE(engine.apply(s, a, &events));
        if (action >= 20) {
          detail::mask_events(events.span(), 0, false, masked);
          know.observe(PlayerView(engine, s, 0), masked.span());
        }
      }
    }
  }
  INFO(positions << " positions, " << mixed_stocks << " with a stock of two groups or more");
  CHECK(positions > 1000);
  CHECK(mixed_stocks > 100);
}

TEST_CASE("a forced draw from a last card that may not go out tells nothing of that card") {
  // Under forced play a seat draws only when it cannot play, which tells the others it holds
  // none of the cards it could have played. A last card that may not empty the hand
  // (round.no_finish) is no such card: seat 1 draws holding 8H, which matches the 4H on top.
  const Engine engine(
      load_variant("british-no-power-finish", "{draw: {when_playable: false}}", "test"));
  Position p;
  p.hands = {{parse_card("4H"), parse_card("9C"), parse_card("KS")},
             {parse_card("8H")},
             {parse_card("7D"), parse_card("7S")}};
  p.discard = {parse_card("3H")};
  p.stock = {parse_card("5C"), parse_card("QD"), parse_card("QC")};
  State s = engine.position(p);
  CardKnowledge k;
  k.sync(PlayerView(engine, s, 0));
  EventBuffer masked;
  for (const Action a : {Action::play(0, parse_card("4H")), Action::draw(1)}) {
    apply_and_observe(engine, s, a, k, 0, masked);
  }
  REQUIRE(k.agrees_with(PlayerView(engine, s, 0)));
  // What the draw told: seat 1's old card is none of the 4H's followers but 8H.
  const CardKnowledge::Voids& v = k.voids(1);
  REQUIRE(v.held == 1);
  CHECK(v.kinds.contains(parse_card("5H")));
  CHECK_FALSE(v.kinds.contains(parse_card("8H")));
  // So the samples keep the real hand possible: some give seat 1 the 8H.
  const Determinizer d(PlayerView(engine, s, 0), k);
  Pcg32 rng(8);
  int with_8h = 0;
  for (int i = 0; i < 200; ++i) with_8h += d.sample(rng).hands[1].contains(parse_card("8H"));
  CHECK(with_8h > 0);
}

TEST_CASE("what a forced draw told moves with the hand when hands are swapped") {
  // Seat 1 draws under forced play: it holds none of the cards it could have played on 5H. Seat
  // 2 then swaps hands with it (a 7, crazy-eights-swaps): that knowledge now belongs to seat 2,
  // which holds those cards, and seat 1, holding seat 2's old cards, is known to lack nothing.
  const Engine engine(load_variant("crazy-eights-swaps", "{draw: {when_playable: false}}", "test"));
  using testing::cards;
  Position p;
  p.hands = {cards({"KC", "QC"}), cards({"2C", "3C"}), cards({"7H", "9S", "9D"})};
  p.discard = cards({"5H"});
  p.stock = cards({"4D", "10C", "JC"});
  p.turn = 1;
  State s = engine.position(p);
  CardKnowledge k;
  k.sync(PlayerView(engine, s, 0));
  EventBuffer masked;
  for (const Action a : {Action::draw(1), Action::play_swap(2, parse_card("7H"), 1)}) {
    apply_and_observe(engine, s, a, k, 0, masked);
  }
  REQUIRE(s.hands[2].contains(parse_card("2C")));  // seat 1's old hand and its draw
  REQUIRE(k.agrees_with(PlayerView(engine, s, 0)));
  CHECK(k.voids(2).held == 2);
  CHECK(k.voids(2).kinds.contains(parse_card("6H")));
  CHECK(k.voids(1).held == 0);
}

// QA: a seat's own play shown twice was pushed onto the seen discard pile again, with no card
// leaving its hand: one repeat showed a card twice, about 160 overflowed the 160-card pile
// into its size byte. A play the record cannot place starts it over from the view.
TEST_CASE("the seat's own play shown again does not grow the seen discard pile") {
  const Engine engine(load_variant("british"));
  State s = engine.deal(2, 3);
  CardKnowledge k;
  k.sync(PlayerView(engine, s, 0));
  ActionList legal;
  EventBuffer masked;
  // Seat 0's first play.
  while (!s.over()) {
    engine.legal_actions(s, legal);
    const bool own_play = s.turn == 0 && legal[0].kind() == ActionKind::play;
    apply_and_observe(engine, s, legal[0], k, 0, masked);
    if (own_play) break;
  }
  REQUIRE(!s.over());
  const PlayerView view(engine, s, 0);
  CardKnowledge fresh;
  fresh.sync(view);
  for (int repeat = 0; repeat < 200; ++repeat) {
    k.observe(view, masked.span());
    REQUIRE(static_cast<int>(k.discard_seen().size()) <= s.discard.size());
  }
  CHECK(k.agrees_with(view));
  CHECK(std::vector<Card>(k.discard_seen().begin(), k.discard_seen().end()) ==
        std::vector<Card>(fresh.discard_seen().begin(), fresh.discard_seen().end()));
}
