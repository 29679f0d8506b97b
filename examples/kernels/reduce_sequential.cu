// reduce_sequential: reduce_interleaved with sequential addressing: step s
// folds partial[t + s] onto partial[t] for t < s, so a warp's lanes always
// touch consecutive words: no bank conflict at any step.
//
// Launch: block (256,1,1), any grid (the EXPECTs: grid (1,1,1), n = 256).
// Result: as reduce_interleaved.
//
// Derivation (B = 256). Step s = 128, 64, ..., 1: threads t < s work:
// 4, 2, 1, 1, 1, 1, 1, 1 warp instructions (the last five with 16, 8, 4,
// 2, 1 lanes) = 12 requests per access instruction, each on consecutive
// words: 1 wavefront each. nvcc loads partial[t] and partial[t + s] and
// stores (24 load requests); clang 14 keeps partial[t] in a register from
// one step to the next (its GlobalsAA, see README.md) and loads only
// partial[t + s] (12): either way 1 wavefront per request; the store: 12
// requests, 12 wavefronts.

#define BLOCK 256

extern "C" __global__ void reduce_sequential(const unsigned *in, unsigned *out, unsigned n)
{
    __shared__ unsigned partial[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * BLOCK + t;
    partial[t] = (i < n) ? in[i] : 0u;  // EXPECT-MEM: global_ld sectors/request=4 ; shared_st wavefronts/request=1
    __syncthreads();

    for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
        if (t < s)
            partial[t] += partial[t + s];  // EXPECT-MEM: shared_ld wavefronts/request=1 ways=1 ; shared_st requests=12 wavefronts=12 ways=1
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = partial[0];
}
