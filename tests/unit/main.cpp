// The Catch2 runner of switchcards_tests; the tests are the other files of tests/unit/.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
