#include "solver/branch_wire.h"

#include <exception>
#include <new>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "frontend/diagnostics.h"
#include "solver/cross_validation.h"
#include "solver/smt_query.h"

namespace warpsat {

using nlohmann::json;

namespace {

template <class T, size_t N>
json array_of(const T (&a)[N]) {
  return json(std::vector<T>(a, a + N));
}
template <class T, size_t N>
void array_from(const json& j, T (&a)[N]) {
  std::vector<T> v = j.get<std::vector<T>>();
  if (v.size() != N) throw std::runtime_error("branch wire: an array of the wrong length");
  std::copy(v.begin(), v.end(), a);
}

json witness_json(const Witness& w) {
  json loads = json::array();
  for (const Witness::Load& l : w.loads)
    loads.push_back({l.ptx_line, l.space, l.lane, l.address, l.value, l.bits});
  return {{"block", array_of(w.block)}, {"grid", array_of(w.grid)},   {"cta", array_of(w.cta)},
          {"warp", w.warp},             {"lane", array_of(w.lane)},   {"tid", {array_of(w.tid[0]), array_of(w.tid[1])}},
          {"outcome", array_of(w.outcome)}, {"params", w.params},     {"aggregates", w.aggregates},
          {"loads", loads},             {"replayable", w.replayable}};
}

Witness witness_of(const json& j) {
  Witness w;
  array_from(j.at("block"), w.block);
  array_from(j.at("grid"), w.grid);
  array_from(j.at("cta"), w.cta);
  w.warp = j.at("warp");
  array_from(j.at("lane"), w.lane);
  array_from(j.at("tid").at(0), w.tid[0]);
  array_from(j.at("tid").at(1), w.tid[1]);
  array_from(j.at("outcome"), w.outcome);
  w.params = j.at("params").get<decltype(w.params)>();
  w.aggregates = j.at("aggregates").get<decltype(w.aggregates)>();
  for (const json& l : j.at("loads")) w.loads.push_back({l.at(0), l.at(1), l.at(2), l.at(3), l.at(4), l.at(5)});
  w.replayable = j.at("replayable");
  return w;
}

json ranges_json(const std::vector<Range>& rs) {
  json out = json::array();
  for (const Range& r : rs) out.push_back({r.begin, r.end, r.outcome});
  return out;
}

std::vector<Range> ranges_of(const json& j) {
  std::vector<Range> out;
  for (const json& r : j) out.push_back({r.at(0), r.at(1), r.at(2)});
  return out;
}

json branch_json(const BranchResult& b) {
  json j = {{"instruction", b.instruction},
            {"ptx_line", b.ptx_line},
            {"loc", {b.loc.file, b.loc.line, b.loc.column, b.loc.outer_file, b.loc.outer_line, b.loc.inlined_at}},
            {"indexed", b.indexed},
            {"verdict", static_cast<int>(b.verdict)},
            {"reason", b.reason},
            {"whole_warp", b.whole_warp},
            {"imprecision", b.imprecision},
            {"float_results", b.float_results},
            {"replay_decides", b.replay_decides},
            {"seen_split", b.seen_split},
            {"confirmed", b.confirmed},
            {"validated", b.validated},
            {"validation", b.validation},
            {"witness_asserted", b.witness_asserted},
            {"race_conditional", b.race_conditional},
            {"solve_ms", b.solve_ms},
            {"encode_ms", b.encode_ms},
            {"queries", b.queries},
            {"dumped", b.dumped}};
  if (b.elected_lane) j["elected_lane"] = *b.elected_lane;
  if (b.witness) j["witness"] = witness_json(*b.witness);
  if (b.ranges)
    j["ranges"] = {{"space", b.ranges->space},
                   {"ranges", ranges_json(b.ranges->ranges)},
                   {"splitting_warps", b.ranges->splitting_warps},
                   {"complete", b.ranges->complete}};
  return j;
}

BranchResult branch_of(const json& j) {
  BranchResult b;
  b.instruction = j.at("instruction");
  b.ptx_line = j.at("ptx_line");
  const json& loc = j.at("loc");
  b.loc = {loc.at(0), loc.at(1), loc.at(2), loc.at(3), loc.at(4), loc.at(5)};
  b.indexed = j.at("indexed");
  int verdict = j.at("verdict");
  if (verdict < 0 || verdict > static_cast<int>(BranchVerdict::Unreachable))
    throw std::runtime_error("branch wire: no such verdict");
  b.verdict = static_cast<BranchVerdict>(verdict);
  b.reason = j.at("reason");
  b.whole_warp = j.at("whole_warp");
  b.imprecision = j.at("imprecision").get<std::vector<std::string>>();
  b.float_results = j.at("float_results");
  b.replay_decides = j.at("replay_decides");
  b.seen_split = j.at("seen_split");
  if (j.contains("elected_lane")) b.elected_lane = j.at("elected_lane").get<uint32_t>();
  b.confirmed = j.at("confirmed");
  b.validated = j.at("validated");
  b.validation = j.at("validation");
  b.witness_asserted = j.value("witness_asserted", false);  // absent from caches written before it
  b.race_conditional = j.value("race_conditional", false);  // absent from caches written before it
  b.solve_ms = j.at("solve_ms");
  b.encode_ms = j.at("encode_ms");
  b.queries = j.at("queries");
  b.dumped = j.at("dumped").get<std::vector<std::string>>();
  if (j.contains("witness")) b.witness = witness_of(j.at("witness"));
  if (j.contains("ranges")) {
    const json& r = j.at("ranges");
    b.ranges = BranchRanges{r.at("space"), ranges_of(r.at("ranges")),
                            r.at("splitting_warps").get<std::vector<std::pair<uint64_t, uint32_t>>>(), r.at("complete")};
  }
  return b;
}

}  // namespace

std::string to_wire(const KernelBranches& k) {
  json branches = json::array();
  for (const BranchResult& b : k.branches) branches.push_back(branch_json(b));
  json paths = json::array();
  for (const FeasiblePath& p : k.paths) paths.push_back({{"outcomes", p.outcomes}, {"threads", ranges_json(p.threads)}});
  json j = {{"name", k.name},
            {"function", k.function},
            {"assumptions", k.assumptions},
            {"branches", branches},
            {"paths", paths},
            {"paths_space", k.paths_space},
            {"paths_complete", k.paths_complete},
            {"paths_validated", k.paths_validated},
            {"paths_validation", k.paths_validation},
            {"chosen_parameters", k.chosen_parameters},
            {"parameters_note", k.parameters_note},
            {"paths_note", k.paths_note}};
  json fixed = json::array();  // null where the parameter is free
  for (const std::optional<uint64_t>& v : k.fixed_parameters) fixed.push_back(v ? json(*v) : json(nullptr));
  j["fixed_parameters"] = fixed;
  json races = json::array();
  for (const RaceFinding& r : k.races)
    races.push_back({r.given_launch, r.launch, r.hazard, r.space, r.first_line, r.second_line, r.text});
  j["races"] = races;
  return j.dump();
}

KernelBranches kernel_from_wire(const std::string& text) {
  try {
    json j = json::parse(text);
    KernelBranches k;
    k.name = j.at("name");
    k.function = j.at("function");
    k.assumptions = j.at("assumptions").get<std::vector<std::string>>();
    for (const json& b : j.at("branches")) k.branches.push_back(branch_of(b));
    for (const json& p : j.at("paths"))
      k.paths.push_back({p.at("outcomes").get<std::vector<std::pair<uint32_t, std::string>>>(), ranges_of(p.at("threads"))});
    k.paths_space = j.at("paths_space");
    k.paths_complete = j.at("paths_complete");
    k.paths_validated = j.at("paths_validated");
    k.paths_validation = j.at("paths_validation");
    k.chosen_parameters = j.at("chosen_parameters").get<std::vector<std::pair<std::string, uint64_t>>>();
    k.parameters_note = j.at("parameters_note");
    k.paths_note = j.at("paths_note");
    // Absent from verdicts cached before it was on the wire.
    if (j.contains("fixed_parameters"))
      for (const json& v : j.at("fixed_parameters"))
        k.fixed_parameters.push_back(v.is_null() ? std::nullopt : std::optional<uint64_t>(v.get<uint64_t>()));
    if (j.contains("races"))
      for (const json& r : j.at("races"))
        k.races.push_back({r.at(0), r.at(1), r.at(2), r.at(3), r.at(4), r.at(5), r.at(6)});
    return k;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("branch wire: ") + e.what());
  }
}

