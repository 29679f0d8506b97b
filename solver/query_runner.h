// One branch's queries (docs/branches.md, "The queries"): each named, each
// first tried on Z3's plain SMT core within a resource count (on the
// encoding's incremental session when there is one), then on Z3's default
// solver for the rest of its time; dumped as .smt2 on request. A timeout is
// never an answer: it comes back as SmtStatus::Timeout or Unknown.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <z3++.h>

#include "frontend/resident_memory.h"
#include "encodings/query_fingerprint.h"
#include "solver/branch_analysis.h"
#include "solver/query_session.h"

namespace warpsat {

// Each query's try on Z3's plain SMT core before its default solver: a
// resource count (about 200 ms of work on the machines of
// docs/benchmarks.md), and a clock limit kQuickTimeoutScale times as long
// that only a heavily loaded machine reaches.
constexpr unsigned kQuickTimeoutMs = 200;
constexpr unsigned kQuickRlimit = 1500000;
constexpr unsigned kQuickTimeoutScale = 5;
// The quick try of a pinned query (check_alone: its values substituted and
// simplified first). The SMT core answers the satisfiable ones within a
// few tens of thousands of units, or not at all, while the default solver
// settles the rest in tens of milliseconds: on CUB's histogram sweep four
// pinned witness searches spent the whole 1.5 million units (up to 800 ms)
// and then timed out or fell back, 3.1 s of witness searches against 1.1 s
// with this.
constexpr unsigned kPinnedQuickRlimit = kQuickRlimit / 5;
// Divisions abstracted (lazy_arithmetic.h): a model that gets one wrong
// first gets lemmas for its values at the model's operands, cheap for the
// solver, and after kPointLemmaRounds such rounds exact definitions of the
// ones it got wrong. The quick try asks at most kQuickRefinementRounds
// times, each within its resource count; the default solver goes on to
// kMaxRefinementRounds within the query's time.
constexpr size_t kPointLemmaRounds = 3;
constexpr size_t kQuickRefinementRounds = 6;
constexpr size_t kMaxRefinementRounds = 16;

// A Z3 context whose destruction counts into `stats` under `what`:
// freeing what bit-blasting built is a real part of a branch's cost (34 s
// for one branch of CUB's histogram sweep once). With `keep_below` > 0 the
// context is not freed at all while the process holds less memory than
// that: a process that ends right after its kernel (a child of
// cli/kernel_processes.h) gives it back at once when it ends.
class TimedContext {
 public:
  // what: the kind it counts as ("free Z3 context (...)").
  TimedContext(TimeStats* stats, const char* what, uint64_t keep_below = 0)
      : stats_(stats), what_(what), keep_below_(keep_below), owned_(std::make_unique<z3::context>()), c(*owned_) {}
  TimedContext(const TimedContext&) = delete;
  TimedContext& operator=(const TimedContext&) = delete;
  ~TimedContext() {
    if (keep_below_ && resident_bytes() < keep_below_) {
      (void)owned_.release();  // deliberately kept: the process ends soon
      return;
    }
    TimedScope freeing(stats_, what_);
    owned_.reset();
  }

 private:
  TimeStats* stats_;
  const char* what_;
  uint64_t keep_below_;
  std::unique_ptr<z3::context> owned_;

 public:
  z3::context& c;
};

// The time a kernel's queries may spend without an answer (a timeout, an
// unknown) before the rest get a third of the quick try alone (most sat
// answers come within it): a kernel whose queries
// keep failing (CUB's select sweep: 27 s of its 45 s in queries were
// unknowns) spends its time where the answers are.
struct NoAnswerBudget {
  double limit_ms = 0;  // 0: no limit
  double spent_ms = 0;
  bool spent() const { return limit_ms > 0 && spent_ms >= limit_ms; }
};

class QueryRunner {
 public:
  // timeout_ms: each query's budget (0: none). Queries count into r.queries
  // (and r.dumped).
  QueryRunner(z3::context& c, const BranchOptions& o, std::string stem, BranchResult& r, unsigned timeout_ms)
      : c_(c), o_(o), stem_(std::move(stem)), r_(r), timeout_ms_(timeout_ms) {}

