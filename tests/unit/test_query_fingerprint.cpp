// Query fingerprints blind to symbol names (encodings/query_fingerprint.h):
// the key of a solver answer kept across runs. A renaming of the symbols
// keeps the key; anything that can change the answer changes it.
#include <doctest/doctest.h>

#include "encodings/query_fingerprint.h"

using namespace warpsat;

namespace {

std::string key(smt::QueryFingerprinter& f, const z3::expr_vector& base, const z3::expr& extra) {
  std::optional<smt::CanonicalQuery> q = f.of(base, extra);
  REQUIRE(q);
  return q->key.text();
}

}  // namespace

TEST_CASE("query fingerprints: renamed symbols (PTX lines, registers) give the same key") {
  z3::context a, b;
  // The names an encoding gives after lines and registers, shifted by one
  // line in the second context and made in another order.
  z3::expr x = a.bv_const("warp_value.3.5700", 32), y = a.bv_const("entry.r12.t0", 32);
  z3::func_decl fa = a.function("float.add.5702", a.bv_sort(32), a.bv_sort(32), a.bv_sort(32));
  z3::expr_vector base_a(a);
  base_a.push_back(z3::ult(x, a.bv_val(128, 32)));
  base_a.push_back(y == x * a.bv_val(4, 32));
  z3::expr extra_a = fa(x, y) != fa(y, x);

  z3::expr v = b.bv_const("entry.r13.t0", 32), u = b.bv_const("warp_value.3.5701", 32);
  z3::func_decl fb = b.function("float.add.5703", b.bv_sort(32), b.bv_sort(32), b.bv_sort(32));
  z3::expr_vector base_b(b);
  base_b.push_back(v == b.bv_val(4, 32) * u);  // the base in the other order, a product's operands too
  base_b.push_back(z3::ult(u, b.bv_val(128, 32)));
  z3::expr extra_b = fb(u, v) != fb(v, u);

  smt::QueryFingerprinter pa, pb;
  std::string ka = key(pa, base_a, extra_a);
  CHECK(ka == key(pb, base_b, extra_b));
  // The symbols come back in one order: symbol k of one is symbol k of the other.
  std::optional<smt::CanonicalQuery> qa = pa.of(base_a, extra_a), qb = pb.of(base_b, extra_b);
  REQUIRE(qa->symbols.size() == 3);
  REQUIRE(qb->symbols.size() == 3);
  for (size_t k = 0; k < 3; ++k) {
    CHECK(qa->symbols[k].arity() == qb->symbols[k].arity());
    if (qa->symbols[k].name().str() == "warp_value.3.5700") CHECK(qb->symbols[k].name().str() == "warp_value.3.5701");
  }
  // The base is walked once per context: asked again, the same key.
  CHECK(ka == key(pa, base_a, extra_a));
}

TEST_CASE("query fingerprints: what changes an answer changes the key") {
  z3::context c;
  z3::expr x = c.bv_const("x", 32), y = c.bv_const("y", 32), z = c.bv_const("z", 32);
  z3::expr_vector base(c);
  base.push_back(y == x + c.bv_val(1, 32));
  smt::QueryFingerprinter f;
  std::string k = key(f, base, x != y);
  // Another constant, operator, width, or which symbol stands where.
  z3::expr_vector other(c);
  other.push_back(y == x + c.bv_val(2, 32));
  CHECK(key(f, other, x != y) != k);
  z3::expr_vector sub(c);
  sub.push_back(y == x - c.bv_val(1, 32));
  CHECK(key(f, sub, x != y) != k);
  CHECK(key(f, base, x != x) != k);
  // x and z are both free 32-bit symbols: `z != y` says what `x != y`
  // says of another symbol, a different formula under the same base.
  CHECK(key(f, base, z != y) != k);
  z3::expr_vector wide(c);
  z3::expr x64 = c.bv_const("x", 64);
  wide.push_back(y == x64.extract(31, 0) + c.bv_val(1, 32));
  CHECK(key(f, wide, x64.extract(31, 0) != y) != k);
  // Non-commutative operands in the other order.
  CHECK(key(f, base, z3::ult(x, y)) != key(f, base, z3::ult(y, x)));
  // Two occurrences of one symbol are not two symbols.
  CHECK(key(f, base, (x + z) != y) != key(f, base, (x + x) != y));
}

TEST_CASE("query fingerprints: a quantifier gets no key (its text names symbols)") {
  z3::context c;
  z3::expr x = c.bv_const("x", 8), i = c.bv_const("i", 8);
  z3::expr_vector base(c);
  smt::QueryFingerprinter f;
  CHECK(!f.of(base, z3::forall(i, z3::ule(i, x))));
  CHECK(f.of(base, z3::ule(i, x)));
}
