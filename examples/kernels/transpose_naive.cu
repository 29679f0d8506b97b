// transpose_naive: out = in^T for a row-major width x height matrix of
// 32-bit words, through a 32x32 shared tile with no padding.
// Exercises: coalesced global reads and writes, and a shared tile read down
// a column: the memory metrics of `warpsat profile` and `warpsat advise`.
//
// Launch: block (32,8,1); grid (width/32, height/32, 1); width and height
//         multiples of 32 (the EXPECTs: width = height = 64, grid (2,2,1),
//         buffers 256-byte aligned, as the emulator places them).
// Result: out[x*height + y] = in[y*width + x].
//
// EXPECT-MEM lines (tests/unit/test_memory_kernels.cpp) give, for the
// launch above, the counts of the accesses on their source line, per
// request (a warp-level instruction): sectors/request for global memory,
// wavefronts/request and the worst ways for shared memory.
//
// Derivation. A warp is one row of the block: threadIdx.x = 0..31, one
// threadIdx.y. Reading in[(y0+j)*width + x0 + tx]: 32 consecutive words,
// 128 bytes starting at a multiple of 128 (x0 = 32*blockIdx.x words), so
// 4 sectors per request. Writing tile[ty+j][tx]: word (ty+j)*32 + tx, banks
// tx: all 32 banks once, 1 wavefront. Reading tile[tx][ty+j]: word
// tx*32 + ty + j, bank (ty + j) % 32 for every lane, 32 distinct words in
// one bank: 32 ways, 32 wavefronts. Writing out[(x0+ty+j)*height + y0+tx]:
// 32 consecutive words again, 4 sectors.

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose_naive(const unsigned *in, unsigned *out, unsigned width, unsigned height)
{
    __shared__ unsigned tile[TILE][TILE];

    // Threads past a (32,8) block do nothing (any other block stays in bounds).
    if (threadIdx.x >= TILE || threadIdx.y >= ROWS)
        return;
    unsigned x = blockIdx.x * TILE + threadIdx.x;
    unsigned y = blockIdx.y * TILE + threadIdx.y;
    for (unsigned j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];  // EXPECT-MEM: global_ld sectors/request=4 ; shared_st wavefronts/request=1 ways=1
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (unsigned j = 0; j < TILE; j += ROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];  // EXPECT-MEM: shared_ld wavefronts/request=32 ways=32 ; global_st sectors/request=4
}
