// The Nsight Compute CSV reader (frontend/ncu_profile): both layouts ncu
// writes, numbers with thousands separators, kernel-name matching, launch
// selection, and every error at file:line:col. The quoted CSV dialect it
// reads with is tested in test_readers.cpp.
#include <doctest/doctest.h>

#include <string>

#include "frontend/diagnostics.h"
#include "frontend/ncu_profile.h"
#include "tests/unit/input_error_text.h"

using namespace warpsat;
using testing::input_error_text;

namespace {

// The raw page: a header, a units row, one row per launch (modern ncu
// identity columns, a template kernel name with commas inside its quotes).
const char* kRaw =
    "==PROF== Connected to process 4242 (/tmp/app)\n"
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
    "\"Grid Size\",\"Device\",\"CC\",\"launch__grid_size\",\"smsp__inst_executed.sum\",\"gpu__time_duration.sum\"\n"
    "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"inst\",\"nsecond\"\n"
    "\"0\",\"4242\",\"app\",\"host\",\"void tile<4, 2>(float *, int)\",\"1\",\"7\",\"(128, 1, 1)\",\"(8, 2, 1)\","
    "\"0\",\"8.0\",\"16\",\"1,234,567\",\"3,008\"\n"
    "\"1\",\"4242\",\"app\",\"host\",\"other\",\"1\",\"7\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"0\",\"8.0\",\"1\",\"12\","
    "\"900\"\n"
    "==PROF== Disconnected from process 4242\n";

// The details page of an older ncu (a "Kernel Time" column, no Block/Grid
// Size): one row per metric, two launches of the same kernel.
const char* kDetails =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Kernel Time\",\"Context\",\"Stream\","
    "\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
    "\"0\",\"1\",\"app\",\"h\",\"_Z4axpyfPKfPfi\",\"2024-Jan-01 00:00:00\",\"1\",\"7\",\"Command line profiler "
    "metrics\",\"smsp__inst_executed.sum\",\"inst\",\"2,048\"\n"
    "\"0\",\"1\",\"app\",\"h\",\"_Z4axpyfPKfPfi\",\"2024-Jan-01 00:00:00\",\"1\",\"7\",\"Command line profiler "
    "metrics\",\"smsp__thread_inst_executed.sum\",\"Kinst\",\"65.5\"\n"
    "\"2\",\"1\",\"app\",\"h\",\"_Z4axpyfPKfPfi\",\"2024-Jan-01 00:00:01\",\"1\",\"7\",\"Command line profiler "
    "metrics\",\"smsp__inst_executed.sum\",\"inst\",\"n/a\"\n";

}  // namespace

TEST_CASE("ncu numbers: thousands separators in groups of three, decimals, exponents") {
  CHECK(parse_ncu_number("1,234,567") == 1234567.0);
  CHECK(parse_ncu_number("12") == 12.0);
  CHECK(parse_ncu_number("1,234.5") == 1234.5);
  CHECK(parse_ncu_number("4.0e-05") == 4.0e-05);
  CHECK(parse_ncu_number("-3") == -3.0);
  CHECK_FALSE(parse_ncu_number("1,23"));
  CHECK_FALSE(parse_ncu_number("12,,345"));
  CHECK_FALSE(parse_ncu_number(",123"));
  CHECK_FALSE(parse_ncu_number("n/a"));
  CHECK_FALSE(parse_ncu_number(""));
  CHECK_FALSE(parse_ncu_number("1.5x"));
}

TEST_CASE("ncu raw page: units row, launches, metric columns, Block/Grid Size") {
  NcuProfile p(kRaw, "raw.csv");
  CHECK(p.layout() == NcuLayout::Raw);
  REQUIRE(p.launches().size() == 2);
  const NcuLaunch& l = p.launches()[0];
  CHECK(l.id == 0);
  CHECK(l.kernel == "void tile<4, 2>(float *, int)");
  CHECK(l.line == 4);
  REQUIRE(l.metrics.size() == 3);  // only the columns with "__"
  const NcuMetric* inst = l.find("smsp__inst_executed.sum");
  REQUIRE(inst);
  CHECK(inst->unit == "inst");
  CHECK(inst->line == 4);
  CHECK(p.number(*inst) == 1234567.0);
  REQUIRE(l.grid);
  CHECK(l.grid->xyz == std::array<uint64_t, 3>{8, 2, 1});
  CHECK(l.block->xyz == std::array<uint64_t, 3>{128, 1, 1});
  CHECK(p.number(*p.launches()[1].find("gpu__time_duration.sum")) == 900.0);
}

TEST_CASE("ncu details page: rows grouped by ID, units scale, non-numbers are errors at their cell") {
  NcuProfile p(kDetails, "details.csv");
  CHECK(p.layout() == NcuLayout::Details);
  REQUIRE(p.launches().size() == 2);
  CHECK(p.launches()[0].metrics.size() == 2);
  CHECK(p.launches()[1].id == 2);
  CHECK(p.launches()[1].line == 4);
  const NcuMetric* threads = p.launches()[0].find("smsp__thread_inst_executed.sum");
  REQUIRE(threads);
  CHECK(p.number(*threads) == 65500.0);  // "Kinst": ncu's --print-units auto
  const NcuMetric* bad = p.launches()[1].find("smsp__inst_executed.sum");
  REQUIRE(bad);
  CHECK(input_error_text([&] {
          p.number(*bad);
        }).starts_with("details.csv:4:132: error: 'smsp__inst_executed.sum' = 'n/a' is not a number"));
}

