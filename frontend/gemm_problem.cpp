#include "frontend/gemm_problem.h"

#include <algorithm>
#include <charconv>
#include <tuple>

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/sm90.h"

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
  if (text == "hopper") return GemmModel::Hopper;
  throw command_line_error(fmt::format("model '{}' must be 'seed001', 'async' or 'hopper'", text));
}

const char* to_string(GemmModel m) {
  switch (m) {
    case GemmModel::Seed001: return "seed001";
    case GemmModel::Async: return "async";
    case GemmModel::Hopper: return "hopper";
  }
  return "?";
}

const char* to_string(MainloopSchedule s) {
  switch (s) {
    case MainloopSchedule::Single: return "single";
    case MainloopSchedule::Cooperative: return "cooperative";
    case MainloopSchedule::PingPong: return "pingpong";
  }
  return "?";
}

const char* to_string(TileScheduler s) {
  switch (s) {
    case TileScheduler::Wave: return "wave";
    case TileScheduler::Persistent: return "persistent";
    case TileScheduler::StreamK: return "stream-k";
  }
  return "?";
}

MainloopSchedule parse_schedule(const std::string& text) {
  if (text == "cooperative") return MainloopSchedule::Cooperative;
  if (text == "pingpong" || text == "ping-pong") return MainloopSchedule::PingPong;
  throw command_line_error(fmt::format("schedule '{}' must be 'cooperative' or 'pingpong'", text));
}

TileScheduler parse_tile_scheduler(const std::string& text) {
  if (text == "persistent" || text == "data-parallel") return TileScheduler::Persistent;
  if (text == "stream-k" || text == "streamk") return TileScheduler::StreamK;
  throw command_line_error(fmt::format("tile scheduler '{}' must be 'persistent' or 'stream-k'", text));
}

ClusterShape parse_cluster(const std::string& text) {
  size_t x = text.find('x');
  if (x == std::string::npos || text.find('x', x + 1) != std::string::npos)
    throw command_line_error(fmt::format("cluster '{}' must be written MxN, e.g. 2x1", text));
  ClusterShape c{parse_positive(std::string_view(text).substr(0, x), "cluster"),
                 parse_positive(std::string_view(text).substr(x + 1), "cluster")};
  if (c.m > 16 || c.n > 16) throw command_line_error(fmt::format("cluster '{}' is larger than any GPU allows", text));
  return c;
}

std::string to_string(const ClusterShape& c) { return fmt::format("{}x{}", c.m, c.n); }

std::string to_string(const KernelVariant& v) {
  return fmt::format("{} {} {}", to_string(v.cluster), to_string(v.schedule), to_string(v.scheduler));
}

int64_t stage_count(const GemmShape& s, const Tile& t) { return ceil_div(s.k, t.tk); }

int64_t wave_count(const GemmShape& s, const Tile& t, const Machine& m) {
  return ceil_div(ceil_div(s.m, t.tm) * ceil_div(s.n, t.tn), m.sms);
}

int64_t cluster_slots(const Machine& m, const ClusterShape& c) { return std::max<int64_t>(1, m.sms / c.size()); }

int64_t cluster_tiles(const GemmShape& s, const TileConfig& c) {
  return ceil_div(ceil_div(s.m, c.tile.tm), c.variant.cluster.m) * ceil_div(ceil_div(s.n, c.tile.tn), c.variant.cluster.n);
}

int64_t wave_count(const GemmShape& s, const TileConfig& c, const Machine& m) {
  if (!c.is_sm90()) return wave_count(s, c.tile, m);
  return ceil_div(cluster_tiles(s, c), cluster_slots(m, c.variant.cluster));
}

OperandType machine_operand_type(const Machine& m) {
  if (!m.element_type.empty()) return parse_operand_type(m.element_type);
  return m.element_bytes == 1 ? OperandType::E4m3 : m.element_bytes == 4 ? OperandType::Tf32 : OperandType::Bf16;
}

HopperDurations hopper_durations(const Machine& m, const TileConfig& c) {
  const Tile& t = c.tile;
  OperandType e = machine_operand_type(m);
  int64_t in_bits = element_bits(e), out_bytes = output_bits(e) / 8;
  if (!m.l2_throughput.is_positive())
    throw command_line_error(fmt::format("machine {} has no l2_throughput: the hopper model needs the sm90 figures "
                                         "(docs/machines.md)",
                                         m.name));
  // ℓ: one SM's share of the L2 read bandwidth, and with multicast a CTA
  // issues only its share of the tile the cluster's row or column shares.
  auto over_l2 = [&](int64_t bytes, int64_t sharing) {
    Rational share(m.l2_throughput.num() * sharing, m.l2_throughput.den() * m.sms);
    return checked_duration(share.ceil_divide(bytes), 0, "a hopper transfer time");
  };
  auto transfer = [&](int64_t bytes, int64_t sharing) {
    int64_t l2 = over_l2(bytes, sharing);
    if (!m.smem_fill_throughput.is_positive()) return l2;
    return std::max(l2, checked_duration(m.smem_fill_throughput.ceil_divide(bytes), 0, "a hopper transfer time"));
  };
  int64_t a_bytes = t.tm * t.tk * in_bits / 8, b_bytes = t.tk * t.tn * in_bits / 8;
  HopperDurations d;
  d.transfer_a = transfer(a_bytes, c.variant.cluster.n);
  d.transfer_b = transfer(b_bytes, c.variant.cluster.m);
  d.latency = m.load_latency;
  d.math = checked_duration(m.compute_throughput.ceil_divide(t.tm * t.tn * t.tk), m.compute_latency, "T_MATH");
  d.epilogue = m.epilogue + over_l2(t.tm * t.tn * out_bytes, 1);
  d.partial = over_l2(t.tm * t.tn * 4, 1);
  d.init = m.init;
  return d;
}

