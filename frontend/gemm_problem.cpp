#include "frontend/gemm_problem.h"

#include <algorithm>
#include <charconv>
#include <tuple>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

namespace {
int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t parse_positive(std::string_view s, const std::string& what) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v <= 0)
    throw command_line_error(fmt::format("{}: '{}' is not a positive integer", what, s));
  return v;
}

int64_t checked_duration(std::optional<int64_t> base, int64_t latency, const char* what) {
  if (!base || *base > (int64_t{1} << 50) - latency)
    throw command_line_error(fmt::format(
        "{} does not fit the model's 64-bit arithmetic; use a coarser time unit or smaller tiles", what));
  return *base + latency;
}
}  // namespace

void check_shape(const GemmShape& s) {
  for (auto [v, name] : {std::pair{s.m, "M"}, {s.n, "N"}, {s.k, "K"}})
    if (v < 1 || v > kMaxMatrixDim)
      throw command_line_error(fmt::format("{} = {} is out of range [1, {}]", name, v, kMaxMatrixDim));
}

void check_tile(const Tile& t) {
  for (auto [v, name] : {std::pair{t.tm, "TM"}, {t.tn, "TN"}, {t.tk, "TK"}})
    if (v < 1 || v > kMaxTileDim)
      throw command_line_error(fmt::format("tile size {} = {} is out of range [1, {}]", name, v, kMaxTileDim));
}

void check_stages(int64_t d) {
  if (d < 2 || d > kMaxStages)
    throw command_line_error(fmt::format(
        "buffer depth D = {} is out of range [2, {}] (the circular buffer needs at least two slots)", d, kMaxStages));
}

Durations durations(const Machine& m, const Tile& t) {
  Durations d;
  d.math = checked_duration(m.compute_throughput.ceil_divide(t.tm * t.tn * t.tk), m.compute_latency, "T_MATH");
  d.load_a = checked_duration(m.load_throughput.ceil_divide(t.tm * t.tk), m.load_latency, "T_LOAD_A");
  d.load_b = checked_duration(m.load_throughput.ceil_divide(t.tk * t.tn), m.load_latency, "T_LOAD_B");
  d.init = m.init;
  d.epilogue = m.epilogue;
  return d;
}

int64_t async_transfer(const Durations& d, const Machine& m) {
  return d.load_a + d.load_b - 2 * m.load_latency;
}

GemmModel parse_model(const std::string& text) {
  if (text == "seed001") return GemmModel::Seed001;
  if (text == "async") return GemmModel::Async;
  throw command_line_error(fmt::format("model '{}' must be 'seed001' or 'async'", text));
}

const char* to_string(GemmModel m) { return m == GemmModel::Async ? "async" : "seed001"; }

int64_t stage_count(const GemmShape& s, const Tile& t) { return ceil_div(s.k, t.tk); }

int64_t wave_count(const GemmShape& s, const Tile& t, const Machine& m) {
  return ceil_div(ceil_div(s.m, t.tm) * ceil_div(s.n, t.tn), m.sms);
}

namespace {
int64_t stage_bytes(const Tile& t, const Machine& m) { return (t.tm * t.tk + t.tk * t.tn) * m.element_bytes; }
int64_t epilogue_bytes(const Tile& t, const Machine& m) { return t.tm * t.tn * m.output_bytes; }
}  // namespace

int64_t smem_footprint(const TileConfig& c, const Machine& m) {
  return c.stages * stage_bytes(c.tile, m) + epilogue_bytes(c.tile, m);
}

bool fits_smem(const TileConfig& c, const Machine& m) {
  return m.smem_bytes == 0 || smem_footprint(c, m) <= m.smem_bytes;
}

int64_t consumer_registers(const Tile& t, const Machine& m) {
  if (m.consumer_threads == 0) return 0;
  return ceil_div(ceil_div(t.tm * t.tn * m.accumulator_bytes, 4), m.consumer_threads) + m.register_overhead;
}

const char* to_string(Limit l) {
  switch (l) {
    case Limit::None: return "none";
    case Limit::SharedMemory: return "shared memory";
    case Limit::RegistersPerThread: return "registers per thread";
    case Limit::RegistersPerBlock: return "registers per block";
  }
  return "?";
}

Limit exceeded_limit(const TileConfig& c, const Machine& m) {
  int64_t regs = consumer_registers(c.tile, m);
  if (m.max_registers_per_thread && regs > m.max_registers_per_thread) return Limit::RegistersPerThread;
  // Producers are budgeted at register_overhead each: they hold addresses, not tiles.
  if (m.registers_per_block &&
      regs * m.consumer_threads + m.register_overhead * m.producer_threads > m.registers_per_block)
    return Limit::RegistersPerBlock;
  if (!fits_smem(c, m)) return Limit::SharedMemory;
  return Limit::None;
}

