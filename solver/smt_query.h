// What every solver query in warpsat has: a name, options (seed, timeout,
// where to dump), and an outcome that keeps sat, unsat, timeout and error
// apart. A timeout is never an answer.
#pragma once

#include <stdexcept>
#include <string>

namespace warpsat {

struct SolverOptions {
  unsigned timeout_ms = 10000;  // per query
  unsigned random_seed = 0;
  std::string dump_dir;         // when set, every query is written there as NAME.smt2
};

enum class SmtStatus { Sat, Unsat, Timeout, Unknown, Error };
const char* to_string(SmtStatus s);

struct SmtOutcome {
  SmtStatus status = SmtStatus::Error;
  std::string reason;  // Z3's reason for unknown, or the error text
  double milliseconds = 0;
};

// Classifies an `unknown` from Z3: a timeout when Z3 says so, or when the
// check ran for (nearly) the whole time limit, since z3::optimize reports a
// timeout as plain "unknown"; any other reason is Unknown.
SmtStatus classify_unknown(const std::string& reason, double elapsed_ms, unsigned timeout_ms);

// A question the solver could not answer in its time (the command line's
// exit code 4: no answer), where going on would print answers resting on it.
struct NoAnswerError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes `smt2` to DIR/NAME.smt2 (creating DIR) and returns the path. The name
// is made safe for a file name. Throws std::runtime_error when it cannot write.
std::string write_smt2(const std::string& dir, const std::string& name, const std::string& smt2);

}  // namespace warpsat
