#include <doctest/doctest.h>

#include <string>

#include "frontend/assumption.h"
#include "frontend/csv_reader.h"
#include "frontend/json_reader.h"
#include "frontend/parameter_bounds.h"
#include "tests/unit/input_error_text.h"

using namespace warpsat;
using testing::input_error_text;

TEST_CASE("CSV: comments, blanks and CRLF are skipped, fields are trimmed and positioned") {
  CsvTable t("# a comment\n\nkind, tm ,time\r\nload, 64 ,1.5\r\n  # indented comment\nmath,128,2e3\n", "m.csv");
  REQUIRE(t.header().size() == 3);
  CHECK(t.header()[1] == "tm");
  CHECK(t.header_line() == 3);
  REQUIRE(t.rows().size() == 2);
  CHECK(t.rows()[0].line == 4);
  CHECK(t.rows()[0].cells[1].text == "64");
  CHECK(t.rows()[0].cells[1].column == 7);
  CHECK(t.integer(t.rows()[0], 1, 1, 100) == 64);
  CHECK(t.number(t.rows()[1], 2) == 2000.0);
}

TEST_CASE("CSV: malformed input is an error at file:line:col") {
  CHECK(input_error_text([] {
          CsvTable("a,b\n1,2,3\n", "x.csv");
        }).starts_with("x.csv:2:1: error: this row has 3 field(s); the header has 2"));
  CHECK(input_error_text([] { CsvTable("a,b\n1,\"2\"\n", "x.csv"); }).starts_with("x.csv:2:3: error: quoted CSV fields"));
  CHECK(input_error_text([] { CsvTable("a,a\n", "x.csv"); }).starts_with("x.csv:1:3: error: column 'a' appears twice"));
  CHECK(input_error_text([] {
          CsvTable("# only a comment\n", "x.csv");
        }).starts_with("x.csv:1:1: error: the file has no header"));
  CsvTable t("a,b\n1,x\n,3\n", "x.csv");
  CHECK(input_error_text([&] { t.integer(t.rows()[0], 1, 0, 9); }) == "x.csv:2:3: error: 'b' = 'x' is not an integer");
  CHECK(input_error_text([&] { t.integer(t.rows()[1], 0, 0, 9); }) == "x.csv:3:1: error: 'a' is empty; it needs an integer");
  CHECK(input_error_text([&] { t.number(t.rows()[0], 1); }) == "x.csv:2:3: error: 'b' = 'x' is not a finite decimal number");
  CHECK(input_error_text([&] { t.reject_unknown_columns({"a"}); }).starts_with("x.csv:1:3: error: unknown column 'b'"));
  CHECK(input_error_text([&] { t.require_column("c"); }).starts_with("x.csv:1:1: error: missing column 'c'"));
}

TEST_CASE("CSV dialect: quoted fields keep commas and doubled quotes, tool lines are skipped, cells keep positions") {
  CsvTable t("==PROF== hello\n\"a\",\"b, c\"\n\"x \"\"q\"\"\", 7\n", "q.csv", CsvDialect{true, {"==PROF=="}});
  REQUIRE(t.header().size() == 2);
  CHECK(t.header()[1] == "b, c");
  CHECK(t.header_line() == 2);
  CHECK(t.header_column(1) == 5);
  REQUIRE(t.rows().size() == 1);
  CHECK(t.rows()[0].cells[0].text == "x \"q\"");
  CHECK(t.rows()[0].cells[1].text == "7");
  CHECK(t.rows()[0].cells[1].column == 12);
  // Without the dialect the same file is rejected, as before.
  CHECK(input_error_text([] { CsvTable("\"a\"\n", "q.csv"); }).starts_with("q.csv:1:1: error: quoted CSV fields"));
}

TEST_CASE("CSV dialect: unclosed and trailing quotes are errors at their column") {
  CsvDialect d{true, {}};
  CHECK(input_error_text([&] { CsvTable("\"a\",\"b\n", "q.csv", d); }) ==
        "q.csv:1:5: error: this quoted field has no closing quote on its line");
  CHECK(input_error_text([&] { CsvTable("\"a\",\"b\"x\n", "q.csv", d); })
            .starts_with("q.csv:1:8: error: text after the closing quote"));
  CHECK(input_error_text([&] { CsvTable("\"a\",b\"\n", "q.csv", d); })
            .starts_with("q.csv:1:6: error: a quote inside an unquoted field"));
}

TEST_CASE("JSON: every value and key keeps its line and column") {
  JsonReader r("{\n  \"a\": 12,\n  \"b\": [1.5, \"x\\\"y\", true],\n  \"c\": {\"d\": null}\n}\n", "t.json");
  const JsonNode& root = r.root();
  REQUIRE(root.kind == JsonNode::Kind::Object);
  const JsonNode* a = root.get("a");
  REQUIRE(a);
  CHECK(a->integer == 12);
  CHECK(a->line == 2);
  CHECK(a->column == 8);
  CHECK(root.key_lines[1] == 3);
  CHECK(root.key_columns[1] == 3);
  const JsonNode& b = *root.get("b");
  CHECK(b.column == 8);
  CHECK(b.items[0].text == "1.5");
  CHECK(b.items[0].column == 9);
  CHECK(b.items[1].text == "x\"y");
  CHECK(b.items[1].column == 14);
  CHECK(b.items[2].column == 22);
  CHECK(root.get("c")->get("d")->line == 4);
  CHECK(root.get("c")->get("d")->column == 14);
}

