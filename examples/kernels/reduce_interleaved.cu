// reduce_interleaved: a block-wide sum whose tree pairs partial[2*s*t] with
// partial[2*s*t + s] (interleaved addressing): the stride between lanes
// doubles every step, and so do the bank conflicts, up to 8 ways.
//
// Launch: block (256,1,1), any grid (the EXPECTs: grid (1,1,1), n = 256).
// Result: out[blockIdx.x] = sum of in[blockIdx.x*256 .. +255] (index >= n
//         counts as 0), modulo 2^32.
//
// Derivation (B = 256). Step s (1, 2, 4, ..., 128): threads t with
// index = 2*s*t < 256 work, t < 128/s. Per warp instruction the lanes'
// words are 2*s apart (the load of partial[index + s] likewise, shifted
// by s), so they fall in 32 / min(32, 2s) banks, each holding the warp's
// active lanes divided among them:
//   s = 1:  t < 128, 4 warps, words 2t: 16 banks x 2 words, 2 ways
//   s = 2:  t < 64,  2 warps, words 4t: 8 banks x 4 words, 4 ways
//   s = 4:  t < 32,  1 warp,  words 8t: 4 banks x 8 words, 8 ways
//   s = 8:  t < 16,  16 lanes, words 16t: 2 banks x 8 words, 8 ways
//   s = 16: t < 8,   8 lanes, words 32t: 1 bank x 8 words, 8 ways
//   s = 32: t < 4:   4 ways;  s = 64: t < 2: 2 ways;  s = 128: t < 1: 1 way
// Per access instruction: 4+2+1+1+1+1+1+1 = 12 requests and
// 4*2 + 2*4 + 8 + 8 + 8 + 4 + 2 + 1 = 47 wavefronts, 35 of them conflicts.
// The line does two loads and one store: shared loads 24 requests, 94
// wavefronts; shared store 12 requests, 47 wavefronts, worst 8 ways.
// (Padding one word after every 32, index i -> i + i/32, makes every
// request conflict free: 12 wavefronts per instruction.)

#define BLOCK 256

extern "C" __global__ void reduce_interleaved(const unsigned *in, unsigned *out, unsigned n)
{
    __shared__ unsigned partial[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * BLOCK + t;
    partial[t] = (i < n) ? in[i] : 0u;  // EXPECT-MEM: global_ld sectors/request=4 ; shared_st wavefronts/request=1
    __syncthreads();

    for (unsigned s = 1; s < BLOCK; s *= 2) {
        unsigned index = 2 * s * t;
        if (index < BLOCK)
            partial[index] += partial[index + s];  // EXPECT-MEM: shared_ld requests=24 wavefronts=94 ways=8 ; shared_st requests=12 wavefronts=47 ways=8
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = partial[0];
}
