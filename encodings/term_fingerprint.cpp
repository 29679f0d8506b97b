#include "encodings/term_fingerprint.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace warpsat::smt {


namespace {

// Two independent 64-bit mixes (splitmix64's finaliser with different
// seeds), folded over a sequence of words.
uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

}  // namespace

void TermHasher::add(uint64_t w) {
  hi = mix(hi ^ mix(w + 0x9e3779b97f4a7c15ull));
  lo = mix(lo + mix(w ^ 0xc2b2ae3d27d4eb4full) * 31);
}

void TermHasher::add(const std::string& s) {
  add(s.size());
  for (unsigned char ch : s) add(ch);
}

bool commutative_op(Z3_decl_kind k) {
  switch (k) {
    case Z3_OP_AND:
    case Z3_OP_OR:
    case Z3_OP_XOR:
    case Z3_OP_EQ:
    case Z3_OP_DISTINCT:
    case Z3_OP_ADD:
    case Z3_OP_MUL:
    case Z3_OP_BADD:
    case Z3_OP_BMUL:
    case Z3_OP_BAND:
    case Z3_OP_BOR:
    case Z3_OP_BXOR: return true;
    default: return false;
  }
}

void hash_sort(TermHasher& h, const z3::sort& s) {
  Z3_context c = s.ctx();
  h.add(static_cast<uint64_t>(s.sort_kind()));
  if (s.is_bv()) h.add(s.bv_size());
  if (s.sort_kind() == Z3_FLOATING_POINT_SORT) {
    h.add(Z3_fpa_get_ebits(c, s));
    h.add(Z3_fpa_get_sbits(c, s));
  }
  if (s.is_array()) {
    hash_sort(h, s.array_domain());
    hash_sort(h, s.array_range());
  }
  if (s.sort_kind() == Z3_UNINTERPRETED_SORT) h.add(s.name().str());
}

std::string Fingerprint::text() const { return fmt::format("{:016x}{:016x}", hi, lo); }

Fingerprint Fingerprinter::of(const z3::expr& e) {
  post_order(
      e, [&](const z3::expr& x) { return done_.count(Z3_get_ast_id(x.ctx(), x)) > 0; },
      [&](const z3::expr& x) {
        done_.emplace(Z3_get_ast_id(x.ctx(), x), std::pair{x, node(x)});
        return true;
      });
  return done_.at(Z3_get_ast_id(e.ctx(), e)).second;
}

// One term whose arguments are fingerprinted already.
Fingerprint Fingerprinter::node(const z3::expr& x) {
  Z3_context c = x.ctx();
  TermHasher h;
  if (x.is_numeral()) {
    h.add(std::string("numeral"));
    h.add(Z3_get_numeral_string(c, x));
    hash_sort(h, x.get_sort());
    return h.done();
  }
  if (!x.is_app()) {  // quantifiers and bound variables: their text is exact within a context
    h.add(std::string("other"));
    h.add(x.to_string());
    return h.done();
  }
  h.add(static_cast<uint64_t>(x.decl().decl_kind()));
  h.add(x.decl().name().str());
  hash_decl_parameters(h, x, true);
  std::vector<Fingerprint> args;
  for (unsigned k = 0; k < x.num_args(); ++k) args.push_back(done_.at(Z3_get_ast_id(c, x.arg(k))).second);
  return finish_node(h, x, std::move(args));
}

bool hash_decl_parameters(TermHasher& h, const z3::expr& x, bool ast_by_text) {
  Z3_context c = x.ctx();
  z3::func_decl d = x.decl();
  unsigned params = Z3_get_decl_num_parameters(c, d);
  for (unsigned i = 0; i < params; ++i) {
    Z3_parameter_kind pk = Z3_get_decl_parameter_kind(c, d, i);
    h.add(static_cast<uint64_t>(pk));
    if (pk == Z3_PARAMETER_INT) h.add(static_cast<uint64_t>(Z3_get_decl_int_parameter(c, d, i)));
    else if (pk == Z3_PARAMETER_SYMBOL) h.add(z3::symbol(x.ctx(), Z3_get_decl_symbol_parameter(c, d, i)).str());
    else if (pk == Z3_PARAMETER_RATIONAL) h.add(std::string(Z3_get_decl_rational_parameter(c, d, i)));
    else if (pk == Z3_PARAMETER_SORT) hash_sort(h, z3::sort(x.ctx(), Z3_get_decl_sort_parameter(c, d, i)));
    else if (ast_by_text) h.add(z3::expr(x.ctx(), Z3_get_decl_ast_parameter(c, d, i)).to_string());
    else return false;
  }
  return true;
}

Fingerprint finish_node(TermHasher& h, const z3::expr& x, std::vector<Fingerprint> args) {
  hash_sort(h, x.get_sort());
  if (commutative_op(x.decl().decl_kind())) std::sort(args.begin(), args.end());
  h.add(args.size());
  for (const Fingerprint& f : args) h.add(f);
  return h.done();
}

}  // namespace warpsat::smt
