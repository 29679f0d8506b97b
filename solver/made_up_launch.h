// The launches the branch replay makes up (docs/branches.md, "The
// replay"): the any-launch shapes with their choices of data, a witness's
// launch with the values its model chose placed in memory, and random-data
// runs of a witness's launch, whose pointers are left unallocated so that
// every byte read is lazily mapped varied words. Each meets the launch
// description and the assumptions, or is dropped (meets_assumptions).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/memory.h"
#include "encodings/branch_options.h"
#include "frontend/analysis/struct_fields.h"
#include "frontend/analysis/tile_shape.h"
#include "frontend/ptx/ir.h"
#include "solver/branch_analysis.h"

namespace warpsat {

// Device windows of made-up pointers the witness does not place: from 2^44
// on, 2^34 bytes apart (branch_analysis.cpp places the witness's own from
// 2^40 on).
constexpr uint64_t kSpareWindowBase = uint64_t{1} << 44;
constexpr uint64_t kWindowStride = uint64_t{1} << 34;
// The pointer fields of made-up large structs (MadeUpLaunches::fill_fields):
// from 3 * 2^44 on, 2^24 bytes apart.
constexpr uint64_t kFieldPointerBase = uint64_t{3} << 44;
constexpr uint64_t kFieldPointerStride = uint64_t{1} << 24;
// The n-th pointer field of parameter `param` in a made-up struct: its own
// window of lazily mapped memory.
constexpr uint64_t made_up_field_pointer(uint64_t param, uint64_t n) {
  return kFieldPointerBase + (param * 64 + n % 64) * kFieldPointerStride;
}
// What the pointer arrays of a witness's struct fields point to: lazily
// mapped memory from 2^47 on, 2^37 bytes per witness window, 2^20 per
// element (MadeUpLaunches::witness).
constexpr uint64_t kPointeeBase = uint64_t{1} << 47;
constexpr uint64_t kPointeeWindowStride = uint64_t{1} << 37;
constexpr uint64_t kPointeeStride = uint64_t{1} << 20;
// A by-value struct this large is a library's Params (CUTLASS): its made-up
// launches take seeds 4 and 5.
constexpr uint64_t kLargeStructBytes = 256;
// Whether `f` takes a struct of at least kLargeStructBytes by value.
bool takes_large_struct(const ptx::Function& f);
// The witness with every 8-byte word of its structs that no device
// address reaches (2^48 and above, as unsigned) made zero; nothing when it
// has none. A model may give a struct word its split does not read such a
// value (CUB's streaming context: a 64-bit item offset near 2^63 that the
// input pointer adds), and the witness's launch faults before the split.
std::optional<Witness> with_wild_words_zeroed(const Witness& w);
// CUTLASS's fast division by `d` (cutlass/fast_math.h) as its host-side
// constructor makes it: FastDivmod (`bits` 32: quotient = d == 1 ? x :
// umulhi(x, multiplier) >> shift) or FastDivmodU64 (64: quotient =
// (multiplier ? umul64hi(x + round_up, multiplier) : x) >> shift).
struct FastDivision {
  uint64_t multiplier = 0;
  uint32_t shift = 0, round_up = 0;
};
FastDivision cutlass_fast_division(uint64_t d, unsigned bits);

// The divisor of a made-up struct's fast divisions (fill_fast_divisions):
// a tile size, so that a problem of a few rows is one tile.
constexpr uint32_t kMadeUpDivisor = 64;

// One random-data run of a witness's launch.
struct RandomDataPlan {
  uint64_t round = 1;  // random rounds count from 1; structs are refilled from 2 on (7: small integers)
  simt::LazyFill fill;                     // what lazily mapped memory holds
  std::optional<uint32_t> unread_buffers = {};  // 64 KiB of this word behind each pointer the slice does not read
  // With unread_buffers: only the counters among them (pointers an atomic
  // addresses) get that word; the rest take `fill` (keys all ones, and
  // the tile counter at the tile the witness read).
  bool counters_only = false;
  bool declared_block = false;             // the kernel's .maxntid instead of the witness's block
  uint64_t struct_seed = 0;                // varies the contents of refilled structs beyond the round's
  // The buffer of one pointer parameter (its index) holds 64 KiB of one
  // word, the others `fill`: keys that all fall in one radix bin, so that a
  // sort takes its copy path, beside segment offsets that vary.
  std::optional<std::pair<size_t, uint32_t>> one_word_buffer = {};
  // The buffer of another pointer parameter holds 64 KiB of ascending
  // words from 0, word k being k * step, as offset arrays do: a merge
  // sort's merge-path partitions, a segmented sort's segment offsets. With
  // varied words there, every tile's bounds are garbage and its loads leave
  // the tile before the merge or the segment's tests are reached.
  struct Ramp {
    size_t param = 0;
    uint32_t step = 1;
    unsigned word_bytes = 4;  // 4 or 8 (64-bit offsets)
    // The next pointer parameter, pointing one word past the ramp's first,
    // as CUB's segmented algorithms are called (`d_offsets`, `d_offsets +
    // 1` for the segments' ends): each segment `step` items long. With a
    // ramp of its own or varied words there, a segment's length is garbage
    // and its tile loop runs out of steps before the partial tile.
    std::optional<size_t> next_param = {};
  };
  std::optional<Ramp> ramp_buffer = {};
};

// One run of the exploration before the queries: a launch (block, grid,
// the CTA that runs, scalar parameters, as a witness gives them) and its
// random data.
struct ExplorationRun {
  Witness launch;
  RandomDataPlan plan;
};

class MadeUpLaunches {
 public:
  MadeUpLaunches(const ptx::Module& m, const ptx::Function& kernel, const LaunchSpec& spec);

