// The combination rules (engine/variant_combinations.hpp): combinations the engine would play
// otherwise than they read, each stated once with the reason it is refused. A problem's path
// names, as a rule, the second of the keys that clash (the one a file is refused at).
#include "switchcards/engine/variant_combinations.hpp"

#include <vector>

#include <fmt/format.h>

#include "switchcards/core/card_format.hpp"

namespace switchcards {

namespace {

class Combinations {
 public:
  Combinations(const Variant& v, const std::function<void(const CombinationProblem&)>& report,
               const FieldGiven& given)
      : v_(v), report_(report), given_(given), kinds_(v.deal.deck.kinds()) {}

  void run() {
    table();
    turn_again();
    draw();
    play();
    for (std::size_t i = 0; i < v_.specials.size(); ++i) special(i);
    for (std::size_t i = 0; i < v_.specials.size(); ++i) deflect(i);
    playable();
    identical();
    no_finish();
    match();
    teams();
  }

 private:
  void problem(std::string path, std::string message, std::vector<std::string> also = {}) const {
    report_(CombinationProblem{std::move(path), std::move(message), std::move(also)});
  }
  bool given(std::string_view path) const { return given_ && given_(path); }
  static std::string special_path(std::size_t i, std::string_view field) {
    return fmt::format("specials[{}].{}", i, field);
  }
  std::string players_allow() const {
    const int min = v_.deal.min_players, max = v_.deal.max_players;
    return min == max ? std::to_string(min) : fmt::format("{} to {}", min, max);
  }

  // A deal that turns again every card of the deck could never start the discard pile.
  void turn_again() const {
    const Selector& again = v_.deal.turn_again;
    if (!again.cards.empty() && (kinds_ - again.cards).empty())
      problem("deal.turn_again",
              fmt::format("'{}' is every card of the deck: each card turned up would be turned "
                          "again, and none could start the discard pile",
                          again.text));
  }

  void table() const {
    const DealRules& deal = v_.deal;
    if (deal.min_players > deal.max_players)
      return problem("deal.min_players", fmt::format("min {} is greater than max {}",
                                                     deal.min_players, deal.max_players));
    // From fewest_players_dealt: an elimination match deals to fewer seats as they go out.
    for (int players = v_.fewest_players_dealt(); players <= deal.max_players; ++players) {
      const DeckSpec deck = v_.deck_for(players);
      if (deck.size() > kMaxCards) {
        problem("deal.decks", fmt::format("with {} players the deck has {} cards; at most {} are "
                                          "supported",
                                          players, deck.size(), kMaxCards));
        return;
      }
      const int hand = deal.hand_size.at(players);
      const int needed = players * hand + 1;
      if (needed > deck.size()) {
        problem("deal.hand_size",
                fmt::format("impossible deal: {} players x {} cards + 1 turned up = {} cards, but "
                            "the deck has only {}{}",
                            players, hand, needed, deck.size(),
                            players < deal.min_players ? " (match.end elimination deals later "
                                                         "rounds to the seats still in)"
                                                       : ""));
        return;
      }
    }
  }

  void draw() const {
    const DrawRules& draw = v_.draw;
    if (draw.until_playable) {
      if (draw.cards != 1)
        problem("draw.cards", fmt::format("{} with until_playable, which takes cards one at a "
                                          "time: set cards to 1",
                                          draw.cards));
      if (draw.after == AfterDraw::end_turn)
        problem("draw.after",
                "draw.cards: until_playable stops at a playable card, which draw.after: end_turn "
                "would never let be played: use may_play_drawn or must_play_drawn",
                {"draw.cards"});
    } else if (draw.limit != 0 || given("draw.limit")) {
      problem("draw.limit",
              fmt::format("draw.limit caps a draw of cards: until_playable; this variant draws "
                          "{} {}",
                          draw.cards, draw.cards == 1 ? "card" : "cards"),
              {"draw.cards"});
    }
  }

