// Seed 001's event recurrences (eqs. 1-3) in closed form.
//
// With constant per-stage durations the recurrences are a max-plus linear
// system: Sm(S) is the longest path through a small periodic graph (the DMA
// chain costs L = T_LOAD_A + T_LOAD_B a stage, the MATH chain X = T_MATH a
// stage, and the buffer-full edge jumps D stages for L + X). With
// M = max(L, X):
//
//     Sm(S) = L + (S - 1) M + floor((S - 1) / D) * max(0, L + X - D M)
//
// docs/encodings.md derives it; solver/closed_form_proof proves it against the
// recurrences with Z3 for every S, D >= 1 and all non-negative durations. The
// same template builds the Z3 term the proof is about and the integer the
// default encoding uses, so what is proven is what is evaluated.
//
// For D >= 2 the last term is zero (L + X <= 2M <= D M): in seed 001's model
// the buffer depth never changes the time, only whether the buffer fits.
//
// The async model (docs/models.md) has the same graph with the latency lam
// off the copy path: a stage occupies it for T = transfer time only, so
// M = max(T, X) and the first pair lands at F = T + lam:
//
//     Sm(S) = F + (S - 1) M + floor((S - 1) / D) * max(0, F + X - D M)
//
// and the last term stays positive while D M < T + lam + X: depth matters.
#pragma once

#include <cstdint>

#include <z3++.h>

#include "frontend/gemm_problem.h"

namespace warpsat {

// Sm(S) = first + (S-1) M + floor((S-1)/D) max(0, first + X - D M) with
// M = max(step, X), as a Z3 term (the proofs' statement). Seed 001: first =
// step = L; async: first = T + lam, step = T.
z3::expr closed_form_sm(const z3::expr& first, const z3::expr& step, const z3::expr& math, const z3::expr& s,
                        const z3::expr& d);

// Sm(S) as an exact integer. Throws InputError (command line) when it does not
// fit 64 bits, as the simulator does.
int64_t closed_form_sm(int64_t first, int64_t step, int64_t math, int64_t s, int64_t d);
// Seed 001's Sm(S) for a tile's durations.
int64_t closed_form_sm(const Durations& t, int64_t s, int64_t d);

// total and wait of a configuration from the closed form (the hopper model:
// docs/models.md, the mainloop by the async formula with Hopper's transfers,
// the tiles by the formulas above, stream-K units piece by piece, the HBM
// floor); seed 001: total =
// (Sm(S) + T_EPILOGUE) W + T_INIT and wait = W (Sm(S) - (S - 1) T_MATH) (the
// per-wave wait sum telescopes because Sm(1) = Sb(1) + T_LOAD_B).
// Async: total = (Sm(S) + T_MATH + T_EPILOGUE) W + T_INIT.
Cost closed_form_cost(const GemmShape& shape, const TileConfig& config, const Machine& machine,
                      GemmModel model = GemmModel::Seed001);

// first and step of the formula for a tile under a model.
struct ClosedFormTerms {
  int64_t first = 0, step = 0, math = 0;
};
ClosedFormTerms closed_form_terms(const Durations& t, const Machine& m, GemmModel model);
// The same for a configuration (the hopper model's transfers depend on the cluster).
ClosedFormTerms closed_form_terms(const TileConfig& c, const Machine& m, GemmModel model);

// The hopper model's tile-level closed forms (docs/models.md), proven against
// their recurrences by solver/closed_form_proof: a CTA's n data-parallel
// tiles, each mainloop ML (fill F included) and epilogue E,
//   cooperative:  n (ML + E) − (n − 1) min(F, E)
//   ping-pong:    ML + ⌊(n−1)/2⌋ max(2P, P + E) + ((n−1) mod 2) P + E,
//                 P = ML − min(F, ML − F)   (the fill hidden by the other warp group's mainloop)
// as Z3 terms (the proofs' statements) and exact integers.
z3::expr cooperative_tiles_time(const z3::expr& n, const z3::expr& ml, const z3::expr& fill, const z3::expr& epilogue);
z3::expr pingpong_mainloop_end(const z3::expr& n, const z3::expr& ml, const z3::expr& steady, const z3::expr& epilogue);
int64_t data_parallel_time(MainloopSchedule schedule, int64_t n, int64_t ml, int64_t fill, int64_t epilogue);

}  // namespace warpsat