namespace {
int64_t stage_bytes(const Tile& t, const Machine& m) { return (t.tm * t.tk + t.tk * t.tn) * m.element_bytes; }
int64_t epilogue_bytes(const Tile& t, const Machine& m) { return t.tm * t.tn * m.output_bytes; }
}  // namespace

int64_t depth_irrelevant_from(const TileConfig& c, const Machine& m, GemmModel model) {
  int64_t first = 0, step = 0, math = 0;
  if (model == GemmModel::Hopper) {
    HopperDurations d = hopper_durations(m, c);
    step = d.transfer_a + d.transfer_b;
    first = step + d.latency;
    math = d.math;
  } else {
    Durations d = durations(m, c.tile);
    step = model == GemmModel::Async ? async_transfer(d, m) : d.load_a + d.load_b;
    first = model == GemmModel::Async ? step + m.load_latency : step;
    math = d.math;
  }
  int64_t per_stage = std::max<int64_t>(1, std::max(step, math));
  return std::max<int64_t>(1, ceil_div(first + math, per_stage));
}

int64_t hbm_floor(const GemmShape& s, const Machine& m) {
  if (!m.hbm_throughput.is_positive()) return 0;
  OperandType e = machine_operand_type(m);
  __extension__ __int128 bits = (static_cast<__int128>(s.m) * s.k + static_cast<__int128>(s.k) * s.n) * element_bits(e) +
                                static_cast<__int128>(s.m) * s.n * output_bits(e);
  __int128 bytes = (bits + 7) / 8;
  if (bytes > INT64_MAX / 4) throw command_line_error("the problem's bytes overflow the model's 64-bit arithmetic");
  return checked_duration(m.hbm_throughput.ceil_divide(static_cast<int64_t>(bytes)), 0, "the HBM floor");
}

StreamKPlan stream_k_plan(const GemmShape& s, const TileConfig& c, const Machine& m) {
  StreamKPlan p;
  if (c.variant.scheduler != TileScheduler::StreamK) return p;
  int64_t tiles = cluster_tiles(s, c), slots = cluster_slots(m, c.variant.cluster);
  int64_t stages = stage_count(s, c.tile), size = c.variant.cluster.size();
  int64_t full = tiles / slots, tail = tiles - full * slots;
  // CUTLASS's heuristic: no quantisation, too few k-blocks to split, or a
  // last wave at least half full: data-parallel.
  if (tail == 0 || stages <= 8 || 2 * tail >= slots) return p;
  int64_t dp_waves = full > 1 ? full - 1 : 0;
  int64_t sk_tiles = tiles - dp_waves * slots;
  // Units of at least 8 k-blocks, counted in CTAs and rounded to clusters.
  int64_t units = std::min(slots, (stages * sk_tiles * size / 8) / size);
  if (units == 0) return p;
  return {dp_waves, sk_tiles, units};
}

std::vector<StreamKPiece> stream_k_pieces(const StreamKPlan& p, int64_t stages_per_tile, int64_t unit) {
  std::vector<StreamKPiece> pieces;
  __extension__ __int128 total = static_cast<__int128>(p.sk_tiles) * stages_per_tile;
  int64_t a = static_cast<int64_t>(total * unit / p.units), b = static_cast<int64_t>(total * (unit + 1) / p.units);
  for (int64_t at = a; at < b;) {
    int64_t tile = at / stages_per_tile, end = std::min(b, (tile + 1) * stages_per_tile);
    pieces.push_back({tile, end - at, end == (tile + 1) * stages_per_tile});
    at = end;
  }
  return pieces;
}

int64_t smem_footprint(const TileConfig& c, const Machine& m) {
  if (c.is_sm90()) return sm90_smem_footprint(c, machine_operand_type(m));
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
    case Limit::NotBuildable: return "not buildable";
  }
  return "?";
}