  void play() const {
    const PlayRules& play = v_.play;
    if (!play.runs()) {
      const PlayRules defaults;
      const bool shaped =
          play.run_direction != defaults.run_direction || play.run_ace != defaults.run_ace ||
          play.turn_corner != defaults.turn_corner || play.run_jokers != defaults.run_jokers;
      if (shaped || given("play.runs"))
        problem("play.runs",
                fmt::format("play.runs shapes a run, which play.several: runs or "
                            "both lays; this variant lays {}",
                            play.several_cards() ? "cards of one rank only" : "one card a turn"),
                {"play.several"});
    }
    if (play.turn_corner && play.run_ace != RunAce::both)
      problem("play.turn_corner",
              fmt::format("play.runs.turn_corner lets an ace be high and low in one run (K, A, "
                          "2), which play.runs.ace: {} forbids: use ace: both",
                          play.run_ace == RunAce::low ? "low" : "high"),
              {"play.run_ace"});
    if (play.run_jokers == RunJokers::stand_in && v_.deal.deck.jokers == 0)
      problem("play.run_jokers",
              "stand_in lets a joker stand in a run, and this variant's deck has no jokers: add "
              "them with deck: {jokers: N}",
              {"deck.jokers"});
    if ((play.effects != SeveralEffects::each || given("play.effects")) && !play.several_cards())
      problem("play.effects",
              "play.effects says how the specials of a turn of several cards combine; "
              "play.several: none lays one card a turn",
              {"play.several"});
    if (play.several_answers && !play.several_cards())
      problem("play.several_answers",
              "play.answers: several answers a penalty with several cards in a turn, which "
              "play.several: none never lays",
              {"play.several"});
    else if (play.several_answers && play.effects != SeveralEffects::each)
      problem("play.several_answers",
              "play.answers: several stacks every card laid on the pending penalty, and "
              "play.effects: last lets only the top card take effect: use effects: each",
              {"play.effects"});
    if (play.several_cards() && v_.identical.enabled)
      problem("play.several",
              "play.several lays further cards in the turn, and identical.enabled already "
              "rewards a second identical card with another turn: the two rules judge the same "
              "card differently; use one of them",
              {"identical.enabled"});
  }

