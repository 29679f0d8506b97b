#include <cub/cub.cuh>
// A fourth held-out module (bench/cub/README.md): the tenth session's new-user
// trial of `branches`, compiled before it was run.
void run(int* in, int* uniq, int* counts, int* nruns, int n, float* keys, float* keys_out,
         int* offs, int segs, unsigned char* flags, int* out, int* nsel) {
  void* tmp = nullptr; size_t bytes = 0;
  cub::DeviceRunLengthEncode::Encode(tmp, bytes, in, uniq, counts, nruns, n);
  cub::DeviceRunLengthEncode::NonTrivialRuns(tmp, bytes, in, uniq, counts, nruns, n);
  cub::DeviceSegmentedRadixSort::SortKeys(tmp, bytes, keys, keys_out, n, segs, offs, offs + 1);
  cub::DevicePartition::Flagged(tmp, bytes, in, flags, out, nsel, n);
}
