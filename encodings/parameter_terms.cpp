#include "encodings/parameter_terms.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "frontend/kernel_params.h"

namespace warpsat {

namespace {

// Structs passed by value up to this size are one term each (a field is a
// slice of it): 4 KiB, the parameter space before CUDA 12.1, holds
// CUTLASS 3's Params (1 to 2.5 KiB on Hopper). Z3 bit-blasts only the
// slices a query reads. A larger one has no term: its fields are read as
// values of the launch the encoding does not know.
constexpr uint64_t kMaxAggregateParamBytes = 4096;

}  // namespace

ParameterTerms::ParameterTerms(z3::context& c, const ptx::Function& f, const LaunchSpec& launch)
    : c_(c), f_(f), launch_(launch), terms_(f.params.size()) {}

unsigned ParameterTerms::bits(const ptx::Variable& p) {
  if (p.dims.empty()) return std::max(8u, ptx::bit_width(p.type));
  uint64_t bytes = p.size_bytes();
  return bytes && bytes <= kMaxAggregateParamBytes ? static_cast<unsigned>(bytes * 8) : 0;
}

std::optional<z3::expr> ParameterTerms::term(size_t index) {
  if (index >= f_.params.size()) return std::nullopt;
  if (terms_[index]) return terms_[index];
  const ptx::Variable& p = f_.params[index];
  unsigned w = bits(p);
  if (w == 0) return std::nullopt;
  if (index < launch_.param_values.size() && launch_.param_values[index]) {
    terms_[index] = c_.bv_val(*launch_.param_values[index], w);
  } else {
    std::string name(p.name);
    terms_[index] = c_.bv_const(fmt::format("param.{}", name).c_str(), w);
    free_used_.emplace_back(name, *terms_[index]);
  }
  return terms_[index];
}

std::optional<size_t> ParameterTerms::index_of(std::string_view name) const {
  for (size_t i = 0; i < f_.params.size(); ++i)
    if (f_.params[i].name == name) return i;
  return std::nullopt;
}

z3::expr ParameterTerms::assumption_value(std::string_view name) {
  std::optional<size_t> i = index_of(name);
  if (!i || !f_.params[*i].dims.empty())
    throw std::logic_error(fmt::format("an assumption names '{}', which is no scalar parameter of kernel {} "
                                       "(assumptions are resolved to parameters when parsed)",
                                       name, f_.name));
  std::optional<z3::expr> v = term(*i);
  if (!v) throw std::logic_error(fmt::format("parameter '{}' of kernel {} has no term", name, f_.name));
  unsigned w = v->get_sort().bv_size();
  if (w >= 64) return v->extract(63, 0);
  if (!unsigned_) unsigned_ = unsigned_scalar_params(f_);  // demangles: only where an assumption names a parameter
  return (*unsigned_)[*i] ? z3::zext(*v, 64 - w) : z3::sext(*v, 64 - w);
}

z3::expr assumption_term(ParameterTerms& params, const std::vector<z3::expr>& ntid,
                         const std::vector<z3::expr>& nctaid, const AssumptionExpr& x) {
  z3::context& c = ntid.at(0).ctx();
  auto boolean = [&](const z3::expr& b) { return z3::ite(b, c.bv_val(1, 64), c.bv_val(0, 64)); };
  auto recurse = [&](const AssumptionExpr& y) { return assumption_term(params, ntid, nctaid, y); };
  switch (x.kind) {
    case AssumptionExpr::Kind::Number: return c.bv_val(static_cast<uint64_t>(x.value), 64);
    case AssumptionExpr::Kind::Name: {
      static constexpr const char* kDims[] = {"x", "y", "z"};
      for (size_t d = 0; d < 3; ++d) {
        if (x.name == std::string("ntid.") + kDims[d]) return z3::zext(ntid.at(d), 32);
        if (x.name == std::string("nctaid.") + kDims[d]) return z3::zext(nctaid.at(d), 32);
      }
      return params.assumption_value(x.name);
    }
    case AssumptionExpr::Kind::Not: return boolean(recurse(*x.args[0]) == c.bv_val(0, 64));
    case AssumptionExpr::Kind::Neg: return -recurse(*x.args[0]);
    case AssumptionExpr::Kind::Binary: {
      z3::expr a = recurse(*x.args[0]), b = recurse(*x.args[1]);
      z3::expr zero = c.bv_val(0, 64);
      const std::string& op = x.op;
      // The operators of frontend/assumption.cpp's evaluate, on the same
      // 64-bit two's-complement words (signed division and comparison).
      if (op == "+") return a + b;
      if (op == "-") return a - b;
      if (op == "*") return a * b;
      if (op == "/") return z3::ite(b == zero, zero, a / b);
      if (op == "%") return z3::ite(b == zero, zero, z3::srem(a, b));
      if (op == "==") return boolean(a == b);
      if (op == "!=") return boolean(a != b);
      if (op == "<") return boolean(a < b);
      if (op == "<=") return boolean(a <= b);
      if (op == ">") return boolean(a > b);
      if (op == ">=") return boolean(a >= b);
      if (op == "&&") return boolean(a != zero && b != zero);
      return boolean(a != zero || b != zero);
    }
  }
  return c.bv_val(0, 64);
}

}  // namespace warpsat
