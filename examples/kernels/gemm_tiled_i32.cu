// gemm_tiled_i32: C = A * B for int32 row-major matrices (A is M x K,
// B is K x N, C is M x N) with 16 x 16 shared-memory tiles.
// Exercises: two __shared__ tiles, a K loop with two __syncthreads() per
// iteration, an unrolled 16-step inner product, zero padding of partial tiles.
// Products and sums wrap modulo 2^32 (they are computed in unsigned
// arithmetic, so overflow is defined); the stored value is that sum read as int32.
//
// Launch: block (16,16,1); grid (ceil(N/16), ceil(M/16), 1).
// Result: C[r*N + c] = sum over k < K of A[r*K + k] * B[k*N + c], modulo 2^32.

#define TILE 16

extern "C" __global__ void gemm_tiled_i32(const int *A, const int *B, int *C,
                                          unsigned M, unsigned N, unsigned K)
{
    __shared__ int As[TILE][TILE];
    __shared__ int Bs[TILE][TILE];

    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned row = blockIdx.y * TILE + ty;
    unsigned col = blockIdx.x * TILE + tx;
    unsigned acc = 0;

    for (unsigned k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0;
        __syncthreads();

#pragma unroll
        for (unsigned k = 0; k < TILE; ++k)
            acc += (unsigned)As[ty][k] * (unsigned)Bs[k][tx];
        __syncthreads();
    }

    if (row < M && col < N)
        C[row * N + col] = (int)acc;
}
