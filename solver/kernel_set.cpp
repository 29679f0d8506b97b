#include "solver/kernel_set.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>

#include <fmt/format.h>
#include <z3++.h>

#include "encodings/query_timer.h"
#include "emulator/gemm_ws_sim.h"
#include "encodings/gemm_closed_form.h"
#include "frontend/diagnostics.h"
#include "solver/cross_validation.h"
#include "solver/kernel_set_bound.h"
#include "solver/kernel_set_search.h"

namespace warpsat {

std::string KernelSetQuestion::name() const {
  std::string model_part = model == GemmModel::Seed001 ? "" : std::string(".") + to_string(model);
  return fmt::format("kernels.{}{}.K{}", machine.name, model_part, max_kernels);
}

namespace {

// The most (configuration, shape) costs tabulated: 2^24 totals, 128 MB.
constexpr size_t kMaxTableEntries = size_t{1} << 24;
// Enumerate K-subsets to cross-check the solver when there are at most this many.
constexpr double kMaxEnumeratedSubsets = 200000;

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The candidates left after pruning, with their total on every shape.
struct Table {
  std::vector<TileConfig> configs;
  std::vector<std::vector<int64_t>> totals;  // [config][shape]
};

// Rule 2's tie-break: the configuration a library would rather build.
bool cheaper_to_build(const TileConfig& a, const TileConfig& b, const Machine& m) {
  return std::tuple(smem_footprint(a, m), a.stages, a.tile.tm, a.tile.tn, a.tile.tk, a.variant) <
         std::tuple(smem_footprint(b, m), b.stages, b.tile.tm, b.tile.tn, b.tile.tk, b.variant);
}

Table tabulate(const KernelSetQuestion& q, KernelSetAnswer& a) {
  a.configurations = q.space.size();
  if (q.space.size() > kMaxTableEntries / std::max<size_t>(1, q.shapes.size()))
    throw command_line_error(fmt::format(
        "{} configurations x {} shapes is more than the {} costs --max-kernels tabulates; narrow the search space",
        q.space.size(), q.shapes.size(), kMaxTableEntries));
  // Rule 1: only what fits. Rule 2: one configuration per cost vector.
  std::map<std::vector<int64_t>, TileConfig> by_costs;
  for_each_configuration(q.space, q.machine, [&](const TileConfig& c) {
    if (exceeded_limit(c, q.machine) != Limit::None) return;
    ++a.feasible;
    std::vector<int64_t> costs;
    costs.reserve(q.shapes.size());
    for (const WorkloadShape& s : q.shapes) costs.push_back(closed_form_cost(s.shape, c, q.machine, q.model).total);
    auto [it, inserted] = by_costs.emplace(std::move(costs), c);
    if (!inserted && cheaper_to_build(c, it->second, q.machine)) it->second = c;
  });
  a.distinct = by_costs.size();
  // Rule 3: drop what another configuration beats or ties everywhere. A
  // dominator has a smaller weighted sum, so it comes first in this order.
  std::vector<std::pair<const std::vector<int64_t>*, TileConfig>> order;
  for (const auto& [costs, c] : by_costs) order.push_back({&costs, c});
  auto weighted = [&](const std::vector<int64_t>& v) {
    __extension__ __int128 sum = 0;
    for (size_t s = 0; s < v.size(); ++s) sum += static_cast<__int128>(v[s]) * q.shapes[s].weight;
    return sum;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](const auto& x, const auto& y) { return weighted(*x.first) < weighted(*y.first); });
  Table t;
  for (const auto& [costs, c] : order) {
    bool dominated = false;
    for (const auto& kept : t.totals) {
      bool all = true;
      for (size_t s = 0; s < costs->size() && all; ++s) all = kept[s] <= (*costs)[s];
      if ((dominated = all)) break;
    }
    if (dominated) continue;
    t.configs.push_back(c);
    t.totals.push_back(*costs);
  }
  a.undominated = t.configs.size();
  return t;
}

// A candidate's Boolean in the queries: "built_128x256x64_d4", and its
// cluster, schedule and tile scheduler for the sm90 kernels.
std::string kernel_name(const TileConfig& k) {
  std::string name = fmt::format("built_{}_d{}", to_string(k.tile), k.stages);
  if (k.is_sm90())
    name += fmt::format("_c{}_{}_{}", to_string(k.variant.cluster), to_string(k.variant.schedule),
                        to_string(k.variant.scheduler));
  return name;
}

KernelChoice assign(const KernelSetQuestion& q, const Table& t, const std::vector<size_t>& chosen) {
  KernelChoice k;
  for (size_t c : chosen) k.kernels.push_back(t.configs[c]);
  for (size_t s = 0; s < q.shapes.size(); ++s) {
    size_t best = 0;
    for (size_t i = 1; i < chosen.size(); ++i)
      if (t.totals[chosen[i]][s] < t.totals[chosen[best]][s]) best = i;
    k.assignment.push_back(best);
    k.totals.push_back(t.totals[chosen[best]][s]);
    k.objective += q.shapes[s].weight * k.totals.back();
  }
  return k;
}

// K rounds, each adding the configuration that lowers the objective most.
KernelChoice greedy(const KernelSetQuestion& q, const Table& t) {
  std::vector<size_t> chosen;
  for (size_t round = 0; round < std::min(q.max_kernels, t.configs.size()); ++round) {
    std::optional<std::pair<int64_t, size_t>> best;
    for (size_t c = 0; c < t.configs.size(); ++c) {
      if (std::find(chosen.begin(), chosen.end(), c) != chosen.end()) continue;
      chosen.push_back(c);
      int64_t v = assign(q, t, chosen).objective;
      chosen.pop_back();
      if (!best || v < best->first) best = {v, c};
    }
    chosen.push_back(best->second);
  }
  return assign(q, t, chosen);
}

// Greedy's set improved by swaps (one built candidate for another) while a
// swap lowers the objective: the known set rule 5 and the solver start from.
std::vector<size_t> improve_by_swaps(const KernelSetQuestion& q, const Table& t, std::vector<size_t> set) {
  int64_t current = assign(q, t, set).objective;
  for (bool improved = true; improved;) {
    improved = false;
    std::optional<std::tuple<int64_t, size_t, size_t>> best;
    for (size_t i = 0; i < set.size(); ++i)
      for (size_t c = 0; c < t.configs.size(); ++c) {
        if (std::find(set.begin(), set.end(), c) != set.end()) continue;
        std::vector<size_t> other = set;
        other[i] = c;
        int64_t v = assign(q, t, other).objective;
        if (v < current && (!best || v < std::get<0>(*best))) best = {v, i, c};
      }
    if (best) {
      set[std::get<1>(*best)] = std::get<2>(*best);
      current = std::get<0>(*best);
      improved = true;
    }
  }
  return set;
}

KernelChoice unlimited(const KernelSetQuestion& q, const Table& t) {
  std::vector<size_t> all(t.configs.size());
  std::iota(all.begin(), all.end(), 0);
  KernelChoice k = assign(q, t, all);
  // Keep only the kernels some shape uses.
  std::vector<size_t> used;
  for (size_t s = 0; s < q.shapes.size(); ++s)
    if (std::find(used.begin(), used.end(), k.assignment[s]) == used.end()) used.push_back(k.assignment[s]);
  std::sort(used.begin(), used.end());
  return assign(q, t, used);
}

// The exact optimum by enumerating every subset of min(K, n) candidates
// (more kernels never hurt), when there are few enough.
bool enumerable(const KernelSetQuestion& q, const Table& t) {
  size_t n = t.configs.size(), k = std::min(q.max_kernels, n);
  double subsets = 1;
  for (size_t i = 0; i < k; ++i) subsets = subsets * static_cast<double>(n - i) / static_cast<double>(i + 1);
  return subsets <= kMaxEnumeratedSubsets;
}

std::optional<int64_t> enumerate(const KernelSetQuestion& q, const Table& t) {
  if (!enumerable(q, t)) return std::nullopt;
  size_t n = t.configs.size(), k = std::min(q.max_kernels, n);
  std::vector<size_t> pick(k);
  std::iota(pick.begin(), pick.end(), 0);
  std::optional<int64_t> best;
  for (;;) {
    int64_t v = assign(q, t, pick).objective;
    if (!best || v < *best) best = v;
    size_t i = k;
    while (i > 0 && pick[i - 1] == n - k + i - 1) --i;
    if (i == 0) break;
    ++pick[i - 1];
    for (size_t j = i; j < k; ++j) pick[j] = pick[j - 1] + 1;
  }
  return best;
}

}  // namespace