  // A launch of `block` and `grid` (and the dynamic shared memory of
  // LaunchSpec::dynamic_shared_bytes) with the data of `seed`: 0, zero
  // parameters and zero memory; 1 and 2, small scalars (1 to 1000),
  // buffers starting with varied words, structs of pointer-like slots
  // (2: larger structs varied words) whose fields the kernel loads through
  // point somewhere (point_fields); 3, small scalars over zero memory;
  // 4 and 5, as 1 but structs of small words (each 32-bit word 0 or 1 to
  // 16), different ones, and each field the kernel loads from a struct a
  // value of its use (fill_fields).
  // Every made-up launch treats the tensor maps it cannot describe as
  // opaque (simt::Launch::opaque_tensor_maps).
  // Parameters the launch description fixes keep their values.
  simt::Launch shape(const uint32_t block[3], const uint32_t grid[3], uint64_t seed) const;
  // The witness's launch: its parameters and struct bytes, each of its
  // buffers in a window of its own, and the loaded values it chose written
  // where it loaded them. `unset` names the first load a replay cannot
  // place (shared memory, memory the kernel writes first), if any.
  simt::Launch witness(const Witness& w, std::string& unset) const;
  // The witness's block, grid and integer parameters with random data.
  // A struct it refills (rounds from 2 on, or one the witness did not
  // choose) gets point_fields over the round's words, unless it is a
  // library's Params (takes_large_struct).
  simt::Launch random_data(const Witness& w, const RandomDataPlan& plan) const;

  // Run `i` of the exploration (deterministic in `i` and `seed`). The first
  // kExplorationSweep runs take the kernel's block (the launch's, or its
  // .maxntid), varied words and each round of struct fills in turn; the
  // rest draw the block (half the time the declared one, else 128 or any
  // size up to it, whose last warp is partial), the fill of memory
  // (varied words, sparse or very sparse, all zeros, all ones), the round
  // and the struct's contents. Scalars are small: 0 to 2 (one in eight: a
  // tile count of one), below 64, or below 4 or 24 times the launch's
  // threads, so that a loop over items ends and the last tile is partial;
  // or, in one run in eight of a kernel with tiles (analysis::tile_shape),
  // consistent with them: tile counts the CTA count, every other scalar
  // an item count that leaves the last CTA a partial tile. The grid
  // has 1 to 3 CTAs; its last is the witness CTA, and the replay runs
  // every CTA up to it (a decoupled look-back waits for its predecessors'
  // tile statuses).
  ExplorationRun exploration(uint64_t i, uint64_t seed) const;
  // Run `i` of the exploration's other kind, between those: a launch as
  // exploration() draws them, with memory in runs of equal words (mean
  // length 2 to 64), or varied words and one buffer all zeros or all ones.
  ExplorationRun exploration_of_runs(uint64_t i, uint64_t seed) const;
  static constexpr uint64_t kExplorationSweep = 12;

