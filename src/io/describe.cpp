// English text from a Variant; see include/switchcards/io/describe.hpp. Every sentence is built
// from the rule structs, never from a variant's name, so a house file is described as faithfully
// as a built-in one.
#include "switchcards/io/describe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "io/words.hpp"
#include "switchcards/engine/scoring.hpp"
#include "switchcards/io/event_text.hpp"

namespace switchcards {

using detail::plural;
using detail::with_article;

namespace {

// play.several: the paragraph after "A turn".
std::string several_text(const Variant& v) {
  const PlayRules& p = v.play;
  // What ends a turn early, said only of what this variant has: a card that moves hands, a
  // joker.
  const bool moves = std::ranges::any_of(
      v.specials, [](const Effect& e) { return e.swap_hands || e.rotate_hands; });
  const bool jokers = v.deal.deck.jokers > 0;
  std::string run;
  if (p.runs()) {
    const char* way = p.run_direction == RunDirection::ascending    ? "up (4, 5, 6)"
                      : p.run_direction == RunDirection::descending ? "down (6, 5, 4)"
                                                                    : "up or down, the first step "
                                                                      "setting the way";
    const char* ace =
        p.turn_corner ? "an ace is high or low, and a run may turn the corner (K, A, 2)"
        : p.run_ace == RunAce::low  ? "an ace is low (A, 2, 3)"
        : p.run_ace == RunAce::high ? "an ace is high (Q, K, A)"
                                    : "an ace is high or low, but a run does not turn "
                                      "the corner from K to 2";
    run = fmt::format("the next card of a run in its suit, going {}; {}", way, ace);
  }
  const std::string follows =
      p.several == Several::same_rank ? "has the rank of the card laid before it"
      : p.several == Several::runs    ? "is " + run
                                      : "has the rank of the card laid before it, or is " + run;
  const std::string ends =
      p.runs() && p.run_jokers == RunJokers::stand_in
          ? std::string(
                " A joker laid after the turn's first card may stand in a run for its "
                "next card (5, joker, 7); only the run goes on from it. ") +
                (moves ? "A card that moves hands, or a joker played first, ends the turn."
                       : "A joker played first ends the turn.")
      : moves && jokers ? " A card that moves hands or a joker ends the turn."
      : moves           ? " A card that moves hands ends the turn."
      : jokers          ? " A joker ends the turn."
                        : "";
  std::string s = fmt::format(
      "Several cards a turn: after playing a card, a player may lay more, one at a time, while "
      "each {}; they pass to end the turn. The last card laid is the top card. {}{}",
      follows,
      p.several_answers
          ? "A pending penalty may be answered with several cards too, while each stacks on the "
            "penalty as it stands (within its cap), each adding its own draw; a card that "
            "cancels or deflects it is an answer of one card."
          : "A pending penalty is answered with one card.",
      ends);
  s += p.effects == SeveralEffects::each
           ? " Every special laid takes effect, in the order laid: two penalty cards make the "
             "next player draw both, two skips skip two players, two reverses cancel."
           : " Only the last card laid takes effect, as if it alone had been played.";
  return s;
}

std::string number_word(int n) {
  static constexpr std::string_view kWords[] = {"no",  "one",   "two",   "three", "four", "five",
                                                "six", "seven", "eight", "nine",  "ten"};
  return n >= 0 && n <= 10 ? std::string(kWords[n]) : std::to_string(n);
}

// Where `b`'s value changes after the table's fewest players, up to its most (steps for other
// seat counts never apply): each player count with the value from there.
std::vector<std::pair<int, int>> changes_by_players(const ByPlayers& b, int min_players,
                                                    int max_players) {
  std::vector<std::pair<int, int>> out;
  int shown = b.at(min_players);
  for (const auto& [from, value] : b.steps)
    if (from > min_players && from <= max_players && value != shown) {
      out.emplace_back(from, value);
      shown = value;
    }
  return out;
}

// "7 cards each; 5 from 5 players; 4 from 7 players": the value at the table's fewest players,
// then each change up to its most.
template <typename F>
std::string by_players(const ByPlayers& b, int min_players, int max_players, F&& first_text) {
  std::string out = first_text(b.at(min_players));
  for (const auto& [from, value] : changes_by_players(b, min_players, max_players))
    out += fmt::format("; {} from {} players", value, from);
  return out;
}

// What the engine does with a deflecting card (Engine::deflection): a reverse sends the penalty
// unchanged to its attacker (or the next player the other way), a skip to the player after the
// deflector; with two players a reverse that acts as a skip sends it back all the same.
std::string deflect_text(const Effect& e, const std::vector<Effect>& specials, int max_players) {
  // Each way in the words of the deflecting specials' own selectors ("A", "red 8"), or as
  // cards where only some of a special's cards deflect.
  CardMask reverses, skips;
  std::string reverse_text, skip_text;
  for (const Effect& other : specials) {
    const CardMask mine = other.cards.cards & e.deflect.cards;
    if (mine.empty() || (!other.reverse && other.skip == 0)) continue;
    std::string words;
    if (mine == other.cards.cards)
      words = selector_words(other.cards);
    else
      for (CardMask m = mine; !m.empty();)
        words += (words.empty() ? "" : " ") + to_string(m.pop_first());
    std::string& into = other.reverse ? reverse_text : skip_text;
    into += (into.empty() ? "" : " or ") + words;
    (other.reverse ? reverses : skips) |= mine;
  }
  std::vector<std::string> ways;
  if (!reverses.empty())
    ways.push_back(fmt::format(
        "with {}, which reverses the direction and sends the penalty, unchanged, {}", reverse_text,
        e.deflect_to_attacker
            ? "back to the player who played its last penalty card (that player's own sends it "
              "on to the next player in the new direction)"
            : "to the next player in the new direction"));
  if (!skips.empty())
    ways.push_back(
        fmt::format("with {}, which passes the penalty, unchanged, to the player after "
                    "them",
                    skip_text));
  std::string s = "instead they may deflect it " + ways.front();
  if (ways.size() > 1) s += "; or " + ways.back();
  if (max_players >= 2 && !reverses.empty()) s += " (with two players it goes back either way)";
  return s;
}

// The ranks of a names_rank, in order, once each: "5, 6, 7, 8, 9 or 10" (its list as written
// may repeat one, or spell it as a selector such as "7").
std::string ranks_text(CardMask cards) {
  std::vector<std::string_view> ranks;
  for (int r = 0; r < kRankCount; ++r)
    if (!(cards & CardMask::of_rank(static_cast<Rank>(r))).empty())
      ranks.push_back(rank_symbol(static_cast<Rank>(r)));
  std::string out;
  for (std::size_t k = 0; k < ranks.size(); ++k)
    out += fmt::format("{}{}", k == 0 ? "" : k + 1 == ranks.size() ? " or " : ", ", ranks[k]);
  return out;
}

std::string effect_text(const Effect& e, const std::vector<Effect>& specials, int max_players,
                        std::string_view call) {
  std::vector<std::string> parts;
  if (e.wild) parts.push_back("may be played on any card");
  if (e.only_without_suit)
    parts.push_back(fmt::format(
        "it may be played only by a player who holds no other card of the suit in force ({}), "
        "also as an answer, a jump-in or a card just drawn",
        std::ranges::any_of(specials, [](const Effect& s) { return s.names_suit; })
            ? "the top card's, or the suit named"
            : "the top card's"));
  if (e.anything_on)
    parts.push_back("any card may be played on it while it is on top (turned up at the deal too)");
  if (e.names_suit) parts.push_back("its player names a suit that the next card must follow");
  if (!e.names_rank.cards.empty()) {
    // The card's own demand (another jack) answers the rank named too, and names anew.
    std::string s = "its player names a rank, " + ranks_text(e.names_rank.cards) +
                    ", which every player in turn, this card's player last, must play (any suit)";
    if (!e.demand.cards.empty()) s += " or answer with " + selector_words(e.demand);
    parts.push_back(s + ", or draw; the demand ends when the turn of the player who named it ends");
  } else if (!e.demand.cards.empty()) {
    parts.push_back("the next card must be " + selector_words(e.demand) + " (any suit)");
  }
  const bool answerable = !(e.stack.cards | e.cancel.cards).empty();
  // What the engine does (engine.hpp): a penalty's victim draws, misses its turn if the effect
  // skips or says miss_turn, and `skip - 1` players after it are skipped too; a plain skip
  // skips `skip` players.
  // Its victim is the player play moves to: the one before, when the card sends play back or
  // reverses it (with two players that is the other player all the same).
  const bool before = e.back || e.reverse;
  const std::string victim = before ? "the player before" : "the next player";
  if (e.draw > 0) {
    std::string s = fmt::format("{} must draw {}", victim, e.draw);
    if (e.waits && e.skip > 1)
      s += fmt::format(" and miss {} turns", e.skip);
    else if (e.miss_turn || e.skip > 0)
      s += " and miss the turn";
    parts.push_back(s);
  } else if (e.skip == 1) {
    parts.push_back(victim + " misses a turn");
  } else if (e.skip > 1 && e.waits) {
    parts.push_back(fmt::format("{} misses {} turns", victim, e.skip));
  } else if (e.skip > 1) {
    parts.push_back(
        fmt::format("the {} {} players miss their turn", before ? "previous" : "next", e.skip));
  }
  if (answerable && (e.draw > 0 || e.skip > 0)) {
    std::string s;
    if (!e.stack.cards.empty()) {
      s = "unless they answer with " + selector_words(e.stack);
      // An answer adds its own special's draw: one progression only when every answer's is
      // this card's.
      std::vector<std::string> adds, draws;
      bool same_draw = true;
      for (const Effect& other : specials)
        if (!(other.cards.cards & e.stack.cards).empty()) {
          adds.push_back(fmt::format("{} adds {}", selector_words(other.cards), other.draw));
          draws.push_back(fmt::format("{}: {}", selector_words(other.cards), other.draw));
          same_draw = same_draw && other.draw == e.draw;
        }
      if (e.draw > 0 && e.stack_adds && same_draw)
        s += fmt::format(
            ", which passes the penalty on with the answer's cards added ({}, {}, {}...)", e.draw,
            2 * e.draw, 3 * e.draw);
      else if (e.draw > 0 && e.stack_adds)
        s += fmt::format(", which passes the penalty on with the answer's own draw added ({})",
                         fmt::join(adds, ", "));
      else if (e.stack_adds)
        s += e.waits       ? fmt::format(", which passes it on with {} more {} to miss per answer",
                                         e.skip, e.skip == 1 ? "turn" : "turns")
             : e.skip == 1 ? ", which passes the skip on with one more player skipped per answer"
                           : fmt::format(
                                 ", which passes the skip on with {} more players skipped "
                                 "per answer",
                                 e.skip);
      else if (same_draw)
        s += ", which passes it on unchanged";
      else  // stack_adds: false, an answer's own draw in place of the penalty's
        s += fmt::format(", which passes on the answer's own draw instead ({})",
                         fmt::join(draws, ", "));
      if (e.cap > 0) s += fmt::format(", up to {}", e.cap);
      // An answer's own effect comes with it (engine.hpp, play_effects): a reverse among the
      // answers turns the penalty back, a skip passes it over a player.
      std::vector<std::string> moves;
      for (const Effect& other : specials)
        if (!(other.cards.cards & e.stack.cards).empty() &&
            (other.reverse || other.back || (other.skip > 0 && !other.is_attack())))
          moves.push_back(selector_words(other.cards));
      if (!moves.empty())
        s += fmt::format("; {} also {} play as usual, and the penalty goes on from there",
                         fmt::join(moves, " and "), moves.size() == 1 ? "moves" : "move");
    }
    if (!e.cancel.cards.empty())
      s += (s.empty() ? "unless they answer with " : "; or with ") + selector_words(e.cancel) +
           ", which cancels the penalty: nobody draws and play goes on to the following player";
    parts.push_back(s);
  }
  if (!e.deflect.cards.empty()) parts.push_back(deflect_text(e, specials, max_players));
  if (e.waits)
    parts.push_back(
        "whoever takes the penalty misses a turn for each skip on it, one after another, while "
        "the others play on (a seat that misses turns cannot jump in)");
  else if (e.draw > 0 && e.skip > 1)
    // A sentence of its own (after "; "): joined to a cancel before it with "and", it read as
    // if a cancelled penalty skipped players too (QA).
    parts.push_back(e.skip == 2 ? std::string("when the penalty is taken, the player after its "
                                              "victim is skipped too")
                                : fmt::format("when the penalty is taken, the {} players after "
                                              "its victim are skipped too",
                                              e.skip - 1));
  if (e.answers_match && (answerable || !e.deflect.cards.empty()))
    parts.push_back(
        std::string("an answer to its penalty must also be a card any play could lay on the top "
                    "card: of its suit or rank, or of the suit named if one is") +
        (std::ranges::any_of(specials, [](const Effect& x) { return x.wild; }) ? " (or be wild)"
                                                                               : ""));
  if (e.reverse) {
    std::string s = "play changes direction";
    // A penalty it sets is the other player's with two, not skipped past them (engine.hpp).
    // A card that skips players itself skips only those with two (engine.hpp).
    if (max_players >= 2 && e.reverse_skips_with_two && !e.is_attack())
      s += e.skip > 0 ? " (with two players only its own skip counts)"
                      : " (with two players it acts as a skip)";
    parts.push_back(s);
  }
  if (e.back) parts.push_back("play goes back to the player before the one who played it");
  if (e.play_again) parts.push_back("its player plays again");
  // What the engine does (Engine::move_hands): after the card leaves its player's hand, before
  // its other effects; no "last card" call is owed for a hand that moves.
  if (e.swap_hands)
    parts.push_back(fmt::format(
        "its player swaps hands with a player of their choice (as their last card it goes out "
        "instead; a hand it leaves with one card needs no \"{}\" call)",
        call));
  if (e.rotate_hands)
    parts.push_back(fmt::format(
        "every player passes their hand to the next player in the direction of play (as its "
        "player's last card it goes out instead; a hand it leaves with one card needs no "
        "\"{}\" call)",
        call));
  if (!e.not_on.cards.empty())
    parts.push_back("it may not be played on " + selector_words(e.not_on));
  if (parts.empty()) return "no effect";
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0)
      out += parts[i].rfind("unless", 0) == 0 || parts[i].rfind("and", 0) == 0 ? " " : "; ";
    out += parts[i];
  }
  return out;
}

