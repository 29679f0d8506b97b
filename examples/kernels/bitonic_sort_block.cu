// bitonic_sort_block: sorts each block's slice of data[] ascending, in place,
// with a bitonic sorting network in shared memory.
// Exercises: nested loops with uniform trip counts (log2 B * (log2 B + 1) / 2
// stages), a partner index tid ^ j, data-dependent compare-and-swap, and a
// __syncthreads() after every stage.
//
// Launch: block (B,1,1) with B a power of two, 2 <= B <= 1024; grid (G,1,1);
//         data[] holds G*B elements.
// Result: data[g*B .. g*B + B-1] is the sorted (ascending, unsigned)
//         permutation of its initial contents, for every block g.

#define MAX_BLOCK 1024

extern "C" __global__ void bitonic_sort_block(unsigned *data)
{
    __shared__ unsigned s[MAX_BLOCK];

    unsigned tid = threadIdx.x;
    unsigned base = blockIdx.x * blockDim.x;
    s[tid] = data[base + tid];
    __syncthreads();

    for (unsigned k = 2; k <= blockDim.x; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            unsigned partner = tid ^ j;
            if (partner > tid) {
                unsigned a = s[tid], b = s[partner];
                bool ascending = (tid & k) == 0;
                if (ascending ? (a > b) : (a < b)) {
                    s[tid] = b;
                    s[partner] = a;
                }
            }
            __syncthreads();
        }
    }

    data[base + tid] = s[tid];
}
