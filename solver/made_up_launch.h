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
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/memory.h"
#include "encodings/branch_options.h"
#include "frontend/ptx/ir.h"
#include "solver/branch_analysis.h"

namespace warpsat {

// Device windows of made-up pointers the witness does not place: from 2^44
// on, 2^34 bytes apart (branch_analysis.cpp places the witness's own from
// 2^40 on).
constexpr uint64_t kSpareWindowBase = uint64_t{1} << 44;
constexpr uint64_t kWindowStride = uint64_t{1} << 34;

// One random-data run of a witness's launch.
struct RandomDataPlan {
  uint64_t round = 1;                      // random rounds count from 1; structs are refilled from 2 on
  simt::LazyFill fill;                     // what lazily mapped memory holds
  std::optional<uint32_t> unread_buffers;  // 64 KiB of this word behind each pointer the slice does not read
  bool declared_block = false;             // the kernel's .maxntid instead of the witness's block
};

class MadeUpLaunches {
 public:
  MadeUpLaunches(const ptx::Module& m, const ptx::Function& kernel, const LaunchSpec& spec)
      : m_(m), k_(kernel), spec_(spec) {}

  // A launch of `block` and `grid` with the data of `seed`: 0, zero
  // parameters and zero memory; 1 and 2, small scalars (1 to 1000),
  // buffers starting with varied words, structs of pointer-like slots
  // (2: larger structs varied words); 3, small scalars over zero memory.
  // Parameters the launch description fixes keep their values.
  simt::Launch shape(const uint32_t block[3], const uint32_t grid[3], uint64_t seed) const;
  // The witness's launch: its parameters and struct bytes, each of its
  // buffers in a window of its own, and the loaded values it chose written
  // where it loaded them. `unset` names the first load a replay cannot
  // place (shared memory, memory the kernel writes first), if any.
  simt::Launch witness(const Witness& w, std::string& unset) const;
  // The witness's block, grid and integer parameters with random data.
  simt::Launch random_data(const Witness& w, const RandomDataPlan& plan) const;

  bool meets_assumptions(const simt::Launch& l) const;
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
  enum class StructFill { Pointers, Varied, Floats };
  static void fill_struct(std::vector<uint8_t>& bytes, StructFill fill, uint64_t seed);
  // The first bytes of a buffer in a launch with varied data.
  static std::vector<uint8_t> varied_words(uint64_t seed);

  const ptx::Module& m_;
  const ptx::Function& k_;
  const LaunchSpec& spec_;
};

}  // namespace warpsat
