// The public entry points of branch_encoding.h; the executor that builds
// the terms is branch_executor.h.
#include "encodings/branch_encoding.h"

#include <fmt/format.h>

#include "encodings/branch_executor.h"

namespace warpsat {

using branch_detail::Executor;

BranchEncoding encode_branch(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                             const analysis::FunctionAnalysis& a, uint32_t branch, const LaunchSpec& launch,
                             const BranchEncodingOptions& options) {
  return Executor(ctx, m, f, a, {branch}, launch, options).run();
}

BranchEncoding encode_stores(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                             const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& stores,
                             const LaunchSpec& launch, const BranchEncodingOptions& options) {
  return Executor(ctx, m, f, a, stores, launch, options, "store.").run();
}

BranchEncoding encode_branches(z3::context& ctx, const ptx::Module& m, const ptx::Function& f,
                               const analysis::FunctionAnalysis& a, const std::vector<uint32_t>& branches,
                               const LaunchSpec& launch, const BranchEncodingOptions& options) {
  return Executor(ctx, m, f, a, branches, launch, options).run();
}

const char* const kShuffleImprecision = "values shuffled from other lanes";
const char* const kAbstractedLoopImprecision = "values of loop iterations past the unrolled ones (abstracted)";
const char* const kSharedAfterBarrierImprecision =
    "shared memory read after a barrier (race-free: what was stored before it)";
const char* const kWarpCoherentGlobalImprecision =
    "loads of global memory the kernel writes (race-free: one value where lanes read one address together)";
const char* const kWarpCoherentGenericImprecision =
    "loads of generic memory the kernel writes (race-free: one value where lanes read one address together)";

std::vector<z3::expr> instance_terms(const BranchEncoding& e) {
  std::vector<z3::expr> out;
  for (const BranchInstance& i : e.instances) {
    out.insert(out.end(), i.reach.begin(), i.reach.end());
    out.insert(out.end(), i.out.begin(), i.out.end());
  }
  return out;
}

z3::expr split_at(const BranchEncoding& e, const BranchInstance& i) {
  z3::context& c = e.base.ctx();
  if (e.threads == 2) return i.reach[0] && i.reach[1] && i.out[0] != i.out[1];
  // Some active lane has outcome v and another active lane a different one.
  z3::expr pick = c.constant(fmt::format("outcome.{}", i.branch).c_str(), i.out[0].get_sort());
  z3::expr_vector same(c), other(c);
  for (size_t t = 0; t < i.reach.size(); ++t) {
    same.push_back(i.reach[t] && i.out[t] == pick);
    other.push_back(i.reach[t] && i.out[t] != pick);
  }
  return z3::mk_or(same) && z3::mk_or(other);
}

}  // namespace warpsat

