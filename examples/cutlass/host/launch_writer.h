// Host-only: a CUTLASS kernel's Params as a warpsat launch file. The Params
// bytes come from CUTLASS's own to_underlying_arguments (describe.h); this
// file knows nothing of CUTLASS. Tensor maps are not bytes warpsat can use
// (the driver's encoding is not public), so cuTensorMapEncodeTiled is
// replaced by a recorder (tensor_map_recorder.cpp) that keeps its arguments
// and marks the 128 bytes; pointers are recognised by the fake device
// addresses each buffer is given. Both become the launch file's placements.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace warpsat_host {

// One call of cuTensorMapEncodeTiled, as CUTLASS made it.
struct TensorMapRecord {
  uint32_t data_type = 0;  // CUtensorMapDataType
  uint32_t rank = 0;
  uint64_t global_address = 0;
  uint64_t dims[5] = {};
  uint64_t strides[5] = {};  // bytes, dimensions 1..rank-1 (globalStrides)
  uint32_t box[5] = {};
  uint32_t element_strides[5] = {};
  uint32_t interleave = 0, swizzle = 0, l2_promotion = 0, oob_fill = 0;
};

// The recorder is the driver's stand-in, so it is reached through a fixed C
// signature; the records live for the program's one run.
std::vector<TensorMapRecord>& recorded_tensor_maps();
// The first 8 bytes the recorder writes into map `index`'s 128 bytes.
uint64_t tensor_map_marker(uint32_t index);

struct Buffer {
  std::string name;
  std::string type;              // a launch-file element type: f32, f16, u8, ...
  unsigned bytes = 4;            // per element
  std::vector<std::string> values;  // as the launch file writes them
  uint64_t fake_address = 0;     // what the Params hold for it
  bool output = false;           // written by the kernel (its values are the initial contents)
  // A device array of pointers: element i holds the address of buffer
  // pointer_targets[i] (the launch file's pointers inside a [[buffer]]).
  std::vector<std::string> pointer_targets;
  uint64_t size() const { return uint64_t{bytes} * values.size(); }
};

struct Field {
  std::string name;
  uint64_t offset = 0, size = 0;
};

struct Problem {
  int m = 256, n = 256, k = 128;
  double alpha = 1, beta = 0;
  uint64_t seed = 1;
  int batches = 1;                         // a pointer-array or strided batched GEMM's batch count (L)
  // KERNEL_beta_per_batch, KERNEL_beta_stride: beta's batch stride 1
  // (dBeta), with beta read from memory per batch, or with no pointer.
  bool beta_batch_stride = false, beta_pointer = false;
  // Example 49's stream-K kernel: "" (stream-K) or split_k
  // (kernel_49_stream_k.cu).
  std::string scheduler;
  std::vector<std::array<int, 3>> groups;  // a grouped GEMM's (M, N, K) per group
  // The SMs KernelHardwareInfo says the GPU has (an H100 SXM's 132): the
  // persistent schedulers launch at most this many CTAs, so fewer make
  // each CTA take several tiles (and a grouped GEMM's CTAs cross groups).
  int sm_count = 132;
};

struct KernelLaunch {
  std::string kernel_label;      // the host program's name for it
  std::string entry;             // the PTX .entry
  std::string ptx;               // the committed PTX file, relative to the repository
  Problem problem;
  uint32_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1}, cluster[3] = {1, 1, 1};
  uint64_t dynamic_shared_bytes = 0;
  std::vector<uint8_t> params;   // the Params' bytes
  std::vector<uint64_t> varying_offsets;  // bytes that differed between makings, written as 0 (stable_bytes.h)
  std::vector<Field> fields;     // offsetof / sizeof of the Params' members
  std::deque<Buffer> buffers;    // a deque: add_buffer's references stay valid
  std::vector<std::string> notes;  // what the launch computes, for the file's header
  bool beta_per_batch = false;   // the kernel's maker gave the Params Problem::beta_batch_stride's beta
};

// Deterministic small values for the exact tests: integers in [lo, hi]
// (scaled by `step`), drawn from splitmix64. A seed with kConstantData set
// gives every element the same value (1, or lo when 1 is out of range,
// times step): launches for branch replays, whose few bytes per buffer keep
// a long K cheap to commit.
inline constexpr uint64_t kConstantData = uint64_t{1} << 63;
std::vector<double> small_values(uint64_t count, int lo, int hi, double step, uint64_t seed);
std::string number_text(double v);
// e4m3's bits for a value it represents exactly (the generator only asks for those).
unsigned e4m3_bits(double v);
unsigned e5m2_bits(double v);

// "M=256 N=256 K=128" (" L=2" for batches), or "groups=256x128x128,136x200x80".
std::string problem_text(const Problem& p);

// The launch file: the layout as comments, then the TOML.
std::string launch_toml(const KernelLaunch& l);

}  // namespace warpsat_host
