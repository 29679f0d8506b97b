// The replay's made-up launches against the assumptions (solver/made_up_launch.h):
// scalars are chosen to meet them where the block and grid allow it, and a
// launch that breaks one naming no scalar it may choose is dropped at once.
#include <doctest/doctest.h>

#include <cstring>

#include "frontend/assumption.h"
#include "frontend/ptx/parser.h"
#include "solver/made_up_launch.h"
#include "solver/witness_windows.h"

using namespace warpsat;

namespace {

const char* kKernel = R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u32 n, .param .u64 out)
.maxntid 64, 1, 1
{
  ret;
}
)";

uint64_t scalar(const MadeUpLaunches& l, const simt::Launch& launch) { return *l.scalar_argument(launch, 0); }

}  // namespace

TEST_CASE("made-up launches: an assumption on the block alone cannot be met by choosing scalars") {
  ptx::Module m = ptx::parse_module(kKernel, "k.ptx");
  const ptx::Function& k = m.functions.at(0);
  LaunchSpec spec;
  spec.assumptions.push_back(parse_assumption("ntid.x * ntid.y * ntid.z <= 64"));  // as .maxntid gives it
  spec.assumptions.push_back(parse_assumption("n == 64"));
  MadeUpLaunches launches(m, k, spec);
  uint32_t small[3] = {32, 1, 1}, large[3] = {128, 1, 1}, grid[3] = {1, 1, 1};

  simt::Launch fits = launches.shape(small, grid, 1);
  CHECK(launches.violated_assumption(fits) == std::optional<std::string>("n == 64"));
  CHECK(launches.can_meet_by_scalars(fits));
  CHECK(launches.meet_assumptions(fits, 2000, 0));
  CHECK(scalar(launches, fits) == 64);

  simt::Launch too_large = launches.shape(large, grid, 1);
  CHECK_FALSE(launches.can_meet_by_scalars(too_large));  // whatever n is, 128 threads break the first
  CHECK_FALSE(launches.meet_assumptions(too_large, 2000, 0));
}

TEST_CASE("made-up launches: a given parameter is not chosen, an assumption tying a scalar to the block is met") {
  ptx::Module m = ptx::parse_module(kKernel, "k.ptx");
  const ptx::Function& k = m.functions.at(0);
  uint32_t block[3] = {48, 1, 1}, grid[3] = {1, 1, 1};
  {
    LaunchSpec spec;
    spec.param_values = {uint64_t{5}, std::nullopt};  // --launch gave n = 5
    spec.assumptions.push_back(parse_assumption("n == 64"));
    MadeUpLaunches launches(m, k, spec);
    simt::Launch l = launches.shape(block, grid, 1);
    CHECK_FALSE(launches.can_meet_by_scalars(l));
    CHECK_FALSE(launches.meet_assumptions(l, 2000, 0));
  }
  {
    LaunchSpec spec;
    spec.assumptions.push_back(parse_assumption("n >= 2 * ntid.x"));
    MadeUpLaunches launches(m, k, spec);
    simt::Launch l = launches.shape(block, grid, 0);  // seed 0: n = 0
    CHECK(launches.can_meet_by_scalars(l));
    CHECK(launches.meet_assumptions(l, 2000, 0));
    CHECK(scalar(launches, l) >= 96);
    CHECK_FALSE(launches.violated_assumption(l));
  }
}

TEST_CASE("made-up launches: a witness's loads through a struct's pointer land in a window buffer of their own") {
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out, .param .align 8 .b8 params[256])
{
  ret;
}
)",
                                    "k.ptx");
  const ptx::Function& k = m.functions.at(0);
  LaunchSpec spec;
  MadeUpLaunches launches(m, k, spec);
  Witness w;
  w.params.emplace_back("out", witness_window(0) + 64);
  w.loads.push_back({10, "global", 0, witness_window(0) + 64 + 8, 7, 32});  // the pointer parameter's buffer
  w.loads.push_back({11, "global", 0, witness_window(1) + 24, 0x1234, 64});   // a struct field's window
  w.loads.push_back({12, "generic", 1, witness_window(1) + 32, 0x5678, 64});  // the same window
  w.loads.push_back({13, "shared", 1, 16, 1, 32});                            // no buffer holds it
  std::string unset;
  simt::Launch l = launches.witness(w, unset);
  REQUIRE(l.buffers.size() == 1);
  CHECK(l.buffers[0].fixed_address == witness_window(1));
  CHECK(l.buffers[0].patches.size() == 2);
  CHECK(l.buffers[0].patches[0].first == 24);
  CHECK(l.args[0].patches.size() == 1);
  CHECK(unset.find("shared memory at 0x10") != std::string::npos);
}

TEST_CASE("made-up launches: a ramp buffer holds ascending words, and only index buffers get one") {
  // `partitions` holds indices into `keys` (a merge path's); `keys` only
  // data, `out` is stored to.
  ptx::Module m = ptx::parse_module(R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 keys, .param .u32 n, .param .u64 partitions, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<10>;
  ld.param.u64 %rd1, [partitions];
  ld.param.u64 %rd2, [keys];
  cvta.to.global.u64 %rd3, %rd1;
  cvta.to.global.u64 %rd4, %rd2;
  ld.global.u32 %r1, [%rd3];
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd4, %rd5;
  ld.global.u32 %r2, [%rd6];
  ld.param.u64 %rd7, [out];
  cvta.to.global.u64 %rd8, %rd7;
  st.global.u32 [%rd8], %r2;
  ret;
}
)",
                                    "k.ptx");
  const ptx::Function& k = m.functions.at(0);
  LaunchSpec spec;
  MadeUpLaunches launches(m, k, spec);
  Witness w;
  w.block[0] = 32;
  RandomDataPlan plan;
  for (unsigned bytes : {4u, 8u}) {
    plan.ramp_buffer = RandomDataPlan::Ramp{2, 17, bytes};
    simt::Launch l = launches.random_data(w, plan);
    const simt::KernelArgument& a = l.args[2];
    REQUIRE(a.bytes.size() == size_t{1} << 16);
    CHECK(a.fixed_address);
    for (uint64_t i : {0u, 1u, 2u, 1000u}) {
      uint64_t v = 0;
      std::memcpy(&v, a.bytes.data() + i * bytes, bytes);
      CHECK(v == 17 * i);
    }
    CHECK(l.args[0].kind == simt::KernelArgument::Kind::Scalar);  // the others: lazily mapped, as before
  }
  // The exploration's runs of the other kind put the ramp on `partitions`
  // alone, never where the same run puts one word.
  size_t ramped = 0;
  for (uint64_t i = 0; i < 16; ++i) {
    ExplorationRun run = launches.exploration_of_runs(i, 7);
    if (!run.plan.ramp_buffer) {
      CHECK((run.plan.one_word_buffer && run.plan.one_word_buffer->first == 2));
      continue;
    }
    ++ramped;
    CHECK(run.plan.ramp_buffer->param == 2);
    CHECK(run.plan.ramp_buffer->step >= 1);
    CHECK(run.plan.ramp_buffer->step <= 4096);
  }
  CHECK(ramped >= 8);
}
