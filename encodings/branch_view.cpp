#include "encodings/branch_view.h"

#include "encodings/fp_terms.h"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace warpsat {

namespace {

// The AST ids and the uninterpreted symbols reachable from `roots`.
struct Cone {
  std::unordered_set<unsigned> ids;
  std::set<std::string> symbols;

  void add(const z3::expr& root) {
    std::vector<z3::expr> work{root};
    while (!work.empty()) {
      z3::expr x = work.back();
      work.pop_back();
      if (!ids.insert(Z3_get_ast_id(x.ctx(), x)).second || !x.is_app()) continue;
      if (x.decl().decl_kind() == Z3_OP_UNINTERPRETED) symbols.insert(x.decl().name().str());
      for (unsigned k = 0; k < x.num_args(); ++k) work.push_back(x.arg(k));
    }
  }
  // An occurrence's reach and outcome terms, for each tracked thread.
  void add(const BranchInstance& i) {
    for (const z3::expr& x : i.reach) add(x);
    for (const z3::expr& x : i.out) add(x);
  }
  bool has(const z3::expr& x) const { return ids.count(Z3_get_ast_id(x.ctx(), x)) > 0; }
};

std::set<std::string> symbols_of(const z3::expr& e) {
  Cone c;
  c.add(e);
  return c.symbols;
}

// Which base constraints (given by their symbols) mention a symbol of
// `used`, to a fixed point: a constraint taken adds its symbols to `used`.
std::vector<bool> linked_constraints(const std::vector<std::set<std::string>>& base_symbols,
                                     std::set<std::string>& used) {
  std::vector<bool> taken(base_symbols.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t k = 0; k < base_symbols.size(); ++k) {
      if (taken[k]) continue;
      bool touches = false;
      for (const std::string& s : base_symbols[k]) touches = touches || used.count(s);
      if (!touches) continue;
      taken[k] = true;
      grew = true;
      used.insert(base_symbols[k].begin(), base_symbols[k].end());
    }
  }
  return taken;
}

}  // namespace

BranchViewer::BranchViewer(const BranchEncoding& all) : all_(all) {
  for (const z3::expr& b : all.base) base_symbols_.push_back(symbols_of(b));
}

BranchEncoding BranchViewer::view(uint32_t branch, const std::vector<uint32_t>* own_slice) const {
  const BranchEncoding& all = all_;
  BranchEncoding v = all;
  v.instances.clear();
  Cone cone;
  for (const BranchInstance& i : all.instances) {
    if (i.branch != branch) continue;
    v.instances.push_back(i);
    cone.add(i);
  }
  // A base constraint that mentions a symbol the branch uses may tie an
  // unmodelled symbol to it (a shuffle's lane function and the lane's own
  // value): its symbols count too, to a fixed point.
  const std::vector<std::set<std::string>>& base_symbols = base_symbols_;
  std::set<std::string> used = cone.symbols;
  std::vector<bool> taken = linked_constraints(base_symbols, used);
  v.imprecision.clear();
  for (const BranchEncoding::ImpreciseSymbol& s : all.imprecise_symbols)
    if (used.count(s.symbol) && (s.instruction == BranchEncoding::kNoInstruction || !own_slice ||
                                 std::binary_search(own_slice->begin(), own_slice->end(), s.instruction)))
      v.imprecision.insert(s.why);
  v.loads.clear();
  for (const LoadTerm& l : all.loads) {
    bool read = false;
    for (const z3::expr& x : l.value) read = read || cone.has(x);
    if (!read) continue;
    v.loads.push_back(l);
    v.loads.back().matters = true;
  }
  return v;
}

z3::expr_vector base_cone(const BranchEncoding& e, const z3::expr& query) {
  Cone cone;
  cone.add(e.same_warp);
  cone.add(query);
  std::vector<std::set<std::string>> base_symbols;
  for (const z3::expr& b : e.base) base_symbols.push_back(symbols_of(b));
  std::set<std::string> used = cone.symbols;
  std::vector<bool> taken = linked_constraints(base_symbols, used);
  z3::expr_vector kept(e.base.ctx());
  for (size_t k = 0; k < base_symbols.size(); ++k)
    if (taken[k]) kept.push_back(e.base[static_cast<int>(k)]);
  return kept;
}

size_t float_unknowns(const BranchEncoding& e) {
  Cone cone;
  for (const BranchInstance& i : e.instances) cone.add(i);
  size_t n = 0;
  for (const BranchEncoding::ImpreciseSymbol& s : e.imprecise_symbols)
    n += s.why == kFloatImprecision && cone.symbols.count(s.symbol);
  return n;
}

BranchEncoding branch_view(const BranchEncoding& all, uint32_t branch, const std::vector<uint32_t>* own_slice) {
  return BranchViewer(all).view(branch, own_slice);
}

}  // namespace warpsat
