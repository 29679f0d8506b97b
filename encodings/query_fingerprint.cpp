#include "encodings/query_fingerprint.h"

#include <algorithm>

namespace warpsat::smt {

struct QueryFingerprinter::Walk {
  std::unordered_map<unsigned, uint64_t> visited;  // AST id -> visit number
  std::unordered_map<unsigned, uint64_t> decls;    // declaration id -> symbol number
  std::vector<z3::func_decl> symbols;              // this walk's own, after the parent's
  uint64_t visits = 0;                             // counting the parent's
  TermHasher hash;
  const Walk* parent = nullptr;

  const uint64_t* visit_of(unsigned id) const {
    for (const Walk* w = this; w; w = w->parent)
      if (auto it = w->visited.find(id); it != w->visited.end()) return &it->second;
    return nullptr;
  }
  const uint64_t* symbol_of(unsigned id) const {
    for (const Walk* w = this; w; w = w->parent)
      if (auto it = w->decls.find(id); it != w->decls.end()) return &it->second;
    return nullptr;
  }
  uint64_t symbol_count() const { return symbols.size() + (parent ? parent->symbol_count() : 0); }
};

QueryFingerprinter::QueryFingerprinter() = default;
QueryFingerprinter::~QueryFingerprinter() = default;

std::optional<Fingerprint> QueryFingerprinter::shape(const z3::expr& e) {
  auto node = [&](const z3::expr& x) {
    if (!x.is_app()) return false;
    unsigned id = Z3_get_ast_id(x.ctx(), x);
    Z3_context c = x.ctx();
    TermHasher h;
    if (x.is_numeral()) {
      h.add(std::string("numeral"));
      h.add(Z3_get_numeral_string(c, x));
      hash_sort(h, x.get_sort());
      shapes_.emplace(id, std::pair{x, h.done()});
      return true;
    }
    z3::func_decl d = x.decl();
    Z3_decl_kind kind = d.decl_kind();
    h.add(static_cast<uint64_t>(kind));
    if (kind == Z3_OP_UNINTERPRETED) {
      // The signature, not the name.
      h.add(std::string("symbol"));
      for (unsigned k = 0; k < d.arity(); ++k) hash_sort(h, d.domain(k));
    } else {
      h.add(d.name().str());
      if (!hash_decl_parameters(h, x, false)) return false;
    }
    std::vector<Fingerprint> args;
    for (unsigned k = 0; k < x.num_args(); ++k) args.push_back(shapes_.at(Z3_get_ast_id(c, x.arg(k))).second);
    shapes_.emplace(id, std::pair{x, finish_node(h, x, std::move(args))});
    return true;
  };
  if (!post_order(e, [&](const z3::expr& x) { return shapes_.count(Z3_get_ast_id(x.ctx(), x)) > 0; }, node))
    return std::nullopt;
  return shapes_.at(Z3_get_ast_id(e.ctx(), e)).second;
}

bool QueryFingerprinter::walk(const z3::expr& root, const Walk* parent, Walk& into) {
  (void)parent;
  if (!shape(root)) return false;
  auto shape_of = [&](const z3::expr& x) { return shapes_.at(Z3_get_ast_id(x.ctx(), x)).second; };
  auto before = [&](const z3::expr& a, const z3::expr& b) { return shape_of(a) < shape_of(b); };
  // Pre-order: a term is written when first met, its arguments after it.
  std::vector<z3::expr> work{root};
  while (!work.empty()) {
    z3::expr x = work.back();
    work.pop_back();
    unsigned id = Z3_get_ast_id(x.ctx(), x);
    if (const uint64_t* seen = into.visit_of(id)) {
      into.hash.add(1);
      into.hash.add(*seen);
      continue;
    }
    into.visited.emplace(id, into.visits++);
    into.hash.add(2);
    into.hash.add(shape_of(x));
    if (!x.is_numeral() && x.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      z3::func_decl d = x.decl();
      unsigned did = Z3_get_func_decl_id(x.ctx(), d);
      const uint64_t* known = into.symbol_of(did);
      uint64_t number = known ? *known : into.symbol_count();
      if (!known) {
        into.decls.emplace(did, number);
        into.symbols.push_back(d);
      }
      into.hash.add(3);
      into.hash.add(number);
    }
    if (x.is_numeral() || x.num_args() == 0) continue;
    std::vector<z3::expr> args;
    for (unsigned k = 0; k < x.num_args(); ++k) args.push_back(x.arg(k));
    if (commutative_op(x.decl().decl_kind())) std::stable_sort(args.begin(), args.end(), before);
    for (auto it = args.rbegin(); it != args.rend(); ++it) work.push_back(*it);
  }
  return true;
}

const QueryFingerprinter::Walk* QueryFingerprinter::base_walk(const z3::expr_vector& base) {
  std::vector<z3::expr> roots;
  std::vector<unsigned> ids;
  for (const z3::expr& b : base) {
    if (!shape(b)) return nullptr;
    roots.push_back(b);
    ids.push_back(Z3_get_ast_id(b.ctx(), b));
  }
  if (auto it = bases_.find(ids); it != bases_.end()) return it->second.get();
  std::stable_sort(roots.begin(), roots.end(), [&](const z3::expr& a, const z3::expr& b) {
    return shapes_.at(Z3_get_ast_id(a.ctx(), a)).second < shapes_.at(Z3_get_ast_id(b.ctx(), b)).second;
  });
  auto w = std::make_unique<Walk>();
  w->hash.add(std::string("base"));
  w->hash.add(roots.size());
  for (const z3::expr& r : roots)
    if (!walk(r, nullptr, *w)) return nullptr;
  // A handful of bases per context: an encoding's, its two-lane pair, a
  // deeper encoding's; more only in the exact-float pass.
  if (bases_.size() >= 16) bases_.clear();
  return bases_.emplace(std::move(ids), std::move(w)).first->second.get();
}

std::optional<CanonicalQuery> QueryFingerprinter::of(const z3::expr_vector& base, const z3::expr& extra) {
  return of(base, std::vector<z3::expr>{extra});
}

std::optional<CanonicalQuery> QueryFingerprinter::of(const z3::expr_vector& base, const std::vector<z3::expr>& extras) {
  const Walk* b = base_walk(base);
  if (!b) return std::nullopt;
  Walk w;
  w.parent = b;
  w.visits = b->visits;
  w.hash = b->hash;
  w.hash.add(extras.size());
  for (const z3::expr& extra : extras) {
    w.hash.add(std::string("extra"));
    if (!walk(extra, b, w)) return std::nullopt;
  }
  CanonicalQuery out;
  out.key = w.hash.done();
  std::vector<const Walk*> chain;
  for (const Walk* p = &w; p; p = p->parent) chain.push_back(p);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    out.symbols.insert(out.symbols.end(), (*it)->symbols.begin(), (*it)->symbols.end());
  return out;
}

}  // namespace warpsat::smt
