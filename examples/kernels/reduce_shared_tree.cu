// reduce_shared_tree: a block-wide sum by a shared-memory tree reduction.
// Exercises: __shared__ arrays, __syncthreads() inside a loop whose trip count
// depends on blockDim.x (uniform), a halving stride, and a thread-0-only store.
//
// Launch: block (B,1,1) with B a power of two, 1 <= B <= 256; any grid.
// Result: out[blockIdx.x] = sum of in[blockIdx.x*B .. blockIdx.x*B + B-1]
//         (elements at index >= n count as 0), modulo 2^32.

#define MAX_BLOCK 256

extern "C" __global__ void reduce_shared_tree(const unsigned *in, unsigned *out, unsigned n)
{
    __shared__ unsigned partial[MAX_BLOCK];

    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < n) ? in[i] : 0u;
    __syncthreads();

    // Each step folds the upper half of the live range onto the lower half.
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            partial[tid] += partial[tid + stride];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = partial[0];
}
