// branches_readonly: branches on values loaded from memory the kernel cannot
// change while it runs. `in` is `const __restrict__` (nvcc and clang read it
// with ld.global.nc), `table` is __constant__ (ld.const), `n` a parameter
// (ld.param): one address holds one value for every thread, so a condition
// on one address is uniform, whatever the memory holds, and a float compare
// of such a value too (a float operation is a function of its operands).
// A load whose address differs per thread may still split a warp.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: any block, grid (G,1,1); in[] holds at least max(513, n + 1,
//         grid threads) words, f[] 8 floats, out[] one word per thread.
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[i] (i = global linear id) is the set of branches that thread took.

__constant__ unsigned table[16];

extern "C" __global__ void branches_readonly(const unsigned *tag, const unsigned *__restrict__ in,
                                             const float *__restrict__ f, unsigned n, unsigned *__restrict__ out)
{
    unsigned linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * blockDim.y * blockDim.z) + linear;
    unsigned acc = 0;

    if (in[512] > 7u)                   // EXPECT: uniform
        acc |= tag[0];

    if (in[n] == 3u)                    // EXPECT: uniform
        acc |= tag[1];                  // n is a parameter: one address

    if (table[5] > 5u)                  // EXPECT: uniform
        acc |= tag[2];

    if (f[7] > 0.5f)                    // EXPECT: uniform
        acc |= tag[3];

    if (in[i] > 7u)                     // EXPECT: divergent
        acc |= tag[4];

    out[i] = acc;
}
