// branches_loops: loop exit branches. A trip count from a parameter or a
// block index is the same for every thread (uniform exit); a loop that starts
// at threadIdx.x and strides by blockDim.x runs one more iteration in some
// threads than in others (divergent exit); so does a data-dependent one.
// The EXPECT comment on a `for`/`while` line is about its exit test.
// Branch-uniformity truth is on each loop/`if` line as EXPECT comments
// (grammar in README.md).
//
// Launch: block (B,1,1), any B; grid (G,1,1); data[] holds max(n, G*B, 4) words;
//         out[] 3*G*B words. n <= 2^32 - 1024 (so j += blockDim.x never wraps), e.g. 100:
// ASSUME: param2 <= 4294966272
// Result: for thread i = blockIdx.x*B + threadIdx.x:
//   out[3*i+0] = data[0] + ... + data[n-1]                    (modulo 2^32)
//   out[3*i+1] = XOR of data[j] for j = threadIdx.x, threadIdx.x + B, ... < n
//   out[3*i+2] = (data[0] & 7) + ... + (data[blockIdx.x % 4] & 7) + (number of steps of
//                v -> v - (v/3 + 1) from v = data[i] & 255 down to 0)
// (The last loop is no idiom a compiler replaces by a bit-count instruction,
// unlike v >>= 1 or v &= v - 1, so its exit branch stays in the PTX.)

extern "C" __global__ void branches_loops(const unsigned *data, unsigned *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

    unsigned sum = 0;
    for (unsigned k = 0; k < n; ++k)                            // EXPECT: uniform
        sum += data[k];

    unsigned x = 0;
    for (unsigned j = threadIdx.x; j < n; j += blockDim.x)      // EXPECT: divergent
        x ^= data[j];

    unsigned r = 0;
    for (unsigned k = 0; k <= blockIdx.x % 4u; ++k)             // EXPECT: uniform
        r += data[k] & 7u;
    unsigned v = data[i] & 255u;
    while (v != 0u) {                                           // EXPECT: divergent
        v -= v / 3u + 1u;
        ++r;
    }

    out[3 * i + 0] = sum;
    out[3 * i + 1] = x;
    out[3 * i + 2] = r;
}