namespace {
int64_t sm90_stage_limit(const TileConfig& c, const Machine& m) {
  return sm90_auto_stages(c.tile, c.variant.schedule, machine_operand_type(m), m.smem_bytes);
}

Limit sm90_exceeded_limit(const TileConfig& c, const Machine& m) {
  if (sm90_unbuildable(c, machine_operand_type(m))) return Limit::NotBuildable;
  int64_t regs = sm90_accumulator_registers(c.tile, c.variant.schedule) + m.register_overhead;
  if (regs > sm90_consumer_register_budget(c.tile, c.variant.schedule)) return Limit::RegistersPerThread;
  if (c.stages > sm90_stage_limit(c, m)) return Limit::SharedMemory;
  return Limit::None;
}

std::string sm90_describe_limit(const TileConfig& c, const Machine& m) {
  OperandType e = machine_operand_type(m);
  switch (sm90_exceeded_limit(c, m)) {
    case Limit::None: return "fits";
    case Limit::NotBuildable: return *sm90_unbuildable(c, e);
    case Limit::RegistersPerThread:
      return fmt::format("needs {} accumulator registers per consumer thread plus {} others; setmaxnreg gives a "
                         "{} consumer thread {}",
                         sm90_accumulator_registers(c.tile, c.variant.schedule), m.register_overhead,
                         to_string(c.variant.schedule), sm90_consumer_register_budget(c.tile, c.variant.schedule));
    case Limit::SharedMemory:
      return fmt::format("D = {} stages of {} bytes do not fit: beside the epilogue's {} bytes, CUTLASS's carve-out "
                         "leaves room for {} of the {} bytes",
                         c.stages, sm90_stage_smem_bytes(c.tile, e),
                         sm90_epilogue_smem_bytes(c.tile, c.variant.schedule, e), sm90_stage_limit(c, m), m.smem_bytes);
    default: return "?";
  }
}
}  // namespace

Limit exceeded_limit(const TileConfig& c, const Machine& m) {
  if (c.is_sm90()) return sm90_exceeded_limit(c, m);
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
  if (c.is_sm90()) return sm90_describe_limit(c, m);
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
    case Limit::NotBuildable: return "not buildable";
  }
  return "?";
}

int64_t deepest_fitting_stages(const TileConfig& c, const Machine& m) {
  if (!c.is_sm90()) return deepest_fitting_stages(c.tile, m);
  TileConfig one = c;
  one.stages = 1;
  Limit l = sm90_exceeded_limit(one, m);
  if (l == Limit::NotBuildable || l == Limit::RegistersPerThread) return 0;
  return std::max<int64_t>(0, sm90_stage_limit(c, m));
}

int64_t deepest_fitting_stages(const Tile& t, const Machine& m) {
  if (exceeded_limit({t, 1}, m) == Limit::RegistersPerThread || exceeded_limit({t, 1}, m) == Limit::RegistersPerBlock)
    return 0;
  if (m.smem_bytes == 0) return INT64_MAX / 2;
  int64_t room = m.smem_bytes - epilogue_bytes(t, m);
  return room < 0 ? 0 : room / stage_bytes(t, m);
}

Tile parse_tile(const std::string& text) {
  // TMxTNxTK as CUTLASS writes it, or TM,TN,TK as the --block lists are
  // written (frontend/shape.h): never one refused where the other is taken.
  std::string_view s = text;
  char separator = s.find(',') != std::string_view::npos ? ',' : 'x';
  size_t x1 = s.find(separator), x2 = x1 == std::string_view::npos ? x1 : s.find(separator, x1 + 1);
  bool mixed = separator == ',' && s.find('x') != std::string_view::npos;
  if (mixed || x1 == std::string_view::npos || x2 == std::string_view::npos ||
      s.find(separator, x2 + 1) != std::string_view::npos)
    throw command_line_error(
        fmt::format("tile '{}' must be written TMxTNxTK or TM,TN,TK, e.g. 128x64x32", text));
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
                      cfg.tile.tk, cfg.variant);
  };
  return key(a, ca) < key(b, cb);
}

const KernelVariant& SearchSpace::variant(size_t i) const {
  static const KernelVariant seed001_kernel{};  // immutable: the default kernel of every space without variants
  return variants.empty() ? seed001_kernel : variants[i];
}

size_t SearchSpace::size() const {
  size_t depths = auto_stages ? 1 : static_cast<size_t>(std::max<int64_t>(0, max_stages - min_stages + 1));
  return tm.size() * tn.size() * tk.size() * variant_count() * depths;
}

std::pair<int64_t, int64_t> depth_range(const SearchSpace& space, const Tile& t, const KernelVariant& v,
                                        const Machine& m) {
  if (!space.auto_stages || v.schedule == MainloopSchedule::Single) return {space.min_stages, space.max_stages};
  int64_t d = std::max<int64_t>(2, sm90_auto_stages(t, v.schedule, machine_operand_type(m), m.smem_bytes));
  d = std::min(d, kMaxStages);
  return {d, d};
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
