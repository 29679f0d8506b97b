// A seventh held-out CUB module (bench/cub/README.md): the seventeenth session's
// new-user trial, algorithms none of the other modules holds.
#include <cub/cub.cuh>
void argmax(const float* in, cub::KeyValuePair<int, float>* out, int n, void* tmp, size_t& bytes) {
  cub::DeviceReduce::ArgMax(tmp, bytes, in, out, n);
}
void hist(const float* samples, int* hist, const float* levels, int n, void* tmp, size_t& bytes) {
  cub::DeviceHistogram::HistogramRange(tmp, bytes, samples, hist, 33, levels, n);
}
void rle(const int* in, int* offs, int* lens, int* nruns, int n, void* tmp, size_t& bytes) {
  cub::DeviceRunLengthEncode::NonTrivialRuns(tmp, bytes, in, offs, lens, nruns, n);
}
void scan_by_key(const int* keys, const int* vals, int* out, int n, void* tmp, size_t& bytes) {
  cub::DeviceScan::ExclusiveScanByKey(tmp, bytes, keys, vals, out, cuda::std::plus<>{}, 0, n);
}
