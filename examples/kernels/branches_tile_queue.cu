// branches_tile_queue: CUB's onesweep tile queue, small. Thread 0 takes the
// block's tile from a global counter (atomicAdd) and broadcasts it through
// shared memory; after the barrier the tile is block-uniform, and so is the
// test for a full tile, while each thread's guard against the end of the
// input splits the partial last tile. A barrier reduction then asks whether
// every key of the tile fell in one bin: a fast path, uniform, that opens
// only when the whole declared block (__launch_bounds__(128), 4 keys per
// thread) agrees, so a replay must run the block size the kernel declares
// to see the guards inside it split.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: block (128,1,1), any grid; counter[0] is the next tile (zero it
//         first); keys[] and out[] hold n words.

#define TILE_THREADS 128
#define TILE_ITEMS 4

extern "C" __global__ void __launch_bounds__(TILE_THREADS)
    branches_tile_queue(const unsigned *keys, unsigned *counter, unsigned *out, int n)
{
    __shared__ unsigned s_tile;
    __shared__ unsigned s_bins[16];
    unsigned t = threadIdx.x;
    if (t < 16u)                                     // EXPECT: divergent
        s_bins[t] = 0u;
    if (t == 0u)                                     // EXPECT: divergent
        s_tile = atomicAdd(counter, 1u);
    __syncthreads();
    int base = (int)(s_tile * (TILE_THREADS * TILE_ITEMS));

    unsigned k[TILE_ITEMS];
    if (base + TILE_THREADS * TILE_ITEMS <= n) {     // EXPECT: uniform
#pragma unroll
        for (int i = 0; i < TILE_ITEMS; ++i)
            k[i] = keys[base + i * TILE_THREADS + (int)t];
    } else {
#pragma unroll
        for (int i = 0; i < TILE_ITEMS; ++i) {
            int idx = base + i * TILE_THREADS + (int)t;
            k[i] = 0xffffffffu;
            if (idx < n)                             // EXPECT: divergent
                k[i] = keys[idx];
        }
    }
#pragma unroll
    for (int i = 0; i < TILE_ITEMS; ++i)
        atomicAdd(&s_bins[k[i] >> 28], 1u);
    __syncthreads();

    bool one_bin = (t < 16u) & (s_bins[t & 15u] == TILE_THREADS * TILE_ITEMS);
    if (__syncthreads_or(one_bin)) {                 // EXPECT: uniform
#pragma unroll
        for (int i = 0; i < TILE_ITEMS; ++i) {
            int idx = base + i * TILE_THREADS + (int)t;
            if (idx < n)                             // EXPECT: divergent
                out[idx] = k[i];
        }
    } else {
#pragma unroll
        for (int i = 0; i < TILE_ITEMS; ++i) {
            int idx = base + i * TILE_THREADS + (int)t;
            if (idx < n)                             // EXPECT: divergent
                out[idx] = k[i] ^ 1u;
        }
    }
}
