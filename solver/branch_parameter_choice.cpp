// The values of a concrete launch's scalar parameters that its thread
// ranges and feasible paths rely on, and those the replay runs with.
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "encodings/query_timer.h"
#include "frontend/kernel_params.h"
#include "solver/branch_analysis_detail.h"

namespace warpsat::branch_analysis_detail {

// The values of a concrete launch's scalar parameters (docs/branches.md,
// "Parameters of a concrete launch"). Returned: per parameter, the value
// thread ranges and feasible paths may rely on, the launch's or the only
// one the assumptions allow; nullopt where the parameter is free (ranges
// and paths that read it are not computed). In `out.chosen_parameters`:
// every free non-pointer scalar with the value the replay runs it with,
// the solver's model of the launch and the assumptions (0 where no
// assumption names it), and in `out.parameters_note` those words. The
// verdicts hold for every value.
std::vector<std::optional<uint64_t>> choose_parameters(const ptx::Module& m, const ptx::Function& f,
                                                       const analysis::FunctionAnalysis& a, const BranchOptions& o,
                                                       KernelBranches& out) {
  std::vector<std::optional<uint64_t>> fixed = o.launch.param_values;
  fixed.resize(f.params.size());
  std::vector<size_t> free;
  for (size_t i = 0; i < f.params.size(); ++i)
    if (!fixed[i] && f.params[i].dims.empty() && ptx::bit_width(f.params[i].type) <= 64 &&
        !pointer_sized_param(m, f.params[i]))
      free.push_back(i);
  if (free.empty()) return fixed;
  z3::context c;
  BranchEncoding e = encode_branches(c, m, f, a, {}, o.launch, o.encoding);
  z3::solver s(c, z3::solver::simple());
  z3::params p(c);
  p.set("random_seed", o.solver.random_seed);
  s.set(p);
  for (const z3::expr& b : e.base) s.add(b);
  auto check = [&](const z3::expr_vector& extra) {
    QueryTimer timer(c, o.solver.timeout_ms);
    return s.check(extra);
  };
  z3::expr_vector none(c);
  if (check(none) != z3::sat) {
    out.parameters_note = "none chosen: the solver found no values that meet the assumptions in time";
    return fixed;
  }
  z3::model model = s.get_model();
  // nvcc names parameters <kernel>_param_<n>: the kernel's name is said already.
  auto shown = [&](std::string_view name) {
    if (name.size() > f.name.size() + 1 && name.starts_with(f.name) && name[f.name.size()] == '_')
      name.remove_prefix(f.name.size() + 1);
    return std::string(name);
  };
  std::vector<std::string> parts;
  bool any_free = false;
  for (size_t i : free) {
    std::string name(f.params[i].name);
    auto it = std::find_if(e.params.begin(), e.params.end(), [&](const auto& np) { return np.first == name; });
    uint64_t v = 0;
    if (it == e.params.end()) {
      parts.push_back(fmt::format("{} = 0 (free)", shown(name)));
      any_free = true;
    } else {
      v = value_of(model, it->second);
      z3::expr_vector other(c);
      other.push_back(it->second != c.bv_val(v, it->second.get_sort().bv_size()));
      if (check(other) == z3::unsat) {
        fixed[i] = v;
        parts.push_back(fmt::format("{} = {} (the only value the assumptions allow)", shown(name), v));
      } else {
        parts.push_back(fmt::format("{} = {} (free: the solver's choice among the values the assumptions allow)",
                                    shown(name), v));
        any_free = true;
      }
    }
    out.chosen_parameters.emplace_back(name, v);
  }
  out.parameters_note = fmt::format("{}", fmt::join(parts, ", "));
  if (any_free)
    out.parameters_note += "; the replay runs with these values, and no thread ranges or feasible paths rely on a "
                           "free one (--launch or --assume fixes it)";
  return fixed;
}

}  // namespace warpsat::branch_analysis_detail