KernelChoice evaluate_kernels(const KernelSetQuestion& q, const std::vector<TileConfig>& kernels) {
  Table t;
  for (const TileConfig& c : kernels) {
    t.configs.push_back(c);
    std::vector<int64_t> costs;
    for (const WorkloadShape& s : q.shapes) costs.push_back(closed_form_cost(s.shape, c, q.machine, q.model).total);
    t.totals.push_back(std::move(costs));
  }
  std::vector<size_t> all(kernels.size());
  std::iota(all.begin(), all.end(), 0);
  return assign(q, t, all);
}

namespace {

// Shape s's total in order encoding over its candidates' distinct totals
// t_0 < t_1 < ...: within_j is "some built kernel gives s at most t_j",
// justified by a kernel at level j or by within_{j-1}; `step(within_j, w)`
// receives each level's weight w = weight x (t_{j+1} - t_j), so the weights of
// the false within_j plus weight x t_0 (returned) are exactly weight x (s's
// total on its best built kernel). `hard(e)` receives every constraint.
//
// Rule 4: an optimal set is no worse than the known one (greedy's, improved by swaps), and every other shape
// costs at least its own best, so shape s never sits more than `slack`
// (weighted) above its own best: "within the last such level" is hard, and
// the levels above it need no clause.
template <typename Hard, typename Step>
int64_t encode_shape_levels(z3::context& c, const KernelSetQuestion& q, const Table& t, const z3::expr_vector& built,
                            size_t s, int64_t slack, Hard hard, Step step) {
  std::map<int64_t, std::vector<size_t>> levels;
  for (size_t k = 0; k < t.configs.size(); ++k) levels[t.totals[k][s]].push_back(k);
  int64_t weight = q.shapes[s].weight, best = levels.begin()->first;
  std::optional<z3::expr> previous;
  size_t j = 0;
  for (auto it = levels.begin(); it != levels.end(); ++it, ++j) {
    z3::expr within = c.bool_const(fmt::format("shape{}_within_{}", s, j).c_str());
    z3::expr_vector reasons(c);
    for (size_t k : it->second) reasons.push_back(built[static_cast<unsigned>(k)]);
    if (previous) reasons.push_back(*previous);
    hard(z3::implies(within, z3::mk_or(reasons)));
    auto next = std::next(it);
    if (next == levels.end() || weight * (next->first - best) > slack) {
      hard(within);  // no set as good as greedy's serves s above this level
      break;
    }
    step(within, weight * (next->first - it->first));
    previous = within;
  }
  return weight * best;
}

// Weighted MaxSAT on z3::optimize (see the header).
class KernelSetSolver {
 public:
  // `slack`: an upper bound on the optimum (the known set's objective) minus a lower
  // bound (every shape on its own best configuration).
  KernelSetSolver(const KernelSetQuestion& q, const Table& t, const SolverOptions& o, int64_t slack)
      : q_(q), t_(t), o_(o), opt_(c_), slack_(slack) {
    z3::expr_vector built(c_);
    for (const TileConfig& k : t.configs)
      built.push_back(c_.bool_const(kernel_name(k).c_str()));
    built_ = built;
    opt_.add(z3::mk_or(built));
    opt_.add(z3::atmost(built, static_cast<unsigned>(q.max_kernels)));
    for (size_t s = 0; s < q.shapes.size(); ++s) encode_shape(s);
  }

