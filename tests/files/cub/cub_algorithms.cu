// CUB device-wide algorithms, instantiated so that nvcc emits their kernels
// (tests/files/cub/cub.test compiles this to PTX and parses every kernel).
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_histogram.cuh>
void instantiate(int* in, int* out, float* fin, int* hist, size_t n, void* tmp, size_t bytes) {
  cub::DeviceReduce::Sum(tmp, bytes, in, out, (int)n);
  cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, (int)n);
  cub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, (int)n);
  cub::DeviceHistogram::HistogramEven(tmp, bytes, fin, hist, 257, 0.0f, 256.0f, (int)n);
}
