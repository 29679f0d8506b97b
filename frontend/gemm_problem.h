// The warp-specialized GEMM (GeMM-WS) problem of seed 001, section 2: shapes,
// tilings, and the quantities the model derives from them with exact integer
// arithmetic. Shared by the simulator (emulator/) and the Z3 encoding
// (encodings/), so both start from the same durations.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/machine.h"

namespace warpsat {

struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
};

struct Tile {
  int64_t tm = 0, tn = 0, tk = 0;
  friend auto operator<=>(const Tile&, const Tile&) = default;
};

// One point of the design space: a tiling and a circular-buffer depth D.
struct TileConfig {
  Tile tile;
  int64_t stages = 2;  // D, the number of (A, B) tile pairs the buffer holds
  friend auto operator<=>(const TileConfig&, const TileConfig&) = default;
};

// Which pipeline model the events follow (docs/models.md):
//  - Seed001: seed 001's equations 1-3; a tile load occupies the DMA for its
//    whole duration, latency included, and the wave ends at Sm(S) (the seed's
//    accounting leaves the last multiply out).
//  - Async: TMA / cp.async pipelines; the producer issues a stage's loads back
//    to back, each occupying the copy path for its transfer time and landing a
//    latency later; at most D stages in flight or resident; the wave ends when
//    its last multiply ends.
enum class GemmModel { Seed001, Async };
GemmModel parse_model(const std::string& text);  // "seed001" | "async"; InputError (command line) otherwise
const char* to_string(GemmModel m);

// Per-tile durations in the machine's time unit (integers, rounded up).
struct Durations {
  int64_t math = 0;      // T_MATH   = ceil(TM*TN*TK / compute_throughput) + compute_latency
  int64_t load_a = 0;    // T_LOAD_A = ceil(TM*TK / load_throughput) + load_latency
  int64_t load_b = 0;    // T_LOAD_B = ceil(TK*TN / load_throughput) + load_latency
  int64_t init = 0;      // T_INIT
  int64_t epilogue = 0;  // T_EPILOGUE
};

// Limits that keep the model's arithmetic inside 64 bits and its memory small.
inline constexpr int64_t kMaxMatrixDim = int64_t{1} << 31;
inline constexpr int64_t kMaxTileDim = int64_t{1} << 16;
inline constexpr int64_t kMaxStages = 1024;          // buffer depth D
inline constexpr int64_t kMaxStageCount = int64_t{1} << 20;  // S = ceil(K/TK)

// Throws InputError (command line) when a value is out of range.
void check_shape(const GemmShape& s);
void check_tile(const Tile& t);
void check_stages(int64_t d);

Durations durations(const Machine& m, const Tile& t);
// The copy path's occupancy for a stage's two loads under the async model:
// T_LOAD_A + T_LOAD_B without the two load latencies.
int64_t async_transfer(const Durations& d, const Machine& m);
int64_t stage_count(const GemmShape& s, const Tile& t);                   // S
int64_t wave_count(const GemmShape& s, const Tile& t, const Machine& m);  // W
// D * (TM*TK + TK*TN) * element_bytes for the stage buffers, plus
// TM*TN*output_bytes when the epilogue stages C through shared memory.
int64_t smem_footprint(const TileConfig& c, const Machine& m);
bool fits_smem(const TileConfig& c, const Machine& m);
// 32-bit registers per consumer thread: its share of the TM x TN accumulator
// plus the machine's register_overhead (0 when the machine has no
// consumer_threads).
int64_t consumer_registers(const Tile& t, const Machine& m);

// The hardware limit a configuration breaks, if any (docs/machines.md). The
// sweep and every encoding exclude exactly the configurations for which this
// is not None.
enum class Limit { None, SharedMemory, RegistersPerThread, RegistersPerBlock };
const char* to_string(Limit l);
Limit exceeded_limit(const TileConfig& c, const Machine& m);
// Why, with the figures: "needs 262144 bytes of shared memory, the machine has 232448".
std::string describe_limit(const TileConfig& c, const Machine& m);
// The deepest buffer that fits the tile, or 0 when none does (a register limit,
// or not even one stage fits); at least INT64_MAX / 2 when shared memory is unconstrained.
int64_t deepest_fitting_stages(const Tile& t, const Machine& m);

// "128x64x32" -> Tile; throws InputError (command line) on anything else.
Tile parse_tile(const std::string& text);
std::string to_string(const Tile& t);  // "128x64x32"

enum class Objective {
  Lex,    // minimise total, then wait (the seed's two goals, in order)
  Total,  // minimise total only
  Wait,   // minimise wait only
};
Objective parse_objective(const std::string& text);
const char* to_string(Objective o);

// The two figures of merit of a configuration (seed 001, section 3.2).
struct Cost {
  int64_t total = 0;  // (Sm(S) + T_EPILOGUE) * W + T_INIT
  int64_t wait = 0;   // W * (total MATH-warp waiting time of one wave)
  friend bool operator==(const Cost&, const Cost&) = default;
};

// The value an objective minimises first: total for Lex and Total, wait for Wait.
int64_t primary_value(Objective o, const Cost& c);

// A strict total order on (cost, configuration) so that the solver and the
// exhaustive sweep name the same single best configuration among ties: the
// objective's values first, then the smaller shared-memory footprint, then
// the smaller depth D, then (TM, TN, TK) in order.
bool preferred(Objective o, const Cost& a, const TileConfig& ca, const Cost& b, const TileConfig& cb,
               const Machine& m);

// The candidate set the optimiser and the exhaustive sweep range over.
struct SearchSpace {
  std::vector<int64_t> tm, tn, tk;  // sorted, distinct
  int64_t min_stages = 2, max_stages = 8;

  size_t size() const;  // |tm| * |tn| * |tk| * (max - min + 1)
};

// Sorts, deduplicates and range-checks a candidate list (command line).
std::vector<int64_t> normalise_candidates(std::vector<int64_t> values, const std::string& what);
// Items such as "64" or "16:256:16" (first:last:step, inclusive) -> the
// normalised candidate list; throws InputError (command line) naming the item.
std::vector<int64_t> parse_candidates(const std::vector<std::string>& items, const std::string& what);
// "2-8" or "4" -> [min, max]; throws InputError (command line).
std::pair<int64_t, int64_t> parse_stage_range(const std::string& text);

}  // namespace warpsat
