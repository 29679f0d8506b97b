#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "frontend/nearest_name.h"

using namespace warpsat;

TEST_CASE("edit distance counts insertions, deletions and substitutions") {
  CHECK(edit_distance("", "") == 0);
  CHECK(edit_distance("block", "block") == 0);
  CHECK(edit_distance("--blok", "--block") == 1);
  CHECK(edit_distance("h100sxm", "h100-sxm") == 1);
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("abc", "") == 3);
}

TEST_CASE("the nearest name is a typo's, or none") {
  std::vector<std::string> machines = {"a100", "a6000", "a6000-paper", "h100-sxm", "h200"};
  CHECK(nearest_name("h100sxm", machines) == "h100-sxm");
  CHECK(nearest_name("a6000-papr", machines) == "a6000-paper");
  CHECK(nearest_name("h20", machines) == "h200");
  CHECK(nearest_name("nothing-like-these", machines).empty());
  // Ties go to the first candidate, so the suggestion does not depend on luck.
  CHECK(nearest_name("a200", {"a100", "h200"}) == "a100");
  CHECK(nearest_name("x", {}).empty());
}

TEST_CASE("a prefix of a name ranks before a closer typo") {
  std::vector<std::string> machines = {"a100", "a6000", "a6000-paper", "balanced", "h100-sxm", "h200"};
  // "h100" is one substitution from "a100", but the start of "h100-sxm".
  CHECK(nearest_name("h100", machines) == "h100-sxm");
  CHECK(nearest_name("h100-sxm5", machines) == "h100-sxm");  // a typo as before
  CHECK(nearest_name("a6000-papr", machines) == "a6000-paper");
  CHECK(nearest_name("a6000-", machines) == "a6000-paper");
  CHECK(nearest_name("a60", machines) == "a6000");  // the closer of two prefixes
  CHECK(nearest_name("--grid", {"--grid-size", "--gird"}) == "--grid-size");
}
