#include "solver/pinned_query.h"

namespace warpsat {

namespace {
bool is_symbol(const z3::expr& x) {
  return x.is_app() && x.num_args() == 0 && x.decl().decl_kind() == Z3_OP_UNINTERPRETED;
}
}  // namespace

void PinnedQuery::pin(const z3::expr& term, uint64_t value) {
  unsigned bits = term.get_sort().bv_size();
  pin(term, c_.bv_val(bits >= 64 ? value : value & ((uint64_t{1} << bits) - 1), bits));
}

void PinnedQuery::pin(const z3::expr& term, const z3::expr& value) {
  if (is_symbol(term)) {
    from_.push_back(term), to_.push_back(value);
    return;
  }
  uint64_t v = 0;
  if (term.is_app() && term.decl().decl_kind() == Z3_OP_ZERO_EXT && is_symbol(term.arg(0)) &&
      value.is_numeral_u64(v)) {
    unsigned narrow = term.arg(0).get_sort().bv_size();
    if (narrow >= 64 || v >> narrow == 0) {
      from_.push_back(term.arg(0)), to_.push_back(c_.bv_val(v, narrow));
      return;
    }
  }
  rest_.push_back(term == value);
}

z3::expr PinnedQuery::apply(const z3::expr& query) const {
  z3::expr q = rest_.empty() ? query : query && z3::mk_and(rest_);
  return q.substitute(from_, to_).simplify();
}

void PinnedQuery::complete(z3::model& model) const {
  for (unsigned i = 0; i < from_.size(); ++i) {
    z3::func_decl symbol = from_[i].decl();
    z3::expr value = to_[i];
    model.add_const_interp(symbol, value);
  }
}

}  // namespace warpsat
