#include "frontend/sm90.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/gemm_problem.h"
#include "frontend/machine.h"

namespace warpsat {

OperandType parse_operand_type(const std::string& text) {
  if (text == "bf16") return OperandType::Bf16;
  if (text == "f16" || text == "fp16") return OperandType::F16;
  if (text == "e4m3") return OperandType::E4m3;
  if (text == "e5m2") return OperandType::E5m2;
  if (text == "tf32") return OperandType::Tf32;
  throw command_line_error(fmt::format("element type '{}' must be one of bf16, f16, e4m3, e5m2, tf32", text));
}

const char* to_string(OperandType e) {
  switch (e) {
    case OperandType::Bf16: return "bf16";
    case OperandType::F16: return "f16";
    case OperandType::E4m3: return "e4m3";
    case OperandType::E5m2: return "e5m2";
    case OperandType::Tf32: return "tf32";
  }
  return "?";
}

int64_t element_bits(OperandType e) {
  switch (e) {
    case OperandType::Bf16:
    case OperandType::F16: return 16;
    case OperandType::E4m3:
    case OperandType::E5m2: return 8;
    case OperandType::Tf32: return 32;
  }
  return 16;
}

int64_t output_bits(OperandType e) { return e == OperandType::Tf32 ? 32 : 16; }

const char* cutlass_type(OperandType e) {
  switch (e) {
    case OperandType::Bf16: return "cutlass::bfloat16_t";
    case OperandType::F16: return "cutlass::half_t";
    case OperandType::E4m3: return "cutlass::float_e4m3_t";
    case OperandType::E5m2: return "cutlass::float_e5m2_t";
    case OperandType::Tf32: return "float";  // CUTLASS's builder runs fp32 operands as tf32
  }
  return "?";
}

const char* cutlass_output_type(OperandType e) {
  switch (e) {
    case OperandType::F16: return "cutlass::half_t";
    case OperandType::Tf32: return "float";
    default: return "cutlass::bfloat16_t";
  }
}

RateFactor tensor_rate_factor(OperandType e) {
  switch (element_bits(e)) {
    case 8: return {2, 1};
    case 32: return {1, 2};
    default: return {1, 1};
  }
}

Machine with_operand_type(Machine m, OperandType e) {
  RateFactor from = tensor_rate_factor(machine_operand_type(m)), to = tensor_rate_factor(e);
  const Rational& c = m.compute_throughput;
  m.compute_throughput = Rational(c.num() * to.num * from.den, c.den() * to.den * from.num);
  m.element_type = to_string(e);
  m.element_bytes = element_bits(e) / 8;
  return m;
}

int64_t wgmma_k(OperandType e) { return 256 / element_bits(e); }  // 32 bytes of K per wgmma
int64_t swizzle_row_elements(OperandType e) { return 128 * 8 / element_bits(e); }

std::vector<int64_t> sm90_tm_candidates() { return {64, 128, 192, 256}; }

std::vector<int64_t> sm90_tn_candidates() {
  std::vector<int64_t> v;
  for (int64_t n = 8; n <= 256; n += 8) v.push_back(n);
  return v;
}

std::vector<int64_t> sm90_tk_candidates(OperandType e) {
  std::vector<int64_t> v;
  for (int64_t k = swizzle_row_elements(e); k <= 256; k += swizzle_row_elements(e)) v.push_back(k);
  return v;
}

std::optional<std::string> sm90_unbuildable(const TileConfig& c, OperandType e) {
  const Tile& t = c.tile;
  const KernelVariant& v = c.variant;
  bool coop = v.schedule == MainloopSchedule::Cooperative;
  if (v.schedule == MainloopSchedule::Single || v.scheduler == TileScheduler::Wave)
    return std::string("not an sm90 kernel (no CUTLASS schedule and tile scheduler)");
  if (t.tm % 64 != 0 || t.tm > 256)
    return fmt::format("TM = {} is not a whole number of 64-row wgmma warp-group tiles up to 256", t.tm);
  if (coop && t.tm % 128 != 0)
    return fmt::format("TM = {}: the cooperative schedule splits M over two 64-row consumer warp groups and its "
                       "epilogue tile is 128 rows, so TM must be a multiple of 128",
                       t.tm);
  if (t.tn % 8 != 0 || t.tn > 256) return fmt::format("TN = {} is not a wgmma N (a multiple of 8 up to 256)", t.tn);
  int64_t row = swizzle_row_elements(e);
  if (t.tk % row != 0 || t.tk % wgmma_k(e) != 0 || t.tk > 256)
    return fmt::format("TK = {} is not a whole number of {} 128-byte swizzle rows ({} {} elements; wgmma K is {}) up "
                       "to 256",
                       t.tk, to_string(e), row, to_string(e), wgmma_k(e));
  for (int64_t extent : {v.cluster.m, v.cluster.n})
    if (extent != 1 && extent != 2 && extent != 4)
      return fmt::format("cluster {}: TMA multicast splits each CTA's copy box among the cluster's CTAs and asserts "
                         "that their count divides it (make_tma_copy); the 128-byte swizzled boxes are powers of "
                         "two, so an extent is 1, 2 or 4",
                         to_string(v.cluster));
  if (v.cluster.size() > kSm90MaxClusterSize)
    return fmt::format("cluster {} has {} CTAs; sm_90 allows at most {} (8 portable)", to_string(v.cluster),
                       v.cluster.size(), kSm90MaxClusterSize);
  if (t.tn % (8 * v.cluster.m) != 0)
    return fmt::format("TN = {}: multicast splits B's TN rows over the {} CTAs of a cluster column in whole 8-row "
                       "swizzle atoms",
                       t.tn, v.cluster.m);
  if (v.schedule == MainloopSchedule::PingPong && v.scheduler == TileScheduler::StreamK)
    return std::string("CUTLASS's ping-pong kernel does not support the stream-K tile scheduler");
  return std::nullopt;
}

int64_t sm90_accumulator_registers(const Tile& t, MainloopSchedule s) {
  int64_t threads = s == MainloopSchedule::Cooperative ? 256 : 128;
  return (t.tm * t.tn + threads - 1) / threads;  // fp32: one register per element
}

int64_t sm90_consumer_register_budget(const Tile& t, MainloopSchedule s) {
  return sm90_accumulator_registers(t, s) >= 208 ? 240 : 232;
}

namespace {
int64_t round_up(int64_t x, int64_t a) { return (x + a - 1) / a * a; }
}  // namespace

int64_t sm90_epilogue_smem_bytes(const Tile& t, MainloopSchedule s, OperandType e) {
  bool coop = s == MainloopSchedule::Cooperative;
  int64_t out = output_bits(e);
  // EpilogueTileAuto: 128 (cooperative) or 64 rows, and N from gcd(min(32 or 64, TN), TN).
  int64_t epi_m = std::min<int64_t>(coop ? 128 : 64, t.tm);
  int64_t n_perf = !coop && out == 8 && t.tn % 64 == 0 ? 64 : 32;
  int64_t epi_n = std::gcd(std::min(n_perf, t.tn), t.tn);
  int64_t epi_tiles = (t.tm / epi_m) * (t.tn / epi_n);
  int64_t stages_d = std::min<int64_t>(epi_tiles, 2), stages_c = std::min<int64_t>(epi_tiles, 4);
  // D's smem is aligned to its swizzle: a row of 128, 64, 32 bytes swizzles
  // (1024-, 512-, 256-byte alignment), anything narrower interleaves (128).
  int64_t row_bytes = epi_n * out / 8;
  int64_t align = row_bytes % 128 == 0 ? 1024 : row_bytes % 64 == 0 ? 512 : row_bytes % 32 == 0 ? 256 : 128;
  int64_t d_bytes = epi_m * epi_n * out / 8 * stages_d;
  // The tensors (D, then the fusion's empty storage, one byte), then the C
  // load pipeline's full and empty barriers, 8 bytes each per C stage.
  return round_up(round_up(d_bytes + 1, align) + 16 * stages_c, align);
}

int64_t sm90_stage_smem_bytes(const Tile& t, OperandType e) {
  int64_t bits = element_bits(e);
  return round_up((t.tm * t.tk + t.tn * t.tk) * bits / 8, 128) + 16;
}

int64_t sm90_auto_stages(const Tile& t, MainloopSchedule s, OperandType e, int64_t capacity) {
  int64_t carve_out = round_up(sm90_epilogue_smem_bytes(t, s, e), 128);
  return (capacity / 128 * 128 - carve_out) / sm90_stage_smem_bytes(t, e);
}

int64_t sm90_smem_footprint(const TileConfig& c, OperandType e) {
  return c.stages * sm90_stage_smem_bytes(c.tile, e) +
         round_up(sm90_epilogue_smem_bytes(c.tile, c.variant.schedule, e), 128);
}

}  // namespace warpsat