  // Sat: the chosen candidates; nullopt on unknown (reason and bound set).
  std::optional<std::vector<size_t>> solve(KernelSetAnswer& a) {
    if (!o_.dump_dir.empty())
      a.dumped.push_back(write_smt2(o_.dump_dir, q_.name() + ".optimum", Z3_optimize_to_string(c_, opt_)));
    auto start = std::chrono::steady_clock::now();
    z3::check_result r = z3::unknown;
    {
      QueryTimer timer(c_, o_.timeout_ms);  // z3::optimize takes no random seed: it is deterministic
      r = opt_.check();
    }
    if (r != z3::sat) {
      std::string why = Z3_optimize_get_reason_unknown(c_, opt_);
      a.reason = r == z3::unsat ? "the kernel-set query is unsat (a warpsat bug)"
                 : classify_unknown(why, elapsed_ms(start), o_.timeout_ms) == SmtStatus::Timeout
                     ? fmt::format("timeout after {:.0f} ms", elapsed_ms(start))
                     : "unknown (" + why + ")";
      if (objective_) {
        int64_t lower = 0;
        if (opt_.lower(*objective_).is_numeral_i64(lower)) a.lower_bound = lower + constant_;
      }
      return std::nullopt;
    }
    z3::model m = opt_.get_model();
    std::vector<size_t> chosen;
    for (size_t c = 0; c < t_.configs.size(); ++c)
      if (m.eval(built_[static_cast<unsigned>(c)], true).is_true()) chosen.push_back(c);
    int64_t violated = 0;
    if (objective_) opt_.upper(*objective_).is_numeral_i64(violated);
    claimed_ = violated + constant_;
    return chosen;
  }

