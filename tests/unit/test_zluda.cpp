#include <doctest/doctest.h>

#include <filesystem>
#include <map>

#include "zluda_harness.h"

namespace {

std::string corpus_dir() { return std::string(WARPSAT_SHARED_DIR) + "/corpus/zluda"; }

// Kernels that fail here on purpose. The corpus README ("Out-of-bounds
// accesses in threads that are not checked") says both access memory out of
// bounds in threads 32-63, which a GPU tolerates (allocation granularity)
// and whose results the expected output does not contain. The emulator keeps
// its bounds checks strict, so these stop with an out-of-bounds error in
// warp 1; at 32 threads they must give the GPU's output exactly (warp 0 does
// not depend on warp 1 in either kernel).
const std::map<std::string, std::string> kOutOfBoundsOnPurpose = {
    {"ldmatrix", "threads 32-63 read past .global values_g[64] and store past the 256-byte output"},
    {"mma_m16n8k16_f32_bf16_bf16_f32_2x", "threads 32-63 store past the 1024-byte output"},
};

}  // namespace

TEST_CASE("ZLUDA conformance corpus: at least 95% of the kernels produce the GPU's output") {
  std::string dir = corpus_dir();
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

TEST_CASE("ZLUDA tensor-core kernels: the GPU output, and the two out-of-bounds ones fail in warp 1 but pass at 32 threads") {
  std::string dir = corpus_dir();
  if (!std::filesystem::exists(dir + "/manifest.json")) {
    MESSAGE("skipped: " << dir << " is not present");
    return;
  }
  for (const char* name : {"ldmatrix", "ldmatrix_trans", "mma_m16n8k16_f32_bf16_bf16_f32",
                           "mma_m16n8k16_f32_bf16_bf16_f32_2x", "mma_m16n8k16_f32_f16_f16_f32",
                           "mma_m16n8k32_s32_s8_s8_s32", "mma_m16n8k32_s32_s8_s8_s32_interleave"}) {
    CAPTURE(name);
    auto outcomes = warpsat::testing::run_zluda_corpus(dir, {name, 0});
    REQUIRE(outcomes.size() == 1);
    auto expected = kOutOfBoundsOnPurpose.find(name);
    if (expected == kOutOfBoundsOnPurpose.end()) {
      CHECK_MESSAGE(outcomes[0].passed, outcomes[0].detail);
      continue;
    }
    CAPTURE(expected->second);
    CHECK(!outcomes[0].passed);
    CHECK(outcomes[0].detail.find("out-of-bounds") != std::string::npos);
    CHECK(outcomes[0].detail.find("warp 1 lane") != std::string::npos);
    auto first_warp = warpsat::testing::run_zluda_corpus(dir, {name, 32});
    REQUIRE(first_warp.size() == 1);
    CHECK_MESSAGE(first_warp[0].passed, first_warp[0].detail);
  }
}