std::string describe_limit(const TileConfig& c, const Machine& m) {
  int64_t regs = consumer_registers(c.tile, m);
  switch (exceeded_limit(c, m)) {
    case Limit::None: return "fits";
    case Limit::SharedMemory:
      return fmt::format("needs {} bytes of shared memory, the machine has {}", smem_footprint(c, m), m.smem_bytes);
    case Limit::RegistersPerThread:
      return fmt::format("needs {} registers per consumer thread for its accumulator, the machine allows {}", regs,
                         m.max_registers_per_thread);
    case Limit::RegistersPerBlock:
      return fmt::format("needs {} registers per block, the machine has {}",
                         regs * m.consumer_threads + m.register_overhead * m.producer_threads,
                         m.registers_per_block);
  }
  return "?";
}

int64_t deepest_fitting_stages(const Tile& t, const Machine& m) {
  if (exceeded_limit({t, 1}, m) == Limit::RegistersPerThread || exceeded_limit({t, 1}, m) == Limit::RegistersPerBlock)
    return 0;
  if (m.smem_bytes == 0) return INT64_MAX / 2;
  int64_t room = m.smem_bytes - epilogue_bytes(t, m);
  return room < 0 ? 0 : room / stage_bytes(t, m);
}

Tile parse_tile(const std::string& text) {
  std::string_view s = text;
  size_t x1 = s.find('x'), x2 = x1 == std::string_view::npos ? x1 : s.find('x', x1 + 1);
  if (x1 == std::string_view::npos || x2 == std::string_view::npos || s.find('x', x2 + 1) != std::string_view::npos)
    throw command_line_error(fmt::format("tile '{}' must be written TMxTNxTK, e.g. 128x64x32", text));
  Tile t{parse_positive(s.substr(0, x1), "TM"), parse_positive(s.substr(x1 + 1, x2 - x1 - 1), "TN"),
         parse_positive(s.substr(x2 + 1), "TK")};
  check_tile(t);
  return t;
}

std::string to_string(const Tile& t) { return fmt::format("{}x{}x{}", t.tm, t.tn, t.tk); }

Objective parse_objective(const std::string& text) {
  if (text == "lex") return Objective::Lex;
  if (text == "total") return Objective::Total;
  if (text == "wait") return Objective::Wait;
  throw command_line_error(fmt::format("objective '{}' must be one of lex, total, wait", text));
}

const char* to_string(Objective o) {
  switch (o) {
    case Objective::Lex: return "lex";
    case Objective::Total: return "total";
    case Objective::Wait: return "wait";
  }
  return "?";
}

int64_t primary_value(Objective o, const Cost& c) { return o == Objective::Wait ? c.wait : c.total; }

bool preferred(Objective o, const Cost& a, const TileConfig& ca, const Cost& b, const TileConfig& cb,
               const Machine& m) {
  auto key = [&](const Cost& c, const TileConfig& cfg) {
    int64_t second = o == Objective::Lex ? c.wait : 0;
    return std::tuple(primary_value(o, c), second, smem_footprint(cfg, m), cfg.stages, cfg.tile.tm, cfg.tile.tn,
                      cfg.tile.tk);
  };
  return key(a, ca) < key(b, cb);
}

size_t SearchSpace::size() const {
  return tm.size() * tn.size() * tk.size() * static_cast<size_t>(std::max<int64_t>(0, max_stages - min_stages + 1));
}

std::vector<int64_t> normalise_candidates(std::vector<int64_t> values, const std::string& what) {
  if (values.empty()) throw command_line_error(fmt::format("{}: the candidate list is empty", what));
  for (int64_t v : values)
    if (v < 1 || v > kMaxTileDim)
      throw command_line_error(fmt::format("{}: candidate {} is out of range [1, {}]", what, v, kMaxTileDim));
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

std::vector<int64_t> parse_candidates(const std::vector<std::string>& items, const std::string& what) {
  std::vector<int64_t> values;
  for (const std::string& item : items) {
    std::string_view s = item;
    size_t c1 = s.find(':');
    if (c1 == std::string_view::npos) {
      values.push_back(parse_positive(s, what));
      continue;
    }
    size_t c2 = s.find(':', c1 + 1);
    if (c2 == std::string_view::npos || s.find(':', c2 + 1) != std::string_view::npos)
      throw command_line_error(fmt::format("{}: '{}' must be a value or a range first:last:step, e.g. 16:256:16", what, item));
    int64_t first = parse_positive(s.substr(0, c1), what), last = parse_positive(s.substr(c1 + 1, c2 - c1 - 1), what),
            step = parse_positive(s.substr(c2 + 1), what);
    if (first > last) throw command_line_error(fmt::format("{}: the range '{}' is empty", what, item));
    if (last > kMaxTileDim)
      throw command_line_error(fmt::format("{}: range '{}' goes past the largest tile size {}", what, item, kMaxTileDim));
    for (int64_t v = first; v <= last; v += step) values.push_back(v);
  }
  return normalise_candidates(std::move(values), what);
}

std::pair<int64_t, int64_t> parse_stage_range(const std::string& text) {
  std::string_view s = text;
  size_t dash = s.find('-');
  int64_t lo = parse_positive(s.substr(0, dash), "--stages");
  int64_t hi = dash == std::string_view::npos ? lo : parse_positive(s.substr(dash + 1), "--stages");
  if (lo > hi) throw command_line_error(fmt::format("--stages {}: the range is empty", text));
  check_stages(lo);
  check_stages(hi);
  return {lo, hi};
}

}  // namespace warpsat
