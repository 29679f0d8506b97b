// Z3 terms over bit-vectors of up to 64 bits and Booleans, compiled into a
// straight-line program over machine words, to evaluate the same terms at
// many points (a concrete launch's threads) without building Z3 terms per
// point: a substitution and simplification per thread cost about 6 us a
// term, which made launches of more than a few thousand threads cost
// seconds. Best effort: an operator it does not know, a width over 64, a
// division by zero it does not model, makes compile or run return nothing
// and the caller takes the slower way. What it computes is a claim its
// callers prove with a query, never a verdict of its own.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <z3++.h>

namespace warpsat {

class TermProgram {
 public:
  // `inputs`: the constants whose values each run gives, in order; every
  // other leaf must be a numeral. Nothing when a term is outside what the
  // program knows.
  static std::optional<TermProgram> compile(const z3::expr_vector& terms, const z3::expr_vector& inputs);

  // The terms' values (a Boolean as 0 or 1) for these input values;
  // false when an operation it does not model came up (a division by zero).
  bool run(const std::vector<uint64_t>& inputs, std::vector<uint64_t>& values);

  // The operations one run performs.
  size_t size() const { return steps_.size(); }

 private:
  struct Step {
    Z3_decl_kind kind;
    unsigned width = 0;           // of the result; 0 for a Boolean
    std::vector<uint32_t> args;   // earlier steps
    unsigned hi = 0, lo = 0;      // extract; extension amount in hi
    uint64_t value = 0;           // numeral; input index for an input
    unsigned arg_width = 0;       // of the first argument
  };
  std::vector<Step> steps_;
  std::vector<uint32_t> outputs_;
  std::vector<uint64_t> scratch_;
};

}  // namespace warpsat
