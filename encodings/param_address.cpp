#include "encodings/param_address.h"

#include <vector>

namespace warpsat {

namespace {

// The variable `address.<name>` names, if x is such a symbol.
std::optional<std::string> address_symbol(const z3::expr& x) {
  if (!x.is_const() || x.is_numeral()) return std::nullopt;
  std::string n = x.decl().name().str();
  if (n.rfind("address.", 0) != 0) return std::nullopt;
  return n.substr(8);
}

void flatten_sum(const z3::expr& e, std::vector<z3::expr>& terms) {
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_BADD) {
    for (unsigned k = 0; k < e.num_args(); ++k) flatten_sum(e.arg(k), terms);
    return;
  }
  terms.push_back(e);
}

}  // namespace

std::optional<ParamField> param_field(const z3::expr& address, bool generic) {
  std::vector<z3::expr> terms;
  flatten_sum(address.simplify(), terms);
  std::optional<std::string> name;
  bool window = false;
  uint64_t constant = 0;
  for (const z3::expr& x : terms) {
    uint64_t v = 0;
    if (x.is_numeral_u64(v)) {
      constant += v;
      continue;
    }
    auto symbol = address_symbol(x);
    if (!symbol) return std::nullopt;
    if (*symbol == kParamWindowSymbol) {
      if (window || !generic) return std::nullopt;
      window = true;
    } else {
      if (name) return std::nullopt;
      name = std::move(symbol);
    }
  }
  if (!name || window != generic) return std::nullopt;
  // Negative offsets wrap modulo 2^64: a field is within 2^32 either way.
  auto offset = static_cast<int64_t>(constant);
  if (offset < -(int64_t{1} << 32) || offset >= (int64_t{1} << 32)) return std::nullopt;
  return ParamField{*name, offset};
}

}  // namespace warpsat