std::string card_values_text(const ScoringRules& rules, CardMask deck) {
  // Rank by rank, high to low; where suits differ, the exceptions follow in brackets.
  static constexpr Rank kOrder[] = {Rank::ace,  Rank::king,  Rank::queen, Rank::jack, Rank::ten,
                                    Rank::nine, Rank::eight, Rank::seven, Rank::six,  Rank::five,
                                    Rank::four, Rank::three, Rank::two};
  std::vector<std::string> items;
  for (Rank r : kOrder) {
    if ((deck & CardMask::of_rank(r)).empty()) continue;
    std::map<int, std::vector<Suit>> by_value;
    for (int s = 0; s < kSuitCount; ++s)
      by_value[card_value(rules, Card(r, static_cast<Suit>(s)))].push_back(static_cast<Suit>(s));
    int common = by_value.begin()->first;
    std::size_t most = 0;
    for (const auto& [value, suits] : by_value)
      if (suits.size() > most) most = suits.size(), common = value;
    std::string item = fmt::format("{} {}", rank_symbol(r), common);
    for (const auto& [value, suits] : by_value) {
      if (value == common) continue;
      std::string who;
      if (suits.size() == 2 && Card(r, suits[0]).colour() == Card(r, suits[1]).colour())
        who = Card(r, suits[0]).colour() == Colour::black ? "black" : "red";
      else
        for (Suit s : suits) who += (who.empty() ? "" : ", ") + std::string(suit_name(s));
      item += fmt::format(" ({} {})", who, value);
    }
    items.push_back(item);
  }
  if (deck.contains(Card::joker()))
    items.push_back(fmt::format("joker {}", card_value(rules, Card::joker())));
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::string factor_text(double f) {
  if (f == 0.5) return "halves it";
  if (f == 2) return "doubles it";
  return fmt::format("multiplies it by {}", f);
}

// With partnerships partners score the same each round (team scores), so they reach a limit
// together and the match is between teams.
std::string match_text(const MatchRules& m, bool teams) {
  const char* side = teams ? "team" : "player";
  switch (m.end) {
    case MatchKind::single_round:
      return teams ? "A single round: the team of whoever empties their hand first wins."
                   : "A single round: whoever empties their hand first wins.";
    case MatchKind::fixed_rounds:
      return fmt::format("{}; the lowest total wins, the highest loses{}.",
                         plural(m.rounds, "round"), teams ? " (partners share a total)" : "");
    case MatchKind::elimination:
      return fmt::format(
          "Elimination at {}: a {} whose total reaches {} is out and sits out the later "
          "rounds; the last {} under {} wins, the first one out loses.",
          m.limit, side, m.limit, side, m.limit);
    case MatchKind::threshold: {
      std::string s = fmt::format(
          "Rounds go on until only one {} is below {} points: that {} wins. {} at or over {} "
          "keep playing. The first to reach {} loses",
          side, m.limit, side, teams ? "Teams" : "Players", m.limit, m.limit);
      if (m.hard_limit > 0)
        s += fmt::format(", unless someone reaches {}: then the first to reach {} loses instead",
                         m.hard_limit, m.hard_limit);
      return s + ".";
    }
    case MatchKind::first_to:
      return fmt::format(
          "First to {}: rounds go on until a {}'s total reaches {}; that {} wins, and the "
          "lowest total loses.",
          m.limit, side, plural(m.limit, "point"), side);
  }
  return "";
}

// The partnerships of a table of `players` (the loader allows teams for one player count).
std::string teams_text(const TeamRules& t, const MatchRules& m, int players) {
  const std::vector<int> team = t.team_of_seats(players);
  std::vector<std::string> teams;
  for (int k = 0;; ++k) {
    std::vector<std::string> seats;
    for (int seat = 0; seat < players; ++seat)
      if (team[static_cast<std::size_t>(seat)] == k) seats.push_back(std::to_string(seat));
    if (seats.empty()) break;
    const std::string last = seats.back();
    seats.pop_back();
    teams.push_back(seats.empty() ? "seat " + last
                                  : fmt::format("seats {} and {}", fmt::join(seats, ", "), last));
  }
  std::string s = fmt::format(
      "Teams: {}{}. Partners win, score and stand in the match together: a round ends when one "
      "player has no cards, and their team wins it. ",
      fmt::format("{}", fmt::join(teams, "; ")),
      t.seating == TeamSeating::opposite ? " (partners sit opposite each other)" : "");
  // The loader refuses first_to with each_hand.
  if (m.end == MatchKind::first_to)
    return s +
           "The winning team scores the cards left in the other teams' hands, added up "
           "(not its partners' cards), the other teams score 0, and each partner carries the "
           "team's score.";
  s += t.score == TeamScore::losing_teams
           ? "The winning team scores 0; every other team scores the cards left in its players' "
             "hands, added up, and each partner carries the team's score."
           : "Every team scores the cards left in its players' hands, added up (the winner's "
             "partners' cards count too), and each partner carries the team's score.";
  return s;
}

// A selector of the variant in words; `special` and `wild` name sets of this variant, so say
// which cards they are: "a special card (2, 8, black J, A)".
std::string variant_selector_words(const Variant& v, const Selector& selector) {
  for (const auto& [word, what] :
       {std::pair<std::string_view, std::string_view>{"special", "a special card"},
        {"wild", "a wild card"}})
    if (selector.text == word) {
      std::vector<std::string> names;
      for (const Effect& e : v.specials)
        if ((e.cards.cards & selector.cards) == e.cards.cards)
          names.push_back(selector_words(e.cards));
      return fmt::format("{} ({})", what, fmt::join(names, ", "));
    }
  return selector_words(selector);
}

}  // namespace

