// Solver answers kept across runs (docs/distributed.md, "Answers of
// single queries"): a kernel changed in one place is analysed again, but
// most of its branches ask the very queries the last run asked. Each
// definite answer is kept under the query's canonical fingerprint
// (encodings/query_fingerprint.h), blind to the names the encoding gives
// its symbols, with the model values a witness is built from when the
// answer is sat; solver/query_runner.h takes an answer found here instead
// of asking Z3, and a model only after checking that it satisfies the
// query. Only sat and unsat are kept: a timeout is no answer. The loop
// induction (branch_executor_loops.cpp, through induction_memo.h) keeps which
// candidates it proved never to differ, under its question's fingerprint.
//
// What stores them is the caller's (cli/branch_cache.h, in the verdict
// cache's file, under a key that adds warpsat's build and every option
// that changes an answer); this layer sees text only.
#pragma once

#include <optional>
#include <string>

namespace warpsat {

class QueryAnswers {
 public:
  virtual ~QueryAnswers() = default;
  // The text kept under the query's fingerprint, if any.
  virtual std::optional<std::string> find(const std::string& fingerprint) = 0;
  virtual void keep(const std::string& fingerprint, const std::string& answer) = 0;
  // Whether many of the kernel's queries are likely found here (an earlier
  // run kept answers for a kernel of this name): the analysis then puts off
  // internalising each encoding until a query is asked of the solver
  // (solver/query_session.h), which one whose queries are all found never
  // is. Not otherwise: the solver's work, and with it the models of an
  // analysis that finds nothing, stays that of a run without kept answers.
  virtual bool expects_answers() const { return false; }
};

}  // namespace warpsat
