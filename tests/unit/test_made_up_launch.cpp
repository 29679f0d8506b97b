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

// CUTLASS's fast divisions, made as its host code makes them, divide
// exactly: the device's quotient formula gives x / d for every x tried.
TEST_CASE("made-up launches: CUTLASS's fast division members give true quotients") {
  for (uint64_t d : {1ull, 2ull, 3ull, 7ull, 64ull, 100ull, 128ull, 255ull, 1000003ull}) {
    CAPTURE(d);
    FastDivision f32 = cutlass_fast_division(d, 32);
    FastDivision f64 = cutlass_fast_division(d, 64);
    for (uint64_t x : {0ull, 1ull, 63ull, 64ull, 65ull, 1000ull, 123456789ull, 0x7fffffffull}) {
      CAPTURE(x);
      uint32_t q32 = d == 1 ? static_cast<uint32_t>(x)
                            : static_cast<uint32_t>((x * f32.multiplier) >> 32) >> f32.shift;
      CHECK(q32 == x / d);
      uint64_t hi = f64.multiplier
                        ? static_cast<uint64_t>((static_cast<unsigned __int128>(x + f64.round_up) * f64.multiplier) >> 64)
                        : x;
      CHECK((hi >> f64.shift) == x / d);
    }
  }
}

// Seed 6 makes a Params struct's fast divisions agree (struct_fields.h
// finds the multiplier of a mul.hi): FastDivmodU64 at 16 (divisor,
// multiplier, shift, round_up), FastDivmod at 40 (divisor, multiplier,
// shift); FastDivmodU64Pow2 at 56 (divisor, shift) has no multiplier.
TEST_CASE("made-up launches: seed 6 fills a struct's fast divisions from one divisor") {
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 8 .b8 P[256])
.maxntid 128, 1, 1
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<16>;
  mov.u32 %r1, %tid.x;
  cvt.u64.u32 %rd1, %r1;
  ld.param.u64 %rd2, [P+16];
  ld.param.u64 %rd3, [P+24];
  ld.param.v2.u32 {%r2, %r3}, [P+32];
  cvt.u64.u32 %rd4, %r3;
  add.s64 %rd5, %rd1, %rd4;
  mul.hi.u64 %rd6, %rd5, %rd3;
  shr.u64 %rd7, %rd6, %r2;
  ld.param.u32 %r4, [P+40];
  ld.param.u32 %r5, [P+44];
  ld.param.u32 %r6, [P+48];
  mul.hi.u32 %r7, %r1, %r5;
  shr.u32 %r8, %r7, %r6;
  ld.param.u64 %rd8, [P+56];
  ld.param.u32 %r9, [P+64];
  shr.u64 %rd9, %rd1, %r9;
  ret;
}
)", "divmod.ptx");
  LaunchSpec spec;
  MadeUpLaunches launches(m, m.functions[0], spec);
  uint32_t block[3] = {128, 1, 1}, grid[3] = {2, 1, 1};
  simt::Launch l = launches.shape(block, grid, 6);
  const std::vector<uint8_t>& b = l.args.at(0).bytes;
  REQUIRE(b.size() == 256);
  auto u64 = [&](size_t at) {
    uint64_t v;
    std::memcpy(&v, b.data() + at, 8);
    return v;
  };
  auto u32 = [&](size_t at) {
    uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
  };
  FastDivision wide = cutlass_fast_division(kMadeUpDivisor, 64), narrow = cutlass_fast_division(kMadeUpDivisor, 32);
  CHECK(u64(16) == kMadeUpDivisor);
  CHECK(u64(24) == wide.multiplier);
  CHECK(u32(32) == wide.shift);
  CHECK(u32(36) == wide.round_up);
  CHECK(u32(40) == kMadeUpDivisor);
  CHECK(u32(44) == narrow.multiplier);
  CHECK(u32(48) == narrow.shift);
  // A power-of-two division (no multiplier) keeps the fill of its width.
  CHECK(u64(56) == 2);  // a 64-bit integer: the grid's CTA count
  CHECK(u32(64) == 1);  // a 32-bit integer: the cluster's longest side, 1 without clusters
  // Seed 5 leaves them as made up before (one value per field's width).
  simt::Launch five = launches.shape(block, grid, 5);
  CHECK(std::memcmp(five.args[0].bytes.data() + 24, b.data() + 24, 8) != 0);
}