  // A special's own settings, then its cards against the specials before it.
  void special(std::size_t i) const {
    const Effect& e = v_.specials[i];
    const auto path = [&](std::string_view field) { return special_path(i, field); };
    // A card that names a suit or demands one decides what may follow it: anything_on would
    // count only where that lapses, a rule nobody means.
    if (e.anything_on && (e.names_suit || !e.demand.cards.empty()))
      problem(path("anything_on"),
              fmt::format("anything_on lets any card follow, and {} decides what follows: a card "
                          "has one or the other",
                          e.names_suit ? "names_suit" : "demand"),
              {path(e.names_suit ? "names_suit" : "demand")});
    // In a turn of several cards the suit in force changes card by card, and the rule judges a
    // hand before a play: which hand would count is a rule of its own.
    if (e.only_without_suit && v_.play.several_cards())
      problem(path("only_without_suit"),
              "only_without_suit judges a play by the rest of the hand, which play.several "
              "changes card by card: not with play.several",
              {"play.several"});
    // Its demand binds the answers to its own penalty (Engine::answers_matching): a listed
    // answer outside the demand could never be played.
    if (e.answers_match && !e.demand.cards.empty() &&
        !((e.stack.cards | e.cancel.cards | e.deflect.cards) - e.demand.cards).empty())
      problem(path("answers_match"),
              "with answers_match an answer to this special's penalty must be a card of its own "
              "demand, and its stack, cancel or deflect lists cards outside the demand, which "
              "could never answer",
              {path("demand"), path("stack"), path("cancel"), path("deflect")});
    // waits counts the skips of a penalty its victim takes; a skip that is no penalty skips
    // players as it is played, and a penalty without skips has none to count.
    if (e.waits && (e.skip == 0 || !e.is_attack()))
      problem(path("waits"),
              e.skip == 0 ? std::string("waits makes the player who takes the penalty miss a turn "
                                        "per skip on it, and this special skips nobody (skip: 0)")
                          : std::string("waits counts the skips of a penalty its victim takes, and "
                                        "this skip is no penalty (no draw, and no card stacks on "
                                        "it or cancels it): it skips players as it is played"),
              {path("skip"), path("draw"), path("stack"), path("cancel")});
    if (e.cap > 0 && e.cap < e.draw)
      problem(path("cap"),
              fmt::format("cap {} is below draw {}: the first card would exceed it", e.cap, e.draw),
              {path("draw")});
    // The same player acts next: a penalty or a skip aimed at "the next player" would hit
    // nobody, and going back contradicts it.
    if (e.play_again && (e.draw > 0 || e.skip > 0 || e.back))
      problem(path("play_again"),
              fmt::format("play_again cannot be combined with {}: its player "
                          "acts next",
                          e.draw > 0   ? "draw"
                          : e.skip > 0 ? "skip"
                                       : "back"),
              {path(e.draw > 0   ? "draw"
                    : e.skip > 0 ? "skip"
                                 : "back")});
    // Play goes back to the player before the card's own: nobody is "next" to skip. (A skip
    // that is a penalty, with a draw or answers, is the player before's to take or answer.)
    if (e.back && e.skip > 0 && !e.is_attack())
      problem(path("back"),
              fmt::format("back sends play to the player before, and skip {} would skip the next "
                          "player, whom play does not reach: use one of them",
                          e.skip),
              {path("skip"), path("draw"), path("stack"), path("cancel")});
    if (e.rotate_hands && e.swap_hands)
      problem(path("rotate_hands"),
              "a card swaps with one chosen player (swap_hands) or passes every hand on "
              "(rotate_hands), not both",
              {path("swap_hands")});
    // The engine takes the cancel, then the card's own penalty starts afresh: it neither
    // stacks nor cancels as the file says.
    if (const CardMask both = e.stack.cards & e.cancel.cards & kinds_; !both.empty())
      problem(path("cancel"),
              fmt::format("{} both stacks on the penalty (stack) and cancels it (cancel): a card "
                          "answers it one way, so list it in one of them",
                          to_string(both.first())),
              {path("stack")});
    // The demand binds the next player and the named suit only the one after: neither is
    // what "names a suit" and "demands" promise together.
    if (e.names_suit && !e.demand.cards.empty())
      problem(path("demand"),
              "a card that names a suit (names_suit) cannot also make a demand: the next card "
              "would have to follow both, and only one can bind it (put the demand on another "
              "card)",
              {path("names_suit")});
    // With a draw, skip makes the victim miss its turn (and skip - 1 players after it).
    if (!e.miss_turn && e.draw > 0 && e.skip > 0)
      problem(path("miss_turn"),
              fmt::format("miss_turn: false contradicts skip {}: with a draw, skip makes the "
                          "victim miss its turn (skip: 0 lets it play after drawing)",
                          e.skip),
              {path("skip"), path("draw")});
    // A play names a suit or a seat, not both (and a wild swap for every suit and seat would
    // not fit the action lists).
    if (e.swap_hands && e.names_suit)
      problem(path("swap_hands"),
              "a swap card cannot also name a suit (names_suit): its play names the seat to swap "
              "with",
              {path("names_suit")});
    names_rank(i);
    for (std::size_t j = 0; j < i; ++j)
      if (const CardMask both = v_.specials[j].cards.cards & e.cards.cards & kinds_;
          !both.empty()) {
        problem(path("cards"),
                fmt::format("{} is matched by both '{}' and '{}' (a card has at "
                            "most one entry: put both effects in one)",
                            to_string(both.first()), v_.specials[j].name, e.name),
                {special_path(j, "cards")});
        break;
      }
  }

