// histogram_shared: a 256-bin histogram of bytes, counted per block with
// shared-memory atomics, then added to the global bins.
// Exercises: atomics on shared memory where a whole warp hits one bin
// (same-address serialisation), and a coalesced global atomic per bin.
//
// Launch: block (256,1,1), any grid (the EXPECTs: grid (1,1,1), n = 256,
//         in[i] = i / 32: every warp's 32 values equal; bins zeroed).
// Result: bins[b] += count of i < n with (in[i] & 255) == b.
//
// Derivation. Zeroing local_bins[t]: 32 consecutive words per warp, 1
// wavefront. atomicAdd(&local_bins[in[i] & 255], 1): in warp w every lane's
// value is w, so all 32 lanes update one address: 32 lanes serialised per
// request. Reading in[i]: 32 consecutive words, 4 sectors per request.
// atomicAdd(&bins[t], local_bins[t]): 32 consecutive words, one lane each
// (serialisation 1), 4 sectors per request; reading local_bins[t]: 1
// wavefront.

#define BINS 256

extern "C" __global__ void histogram_shared(const unsigned *in, unsigned *bins, unsigned n)
{
    __shared__ unsigned local_bins[BINS];
    unsigned t = threadIdx.x;
    for (unsigned b = t; b < BINS; b += blockDim.x)
        local_bins[b] = 0;  // EXPECT-MEM: shared_st wavefronts/request=1 ways=1
    __syncthreads();

    for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
        unsigned v = in[i];  // EXPECT-MEM: global_ld sectors/request=4
        atomicAdd(&local_bins[v & (BINS - 1)], 1u);  // EXPECT-MEM: shared_atom serial/request=32
    }
    __syncthreads();

    for (unsigned b = t; b < BINS; b += blockDim.x)
        atomicAdd(&bins[b], local_bins[b]);  // EXPECT-MEM: shared_ld wavefronts/request=1 ; global_atom serial/request=1 sectors/request=4
}
