// cutlass_launch: writes a warpsat launch file for one CUTLASS kernel and
// problem (examples/cutlass/README.md, "Launch files").
//   [SM_COUNT=N] [CONSTANT_DATA=1] cutlass_launch KERNEL M N K ALPHA BETA SEED ENTRY PTX OUT.toml
// KERNEL is 48_tf32, fp16_pingpong, bf16_cooperative, int8_pingpong, 49_pingpong, 54_fp8, 49_stream_k, 56_ptr_array
// (BATCHES) or 57_grouped (MxNxK per group), the FP16, BF16, INT8 and 49 kernels also with _beta_per_batch or
// _beta_stride (BATCHES; 54 _beta_stride only); ENTRY the PTX .entry; PTX the committed file (written into the
// launch file's description).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <stdexcept>
#include <string>

#include "kernels.h"
#include "launch_writer.h"

int main(int argc, char** argv) {
  if (argc != 11 && argc != 12) {
    std::fprintf(stderr, "usage: %s KERNEL M N K ALPHA BETA SEED ENTRY PTX OUT.toml [BATCHES | MxNxK,MxNxK...]\n",
                 argv[0]);
    return 2;
  }
  warpsat_host::KernelLaunch l;
  std::string kernel = argv[1];
  l.problem.m = std::atoi(argv[2]);
  l.problem.n = std::atoi(argv[3]);
  l.problem.k = std::atoi(argv[4]);
  l.problem.alpha = std::atof(argv[5]);
  l.problem.beta = std::atof(argv[6]);
  l.problem.seed = std::strtoull(argv[7], nullptr, 10);
  l.entry = argv[8];
  l.ptx = argv[9];
  // SM_COUNT=N: the hardware info's SM count (Problem::sm_count).
  if (const char* sms = std::getenv("SM_COUNT")) l.problem.sm_count = std::atoi(sms);
  if (l.problem.sm_count < 1) {
    std::fprintf(stderr, "SM_COUNT must be a positive number of SMs\n");
    return 2;
  }
  // CONSTANT_DATA=1: every input element one value (small_values), for
  // launches that only replay branches.
  if (const char* constant = std::getenv("CONSTANT_DATA"); constant && std::string(constant) == "1") {
    l.problem.seed |= warpsat_host::kConstantData;
    l.notes.push_back("Inputs: every element of A, B and C one value (CONSTANT_DATA=1), for branch replays");
  }
  if (argc == 12) {
    // 56: the batch count; 57: each group's problem.
    std::string extra = argv[11];
    if (extra.find('x') == std::string::npos) {
      l.problem.batches = std::atoi(extra.c_str());
    } else {
      for (size_t at = 0; at < extra.size();) {
        size_t end = extra.find(',', at);
        if (end == std::string::npos) end = extra.size();
        std::array<int, 3> g{};
        if (std::sscanf(extra.substr(at, end - at).c_str(), "%dx%dx%d", &g[0], &g[1], &g[2]) != 3) {
          std::fprintf(stderr, "bad group '%s' (MxNxK)\n", extra.substr(at, end - at).c_str());
          return 2;
        }
        l.problem.groups.push_back(g);
        at = end + 1;
      }
    }
  }
  // KERNEL_beta_per_batch and KERNEL_beta_stride: the epilogue's
  // multiple-batch beta (BATCHES strided batches, beta's batch stride 1),
  // read from memory per batch or, with no pointer, the stride alone.
  for (const std::string suffix : {"_beta_per_batch", "_beta_stride"})
    if (kernel.size() > suffix.size() && kernel.compare(kernel.size() - suffix.size(), suffix.size(), suffix) == 0) {
      l.problem.beta_batch_stride = true;
      l.problem.beta_pointer = suffix == "_beta_per_batch";
      kernel.resize(kernel.size() - suffix.size());
    }
  try {
    if (kernel == "48_tf32") {
      l.kernel_label = "CUTLASS example 48 (TF32, cooperative, cluster 4x2x1)";
      warpsat_host::make_48_tf32_cooperative(l);
    } else if (kernel == "fp16_pingpong") {
      l.kernel_label = "FP16 ping-pong (cluster 1x1x1)";
      warpsat_host::make_fp16_pingpong(l);
    } else if (kernel == "54_fp8") {
      l.kernel_label = "CUTLASS example 54 (FP8 e4m3, cooperative, cluster 1x2x1)";
      warpsat_host::make_54_fp8_cooperative(l);
    } else if (kernel == "56_ptr_array") {
      l.kernel_label = "CUTLASS example 56 (pointer-array batched FP16, cooperative, cluster 1x2x1)";
      warpsat_host::make_56_ptr_array_cooperative(l);
    } else if (kernel == "57_grouped") {
      l.kernel_label = "CUTLASS example 57 (grouped FP8 e4m3 x e5m2, cooperative, cluster 1x2x1)";
      warpsat_host::make_57_grouped_cooperative(l);
    } else if (kernel == "56_ptr_array_pingpong") {
      l.kernel_label = "CUTLASS example 56 (pointer-array batched FP16, ping-pong, cluster 1x1x1)";
      warpsat_host::make_56_ptr_array_pingpong(l);
    } else if (kernel == "57_grouped_pingpong") {
      l.kernel_label = "CUTLASS example 57 (grouped FP8 e4m3 x e5m2, ping-pong, cluster 2x1x1)";
      warpsat_host::make_57_grouped_pingpong(l);
    } else if (kernel == "49_stream_k" || kernel.rfind("49_stream_k_", 0) == 0) {
      // 49_stream_k_split_k: the scheduler's split-K decomposition
      // (kernel_49_stream_k.cu).
      if (kernel != "49_stream_k") l.problem.scheduler = kernel.substr(std::string("49_stream_k_").size());
      l.kernel_label = l.problem.scheduler.empty()
                           ? "CUTLASS example 49 (FP16, cooperative, stream-K, cluster 2x1x1)"
                           : "CUTLASS example 49 (FP16, cooperative, stream-K scheduler: " + l.problem.scheduler +
                                 ", cluster 2x1x1)";
      warpsat_host::make_49_stream_k(l);
    } else if (kernel == "49_pingpong") {
      l.kernel_label = "CUTLASS example 49 (FP16, ping-pong, cluster 2x1x1)";
      warpsat_host::make_49_pingpong(l);
    } else if (kernel == "bf16_cooperative") {
      l.kernel_label = "BF16 cooperative (cluster 2x1x1)";
      warpsat_host::make_bf16_cooperative(l);
    } else if (kernel == "int8_pingpong") {
      l.kernel_label = "INT8 ping-pong (s8 x s8 -> s32, cluster 1x1x1)";
      warpsat_host::make_int8_pingpong(l);
    } else {
      std::fprintf(stderr, "unknown kernel '%s' (48_tf32, fp16_pingpong, bf16_cooperative, int8_pingpong, 49_pingpong, 54_fp8, 56_ptr_array, 57_grouped, 56_ptr_array_pingpong, 57_grouped_pingpong, 49_stream_k, 49_stream_k_split_k)\n",
                   kernel.c_str());
      return 2;
    }
    if (l.problem.beta_batch_stride) {
      if (!l.beta_per_batch) throw std::invalid_argument("this kernel's launches have no multiple-batch beta");
      l.kernel_label += l.problem.beta_pointer ? ", beta per batch" : ", beta's batch stride without a pointer";
    }
    std::ofstream out(argv[10]);
    out << warpsat_host::launch_toml(l);
    if (!out) {
      std::fprintf(stderr, "cannot write %s\n", argv[10]);
      return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", kernel.c_str(), e.what());
    return 1;
  }
  return 0;
}
