// A third held-out CUB module (issue 30, "Library scale"), compiled fresh in
// the seventh session's new-user trial: algorithms none of the other
// modules and tests/files/cub hold. Compiled into cub_third.sm_80.ptx
// beside it (the command: README.md); a measurement input, not a test
// expectation.
#include <cub/cub.cuh>

struct Less {
  __host__ __device__ bool operator()(int a, int b) const { return a < b; }
};

void held_out_third(int* keys, int* vals, int* out, int* flags_out, int n, int* num, void* temp, size_t bytes) {
  cub::DeviceMergeSort::SortKeys(temp, bytes, keys, n, Less{});
  cub::DeviceScan::InclusiveSumByKey(temp, bytes, keys, vals, out, n);
  cub::DeviceAdjacentDifference::SubtractLeftCopy(temp, bytes, vals, out, n);
  cub::DeviceSelect::Unique(temp, bytes, keys, out, num, n);
}
