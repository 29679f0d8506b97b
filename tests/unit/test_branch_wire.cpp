// The text a kernel's child process sends back (solver/branch_wire.h):
// every field of every verdict, the time rows and each kind of error
// survive the round trip.
#include <doctest/doctest.h>

#include <new>

#include "frontend/diagnostics.h"
#include "solver/branch_wire.h"
#include "solver/cross_validation.h"
#include "solver/smt_query.h"

using namespace warpsat;

namespace {

KernelBranches every_field() {
  KernelBranches k;
  k.name = "_Z6kernelPfi \"quoted\" \\ and a newline\n";
  k.function = 3;
  k.assumptions = {"block = 128x1x1", "n > 0"};
  BranchResult b;
  b.instruction = 17;
  b.ptx_line = 42;
  b.loc = {2, 30, 7, 1, 12, 3};
  b.indexed = true;
  b.verdict = BranchVerdict::Divergent;
  b.reason = "two lanes of one warp can reach it together and go different ways";
  Witness w;
  w.block[0] = 96, w.grid[1] = 2, w.cta[2] = 1, w.warp = 2;
  w.lane[0] = 3, w.lane[1] = 31;
  w.tid[1][0] = 95, w.tid[0][2] = 4;
  w.outcome[0] = 1, w.outcome[1] = UINT64_MAX;
  w.params = {{"n", 0xffffffffffffffffull}, {"p", 1ull << 40}};
  w.aggregates = {{"s", {0, 1, 255, 128}}};
  w.loads = {{88, "global", 3, 0x10000000004ull, 0xdeadbeefcafef00dull, 64}, {90, "shared", 31, 0, 7, 32}};
  w.replayable = true;
  b.witness = w;
  b.ranges = BranchRanges{"global thread", {{0, 16, "taken"}, {16, 1ull << 33, "not taken"}}, {{5, 1}, {1ull << 40, 7}}, false};
  b.whole_warp = true;
  b.imprecision = {"floating point", "shared memory read after a barrier"};
  b.float_results = 9;
  b.replay_decides = true;
  b.seen_split = true;
  b.confirmed = true;
  b.validated = true;
  b.validation = "replayed the witness";
  b.race_conditional = true;
  b.solve_ms = 12.345678901234567;
  b.encode_ms = 1e-300;
  b.queries = 11;
  b.dumped = {"q/a.smt2", "q/b.smt2"};
  k.branches.push_back(b);
  BranchResult plain;  // no witness, no ranges
  plain.verdict = BranchVerdict::Unreachable;
  k.branches.push_back(plain);
  k.paths = {{{{42, "taken"}, {50, "not reached"}}, {{0, 32, "on path"}}}};
  k.paths_space = "global thread";
  k.paths_complete = false;
  k.paths_validated = true;
  k.paths_validation = "replayed";
  k.races = {{true, "grid 1x1x1, block 64x1x1", "RAW", "shared", 41, 38, "RAW race on shared memory at 0x100"},
             {false, "grid 1x1x1, block 65x2x1, parameters sync = 0", "WAW", "shared", 31, 31, "WAW race"}};
  return k;
}

}  // namespace

TEST_CASE("branch wire: a kernel's verdicts come back field for field") {
  KernelBranches k = every_field();
  CHECK(kernel_from_wire(to_wire(k)) == k);
  CHECK(kernel_from_wire(to_wire(KernelBranches{})) == KernelBranches{});
  CHECK_THROWS_AS(kernel_from_wire("{\"name\": 1}"), std::runtime_error);
  CHECK_THROWS_AS(kernel_from_wire("not json"), std::runtime_error);
}

TEST_CASE("branch wire: time rows merge into the receiver's") {
  TimeStats child, parent;
  child.record("divergent-1d", "sat", 2.5);
  child.record("divergent-1d", "unsat", 1.5);
  parent.record("divergent-1d", "sat", 4);
  merge_from_wire(to_wire(child), parent);
  std::vector<TimeStats::Row> rows = parent.rows();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].count == 3);
  CHECK(rows[0].ms == doctest::Approx(8));
  CHECK(rows[0].max_ms == doctest::Approx(4));
  CHECK(rows[0].outcomes.at("sat") == 2);
  CHECK(rows[0].outcomes.at("unsat") == 1);
  child.clear();
  CHECK(child.rows().empty());
}

TEST_CASE("branch wire: each kind of error is rethrown as itself") {
  auto wire_of = [](auto thrower) {
    try {
      thrower();
    } catch (...) {
      return current_exception_to_wire();
    }
    return std::string();
  };
  std::string input = wire_of([] { throw InputError({"k.ptx", 12, 5}, "bad operand", "\tadd.u32 %r1, %r2;"); });
  try {
    rethrow_from_wire(input);
    FAIL("nothing thrown");
  } catch (const InputError& e) {
    CHECK(e.where().file == "k.ptx");
    CHECK(e.where().line == 12);
    CHECK(e.where().column == 5);
    CHECK(e.message() == "bad operand");
    CHECK(e.render() == InputError({"k.ptx", 12, 5}, "bad operand", "\tadd.u32 %r1, %r2;").render());
  }
  std::string disagreement = wire_of([] { throw CrossValidationError("branches of k", {"PTX line 4: split"}, "q.smt2"); });
  try {
    rethrow_from_wire(disagreement);
    FAIL("nothing thrown");
  } catch (const CrossValidationError& e) {
    CHECK(e.query_name() == "branches of k");
    CHECK(e.mismatches() == std::vector<std::string>{"PTX line 4: split"});
    CHECK(e.query_path() == "q.smt2");
  }
  CHECK_THROWS_AS(rethrow_from_wire(wire_of([] { throw NoAnswerError("timeout"); })), NoAnswerError);
  CHECK_THROWS_AS(rethrow_from_wire(wire_of([] { throw std::bad_alloc(); })), std::bad_alloc);
  CHECK_THROWS_WITH_AS(rethrow_from_wire(wire_of([] { throw std::logic_error("boom"); })), "boom", std::runtime_error);
}
