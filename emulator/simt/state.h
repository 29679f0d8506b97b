// The emulator's run-time state: warps with their reconvergence stacks and
// call frames, CTAs with shared memory and barriers, and Exec, the view an
// instruction handler gets of all of it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "emulator/simt/memory.h"
#include "emulator/simt/program.h"
#include "emulator/simt/zeroed_pages.h"

namespace warpsat::simt {

inline constexpr unsigned kWarpSize = 32;

// One entry of a warp's reconvergence stack: run `mask` from `pc` until
// `rpc`, then pop.
struct SimtEntry {
  uint32_t pc = 0, rpc = kExitPc, mask = 0;
};

using RegisterFile = std::vector<uint64_t, ZeroedPages<uint64_t>>;

struct Frame {
  const FunctionCode* code = nullptr;
  RegisterFile regs;  // slot * 32 + lane; zero until written (zeroed_pages.h, RunState::free_frames)
  std::vector<SimtEntry> stack;
  std::vector<uint8_t> params;  // lane * code->param_bytes + offset
  uint32_t local_base = 0;      // where this frame's .local variables start in each lane's local memory
  uint32_t call = 0;            // the caller's call site (index into the caller's calls)
};

// Where a warp that waits on an mbarrier (a try_wait that suspended it)
// waits: the barrier's CTA (cluster rank) and shared offset, and the parity
// of the phase whose completion it waits for.
struct MbarrierWait {
  uint32_t rank = 0;
  uint32_t offset = 0;
  uint32_t parity = 0;
  uint32_t lanes = 0;        // the lanes that wait
  bool timed_out = false;    // its next try_wait returns false (the hardware's time limit)
  bool failed_once = false;  // EmulatorOptions::fail_first_try_wait: its last try_wait returned false, unsuspended
};

// What a warp did that decides its role (metrics.h, WarpRole) and goes
// into its role's counts when its CTA ends.
struct WarpActivity {
  uint64_t wgmma_issues = 0;       // warp-level wgmma.mma_async
  uint64_t wgmma_flops = 0;        // their 2*M*N*K, once per issuing warp (four per warp group)
  uint64_t tma_bytes_loaded = 0;   // global -> shared copies this warp issued
  uint64_t tma_bytes_stored = 0;   // shared -> global copies
  uint64_t mbarrier_waits = 0;     // try_wait/test_wait completed
  uint64_t mbarrier_blocked = 0;   // try_wait suspensions
};

struct Warp {
  // AtBarrier: bar.sync/barrier.sync; AtClusterBarrier: barrier.cluster.wait;
  // AtMbarrier: an mbarrier.try_wait that suspended it until its phase
  // completes; AtRegisters: a setmaxnreg.inc waiting for registers;
  // AtWgmmaWait: wgmma.wait_group (wgmma_async.h).
  enum class State : uint8_t { Ready, AtBarrier, AtClusterBarrier, AtMbarrier, AtRegisters, Done, AtWgmmaWait };
  uint32_t id = 0;        // warp index in the CTA
  uint32_t valid = 0;     // lanes that hold a thread (the last warp may be partial)
  uint32_t exited = 0;    // lanes that executed exit
  State state = State::Ready;
  uint32_t barrier = 0;   // the barrier waited at
  uint32_t barrier_op = 0;  // index of the bar instruction (for messages)
  MbarrierWait mbarrier;    // with State::AtMbarrier
  // barrier.cluster, per lane: arrived in the phase not yet complete, and
  // arrived in a phase that completed but not yet waited on.
  uint32_t cluster_arrived = 0, cluster_done = 0;
  bool yield = false;       // end this turn (a test_wait that found its phase incomplete)
  bool bulk_deferred = false;  // EmulatorOptions::consumers_first: its bulk copy waits for its next turn
  uint32_t registers = 0;   // per thread, after setmaxnreg (0: the kernel's count, RunState::initial_registers)
  uint32_t register_request = 0;  // with State::AtRegisters: the count setmaxnreg.inc asks for
  uint64_t steps = 0;     // warp instructions executed (also the source of %clock)
  WarpActivity activity;
  uint64_t clock_reads = 0;  // reads of %clock/%globaltimer: a loop that reads them may end by time alone
  bool wgmma_watch = false;  // since its first wgmma.fence: each instruction's registers are checked (wgmma_async.h)
  std::vector<Frame> frames;
  std::vector<uint64_t> special;      // SpecialSlot * 32 + lane
  std::vector<std::vector<uint8_t>> local;  // per-lane local memory
  std::array<uint64_t, kWarpSize> path{};   // per lane: hash of the basic blocks entered (count_thread_paths)
};

struct BarrierState {
  uint32_t arrived = 0;       // threads arrived (bar.sync and bar.arrive)
  uint32_t expected = 0;      // 0: every non-exited thread of the CTA
  std::vector<uint32_t> waiting;  // warps blocked on it
  uint32_t reduction = 0;     // bar.red accumulator
  uint32_t red_kind = 0;      // 0 none, 1 popc, 2 and, 3 or
  bool red_started = false;
};

struct WgmmaCta;  // wgmma_async.h

struct Cluster;
struct AsyncState;

// What the emulator knows of an mbarrier beyond its 64-bit word: the phase
// number and what the current phase has seen, for deadlock reports.
struct MbarrierRecord {
  uint64_t phase = 0;            // phases completed since init
  uint32_t expected_arrivals = 0;
  uint32_t arrivals = 0;         // arrive-on counts received this phase
  uint64_t tx_expected = 0;      // expect-tx bytes this phase
  uint64_t tx_completed = 0;     // complete-tx bytes this phase
  uint32_t init_function = 0, init_instruction = 0;  // where it was initialised
  uint32_t tx_function = 0, tx_instruction = 0;      // the last instruction that changed the tx-count
  uint32_t tx_rank = 0, tx_thread = 0;               // and the thread that executed it
  bool expect_seen = false;                          // an expect-tx has been performed on it
  bool opaque_tx = false;  // a copy through an opaque tensor map completed on it: tx-counts no longer count
  uint32_t expect_function = 0, expect_instruction = 0;  // the last one, for reports on the byte count
};

struct Cta {
  uint32_t id[3] = {0, 0, 0};
  uint64_t linear = 0;           // linear CTA id in the grid (x fastest)
  ByteArray shared;
  std::vector<Warp> warps;
  std::array<BarrierState, 16> barriers;
  std::shared_ptr<WgmmaCta> wgmma;  // made by the first wgmma instruction
  Cluster* cluster = nullptr;    // the cluster it runs in (one CTA, unless the launch has clusters)
  uint32_t rank = 0;             // %cluster_ctarank
  std::unordered_map<uint32_t, MbarrierRecord> mbarriers;  // by shared offset
  std::unique_ptr<AsyncState> async;  // bulk async-groups and proxy tracking (exec_tma.cpp); null until used
  Cta();
  Cta(Cta&&) noexcept;
  Cta& operator=(Cta&&) noexcept;
  ~Cta();
};

// The CTAs of one cluster, resident together (docs/emulator.md, "Thread-block
// clusters"), and its barrier.cluster state.
struct Cluster {
  uint32_t id[3] = {0, 0, 0};    // %clusterid
  uint32_t dims[3] = {1, 1, 1};  // %cluster_nctaid
  std::vector<Cta*> ctas;        // by rank
  uint64_t barrier_phase = 0;    // barrier.cluster phases completed
  uint32_t size() const { return static_cast<uint32_t>(ctas.size()); }
};

struct Launch;
struct RunState;

// What an instruction handler sees. Built per executed instruction (it is
// only references), so handlers stay free functions.
struct Exec {
  Exec(RunState& r, Cta& c, Warp& w, Frame& f)
      : run(r), cta(c), warp(w), frame(f), regs(f.regs.data()), masks(f.code->slot_mask.data()) {}

