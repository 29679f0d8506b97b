// What a CUTLASS 3 Hopper (sm_90a) warp-specialized GEMM can be built with,
// and what its choices cost in shared memory and registers: the rules of the
// `--target sm90` configuration space (docs/machines.md lists each with its
// source: the PTX ISA's wgmma shapes, the TMA box limits, and CUTLASS's
// collective builders, whose stage-count and epilogue arithmetic is
// reproduced here and checked against CUTLASS itself by the emitted code's
// static_asserts, tests/cutlass).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/machine.h"

namespace warpsat {

struct Tile;
struct TileConfig;
enum class MainloopSchedule;

// Operand types the sm90 space knows. The accumulator is fp32; the output D
// is bf16 for bf16 and fp8 operands, fp16 for fp16, fp32 for tf32 (C is not
// read: D = A B).
enum class OperandType { Bf16, F16, E4m3, E5m2, Tf32 };
OperandType parse_operand_type(const std::string& text);  // InputError (command line)
const char* to_string(OperandType e);                     // "bf16"
int64_t element_bits(OperandType e);                      // 16, 8 or 32
int64_t output_bits(OperandType e);                       // D's bits
const char* cutlass_type(OperandType e);                  // "cutlass::bfloat16_t"; "float" for tf32
const char* cutlass_output_type(OperandType e);
// The dense tensor-core rate relative to 16-bit operands (H100 datasheet:
// fp8 twice, tf32 half).
struct RateFactor {
  int64_t num = 1, den = 1;
};
RateFactor tensor_rate_factor(OperandType e);

// The machine with its operands re-typed: element_type and element_bytes
// set, and compute_throughput scaled by the tensor rate of the new type
// relative to the machine's own.
Machine with_operand_type(Machine m, OperandType e);

// wgmma's K per instruction (16-bit: 16, 8-bit: 32, tf32: 8) and the
// 128-byte swizzle row in elements (64, 128, 32): TK must be a multiple of both.
int64_t wgmma_k(OperandType e);
int64_t swizzle_row_elements(OperandType e);

// The legal candidate values of the sm90 space for an element type.
std::vector<int64_t> sm90_tm_candidates();                 // 64, 128, 192, 256
std::vector<int64_t> sm90_tn_candidates();                 // 8..256 step 8
std::vector<int64_t> sm90_tk_candidates(OperandType e);    // multiples of the swizzle row up to 256

inline constexpr int64_t kSm90ThreadsPerBlock = 384;  // one producer and two consumer warp groups
inline constexpr int64_t kSm90PortableClusterSize = 8;
inline constexpr int64_t kSm90MaxClusterSize = 16;     // with cudaFuncAttributeNonPortableClusterSizeAllowed

// Why a configuration cannot be built as a CUTLASS 3 sm_90a kernel (tile
// shape, cluster, schedule), or nothing. Shared memory and registers are
// separate limits (below).
std::optional<std::string> sm90_unbuildable(const TileConfig& c, OperandType e);

// Accumulator registers per consumer thread: TM TN fp32 over 256 threads
// (cooperative: two warp groups share the tile) or 128 (ping-pong: one warp
// group owns it).
int64_t sm90_accumulator_registers(const Tile& t, MainloopSchedule s);
// What setmaxnreg gives a consumer thread in CUTLASS's kernels: 232, or 240
// when the accumulator alone takes 208 or more (the producer then keeps 24).
int64_t sm90_consumer_register_budget(const Tile& t, MainloopSchedule s);

// sizeof(CollectiveEpilogue::SharedStorage) of CUTLASS's sm90 TMA
// warp-specialized epilogue with EpilogueTileAuto and no source C.
int64_t sm90_epilogue_smem_bytes(const Tile& t, MainloopSchedule s, OperandType e);
// One pipeline stage as StageCountAutoCarveout budgets it: the A and B tiles
// rounded up to 128 bytes, plus the stage's two 8-byte barriers.
int64_t sm90_stage_smem_bytes(const Tile& t, OperandType e);
// The stage count StageCountAutoCarveout<epilogue bytes> computes from
// `capacity` bytes (232,448 on sm_90): (capacity rounded down to 128 minus
// the carve-out rounded up to 128) / the stage bytes. May be below 2.
int64_t sm90_auto_stages(const Tile& t, MainloopSchedule s, OperandType e, int64_t capacity);
// What the carve-out arithmetic budgets for D stages: D stage bytes plus
// the carve-out rounded up to 128.
int64_t sm90_smem_footprint(const TileConfig& c, OperandType e);

}  // namespace warpsat
