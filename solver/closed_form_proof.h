// The proof that the closed form of encodings/gemm_closed_form.h is seed
// 001's recurrence, for every S, D >= 1 and all non-negative durations, by
// induction on the stage index i:
//   base: Sa(1), Sb(1), Sm(1) from eqs. 1-3 equal the closed forms at 1;
//   step: for every i >= 2, if the events at i - 1 and i - D are the closed
//         forms' (the induction hypothesis, substituted), then eqs. 1-3 give
//         the closed forms at i.
// Each obligation is one Z3 query whose negation must be unsat; the queries
// are named (closed-form.seed001.base, .step) and dumped as .smt2 on request.
#pragma once

#include <string>
#include <vector>

#include "solver/smt_query.h"

namespace warpsat {

struct ProofObligation {
  std::string name;     // the query's name, e.g. "closed-form.seed001.step"
  std::string claim;    // what it states, in words
  SmtOutcome outcome;   // Unsat = proven; Sat = a counterexample exists; else no answer
  std::string counterexample;  // the model, when Sat
  std::string dumped;          // the .smt2 file, when written
};

struct ClosedFormProof {
  std::vector<ProofObligation> obligations;
  bool proven() const;  // every obligation Unsat
};

ClosedFormProof prove_closed_form(const SolverOptions& options);

}  // namespace warpsat
