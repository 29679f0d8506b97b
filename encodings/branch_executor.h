// The symbolic executor behind branch_encoding.h, internal to it: a
// branch's slice run for two tracked threads (or a whole warp), block by
// block and loop by loop. One class, defined in parts:
//   branch_executor.cpp          the run, the unknown values and their imprecision, the launch
//   branch_executor_terms.cpp    what the instruction semantics read (TermSource)
//   branch_executor_blocks.cpp   merging, blocks, whole-warp mode, branch occurrences
//   branch_executor_stores.cpp   store occurrences and shared stores' writers
//   branch_executor_regions.cpp  the loop tree, regions in topological order
//   branch_executor_loops.cpp    unrolling, abstraction, the induction
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <z3++.h>

#include "encodings/branch_encoding.h"
#include "encodings/lazy_arithmetic.h"
#include "encodings/memory_model.h"
#include "encodings/parameter_terms.h"
#include "encodings/ptx_semantics.h"
#include "encodings/query_fingerprint.h"
#include "encodings/shared_store_link.h"
#include "encodings/term_fingerprint.h"
#include "encodings/warp_reduction.h"

namespace warpsat::branch_detail {

struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown past the budget under BranchEncodingOptions::stop_at_budget.
struct BudgetSpent {};

// Which terms read a marked term (by AST id). The terms found to read none
// are kept across calls, so that a walk stops at what an earlier one saw.
struct MarkedReads {
  std::unordered_set<unsigned> marked, clear;
  bool in(const z3::expr& x);
};

// One thread's symbolic state: whether it is here, and its tracked registers.
struct ThreadState {
  z3::expr pc;
  std::map<ptx::RegId, z3::expr> regs;
  std::map<ptx::RegId, ReductionTag> tags;  // whole-warp mode: registers holding a warp reduction
};

struct PairState {
  std::vector<ThreadState> t;  // one per tracked thread (2, or 32 for a whole warp)
  bool beyond = false;          // derived from an abstracted loop iteration
};

struct Edge {
  uint32_t target;  // a block
  PairState state;
};

class Executor : public TermSource {
 public:
  Executor(z3::context& c, const ptx::Module& m, const ptx::Function& f, const analysis::FunctionAnalysis& a,
           std::vector<uint32_t> branches, const LaunchSpec& launch, const BranchEncodingOptions& o,
           std::string prefix = "", bool writer = false, ParameterTerms* params = nullptr);

  BranchEncoding run();

  // ---- TermSource (branch_executor_terms.cpp) ----
  z3::context& ctx() override { return c_; }
  const ptx::Function& function() const override { return f_; }
  z3::expr reg(int t, ptx::RegId r) override;
  void set_reg(int t, ptx::RegId r, const z3::expr& v) override;
  z3::expr special(int t, const ptx::Operand& o) override;
  z3::expr symbol_address(std::string_view name) override;
  z3::expr load(int t, const ptx::Instruction& ins, ptx::StateSpace space, const z3::expr& address, unsigned bits,
                unsigned element) override;
  std::optional<z3::expr> kernel_param(std::string_view name, int64_t offset, unsigned bits) override;
  z3::expr opaque(int t, const ptx::Instruction& ins, unsigned bits, const std::string& why, bool uniform) override;
  z3::expr function_of(int t, const ptx::Instruction& ins, const std::vector<z3::expr>& args, unsigned bits,
                       unsigned element, const std::string& why) override;
  void imprecise(const std::string& symbol, const std::string& why) override { note_imprecise(symbol, why); }
  bool exact_floats() const override { return o_.exact_floats; }
  bool warp_waits_agree() const override { return o_.warp_waits_agree; }
  void uses_float() override { e_.floats = true; }
  void elected(int, const ptx::Instruction&, const z3::expr& leader) override { e_.elected_lanes.push_back(leader); }
  z3::expr other_lane(int t, const ptx::Instruction& ins, const z3::expr& own, const z3::expr& lane) override;

 private:
  z3::expr cluster_value(const ptx::Operand& o);
  void place_shared(std::string_view name, const z3::expr& a);
  std::optional<z3::expr> result_where_equal(int t, const ptx::Instruction& ins, const std::vector<z3::expr>& args,
                                             const std::vector<z3::expr>& first_args, const z3::expr& first_result,
                                             unsigned bits, const std::string& why);
  z3::expr fresh_result(int t, unsigned bits, const std::string& why);
  std::optional<z3::expr> broadcast_from_lane(int t, const z3::expr& own, const z3::expr& lane);
  void record_load(int t, const ptx::Instruction& ins, unsigned element, ptx::StateSpace space, unsigned bits,
                   const z3::expr& address, const z3::expr& value, bool immutable);

