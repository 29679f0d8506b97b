// branches_histogram: the binning step of a library histogram (CUB's
// DeviceHistogram::HistogramEven, written small). The levels come in a
// struct passed by value, the output in a struct holding a pointer (as CUB
// passes its arrays of histograms), the samples as float4 through
// `const __restrict__` (ld.global.nc.v4.f32). Whether two samples fall in
// one bin is a question about float arithmetic (a subtraction, a
// multiplication and a truncation per sample): proving a split with exact
// IEEE terms takes Z3 tens of seconds, so the replay's random-data runs of
// the witness's launch settle it (docs/branches.md, "The replay").
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: any block, grid (G,1,1); samples[] holds n4 float4 (indices below
//         8 always exist), hist.bins[] lv.bins words, out[] one word per thread.
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[i] (i = global linear id) is the set of branches that thread took.

struct Levels {
    float lo, hi, scale;
    int bins;
};
struct Histogram {
    unsigned *bins;
};

extern "C" __global__ void branches_histogram(const unsigned *tag, const float4 *__restrict__ samples, Levels lv,
                                              Histogram hist, int n4, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = 0;

    float4 first = samples[7];
    if (first.z > 0.5f)                               // EXPECT: uniform
        acc |= tag[0];                                // one address, so one value: a vector load of read-only memory

    if (lv.scale > 1.0f)                              // EXPECT: uniform
        acc |= tag[1];

    if (i < (unsigned)n4) {                           // EXPECT: divergent
        float4 s = samples[i];
        if (s.x < lv.lo)                              // EXPECT: divergent
            acc |= tag[2];
        int b = (int)((s.x - lv.lo) * lv.scale);
        int c = (int)((s.y - lv.lo) * lv.scale);
        if (b == c)                                   // EXPECT: divergent
            acc |= tag[3];                            // two samples of one thread in one bin
        if ((unsigned)b < (unsigned)lv.bins)          // EXPECT: divergent
            atomicAdd(&hist.bins[b], 1u);
    }
    out[i] = acc;
}
