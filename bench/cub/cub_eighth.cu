// An eighth held-out CUB module (bench/cub/README.md): the eighteenth session's
// new-user trial, algorithms none of the other modules holds.
#include <cub/cub.cuh>
struct Above {
  int t;
  __host__ __device__ bool operator()(int x) const { return x > t; }
};
void select_if(const int* in, int* out, int* n_out, int n, int t, void* tmp, size_t& bytes) {
  cub::DeviceSelect::If(tmp, bytes, in, out, n_out, n, Above{t});
}
void reduce_by_key(const int* keys, const float* vals, int* ukeys, float* aggs, int* nruns, int n, void* tmp,
                   size_t& bytes) {
  cub::DeviceReduce::ReduceByKey(tmp, bytes, keys, ukeys, vals, aggs, nruns, cuda::std::plus<>{}, n);
}
void unique_by_key(const int* keys, const float* vals, int* okeys, float* ovals, int* nsel, int n, void* tmp,
                   size_t& bytes) {
  cub::DeviceSelect::UniqueByKey(tmp, bytes, keys, vals, okeys, ovals, nsel, n);
}
void segmented_argmin(const float* in, cub::KeyValuePair<int, float>* out, int segs, const int* begin,
                      const int* end, void* tmp, size_t& bytes) {
  cub::DeviceSegmentedReduce::ArgMin(tmp, bytes, in, out, segs, begin, end);
}
