// reduce_warp_shuffle: a warp-wide sum with __shfl_down_sync, no shared memory.
// Exercises: shfl.sync.down with a full mask in a 5-step loop (offsets 16,
// 8, 4, 2, 1; nvcc unrolls it), and a lane-0-only store.
//
// Launch: block (B,1,1) with B a multiple of 32 (every warp full, so the full
// mask names only existing lanes); any grid.
// Result: for global warp w = (blockIdx.x*B + threadIdx.x) / 32,
//         out[w] = sum of in[32*w .. 32*w + 31] (index >= n counts as 0), modulo 2^32.

#define FULL_MASK 0xffffffffu

extern "C" __global__ void reduce_warp_shuffle(const unsigned *in, unsigned *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = (i < n) ? in[i] : 0u;

    // After the step with offset k, lane l holds the sum of lanes l .. l+2k-1
    // (lanes past 31 read their own value back, which lane 0 never uses).
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(FULL_MASK, v, offset);

    if ((threadIdx.x & 31u) == 0)
        out[i / 32] = v;
}
