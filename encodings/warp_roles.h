// Warp-specialized code (docs/branches.md, "Warp roles"): the instructions
// CUTLASS 3's Hopper kernels pick a warp's role with, as Z3 terms.
//
// - `shfl.sync` from a constant source lane broadcasts that lane's value:
//   where the value is a function of the thread's ids and of values shared
//   by the launch (`__shfl_sync(~0u, threadIdx.x / 128, 0)`, a warp-group
//   index), the source lane's value is that function of the source lane's
//   ids, exactly (value_in_thread).
// - `elect.sync` elects the lowest lane of its member mask: the PTX ISA
//   requires every lane of the mask to execute it, so that lane is there
//   (lowest_lane).
// - `mbarrier.try_wait`/`test_wait` results are per thread in the PTX ISA:
//   it does not make a wait's result one value for the lanes that wait
//   together (a phase may complete between them). The hardware tests the
//   barrier once per warp instruction, so by default (an assumption the
//   output states; --no-warp-waits drops it) the lanes that run one wait
//   together on equal barrier and phase operands get one result, a
//   function of those operands (ptx_semantics.cpp); otherwise a branch on
//   one is not proved uniform (mbarrier_result_reason).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "frontend/ptx/ir.h"

namespace warpsat {

// The lowest set bit's index of a 32-bit mask (32 when none is set), as a
// 32-bit term: the lane elect.sync elects.
z3::expr lowest_lane(const z3::expr& mask);

// `own`, a term of one thread's ids `from` (the constants its narrow ids
// are made of), rewritten for the thread whose ids are `to` (terms of the
// same widths): nullopt when `own` reads an uninterpreted symbol that is
// neither one of `from` nor `shared(name)` (a value the whole launch
// shares), since such a value (a load of written memory, another lane's
// shuffle) may differ in the other thread.
std::optional<z3::expr> value_in_thread(const z3::expr& own, const std::vector<z3::expr>& from,
                                        const std::vector<z3::expr>& to,
                                        const std::function<bool(const std::string&)>& shared);

// Why the result of an mbarrier instruction is a value per thread.
std::string mbarrier_result_reason(const ptx::Instruction& ins);

// The reason recorded for values of the cluster special registers
// (%cluster_ctarank and friends): one value per CTA, which a replay does
// not choose (it launches clusters of one CTA unless told otherwise).
extern const char* const kClusterImprecision;

}  // namespace warpsat
