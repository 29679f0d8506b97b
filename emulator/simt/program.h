// A PTX module decoded for execution: per function, one Op per instruction
// with its operands resolved to register slots, its handler chosen, and its
// branch targets and reconvergence points computed. Decoding happens once
// per run; the inner loop then never looks at strings.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "emulator/fp/convert.h"
#include "emulator/simt/memory_metrics.h"
#include "frontend/analysis/statistics.h"
#include "frontend/ptx/ir.h"

namespace warpsat::simt {

using Slot = uint32_t;
inline constexpr Slot kNoSlot = UINT32_MAX;
// Slots at or above this index name a special register of the warp.
inline constexpr Slot kSpecialBase = 1u << 30;
inline constexpr uint32_t kExitPc = UINT32_MAX;  // "reconverge only at the function's exit"

// The per-warp special-register table, in slot order after kSpecialBase.
enum class SpecialSlot : uint32_t {
  TidX, TidY, TidZ, NTidX, NTidY, NTidZ, CtaIdX, CtaIdY, CtaIdZ, NCtaIdX, NCtaIdY, NCtaIdZ,
  LaneId, WarpId, NWarpId, SmId, NSmId, GridId,
  LanemaskEq, LanemaskLe, LanemaskLt, LanemaskGe, LanemaskGt,
  DynamicSmemSize, TotalSmemSize, AggrSmemSize,
  // The driver's reserved region, placed after the block's own (docs/emulator.md, "Special registers").
  ReservedSmemBegin, ReservedSmemEnd, ReservedSmemCap,
  Clock, ClockHi, Clock64, GlobalTimer,  // deterministic: derived from the warp's step count
  GlobalTimerHi,
  // Thread-block clusters (docs/emulator.md, "Thread-block clusters").
  ClusterCtaRank, ClusterNCtaRank, ClusterCtaIdX, ClusterCtaIdY, ClusterCtaIdZ,
  ClusterNCtaIdX, ClusterNCtaIdY, ClusterNCtaIdZ, ClusterIdX, ClusterIdY, ClusterIdZ,
  NClusterIdX, NClusterIdY, NClusterIdZ, IsExplicitCluster,
  Zero,                                  // %envreg*, %pm*, %current_graph_exec (no device graph): 0
  Count
};

// Blocking: a handler that may suspend the warp (sets Warp::state); the
// instruction runs again when the warp resumes, and only the run that
// completes is counted.
enum class Control : uint8_t { None, Branch, BranchIndexed, Call, Return, Exit, Barrier, Trap, Blocking };

// How a memory operand's address is formed.
struct MemRef {
  enum class Base : uint8_t {
    Register,        // a register holding an address in `space` (or a generic address)
    Absolute,        // a constant device-memory or shared address (variables, literal addresses)
    LocalVariable,   // offset of a .local variable in the current frame
    ParamVariable,   // offset of a .param variable in the current frame's per-lane area
    KernelParam,     // offset in the kernel parameter buffer
  };
  Base base = Base::Register;
  ptx::StateSpace space = ptx::StateSpace::Generic;  // the instruction's state space (Generic if none)
  Slot reg = kNoSlot;
  int64_t offset = 0;  // added to the base
};

struct Exec;
struct Op;
using Handler = void (*)(Exec&, const Op&, uint32_t mask);

struct Op {
  Handler run = nullptr;
  Control control = Control::None;
  uint32_t index = 0;  // the instruction's index in its ptx::Function
  Slot guard = kNoSlot;
  bool guard_negated = false;
  std::vector<Slot> dst, src;
  std::vector<int64_t> src_add;  // a reg+imm source adds imm (empty: none)
  ptx::ScalarType type = ptx::ScalarType::None;   // operation type (last type modifier)
  ptx::ScalarType type2 = ptx::ScalarType::None;  // a second type: cvt's source, setp's compare type ...
  uint32_t flags = 0;  // family-specific decoded modifiers
  uint32_t vec = 1;    // vector width of memory operations
  MemRef mem;
  uint32_t target = 0;      // branch target pc, or callee function index
  uint32_t reconverge = 0;  // reconvergence pc of a branch (kExitPc if only at exit)
  uint32_t aux = 0;         // family-specific: an operation kind, or an index into FunctionCode tables
  uint32_t aux2 = 0;        // family-specific
  bool aux2_set() const { return aux2 != 0; }
  // Metrics, fixed at decode time.
  analysis::Category category = analysis::Category::Other;
  uint8_t flops = 0;        // per executing thread: 1 add/sub/mul, 2 fma/mad
  uint8_t fp_precision = 0; // 0 none, 16, 32, 64
  bool fp_special = false;  // div, rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh
  bool is_branch = false;   // bra/brx (counted for branch efficiency)
  bool atomic = false;      // atom/red: never races with another atomic
  uint32_t mma_flops = 0;   // wgmma.mma_async: 2*M*N*K per warp-group instruction (exec_wgmma.cpp)
  MemAccess mem_access = MemAccess::None;  // what memory_recorder counts
};

// A call's argument and result bindings.
struct CallSite {
  struct Binding {
    bool is_register = false;
    Slot reg = kNoSlot;          // a register argument/result (.reg parameters): its first slot
    uint32_t slots = 1;          // slots of that register (a .v2 register has two)
    uint32_t param_offset = 0;   // else: offset of a .param variable in the caller's area
    uint32_t bytes = 0;
  };
  std::vector<Binding> args, results;
  Slot indirect = kNoSlot;       // call through a register holding a function address
};

struct WgmmaInfo;  // a decoded wgmma.mma_async (exec_wgmma.cpp)

// A cvt's source and destination types and modifiers.
struct CvtInfo {
  fp::Type dst, src;
  fp::CvtMods mods;
};

struct FunctionCode {
  const ptx::Function* function = nullptr;
  uint32_t index = 0;
  bool decoded = false;
  std::vector<Op> ops;
  uint32_t register_slots = 0;     // registers (vector registers take one slot per element), scratch, carry
  Slot carry = kNoSlot;            // the CC.CF carry flag of add.cc/addc and friends
  std::vector<Slot> zero_at_entry; // slots read before written on some path: a reused frame clears these alone
  std::vector<uint64_t> slot_mask; // width mask per slot (registers, then constants)
  std::vector<uint64_t> constants; // values of the constant slots [register_slots, ...)
  uint32_t frame_slots() const { return register_slots + static_cast<uint32_t>(constants.size()); }
  uint32_t param_bytes = 0;        // per-lane .param area: own parameters, then body .param variables
  std::vector<uint32_t> param_offsets;   // of function->params (.param space only)
  std::vector<uint32_t> return_offsets;  // of function->returns
  std::vector<Slot> param_registers, return_registers;  // .reg parameters and returns: first slots
  std::vector<uint32_t> param_register_widths, return_register_widths;  // their slot counts
  uint32_t local_bytes = 0;        // per-lane .local area
  std::vector<std::vector<uint32_t>> branch_tables;  // brx.idx targets (pcs)
  std::vector<CallSite> calls;
  std::vector<CvtInfo> cvt_infos;
  std::vector<std::shared_ptr<const WgmmaInfo>> wgmma_infos;
};

struct Program {
  const ptx::Module* module = nullptr;
  std::vector<FunctionCode> functions;  // parallel to module->functions (empty ops for declarations)
  uint32_t static_shared_bytes = 0;     // the CTA's shared variables; dynamic shared memory follows
  uint32_t dynamic_shared_offset = 0;
  std::unordered_map<std::string_view, uint64_t> shared_offsets;  // variable -> offset
  std::unordered_map<std::string_view, uint64_t> device_addresses;  // global/const variable -> address
  // reads_shared_asynchronously(*module), found by the first launch that
  // runs this program: a scan of every instruction of the module, which a
  // replay's thousand launches of one kernel (ProgramCache) need only once.
  std::optional<bool> reads_shared_async;
  uint32_t function_index(std::string_view name) const;  // kNoSlot if absent
};

// Decoded functions kept from one launch of a module to the next: a branch
// replay runs one kernel thousands of times, and decoding CUB's
// 2,000-instruction histogram kernel took a millisecond a launch (2 s of
// the replays of CUB's file). Decoding bakes the device addresses of the
// module's variables and the shared layout into the ops, so a launch reuses
// them only where its own layout is the same. One launch at a time.
class ProgramCache {
 public:
  // The program a launch runs: `fresh` (its layout, nothing decoded), or
  // the one an earlier launch of the same layout decoded functions into.
  Program& adopt(Program fresh);

 private:
  std::unique_ptr<Program> program_;
};

}  // namespace warpsat::simt
