// The effects of the rules that the simulate reports show, in the words they use: the text
// report (simulation_report.cpp) and the HTML page's table (html_report.cpp writes the table
// into the page for report/report.js), so both say the same.
#pragma once

#include <iterator>

#include "switchcards/engine/event.hpp"

namespace switchcards::cli {

// The events the report shows, with the words it uses: every event a rule causes (a card
// played, drawn or dealt, and the round's end, are counted elsewhere), so that a house rule's
// effect shows in the report, not only in the JSON.
struct EventLabel {
  EventKind kind;
  const char* label;
};
constexpr EventLabel kEffectEvents[] = {
    {EventKind::penalty_pending, "draw/skip penalties set"},
    {EventKind::penalty_paid, "penalties taken"},
    {EventKind::penalty_cancelled, "penalties cancelled"},
    {EventKind::penalty_deflected, "penalties deflected"},
    {EventKind::seat_skipped, "seats skipped"},
    {EventKind::direction_reversed, "direction reversed"},
    {EventKind::back_to_previous, "play sent back"},
    {EventKind::suit_named, "suits named"},
    {EventKind::demand_set, "demands set"},
    {EventKind::rank_named, "ranks named"},
    {EventKind::play_again, "plays again"},  // an identical card's, or a special's play_again
    {EventKind::jumped_in, "jump-ins"},
    {EventKind::hands_swapped, "hands swapped"},
    {EventKind::hands_rotated, "hands rotated"},
    {EventKind::finish_penalty, "finishes refused (no_finish)"},
    {EventKind::last_card_called, "last card called"},
    {EventKind::last_card_missed, "last card forgotten"},
    {EventKind::last_card_caught, "forgetters caught"},
    {EventKind::last_card_penalty, "last-card penalties"},
    {EventKind::stock_reshuffled, "reshuffles"},
    {EventKind::stock_exhausted, "draws short of cards"},
};
// The row after the events: the cards drawn as penalties (SimulationStats::penalty_cards).
constexpr const char* kPenaltyCardsLabel = "penalty cards drawn";
// The kinds left out by design; the static_assert asks a new kind for a row.
constexpr EventKind kNotEffects[] = {EventKind::card_played, EventKind::card_drawn,
                                     EventKind::round_over, EventKind::card_dealt};
static_assert(std::size(kEffectEvents) + std::size(kNotEffects) ==
                  static_cast<std::size_t>(kEventKindCount),
              "a new EventKind needs a row in the simulate report (or a place in kNotEffects)");

}  // namespace switchcards::cli