  bool meets_assumptions(const simt::Launch& l) const { return !violated_assumption(l); }
  // The first assumption `l` (its block, grid and scalar parameters, read as
  // frontend/assumption.h's parameter_value reads them) does not meet, as
  // written; nothing when it meets them all.
  std::optional<std::string> violated_assumption(const simt::Launch& l) const;
  // Makes `l` meet the assumptions where its block and grid allow it: the
  // scalar parameters they name (those the launch description leaves free)
  // take a model of the assumptions for that block and grid (the same
  // terms as the encodings', encodings/parameter_terms.h). Without this, a
  // made-up launch's small scalars rarely meet `n == 64`, and a uniform
  // proof under such an assumption had no launch to be replayed with.
  // Returns whether `l` meets them afterwards.
  bool meet_assumptions(simt::Launch& l, unsigned timeout_ms, unsigned seed) const;
  // Whether every assumption `l` breaks names a scalar parameter that
  // meet_assumptions may choose; one that names none (only the block, the
  // grid, given parameters) cannot be met by any choice.
  bool can_meet_by_scalars(const simt::Launch& l) const;
  // Sets scalar parameter `i` of `l` to `value` (its bytes, little-endian).
  void set_scalar(simt::Launch& l, size_t i, uint64_t value) const;
  // Argument i of `l` as a number when it is a scalar of at most 8 bytes.
  std::optional<uint64_t> scalar_argument(const simt::Launch& l, size_t i) const;
  // A parameter the user gave a value (--launch, --param): never made up.
  bool user_fixed(size_t i) const { return i < spec_.param_values.size() && spec_.param_values[i]; }

 private:
  // A struct passed by value (a .b8 array) in a made-up launch. Pointers:
  // every 8-byte slot a device address a lazily mapped replay can follow
  // (CUB passes arrays of pointers and queues this way) whose 32-bit halves
  // read as small integers. Varied: the words of varied_words. Floats:
  // every word a float in [0, 256), so that thresholds a struct holds (a
  // histogram's levels and scale) fall among the varied data.
  // SmallIntegers: every word below 64 or 4096 (item counts and offsets,
  // CUB's GridEvenShare).
  enum class StructFill { Pointers, Varied, Floats, SmallIntegers, SmallWords };
  static void fill_struct(std::vector<uint8_t>& bytes, StructFill fill, uint64_t seed);
  // Seeds 4 and 5: each field of a struct the kernel loads (frontend/
  // analysis/struct_fields.h) a value of its use, over the small words.
  // Pointers lead to lazily mapped memory of their own (zeros in these
  // launches, so that a pointer read through one is null); integers are
  // small and 64 bits wide where loaded so (a loop bound of two small
  // 32-bit halves runs 2^32 times too long); floats are 1 (seed 4: alpha
  // and beta both on, and seed 6) or 0 (seed 5: the source operand off).
  // `cluster_side` is the launch's longest cluster side (seed 6's 32-bit
  // integers, a grouped GEMM's cluster shape among them).
  static void fill_fields(std::vector<uint8_t>& bytes, const std::vector<analysis::StructField>& fields,
                          uint64_t seed, size_t param, uint64_t ctas, uint32_t cluster_side);
  // Every 8-byte field the kernel uses as an address gets
  // made_up_field_pointer, and every other 8-byte integer field is taken
  // modulo 4096 (an item count or offset, not the high bits of a pointer).
  static void point_fields(std::vector<uint8_t>& bytes, const std::vector<analysis::StructField>& fields,
                           size_t param);
  // The members of each CUTLASS fast division in `fields` (a Multiplier
  // field, the divisor before it, the shift and round-up after) made from
  // one divisor, kMadeUpDivisor, as its constructor makes them.
  static void fill_fast_divisions(std::vector<uint8_t>& bytes, const std::vector<analysis::StructField>& fields);
  // The first bytes of a buffer in a launch with varied data.
  static std::vector<uint8_t> varied_words(uint64_t seed);
  // The values the assumptions name, as `l` gives them: ntid.*, nctaid.*
  // and each scalar parameter's.
  std::vector<std::pair<std::string, int64_t>> launch_values(const simt::Launch& l) const;

  const ptx::Module& m_;
  const ptx::Function& k_;
  const LaunchSpec& spec_;
  std::vector<bool> counters_;  // per parameter: a pointer some global atomic addresses
  std::vector<bool> unsigned_params_;  // per parameter: an unsigned C++ integer (assumptions zero-extend it)
  std::vector<bool> index_buffers_;  // per parameter: words loaded through it address other loads
  analysis::TileShape tiles_;         // tile sizes and tile-count parameters (consistent scalars)
  uint64_t dynamic_shared_bytes_;  // every launch's (LaunchSpec::dynamic_shared_bytes)
  bool large_struct_;              // takes_large_struct(k_): a library's Params, seeds 4 to 6
  // Per parameter: the struct fields the kernel loads; empty unless some
  // parameter is a struct larger than one pointer.
  std::vector<std::vector<analysis::StructField>> struct_fields_;
};

}  // namespace warpsat
