// Loads of memory the kernel writes that no store of the launch can reach
// (BranchSolver::prove_unwritten): proved, they read read-only memory, the
// same in every thread, and the branch is encoded again with them so.
#include <algorithm>

#include <fmt/format.h>

#include "encodings/smt_helpers.h"
#include "solver/branch_analysis_detail.h"

namespace warpsat::branch_analysis_detail {

namespace {

// Loads per branch that an `unwritten` query is asked for, and each one's
// budget: the addresses are simple sums, proved in milliseconds or not at all.
constexpr size_t kMaxUnwrittenQueries = 4;
constexpr unsigned kUnwrittenTimeoutMs = 200;
// The encoding of a kernel's stores for the `unwritten` queries: past these
// budgets it is given up (it holds every store at every occurrence).
constexpr size_t kStoreBlockBudget = 2000;
constexpr size_t kStoreInstructionBudget = 2000;
// `unwritten` queries in a row not proved before a kernel is asked no more.
constexpr size_t kMaxUnwrittenFailures = 8;
// Time per kernel for `unwritten` tries (the stores' encoding and the
// queries), after which none is made: encoding the stores of a large kernel
// anew for each branch costs seconds.
constexpr double kUnwrittenBudgetMs = 2000;

}  // namespace

// The global loads of `e` that no store of the launch can write: for
// each, one named query `unwritten-line<L>` asks whether some store of
// some thread anywhere in the launch, at any occurrence, overlaps an
// address the load reads. Unsat: the load reads read-only memory. Asked
// only when a load of written memory makes the branch imprecise, within
// kUnwrittenTimeoutMs, and never again for a load already not proved for
// another branch of the kernel (a kernel with many stores would otherwise
// pay for the same failing query at every branch).
std::set<uint32_t> BranchSolver::prove_unwritten(z3::context& c, const BranchEncoding& e,
                                                 const BranchEncodingOptions& eo, const std::string& stem,
                                                 BranchResult& r) {
  std::set<uint32_t> out;
  bool matters = false;
  for (const std::string& why : e.imprecision) matters = matters || why.rfind("loads of ", 0) == 0;
  if (!matters || !e.unsupported.empty() || !memory_.global_writers()) return out;
  // A kernel whose loads keep failing (pointer parameters that may alias
  // the stored ones, mostly) is not asked further: each try builds the
  // stores' encoding anew, which costs more than the queries.
  if (unwritten_failures_ >= kMaxUnwrittenFailures || unwritten_ms_ >= kUnwrittenBudgetMs) return out;
  auto start = std::chrono::steady_clock::now();
  struct Spent {  // every return below counts the time spent here
    std::chrono::steady_clock::time_point start;
    double& total;
    ~Spent() { total += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(); }
  } spent{start, unwritten_ms_};
  std::map<uint32_t, std::vector<z3::expr>> reads;  // load instruction -> "an occurrence reads a stored byte"
  std::optional<BranchEncoding> stores;
  for (const LoadTerm& l : e.loads) {
    if (l.immutable || !l.matters || !memory_.may_prove_unwritten(l.instruction) || not_unwritten_.count(l.instruction))
      continue;
    if (!reads.count(l.instruction) && reads.size() >= kMaxUnwrittenQueries) continue;
    if (!stores) {
      auto begin = std::chrono::steady_clock::now();
      // Every store of the kernel at every occurrence: in a large kernel
      // that is millions of terms (1.8 GB for CUB's histogram sweep), so
      // it gets a budget of its own and is given up past it.
      BranchEncodingOptions so = eo;
      so.block_budget = std::min(so.block_budget, kStoreBlockBudget);
      so.instruction_budget = std::min(so.instruction_budget, kStoreInstructionBudget);
      so.stop_at_budget = true;
      stores = encode_stores(c, m_, f_, a_, *memory_.global_writers(), o_.launch, so);
      r.encode_ms += record_encode(begin, "the kernel's stores, for unwritten loads");
      if (!stores->unsupported.empty() || stores->budget_exhausted) {
        unwritten_failures_ = kMaxUnwrittenFailures;  // the same stores next time: no use asking again
        return out;
      }
    }
    z3::expr load_bytes = c.bv_val(l.bits / 8, 64);
    for (size_t t = 0; t < l.reach.size(); ++t) {
      z3::expr a = l.address[t];
      if (a.get_sort().bv_size() != 64) continue;
      std::vector<z3::expr> hit;
      for (const StoreTerm& st : stores->stores)
        // [s, s + n) and [a, a + m) overlap, modulo 2^64.
        hit.push_back(st.reach && (z3::ult(st.address - a, load_bytes) || z3::ult(a - st.address, c.bv_val(st.bytes, 64))));
      reads[l.instruction].push_back(l.reach[t] && any_of(c, hit));
    }
  }
  if (reads.empty()) return out;
  z3::expr_vector base = smt::copy_of(e.base);
  for (const z3::expr& b : stores->base) base.push_back(b);
  unsigned timeout = o_.solver.timeout_ms ? std::min(o_.solver.timeout_ms, kUnwrittenTimeoutMs) : kUnwrittenTimeoutMs;
  QueryRunner q(c, o_, stem, r, timeout);
  q.deadline(deadline_);
  for (const auto& [load, hits] : reads)
    if (q.check(base, any_of(c, hits), fmt::format("unwritten-line{}", f_.instructions[load].pos.line)) ==
        SmtStatus::Unsat)
      out.insert(load), unwritten_failures_ = 0;
    else
      not_unwritten_.insert(load), ++unwritten_failures_;
  return out;
}

}  // namespace warpsat::branch_analysis_detail
