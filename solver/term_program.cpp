#include "solver/term_program.h"

#include <unordered_map>

namespace warpsat {

namespace {

constexpr Z3_decl_kind kInput = Z3_OP_UNINTERPRETED;

uint64_t mask(unsigned width) { return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }

int64_t as_signed(uint64_t v, unsigned width) {
  if (width >= 64) return static_cast<int64_t>(v);
  uint64_t sign = uint64_t{1} << (width - 1);
  return static_cast<int64_t>((v ^ sign) - sign);
}

bool known(Z3_decl_kind k) {
  switch (k) {
    case Z3_OP_TRUE: case Z3_OP_FALSE: case Z3_OP_BNUM: case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_NOT:
    case Z3_OP_XOR: case Z3_OP_IFF: case Z3_OP_IMPLIES: case Z3_OP_EQ: case Z3_OP_DISTINCT: case Z3_OP_ITE:
    case Z3_OP_BADD: case Z3_OP_BSUB: case Z3_OP_BMUL: case Z3_OP_BNEG: case Z3_OP_BUDIV: case Z3_OP_BUDIV_I:
    case Z3_OP_BUREM: case Z3_OP_BUREM_I: case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BSREM:
    case Z3_OP_BSREM_I: case Z3_OP_BAND: case Z3_OP_BOR: case Z3_OP_BXOR: case Z3_OP_BNOT: case Z3_OP_BSHL:
    case Z3_OP_BLSHR: case Z3_OP_BASHR: case Z3_OP_CONCAT: case Z3_OP_EXTRACT: case Z3_OP_ZERO_EXT:
    case Z3_OP_SIGN_EXT: case Z3_OP_ULEQ: case Z3_OP_ULT: case Z3_OP_UGEQ: case Z3_OP_UGT: case Z3_OP_SLEQ:
    case Z3_OP_SLT: case Z3_OP_SGEQ: case Z3_OP_SGT:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::optional<TermProgram> TermProgram::compile(const z3::expr_vector& terms, const z3::expr_vector& inputs) {
  TermProgram p;
  std::unordered_map<unsigned, uint32_t> step_of;  // Z3 AST id -> step
  for (unsigned i = 0; i < inputs.size(); ++i) {
    z3::expr in = inputs[i];
    if (!in.is_bv() || in.get_sort().bv_size() > 64) return std::nullopt;
    step_of[in.id()] = static_cast<uint32_t>(p.steps_.size());
    p.steps_.push_back({kInput, in.get_sort().bv_size(), {}, 0, 0, i, 0});
  }
  // Post-order without recursion: the terms of a long slice are deep.
  std::vector<std::pair<z3::expr, bool>> stack;
  for (unsigned t = 0; t < terms.size(); ++t) {
    stack.emplace_back(terms[t], false);
    while (!stack.empty()) {
      auto [e, expanded] = stack.back();
      stack.pop_back();
      if (step_of.count(e.id())) continue;
      if (!e.is_app()) return std::nullopt;
      bool is_bool = e.is_bool();
      if (!is_bool && (!e.is_bv() || e.get_sort().bv_size() > 64)) return std::nullopt;
      Z3_decl_kind k = e.decl().decl_kind();
      if (!known(k)) return std::nullopt;
      if (!expanded && e.num_args() > 0) {
        stack.emplace_back(e, true);
        for (unsigned a = 0; a < e.num_args(); ++a) stack.emplace_back(e.arg(a), false);
        continue;
      }
      Step s{k, is_bool ? 0 : e.get_sort().bv_size(), {}, 0, 0, 0, 0};
      if (k == Z3_OP_BNUM && !e.is_numeral_u64(s.value)) return std::nullopt;
      for (unsigned a = 0; a < e.num_args(); ++a) {
        z3::expr arg = e.arg(a);
        if (!arg.is_bool() && (!arg.is_bv() || arg.get_sort().bv_size() > 64)) return std::nullopt;
        s.args.push_back(step_of.at(arg.id()));
      }
      if (e.num_args() > 0) s.arg_width = e.arg(0).is_bool() ? 0 : e.arg(0).get_sort().bv_size();
      if (k == Z3_OP_EXTRACT) {
        s.hi = Z3_get_decl_int_parameter(e.ctx(), e.decl(), 0);
        s.lo = Z3_get_decl_int_parameter(e.ctx(), e.decl(), 1);
      }
      if (k == Z3_OP_ZERO_EXT || k == Z3_OP_SIGN_EXT) s.hi = Z3_get_decl_int_parameter(e.ctx(), e.decl(), 0);
      if (k == Z3_OP_CONCAT && s.width > 64) return std::nullopt;
      if ((k == Z3_OP_NOT || k == Z3_OP_BNOT || k == Z3_OP_BNEG || k == Z3_OP_EXTRACT || k == Z3_OP_ZERO_EXT ||
           k == Z3_OP_SIGN_EXT) && s.args.size() != 1)
        return std::nullopt;
      if (k == Z3_OP_ITE && s.args.size() != 3) return std::nullopt;
      step_of[e.id()] = static_cast<uint32_t>(p.steps_.size());
      p.steps_.push_back(std::move(s));
    }
    p.outputs_.push_back(step_of.at(terms[t].id()));
  }
  p.scratch_.resize(p.steps_.size());
  return p;
}

bool TermProgram::run(const std::vector<uint64_t>& inputs, std::vector<uint64_t>& values) {
  std::vector<uint64_t>& v = scratch_;
  for (size_t i = 0; i < steps_.size(); ++i) {
    const Step& s = steps_[i];
    uint64_t m = mask(s.width);
    auto arg = [&](size_t a) { return v[s.args[a]]; };
    auto fold = [&](auto op, uint64_t start) {
      uint64_t r = start;
      for (size_t a = 0; a < s.args.size(); ++a) r = op(r, arg(a));
      return r;
    };
    uint64_t r = 0;
    switch (s.kind) {
      case kInput: r = inputs[s.value] & m; break;
      case Z3_OP_TRUE: r = 1; break;
      case Z3_OP_FALSE: r = 0; break;
      case Z3_OP_BNUM: r = s.value; break;
      case Z3_OP_AND: r = fold([](uint64_t x, uint64_t y) { return x & y; }, 1); break;
      case Z3_OP_OR: r = fold([](uint64_t x, uint64_t y) { return x | y; }, 0); break;
      case Z3_OP_XOR: r = fold([](uint64_t x, uint64_t y) { return x ^ y; }, 0); break;
      case Z3_OP_NOT: r = arg(0) ^ 1; break;
      case Z3_OP_IFF: case Z3_OP_EQ:
        if (s.args.size() != 2) return false;
        r = arg(0) == arg(1);
        break;
      case Z3_OP_DISTINCT:
        if (s.args.size() != 2) return false;
        r = arg(0) != arg(1);
        break;
      case Z3_OP_IMPLIES:
        if (s.args.size() != 2) return false;
        r = !arg(0) || arg(1);
        break;
      case Z3_OP_ITE: r = arg(0) ? arg(1) : arg(2); break;
      case Z3_OP_BADD: r = fold([](uint64_t x, uint64_t y) { return x + y; }, 0) & m; break;
      case Z3_OP_BMUL: r = fold([](uint64_t x, uint64_t y) { return x * y; }, 1) & m; break;
      case Z3_OP_BAND: r = fold([](uint64_t x, uint64_t y) { return x & y; }, m); break;
      case Z3_OP_BOR: r = fold([](uint64_t x, uint64_t y) { return x | y; }, 0); break;
      case Z3_OP_BXOR: r = fold([](uint64_t x, uint64_t y) { return x ^ y; }, 0); break;
      case Z3_OP_BSUB:
        if (s.args.size() != 2) return false;
        r = (arg(0) - arg(1)) & m;
        break;
      case Z3_OP_BNEG: r = (0 - arg(0)) & m; break;
      case Z3_OP_BNOT: r = ~arg(0) & m; break;
      case Z3_OP_BUDIV: case Z3_OP_BUDIV_I:
        if (s.args.size() != 2 || arg(1) == 0) return false;
        r = arg(0) / arg(1);
        break;
      case Z3_OP_BUREM: case Z3_OP_BUREM_I:
        if (s.args.size() != 2 || arg(1) == 0) return false;
        r = arg(0) % arg(1);
        break;
      case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BSREM: case Z3_OP_BSREM_I: {
        if (s.args.size() != 2 || arg(1) == 0) return false;
        int64_t x = as_signed(arg(0), s.width), y = as_signed(arg(1), s.width);
        if (y == -1) return false;  // INT_MIN / -1 overflows in C++; leave it to Z3
        bool div = s.kind == Z3_OP_BSDIV || s.kind == Z3_OP_BSDIV_I;
        r = static_cast<uint64_t>(div ? x / y : x % y) & m;
        break;
      }
      case Z3_OP_BSHL:
        if (s.args.size() != 2) return false;
        r = arg(1) >= s.width ? 0 : (arg(0) << arg(1)) & m;
        break;
      case Z3_OP_BLSHR:
        if (s.args.size() != 2) return false;
        r = arg(1) >= s.width ? 0 : arg(0) >> arg(1);
        break;
      case Z3_OP_BASHR: {
        if (s.args.size() != 2) return false;
        int64_t x = as_signed(arg(0), s.width);
        r = static_cast<uint64_t>(arg(1) >= s.width ? (x < 0 ? -1 : 0) : x >> arg(1)) & m;
        break;
      }
      case Z3_OP_CONCAT: {
        for (size_t a = 0; a < s.args.size(); ++a) {
          unsigned w = steps_[s.args[a]].width;
          r = (w >= 64 ? 0 : r << w) | arg(a);
        }
        r &= m;
        break;
      }
      case Z3_OP_EXTRACT: r = (arg(0) >> s.lo) & mask(s.hi - s.lo + 1); break;
      case Z3_OP_ZERO_EXT: r = arg(0); break;
      case Z3_OP_SIGN_EXT: r = static_cast<uint64_t>(as_signed(arg(0), s.arg_width)) & m; break;
      case Z3_OP_ULEQ: r = arg(0) <= arg(1); break;
      case Z3_OP_ULT: r = arg(0) < arg(1); break;
      case Z3_OP_UGEQ: r = arg(0) >= arg(1); break;
      case Z3_OP_UGT: r = arg(0) > arg(1); break;
      case Z3_OP_SLEQ: r = as_signed(arg(0), s.arg_width) <= as_signed(arg(1), s.arg_width); break;
      case Z3_OP_SLT: r = as_signed(arg(0), s.arg_width) < as_signed(arg(1), s.arg_width); break;
      case Z3_OP_SGEQ: r = as_signed(arg(0), s.arg_width) >= as_signed(arg(1), s.arg_width); break;
      case Z3_OP_SGT: r = as_signed(arg(0), s.arg_width) > as_signed(arg(1), s.arg_width); break;
      default: return false;
    }
    v[i] = r;
  }
  values.clear();
  for (uint32_t o : outputs_) values.push_back(v[o]);
  return true;
}

}  // namespace warpsat
