// A divergence query with the values both tracked lanes share taken as
// unknowns (docs/branches.md, "Shared values abstracted").
//
// Where two lanes of one warp compare their own coordinates with a value
// of the launch (CUTLASS's tile residue, computed from the problem shape
// through the persistent tile scheduler's 64-bit fast divisions of the CTA
// id by parameters), the divergence query bit-blasts that shared value
// again and again, and runs out of time, although the branch's outcome
// rarely depends on what the value is: both lanes read the same term.
// Here every largest subterm that mentions no symbol which may differ
// between the two lanes (no thread id, no per-thread load, no lane's own
// function result) becomes one fresh unknown of its sort, the same unknown
// wherever the same term occurs. Any model of the original formula is a
// model of the abstraction (give each unknown its term's value), so an
// unsatisfiable abstraction proves the original unsatisfiable: a proof of
// uniformity. A satisfiable one proves nothing (the unknowns may take
// values no launch gives them) and is not used as a witness.
#pragma once

#include <cstddef>
#include <string_view>
#include <unordered_map>

#include <z3++.h>

namespace warpsat {

// Whether a symbol of the branch encoding may hold different values in the
// two tracked lanes: the thread ids (`tid0.x`), values made per thread
// (`load.7.t1`, `entry.r12.t0`, `inactive_lane.3.t1`), and the first lane's
// function results (`fn.NAME.STEP.eK`, which the second lane shares only
// where its operands are equal). Everything else (parameters, CTA and
// cluster ids, grid sizes, loop values proved common, warp-wide values) is
// one value for both.
bool lane_varying_symbol(std::string_view name);

class UniformAbstraction {
 public:
  explicit UniformAbstraction(z3::context& c) : c_(c) {}
  UniformAbstraction(const UniformAbstraction&) = delete;
  UniformAbstraction& operator=(const UniformAbstraction&) = delete;

  // `e` with every largest shared compound subterm (bit-vector or Boolean)
  // replaced by its unknown. Terms are shared between calls.
  z3::expr abstract(const z3::expr& e);
  // How many distinct subterms became unknowns so far.
  size_t unknowns() const { return unknowns_; }

 private:
  struct Node {
    z3::expr term;    // held so that its AST id is not reused while the memo lives
    z3::expr result;  // the term rebuilt over its arguments' results
    bool shared = false;  // mentions no lane-varying symbol
    bool compound = false;
  };
  // A node's replacement where its parent varies by lane (or it is the root).
  z3::expr replacement(Node& n);

  z3::context& c_;
  std::unordered_map<unsigned, Node> memo_;
  size_t unknowns_ = 0;
};

}  // namespace warpsat
