// The CUDA driver's cuTensorMapEncodeTiled, replaced: CUTLASS calls it
// directly (CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL), so the program needs no
// GPU and no driver. It keeps the arguments, which become the launch file's
// [[tensor_map]] (docs/launch-files.md), and writes a marker where the
// 128-byte descriptor goes, so the writer finds its offset in the Params.
#include <cuda.h>

#include <cstring>

#include "launch_writer.h"

extern "C" CUresult CUDAAPI cuTensorMapEncodeTiled(CUtensorMap* tensorMap, CUtensorMapDataType tensorDataType,
                                                   cuuint32_t tensorRank, void* globalAddress,
                                                   const cuuint64_t* globalDim, const cuuint64_t* globalStrides,
                                                   const cuuint32_t* boxDim, const cuuint32_t* elementStrides,
                                                   CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
                                                   CUtensorMapL2promotion l2Promotion,
                                                   CUtensorMapFloatOOBfill oobFill) {
  if (tensorRank < 1 || tensorRank > 5) return CUDA_ERROR_INVALID_VALUE;
  warpsat_host::TensorMapRecord r;
  r.data_type = static_cast<uint32_t>(tensorDataType);
  r.rank = tensorRank;
  r.global_address = reinterpret_cast<uint64_t>(globalAddress);
  for (cuuint32_t d = 0; d < tensorRank; ++d) {
    r.dims[d] = globalDim[d];
    r.box[d] = boxDim[d];
    r.element_strides[d] = elementStrides[d];
    if (d > 0) r.strides[d] = globalStrides[d - 1];
  }
  r.interleave = static_cast<uint32_t>(interleave);
  r.swizzle = static_cast<uint32_t>(swizzle);
  r.l2_promotion = static_cast<uint32_t>(l2Promotion);
  r.oob_fill = static_cast<uint32_t>(oobFill);
  auto& records = warpsat_host::recorded_tensor_maps();
  uint64_t marker = warpsat_host::tensor_map_marker(static_cast<uint32_t>(records.size()));
  records.push_back(r);
  std::memset(tensorMap, 0, sizeof(CUtensorMap));
  std::memcpy(tensorMap, &marker, sizeof marker);
  return CUDA_SUCCESS;
}
