// transpose_swizzled: transpose_naive with the tile's columns permuted per
// row (column c of row r stored at c ^ r), no padding: no bank conflicts in
// 32x32 words of shared memory.
//
// Launch and result: as transpose_naive (the EXPECTs: width = height = 64,
// block (32,8,1), grid (2,2,1)).
//
// Derivation. Word (r, c) lives at r*32 + (c ^ r), bank c ^ r (r, c < 32).
// Writing row r = ty + j, column tx: banks tx ^ r, a permutation of 0..31
// over tx: 1 wavefront. Reading row tx, column c = ty + j: banks c ^ tx,
// again distinct over tx: 1 wavefront. Global accesses as in
// transpose_naive: 4 sectors.

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose_swizzled(const unsigned *in, unsigned *out, unsigned width, unsigned height)
{
    __shared__ unsigned tile[TILE][TILE];

    // Threads past a (32,8) block do nothing (any other block stays in bounds).
    if (threadIdx.x >= TILE || threadIdx.y >= ROWS)
        return;
    unsigned x = blockIdx.x * TILE + threadIdx.x;
    unsigned y = blockIdx.y * TILE + threadIdx.y;
    for (unsigned j = 0; j < TILE; j += ROWS) {
        unsigned r = threadIdx.y + j;
        tile[r][threadIdx.x ^ r] = in[(y + j) * width + x];  // EXPECT-MEM: global_ld sectors/request=4 ; shared_st wavefronts/request=1 ways=1
    }
    __syncthreads();

    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (unsigned j = 0; j < TILE; j += ROWS) {
        unsigned c = threadIdx.y + j;
        out[(y + j) * height + x] = tile[threadIdx.x][c ^ threadIdx.x];  // EXPECT-MEM: shared_ld wavefronts/request=1 ways=1 ; global_st sectors/request=4
    }
}
