// Def-use chains by reaching definitions over the CFG: every definition of a
// register that can reach a use along some path is linked to it, so a
// register written on both arms of a branch has both writers reaching the
// use after the join (HyPA linked only the first writer).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/analysis/cfg.h"
#include "frontend/analysis/def_use.h"

namespace warpsat::analysis {

// The value a register has on entry to the function (a .reg parameter, or
// an uninitialised register) is "defined" by this pseudo instruction.
inline constexpr uint32_t kEntryDef = UINT32_MAX;

struct UseDefs {
  RegId reg;
  std::vector<uint32_t> defs;  // instruction indices (kEntryDef for the entry value), sorted
};

struct ReachingDefs {
  std::vector<DefUse> def_use;                  // per instruction
  std::vector<std::vector<UseDefs>> uses;       // per instruction: each register it reads and its reaching defs
  // Per instruction: the instructions that read a register it writes.
  std::vector<std::vector<uint32_t>> users;
};

// The analysis holds one set of definitions per basic block: a function
// whose sets would pass this many bytes is an InputError (at the function,
// in `source`), not gigabytes.
inline constexpr uint64_t kMaxReachingDefsBytes = uint64_t{1} << 30;

ReachingDefs reaching_definitions(const ptx::Function& f, const Cfg& cfg, const std::string& source);

}  // namespace warpsat::analysis