  // Checks base ∧ extra; returns the status and, when sat, the model. Z3's
  // plain SMT core answers most of these queries in milliseconds; the ones it
  // does not answer in a moment go to its default solver, whose bit-blasting
  // tactics are slower to start but far better at multiplications by
  // constants (divisions compiled to mul.hi).
  // `quick_rlimit`: the quick try's resource count (a query that is mostly
  // proofs the SMT core finds at once, or not at all, gets less).
  SmtStatus check(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                  std::optional<z3::model>* model = nullptr, unsigned quick_rlimit = kQuickRlimit);
  // base ∧ extra with the quick first try only (floats excepted, which get
  // no quick try): for a question whose answer only refines a verdict.
  SmtStatus check_quick(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                        std::optional<z3::model>* model = nullptr, unsigned quick_rlimit = kQuickRlimit);
  // `query` alone, on a solver of its own: for a query whose terms
  // (substituted, simplified) share nothing with the session's. Its quick
  // try gets kPinnedQuickRlimit; `quick_only`: that try alone.
  SmtStatus check_alone(const z3::expr& query, const std::string& name, std::optional<z3::model>* model = nullptr,
                        bool quick_only = false, unsigned quick_rlimit = kPinnedQuickRlimit);

  // base ∧ extra as it is (no division or product abstracted) on Z3's
  // default solver alone, which bit-blasts it at once, within `rlimit`
  // resource units (`clock_ms` only guards against a stalled check; 0:
  // none): for a proof the quick try on the abstracted divisions could not
  // find (docs/branches.md, "The exact query bit-blasted"). Its answers do
  // not count into the no-answer budget (the caller bounds its tries).
  SmtStatus check_bitblasted(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                             unsigned rlimit, unsigned clock_ms);

  double last_ms() const { return last_ms_; }
  // Floating-point terms: no quick try (the SMT core's lazy bit-blasting of
  // floats is several times slower than the default solver's eager one).
  void floats(bool f) { floats_ = f; }
  // Ask the quick first try on `session`, the encoding's incremental solver.
  void session(QuerySession* session) { session_ = session; }
  // A pass with a budget of its own (exact floats): no query runs past it.
  void deadline(std::optional<std::chrono::steady_clock::time_point> d) { deadline_ = d; }
  // Counts each query without an answer into `b`; once it is spent, each
  // query gets a third of the quick try and no default solver.
  void no_answer_budget(NoAnswerBudget* b) { no_answer_ = b; }

 private:
  // What check, check_quick and check_alone share: the query on `session`
  // (null: a new solver) and then, unless `quick_only`, on the default solver.
  SmtStatus ask(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                std::optional<z3::model>* model, QuerySession* session, bool quick_only,
                unsigned quick_rlimit = kQuickRlimit);
  // base ∧ extra on `solver` (kept in `s` for its model), within timeout_ms (0: none).
  z3::check_result run(std::optional<z3::solver>& s, z3::solver solver, unsigned timeout_ms,
                       const z3::expr_vector& base, const z3::expr& extra, unsigned rlimit = 0);
  // With --dump-smt2: base ∧ extra written as `<stem>.<name>.smt2`, its answer noted.
  void dump(const z3::expr_vector& base, const z3::expr& extra, const std::string& name, SmtStatus st);

  z3::context& c_;
  const BranchOptions& o_;
  std::string stem_;
  BranchResult& r_;
  unsigned timeout_ms_;
  double last_ms_ = 0;
  bool floats_ = false;
  QuerySession* session_ = nullptr;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  NoAnswerBudget* no_answer_ = nullptr;
  // Fingerprints of queries asked without a session (query_answers.h).
  std::unique_ptr<smt::QueryFingerprinter> fingerprints_;
};

}  // namespace warpsat
