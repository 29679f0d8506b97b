// branches_data: branches on loaded values. A value each lane loads from its
// own address may differ between lanes (divergent); a value made the same for
// the whole warp by a shuffle broadcast, a ballot, a vote or a butterfly
// all-reduce is uniform.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md). The first `if` lets only blocks of whole warps go on, so the
// full-mask intrinsics below never name a lane that does not exist.
//
// Launch: block (X,Y,Z) with X*Y*Z a multiple of 32; grid (G,1,1);
//         data[] and out[] hold one word per thread of the grid.
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[i] (i = global linear id) is the set of branches that thread took.

#define FULL_MASK 0xffffffffu

extern "C" __global__ void branches_data(const unsigned *tag, const unsigned *data, unsigned *out)
{
    unsigned block_size = blockDim.x * blockDim.y * blockDim.z;
    if (block_size % 32u != 0u)         // EXPECT: uniform
        return;

    unsigned linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned i = blockIdx.x * block_size + linear;
    unsigned v = data[i];
    unsigned acc = 0;

    if (v > 7u)                         // EXPECT: divergent
        acc |= tag[0];

    unsigned first = __shfl_sync(FULL_MASK, v, 0);
    if (first > 7u)                     // EXPECT: uniform
        acc |= tag[1];                  // every lane holds lane 0's value

    unsigned odd_lanes = __ballot_sync(FULL_MASK, v & 1u);
    if (odd_lanes != 0u)                // EXPECT: uniform
        acc |= tag[2];                  // every lane receives the same mask

    if (__all_sync(FULL_MASK, v != 0u)) // EXPECT: uniform
        acc |= tag[3];

    unsigned m = v;
    for (unsigned offset = 16; offset > 0; offset /= 2) {
        unsigned other = __shfl_xor_sync(FULL_MASK, m, offset);
        m = (other > m) ? other : m;
    }
    if (m > 100u)                       // EXPECT: uniform
        acc |= tag[4];                  // every lane holds the warp's maximum

    unsigned neighbour = __shfl_xor_sync(FULL_MASK, v, 1);
    if (neighbour > v)                  // EXPECT: divergent
        acc |= tag[5];

    out[i] = acc;
}
