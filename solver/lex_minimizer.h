// Lexicographic minimisation on one incremental Z3 solver, for encodings
// whose models may be loose (the Bounds encoding: an event may sit above its
// exact value). Each round:
//   1. ask for any model with the objective below the best value so far;
//   2. fix that model's choices (as assumptions) and binary-search the least
//      objective value they admit: with the choices fixed the query is a
//      linear program, so these checks are cheap, and their result is the
//      exact cost of the chosen configuration;
//   3. demand a strictly smaller value and repeat until that is unsat.
// The final unsat query is the proof of optimality; the query fixing the
// objective at its optimum is the witness. Both are what --dump-smt2 keeps.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "solver/smt_query.h"

namespace warpsat {

struct LexMinimum {
  SmtStatus status = SmtStatus::Error;  // Sat: optimum found; Unsat: no model at all
  std::string reason;                   // for Timeout/Unknown
  std::vector<int64_t> values;          // optimal value of each objective
  std::optional<z3::model> model;       // a model attaining them
  size_t checks = 0;
};

struct LexProblem {
  std::vector<z3::expr> objectives;  // minimised in this order
  std::vector<std::string> names;    // for query files
  z3::expr_vector choices;           // the Boolean decision variables (selectors)
  // Called with (suffix, smt2) for the optimality proof and the witness of
  // each objective, when set.
  std::function<void(const std::string&, const std::string&)> dump;
  unsigned timeout_ms = 0;  // the per-check limit (a QueryTimer)
  // Literals of a configuration believed good (may be empty): the first model
  // is sought under them, so that a good hint leaves one "anything better?"
  // query, the proof. A hint never changes the answer, only the search; an
  // encoding built around it (closed form) needs that first model.
  z3::expr_vector hint;
  // "objective < v" as the encoding prefers to state it (GemmWsTerms::less_than);
  // empty: the arithmetic comparison.
  std::function<z3::expr(const z3::expr& objective, int64_t v)> less_than;
  // The value of objective i in a model; empty: evaluate the objective term.
  std::function<int64_t(const z3::model&, size_t i)> value;
};

// Bounds are passed to the solver as assumptions on fresh literals rather
// than pushed and popped, so it keeps what it learns; on return the solver's
// meaning is unchanged (every added assertion is guarded by such a literal).
LexMinimum minimize_lexicographic(z3::solver& solver, const LexProblem& problem);

}  // namespace warpsat
