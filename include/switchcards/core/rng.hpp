// Deterministic randomness: PCG32 (O'Neill, pcg-random.org, "pcg32" = XSH-RR 64/32) and the
// library's own bounded draw and Fisher-Yates shuffle. std::shuffle and
// std::uniform_int_distribution differ between standard libraries, so dealing never uses
// them: a seed deals the same cards on every compiler.
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace switchcards {

class Pcg32 {
 public:
  constexpr Pcg32() : Pcg32(0) {}
  constexpr explicit Pcg32(std::uint64_t seed, std::uint64_t stream = 0x5851f42d4c957f2dULL) {
    seed_with(seed, stream);
  }
  // The reference pcg32_srandom_r seeding.
  constexpr void seed_with(std::uint64_t seed, std::uint64_t stream) {
    state_ = 0;
    inc_ = (stream << 1u) | 1u;
    next();
    state_ += seed;
    next();
  }
  constexpr std::uint32_t next() {
    const std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    const auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
  }
  // Uniform in [0, bound) without modulo bias (Lemire's multiply-and-reject).
  constexpr std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = std::uint64_t{next()} * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        m = std::uint64_t{next()} * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
  // Uniform in [0, 1).
  constexpr double unit() { return next() * (1.0 / 4294967296.0); }

  // UniformRandomBitGenerator, so it can also drive std algorithms outside dealing.
  using result_type = std::uint32_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return 0xffffffffu; }
  constexpr result_type operator()() { return next(); }

  // The generator's raw words, so a saved game (io/json.hpp) resumes the same stream.
  // `increment` is odd in every generator the constructor makes; from_raw forces it odd.
  constexpr std::uint64_t raw_state() const { return state_; }
  constexpr std::uint64_t raw_increment() const { return inc_; }
  static constexpr Pcg32 from_raw(std::uint64_t state, std::uint64_t increment) {
    Pcg32 g;
    g.state_ = state;
    g.inc_ = increment | 1u;
    return g;
  }

  friend constexpr bool operator==(const Pcg32&, const Pcg32&) = default;

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 1;
};

// Fisher-Yates (Durstenfeld): the element at i is swapped with one at [0, i].
// It works on a copy of the generator: the items' stores (cards are bytes, which may alias
// anything) would otherwise make the compiler reload and store its state at every step.
template <typename T>
constexpr void shuffle(std::span<T> items, Pcg32& rng) {
  Pcg32 g = rng;
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = g.below(static_cast<std::uint32_t>(i));
    std::swap(items[i - 1], items[j]);
  }
  rng = g;
}

// The first `count` steps of shuffle(): the last `count` items (the top of a pile) come out
// exactly as the whole shuffle would leave them, and the generator advances as far as those
// steps take it; for a caller that looks only at the top (the cut for the dealer).
template <typename T>
constexpr void shuffle_top(std::span<T> items, std::size_t count, Pcg32& rng) {
  for (std::size_t i = items.size(); i > 1 && items.size() - i < count; --i) {
    const std::size_t j = rng.below(static_cast<std::uint32_t>(i));
    std::swap(items[i - 1], items[j]);
  }
}

// Derives independent seeds (for games of a simulation, or agents of a seat) from one
// master seed: SplitMix64 of the pair, so neighbouring indices give unrelated streams.
constexpr std::uint64_t derive_seed(std::uint64_t master, std::uint64_t index) {
  std::uint64_t z = master + 0x9e3779b97f4a7c15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace switchcards
