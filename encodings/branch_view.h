// One branch's part of an encoding of several branches (docs/branches.md,
// "One encoding per kernel"): a kernel's branches are encoded once, as the
// union of their slices, and each branch is then asked about on its own
// occurrences. What makes a split imprecise, and which loads a witness
// must place, are the branch's own: only the unmodelled values its
// occurrences depend on count, not those another branch of the kernel reads.
#pragma once

#include "encodings/branch_encoding.h"

namespace warpsat {

// `all` restricted to `branch`: its instances, the imprecision reasons its
// instances depend on (directly, or through a base constraint that links an
// unmodelled symbol to one they use), and its loads, marked `matters` when
// its instances read the loaded value. Terms are shared with `all`.
//
// `own_slice` (sorted instruction indices: the branch's own backward slice)
// drops reasons made by instructions outside it. In a union, another
// branch's condition shows up in this branch's path conditions as
// (c or not c) around a join; the branch's reach and outcome do not depend
// on it (it is not in the branch's slice), so it makes no split imprecise.
BranchEncoding branch_view(const BranchEncoding& all, uint32_t branch,
                           const std::vector<uint32_t>* own_slice = nullptr);

// The floating-point results `e`'s occurrences depend on, in an encoding
// that keeps each an unknown (BranchEncodingOptions::exact_floats off):
// about what an exact encoding would bit-blast, known before building it.
size_t float_unknowns(const BranchEncoding& e);

// The constraints of `e.base` that `query` (and `e.same_warp`) depend on:
// those mentioning a symbol the query uses, to a fixed point. A query over
// them alone is weaker than one over the whole base, so its unsat answers
// still hold (solver's outcomes-alone retry).
z3::expr_vector base_cone(const BranchEncoding& e, const z3::expr& query);

// branch_view for many branches of one encoding: the symbols of each base
// constraint are collected once, not once per branch.
class BranchViewer {
 public:
  explicit BranchViewer(const BranchEncoding& all);
  BranchEncoding view(uint32_t branch, const std::vector<uint32_t>* own_slice = nullptr) const;

 private:
  const BranchEncoding& all_;
  std::vector<std::set<std::string>> base_symbols_;
};

}  // namespace warpsat
