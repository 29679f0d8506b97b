#include <doctest/doctest.h>

#include <functional>
#include <random>
#include <vector>

#include "solver/thread_evaluation.h"

using namespace warpsat;

namespace {

std::vector<uint64_t> codes_of(uint64_t n, const std::function<uint64_t(uint64_t)>& code) {
  std::vector<uint64_t> out;
  for (uint64_t t = 0; t < n; ++t) out.push_back(code(t));
  return out;
}

// claimed_code's term at index t, simplified to a numeral.
uint64_t claimed_at(z3::context& c, z3::expr claimed, const z3::expr& index, uint64_t t) {
  z3::expr_vector from(c), to(c);
  from.push_back(index);
  to.push_back(c.bv_val(t, 64));
  uint64_t v = 99;
  REQUIRE(claimed.substitute(from, to).simplify().is_numeral_u64(v));
  return v;
}

}  // namespace

TEST_CASE("thread evaluation: code_runs merges equal neighbours into a partition") {
  std::vector<CodeRun> runs = code_runs({1, 1, 2, 2, 2, 0, 1});
  REQUIRE(runs.size() == 4);
  CHECK((runs[0].begin == 0 && runs[0].end == 2 && runs[0].code == 1));
  CHECK((runs[1].begin == 2 && runs[1].end == 5 && runs[1].code == 2));
  CHECK((runs[2].begin == 5 && runs[2].end == 6 && runs[2].code == 0));
  CHECK((runs[3].begin == 6 && runs[3].end == 7 && runs[3].code == 1));
  CHECK(code_runs({}).empty());
}

TEST_CASE("thread evaluation: the claimed code is each run's code, and all ones past the runs") {
  z3::context c;
  z3::expr index = c.bv_const("index", 64);
  std::mt19937 random(28);
  std::vector<std::pair<uint64_t, std::function<uint64_t(uint64_t)>>> cases = {
      {128, [](uint64_t t) { return t % 2 ? 1 : 2; }},                        // t % stride, stride 2
      {100, [](uint64_t t) { return t % 3 == 0 ? 2 : 1; }},                   // stride 3, n no multiple
      {1000, [](uint64_t t) { return t < 100 ? 2 : t % 4 < 2 ? 1 : 0; }},      // a bound, then a pattern
      {128, [](uint64_t t) { return t < 32 ? 1 : t < 96 ? 2 : 1; }},          // a window
      {1, [](uint64_t) { return 0; }},                                        // one thread
      {300, [&](uint64_t) { return static_cast<uint64_t>(random() % 3); }},   // no pattern
  };
  for (const auto& [n, code] : cases) {
    CAPTURE(n);
    std::vector<uint64_t> codes = codes_of(n, code);
    z3::expr claimed = claimed_code(c, index, code_runs(codes), 2);
    for (uint64_t t = 0; t < n; ++t) {
      CAPTURE(t);
      CHECK(claimed_at(c, claimed, index, t) == codes[t]);
    }
    for (uint64_t t : {n, n + 1, n + 4097, uint64_t{1} << 40}) CHECK(claimed_at(c, claimed, index, t) == 3);
  }
}

TEST_CASE("thread evaluation: a periodic partition is claimed by residues, not one comparison per interval") {
  z3::context c;
  z3::expr index = c.bv_const("index", 64);
  std::vector<uint64_t> codes = codes_of(4096, [](uint64_t t) { return t % 2 ? 1 : 2; });
  std::vector<CodeRun> runs = code_runs(codes);
  REQUIRE(runs.size() == 4096);
  z3::expr claimed = claimed_code(c, index, runs, 2);
  // 4096 intervals compared one by one would print as tens of kilobytes.
  CHECK(claimed.to_string().size() < 600);
  // And the claim is what a solver proves of `index % 2`: no index below
  // 4096 has another code.
  z3::solver s(c);
  z3::expr truth = z3::ite(z3::urem(index, c.bv_val(2, 64)) == c.bv_val(1, 64), c.bv_val(1, 2), c.bv_val(2, 2));
  s.add(z3::ult(index, c.bv_val(4096, 64)) && truth != claimed);
  CHECK(s.check() == z3::unsat);
  // A wrong claim (one thread changed) is refuted.
  codes[777] = 2;
  z3::solver wrong(c);
  wrong.add(z3::ult(index, c.bv_val(4096, 64)) && truth != claimed_code(c, index, code_runs(codes), 2));
  CHECK(wrong.check() == z3::sat);
}

