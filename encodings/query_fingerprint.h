// A query's fingerprint that survives renaming: the key under which a
// solver's answer to base ∧ extra is kept across runs (solver/
// query_answers.h). A kernel changed in one place is encoded again, and
// its encoding names symbols after PTX lines, register numbers and
// counters (`warp_value.3.5701`), which an edit elsewhere in the kernel
// shifts; the meaning of a query does not depend on them. So the symbols
// (uninterpreted constants and functions) are numbered in the order a walk
// of the query first meets them, a walk that takes the roots and the
// arguments of commutative operators in the order of their name-blind
// structure, and the fingerprint is that of the walk: each new term's
// structure and symbol number, each term met again by its visit number.
// Two queries with the same fingerprint are the same formula up to a
// renaming of symbols and the order of commutative arguments (or a 128-bit
// collision), and so have the same answer; two renamings of one query may
// still walk differently where arguments tie, which only loses a reuse.
//
// One per Z3 context (AST ids are the context's); a base asked with many
// extras (an encoding's session) is walked once.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <z3++.h>

#include "encodings/term_fingerprint.h"

namespace warpsat::smt {

struct CanonicalQuery {
  Fingerprint key;
  // The query's uninterpreted declarations in the walk's order: symbol k
  // of one query is symbol k of every query with its fingerprint.
  std::vector<z3::func_decl> symbols;
};

class QueryFingerprinter {
 public:
  QueryFingerprinter();
  ~QueryFingerprinter();
  QueryFingerprinter(const QueryFingerprinter&) = delete;
  QueryFingerprinter& operator=(const QueryFingerprinter&) = delete;

  // nullopt where the query holds a term the walk cannot name (a
  // quantifier or a bound variable, whose text would name symbols).
  std::optional<CanonicalQuery> of(const z3::expr_vector& base, const z3::expr& extra);
  // base and then each of `extras`, in their order (a question whose
  // answer is one per extra, by position).
  std::optional<CanonicalQuery> of(const z3::expr_vector& base, const std::vector<z3::expr>& extras);

 private:
  struct Walk;
  // The name-blind structure of a term: every uninterpreted symbol counts
  // by its signature alone. Fails (nullopt) on terms the walk cannot name.
  std::optional<Fingerprint> shape(const z3::expr& e);
  const Walk* base_walk(const z3::expr_vector& base);
  bool walk(const z3::expr& root, const Walk* parent, Walk& into);

  std::unordered_map<unsigned, std::pair<z3::expr, Fingerprint>> shapes_;
  // A base's walk, by the AST ids of its terms (held in shapes_).
  std::map<std::vector<unsigned>, std::unique_ptr<Walk>> bases_;
};

}  // namespace warpsat::smt
