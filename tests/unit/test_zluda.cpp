#include <doctest/doctest.h>

#include <filesystem>

#include "zluda_harness.h"

TEST_CASE("ZLUDA conformance corpus: at least 95% of the kernels produce the GPU's output") {
  std::string dir = std::string(WARPSAT_SHARED_DIR) + "/corpus/zluda";
  if (!std::filesystem::exists(dir + "/manifest.json")) {
    MESSAGE("skipped: " << dir << " is not present (the corpus lives beside the project, in ../shared)");
    return;
  }
  auto outcomes = warpsat::testing::run_zluda_corpus(dir);
  size_t passed = 0;
  for (const auto& o : outcomes) {
    passed += o.passed;
    if (!o.passed) MESSAGE(o.name << ": " << o.detail);
  }
  MESSAGE("ZLUDA: " << passed << " of " << outcomes.size() << " kernels pass");
  CHECK(outcomes.size() == 182);
  CHECK(passed * 100 >= outcomes.size() * 95);
}