  // names_rank: the play of such a card waits for its player to name the rank (Phase::naming)
  // and then only demands. An effect that acts with the play (a penalty, a move of play or of
  // hands, a suit named), an answer to a penalty that names, or a turn that goes on (several
  // cards, an identical card's bonus, a jump-in) would act before the name or beside it.
  void names_rank(std::size_t i) const {
    const Effect& e = v_.specials[i];
    if (e.names_rank.cards.empty()) return;
    const auto path = [&](std::string_view field) { return special_path(i, field); };
    bool ranks = false;
    for (CardMask m = e.names_rank.cards; !m.empty() && !ranks;) ranks = !m.pop_first().is_joker();
    if (!ranks)
      return problem(path("names_rank"),
                     "names_rank lists the ranks its player may name, and lists only jokers, "
                     "which have none");
    // A rank named is of plain cards (the Makao jack names 5 to 10, "karty niefunkcyjne"): a
    // card played to answer the demand does nothing else, so no skip, penalty or move of play
    // passes over the seat whose turn ends it.
    for (CardMask m = e.names_rank.cards; !m.empty();) {
      const Card c = m.pop_first();
      if (c.is_joker()) continue;
      const CardMask rank = CardMask::of_rank(c.rank()) & kinds_;
      if (rank.empty())
        return problem(path("names_rank"),
                       fmt::format("names_rank lists {}, and the deck holds no card of that "
                                   "rank: a demand of it could never be met",
                                   rank_symbol(c.rank())));
      // A rank is named, and answered in any suit: a list of some of its cards (7H, red 7)
      // would read as a demand of those alone.
      if (const CardMask missing = rank - e.names_rank.cards; !missing.empty())
        return problem(path("names_rank"),
                       fmt::format("names_rank lists ranks, answered in any suit, and lists {} "
                                   "but not {}: write the rank alone ({})",
                                   to_string((rank & e.names_rank.cards).first()),
                                   to_string(missing.first()), rank_symbol(c.rank())));
      for (std::size_t j = 0; j < v_.specials.size(); ++j)
        if (const CardMask both = v_.specials[j].cards.cards & rank; !both.empty())
          return problem(
              path("names_rank"),
              fmt::format("names_rank lists {}, and {} is a card of '{}': a rank "
                          "named is of plain cards, which only answer the demand",
                          rank_symbol(c.rank()), to_string(both.first()), v_.specials[j].name),
              {special_path(j, "cards")});
    }
    const std::pair<bool, std::string_view> acts[] = {{e.wild, "wild"},
                                                      {e.names_suit, "names_suit"},
                                                      {e.draw > 0, "draw"},
                                                      {e.skip > 0, "skip"},
                                                      {!e.stack.cards.empty(), "stack"},
                                                      {!e.cancel.cards.empty(), "cancel"},
                                                      {!e.deflect.cards.empty(), "deflect"},
                                                      {e.reverse, "reverse"},
                                                      {e.back, "back"},
                                                      {e.play_again, "play_again"},
                                                      {e.swap_hands, "swap_hands"},
                                                      {e.rotate_hands, "rotate_hands"},
                                                      {e.anything_on, "anything_on"},
                                                      {e.only_without_suit, "only_without_suit"}};
    for (const auto& [on, field] : acts)
      if (on)
        return problem(path("names_rank"),
                       fmt::format("a card that names a rank (names_rank) only demands: {} "
                                   "would act before the rank is named; put it on another card",
                                   field),
                       {path(field)});
    // Nor may a card that answers it besides the rank (`demand`) skip: playing it would pass
    // play over players, and over the seat whose turn ends the demand (a skip under `waits` is
    // taken at the victim's own turn, which ends it).
    for (std::size_t j = 0; j < v_.specials.size(); ++j) {
      const Effect& other = v_.specials[j];
      const CardMask both = other.cards.cards & e.demand.cards & kinds_;
      if (!both.empty() && other.skip > 0 && !other.waits)
        return problem(path("demand"),
                       fmt::format("{} answers the rank named (demand) and skips players "
                                   "('{}'): it would pass play over the seat whose turn ends "
                                   "the demand; answer with another card",
                                   to_string(both.first()), other.name),
                       {special_path(j, "skip")});
    }
    for (std::size_t j = 0; j < v_.specials.size(); ++j) {
      const Effect& other = v_.specials[j];
      const CardMask answers =
          (other.stack.cards | other.cancel.cards | other.deflect.cards) & e.cards.cards & kinds_;
      if (!answers.empty())
        return problem(
            path("names_rank"),
            fmt::format("{} names a rank (names_rank) and answers the penalty of "
                        "'{}': its name would wait while the penalty passes on; "
                        "answer with another card",
                        to_string(answers.first()), other.name),
            {special_path(j, "stack"), special_path(j, "cancel"), special_path(j, "deflect")});
    }
    if (v_.play.several_cards())
      return problem(path("names_rank"),
                     "a card that names a rank ends its player's turn with the name, and "
                     "play.several would go on laying: not with play.several",
                     {"play.several"});
    if (v_.identical.enabled || v_.identical.jump_in != JumpIn::none)
      return problem(path("names_rank"),
                     "a card that names a rank waits for the name, and an identical card "
                     "(identical.enabled or jump_in) would be played on it first",
                     {"identical.enabled", "identical.jump_in"});
  }