  // ---- unknown values and their imprecision (branch_executor.cpp) ----
  z3::expr fresh(int t, unsigned bits, const char* what);
  void note_per_thread(const z3::expr& v);
  // Whether a term reads a value chosen freely per thread (a load of
  // written memory, an opaque result, an abstracted loop value, an
  // undefined register). The induction takes such a register as differing
  // without asking: the solver finds that out slowly, and assuming it loses
  // precision only, never soundness.
  bool per_thread(const z3::expr& x) { return per_thread_unknowns_.in(x); }
  z3::expr entry_value(int t, ptx::RegId r);
  void note_imprecise(const z3::expr& marker, std::string why);
  void note_imprecise(std::string symbol, std::string why);
  void settle_imprecision();

  // ---- the launch and the two threads (branch_executor.cpp) ----
  void model_launch();
  void add_block_shape_lemmas(z3::expr_vector& b);
  z3::expr narrow(const std::string& name, unsigned bits);

  // ---- the loop tree and regions (branch_executor_regions.cpp) ----
  void build_loop_tree();
  bool in_region(int region, uint32_t block) const;
  long node_of(int region, uint32_t block) const;
  std::vector<Edge> run_region(int region, uint32_t entry, PairState in, std::vector<PairState>* back);
  bool same_registers(const PairState& a, const PairState& b);
  std::vector<long> topological_nodes(int region);
  bool inert(int loop);
  std::vector<Edge> pass_through(int loop, const PairState& in);

  // ---- merging (branch_executor_blocks.cpp) ----
  PairState merge(std::vector<PairState>& in);
  z3::expr any_path(const std::vector<PairState>& in, size_t t);
  uint64_t tree_size(const z3::expr& e);
  z3::expr conjoin(const z3::expr& pc, const z3::expr& cond);
  z3::expr entry_value_cached(int t, ptx::RegId r);

  // ---- blocks (branch_executor_blocks.cpp) ----
  z3::expr is_true(const z3::expr& p1) { return p1 == c_.bv_val(1, 1); }
  z3::expr guard(int t, const ptx::Instruction& ins);
  void execute(std::vector<ThreadState>& st, const ptx::Instruction& ins);
  void spend_budget();
  std::vector<Edge> process_block(uint32_t b, PairState st);
  z3::expr Sem32(int t, const ptx::Operand& o);
  void record_instance(PairState& st, const ptx::Instruction& ins, uint32_t index);
  void find_blocks_reaching_targets();

  // ---- whole-warp mode: shuffles and reductions (warp_reduction.h; branch_executor_blocks.cpp) ----
  struct ReductionStep {
    std::string op;                                     // "" for a shuffle
    std::vector<std::optional<ReductionTag>> tags[2];  // per operand (1, 2), per lane
    std::vector<z3::expr> values[2];
  };
  std::optional<ReductionTag> tag_of(const ThreadState& s, const ptx::Operand& o) const;
  std::optional<ReductionStep> before_warp_step(std::vector<ThreadState>& st, const ptx::Instruction& ins);
  void after_warp_step(std::vector<ThreadState>& st, const ptx::Instruction& ins,
                       const std::optional<ReductionStep>& r);

  // ---- stores (branch_executor_stores.cpp) ----
  void record_store(PairState& st, const ptx::Instruction& ins, uint32_t index);
  z3::expr link_stores(uint32_t load, const z3::expr& address, const z3::expr& before, unsigned bits,
                       const std::string& name);
  const SharedWriter* writer_of(uint32_t s);
  std::vector<uint32_t> address_definitions() const;
  z3::expr widen64(const z3::expr& v);

  // ---- loops: unrolling, abstraction, induction (branch_executor_loops.cpp) ----
  std::vector<ptx::RegId> carried_registers(int loop);
  void find_live_registers();
  PairState abstract_state(int loop, PairState st, const std::set<ptx::RegId>& uniform);
  z3::solver& induction_solver();
  bool abstracted_question(const z3::expr& q);
  z3::expr as_asked(const z3::expr& q, bool abstract);
  const std::string& induction_solver_key();
  z3::check_result check_induction(const z3::expr& q, std::optional<z3::model>* model = nullptr);
  bool unsat(const z3::expr& q) { return check_induction(q) == z3::unsat; }
  std::set<ptx::RegId> never_differ(const PairState& st, const std::set<ptx::RegId>& candidates);
  std::optional<z3::expr> differs(const PairState& st, ptx::RegId r);
  std::set<ptx::RegId> uniform_registers(int loop, const PairState& in);
  std::vector<Edge> run_loop(int loop, PairState in);

