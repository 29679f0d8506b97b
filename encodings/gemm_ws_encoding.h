// The GeMM-WS model of seed 001 as Z3 terms over the tiling search space.
// Every constraint is documented in docs/encodings.md.
//
// Three encodings with the same optima:
//  - ClosedForm (the default): one term per configuration, Sm(S) from the
//    proven closed form of the recurrences (encodings/gemm_closed_form.h); no
//    unrolling, so its size does not grow with K / TK.
//  - Array (the seed's, the reference): Sa, Sb, Sm are arrays Int -> Int
//    indexed by stage and read at variable indices (Sm[i - D], Sm[S]); every
//    equation is an equality with max. Exact for every configuration.
//  - Bounds: one integer per event and stage, bounded
//    below by each argument of its max; the choices are Boolean selectors.
//    Any solution is >= the exact events, and total and wait grow with
//    Sm(S), so minimising makes the bounds tight: the optimum, its cost and
//    the co-optimal set are exactly those of the Array encoding (the proof is
//    in docs/encodings.md; tests check it).
#pragma once

#include <functional>
#include <string>

#include <z3++.h>

#include "encodings/gemm_encoding_kind.h"
#include "frontend/gemm_problem.h"

namespace warpsat {


// A model's configuration and its cost, read without evaluating terms.
struct ModelReading {
  TileConfig config;
  Cost cost;
  int64_t waves = 0;
};

// ClosedForm makes no arithmetic term: there tm ... waves are placeholders,
// total and wait opaque handles for `less_than`, and `read`, `selects` and
// `less_than` are always set.
struct GemmWsTerms {
  z3::expr tm, tn, tk, stages;  // decision variables, over the search space
  z3::expr total, wait;         // the objectives, as functions of the above
  z3::expr waves;               // W, for reporting
  z3::expr_vector constraints;  // the model of seed 001 over the search space
  z3::expr_vector choices;      // Boolean selectors (Bounds encoding; empty for Array)
  z3::expr_vector hint;         // literals of a good first configuration (ClosedForm; else empty)
  // "objective < v" (objective is total or wait) as a formula the encoding
  // propagates well; empty: use the arithmetic comparison.
  std::function<z3::expr(const z3::expr& objective, int64_t v)> less_than;
  // "the chosen configuration is c" on the encoding's own literals; empty:
  // compare tm, tn, tk and stages arithmetically.
  std::function<z3::expr(const TileConfig& c)> selects;
  // Reads a model's configuration and cost (ClosedForm: from the selectors,
  // costs from the proven closed form); empty: evaluate tm ... wait.
  std::function<ModelReading(const z3::model&)> read;
};

// Every encoding excludes the configurations exceeded_limit() rejects.
// Throws InputError (command line) when K / min(TK) exceeds kMaxEncodedStages
// (Array and Bounds, which unroll the stages). `objective` picks the hint.
// Array and Bounds encode seed 001's model only (InputError for async).
GemmWsTerms encode_gemm_ws(z3::context& ctx, const GemmShape& shape, const Machine& machine,
                           const SearchSpace& space, GemmEncoding encoding, Objective objective = Objective::Lex,
                           GemmModel model = GemmModel::Seed001);

// The ClosedForm encoding (encodings/gemm_closed_form.cpp).
GemmWsTerms encode_gemm_ws_closed_form(z3::context& ctx, const GemmShape& shape, const Machine& machine,
                                       const SearchSpace& space, Objective objective, GemmModel model);

}  // namespace warpsat