TEST_CASE("made-up launches: a small struct's pointer field leads somewhere, its 64-bit count stays small") {
  // CUB's streaming context: a flag, a 64-bit item offset added to the
  // input pointer, and a pointer to the previous partitions' count.
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in, .param .align 8 .b8 ctx[32])
{
  .reg .pred %p<2>;
  .reg .b16 %rs<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [in];
  ld.param.u8 %rs1, [ctx];
  ld.param.u64 %rd2, [ctx+16];
  ld.param.u64 %rd3, [ctx+24];
  shl.b64 %rd4, %rd2, 2;
  add.s64 %rd5, %rd1, %rd4;
  ld.global.u32 %r1, [%rd5];
  setp.ne.s16 %p1, %rs1, 0;
  @%p1 bra DONE;
  ld.global.u64 %rd6, [%rd3];
DONE:
  ret;
}
)", "ctx.ptx");
  LaunchSpec spec;
  MadeUpLaunches launches(m, m.functions[0], spec);
  auto u64 = [](const simt::Launch& l, size_t at) {
    uint64_t v;
    std::memcpy(&v, l.args.at(1).bytes.data() + at, 8);
    return v;
  };
  uint64_t pointer = made_up_field_pointer(1, 0);
  uint32_t block[3] = {32, 1, 1}, grid[3] = {1, 1, 1};
  for (uint64_t seed : {1, 2}) {
    simt::Launch l = launches.shape(block, grid, seed);
    CHECK(u64(l, 24) == pointer);
    CHECK(u64(l, 16) < 4096);
  }
  // Refilled by every round of random data, and by the exploration's first
  // round, whose launch chose no struct.
  Witness w;
  for (int d = 0; d < 3; ++d) w.block[d] = block[d], w.grid[d] = grid[d];
  for (uint64_t round = 1; round <= 7; ++round) {
    RandomDataPlan plan;
    plan.round = round;
    plan.struct_seed = 1021 * round;
    simt::Launch l = launches.random_data(w, plan);
    CHECK(u64(l, 24) == pointer);
    CHECK(u64(l, 16) < 4096);
  }
  // A struct the witness chose keeps its bytes in the first round.
  std::vector<uint8_t> chosen(32, 0);
  chosen[24] = 0x40;
  w.aggregates.emplace_back(std::string(m.functions[0].params[1].name), chosen);
  RandomDataPlan first;
  CHECK(u64(launches.random_data(w, first), 24) == 0x40);
}

TEST_CASE("made-up launches: a witness's struct words past any device address are made zero, the others kept") {
  Witness w;
  std::vector<uint8_t> bytes(24, 0);
  uint64_t offset = uint64_t{1} << 63, pointer = uint64_t{1} << 40, count = 7;
  std::memcpy(bytes.data(), &offset, 8);
  std::memcpy(bytes.data() + 8, &pointer, 8);
  std::memcpy(bytes.data() + 16, &count, 8);
  w.aggregates.emplace_back("ctx", bytes);
  std::optional<Witness> tame = with_wild_words_zeroed(w);
  REQUIRE(tame);
  auto word = [&](size_t at) {
    uint64_t v;
    std::memcpy(&v, tame->aggregates.at(0).second.data() + at, 8);
    return v;
  };
  CHECK(word(0) == 0);
  CHECK(word(8) == pointer);
  CHECK(word(16) == count);
  CHECK_FALSE(with_wild_words_zeroed(*tame));  // nothing left to change
}
