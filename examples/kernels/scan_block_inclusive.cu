// scan_block_inclusive: an inclusive prefix sum of each block's elements,
// Hillis-Steele style in shared memory with two buffers (no read/write race).
// Exercises: a double-buffered __shared__ array indexed by a loop-carried
// buffer id, __syncthreads() in a loop, and a lane-dependent guard
// (tid >= offset) inside it.
//
// Launch: block (B,1,1) with 1 <= B <= 256; any grid.
// Result: for i = blockIdx.x*B + t < n,
//         out[i] = in[blockIdx.x*B] + ... + in[i]  (modulo 2^32);
//         elements at index >= n count as 0 and are not written.

#define MAX_BLOCK 256

extern "C" __global__ void scan_block_inclusive(const unsigned *in, unsigned *out, unsigned n)
{
    __shared__ unsigned buf[2][MAX_BLOCK];

    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;
    unsigned src = 0;
    buf[src][tid] = (i < n) ? in[i] : 0u;
    __syncthreads();

    for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
        unsigned v = buf[src][tid];
        if (tid >= offset)
            v += buf[src][tid - offset];
        buf[1 - src][tid] = v;
        src = 1 - src;
        __syncthreads();
    }

    if (i < n)
        out[i] = buf[src][tid];
}
