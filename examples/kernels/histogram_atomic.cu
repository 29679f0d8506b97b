// histogram_atomic: a 64-bin histogram of (value & 63), privatised per block
// in shared memory and then merged into global memory.
// Exercises: atomicAdd on __shared__ memory (atom.shared / red.shared),
// atomicAdd on global memory (atom.global / red.global), a grid-stride loop,
// a block-stride initialisation loop, and two __syncthreads().
//
// Launch: block (B,1,1) with any 1 <= B <= 1024; any grid (the grid-stride loop
//         covers all n elements whatever the grid). bins[] must be zeroed first.
// Result: bins[b] = number of i < n with (in[i] & 63) == b.
// Atomic additions commute, so the result is deterministic.

#define BINS 64

extern "C" __global__ void histogram_atomic(const unsigned *in, unsigned *bins, unsigned n)
{
    __shared__ unsigned local[BINS];

    for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();

    unsigned stride = gridDim.x * blockDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&local[in[i] & (BINS - 1)], 1u);
    __syncthreads();

    for (unsigned b = threadIdx.x; b < BINS; b += blockDim.x) {
        unsigned count = local[b];
        if (count != 0)
            atomicAdd(&bins[b], count);
    }
}
