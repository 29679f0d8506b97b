// branches_float: conditions computed in floating point. The branch
// analysis encodes f16/bf16/f32/f64 arithmetic, comparisons and conversions
// as exact IEEE terms (docs/branches.md, "Floating point"), so a float
// condition that only depends on the warp is proved uniform, and a split
// through floats comes with concrete float inputs that the replay runs.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: any block, grid (G,1,1); x[] holds one float per thread of the
//         grid, s[] 8 floats, out[] one word per thread.
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[i] (i = global linear id) is the set of branches that thread took.

extern "C" __global__ void branches_float(const unsigned *tag, const float *__restrict__ x, const float *s, float scale,
                                          unsigned *out)
{
    unsigned linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * blockDim.y * blockDim.z) + linear;
    unsigned acc = 0;

    if ((float)(threadIdx.x >> 5) * 0.25f < 0.5f)     // EXPECT: divergent // EXPECT[block=64x2x1]: uniform // EXPECT[block=96x1x1]: uniform
        acc |= tag[0];                                // x < 64; a warp may hold the end of one row and the start of the next

    if ((float)blockIdx.x * scale > 100.0f)           // EXPECT: uniform
        acc |= tag[1];

    float v = x[i];
    if (v + scale > 2.0f)                             // EXPECT: divergent
        acc |= tag[2];

    if ((double)threadIdx.x * 0.5 >= 3.0)             // EXPECT: divergent
        acc |= tag[3];                                // threads 6 and up

    if ((int)((float)linear * 0.0f) != 0)             // EXPECT: uniform
        acc |= tag[4];                                // never: 0 * x is 0 for every thread id

    out[i] = acc;
}
