#include "solver/tiling_validation.h"

#include <chrono>

#include <fmt/format.h>

#include "emulator/gemm_sweep.h"
#include "solver/cross_validation.h"

namespace warpsat {

namespace {

std::string describe(const TileConfig& c) { return fmt::format("{} D={}", to_string(c.tile), c.stages); }

class Checker {
 public:
  explicit Checker(const TilingQuestion& q) : q_(q) {}

  void expect_equal(const std::string& what, int64_t solver, int64_t concrete) {
    if (solver != concrete)
      mismatches_.push_back(fmt::format("{}: solver says {}, concrete execution says {}", what, solver, concrete));
  }
  void fail(const std::string& what) { mismatches_.push_back(what); }

  // The solver's claimed cost of a configuration against the simulator's.
  void check_configuration(const ConfigCost& c, const char* role) {
    Schedule s = simulate(q_.shape, c.config, q_.machine, q_.model);
    expect_equal(fmt::format("{} {} total", role, describe(c.config)), c.cost.total, s.total);
    expect_equal(fmt::format("{} {} wait", role, describe(c.config)), c.cost.wait, s.wait);
    expect_equal(fmt::format("{} {} waves", role, describe(c.config)), c.waves, s.waves);
    if (exceeded_limit(c.config, q_.machine) != Limit::None)
      fail(fmt::format("{} {} breaks the machine's limits: {}", role, describe(c.config),
                       describe_limit(c.config, q_.machine)));
  }

  void check_sweep(const TilingAnswer& a, const SweepResult& sw) {
    if (a.status == TilingStatus::Infeasible) {
      if (sw.feasible != 0) fail(fmt::format("solver says nothing fits, but {} configurations do", sw.feasible));
      return;
    }
    if (!sw.best) {
      fail("solver found an optimum, but no configuration of the space fits the machine's limits");
      return;
    }
    const SweepEntry& b = *sw.best;
    if (b.config != a.best.config)
      fail(fmt::format("best configuration: solver says {}, sweep says {}", describe(a.best.config),
                       describe(b.config)));
    expect_equal("optimal total", a.best.cost.total, b.cost.total);
    expect_equal("optimal wait", a.best.cost.wait, b.cost.wait);
    expect_equal("number of co-optimal configurations", static_cast<int64_t>(a.co_optimal.size()),
                 static_cast<int64_t>(sw.co_optimal.size()));
    for (size_t i = 0; i < std::min(a.co_optimal.size(), sw.co_optimal.size()); ++i)
      if (a.co_optimal[i].config != sw.co_optimal[i].config) {
        fail(fmt::format("co-optimal set differs: solver lists {}, sweep lists {}",
                         describe(a.co_optimal[i].config), describe(sw.co_optimal[i].config)));
        break;
      }
  }

  const std::vector<std::string>& mismatches() const { return mismatches_; }

 private:
  const TilingQuestion& q_;
  std::vector<std::string> mismatches_;
};

void apply_fault(TilingAnswer& a, TilingFault fault) {
  if (fault == TilingFault::BestTotal) a.best.cost.total += 1;
  if (fault == TilingFault::DropCoOptimal && !a.co_optimal.empty()) a.co_optimal.pop_back();
}

}  // namespace

TilingValidation cross_validate(const TilingQuestion& q, const TilingAnswer& a, const SolverOptions& options) {
  auto start = std::chrono::steady_clock::now();
  TilingValidation v;
  Checker check(q);
  if (a.status == TilingStatus::Optimal) {
    check.check_configuration(a.best, "best");
    // The optimiser's own choice must be as good as the reported best.
    int64_t model_primary = primary_value(q.objective, a.optimiser_model.cost);
    check.expect_equal("optimiser's objective value vs the best co-optimal configuration's",
                       model_primary, primary_value(q.objective, a.best.cost));
    if (q.objective == Objective::Lex)
      check.expect_equal("optimiser's wait vs the best co-optimal configuration's", a.optimiser_model.cost.wait,
                         a.best.cost.wait);
    for (const ConfigCost& c : a.co_optimal) check.check_configuration(c, "co-optimal");
    v.simulated = 1 + a.co_optimal.size();
  }
  if (a.status != TilingStatus::Unknown && q.space.size() <= kMaxSweepConfigurations) {
    SweepResult sw = sweep(q.shape, q.machine, q.space, q.objective, q.model);
    v.sweep_ran = true;
    v.swept = sw.feasible;
    check.check_sweep(a, sw);
  }
  if (!check.mismatches().empty()) {
    std::string dir = options.dump_dir.empty() ? "." : options.dump_dir;
    std::string path;
    try {
      path = write_smt2(dir, q.name() + ".disagreement", tiling_query_smt2(q));
    } catch (const std::exception& e) {
      path = std::string("(could not write the query: ") + e.what() + ")";
    }
    throw CrossValidationError(q.name(), check.mismatches(), path);
  }
  v.validate_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return v;
}

ValidatedTiling solve_tiling(const TilingQuestion& q, const SolverOptions& options, TilingFault fault) {
  ValidatedTiling r{optimize_tiling(q, options), {}};
  apply_fault(r.answer, fault);
  r.validation = cross_validate(q, r.answer, options);
  return r;
}

}  // namespace warpsat
