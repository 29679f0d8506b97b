// A fingerprint of a Z3 term that two contexts agree on: 128 bits from the
// term's structure (symbol names, sorts, numerals, operators and their
// parameters), blind to the order of the arguments of commutative
// operators. Z3 orders those arguments by AST id, which depends on what a
// context created first, so the same term printed in two contexts can
// differ in text while being the same formula; its fingerprint does not.
// Used to recognise a query asked before in another context (the loop
// induction's memo); equal fingerprints of different terms would need a
// 128-bit collision.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include <vector>

#include <z3++.h>

namespace warpsat::smt {

struct Fingerprint {
  uint64_t hi = 0, lo = 0;
  bool operator==(const Fingerprint&) const = default;
  auto operator<=>(const Fingerprint&) const = default;  // hi, then lo: the order commutative arguments take
  // 32 hexadecimal digits, for keys.
  std::string text() const;
};

// Two independent 64-bit hashes folded over a sequence of words: what
// every fingerprint here is made of (query_fingerprint.h too).
// Calls node(x) on every term under `e` that done(x) does not call visited,
// its arguments first (arguments of applications only), without recursion:
// terms nest thousands deep. Stops when node returns false, and returns
// whether it never did.
template <class Done, class Node>
bool post_order(const z3::expr& e, Done done, Node node) {
  std::vector<std::pair<z3::expr, bool>> work{{e, false}};
  while (!work.empty()) {
    auto [x, children_done] = work.back();
    work.pop_back();
    if (done(x)) continue;
    if (!children_done && x.is_app() && x.num_args() > 0) {
      work.push_back({x, true});
      for (unsigned k = 0; k < x.num_args(); ++k) work.push_back({x.arg(k), false});
      continue;
    }
    if (!node(x)) return false;
  }
  return true;
}

struct TermHasher {
  uint64_t hi = 0x243f6a8885a308d3ull, lo = 0x13198a2e03707344ull;
  void add(uint64_t w);
  void add(const std::string& s);
  void add(const Fingerprint& f) {
    add(f.hi);
    add(f.lo);
  }
  Fingerprint done() const { return {hi, lo}; }
};

// Operators whose arguments may come in any order.
bool commutative_op(Z3_decl_kind k);
// A sort's kind and parameters.
void hash_sort(TermHasher& h, const z3::sort& s);
// The parameters of x's declaration (bit positions, sorts, symbols). A
// term or declaration as parameter (as-array) is hashed by its text where
// `ast_by_text`; otherwise false is returned, as its text names symbols.
bool hash_decl_parameters(TermHasher& h, const z3::expr& x, bool ast_by_text);
// The end of every node's fingerprint: its sort and its arguments'
// fingerprints, sorted where the operator is commutative.
Fingerprint finish_node(TermHasher& h, const z3::expr& x, std::vector<Fingerprint> args);

// Fingerprints terms of one context, each shared subterm once.
class Fingerprinter {
 public:
  Fingerprint of(const z3::expr& e);

 private:
  Fingerprint node(const z3::expr& e);
  // AST id -> the term (held, so that its id is not reused by another
  // term while this is remembered) and its fingerprint.
  std::unordered_map<unsigned, std::pair<z3::expr, Fingerprint>> done_;
};

}  // namespace warpsat::smt
