// branches_thread_bound: threadIdx.x < bound, with the bound a constant or a
// kernel parameter, a multiple of 32 or not; a bound the hardware can never
// reach (threadIdx.x < 1024 always); and a condition that is never true for
// any value (a square is never 5 modulo 8).
// A multiple-of-32 bound splits a 1-D block between warps (uniform); any
// other bound splits the warp that contains it (divergent), unless the block
// ends before that warp's first lane past the bound.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md). Only 1-D blocks go past the first `if` (see
// branches_warp_aligned.cu for why).
//
// Launch: block (B,1,1), any B; grid (G,1,1); out[] holds G*B words.
//         Parameters: any n and k (e.g. n = 40, k = 1).
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[blockIdx.x*B + threadIdx.x] is the set of branches that thread took.

extern "C" __global__ void branches_thread_bound(const unsigned *tag, unsigned *out,
                                                 unsigned n, unsigned k)
{
    if (blockDim.y * blockDim.z != 1u)  // EXPECT: uniform
        return;

    unsigned t = threadIdx.x;
    unsigned acc = 0;

    if (t < 64u)                        // EXPECT: uniform
        acc |= tag[0];
    if (t < 40u)                        // EXPECT: divergent // EXPECT[block=32x1x1]: uniform // EXPECT[block=40x1x1]: uniform // EXPECT[block=41x1x1]: divergent // EXPECT[block=64x1x1]: divergent
        acc |= tag[1];
    if (t < n)                          // EXPECT: divergent // EXPECT[block=1x1x1]: uniform // EXPECT[block=64x1x1]: divergent
        acc |= tag[2];
    if (t < 32u * k)                    // EXPECT: uniform
        acc |= tag[3];                  // 32*k wraps modulo 2^32 but stays a multiple of 32
    if (t < (n & ~31u))                 // EXPECT: uniform
        acc |= tag[4];

    // threadIdx.x < 1024 on every GPU, so this is never taken (compilers know
    // the range of %tid.x and usually delete both branches).
    if (t >= 4096u) {                   // EXPECT: uniform
        acc |= tag[5];
        if (tag[6] > 7u)                // EXPECT: unreachable
            acc |= tag[7];
    }

    // x*x modulo 8 is 0, 1 or 4, never 5, also in 32-bit arithmetic: never taken,
    // but no compiler proves it, so the branch stays in the PTX.
    unsigned x = t + n;
    if (((x * x) & 7u) == 5u) {         // EXPECT: uniform
        acc |= tag[8];
        if (tag[9] > 7u)                // EXPECT: unreachable
            acc |= tag[10];
    }

    out[blockIdx.x * blockDim.x + t] = acc;
}