std::string summarize_variant(const Variant& v) {
  const int min = v.deal.min_players, max = v.deal.max_players;
  const std::string title = v.title.empty() ? v.name : v.title;
  std::string match;
  switch (v.match.end) {
    case MatchKind::single_round:
      match = "single rounds";
      break;
    case MatchKind::fixed_rounds:
      match = "matches of " + plural(v.match.rounds, "round");
      break;
    case MatchKind::elimination:
      match = fmt::format("elimination at {}", v.match.limit);
      break;
    case MatchKind::threshold:
      match = fmt::format("play to {}", v.match.limit);
      if (v.match.hard_limit > 0) match += fmt::format(" ({} loses outright)", v.match.hard_limit);
      break;
    case MatchKind::first_to:
      match = fmt::format("first to {} points", v.match.limit);
      break;
  }
  if (v.teams.enabled()) match += ", in partnerships";
  const std::string players =
      min == max ? plural(min, "player") : fmt::format("{}-{} players", min, max);
  // The changes of a value by player count after the fewest players, up to the most:
  // " (5 from 5, 4 from 7 players)".
  const auto changes = [&](const ByPlayers& b, auto&& text) {
    std::string out;
    for (const auto& [from, value] : changes_by_players(b, min, max))
      out += fmt::format("{}{} from {}", out.empty() ? " (" : ", ", text(from), from);
    return out.empty() ? out : out + " players)";
  };
  const auto deck_size = [&](int players) { return v.deck_for(players).size(); };
  const auto hand_size = [&](int players) { return v.deal.hand_size.at(players); };
  return fmt::format("{} ({}): {}, {} cards{}, {} each{}, {}, {}", title, v.name, players,
                     deck_size(min), changes(v.deal.decks, deck_size),
                     plural(hand_size(min), "card"), changes(v.deal.hand_size, hand_size),
                     plural(static_cast<int>(v.specials.size()), "special card rule"), match);
}

