// More of CUB's device-wide algorithms (issue 12's second CUB file): an
// exclusive scan, a radix sort of key-value pairs, select-flagged and a max
// reduction, instantiated so that nvcc emits their kernels. compile_cub.sh
// compiles this to cub_more.<arch>.ptx beside cub.<arch>.ptx.
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>
void instantiate_more(int* in, int* out, unsigned* keys, unsigned* keys_out, int* values, int* values_out,
                      char* flags, int* selected, size_t n, void* tmp, size_t bytes) {
  cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, (int)n);
  cub::DeviceRadixSort::SortPairs(tmp, bytes, keys, keys_out, values, values_out, (int)n);
  cub::DeviceSelect::Flagged(tmp, bytes, in, flags, out, selected, (int)n);
  cub::DeviceReduce::Max(tmp, bytes, in, out, (int)n);
}
