// Issue 30's held-out CUB module: every algorithm of the two other files in
// one module, with DeviceHistogram::HistogramEven over int samples (257
// levels from 0 to 256) instead of floats. It is a measurement input
// (bench/cub/, docs/benchmarks.md), not a test expectation: compile_cub.sh
// compiles it to cub_heldout.<arch>.ptx, and cub.test only checks that it
// parses and round-trips.
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_select.cuh>
void instantiate_heldout(int* in, int* out, int* keys_out, int* values, int* values_out, char* flags,
                         int* selected, int* hist, size_t n, void* tmp, size_t bytes) {
  cub::DeviceReduce::Sum(tmp, bytes, in, out, (int)n);
  cub::DeviceReduce::Max(tmp, bytes, in, out, (int)n);
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, (int)n);
  cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, (int)n);
  cub::DeviceRadixSort::SortKeys(tmp, bytes, in, keys_out, (int)n);
  cub::DeviceRadixSort::SortPairs(tmp, bytes, in, keys_out, values, values_out, (int)n);
  cub::DeviceHistogram::HistogramEven(tmp, bytes, in, hist, 257, 0, 256, (int)n);
  cub::DeviceSelect::Flagged(tmp, bytes, in, flags, out, selected, (int)n);
}
