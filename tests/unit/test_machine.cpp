#include <doctest/doctest.h>

#include <string>

#include "frontend/diagnostics.h"
#include "frontend/machine.h"
#include "frontend/problem_file.h"

using namespace warpsat;

namespace {
const char* kGood = R"(name = "m"
time_unit = "ns"
sms = 84
init = 1680
epilogue = 1543
load_latency = 770
compute_latency = 0
load_throughput = 0.15296
compute_throughput = 24.61
smem_bytes = 0
element_bytes = 4
)";

// Parses `text` and returns the rendered error, or "" when it parsed.
std::string error_of(const std::string& text) {
  try {
    parse_machine(text, "m.toml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  return s.replace(s.find(from), from.size(), to);
}
}  // namespace

TEST_CASE("a machine file is read with exact throughputs") {
  Machine m = parse_machine(kGood, "m.toml");
  CHECK(m.sms == 84);
  CHECK(m.load_throughput.to_string() == "0.15296");
  CHECK(m.compute_throughput.to_string() == "24.61");
  // Written back and read again, nothing changes.
  Machine again = parse_machine(machine_to_toml(m), "again.toml");
  CHECK(again.load_throughput == m.load_throughput);
  CHECK(again.smem_bytes == m.smem_bytes);
}

TEST_CASE("every bundled machine parses") {
  auto names = bundled_machine_names();
  CHECK(names.size() >= 7);
  for (const auto& n : names) {
    Machine m = resolve_machine(n);
    CHECK(m.name == n);
  }
  CHECK(resolve_machine("h100-sxm").smem_bytes == 232448);
  CHECK(resolve_machine("a100").sms == 108);
}

TEST_CASE("bad machine files name the file, line and column") {
  CHECK(error_of(replace(kGood, "sms = 84", "sms = 84 84")).starts_with("m.toml:3:"));
  CHECK(error_of(replace(kGood, "sms = 84\n", "")) == "m.toml:1:1: error: missing required key 'sms'");
  CHECK(error_of(replace(kGood, "load_throughput = 0.15296", "load_throughput = 0")) ==
        "m.toml:8:19: error: 'load_throughput' must be positive, got 0");
  CHECK(error_of(replace(kGood, "compute_throughput = 24.61", "compute_throughput = -2.5"))
            .starts_with("m.toml:9:22: error: 'compute_throughput' must be positive"));
  CHECK(error_of(replace(kGood, "sms = 84", "sms = \"many\"")) ==
        "m.toml:3:7: error: 'sms' must be an integer, not a string");
  CHECK(error_of(replace(kGood, "sms = 84", "smz = 84")).starts_with("m.toml:3:1: error: unknown key 'smz'"));
  CHECK(error_of(replace(kGood, "element_bytes = 4", "element_bytes = 0")).starts_with("m.toml:11:17:"));
  CHECK(error_of(std::string("name = \"x\"\0", 11)).find("NUL") != std::string::npos);
}

TEST_CASE("an unknown machine name lists the bundled ones") {
  try {
    resolve_machine("nope");
    FAIL("expected an error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("a6000-paper") != std::string::npos);
  }
}

TEST_CASE("problem files reject a buffer depth below 2 at its position") {
  try {
    parse_problem_file("m = 1\nn = 2\nk = 3\n[config]\nstages = 1\n", "p.toml");
    FAIL("expected an error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).starts_with("p.toml:5:10: error: 'stages' is 1; it must be in [2,"));
  }
  ProblemFile p = parse_problem_file("m = 64\nn = 64\nk = 64\n[search]\ntiles = [64, 32]\nstages = [2, 3]\n", "p.toml");
  CHECK(p.tm->size() == 2);
  CHECK(p.stage_range->second == 3);
}