  // A card may be played on any top card outside its special's not_on (answers to a pending
  // penalty aside). Where every card of the deck is barred from the whole deck, no play can
  // ever be made: every round would end at the turn limit.
  void playable() const {
    CardMask barred;
    std::size_t last = 0;
    for (std::size_t i = 0; i < v_.specials.size(); ++i) {
      const Effect& e = v_.specials[i];
      if ((kinds_ - e.not_on.cards).empty()) {
        barred |= e.cards.cards & kinds_;
        last = i;
      }
    }
    if (!barred.empty() && (kinds_ - barred).empty())
      problem(special_path(last, "not_on"),
              "no card of the deck may be played on any card of it (each is in a special whose "
              "not_on covers the deck): every round would end at the turn limit");
  }

  // Deflection, against the specials of the deflecting cards (any of which may come later).
  // The first problem of each special only: the later ones follow from it.
  void deflect(std::size_t i) const {
    const Effect& penalty = v_.specials[i];
    const std::string at = special_path(i, "deflect");
    const std::string to = special_path(i, "deflect_to_attacker");
    const CardMask deflect = penalty.deflect.cards & kinds_;
    const bool to_given = !penalty.deflect_to_attacker || given(to);
    if (deflect.empty()) {
      if (to_given)
        problem(to,
                "deflect_reverse_to goes with deflect: this special lists no card that "
                "deflects its penalty",
                {at});
      return;
    }
    const auto of = [](std::size_t j, std::initializer_list<std::string_view> fields) {
      std::vector<std::string> paths;
      for (const std::string_view f : fields) paths.push_back(special_path(j, f));
      return paths;
    };
    if (!penalty.is_attack())
      return problem(at,
                     fmt::format("'{}' sets no penalty to deflect (deflect goes with draw, "
                                 "or a skip that can be answered)",
                                 penalty.name),
                     of(i, {"draw", "skip", "stack", "cancel"}));
    if (const CardMask both = deflect & (penalty.stack.cards | penalty.cancel.cards); !both.empty())
      return problem(
          at,
          fmt::format("{} both deflects and {} the penalty: a card answers it one "
                      "way",
                      to_string(both.first()),
                      penalty.stack.cards.contains(both.first()) ? "stacks on" : "cancels"),
          of(i, {"stack", "cancel"}));
    bool any_reverse = false;
    for (CardMask m = deflect; !m.empty();) {
      const Card card = m.pop_first();
      const Effect* own = nullptr;
      std::size_t j = 0;  // own's index
      for (std::size_t k = 0; k < v_.specials.size() && own == nullptr; ++k)
        if (v_.specials[k].cards.cards.contains(card)) {
          own = &v_.specials[k];
          j = k;
        }
      if (own != nullptr && (own->is_attack() || own->draw > 0))
        return problem(at,
                       fmt::format("{} is in the deflect of '{}' but carries a penalty of "
                                   "its own ('{}'): a card with a penalty answers one by "
                                   "stacking (take it out of that deflect, or give '{}' no "
                                   "penalty)",
                                   to_string(card), penalty.name, own->name, own->name),
                       of(j, {"draw", "skip", "stack", "cancel"}));
      if (own == nullptr || (!own->reverse && own->skip == 0))
        return problem(
            at,
            fmt::format("{} deflects only if it reverses or skips, but {}", to_string(card),
                        own ? fmt::format("'{}' does neither", own->name)
                            : std::string("it is no special card")),
            // A card of no special: the specials that were written last (one may have
            // removed its special) are the other side.
            own ? of(j, {"reverse", "skip"}) : std::vector<std::string>{"specials"});
      if (own->reverse && own->skip > 0)
        return problem(at,
                       fmt::format("{} both reverses and skips ('{}'): which way it deflects "
                                   "is ambiguous",
                                   to_string(card), own->name),
                       of(j, {"reverse", "skip"}));
      any_reverse = any_reverse || own->reverse;
    }
    if (to_given && !any_reverse)
      problem(to,
              "deflect_reverse_to says where a reverse sends the penalty, but no card of "
              "deflect reverses",
              {at});
  }

  void identical() const {
    if (v_.identical.jump_in == JumpIn::same_card && !v_.deck_has_twins())
      problem("identical.jump_in",
              "same_card jump-in needs a deck with identical cards (deck.decks 2 or more, or two "
              "jokers) for some player count: with one deck no card is held twice, so nobody "
              "could ever jump in (same_rank jumps in with a card of the same rank)",
              {"deck.decks", "deck.jokers"});
  }

