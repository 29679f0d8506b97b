// mbarrier phases and transaction counts, thread-block clusters (scheduling,
// %cluster_* registers, distributed shared memory, barrier.cluster,
// multicast) and the deadlock report, on small sm_90a kernels.
#include <doctest/doctest.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "tests/unit/emulator_test_support.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/swizzle.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;
using namespace warpsat::simt::test;

namespace {

ptx::Module parse(const std::string& body) {
  return ptx::parse_module(".version 8.0\n.target sm_90a\n.address_size 64\n" + body, "k.ptx");
}

KernelArgument words(size_t n) { return KernelArgument::buffer(std::vector<uint8_t>(4 * n, 0), "out"); }

// One thread walks an mbarrier through two phases; out[i] records each
// test_wait's answer, out[10] the pending count a .noComplete token holds.
const char* kPhases = R"(
.visible .entry phases(.param .u64 out) {
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .reg .pred %p<4>;
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, bar;
  mbarrier.init.shared::cta.b64 [%r1], 3;
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 100;
  mbarrier.complete_tx.shared::cta.b64 [%r1], 40;
  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;
  selp.u32 %r2, 1, 0, %p1;
  st.global.u32 [%rd1], %r2;
  mbarrier.arrive.shared::cta.b64 %rd2, [%r1], 2;
  mbarrier.test_wait.shared::cta.b64 %p1, [%r1], %rd2;
  selp.u32 %r2, 1, 0, %p1;
  st.global.u32 [%rd1+4], %r2;
  mbarrier.complete_tx.shared::cta.b64 [%r1], 60;
  mbarrier.test_wait.shared::cta.b64 %p1, [%r1], %rd2;
  selp.u32 %r2, 1, 0, %p1;
  st.global.u32 [%rd1+8], %r2;
  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;
  selp.u32 %r2, 1, 0, %p1;
  st.global.u32 [%rd1+12], %r2;
  mbarrier.complete_tx.shared::cta.b64 [%r1], 16;
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 16;
  mbarrier.arrive_drop.shared::cta.b64 _, [%r1];
  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;
  selp.u32 %r2, 1, 0, %p1;
  st.global.u32 [%rd1+16], %r2;
  mbarrier.arrive.shared::cta.b64 _, [%r1];
  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;
  selp.u32 %r2, 1, 0, %p1;
  st.global.u32 [%rd1+20], %r2;
  mbarrier.arrive.noComplete.shared::cta.b64 %rd3, [%r1], 1;
  mbarrier.pending_count.b64 %r3, %rd3;
  st.global.u32 [%rd1+40], %r3;
  ld.shared.b64 %rd4, [%r1];
  st.global.u64 [%rd1+48], %rd4;
  ret;
}
)";

Launch one_thread(const char* kernel, size_t out_words) {
  Launch l;
  l.kernel = kernel;
  l.args.push_back(words(out_words));
  return l;
}

}  // namespace

TEST_CASE("mbarrier: a phase completes when arrivals and tx-count both reach zero, negative tx-counts wait") {
  ptx::Module m = parse(kPhases);
  RunResult r = run_kernel(m, one_thread("phases", 16));
  const std::vector<uint8_t>& out = r.buffers[0];
  CHECK(word(out, 0) == 0);  // 1 of 3 arrivals, tx 60: incomplete
  CHECK(word(out, 1) == 0);  // 3 of 3 arrivals, tx still 60
  CHECK(word(out, 2) == 1);  // the last 60 bytes complete phase 0
  CHECK(word(out, 3) == 0);  // phase 1 (parity 1) is the current one
  CHECK(word(out, 4) == 0);  // complete-tx before expect-tx: tx -16 then 0, but one arrival is left
  CHECK(word(out, 5) == 1);  // arrive_drop left 2 expected; the second arrival completes phase 1
  CHECK(word(out, 10) == 2); // phase 2 expects 2 arrivals (3, less the dropped one); the token holds 2 pending
  uint64_t w;
  std::memcpy(&w, out.data() + 48, 8);
  MbarrierWord state = MbarrierWord::decode(w);
  CHECK(state.valid);
  CHECK(state.expected == 2);
  CHECK(state.pending == 1);
  CHECK(state.tx == 0);
  CHECK(state.parity == 0);
}