  int64_t claimed_objective() const { return claimed_; }

 private:
  void encode_shape(size_t s) {
    constant_ += encode_shape_levels(
        c_, q_, t_, built_, s, slack_, [&](const z3::expr& e) { opt_.add(e); },
        [&](const z3::expr& within, int64_t weight) {
          objective_ = opt_.add_soft(within, std::to_string(weight).c_str());
        });
  }

  const KernelSetQuestion& q_;
  const Table& t_;
  const SolverOptions& o_;
  z3::context c_;
  z3::optimize opt_;
  z3::expr_vector built_{c_};
  std::optional<z3::optimize::handle> objective_;  // every soft clause is in one group: one handle
  int64_t slack_ = 0;
  int64_t constant_ = 0;
  int64_t claimed_ = 0;
};

// The same question as satisfiability, on Z3's SAT solver with native
// pseudo-Boolean constraints: "is there a set whose objective is at most
// U - 1?", from U = the known set's objective down. Choosing candidates propagates
// through one PB constraint over the shapes' order encodings, so the solver
// prunes like a branch and bound. The final unsat query is the proof. PB
// coefficients are 32-bit: the weights are divided by their greatest common
// divisor, and the method declines (nullopt) when they still do not fit.
class KernelSetPbProver {
 public:
  // `slack` as for KernelSetSolver (rule 4).
  // `lambda`: the Lagrangian multipliers (weighted totals per shape) of the
  // cut added to every query; empty: no cut.
  KernelSetPbProver(const KernelSetQuestion& q, const Table& t, const SolverOptions& o, int64_t slack,
                    std::vector<long double> lambda)
      : q_(q), t_(t), o_(o), s_(c_, "QF_FD"), built_(c_), within_(c_), slack_(slack), lambda_(std::move(lambda)) {
    for (const TileConfig& k : t.configs)
      built_.push_back(c_.bool_const(kernel_name(k).c_str()));
    s_.add(z3::mk_or(built_));
    s_.add(z3::atmost(built_, static_cast<unsigned>(q.max_kernels)));
    for (size_t s = 0; s < q.shapes.size(); ++s) encode_shape(s);
  }

  // The proven optimum's choice, or nullopt (reason set) when the weights do
  // not fit or a query gives up.
  std::optional<std::vector<size_t>> solve(int64_t upper, std::vector<size_t> incumbent, std::string& reason,
                                           std::vector<std::string>& dumped) {
    int64_t g = 0;
    for (int64_t w : weights_) g = std::gcd(g, w);
    if (g == 0) return incumbent;  // every shape costs the same on every candidate
    std::vector<int> coeffs;
    for (int64_t w : weights_) {
      if (w / g > INT32_MAX) return std::nullopt;
      coeffs.push_back(static_cast<int>(w / g));
    }
    z3::expr_vector violated(c_);
    for (const z3::expr& y : within_) violated.push_back(!y);
    for (;;) {
      int64_t budget = upper - 1 - constant_;  // the violated weight a better set may have
      if (budget < 0) return incumbent;
      if (budget / g > INT32_MAX) return std::nullopt;
      z3::expr better = z3::pble(violated, coeffs.data(), static_cast<int>(budget / g));
      for (const z3::expr& cut : lagrangian_cuts(upper)) better = better && cut;
      if (!o_.dump_dir.empty()) {
        z3::solver record(c_, "QF_FD");
        for (const z3::expr& a : s_.assertions()) record.add(a);
        record.add(better);
        dumped.push_back(write_smt2(o_.dump_dir, fmt::format("{}.below.{}", q_.name(), upper), record.to_smt2()));
      }
      z3::expr_vector assume(c_);
      z3::expr guard = c_.bool_const(fmt::format("below_{}", upper).c_str());
      s_.add(z3::implies(guard, better));
      assume.push_back(guard);
      auto start = std::chrono::steady_clock::now();
      z3::check_result r = z3::unknown;
      {
        QueryTimer timer(c_, o_.timeout_ms);
        r = s_.check(assume);
      }
      if (r == z3::unsat) return incumbent;  // nothing below `upper`: proven
      if (r == z3::unknown) {
        std::string why = s_.reason_unknown();
        reason = classify_unknown(why, elapsed_ms(start), o_.timeout_ms) == SmtStatus::Timeout
                     ? fmt::format("timeout after {:.0f} ms", elapsed_ms(start))
                     : "unknown (" + why + ")";
        return std::nullopt;
      }
      z3::model m = s_.get_model();
      incumbent.clear();
      for (size_t c = 0; c < t_.configs.size(); ++c)
        if (m.eval(built_[static_cast<unsigned>(c)], true).is_true()) incumbent.push_back(c);
      upper = assign(q_, t_, incumbent).objective;
    }
  }

