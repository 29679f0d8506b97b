// branches_nested: branches inside a divergent region whose own condition is
// the same for every lane that reaches it, though it would differ across the
// full warp: uniform among the active lanes. A per-lane analysis that only
// asks "does the condition depend on threadIdx?" calls these divergent.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md). Only 1-D blocks go past the first `if` (see
// branches_warp_aligned.cu for why), so threadIdx.x & 31 is the lane.
//
// Launch: block (B,1,1), any B; grid (G,1,1); data[] and out[] hold G*B
//         words. Parameters: any n (e.g. n = 100 and n = 101).
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[i] (i = global id) is the set of branches that thread took.

extern "C" __global__ void branches_nested(const unsigned *tag, const unsigned *data,
                                           unsigned *out, unsigned n)
{
    if (blockDim.y * blockDim.z != 1u)  // EXPECT: uniform
        return;

    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31u;
    unsigned acc = 0;

    if (lane < 16u) {                   // EXPECT: divergent
        acc |= tag[0];
        if ((lane & 16u) == 0u)         // EXPECT: uniform
            acc |= tag[1];              // every lane below 16 has bit 4 clear
        if (n + lane / 16u > 100u)      // EXPECT: uniform
            acc |= tag[2];              // lane / 16 is 0 here: this is n > 100
    }

    if (lane == 5u) {                   // EXPECT: divergent
        if (data[i] > 7u)               // EXPECT: uniform
            acc |= tag[3];              // one active lane per warp: trivially uniform
    }

    if (threadIdx.x % 2u == 0u) {       // EXPECT: divergent
        acc |= tag[4];
        if (threadIdx.x % 4u == 0u)     // EXPECT: divergent
            acc |= tag[5];              // even lanes still split: 0 mod 4 vs 2 mod 4
    }

    out[i] = acc;
}