TEST_CASE("mbarrier: misuse stops the run at the instruction") {
  auto run = [](const std::string& body) {
    std::string k = ".visible .entry k(.param .u64 out) {\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<4>;\n"
                    "  .shared .align 8 .b64 bar;\n  mov.u32 %r1, bar;\n" + body + "  ret;\n}\n";
    ptx::Module m = parse(k);
    return error_of(m, one_thread("k", 1));
  };
  CHECK(run("  mbarrier.arrive.shared::cta.b64 _, [%r1];\n").find("never initialised") != std::string::npos);
  CHECK(run("  mbarrier.init.shared::cta.b64 [%r1], 1;\n  mbarrier.arrive.shared::cta.b64 _, [%r1], 2;\n")
            .find("2 arrival(s) when the phase has 1 pending") != std::string::npos);
  CHECK(run("  mbarrier.init.shared::cta.b64 [%r1], 1;\n  mbarrier.expect_tx.shared::cta.b64 [%r1], 1048575;\n"
            "  mbarrier.expect_tx.shared::cta.b64 [%r1], 1;\n")
            .find("tx-count 1048575 + 1 leaves") != std::string::npos);
  CHECK(run("  mbarrier.init.shared::cta.b64 [%r1], 2;\n  mbarrier.arrive.shared::cta.b64 _, [%r1];\n"
            "  mbarrier.init.shared::cta.b64 [%r1], 2;\n")
            .find("which is in use") != std::string::npos);
  CHECK(run("  mbarrier.init.shared::cta.b64 [%r1], 0;\n").find("outside [1, 2^20 - 1]") != std::string::npos);
  CHECK(run("  mbarrier.init.shared::cta.b64 [%r1], 1;\n  mbarrier.inval.shared::cta.b64 [%r1];\n"
            "  mbarrier.arrive.shared::cta.b64 _, [%r1];\n")
            .find("invalidated") != std::string::npos);
  // Initialising twice alike (several threads of a made-up launch) is no error.
  CHECK(run("  mbarrier.init.shared::cta.b64 [%r1], 2;\n  mbarrier.init.shared::cta.b64 [%r1], 2;\n").empty());
}

// Two warps and one mbarrier of one expected arrival: thread 32 runs
// `producer`, warp 0 `consumer`, each then goes to DONE.
std::string two_warps(const std::string& producer, const std::string& consumer) {
  return R"(
.visible .entry pc(.param .u64 out) {
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<4>;
  .shared .align 8 .b64 bar;
  mov.u32 %r1, bar;
  mov.u32 %r2, %tid.x;
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra SYNC;
  mbarrier.init.shared::cta.b64 [%r1], 1;
SYNC:
  bar.sync 0;
  setp.lt.u32 %p2, %r2, 32;
  @%p2 bra CONSUMER;
  setp.ne.u32 %p1, %r2, 32;
  @%p1 bra DONE;
)" + producer + R"(  bra.uni DONE;
CONSUMER:
)" + consumer + R"(DONE:
  ret;
}
)";
}

// Warp 1 produces (arrive.expect_tx, then complete_tx of `bytes`), warp 0
// waits on the phase with a try_wait loop.
std::string producer_consumer(uint32_t bytes) {
  return two_warps("  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 1024;\n"
                   "  mbarrier.complete_tx.shared::cta.b64 [%r1], " + std::to_string(bytes) + ";\n",
                   "  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r1], 0;\n"
                   "  @!%p3 bra CONSUMER;\n"
                   "  ld.param.u64 %rd1, [out];\n"
                   "  st.global.u32 [%rd1], 7;\n");
}