 private:
  void encode_shape(size_t s) {
    constant_ += encode_shape_levels(
        c_, q_, t_, built_, s, slack_, [&](const z3::expr& e) { s_.add(e); },
        [&](const z3::expr& within, int64_t weight) {
          within_.push_back(within);
          weights_.push_back(weight);
        });
  }

  // The Lagrangian relaxation as PB constraints over the built literals
  // (docs/kernel-sets.md): every set costs at least Σ_s λ_s + Σ_{c built} ρ_c,
  // ρ_c = Σ_s min(0, weight_s × total_{c,s} − λ_s) <= 0, so a set below U has
  // Σ_c q_c built_c >= R with q_c = −ρ_c and R = Σ_s λ_s − (U − 1). With at
  // most K built, for every θ >= 0 also Σ_c max(0, q_c − θ) built_c >= R − Kθ
  // (the cardinality relaxed with multiplier θ): one cut per distinct q_c as
  // θ, so that unit propagation sees the relaxation's bound for this λ at
  // every node of the search. Coefficients are rounded up to 29-bit integers
  // after scaling and right sides down: every cut stays valid.
  std::vector<z3::expr> lagrangian_cuts(int64_t upper) const {
    std::vector<z3::expr> cuts;
    if (lambda_.empty()) return cuts;
    using Real = long double;
    std::vector<Real> q(t_.configs.size(), 0);
    Real sum_lambda = 0, largest = 0;
    for (size_t s = 0; s < q_.shapes.size(); ++s) sum_lambda += lambda_[s];
    for (size_t c = 0; c < t_.configs.size(); ++c) {
      for (size_t s = 0; s < q_.shapes.size(); ++s)
        q[c] -= std::min(Real{0}, static_cast<Real>(t_.totals[c][s]) * static_cast<Real>(q_.shapes[s].weight) -
                                      lambda_[s]);
      largest = std::max(largest, q[c]);
    }
    Real need = sum_lambda - static_cast<Real>(upper - 1);
    if (largest <= 0 || need <= 0) return cuts;  // the relaxation says nothing here
    Real scale = largest / Real(1 << 28);
    std::vector<Real> thetas(q.begin(), q.end());
    thetas.push_back(0);
    std::sort(thetas.begin(), thetas.end());
    thetas.erase(std::unique(thetas.begin(), thetas.end()), thetas.end());
    Real k = static_cast<Real>(q_.max_kernels);
    for (Real theta : thetas) {
      Real rhs = std::floor((need - k * theta) / scale - 1 - 1e-9L * std::abs(need / scale));
      if (rhs <= 0) continue;  // says nothing
      std::vector<int> coeffs;
      for (Real v : q) coeffs.push_back(static_cast<int>(std::ceil(std::max(Real{0}, v - theta) / scale)));
      cuts.push_back(z3::pbge(built_, coeffs.data(), static_cast<int>(std::min(rhs, Real(INT32_MAX)))));
    }
    return cuts;
  }

