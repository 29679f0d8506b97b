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
#pragma once

#include <cstdint>

#include <z3++.h>

#include "frontend/gemm_problem.h"

namespace warpsat {

// Sm(S) as a Z3 term over integer terms (the proof's statement).
z3::expr closed_form_sm(const z3::expr& load_a, const z3::expr& load_b, const z3::expr& math, const z3::expr& s,
                        const z3::expr& d);

// Sm(S) as an exact integer. Throws InputError (command line) when it does not
// fit 64 bits, as the simulator does.
int64_t closed_form_sm(const Durations& t, int64_t s, int64_t d);

// total and wait of a configuration from the closed form: total =
// (Sm(S) + T_EPILOGUE) W + T_INIT and wait = W (Sm(S) - (S - 1) T_MATH) (the
// per-wave wait sum telescopes because Sm(1) = Sb(1) + T_LOAD_B).
Cost closed_form_cost(const GemmShape& shape, const TileConfig& config, const Machine& machine);

}  // namespace warpsat
