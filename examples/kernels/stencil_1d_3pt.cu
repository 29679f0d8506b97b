// stencil_1d_3pt: out[i] = in[i-1] + 2*in[i] + in[i+1] through a shared-memory
// tile with a one-element halo on each side; neighbours outside [0, n) read 0.
// Exercises: halo loads by the first and last thread of the block, shared
// memory indexed with an offset, one __syncthreads(), bounds checks.
//
// Launch: block (B,1,1) with 1 <= B <= 256; grid (ceil(n/B),1,1).
// Result: for every i < n, out[i] = in[i-1] + 2*in[i] + in[i+1] modulo 2^32,
//         with in[-1] = in[n] = 0.

#define MAX_BLOCK 256

extern "C" __global__ void stencil_1d_3pt(const unsigned *in, unsigned *out, unsigned n)
{
    __shared__ unsigned tile[MAX_BLOCK + 2];

    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;

    tile[tid + 1] = (i < n) ? in[i] : 0u;
    if (tid == 0)                                  // left halo
        tile[0] = (i > 0 && i - 1 < n) ? in[i - 1] : 0u;
    if (tid == blockDim.x - 1)                     // right halo
        tile[blockDim.x + 1] = (i + 1 < n) ? in[i + 1] : 0u;
    __syncthreads();

    if (i < n)
        out[i] = tile[tid] + 2u * tile[tid + 1] + tile[tid + 2];
}