  const KernelSetQuestion& q_;
  const Table& t_;
  const SolverOptions& o_;
  z3::context c_;
  z3::solver s_;
  z3::expr_vector built_, within_;
  int64_t slack_ = 0;
  std::vector<long double> lambda_;
  std::vector<int64_t> weights_;
  int64_t constant_ = 0;
};

void validate(const KernelSetQuestion& q, const Table& t, KernelSetAnswer& a, int64_t claimed) {
  auto start = std::chrono::steady_clock::now();
  std::vector<std::string> mismatches;
  const KernelChoice& k = a.best;
  if (a.status == KernelSetAnswer::Status::Optimal && claimed != k.objective)
    mismatches.push_back(fmt::format("objective: the solver says {}, the assignment sums to {}", claimed, k.objective));
  if (k.kernels.size() > q.max_kernels)
    mismatches.push_back(fmt::format("{} kernels chosen, more than K = {}", k.kernels.size(), q.max_kernels));
  for (size_t s = 0; s < q.shapes.size(); ++s)
    for (size_t i = 0; i < k.kernels.size(); ++i) {
      // Every chosen kernel on every shape: the assigned one must be the simulator's best.
      int64_t simulated = simulate(q.shapes[s].shape, k.kernels[i], q.machine, q.model).total;
      ++a.simulated;
      if (i == k.assignment[s] && simulated != k.totals[s])
        mismatches.push_back(fmt::format("shape {} on {} D={}: solver total {}, simulator {}", s + 1,
                                         to_string(k.kernels[i].tile), k.kernels[i].stages, k.totals[s], simulated));
      if (simulated < k.totals[s])
        mismatches.push_back(fmt::format("shape {} is assigned a total of {}, but kernel {} gives {}", s + 1,
                                         k.totals[s], i, simulated));
    }
  if (a.status == KernelSetAnswer::Status::Optimal) {
    if (a.greedy.objective < k.objective)
      mismatches.push_back(fmt::format("greedy finds {}, below the proven optimum {}", a.greedy.objective, k.objective));
    if (auto exhaustive = enumerate(q, t)) {
      a.exhaustive_checked = true;
      a.exhaustive_candidates = t.configs.size();
      if (*exhaustive != k.objective)
        mismatches.push_back(
            fmt::format("an enumeration of every K-subset finds {}, the solver {}", *exhaustive, k.objective));
    }
  }
  a.validate_ms = elapsed_ms(start);
  if (!mismatches.empty()) throw CrossValidationError(q.name(), mismatches, "(the kernel-set query: --dump-smt2 DIR)");
}

}  // namespace

