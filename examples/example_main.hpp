// What every example program owes its caller, shared so that each example's main.cpp shows only
// its own work (a `run()` returning the exit status). An error ends the program with its message
// and status 1 (a failed print too: fmt throws std::system_error); standard output, which is
// buffered, is checked at the end, where a failed write would otherwise go unseen; and the
// programs that take no arguments refuse them (status 2) rather than ignore them.
#pragma once

#include <cstdio>
#include <exception>

template <typename Run>
int run_example(const char* program, Run&& run) {
  try {
    const int status = run();
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
      std::fprintf(stderr, "%s: cannot write standard output\n", program);
      return 1;
    }
    return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}

// The main() of an example that takes no arguments.
template <typename Run>
int example_main(int argc, char** argv, Run&& run) {
  if (argc > 1) {
    std::fprintf(stderr, "usage: %s (it takes no arguments)\n", argv[0]);
    return 2;
  }
  return run_example(argv[0], run);
}
