// The asynchronous side of wgmma (PTX ISA 9.7.15.5-7): one warpgroup MMA
// gathered from the four warps that issue it, wgmma-groups, waits, and the
// register hazards PTX leaves undefined, reported as errors of the run.
//
// The four warps of a warp group (warps 4g..4g+3 of the block) each issue
// the same wgmma.mma_async; a warp does not stop there (the instruction is
// asynchronous), it leaves its part (the descriptors and scale-d it read,
// the frame that holds its registers) and runs on. When the fourth warp has
// issued, the MMA is performed: A (shared memory or the four warps'
// registers), B and the old D read, the new D written into the four warps'
// accumulator registers. A warp group's MMAs therefore complete in the order
// they were issued. wgmma.commit_group closes a wgmma-group of the warp's
// issued MMAs; wgmma.wait_group N blocks the warp (Warp::State::AtWgmmaWait)
// until at most N of its groups are pending, which here means until the
// other warps have issued the older groups' MMAs. A warp group whose warps
// do not all issue an MMA ends in a deadlock report (a warp waits for it) or
// an error when the block ends.
//
// Registers are checked, not trusted (docs/emulator.md, "Warpgroup MMA"):
// from its first wgmma.fence on, every instruction a warp executes has its
// registers compared with the accumulator and A registers of its in-flight
// MMAs (issued, not yet covered by a wait_group), and an access is a hazard:
// an EmulationError naming the register, this instruction's PTX and source
// lines and those of the MMA. An MMA whose accumulator or A registers an
// instruction accessed after the warp's last wgmma.fence (other than an MMA
// of the same shape chaining the accumulator), or that no wgmma.fence
// precedes, is reported likewise.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "emulator/simt/program.h"
#include "emulator/simt/state.h"
#include "emulator/simt/wgmma.h"

namespace warpsat::simt {

struct RunState;

// A decoded wgmma.mma_async. op.dst holds D's registers; op.src holds A's
// four registers (a_registers) or its descriptor, then B's descriptor, then
// scale-d.
struct WgmmaInfo {
  WgmmaShape shape;
  unsigned a_registers = 0;
  std::vector<std::string> d_names, a_names;  // register names, parallel to op.dst and A's slots
  bool same_shape(const WgmmaInfo& o) const;  // may chain accumulators without a fence
};

// What one warp gave when it issued an MMA.
struct WgmmaPart {
  uint64_t a_desc = 0, b_desc = 0;
  bool scale_d = false;
  uint32_t depth = 0;                // its frame: the registers to read and write
  const FunctionCode* code = nullptr;
};

struct PendingMma {
  const Op* op = nullptr;
  const WgmmaInfo* info = nullptr;
  uint8_t issued = 0;  // one bit per warp of the group
  std::array<WgmmaPart, 4> parts;
};

struct WarpGroupWgmma {
  std::deque<PendingMma> pending;  // issued by some warps, not performed; the front's number is `performed`
  uint64_t performed = 0;
};

struct WarpWgmma {
  // The frame the tracking is about (a warp's first wgmma.fence chooses it).
  uint32_t depth = 0;
  const FunctionCode* code = nullptr;
  uint32_t fences = 0;  // wgmma.fence executed
  // Per register slot: the value of `fences` when another instruction last
  // accessed it (0: before the first fence), and that instruction.
  std::vector<uint32_t> accessed, accessor;
  // Per register slot: in-flight MMAs naming it as accumulator / as A, and
  // the last of them (for messages).
  std::vector<uint16_t> as_accumulator, as_a;
  std::vector<const Op*> in_flight_op;
  struct Issued {
    uint64_t number;
    const Op* op;
    const WgmmaInfo* info;
  };
  uint64_t issued = 0;               // MMAs issued: the next one's number
  std::deque<uint64_t> group_ends;   // committed groups not yet waited for: one past each group's last MMA
  std::deque<Issued> in_flight;      // issued and not retired by a wait
  // At a wait_group that cannot pass yet: retire `wait_groups` groups once
  // the warp group has performed `wait_until` MMAs.
  uint64_t wait_until = 0;
  size_t wait_groups = 0;
  uint32_t wait_index = 0;
};

struct WgmmaCta {
  std::vector<WarpWgmma> warps;
  std::vector<WarpGroupWgmma> groups;
  WgmmaMultiplier multiplier;
  std::vector<uint32_t> a, b, c, d;  // the whole matrices of the MMA being performed
  std::vector<uint32_t> offsets;     // accumulator element i of a thread: its place in d, from the thread's first
};

// The handlers' semantics (exec_wgmma.cpp decodes and calls them).
void wgmma_issue(Exec& x, const Op& op, const WgmmaInfo& info);
void wgmma_fence(Exec& x, const Op& op);
void wgmma_commit(Exec& x, const Op& op);
void wgmma_wait(Exec& x, const Op& op, uint32_t pending_allowed);
bool is_wgmma_handler(const Op& op);

// Called for every instruction a warp with Warp::wgmma_watch executes
// (before it runs): hazards on in-flight registers, accesses since the fence.
void wgmma_check_access(Exec& x, const Op& op);

// For the deadlock report: each warp waiting at a wgmma.wait_group, with the
// MMA it waits for and the warps that have not issued it ("" if none); `at`
// gets the first such wait_group instruction if it is still null.
std::string wgmma_waits(const Cta& cta, const ptx::Module& module, const ptx::Instruction** at);

// At the end of a block: an MMA some warps of its warp group issued and
// others never did is an error (wgmma.mma_async is .aligned).
void wgmma_end_block(const RunState& rs, const Cta& cta);

}  // namespace warpsat::simt