  z3::context& c_;
  const ptx::Module& m_;
  const ptx::Function& f_;
  const analysis::FunctionAnalysis& a_;
  std::vector<uint32_t> branches_;
  std::vector<bool> is_target_;
  const LaunchSpec& launch_;
  const BranchEncodingOptions& o_;
  std::string prefix_;  // of every name the encoding makes up, but the launch's and the parameters'
  // The kernel's parameter terms: this encoding's own, or (a shared store's
  // writer) the encoding's that asked for it.
  std::optional<ParameterTerms> own_params_;
  ParameterTerms& params_;
  std::optional<MemoryModel> memory_;
  bool stores_mode_ = false;  // the targets are stores: record their addresses
  std::set<std::string> cluster_named_;                   // cluster registers cluster_value has named
  std::set<std::string> placed_;                          // symbols symbol_address has named
  std::vector<std::pair<z3::expr, uint64_t>> shared_placed_;  // .shared ones: address, size
  bool writer_ = false;       // ... and their values and guards: the writer of a shared store
  std::map<uint32_t, std::optional<SharedWriter>> writers_;  // writer_of's, by store
  unsigned n_;  // tracked threads
  BranchEncoding e_;
  analysis::BranchSlice slice_;
  std::vector<bool> in_slice_;
  std::vector<int> parent_, innermost_;
  std::vector<unsigned> unroll_;  // per loop
  std::map<int, std::vector<long>> topo_cache_;
  std::map<int, bool> inert_;
  std::map<int, std::map<long, long>> equivalents_;  // per region: node -> its control-equivalent node
  std::map<int, std::set<long>> loop_free_equivalents_;  // per region: loop_free()
  uint64_t induction_spent_ = 0;  // Z3 resource units the induction solver has used
  std::vector<z3::model> induction_models_;  // the last ones of sat induction queries
  MarkedReads per_thread_unknowns_;          // values chosen per thread
  std::vector<z3::expr> per_thread_terms_;   // ... the terms, kept alive
  // function_of's results of a thread's own (not thread 0's, which both
  // threads may share).
  MarkedReads function_results_;
  std::map<int, std::vector<ptx::RegId>> carried_;
  std::vector<std::vector<ptx::RegId>> live_in_;  // per block, sorted
  std::vector<ThreadState>* current_ = nullptr;
  std::vector<z3::expr> exists_;                   // per tracked thread: the block has it
  std::vector<z3::expr> shfl_sources_, shfl_active_;  // the shuffle being executed, per lane
  std::vector<int> shfl_lane_;                        // its source lane when a constant, else -1
  WarpReductions reductions_{c_};
  std::optional<z3::solver> induction_;
  std::optional<LazyArithmetic> induction_lazy_;  // where the induction's base is abstracted
  size_t induction_axioms_ = 0;                   // induction_lazy_'s axioms the solver has
  bool wide_products_ = false;                    // multiplies_into_128_bits(m_)
  bool base_abstracted_ = false;                  // the induction solver's base holds 128-bit products
  std::optional<std::string> induction_key_;  // induction_solver_key()
  smt::Fingerprinter fingerprints_;
  smt::QueryFingerprinter canonical_;  // the induction's questions, for kept answers
  double induction_ms_ = 0;  // spent by the induction queries so far
  std::vector<bool> reaches_target_;  // per block
  std::map<std::pair<int, ptx::RegId>, z3::expr> entries_;
  std::unordered_map<unsigned, uint64_t> tree_sizes_;  // tree_size's, by Z3 AST id
  std::map<std::pair<size_t, unsigned>, z3::expr> shared_;
  // function_of: per (step, result element), thread 0's operands and result.
  std::map<std::pair<size_t, unsigned>, std::pair<std::vector<z3::expr>, z3::expr>> results_;
  std::map<std::tuple<size_t, uint32_t, unsigned>, size_t> load_slots_;  // (step, instruction, element)
  std::vector<BranchEncoding::ImpreciseSymbol> imprecise_;  // marker constant, why, instruction
  uint32_t current_instruction_ = BranchEncoding::kNoInstruction;  // the instruction execute() runs
  size_t step_ = 0, counter_ = 0, visits_ = 0;
  bool recording_ = true, budget_exhausted_ = false;
  size_t executed_ = 0;  // slice instructions executed (all tracked threads at once)
  int analysing_ = 0;
};

}  // namespace warpsat::branch_detail
