// transpose_padded: transpose_naive with each tile row padded by one word.
//
// Launch and result: as transpose_naive (the EXPECTs: width = height = 64,
// block (32,8,1), grid (2,2,1)).
//
// Derivation. The tile's rows are 33 words apart, so word (r, c) is
// r*33 + c, bank (r + c) % 32. Writing tile[ty+j][tx]: banks
// (ty + j + tx) % 32, distinct over tx: 1 wavefront. Reading
// tile[tx][ty+j]: banks (tx + ty + j) % 32, distinct over tx: 1 wavefront
// (the naive tile's 32). Global accesses as in transpose_naive: 4 sectors.

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose_padded(const unsigned *in, unsigned *out, unsigned width, unsigned height)
{
    __shared__ unsigned tile[TILE][TILE + 1];

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
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];  // EXPECT-MEM: shared_ld wavefronts/request=1 ways=1 ; global_st sectors/request=4
}
