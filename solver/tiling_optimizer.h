// Finds the optimal GeMM-WS tiling with Z3's optimiser and enumerates every
// co-optimal configuration, then hands the answer to tiling_validation for the
// simulator's re-derivation.
#pragma once

#include <string>
#include <vector>

#include "encodings/gemm_encoding_kind.h"
#include "frontend/gemm_problem.h"
#include "solver/smt_query.h"

namespace warpsat {

struct TilingQuestion {
  GemmShape shape;
  Machine machine;
  SearchSpace space;
  Objective objective = Objective::Lex;
  GemmEncoding encoding = GemmEncoding::ClosedForm;
  GemmModel model = GemmModel::Seed001;

  // "tile.M1024.N512.K1024.a6000-paper": the stem of every query file.
  std::string name() const;
};

struct ConfigCost {
  TileConfig config;
  Cost cost;
  int64_t waves = 0;
};

enum class TilingStatus {
  Optimal,     // proven optimal: no configuration in the space does better
  Infeasible,  // no configuration of the space fits the shared-memory limit
  Unknown,     // a query timed out or Z3 gave up; `reason` says which
};
const char* to_string(TilingStatus s);

struct TilingAnswer {
  TilingStatus status = TilingStatus::Unknown;
  std::string reason;
  ConfigCost best;                   // by preferred() among the co-optimal set
  ConfigCost optimiser_model;        // the configuration z3::optimize returned
  std::vector<ConfigCost> co_optimal;  // every configuration with the optimal primary value, sorted
  double encode_ms = 0;              // building the Z3 terms, wall clock
  double solve_ms = 0;               // optimisation plus enumeration, wall clock
  size_t queries = 0;                // solver calls made
  std::vector<std::string> dumped;   // .smt2 files written
};

TilingAnswer optimize_tiling(const TilingQuestion& q, const SolverOptions& options);

// The optimisation query as SMT-LIB 2 (what --dump-smt2 writes), for the
// record kept when cross-validation fails.
std::string tiling_query_smt2(const TilingQuestion& q);

}  // namespace warpsat