std::string to_wire(const TimeStats& stats) {
  json rows = json::array();
  for (const TimeStats::Row& r : stats.rows()) rows.push_back({r.kind, r.count, r.ms, r.max_ms, r.outcomes});
  return rows.dump();
}

void merge_from_wire(const std::string& text, TimeStats& into) {
  try {
    for (const json& r : json::parse(text))
      into.merge({r.at(0), r.at(1), r.at(2), r.at(3), r.at(4).get<std::map<std::string, size_t>>()});
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("time stats wire: ") + e.what());
  }
}

std::string current_exception_to_wire() {
  try {
    throw;
  } catch (const InputError& e) {
    const SourceLocation& w = e.where();
    return json{{"kind", "input"}, {"file", w.file}, {"line", w.line}, {"column", w.column},
                {"message", e.message()}, {"source_line", e.source_line()}}
        .dump();
  } catch (const CrossValidationError& e) {
    return json{{"kind", "disagreement"}, {"query", e.query_name()}, {"mismatches", e.mismatches()},
                {"path", e.query_path()}}
        .dump();
  } catch (const NoAnswerError& e) {
    return json{{"kind", "no answer"}, {"message", e.what()}}.dump();
  } catch (const std::bad_alloc&) {
    return json{{"kind", "out of memory"}}.dump();
  } catch (const std::exception& e) {
    return json{{"kind", "other"}, {"message", e.what()}}.dump();
  } catch (...) {
    return json{{"kind", "other"}, {"message", "an exception of no known type"}}.dump();
  }
}

void rethrow_from_wire(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("error wire: ") + e.what());
  }
  std::string kind = j.value("kind", "other");
  if (kind == "input")
    throw InputError(SourceLocation{j.at("file"), j.at("line"), j.at("column")}, j.at("message"), j.at("source_line"));
  if (kind == "disagreement")
    throw CrossValidationError(j.at("query"), j.at("mismatches").get<std::vector<std::string>>(), j.at("path"));
  if (kind == "no answer") throw NoAnswerError(j.at("message").get<std::string>());
  if (kind == "out of memory") throw std::bad_alloc();
  throw std::runtime_error(j.value("message", "unknown error"));
}

}  // namespace warpsat
