#include "solver/branch_analysis.h"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/analysis/cfg.h"
#include "solver/branch_analysis_detail.h"

namespace warpsat {

using branch_analysis_detail::BranchSolver;
using branch_analysis_detail::choose_parameters;
using branch_analysis_detail::feasible_paths;

const char* to_string(BranchVerdict v) {
  switch (v) {
    case BranchVerdict::Uniform: return "uniform";
    case BranchVerdict::Divergent: return "divergent";
    case BranchVerdict::Unknown: return "unknown";
    case BranchVerdict::Unreachable: return "unreachable";
  }
  return "?";
}

std::vector<std::string> describe_assumptions(const ptx::Function& k, const BranchOptions& o) {
  const LaunchSpec& l = o.launch;
  std::vector<std::string> out;
  out.push_back(l.concrete_block ? fmt::format("block = {}x{}x{}", l.block[0], l.block[1], l.block[2])
                                 : "block: any shape the hardware allows (x, y <= 1024, z <= 64, x*y*z <= 1024)");
  out.push_back(l.concrete_grid ? fmt::format("grid = {}x{}x{}", l.grid[0], l.grid[1], l.grid[2])
                                : "grid: any (x < 2^31, y, z <= 65535)");
  for (size_t i = 0; i < l.param_values.size() && i < k.params.size(); ++i)
    if (l.param_values[i]) out.push_back(fmt::format("{} = {}", k.params[i].name, *l.param_values[i]));
  for (const Assumption& a : l.assumptions) out.push_back(a.text);
  out.push_back("kernel parameters are the same in every thread; memory the kernel never writes (and memory it "
                "reads through ld.global.nc, ldu, .const or textures) holds the same value at the same address for "
                "every thread");
  if (o.encoding.race_free)
    out.push_back("the kernel is free of data races: a shared-memory load after a block-wide barrier reads what was "
                  "stored before it, the same in every thread; two lanes of a warp that load one address of memory "
                  "the kernel writes at the same point read the same value (--no-race-free drops this)");
  if (o.encoding.undefined_registers_shared)
    out.push_back("a register read before it is written (an uninitialised variable, which a well-defined source never "
                  "lets decide a branch) holds one value in every thread (--undefined-per-thread drops this)");
  if (o.encoding.warp_waits_agree)
    out.push_back("the lanes of a warp that execute one mbarrier.try_wait or test_wait together, on the same barrier "
                  "and phase, see the same result, as the hardware tests a barrier once per warp instruction (the PTX "
                  "ISA does not promise it; --no-warp-waits drops this)");
  return out;
}

void apply_launch_directives(const ptx::Function& k, LaunchSpec& l) {
  bool declared = k.maxntid[0] && l.declared_block && !l.concrete_block;
  if (k.reqntid[0] || declared) {
    const uint32_t* d = k.reqntid[0] ? k.reqntid : k.maxntid;
    uint32_t want[3] = {std::max(1u, d[0]), std::max(1u, d[1]), std::max(1u, d[2])};
    if (!l.concrete_block) {
      l.concrete_block = true;
      std::copy(want, want + 3, l.block);
    }
    // A given block that differs cannot launch: launch_exists says so.
    l.assumptions.push_back(parse_assumption(
        fmt::format("ntid.x == {} && ntid.y == {} && ntid.z == {}", want[0], want[1], want[2])));
    l.assumptions.back().text += k.reqntid[0] ? " (.reqntid)" : " (.maxntid, --declared-block)";
    return;
  }
  if (k.maxntid[0]) {
    uint64_t most = uint64_t{std::max(1u, k.maxntid[0])} * std::max(1u, k.maxntid[1]) * std::max(1u, k.maxntid[2]);
    l.assumptions.push_back(parse_assumption(fmt::format("ntid.x * ntid.y * ntid.z <= {}", most)));
    l.max_block_threads = static_cast<uint32_t>(std::min<uint64_t>(l.max_block_threads, most));
    l.assumptions.back().text += " (.maxntid)";
  }
}

SmtStatus launch_exists(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& o) {
  z3::context c;
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  BranchEncoding e = encode_branches(c, m, kernel, a, {}, o.launch, o.encoding);
  BranchResult scratch;
  QueryRunner q(c, o, fmt::format("branches.{}.launch", kernel.name), scratch, o.solver.timeout_ms);
  return q.check(e.base, c.bool_val(true), "exists");
}

KernelBranches analyse_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& o,
                                const SeenRuns* seen, AfterVerdict after) {
  KernelBranches out;
  out.name = std::string(kernel.name);
  out.function = static_cast<uint32_t>(&kernel - m.functions.data());
  out.assumptions = describe_assumptions(kernel, o);
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  BranchSolver solver(m, kernel, a, o, seen, std::move(after));
  std::vector<std::optional<uint64_t>> chosen;
  if (o.launch.concrete_block && o.launch.concrete_grid) chosen = choose_parameters(m, kernel, a, o, out);
  out.fixed_parameters = chosen;
  solver.pin_parameters(chosen);
  std::vector<uint32_t> branches;
  for (const analysis::BranchSlice& s : a.slices) branches.push_back(s.branch);
  out.branches = solver.solve_kernel(branches);
  // Unreachable blocks' branches are not in a.slices: report them too.
  for (uint32_t i = 0; i < kernel.instructions.size(); ++i)
    if (analysis::is_conditional_branch(kernel.instructions[i]) && !a.cfg.reachable[a.cfg.block_of[i]]) {
      BranchResult r;
      r.instruction = i;
      r.ptx_line = kernel.instructions[i].pos.line;
      r.loc = kernel.instructions[i].loc;
      r.verdict = BranchVerdict::Unreachable;
      r.reason = "no path from the function's entry leads to it";
      out.branches.push_back(r);
    }
  std::sort(out.branches.begin(), out.branches.end(),
            [](const BranchResult& x, const BranchResult& y) { return x.instruction < y.instruction; });
  feasible_paths(m, kernel, a, o, chosen, out);
  return out;
}

std::vector<size_t> refine_open_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& o,
                                         KernelBranches& result) {
  if (o.exact_float_budget_ms <= 0 && o.linked_store_budget_ms <= 0) return {};
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  std::vector<size_t> changed;
  // A solver each: the exact floats' deadline must not bound the linked
  // stores' queries.
  // The ranges of the verdicts they change hold for the first pass's values.
  std::vector<std::optional<uint64_t>> chosen = result.fixed_parameters;
  if (o.exact_float_budget_ms > 0) {
    BranchSolver exact(m, kernel, a, o);
    exact.pin_parameters(chosen);
    changed = exact.retry_with_exact_floats(result.branches);
  }
  if (o.linked_store_budget_ms > 0) {
    BranchSolver linked(m, kernel, a, o);
    linked.pin_parameters(chosen);
    for (size_t i : linked.retry_with_linked_stores(result.branches))
      if (std::find(changed.begin(), changed.end(), i) == changed.end()) changed.push_back(i);
  }
  std::sort(changed.begin(), changed.end());
  return changed;
}

}  // namespace warpsat
