// The targets as stores (encode_stores): each occurrence's address and
// size; and a shared load tied to the stores it may read, through an
// encoding of each store's writer (shared_store_link.h).
#include "encodings/branch_executor.h"

#include <algorithm>

#include <fmt/format.h>

#include "encodings/shared_store_link.h"

namespace warpsat::branch_detail {

using ptx::Opcode;
using ptx::Operand;

namespace {

// Block visits and instructions for a shared store's writer: beyond
// them its encoding holds abstracted loops, which the link cannot use.
constexpr size_t kWriterBudget = 4000;

}  // namespace

// A store's address and size in thread 0 (the storing thread: any thread
// of the launch, since its ids are unconstrained but by the launch).
void Executor::record_store(PairState& st, const ptx::Instruction& ins, uint32_t index) {
  current_ = &st.t;
  size_t at = ins.op == Opcode::Atom ? 1 : 0;
  const Operand& a = ins.operands.at(at);
  const Operand& base = a.elements.at(0);
  z3::expr address = (base.kind == Operand::Kind::Register ? widen64(reg(0, base.reg))
                      : base.kind == Operand::Kind::Symbol ? symbol_address(base.text)
                                                           : c_.bv_val(static_cast<uint64_t>(base.value), 64)) +
                     c_.bv_val(static_cast<uint64_t>(a.value), 64);
  // The bytes written: the type's width times the vector's elements (16,
  // the widest, when the type says nothing).
  unsigned bytes = ptx::bit_width(ins.type()) / 8;
  size_t count = ins.op == Opcode::St && ins.operands.size() > 1 && ins.operands[1].kind == Operand::Kind::Vector
                     ? ins.operands[1].elements.size()
                     : 1;
  bytes = bytes ? static_cast<unsigned>(bytes * count) : 16;
  StoreTerm store{index, st.t[0].pc, address, bytes, std::nullopt};
  if (writer_ && ins.op == Opcode::St && count == 1 && ins.operands.size() > 1) {
    // The writer of a shared store: exactly when it stores, and what.
    if (ins.has_guard) store.reach = store.reach && guard(0, ins);
    const Operand& v = ins.operands[1];
    unsigned bits = ptx::bit_width(ins.type());
    std::optional<z3::expr> value;
    if (v.kind == Operand::Kind::Register) value = reg(0, v.reg);
    else if (v.kind == Operand::Kind::Int || v.kind == Operand::Kind::Float)
      value = c_.bv_val(static_cast<uint64_t>(v.value), bits);
    if (value && value->is_bv() && bits > 0) {
      unsigned w = value->get_sort().bv_size();
      store.value = w == bits ? *value : w > bits ? value->extract(bits - 1, 0) : z3::zext(*value, bits - w);
    }
  }
  e_.stores.push_back(std::move(store));
}

// The load's value tied to the stores of the interval before its barrier
// (shared_store_link.h), or `before` where it cannot be.
z3::expr Executor::link_stores(uint32_t load, const z3::expr& address, const z3::expr& before, unsigned bits,
                               const std::string& name) {
  auto stores = o_.link_same_address_stores ? memory_->same_address_stores(load) : memory_->feeding_stores(load);
  if (!stores) return before;
  std::vector<const SharedWriter*> writers;
  for (uint32_t s : *stores) {
    const SharedWriter* w = writer_of(s);
    if (!w || w->value.get_sort().bv_size() != bits) return before;
    writers.push_back(w);
  }
  // For a witness search: one store of the address whose value is the
  // same in every thread of the block (a function of the launch and the
  // CTA, as a tile's item count) is what the load reads, whichever thread
  // stored it (thread 0, which a pair of tracked lanes rarely includes).
  // Not a proof (no thread need have stored it): the solver keeps only
  // the splits of such an encoding, for the replay.
  if (o_.link_same_address_stores) {
    if (writers.size() != 1 || mentions_ids(*writers[0])) return before;
    ++e_.stored_values_read;
    return writers[0]->value;
  }
  return linked_shared_value(writers, address, before, e_.ntid, e_.tid, name, e_.base);
}

// The shared store `s` for a symbolic thread of the block (encoded once
// per encoding), or null where its terms are not functions of the
// writer's ids alone (shared_store_link.h).
const SharedWriter* Executor::writer_of(uint32_t s) {
  auto it = writers_.find(s);
  if (it != writers_.end()) return it->second ? &*it->second : nullptr;
  std::optional<SharedWriter> w;
  BranchEncodingOptions wo = o_;
  wo.whole_warp = false;
  wo.link_shared_stores = false;
  wo.stop_at_budget = true;
  wo.block_budget = std::min<size_t>(wo.block_budget, kWriterBudget);
  wo.instruction_budget = std::min<size_t>(wo.instruction_budget, kWriterBudget);
  wo.induction_memo = nullptr;
  wo.stats = nullptr;
  std::string prefix = fmt::format("{}writer{}.", prefix_, s);
  // The writer's parameters are this encoding's: one owner for both.
  BranchEncoding we = Executor(c_, m_, f_, a_, {s}, launch_, wo, prefix, true, &params_).run();
  bool valued = std::all_of(we.stores.begin(), we.stores.end(), [](const StoreTerm& st) { return st.value.has_value(); });
  if (we.unsupported.empty() && !we.budget_exhausted && !we.stores.empty() && valued) {
    // One occurrence per path that reaches the store; a thread runs it
    // at most once (it is in no loop), so the paths exclude each other.
    z3::expr reach = we.stores.back().reach, address = we.stores.back().address, value = *we.stores.back().value;
    for (size_t k = we.stores.size() - 1; k-- > 0;) {
      const StoreTerm& o = we.stores[k];
      address = z3::ite(o.reach, o.address, address);
      value = z3::ite(o.reach, *o.value, value);
      reach = o.reach || reach;
    }
    // The writer runs in this encoding's CTA.
    z3::expr_vector cta(c_), here(c_);
    for (size_t d = 0; d < 3; ++d) {
      z3::expr id = we.ctaid[d].arg(0);  // the narrow constant under the zero extension
      cta.push_back(id);
      here.push_back(e_.ctaid[d].extract(id.get_sort().bv_size() - 1, 0));
    }
    SharedWriter candidate{{}, reach.substitute(cta, here), address.substitute(cta, here), value.substitute(cta, here)};
    for (size_t d = 0; d < 3; ++d) candidate.tid.push_back(we.tid[0][d].arg(0));
    if (closed_over_ids(candidate, prefix)) {
      // The variables it stores to take their places in this encoding.
      for (const z3::expr& v : variables_in(candidate.address)) {
        std::string n = v.decl().name().str();
        symbol_address(std::string_view(n).substr(std::string_view("address.").size()));
      }
      w = std::move(candidate);
    }
  }
  auto [at, _] = writers_.emplace(s, std::move(w));
  return at->second ? &*at->second : nullptr;
}

// The instructions defining the stores' address registers: the slice of
// a store's address, not of the value it stores (which may be most of the
// kernel). Branches the addresses do not depend on are followed both ways,
// which can only add occurrences.
std::vector<uint32_t> Executor::address_definitions() const {
  std::vector<uint32_t> seeds;
  for (uint32_t i : branches_) {
    const ptx::Instruction& ins = f_.instructions[i];
    size_t at = ins.op == Opcode::Atom ? 1 : 0;
    if (ins.operands.size() <= at || ins.operands[at].kind != Operand::Kind::Address) continue;
    const Operand& base = ins.operands[at].elements.at(0);
    if (base.kind != Operand::Kind::Register) continue;
    for (const analysis::UseDefs& u : a_.defs.uses[i])
      if (u.reg == base.reg)
        for (uint32_t d : u.defs)
          if (d != analysis::kEntryDef) seeds.push_back(d);
  }
  std::sort(seeds.begin(), seeds.end());
  seeds.erase(std::unique(seeds.begin(), seeds.end()), seeds.end());
  return seeds;
}

z3::expr Executor::widen64(const z3::expr& v) {
  unsigned w = v.get_sort().bv_size();
  return w == 64 ? v : w > 64 ? v.extract(63, 0) : z3::zext(v, 64 - w);
}

}  // namespace warpsat::branch_detail