TEST_CASE("deadlock: a wrong transaction count is reported at once, with the barrier's phase and bytes") {
  Launch l = one_thread("pc", 1);
  l.block[0] = 64;
  uint64_t steps = 0;
  EmulatorOptions o;
  o.steps_out = &steps;
  ptx::Module right = parse(producer_consumer(1024));
  CHECK(word(run_kernel(right, l, o).buffers[0], 0) == 7);
  ptx::Module wrong = parse(producer_consumer(512));
  std::string e;
  try {
    run_kernel(wrong, l, o);
  } catch (const EmulationError& err) {
    e = err.what();
    CHECK(err.where().line == 25);  // the try_wait
  }
  CHECK(e.find("deadlock in block (0,0,0)") != std::string::npos);
  CHECK(e.find("phase 0 (parity 0) incomplete, 1 of 1 arrivals, 512 of 1024 transaction bytes arrived") !=
        std::string::npos);
  CHECK(e.find("warp 0 of block (0,0,0) at PTX line 25") != std::string::npos);
  CHECK(steps < 200);  // stopped when nothing could run, not at a step limit
}

// A consumer counts the try_waits of its wait loop while the producer
// warp spends more than a scheduler quantum before it arrives. The emulator suspends
// a try_wait that finds its phase incomplete until the phase completes, so
// the loop runs once; with fail_first_try_wait (branches' replays) that
// try_wait returns false first, as the hardware's time limit may, and the
// retry runs (CUTLASS's ClusterBarrier::wait loop, which no replay took).
TEST_CASE("mbarrier: fail_first_try_wait runs a wait loop's retry once") {
  ptx::Module m = parse(two_warps("  mov.u32 %r6, 0;\n"
                                  "DELAY:\n"
                                  "  add.u32 %r6, %r6, 1;\n"
                                  "  setp.lt.u32 %p1, %r6, 2000;\n"
                                  "  @%p1 bra DELAY;\n"
                                  "  mbarrier.arrive.shared::cta.b64 _, [%r1];\n",
                                  "  mov.u32 %r5, 0;\n"
                                  "AGAIN:\n"
                                  "  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r1], 0;\n"
                                  "  add.u32 %r5, %r5, 1;\n"
                                  "  @!%p3 bra AGAIN;\n"
                                  "  ld.param.u64 %rd1, [out];\n"
                                  "  st.global.u32 [%rd1], %r5;\n"));
  Launch l = one_thread("pc", 1);
  l.block[0] = 64;
  EmulatorOptions o;
  CHECK(word(run_kernel(m, l, o).buffers[0], 0) == 1);
  o.fail_first_try_wait = true;
  CHECK(word(run_kernel(m, l, o).buffers[0], 0) == 2);
}

// Each CTA of a 2-CTA cluster writes a flag into its peer's shared memory
// and spins until its own flag is set: only CTAs that run together finish.
// Then every thread records its cluster registers.
const char* kPeers = R"(
.visible .entry peers(.param .u64 out) {
  .reg .b32 %r<20>;
  .reg .b64 %rd<8>;
  .reg .pred %p<4>;
  .shared .align 4 .b32 flag;
  mov.u32 %r1, flag;
  mov.u32 %r2, %cluster_ctarank;
  xor.b32 %r3, %r2, 1;
  mapa.shared::cluster.u32 %r4, %r1, %r3;
  barrier.cluster.arrive.aligned;
  barrier.cluster.wait.aligned;
  st.shared::cluster.u32 [%r4], 1;
SPIN:
  ld.volatile.shared.u32 %r5, [%r1];
  setp.eq.u32 %p1, %r5, 0;
  @%p1 bra SPIN;
  getctarank.shared::cluster.u32 %r6, %r4;
  mov.u32 %r7, %ctaid.x;
  mov.u32 %r8, %ctaid.y;
  mad.lo.u32 %r9, %r8, 4, %r7;
  mul.wide.u32 %rd1, %r9, 48;
  ld.param.u64 %rd2, [out];
  add.s64 %rd3, %rd2, %rd1;
  mov.u32 %r10, %cluster_ctaid.x;
  mov.u32 %r11, %cluster_ctaid.y;
  mov.u32 %r12, %cluster_nctaid.x;
  mov.u32 %r13, %clusterid.x;
  mov.u32 %r14, %clusterid.y;
  mov.u32 %r15, %nclusterid.x;
  mov.u32 %r16, %nclusterid.y;
  mov.u32 %r17, %cluster_nctarank;
  mov.pred %p2, %is_explicit_cluster;
  selp.u32 %r18, 1, 0, %p2;
  st.global.v4.u32 [%rd3], {%r2, %r6, %r10, %r11};
  st.global.v4.u32 [%rd3+16], {%r12, %r13, %r14, %r15};
  st.global.v4.u32 [%rd3+32], {%r16, %r17, %r18, %r5};
  barrier.cluster.arrive.aligned;
  barrier.cluster.wait.aligned;
  ret;
}
)";

