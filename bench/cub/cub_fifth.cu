// A fifth held-out CUB module (bench/cub/README.md): the eleventh session's new-user
// trial, CUB algorithms over adjacent equal items.
#include <cub/device/device_select.cuh>
#include <cub/device/device_adjacent_difference.cuh>

void unique(const int* in, int* out, int* n_out, int n, void* tmp, size_t bytes, cudaStream_t s) {
  cub::DeviceSelect::Unique(tmp, bytes, in, out, n_out, n, s);
}
void diff(const int* in, int* out, int n, void* tmp, size_t bytes, cudaStream_t s) {
  cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, bytes, in, out, n, cuda::std::minus<>{}, s);
}
