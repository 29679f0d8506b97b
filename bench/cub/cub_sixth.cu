// A sixth held-out CUB module (bench/cub/README.md): the sixteenth session's
// new-user trial, a segmented reduction and a select over adjacent items.
#include <cub/cub.cuh>
void run(const int* in, int* out, const int* offs, int segs, int* uniq, int* nsel, int n, void* tmp, size_t bytes) {
  cub::DeviceSegmentedReduce::Sum(tmp, bytes, in, out, segs, offs, offs + 1);
  cub::DeviceSelect::Unique(tmp, bytes, in, uniq, nsel, n);
}
