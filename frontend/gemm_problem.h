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

// How the consumer warps share the tiles (docs/models.md):
//  - Single: seed 001's kernel, one MATH and one DMA role (seed001, async);
//  - Cooperative, PingPong: CUTLASS 3's sm90 kernels, two consumer warp
//    groups sharing one tile, or alternating tiles so that one's epilogue
//    overlaps the other's mainloop (the hopper model).
enum class MainloopSchedule { Single, Cooperative, PingPong };
// How output tiles reach CTAs: one CTA per tile in waves (seed 001), or a
// persistent grid of one CTA per SM walking the tiles (data-parallel), or
// CUTLASS's stream-K decomposition of the last waves into split-K units.
enum class TileScheduler { Wave, Persistent, StreamK };
const char* to_string(MainloopSchedule s);
const char* to_string(TileScheduler s);
MainloopSchedule parse_schedule(const std::string& text);   // "cooperative" | "pingpong"
TileScheduler parse_tile_scheduler(const std::string& text);  // "persistent" | "stream-k"

struct ClusterShape {
  int64_t m = 1, n = 1;  // CTAs along M and along N
  int64_t size() const { return m * n; }
  friend auto operator<=>(const ClusterShape&, const ClusterShape&) = default;
};
ClusterShape parse_cluster(const std::string& text);  // "2x1"; InputError (command line)
std::string to_string(const ClusterShape& c);         // "2x1"

// The kernel choices besides the tile and the depth (sm90: cluster, schedule,
// tile scheduler); the default is seed 001's kernel.
struct KernelVariant {
  ClusterShape cluster;
  MainloopSchedule schedule = MainloopSchedule::Single;
  TileScheduler scheduler = TileScheduler::Wave;
  friend auto operator<=>(const KernelVariant&, const KernelVariant&) = default;
};
std::string to_string(const KernelVariant& v);  // "2x1 cooperative persistent"

// One point of the design space: a tiling and a circular-buffer depth D, and
// for the sm90 space the kernel variant.
struct TileConfig {
  Tile tile;
  int64_t stages = 2;  // D, the number of (A, B) tile pairs the buffer holds
  KernelVariant variant;
  friend auto operator<=>(const TileConfig&, const TileConfig&) = default;
  bool is_sm90() const { return variant.schedule != MainloopSchedule::Single; }
};

// Which pipeline model the events follow (docs/models.md):
//  - Seed001: seed 001's equations 1-3; a tile load occupies the DMA for its
//    whole duration, latency included, and the wave ends at Sm(S) (the seed's
//    accounting leaves the last multiply out).
//  - Async: TMA / cp.async pipelines; the producer issues a stage's loads back
//    to back, each occupying the copy path for its transfer time and landing a
//    latency later; at most D stages in flight or resident; the wave ends when
//    its last multiply ends.
//  - Hopper: CUTLASS 3's sm90 kernels (docs/models.md): the async stage
//    equations with TMA multicast and bytes from L2, persistent tile
//    schedulers over cluster waves, cooperative or ping-pong epilogues,
//    stream-K units and their fix-up, and the HBM traffic as a floor.
enum class GemmModel { Seed001, Async, Hopper };
GemmModel parse_model(const std::string& text);  // "seed001" | "async" | "hopper"; InputError (command line) otherwise
const char* to_string(GemmModel m);

// Per-tile durations in the machine's time unit (integers, rounded up).
// Seed 001 and async; the hopper model's are HopperDurations (below).
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

// The hopper model's per-CTA durations (docs/models.md), all rounded up:
struct HopperDurations {
  int64_t transfer_a = 0;  // τA = max(⌈A bytes / (CN ℓ)⌉, ⌈A bytes / ι⌉): TMA multicast splits A over the CN CTAs sharing it
  int64_t transfer_b = 0;  // τB likewise with B over CM; ℓ the SM's share of L2 bandwidth, ι its shared-memory fill rate
  int64_t latency = 0;     // λ: a load lands this long after its transfer
  int64_t math = 0;        // X = ⌈TM TN TK / compute_throughput⌉ + compute_latency (the whole tile, full SM rate)
  int64_t epilogue = 0;    // E = epilogue + ⌈TM TN output bytes / ℓ⌉ (D written through L2)
  int64_t partial = 0;     // Φ = Ψ = ⌈TM TN 4 / ℓ⌉: a stream-K unit's fp32 partial tile, written or read
  int64_t init = 0;        // T_INIT
};
HopperDurations hopper_durations(const Machine& m, const TileConfig& c);

// The shallowest depth from which D no longer changes a tile's time under
// a model (docs/models.md): the closed form's jump term max(0, F + X − D M)
// vanishes once D M >= F + X, with F the first data's landing, X the
// multiply and M = max(copy path per stage, X); 2 for seed 001, where F = M.
int64_t depth_irrelevant_from(const TileConfig& c, const Machine& m, GemmModel model);

// The hopper model's HBM floor: every A and B element read from DRAM once
// (then from L2) and D written once, ⌈bytes / hbm_throughput⌉.
int64_t hbm_floor(const GemmShape& s, const Machine& m);

