// inlined_at: branches written in __forceinline__ helpers, two levels deep,
// for the .loc ... inlined_at chains nvcc -lineinfo writes
// (tests/files/branches/inlined-at.ptx).

__device__ __forceinline__ unsigned sum_below(const unsigned *in, unsigned t, unsigned n)
{
    unsigned acc = 0;
    if (t < n) {
        for (unsigned i = 0; i < t; ++i)
            acc += in[i];
    }
    return acc;
}

__device__ __forceinline__ unsigned warp_part(const unsigned *in, unsigned t, unsigned n)
{
    unsigned s = sum_below(in, t, n);
    if ((t & 31u) < 16u) {
        for (unsigned i = 0; i < 4u; ++i)
            s ^= in[s % 64u];
    }
    return s;
}

extern "C" __global__ void inlined_at(const unsigned *in, unsigned *out, unsigned n)
{
    unsigned t = threadIdx.x;
    out[t] = warp_part(in, t, n);
}
