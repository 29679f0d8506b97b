// branches_warp_aligned: conditions on threadIdx.x that split a block only at
// multiples of 32, so every warp is all-in or all-out (uniform), next to
// lane-level conditions that split inside a warp (divergent).
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md). The first `if` lets only 1-D blocks go on: in a block with
// several rows whose x size is not a multiple of 32, one warp holds the end
// of one row and the start of the next, and none of these patterns would be
// warp-aligned.
//
// Launch: block (B,1,1), any B; grid (G,1,1); out[] holds G*B words.
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[blockIdx.x*B + threadIdx.x] is the set of branches that thread took.

extern "C" __global__ void branches_warp_aligned(const unsigned *tag, unsigned *out)
{
    if (blockDim.y * blockDim.z != 1u)  // EXPECT: uniform
        return;

    unsigned t = threadIdx.x;
    unsigned acc = 0;

    if ((t & ~31u) == 32u)              // EXPECT: uniform
        acc |= tag[0];                  // exactly warp 1
    if ((t >> 5) == 3u)                 // EXPECT: uniform
        acc |= tag[1];                  // exactly warp 3
    if (t / 32u < 2u)                   // EXPECT: uniform
        acc |= tag[2];                  // warps 0 and 1
    if (t % 64u >= 32u)                 // EXPECT: uniform
        acc |= tag[3];                  // odd warps
    if ((t & 31u) < 16u)                // EXPECT: divergent // EXPECT[block=16x1x1]: uniform // EXPECT[block=17x1x1]: divergent // EXPECT[block=128x1x1]: divergent
        acc |= tag[4];                  // low half of every warp
    if (t % 2u == 0u)                   // EXPECT: divergent // EXPECT[block=1x1x1]: uniform // EXPECT[block=128x1x1]: divergent
        acc |= tag[5];                  // even threads

    out[blockIdx.x * blockDim.x + t] = acc;
}
