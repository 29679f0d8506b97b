// scan_warp_inclusive: an inclusive prefix sum within each warp using
// __shfl_up_sync (Kogge-Stone over the 32 lanes).
// Exercises: shfl.sync.up, the lane id (threadIdx.x & 31), and a
// lane-dependent add after each shuffle.
//
// Launch: block (B,1,1) with B a multiple of 32; any grid.
// Result: for i = blockIdx.x*B + threadIdx.x < n, with w = i / 32,
//         out[i] = in[32*w] + ... + in[i]  (modulo 2^32; index >= n counts as 0).

#define FULL_MASK 0xffffffffu

extern "C" __global__ void scan_warp_inclusive(const unsigned *in, unsigned *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31u;
    unsigned v = (i < n) ? in[i] : 0u;

    for (unsigned offset = 1; offset < 32; offset *= 2) {
        unsigned up = __shfl_up_sync(FULL_MASK, v, offset);
        if (lane >= offset)
            v += up;
    }

    if (i < n)
        out[i] = v;
}