std::string describe_variant(const Variant& v, int width) {
  if (width < 1)
    throw std::invalid_argument(fmt::format("describe_variant: a width of {} columns", width));
  std::string out;
  const auto wrap = [&](const std::string& text, std::string_view indent = "",
                        std::string_view first_indent = "") {
    return detail::fill(text, static_cast<std::size_t>(width), indent, first_indent);
  };
  const auto para = [&](const std::string& text) { out += wrap(text) + "\n"; };
  const std::string title = v.title.empty() ? v.name : v.title;
  const std::string heading = fmt::format("{} ({})", title, v.name);
  out += fmt::format("{}\n{}\n\n", heading, std::string(detail::text_width(heading), '='));
  if (!v.description.empty()) para(v.description);

  const int min = v.deal.min_players, max = v.deal.max_players;
  para(fmt::format("Players: {} to {}, playing clockwise.", min, max));

  // Deck.
  const DeckSpec base = v.deck_for(min);
  const int decks = v.deal.decks.at(min);
  std::string deck = decks == 1 ? fmt::format("Deck: one deck of {} cards", base.size())
                                : fmt::format("Deck: {} decks shuffled together ({} cards)",
                                              number_word(decks), base.size());
  if (base.ranks.count() < kRankCount) {
    std::string ranks;
    for (int r = 0; r < kRankCount; ++r)
      if (base.ranks.test(r))
        ranks += (ranks.empty() ? "" : " ") + std::string(rank_symbol(static_cast<Rank>(r)));
    deck += " (ranks " + ranks + ")";
  }
  if (base.jokers > 0) deck += fmt::format(" including {}", plural(base.jokers, "joker"));
  for (const auto& [from, count] : changes_by_players(v.deal.decks, min, max))
    deck += fmt::format("; from {} players, {} ({} cards)", from, plural(count, "deck"),
                        v.deck_for(from).size());
  deck += ".";
  const bool jokers = std::ranges::any_of(
      v.deal.decks.steps, [&](const auto& step) { return v.deck_for(step.first).jokers > 0; });
  const bool wild_jokers = std::ranges::any_of(
      v.specials, [](const Effect& e) { return e.wild && e.cards.cards.contains(Card::joker()); });
  if (jokers && !wild_jokers)
    deck +=
        " A joker matches no suit or rank, and no wild special plays it: it may follow only "
        "another joker, so a player dealt one can hardly ever play it.";
  para(deck);

  // Deal.
  std::string deal = "Deal: " + by_players(v.deal.hand_size, min, max,
                                           [](int n) { return plural(n, "card") + " each"; });
  deal +=
      ". The rest is the stock, face down; its top card is turned up to start the discard "
      "pile. ";
  const CardMask again = v.deal.turn_again.cards;
  if (!again.empty())
    deal += fmt::format(
        "If that card is {}, it goes to the bottom of the stock and the next card is turned up "
        "instead, until one is not. ",
        with_article(variant_selector_words(v, v.deal.turn_again)));
  // What a special card that starts the pile does: nothing to say when none can.
  const auto can_start = [&](const Effect& e) { return !(e.cards.cards - again).empty(); };
  if (std::ranges::any_of(v.specials, can_start)) {
    deal += v.deal.first_card == FirstCardRule::ignore
                ? "If that card is special, its effect does not apply"
                : "If that card is special, it acts as if the dealer had played it";
    // anything_on belongs to the card on top, not to its play: it holds for a turned-up card.
    deal += std::ranges::any_of(v.specials,
                                [&](const Effect& e) { return e.anything_on && can_start(e); })
                ? ", but any card may still be played on a card that takes any card."
                : ".";
    if (v.deal.first_card == FirstCardRule::apply &&
        std::ranges::any_of(v.specials,
                            [&](const Effect& e) { return e.names_suit && can_start(e); }))
      deal += " A card that names a suit names none when turned up: its own suit holds.";
  }
  deal += v.match.first_dealer == FirstDealer::lowest_cut
              ? " The first dealer is whoever cuts the lowest card; the deal passes clockwise."
              : " Seat 0 deals first; the deal passes clockwise.";
  para(deal);

  // Turns.
  const std::string draws =
      v.draw.until_playable
          ? (v.draw.limit > 0 ? fmt::format("draw cards one at a time until one can be played "
                                            "(at most {})",
                                            plural(v.draw.limit, "card"))
                              : std::string("draw cards one at a time until one can be played"))
      : v.draw.cards == 1 ? std::string("draw one card")
                          : "draw " + plural(v.draw.cards, "card");
  std::string turn =
      fmt::format("A turn: play one card matching the top card by suit or by rank, or {}.", draws);
  turn += v.draw.when_playable ? " You may draw even when you could play."
                               : " You must play if you can: you may draw only when you cannot.";
  // A draw of several cards offers the last one drawn (the others stay in the hand).
  const auto play_drawn = [&](std::string_view may_or_must) {
    return !v.draw.until_playable && v.draw.cards > 1
               ? fmt::format(
                     " The last card drawn {} be played at once if it can be (the others "
                     "stay in the hand); otherwise the turn ends.",
                     may_or_must)
               : fmt::format(
                     " A drawn card that can be played {} be played at once; otherwise "
                     "the turn ends.",
                     may_or_must);
  };
  switch (v.draw.after) {
    case AfterDraw::end_turn:
      turn += " Drawing ends the turn: the drawn card may not be played at once.";
      break;
    case AfterDraw::may_play_drawn:
      turn += play_drawn("may");
      break;
    case AfterDraw::must_play_drawn:
      turn += play_drawn("must");
      break;
  }
  turn +=
      " When the stock runs out, the discard pile except its top card is shuffled into a new "
      "stock.";
  para(turn);
  if (v.play.several_cards()) para(several_text(v));

  // Specials.
  if (v.specials.empty()) {
    para("Special cards: none; every card is ordinary.");
  } else {
    out += wrap(
        "Special cards (an effect comes when its card is played; after that the card is "
        "ordinary):");
    for (const Effect& e : v.specials)
      out += wrap(fmt::format("{} ({}): {}.", selector_words(e.cards), e.name,
                              effect_text(e, v.specials, max, v.last_card.call_words())),
                  "    ", "  - ");
    // Whether a penalty lists a card of another special among its answers (the specials then
    // combine), and whether such a card stacks with a penalty of its own (the card on top then
    // decides what answers next: Engine::stacked).
    bool combine = false, passes_on = false;
    for (const Effect& e : v.specials)
      for (const Effect& f : v.specials) {
        if (&e == &f || !e.is_attack()) continue;
        combine = combine ||
                  !((e.stack.cards | e.cancel.cards | e.deflect.cards) & f.cards.cards).empty();
        passes_on = passes_on || (f.is_attack() && !(e.stack.cards & f.cards.cards).empty());
      }
    const bool penalties =
        std::ranges::any_of(v.specials, [](const Effect& e) { return e.is_attack(); });
    std::string answers = "Only the cards listed with a penalty answer it";
    if (!combine)
      answers += ": different specials do not combine.";
    else if (!passes_on)
      answers += ".";
    else
      answers +=
          ". A card of another special that stacks on it with a penalty of its own passes it on "
          "under its own entry: what may answer next is what that card's entry lists.";
    if (penalties) out += wrap(answers, "    ", "  ");
    bool names = false, demands = false;
    for (const Effect& e : v.specials) {
      names = names || e.names_suit;
      // A rank named says when it lapses in its own line.
      demands = demands || (!e.demand.cards.empty() && e.names_rank.cards.empty());
    }
    if (names)
      out += wrap(v.constraints.named_suit == Lasts::until_played
                      ? "A named suit binds until a card is played on it, also when the next "
                        "player draws instead."
                      : "A named suit binds only the next player: after they draw, the top card "
                        "matches as usual.",
                  "    ", "  ");
    if (demands)
      out += wrap(v.constraints.demand == Lasts::until_played
                      ? "A demand binds until a card is played on it."
                      : "A demand binds only the next player: after they draw, the top card "
                        "matches as usual.",
                  "    ", "  ");
    out += "\n";
  }

  // Identical card.
  if (v.identical.enabled) {
    // Only the bonuses the variant gives: "draw 0" reads as a rule that does something.
    std::string s =
        "Identical card: playing a card identical to the top card (same rank and suit) ";
    if (v.identical.others_draw > 0)
      s += fmt::format("makes every other player draw {}", v.identical.others_draw) +
           (v.identical.play_again ? ", and its player plays again." : ".");
    else
      s += v.identical.play_again ? "lets its player play again." : "brings no bonus.";
    s += v.identical.card_effect ? " If the card is special, its effect still applies."
                                 : " Its own special effect does not apply.";
    para(s);
  }
  if (v.identical.jump_in != JumpIn::none)
    para(v.identical.jump_in == JumpIn::same_card
             ? "Jump-in: right after a card is played, before the next player acts, any "
               "player but the one to act holding a card identical to it (same rank and suit) "
               "that would be legal in their turn may play it at once, the player who just "
               "played it included; play goes on from them, and the players in between lose "
               "their turn (the first in order of play after the player to act has priority)."
             : "Jump-in: right after a card is played, before the next player acts, any "
               "player but the one to act holding a card of the same rank that would be legal "
               "in their turn may play it at once, the player who just played it included; "
               "play goes on from them, and the players in between lose their turn (the first "
               "in order of play after the player to act has priority).");

  // Last card.
  switch (v.last_card.enforce) {
    case LastCardEnforcement::none:
      para(v.last_card.final_call > 0
               ? "Last card: a player left with one card need not announce it; only going out "
                 "needs the call (below)."
               : "Last card: nobody needs to announce it.");
      break;
    case LastCardEnforcement::next_turn:
      para(
          fmt::format("Last card: a player left with one card must say \"{}\" with the "
                      "play. If not, when their next turn comes they draw {}{}.",
                      v.last_card.call_words(), plural(v.last_card.penalty, "penalty card"),
                      v.last_card.miss_turn ? " and miss that turn" : ""));
      break;
    case LastCardEnforcement::when_caught:
      para(
          fmt::format("Last card: a player left with one card must say \"{}\" with the "
                      "play{}. Any opponent may catch one who does not, before the next player "
                      "acts: the offender then draws {}{}.",
                      v.last_card.call_words(),
                      v.last_card.late_call
                          ? " or shortly after, before anyone catches them or the next player acts"
                          : "",
                      plural(v.last_card.penalty, "penalty card"),
                      v.last_card.miss_turn ? " and misses a turn" : ""));
      break;
  }
  if (v.last_card.final_call > 0)
    para(
        fmt::format("The final card is played with the call \"{}\"{}. A player who goes out "
                    "without it is not out: the card stands, they draw {} at once, and play "
                    "goes on.",
                    v.last_card.final_call_words(),
                    v.last_card.enforce == LastCardEnforcement::none ||
                            v.last_card.final_call_words() != v.last_card.call_words()
                        ? ""
                        : " too",
                    plural(v.last_card.final_call, "penalty card")));

  // Round end.
  std::string no_finish;
  const std::string finish_cards = variant_selector_words(v, v.round.no_finish.cards);
  if (!v.round.no_finish.cards.cards.empty())
    no_finish =
        v.round.no_finish.then == NoFinish::refused
            ? v.round.no_finish.unless == NoFinishUnless::follows_suit
                  ? fmt::format(
                        " Nobody may go out on {} unless it is of the suit in force (the top "
                        "card's, or the suit named): with only such a card left, draw instead.",
                        finish_cards)
                  : fmt::format(
                        " Nobody may go out on {}: with only such a card left, draw instead.",
                        finish_cards)
            : fmt::format(" A player who goes out on {} draws {} instead, and the round goes on.",
                          finish_cards, plural(v.round.no_finish.draw, "card"));
  para(fmt::format(
      "End of round: as soon as a player has no cards.{} {} A round still running after {} "
      "decisions ends as a stalemate.",
      no_finish,
      v.round.final_card_draws
          ? "A draw penalty carried by the final card is still drawn by its victim."
          : "The final card's special effect, if it has one, does not happen.",
      v.round.turn_limit));

  // Scoring.
  std::string scoring =
      (v.match.end == MatchKind::first_to
           ? std::string(v.teams.enabled()
                             ? "Scoring: the round winner's team scores the cards left in the "
                               "other teams' hands, added up, and the others score 0 (higher is "
                               "better; after a stalemate nobody scores): "
                             : "Scoring: the round's winner scores the cards left in the other "
                               "players' hands, added up, and the others score 0 (higher is "
                               "better; after a stalemate nobody scores): ")
           : std::string("Scoring: the round's winner scores 0; the others score the cards left "
                         "in their hands (lower is better): ")) +
      card_values_text(v.scoring, v.deck_for(max).kinds()) + ".";
  if (!v.scoring.formula.empty()) {
    scoring += " The hand's score is the formula " + v.scoring.formula +
               " (total: the sum of the card values, cards, pairs, count(rank)).";
  } else {
    for (const HandMultiplier& m : v.scoring.multipliers)
      scoring += fmt::format(
          " Each {} in the hand {}.", m.selector.empty() ? "such card" : m.selector,
          factor_text(m.factor) == "doubles it" ? "doubles the total" : factor_text(m.factor));
    if (v.scoring.pair_factor != 1.0)
      scoring += fmt::format(
          " Each pair of identical cards (same rank and suit) {}.",
          v.scoring.pair_factor == 0.5 ? "halves the total" : factor_text(v.scoring.pair_factor));
  }
  if (!v.scoring.multipliers.empty() || v.scoring.pair_factor != 1.0 ||
      !v.scoring.formula.empty()) {
    const char* rounding = v.scoring.rounding == Rounding::down ? "down"
                           : v.scoring.rounding == Rounding::up ? "up"
                                                                : "to the nearest (halves up)";
    scoring += fmt::format(" The result is rounded {}.", rounding);
  }
  para(scoring);

  if (v.teams.enabled()) para(teams_text(v.teams, v.match, min));
  para("Match: " + match_text(v.match, v.teams.seating != TeamSeating::none));
  if (v.beginner_mode)
    para("Beginner mode: a player may ask to see the other hands and the stock.");
  return out;
}

}  // namespace switchcards
