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
BranchEncoding branch_view(const BranchEncoding& all, uint32_t branch);

}  // namespace warpsat