TEST_CASE("ncu profiles: malformed files are errors at file:line:col") {
  CHECK(input_error_text([] {
          NcuProfile("\"ID\",\"Name\"\n\"0\",\"k\"\n", "x.csv");
        }).starts_with("x.csv:1:1: error: missing column 'Kernel Name'"));
  CHECK(input_error_text([] {
          NcuProfile("\"ID\",\"Kernel Name\",\"Other\"\n\"0\",\"k\",\"1\"\n", "x.csv");
        }).starts_with("x.csv:1:6: error: no metric columns"));
  CHECK(input_error_text([] {
          NcuProfile("\"ID\",\"Kernel Name\",\"a__b\"\n\"x\",\"k\",\"1\"\n", "x.csv");
        }).starts_with("x.csv:2:1: error: 'ID' = 'x' is not a launch ID"));
  CHECK(input_error_text([] {
          NcuProfile("\"ID\",\"Kernel Name\",\"a__b\"\n\"0\",\"k\"\n", "x.csv");
        }).starts_with("x.csv:2:1: error: this row has 2 field(s); the header has 3"));
  CHECK(input_error_text([] {
          NcuProfile("\"ID\",\"Kernel Name\",\"Grid Size\",\"a__b\"\n\"0\",\"k\",\"(1, 2)\",\"1\"\n", "x.csv");
        }).starts_with("x.csv:2:9: error: 'Grid Size' = '(1, 2)' is not of the form (x, y, z)"));
  CHECK(input_error_text([] {
          NcuProfile("\"ID\",\"Kernel Name\",\"a__b\"\n", "x.csv");
        }).starts_with("x.csv:1:1: error: the profile has no kernel launches"));
  CHECK(input_error_text([] {
          NcuProfile("==PROF== x\n==ERROR== no permission\n", "x.csv");
        }).starts_with("x.csv:2:1: error: ncu reported an error here"));
}

TEST_CASE("ncu kernel names: mangled, demangled (blanks ignored) and function names match a PTX entry") {
  CHECK(ncu_kernel_matches("_Z4axpyfPKfPfi", "_Z4axpyfPKfPfi") == NcuNameMatch::Exact);
  CHECK(demangle_kernel_name("_Z4axpyfPKfPfi") == "axpy(float, float const*, float*, int)");
  CHECK(ncu_kernel_matches("axpy(float, float const *, float *, int)", "_Z4axpyfPKfPfi") == NcuNameMatch::Demangled);
  // ncu's own demangling puts const first: only the function name matches.
  CHECK(ncu_kernel_matches("axpy(float, const float *, float *, int)", "_Z4axpyfPKfPfi") == NcuNameMatch::Function);
  CHECK(ncu_kernel_matches("axpy", "_Z4axpyfPKfPfi") == NcuNameMatch::Function);
  CHECK(ncu_kernel_matches("axpy2", "_Z4axpyfPKfPfi") == NcuNameMatch::None);
  CHECK(ncu_kernel_matches("collatz_steps", "collatz_steps") == NcuNameMatch::Exact);
  CHECK(kernel_function_name("void ns::(anonymous namespace)::tile<4, (int)2>(float *, int)") == "tile");
  CHECK(kernel_function_name("void at::native::kernel<T2>(int, T2) const") == "kernel");
  CHECK(kernel_function_name("plain") == "plain");
}

TEST_CASE("ncu launch selection: by name, the strongest match, --launch-id, and errors listing the choices") {
  NcuProfile d(kDetails, "details.csv");
  CHECK(input_error_text([&] { d.select("_Z4axpyfPKfPfi", std::nullopt); }) ==
        "details.csv:2:19: error: the profile has 2 launches of '_Z4axpyfPKfPfi': IDs 0 (line 2), 2 (line 4); "
        "choose one with --launch-id");
  CHECK(d.select("_Z4axpyfPKfPfi", 2).line == 4);
  CHECK(input_error_text([&] { d.select("_Z4axpyfPKfPfi", 5); })
            .starts_with("details.csv:1:1: error: the profile has no launch ID 5; the launches of '_Z4axpyfPKfPfi' "
                         "are IDs 0 (line 2), 2 (line 4)"));
  NcuProfile r(kRaw, "raw.csv");
  CHECK(r.select("_Z4tileILi4ELi2EEvPfi", std::nullopt).id == 0);
  CHECK(r.select("other", std::nullopt).id == 1);
  CHECK(input_error_text([&] {
          r.select("other", 0);
        }).starts_with("raw.csv:4:25: error: launch ID 0 is kernel 'void tile<4, 2>(float *, int)', not 'other'"));
  CHECK(input_error_text([&] {
          r.select("missing", std::nullopt);
        }).starts_with("raw.csv:2:46: error: no launch of kernel 'missing' in the profile"));
}
