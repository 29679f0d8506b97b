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
