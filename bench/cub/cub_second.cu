// A second held-out CUB module (issue 30, "Library scale"): algorithms the
// first one (tests/files/cub/cub_heldout.cu) and tests/files/cub do not
// hold. Compiled into cub_second.sm_80.ptx beside it (the command:
// README.md); a measurement input, not a test expectation.
#include <cub/cub.cuh>

struct MoreThanThree {
  __host__ __device__ bool operator()(int x) const { return x > 3; }
};

void held_out_second(int* in, int* out, int* offsets, int n, int segments, int* unique, int* counts, int* runs,
                     void* temp, size_t bytes) {
  cub::DeviceSegmentedReduce::Sum(temp, bytes, in, out, segments, offsets, offsets + 1);
  cub::DeviceRunLengthEncode::Encode(temp, bytes, in, unique, counts, runs, n);
  cub::DevicePartition::If(temp, bytes, in, out, runs, n, MoreThanThree{});
}
