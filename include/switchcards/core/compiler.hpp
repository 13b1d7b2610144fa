// Inlining hints for hot paths. The engine keeps the common case of each step (a plain play,
// a one-card draw, a turn that owes nothing) inline and moves the rare cases out of line, so
// that the compiler does not pay a rare case's register saves on every call. Hints only:
// other compilers get plain `inline`.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define SWITCHCARDS_ALWAYS_INLINE inline __attribute__((always_inline))
#define SWITCHCARDS_NOINLINE __attribute__((noinline))
// After a lambda's parameter list.
#define SWITCHCARDS_LAMBDA_ALWAYS_INLINE __attribute__((always_inline))
#elif defined(_MSC_VER)
#define SWITCHCARDS_ALWAYS_INLINE __forceinline
#define SWITCHCARDS_NOINLINE __declspec(noinline)
#define SWITCHCARDS_LAMBDA_ALWAYS_INLINE
#else
#define SWITCHCARDS_ALWAYS_INLINE inline
#define SWITCHCARDS_NOINLINE
#define SWITCHCARDS_LAMBDA_ALWAYS_INLINE
#endif
