// branches_shared_stored: values threads store into shared memory and other
// threads read after __syncthreads(). Every thread stores its warp index at
// its own word, then reads its neighbour's (linear ^ 1, a lane of the same
// warp): a value equal to its own warp index, though read from another
// word. Lane 0 of every warp stores the block's index for its warp; lanes
// then read the word of warp (lane & (warps - 1)), at most the last warp:
// another word per lane, the same value. Both conditions are uniform only if a load is tied to the
// store before the barrier (in a kernel free of data races, the last value
// stored there). The bounds on the neighbour split an odd-sized block's
// last warp.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: block (B,1,1), B <= 1024, any grid; out[] holds one word per
//         thread of the grid. The one-dimensional block is an assumption of
//         the verdicts below (with any block shape the neighbour's word is
//         tied to its store all the same, but Z3 does not prove the
//         three-dimensional case within the tests' time).
// ASSUME: ntid.y == 1
// ASSUME: ntid.z == 1
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[i] (i = global linear id) is the set of branches that thread took.

extern "C" __global__ void branches_shared_stored(const unsigned *tag, unsigned *out)
{
    __shared__ unsigned s_warp[1024];
    __shared__ unsigned s_block[32];
    unsigned n = blockDim.x * blockDim.y * blockDim.z;
    unsigned linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned lane = linear & 31u;
    unsigned acc = 0;

    s_warp[linear] = linear >> 5;
    if (lane == 0u)                     // EXPECT: divergent // EXPECT[block=96x1x1]: divergent
        s_block[linear >> 5] = blockIdx.x;
    __syncthreads();

    unsigned partner = linear ^ 1u;
    if (partner < n) {                  // EXPECT: divergent // EXPECT[block=96x1x1]: uniform
        if (s_warp[partner] != (linear >> 5))    // EXPECT: uniform // EXPECT[block=96x1x1]: uniform
            acc |= tag[0];
    }
    unsigned warps = (n + 31u) >> 5;
    if (s_block[lane & (warps - 1u)] != blockIdx.x)     // EXPECT: uniform // EXPECT[block=96x1x1]: uniform
        acc |= tag[1];

    out[blockIdx.x * n + linear] = acc;
}
