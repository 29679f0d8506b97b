#include "frontend/trace_file.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "frontend/csv_reader.h"
#include "frontend/json_reader.h"
#include "frontend/read_file.h"

namespace warpsat {

namespace {

// Each (wave, stage) once: the line of an earlier event with the same wave
// and stage, if any. Hashing keeps a trace of millions of rows linear.
class StageLines {
 public:
  std::optional<uint32_t> add(int64_t wave, int64_t stage, uint32_t line) {
    auto [it, first] = lines_[wave].emplace(stage, line);
    if (first) return std::nullopt;
    return it->second;
  }

 private:
  std::map<int64_t, std::unordered_map<int64_t, uint32_t>> lines_;
};

}  // namespace

namespace {
constexpr int64_t kMaxIndex = int64_t{1} << 40;  // wave and stage numbers

// One value per kernel given on every CSV row: every row must repeat it.
class ConstantColumn {
 public:
  ConstantColumn(const CsvTable& t, const char* name) : t_(t), column_(t.find_column(name)), name_(name) {}
  void read(const CsvRow& row) {
    if (!column_) return;
    int64_t v = t_.integer(row, *column_, -kMaxTraceTime, kMaxTraceTime);
    if (!value_) {
      value_ = v;
      first_line_ = row.line;
    } else if (v != *value_) {
      t_.fail(row, *column_,
              fmt::format("'{}' is {} here but {} on line {}; durations, total and wait are one value per kernel, "
                          "the same on every row",
                          name_, v, *value_, first_line_));
    }
  }
  std::optional<int64_t> value() const { return value_; }