TEST_CASE("thread evaluation: terms evaluate per thread to numerals only where nothing free enters them") {
  z3::context c;
  BranchEncoding e{.base = z3::expr_vector(c), .same_warp = c.bool_val(true)};
  z3::expr x = c.bv_const("tid.x", 32), y = c.bv_const("tid.y", 32), z = c.bv_const("tid.z", 32);
  e.tid = {{x, y, z}};
  e.ctaid = {c.bv_const("ctaid.x", 32), c.bv_const("ctaid.y", 32), c.bv_const("ctaid.z", 32)};
  z3::expr stride = c.bv_const("param_3", 32);
  LaunchSpec l;
  l.block[0] = 8;
  l.block[1] = 2;
  l.block[2] = 1;
  z3::expr_vector terms(c);
  terms.push_back(z3::urem(x + y * c.bv_val(8, 32), stride) == c.bv_val(0, 32));
  terms.push_back(x + y);
  // The stride is free: no numeral, so nothing.
  CHECK(!evaluate_per_thread(c, e, l, false, 16, terms));
  // Pinned to 3: each thread's linear id modulo 3, and x + y.
  std::optional<std::vector<std::vector<uint64_t>>> rows =
      evaluate_per_thread(c, e, l, false, 16, terms, {{stride, c.bv_val(3, 32)}});
  REQUIRE(rows);
  REQUIRE(rows->size() == 16);
  for (uint64_t t = 0; t < 16; ++t) {
    CAPTURE(t);
    CHECK((*rows)[t][0] == (t % 3 == 0 ? 1u : 0u));
    CHECK((*rows)[t][1] == t % 8 + t / 8);
  }
  // Past the most threads evaluated: nothing, the queries decide.
  CHECK(!evaluate_per_thread(c, e, l, false, kMostCompiledThreads + 1, terms, {{stride, c.bv_val(3, 32)}}));
  // A term the program cannot compile (an uninterpreted function of the
  // ids) is substituted instead, up to kMostEvaluatedThreads threads.
  z3::func_decl f = c.function("f", c.bv_sort(32), c.bv_sort(32));
  z3::expr_vector opaque(c);
  opaque.push_back(f(x) == f(x));  // true after simplification, whatever f is
  opaque.push_back(x * c.bv_val(2, 32));
  std::optional<std::vector<std::vector<uint64_t>>> substituted = evaluate_per_thread(c, e, l, false, 16, opaque);
  REQUIRE(substituted);
  for (uint64_t t = 0; t < 16; ++t) CHECK(((*substituted)[t][0] == 1 && (*substituted)[t][1] == 2 * (t % 8)));
  LaunchSpec big = l;
  big.block[0] = 1024;
  big.block[1] = 1;
  big.grid[0] = 8;
  CHECK(!evaluate_per_thread(c, e, big, true, kMostEvaluatedThreads * 2, opaque));
  // A launch past kMostEvaluatedThreads whose terms compile: every thread, global ids.
  z3::expr_vector global_terms(c);
  global_terms.push_back(z3::urem(e.ctaid[0] * c.bv_val(1024, 32) + x, stride) == c.bv_val(0, 32));
  std::optional<std::vector<std::vector<uint64_t>>> many =
      evaluate_per_thread(c, e, big, true, 8192, global_terms, {{stride, c.bv_val(5, 32)}});
  REQUIRE(many);
  REQUIRE(many->size() == 8192);
  for (uint64_t t : {0, 1, 5, 1023, 1024, 1025, 5000, 8190}) CHECK((*many)[t][0] == (t % 5 == 0 ? 1u : 0u));
}

TEST_CASE("thread evaluation: a claim counts its periodic runs as one piece, irregular intervals one each") {
  std::vector<uint64_t> periodic = codes_of(1 << 16, [](uint64_t t) { return t % 4 == 0 ? 2 : 1; });
  CHECK(claimed_pieces(code_runs(periodic)) <= 2);
  // The parity of the bits set (Thue-Morse): no period, 2^15 intervals
  // over 2^16 threads, beyond what one query may cheaply compare.
  std::vector<uint64_t> irregular = codes_of(1 << 16, [](uint64_t t) { return __builtin_popcountll(t) % 2 + 1; });
  CHECK(claimed_pieces(code_runs(irregular)) > kMostClaimedPieces);
  CHECK(claimed_pieces({}) == 0);
}
