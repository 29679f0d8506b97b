// branches_2d: conditions on threadIdx.y, threadIdx.z and threadIdx.x in
// 2-D and 3-D blocks. Warps take 32 consecutive linear thread ids
// x + y*X + z*X*Y, so a condition on y is uniform when every warp lies
// inside one row (X a multiple of 32) and may split when a warp straddles
// two rows (X not a multiple of 32).
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md); every line here depends on the launch, so the unqualified
// verdict (over all launches) is divergent and the block=... ones say which
// shapes keep it uniform.
//
// Launch: block (X,Y,Z), e.g. (64,2,1), (65,2,1), (16,16,1), (32,2,2);
//         grid (G,1,1); out[] holds G*X*Y*Z words.
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[blockIdx.x*X*Y*Z + linear id] is the set of branches that thread took.

extern "C" __global__ void branches_2d(const unsigned *tag, unsigned *out)
{
    unsigned linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned acc = 0;

    if (threadIdx.y == 0u)              // EXPECT: divergent // EXPECT[block=64x2x1]: uniform // EXPECT[block=32x8x1]: uniform // EXPECT[block=65x2x1]: divergent // EXPECT[block=16x16x1]: divergent
        acc |= tag[0];
    if (threadIdx.y % 2u == 1u)         // EXPECT: divergent // EXPECT[block=64x2x1]: uniform // EXPECT[block=48x4x1]: divergent // EXPECT[block=16x16x1]: divergent
        acc |= tag[1];
    if (threadIdx.y < blockDim.y / 2u)  // EXPECT: divergent // EXPECT[block=64x2x1]: uniform // EXPECT[block=16x4x1]: uniform // EXPECT[block=16x2x1]: divergent
        acc |= tag[2];
    if (threadIdx.x < 32u)              // EXPECT: divergent // EXPECT[block=64x2x1]: uniform // EXPECT[block=16x16x1]: uniform // EXPECT[block=48x2x1]: divergent
        acc |= tag[3];
    if (threadIdx.z == 1u)              // EXPECT: divergent // EXPECT[block=32x2x2]: uniform // EXPECT[block=64x2x1]: uniform // EXPECT[block=8x2x4]: divergent
        acc |= tag[4];

    out[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + linear] = acc;
}