KernelSetAnswer choose_kernels(const KernelSetQuestion& q, const SolverOptions& options) {
  if (q.max_kernels < 1) throw command_line_error("--max-kernels must be at least 1");
  if (q.shapes.empty()) throw command_line_error("the workload has no shapes");
  KernelSetAnswer a;
  auto start = std::chrono::steady_clock::now();
  Table t = tabulate(q, a);
  if (t.configs.empty())
    throw command_line_error(fmt::format("no configuration of the search space fits machine {}'s limits", q.machine.name));
  a.greedy = greedy(q, t);
  a.unlimited = unlimited(q, t);
  // The best set known: greedy's, improved by swaps.
  auto index_in = [](const Table& table, const std::vector<TileConfig>& kernels) {
    std::vector<size_t> set;
    for (const TileConfig& k : kernels)
      set.push_back(static_cast<size_t>(std::find(table.configs.begin(), table.configs.end(), k) - table.configs.begin()));
    return set;
  };
  KernelChoice known = assign(q, t, improve_by_swaps(q, t, index_in(t, a.greedy.kernels)));
  // Rule 5: what a Lagrangian bound proves no set as good as the known one
  // holds. The enumeration below still runs over rules 1-3's candidates
  // when they are few enough, so it checks this rule too.
  std::optional<Table> full;  // rules 1-3's candidates, kept only where the enumeration can cover them
  if (enumerable(q, t)) full = t;
  std::vector<int64_t> weights;
  for (const WorkloadShape& s : q.shapes) weights.push_back(s.weight);
  KernelSetBound bound = kernel_set_bound(t.totals, weights, q.max_kernels, known.objective);
  a.lagrangian_bound = static_cast<int64_t>(std::ceil(bound.lower_bound - 1e-6L * std::abs(bound.lower_bound)));
  {
    Table kept;
    for (size_t c = 0; c < t.configs.size(); ++c)
      if (!bound.excluded[c]) {
        kept.configs.push_back(t.configs[c]);
        kept.totals.push_back(t.totals[c]);
      }
    t = std::move(kept);
    a.after_bound = t.configs.size();
  }
  // The branch and bound over what rule 5 left (solver/kernel_set_search.h)
  // finds the optimum and, when it closes every node, proves it.
  auto search_start = std::chrono::steady_clock::now();
  KernelSetSearch search =
      branch_and_bound(t.totals, weights, q.max_kernels, index_in(t, known.kernels), bound.lambda, options.timeout_ms);
  a.search_ms = elapsed_ms(search_start);
  a.search_nodes = search.nodes;
  a.search_complete = search.complete;
  // Then Z3 confirms it: the PB formulation (with the Lagrangian cut) asked
  // for a set below the best one found, whose unsat answer is the proof;
  // z3::optimize's MaxSAT when the weights do not fit 32-bit coefficients.
  std::string pb_reason;
  int64_t slack = known.objective - a.unlimited.objective;
  std::optional<std::vector<size_t>> chosen =
      KernelSetPbProver(q, t, options, slack, bound.lambda).solve(search.objective, search.best, pb_reason, a.dumped);
  int64_t claimed = 0;
  if (chosen) {
    claimed = assign(q, t, *chosen).objective;
    a.proof = "z3";
  } else if (!pb_reason.empty()) {
    a.reason = pb_reason;
  } else {
    KernelSetSolver solver(q, t, options, slack);
    chosen = solver.solve(a);
    claimed = solver.claimed_objective();
    if (chosen) a.proof = "z3";
  }
  if (chosen && search.complete && claimed < search.objective)
    throw CrossValidationError(q.name(), {fmt::format("Z3 finds a set of objective {} below the branch and bound's "
                                                      "proven optimum {}", claimed, search.objective)},
                               "(the kernel-set query: --dump-smt2 DIR)");
  if (!chosen && search.complete) {
    // Z3 gave up, but the branch and bound closed every node: its set is optimal.
    chosen = search.best;
    claimed = search.objective;
    a.proof = "branch-and-bound";
    a.reason = "Z3's confirmation: " + (a.reason.empty() ? std::string("no answer") : a.reason);
  }
  a.solve_ms = elapsed_ms(start);
  if (chosen) {
    a.status = KernelSetAnswer::Status::Optimal;
    a.best = assign(q, t, *chosen);
  } else {
    a.best = assign(q, t, search.best);  // the best set known, with the proven lower bound beside it
    if (a.lagrangian_bound && (!a.lower_bound || *a.lagrangian_bound > *a.lower_bound))
      a.lower_bound = a.lagrangian_bound;
  }
  validate(q, full ? *full : t, a, claimed);
  return a;
}

KernelSetEvaluation evaluate_shipped_kernels(const KernelSetQuestion& q, const std::vector<TileConfig>& kernels) {
  KernelSetEvaluation e;
  for (const TileConfig& k : kernels)
    if (exceeded_limit(k, q.machine) != Limit::None)
      e.unbuildable.push_back(fmt::format("{} D={}: {}", to_string(k.tile), k.stages, describe_limit(k, q.machine)));
  e.shipped = evaluate_kernels(q, kernels);
  KernelSetAnswer scratch;
  Table t = tabulate(q, scratch);  // the undominated candidates: an addition outside them never beats them
  for (const TileConfig& c : t.configs) {
    std::vector<TileConfig> plus = kernels;
    plus.push_back(c);
    KernelChoice k = evaluate_kernels(q, plus);
    if (k.objective < (e.best_addition ? e.with_addition.objective : e.shipped.objective)) {
      e.best_addition = c;
      e.with_addition = k;
    }
  }
  std::vector<std::string> mismatches;
  for (const KernelChoice* k : {&e.shipped, &e.with_addition})
    for (size_t s = 0; s < k->totals.size(); ++s) {
      int64_t simulated = simulate(q.shapes[s].shape, k->kernels[k->assignment[s]], q.machine, q.model).total;
      ++e.simulated;
      if (simulated != k->totals[s])
        mismatches.push_back(fmt::format("shape {}: total {}, simulator {}", s + 1, k->totals[s], simulated));
    }
  if (!mismatches.empty()) throw CrossValidationError(q.name() + ".shipped", mismatches, "");
  return e;
}

}  // namespace warpsat