TEST_CASE("clusters: CTAs of a cluster run together, %cluster_* registers, mapa, getctarank, DSMEM stores") {
  ptx::Module m = parse(kPeers);
  Launch l = one_thread("peers", 12 * 8);
  l.grid[0] = 4;
  l.grid[1] = 2;
  l.block[0] = 32;
  l.cluster[0] = 2;
  RunResult r = run_kernel(m, l);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      CAPTURE(x);
      CAPTURE(y);
      size_t at = (y * 4 + x) * 12;
      const std::vector<uint8_t>& out = r.buffers[0];
      CHECK(word(out, at + 0) == x % 2);        // %cluster_ctarank
      CHECK(word(out, at + 1) == ((x % 2) ^ 1));  // getctarank of the peer's address
      CHECK(word(out, at + 2) == x % 2);        // %cluster_ctaid.x
      CHECK(word(out, at + 3) == 0);            // %cluster_ctaid.y
      CHECK(word(out, at + 4) == 2);            // %cluster_nctaid.x
      CHECK(word(out, at + 5) == x / 2);        // %clusterid.x
      CHECK(word(out, at + 6) == y);            // %clusterid.y
      CHECK(word(out, at + 7) == 2);            // %nclusterid.x
      CHECK(word(out, at + 8) == 2);            // %nclusterid.y
      CHECK(word(out, at + 9) == 2);            // %cluster_nctarank
      CHECK(word(out, at + 10) == 1);           // %is_explicit_cluster
      CHECK(word(out, at + 11) == 1);           // the peer's flag arrived
    }
  // Without a cluster the CTAs run one after another, and each waits forever.
  l.cluster[0] = 0;
  std::string e = error_of(m, l);
  CHECK(e.find("mapa to CTA rank 1 of a cluster of 1") != std::string::npos);
}