  RunState& run;
  Cta& cta;
  Warp& warp;
  Frame& frame;
  uint64_t* regs;         // the frame's registers, slot * 32 + lane
  const uint64_t* masks;  // width mask per slot

  // The 32 lane values of a source slot: the registers themselves, or (for
  // a special register) a copy in `tmp`. For handlers that work on whole warps.
  const uint64_t* lanes(Slot s, uint64_t (&tmp)[kWarpSize]) const {
    if (s < kSpecialBase) return regs + static_cast<size_t>(s) * kWarpSize;
    for (unsigned l = 0; l < kWarpSize; ++l) tmp[l] = special(s - kSpecialBase, l);
    return tmp;
  }

  [[gnu::always_inline]] uint64_t get(Slot s, unsigned lane) const {
    if (s < kSpecialBase) [[likely]] return regs[static_cast<size_t>(s) * kWarpSize + lane];
    return special(s - kSpecialBase, lane);
  }
  [[gnu::always_inline]] void set(Slot s, unsigned lane, uint64_t v) {
    regs[static_cast<size_t>(s) * kWarpSize + lane] = v & masks[s];
  }
  uint64_t special(uint32_t index, unsigned lane) const;
  // Source operand i of `op` (with a reg+imm addend when there is one).
  [[gnu::always_inline]] uint64_t src(const Op& op, size_t i, unsigned lane) const {
    uint64_t v = get(op.src[i], lane);
    return op.src_add.empty() ? v : v + static_cast<uint64_t>(op.src_add[i]);
  }

  // The op's address for `lane` as written (register value or constant plus offset).
  uint64_t address(const Op& op, unsigned lane) const;
  // Moves n bytes between memory and `buf`, resolving the op's state space;
  // throws EmulationError naming the instruction, the thread and the address
  // when the access is out of bounds.
  void load(const Op& op, unsigned lane, uint64_t addr, void* buf, size_t n);
  // Where n bytes at addr can be read directly: device memory within one
  // page that holds data, shared memory in bounds, the kernel's
  // parameters. nullptr for everything else (a fault to report, memory to
  // map lazily, the race detector to tell, local and .param variables):
  // load() then does it.
  const uint8_t* load_pointer(const Op& op, uint64_t addr, size_t n) const;
  void store(const Op& op, unsigned lane, uint64_t addr, const void* buf, size_t n);
  // Resolves to a host pointer valid for n bytes (for atomics and copies).
  uint8_t* resolve(const Op& op, unsigned lane, uint64_t addr, size_t n, bool write, ptx::StateSpace space);

  // The CTA of the cluster a rank-tagged shared::cluster address names
  // (memory.h, kClusterRankShift); nullptr when it names none.
  Cta* cluster_cta(uint64_t shared_address) const;

  // A shared offset moved by the launch's SharedRemap (checked: the access stays in one moved unit).
  uint64_t remapped(const Op& op, unsigned lane, uint64_t offset, size_t n) const;
  [[noreturn]] void fail(const Op& op, unsigned lane, const std::string& message) const;
  // Thread coordinates of a lane, "(x,y,z)" in the block and the block's.
  std::string thread_name(unsigned lane) const;
};

}  // namespace warpsat::simt
