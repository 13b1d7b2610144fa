// fmt support for Card: `{}` prints the notation (`AS`, `10H`, `JOKER`), `{:s}` the suit
// symbol (`A♠`), `{:c}` the symbol coloured for a terminal (red suits red, jokers magenta).
#pragma once

#include <fmt/format.h>

#include <string>

#include "switchcards/core/card.hpp"

template <>
struct fmt::formatter<switchcards::Card> {
  char style = 'n';  // n: notation, s: symbol, c: coloured symbol

  constexpr auto parse(fmt::format_parse_context& ctx) {
    auto it = ctx.begin();
    if (it != ctx.end() && (*it == 's' || *it == 'c')) style = *it++;
    if (it != ctx.end() && *it != '}') throw fmt::format_error("Card format: use {}, {:s} or {:c}");
    return it;
  }

  template <typename FormatContext>
  auto format(switchcards::Card c, FormatContext& ctx) const {
    using namespace switchcards;
    if (style == 'n') return fmt::format_to(ctx.out(), "{}", to_string(c));
    std::string text = c.is_joker()
                           ? std::string("JOKER")
                           : std::string(rank_symbol(c.rank())) + std::string(suit_glyph(c.suit()));
    if (style == 's') return fmt::format_to(ctx.out(), "{}", text);
    const char* colour =
        c.is_joker() ? "\x1b[35m" : (c.colour() == Colour::red ? "\x1b[31m" : "\x1b[1m");
    return fmt::format_to(ctx.out(), "{}{}\x1b[0m", colour, text);
  }
};

template <>
struct fmt::formatter<switchcards::Suit> : fmt::formatter<std::string_view> {
  template <typename FormatContext>
  auto format(switchcards::Suit s, FormatContext& ctx) const {
    return fmt::formatter<std::string_view>::format(switchcards::suit_name(s), ctx);
  }
};