  void no_finish() const {
    const NoFinishRules& f = v_.round.no_finish;
    if (f.cards.cards.empty()) {
      if (f.then != NoFinish::refused || f.draw != 0 || f.unless != NoFinishUnless::none)
        problem("round.no_finish.cards",
                "no card: then, draw and unless apply to the cards that may not finish");
      return;
    }
    if (f.then != NoFinish::draw && (f.draw != 0 || given("round.no_finish.draw")))
      problem("round.no_finish.draw",
              "round.no_finish.draw is the penalty of then: draw; with then: refused the play is "
              "not allowed at all",
              {"round.no_finish.then"});
    if (f.then == NoFinish::draw && f.draw == 0)
      problem("round.no_finish.then",
              "then: draw needs round.no_finish.draw, the cards its player draws",
              {"round.no_finish.draw"});
    // With then: draw the card stands and the draw comes after it is played, when the suit it
    // had to follow is gone; the rule is written for a play that is refused.
    if (f.unless != NoFinishUnless::none && f.then != NoFinish::refused)
      problem("round.no_finish.unless",
              "round.no_finish.unless works with then: refused only (a card that may not finish "
              "is then not playable as the last one)",
              {"round.no_finish.then"});
    // A refused finish that covers every card of the deck, with no exception, leaves nobody a
    // way out: every round would stall.
    if (f.then == NoFinish::refused && f.unless == NoFinishUnless::none &&
        (kinds_ - f.cards.cards).empty())
      problem("round.no_finish.cards",
              "every card of the deck is refused as a last card: nobody could ever go out (name "
              "fewer cards, or then: draw, or unless: follows_suit)");
  }

  void match() const {
    const MatchRules& r = v_.match;
    // Only a threshold match reads hard_limit (a YAML file refuses it elsewhere as a key
    // without effect).
    if (r.end == MatchKind::threshold && r.hard_limit != 0 && r.hard_limit <= r.limit)
      problem(
          "match.hard_limit",
          fmt::format("hard_limit {} must be above limit {} (or 0: none)", r.hard_limit, r.limit),
          {"match.limit"});
    // In partnerships the winning team takes the other teams' hands (round_points): its
    // partners' hands are not counted, which each_hand would count.
    if (r.end == MatchKind::first_to && v_.teams.enabled() &&
        v_.teams.score == TeamScore::each_hand)
      problem("match.end",
              "first_to scores the winning team the other teams' hands, not its own, but "
              "teams.score: each_hand scores every team its own hands: use teams.score: "
              "losing_teams (the default) with first_to",
              {"teams.score"});
  }

  // The seating must fit every player count of the table: opposite needs one even count, a
  // list names each seat of the one count once.
  void teams() const {
    const TeamRules& r = v_.teams;
    const int min = v_.deal.min_players, max = v_.deal.max_players;
    if (r.seating != TeamSeating::listed && !r.listed.empty())
      problem("teams.listed", "teams are listed, but teams.seats is not a list of teams");
    const std::vector<std::string> table = {"players"};
    switch (r.seating) {
      case TeamSeating::none:
        if (r.score != TeamScore::losing_teams)
          problem("teams.score", "a team score without teams (no teams.seats)");
        return;
      case TeamSeating::opposite:
        if (min == 2 && max == 2)
          problem("teams.seating",
                  "opposite seats partners across the table, and two players opposite each "
                  "other would be one team with nobody to play against: use 4 players or more",
                  table);
        else if (min != max || min % 2 != 0)
          problem("teams.seating",
                  fmt::format("opposite needs one even number of players, but players allows "
                              "{}: set players to {{min: 4, max: 4}} (or 6, 8)",
                              players_allow()),
                  table);
        return;
      case TeamSeating::listed:
        break;
    }
    int count = 0;
    for (const std::vector<int>& team : r.listed) count += static_cast<int>(team.size());
    if (min != max || min != count)
      problem("teams.listed",
              fmt::format("the teams seat {} players, but players allows {}: set "
                          "players to {{min: {}, max: {}}}",
                          count, players_allow(), count, count),
              table);
  }

  const Variant& v_;
  const std::function<void(const CombinationProblem&)>& report_;
  const FieldGiven& given_;
  CardMask kinds_;
};

}  // namespace

void for_each_combination_problem(const Variant& v,
                                  const std::function<void(const CombinationProblem&)>& report,
                                  const FieldGiven& given) {
  Combinations(v, report, given).run();
}

}  // namespace switchcards