// How CUTLASS's stream-K scheduler (its heuristic mode) splits the work, in
// cluster tiles (docs/models.md): when the last wave is less than half full
// and a tile has more than 8 k-blocks, the last one or two waves' tiles
// (sk_tiles) become `units` split-K work units over their sk_tiles × S
// k-blocks, unit j taking [⌊j I / units⌋, ⌊(j + 1) I / units⌋) with I =
// sk_tiles S, each at least 8 k-blocks; the first dp_waves waves stay
// data-parallel. units = 0: no stream-K (plain data-parallel).
struct StreamKPlan {
  int64_t dp_waves = 0;  // data-parallel tiles per cluster slot, after its unit
  int64_t sk_tiles = 0;  // cluster tiles split into units
  int64_t units = 0;     // stream-K units, at most one per cluster slot
};
StreamKPlan stream_k_plan(const GemmShape& s, const TileConfig& c, const Machine& m);
// One unit's k-blocks as pieces of consecutive tiles: piece i covers `length`
// k-blocks of tile `tile`, and `finishes` when it holds the tile's last one
// (the finisher reduces the other units' partial tiles and runs the epilogue).
struct StreamKPiece {
  int64_t tile = 0, length = 0;
  bool finishes = false;
};
std::vector<StreamKPiece> stream_k_pieces(const StreamKPlan& p, int64_t stages_per_tile, int64_t unit);
int64_t wave_count(const GemmShape& s, const Tile& t, const Machine& m);  // W
// sm90: waves of clusters, ⌈cluster tiles / cluster slots⌉, where the grid
// holds ⌊sms / cluster size⌋ clusters (132 SMs hold 66 clusters of 2) and the
// tile grid is padded to whole clusters; otherwise as above.
int64_t wave_count(const GemmShape& s, const TileConfig& c, const Machine& m);
int64_t cluster_slots(const Machine& m, const ClusterShape& c);
int64_t cluster_tiles(const GemmShape& s, const TileConfig& c);
// The operand type of an sm90 machine: its element_type, else from element_bytes.
enum class OperandType;
OperandType machine_operand_type(const Machine& m);
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
enum class Limit { None, SharedMemory, RegistersPerThread, RegistersPerBlock, NotBuildable };
const char* to_string(Limit l);
Limit exceeded_limit(const TileConfig& c, const Machine& m);
// Why, with the figures: "needs 262144 bytes of shared memory, the machine has 232448".
std::string describe_limit(const TileConfig& c, const Machine& m);
// The deepest buffer that fits the tile, or 0 when none does (a register limit,
// or not even one stage fits); at least INT64_MAX / 2 when shared memory is unconstrained.
int64_t deepest_fitting_stages(const Tile& t, const Machine& m);
// The same for a configuration's tile and variant (sm90: CUTLASS's carve-out count).
int64_t deepest_fitting_stages(const TileConfig& c, const Machine& m);

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
  // The kernel variants (sorted, distinct); empty: seed 001's kernel only.
  std::vector<KernelVariant> variants;
  // sm90: D is what CUTLASS's StageCountAutoCarveout gives each tile (one
  // depth per tile and variant) instead of min_stages..max_stages.
  bool auto_stages = false;

  size_t variant_count() const { return variants.empty() ? 1 : variants.size(); }
  const KernelVariant& variant(size_t i) const;  // the default variant when `variants` is empty
  size_t size() const;  // |tm| |tn| |tk| |variants| (max - min + 1), or without the depths when auto
};

// The depths [lo, hi] the space holds for a tile and variant: the space's
// range, or (auto_stages) the one depth CUTLASS's carve-out gives it (at
// least 2, so a tile where fewer fit is seen, and excluded, at D = 2).
std::pair<int64_t, int64_t> depth_range(const SearchSpace& space, const Tile& t, const KernelVariant& v,
                                        const Machine& m);

// Calls f(config) for every configuration of the space, tile by tile, each
// tile's variants in order, each variant's depths in order.
template <typename F>
void for_each_configuration(const SearchSpace& space, const Machine& m, F f) {
  for (int64_t tm : space.tm)
    for (int64_t tn : space.tn)
      for (int64_t tk : space.tk)
        for (size_t v = 0; v < space.variant_count(); ++v) {
          const KernelVariant& variant = space.variant(v);
          auto [lo, hi] = depth_range(space, {tm, tn, tk}, variant, m);
          for (int64_t d = lo; d <= hi; ++d) f(TileConfig{{tm, tn, tk}, d, variant});
        }
}

// Sorts, deduplicates and range-checks a candidate list (command line).
std::vector<int64_t> normalise_candidates(std::vector<int64_t> values, const std::string& what);
// Items such as "64" or "16:256:16" (first:last:step, inclusive) -> the
// normalised candidate list; throws InputError (command line) naming the item.
std::vector<int64_t> parse_candidates(const std::vector<std::string>& items, const std::string& what);
// "2-8" or "4" -> [min, max]; throws InputError (command line).
std::pair<int64_t, int64_t> parse_stage_range(const std::string& text);

}  // namespace warpsat