TEST_CASE("JSON: syntax and type errors are reported at their position") {
  CHECK(input_error_text([] {
          JsonReader("{\"a\": 1,,}", "t.json");
        }).starts_with("t.json:1:9: error: invalid JSON: syntax error"));
  CHECK(input_error_text([] { JsonReader("{\"a\": 1} x", "t.json"); }).starts_with("t.json:1:10: error: invalid JSON"));
  JsonReader r("{\n \"a\": \"s\",\n \"a\": 2, \"n\": 1.5}", "t.json");
  CHECK(input_error_text([&] { r.integer_value(*r.root().get("a"), "a", 0, 9); }) ==
        "t.json:2:7: error: 'a' must be an integer within 64-bit range, not a string");
  CHECK(input_error_text([&] { r.reject_unknown_keys(r.root(), {"a", "n"}); }) == "t.json:3:2: error: key 'a' appears twice");
  CHECK(input_error_text([&] {
          r.integer_value(*r.root().get("n"), "n", 0, 9);
        }).starts_with("t.json:3:15: error: 'n' must be an integer"));
  std::string deep(100, '[');
  CHECK(input_error_text([&] { JsonReader(deep, "t.json"); }).find("nested more than 64 levels") != std::string::npos);
}

TEST_CASE("--bound parses ranges, one-sided bounds and exact values") {
  ParameterBounds b;
  parse_parameter_bound("load_throughput=0.01:100", b);
  parse_parameter_bound("sms=84", b);
  parse_parameter_bound("init=:2000", b);
  CHECK(b[MachineParameter::LoadThroughput].lo->to_string() == "0.01");
  CHECK(b[MachineParameter::LoadThroughput].hi->to_string() == "100");
  CHECK(b[MachineParameter::Sms].lo->num() == 84);
  CHECK(b[MachineParameter::Sms].hi->num() == 84);
  CHECK(!b[MachineParameter::Init].lo);
  CHECK(b[MachineParameter::Init].hi->num() == 2000);
  CHECK(input_error_text([&] { parse_parameter_bound("speed=1:2", b); }).find("NAME one of sms, init") != std::string::npos);
  CHECK(input_error_text([&] { parse_parameter_bound("sms=1.5", b); }).find("must be a non-negative integer") !=
        std::string::npos);
  CHECK(input_error_text([&] { parse_parameter_bound("load_throughput=0:1", b); }).find("must be positive") !=
        std::string::npos);
  CHECK(input_error_text([&] { parse_parameter_bound("init=5:2", b); }).find("the range is empty") != std::string::npos);
}

TEST_CASE("assumptions: arithmetic wraps as 64-bit words, division by zero or of INT64_MIN by -1 is defined") {
  // Signed overflow is undefined in C++, and replays evaluate assumptions
  // on launches they make up (found writing the assumption fuzzer).
  auto value = [](const char* text, int64_t n) {
    Assumption a = parse_assumption(text);
    return evaluate(*a.expr, {{"n", n}});
  };
  CHECK(value("n / -1", INT64_MIN) == INT64_MIN);
  CHECK(value("n % -1", INT64_MIN) == 0);
  CHECK(value("n / (n - n)", 5) == 0);
  CHECK(value("n * n", int64_t{1} << 32) == 0);  // 2^64 wraps to 0
  CHECK(value("n + 1", INT64_MAX) == INT64_MIN);
  CHECK(value("-n", INT64_MIN) == INT64_MIN);
  CHECK(value("n % 3 == 1", 7) == 1);
}

TEST_CASE("assumptions: a copy is a tree of its own") {
  // Per-kernel launch options are copies (cli/branches_run.cpp); renaming a
  // parameter in one kernel's copy must not change another's.
  Assumption a = parse_assumption("n > 3 && !(m == 2)");
  Assumption b = a;
  rename(*b.expr, "n", "k");
  CHECK(b.text == a.text);
  CHECK(evaluate(*a.expr, {{"n", 4}, {"m", 1}}) == 1);
  CHECK(evaluate(*b.expr, {{"k", 4}, {"m", 1}}) == 1);
  CHECK_THROWS_AS(evaluate(*b.expr, {{"n", 4}, {"m", 1}}), std::out_of_range);
  Assumption c;
  c = b;
  CHECK(evaluate(*c.expr, {{"k", 2}, {"m", 1}}) == 0);
  Assumption empty;
  Assumption copy = empty;
  CHECK(copy.expr == nullptr);
}