 private:
  const CsvTable& t_;
  std::optional<size_t> column_;
  const char* name_;
  std::optional<int64_t> value_;
  uint32_t first_line_ = 0;
};
}  // namespace

int64_t Trace::event_count() const {
  int64_t n = 0;
  for (const TraceWave& w : waves) n += static_cast<int64_t>(w.events.size());
  return n;
}

Trace parse_trace_csv(std::string text, const std::string& source) {
  CsvTable t(std::move(text), source);
  t.reject_unknown_columns({"wave", "stage", "sa", "sb", "sm", "sa_abs", "sb_abs", "sm_abs", "t_math", "t_load_a",
                            "t_load_b", "t_init", "t_epilogue", "total", "wait"});
  Trace tr;
  tr.source = source;
  size_t wave = t.require_column("wave"), stage = t.require_column("stage");
  bool relative = t.find_column("sa") || t.find_column("sb") || t.find_column("sm");
  bool absolute = t.find_column("sa_abs") || t.find_column("sb_abs") || t.find_column("sm_abs");
  if (relative && absolute)
    t.fail_header(
        t.find_column("sa_abs").value_or(t.find_column("sb_abs").value_or(t.find_column("sm_abs").value_or(0))),
        "give either sa,sb,sm (relative to each wave's start) or sa_abs,sb_abs,sm_abs (absolute), not both");
  tr.absolute = absolute;
  const char* suffix = absolute ? "_abs" : "";
  size_t sa = t.require_column(fmt::format("sa{}", suffix)), sb = t.require_column(fmt::format("sb{}", suffix)),
         sm = t.require_column(fmt::format("sm{}", suffix));
  if (static_cast<int64_t>(t.rows().size()) > kMaxTraceEvents)
    throw InputError({source, 0, 0},
                     fmt::format("{} rows is more than the {} a trace may have", t.rows().size(), kMaxTraceEvents));
  if (t.rows().empty()) throw InputError({source, t.header_line(), 1}, "the trace has a header but no events");
  ConstantColumn t_math(t, "t_math"), t_load_a(t, "t_load_a"), t_load_b(t, "t_load_b"), t_init(t, "t_init"),
      t_epilogue(t, "t_epilogue"), total(t, "total"), wait(t, "wait");
  std::map<int64_t, TraceWave> by_wave;
  StageLines stage_lines;
  for (const CsvRow& row : t.rows()) {
    int64_t w = t.integer(row, wave, 1, kMaxIndex);
    TraceEvent e{t.integer(row, stage, 1, kMaxIndex), t.integer(row, sa, -kMaxTraceTime, kMaxTraceTime),
                 t.integer(row, sb, -kMaxTraceTime, kMaxTraceTime), t.integer(row, sm, -kMaxTraceTime, kMaxTraceTime),
                 row.line};
    for (ConstantColumn* c : {&t_math, &t_load_a, &t_load_b, &t_init, &t_epilogue, &total, &wait}) c->read(row);
    TraceWave& tw = by_wave[w];
    if (tw.events.empty()) tw = TraceWave{w, w, {}, row.line};
    if (auto first = stage_lines.add(w, e.stage, row.line))
      t.fail(row, stage, fmt::format("wave {} stage {} appears twice (first on line {})", w, e.stage, *first));
    tw.events.push_back(e);
  }
  for (auto& [w, tw] : by_wave) {
    std::sort(tw.events.begin(), tw.events.end(),
              [](const TraceEvent& a, const TraceEvent& b) { return a.stage < b.stage; });
    tr.waves.push_back(std::move(tw));
  }
  tr.wave_count = tr.waves.back().last;
  tr.durations = {t_math.value(), t_load_a.value(), t_load_b.value(), t_init.value(), t_epilogue.value()};
  tr.total = total.value();
  tr.wait = wait.value();
  return tr;
}

Trace parse_trace_json(std::string text, const std::string& source) {
  JsonReader r(std::move(text), source);
  const JsonNode& root = r.require_object(r.root(), "the trace");
  r.reject_unknown_keys(root, {"model", "m", "n", "k", "tile", "stages", "machine", "time_unit", "times", "durations",
                               "waves", "stage_count", "smem_bytes", "fits_smem", "events", "total", "wait"});
  Trace tr;
  tr.source = source;
  if (const JsonNode* n = root.get("model")) {
    std::string model = r.string_value(*n, "model");
    if (model != "seed001" && model != "async") r.fail(*n, fmt::format("model '{}' must be seed001 or async", model));
    tr.model = Stated<GemmModel>{parse_model(model), n->line, n->column};
  }
  auto stated = [&](const char* key, int64_t lo, int64_t hi) -> std::optional<Stated<int64_t>> {
    const JsonNode* n = root.get(key);
    if (!n) return std::nullopt;
    return Stated<int64_t>{r.integer_value(*n, key, lo, hi), n->line, n->column};
  };
  tr.m = stated("m", 1, kMaxMatrixDim);
  tr.n = stated("n", 1, kMaxMatrixDim);
  tr.k = stated("k", 1, kMaxMatrixDim);
  tr.stages = stated("stages", 2, kMaxStages);
  if (const JsonNode* n = root.get("tile")) {
    Tile tile;
    if (n->kind == JsonNode::Kind::String) {
      try {
        tile = parse_tile(n->text);
      } catch (const InputError& e) {
        r.fail(*n, e.message());
      }
    } else {
      r.require_object(*n, "tile");
      r.reject_unknown_keys(*n, {"tm", "tn", "tk"});
      tile = {r.integer_value(r.require(*n, "tm"), "tm", 1, kMaxTileDim),
              r.integer_value(r.require(*n, "tn"), "tn", 1, kMaxTileDim),
              r.integer_value(r.require(*n, "tk"), "tk", 1, kMaxTileDim)};
    }
    tr.tile = Stated<Tile>{tile, n->line, n->column};
  }
  if (const JsonNode* n = root.get("machine")) r.string_value(*n, "machine");
  if (const JsonNode* n = root.get("time_unit")) tr.time_unit = r.string_value(*n, "time_unit");
  if (const JsonNode* n = root.get("times")) {
    std::string s = r.string_value(*n, "times");
    if (s != "relative" && s != "absolute")
      r.fail(*n, "'times' must be \"relative\" (to each wave's start) or \"absolute\"");
    tr.absolute = s == "absolute";
  }
  if (const JsonNode* n = root.get("durations")) {
    r.require_object(*n, "durations");
    r.reject_unknown_keys(*n, {"math", "load_a", "load_b", "init", "epilogue"});
    TraceDurations& d = tr.durations;
    d.math = r.optional_integer(*n, "math", -kMaxTraceTime, kMaxTraceTime);
    d.load_a = r.optional_integer(*n, "load_a", -kMaxTraceTime, kMaxTraceTime);
    d.load_b = r.optional_integer(*n, "load_b", -kMaxTraceTime, kMaxTraceTime);
    d.init = r.optional_integer(*n, "init", -kMaxTraceTime, kMaxTraceTime);
    d.epilogue = r.optional_integer(*n, "epilogue", -kMaxTraceTime, kMaxTraceTime);
  }
  tr.stage_count = r.optional_integer(root, "stage_count", 0, kMaxIndex);
  tr.total = r.optional_integer(root, "total", -kMaxTraceTime, kMaxTraceTime);
  tr.wait = r.optional_integer(root, "wait", -kMaxTraceTime, kMaxTraceTime);
  if (const JsonNode* n = root.get("smem_bytes")) r.integer_value(*n, "smem_bytes", 0, INT64_MAX);
  if (const JsonNode* n = root.get("fits_smem"); n && n->kind != JsonNode::Kind::Boolean)
    r.fail(*n, "'fits_smem' must be true or false");

  const JsonNode& events = r.require_array(r.require(root, "events"), "events");
  if (events.items.empty()) r.fail(events, "'events' is empty; a trace needs at least one event");
  if (static_cast<int64_t>(events.items.size()) > kMaxTraceEvents)
    r.fail(events, fmt::format("{} events is more than the {} a trace may have", events.items.size(), kMaxTraceEvents));
  std::optional<int64_t> declared_waves = r.optional_integer(root, "waves", 1, kMaxIndex);
  bool numbered = events.items.front().get("wave") != nullptr;
  std::map<int64_t, TraceWave> by_wave;
  StageLines stage_lines;
  for (const JsonNode& e : events.items) {
    r.require_object(e, "event");
    r.reject_unknown_keys(e, {"wave", "stage", "sa", "sb", "sm"});
    if ((e.get("wave") != nullptr) != numbered)
      r.fail(e,
             "either every event has a \"wave\" member or none has (then the events are one wave, repeated 'waves' "
             "times)");
    int64_t w = numbered ? r.integer_value(*e.get("wave"), "wave", 1, kMaxIndex) : 1;
    auto time = [&](const char* key) { return r.integer_value(r.require(e, key), key, -kMaxTraceTime, kMaxTraceTime); };
    TraceEvent ev{r.integer_value(r.require(e, "stage"), "stage", 1, kMaxIndex), time("sa"), time("sb"), time("sm"),
                  e.line};
    TraceWave& tw = by_wave[w];
    if (tw.events.empty()) tw = TraceWave{w, w, {}, e.line};
    if (auto first = stage_lines.add(w, ev.stage, e.line))
      r.fail(e, fmt::format("wave {} stage {} appears twice (first on line {})", w, ev.stage, *first));
    tw.events.push_back(ev);
  }
  for (auto& [w, tw] : by_wave) {
    std::sort(tw.events.begin(), tw.events.end(),
              [](const TraceEvent& a, const TraceEvent& b) { return a.stage < b.stage; });
    tr.waves.push_back(std::move(tw));
  }
  if (!numbered) {
    tr.wave_count = declared_waves.value_or(1);
    tr.waves.front().last = tr.wave_count;
    if (tr.absolute && tr.wave_count > 1)
      r.fail(*root.get("waves"), "absolute times differ from wave to wave: give every event a \"wave\" member");
  } else {
    tr.wave_count = declared_waves.value_or(tr.waves.back().last);
    if (tr.wave_count < tr.waves.back().last)
      r.fail(*root.get("waves"),
             fmt::format("'waves' is {}, but the events go up to wave {}", tr.wave_count, tr.waves.back().last));
  }
  return tr;
}

Trace read_trace(const std::string& path) {
  std::string text = read_file(path, size_t{256} << 20);
  size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') return parse_trace_json(std::move(text), path);
  return parse_trace_csv(std::move(text), path);
}

}  // namespace warpsat