TEST_CASE("clusters: the launch's shape against the kernel's directives and the grid") {
  ptx::Module m = parse(R"(
.visible .entry fixed(.param .u64 out) .reqnctapercluster 2, 1, 1 { ret; }
.visible .entry must(.param .u64 out) .explicitcluster { ret; }
.visible .entry ranked(.param .u64 out) .maxclusterrank 2 { ret; }
)");
  auto shape_error = [&](const char* kernel, uint32_t cx, uint32_t grid_x, bool non_portable = false) {
    Launch l = one_thread(kernel, 1);
    l.cluster[0] = cx;
    l.grid[0] = grid_x;
    l.cluster_non_portable = non_portable;
    try {
      cluster_shape(*m.find_function(kernel), l);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(shape_error("fixed", 0, 4).empty());  // .reqnctapercluster applies without a cluster key
  CHECK(shape_error("fixed", 4, 4).find(".reqnctapercluster 2, 1, 1") != std::string::npos);
  CHECK(shape_error("fixed", 0, 3).find("not a multiple of the cluster 2x1x1") != std::string::npos);
  CHECK(shape_error("must", 0, 4).find(".explicitcluster") != std::string::npos);
  CHECK(shape_error("must", 1, 4).empty());
  CHECK(shape_error("ranked", 4, 4).find(".maxclusterrank 2") != std::string::npos);
  CHECK(shape_error("must", 16, 16).find("over the 8 a portable cluster may have") != std::string::npos);
  CHECK(shape_error("must", 16, 16, true).empty());
  Launch l = one_thread("fixed", 1);
  l.grid[0] = 4;
  l.cluster[0] = 4;
  CHECK_THROWS_AS(run_kernel(m, l), InputError);
}

TEST_CASE("clusters: multicast TMA fills every CTA of the mask and signals each one's mbarrier") {
  std::ifstream in(std::string(WARPSAT_SOURCE_DIR) + "/tests/files/hopper/cluster_multicast.sm_90a.ptx");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  ptx::Module m = ptx::parse_module(text.str(), "cluster_multicast.sm_90a.ptx");
  Launch l;
  l.kernel = "cluster_multicast";
  l.grid[0] = 4;
  l.block[0] = 64;
  std::vector<uint8_t> tensor(32 * 32 * 4);
  for (uint32_t i = 0; i < 32 * 32; ++i) {
    float f = static_cast<float>(i);
    std::memcpy(tensor.data() + 4 * i, &f, 4);
  }
  l.buffers.push_back(KernelArgument::buffer(tensor, "in"));
  TensorMapSpec spec;
  spec.type = TensorMapType::F32;
  spec.rank = 2;
  spec.dims[0] = spec.dims[1] = 32;
  spec.strides[0] = 4;
  spec.strides[1] = 128;
  spec.box[0] = 32;
  spec.box[1] = 8;
  spec.swizzle = TensorMapSpec::Swizzle::B128;
  l.tensor_maps.push_back({spec, BufferRef{true, 0}});
  KernelArgument map = KernelArgument::scalar(std::vector<uint8_t>(128, 0), "map");
  map.tensor_map_slots.push_back({0, 0});
  l.args.push_back(map);
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(4 * 2048, 0), "out"));
  l.args.push_back(words(16));
  std::vector<uint8_t> expect(4);
  uint32_t bytes = 2048;
  std::memcpy(expect.data(), &bytes, 4);
  l.args.push_back(KernelArgument::scalar(expect, "expect_bytes"));
  RunResult r = run_kernel(m, l);
  // Each CTA holds its cluster's 16 rows: rank 0's half at tile rows 0..7,
  // rank 1's at 8..15, each swizzled by its shared address.
  for (uint32_t cta = 0; cta < 4; ++cta)
    for (uint32_t row = 0; row < 16; ++row)
      for (uint32_t col = 0; col < 32; ++col) {
        uint64_t at = swizzle_address(Swizzle::B128, (row * 32 + col) * 4) / 4;
        float got;
        std::memcpy(&got, r.buffers[1].data() + 4 * (cta * 512 + at), 4);
        CHECK(got == static_cast<float>(((cta / 2) * 16 + row) * 32 + col));
      }
  // The peers' DSMEM stores: 100 + the other's rank.
  CHECK(word(r.buffers[2], 3) == 101);
  CHECK(word(r.buffers[2], 7) == 100);
  // Expecting one half only: each CTA's phase completes with the first half
  // to land, and the other half counts in the next phase, which nobody waits
  // for (on a GPU the consumers may read the tile before it arrives).
  bytes = 1024;
  std::memcpy(l.args[3].bytes.data(), &bytes, 4);
  std::string e = error_of(m, l);
  CHECK(e.find("the run ended with the mbarrier at shared offset") != std::string::npos);
  CHECK(e.find("phase 1 (parity 1), 0 of 1 arrivals, tx-count -1024: 1024 transaction bytes arrived that no "
               "expect-tx announced") != std::string::npos);
  CHECK(e.find("the last instruction that changed it is this one, by thread (0,0,0) of block") != std::string::npos);
  // Expecting more than both halves: the phase never completes.
  bytes = 4096;
  std::memcpy(l.args[3].bytes.data(), &bytes, 4);
  e = error_of(m, l);
  CHECK(e.find("deadlock in cluster (0,0,0) of 2 blocks") != std::string::npos);
  CHECK(e.find("2048 of 4096 transaction bytes arrived (tx-count 2048)") != std::string::npos);
}
