// matvec_col_major: y = A x with A column-major (n columns of m words), one
// thread per row: consecutive lanes read consecutive words (coalesced).
//
// Launch: block (B,1,1), grid ceil(m/B) (the EXPECTs: m = 64, n = 64,
//         block (32,1,1), grid (2,1,1); buffers 256-byte aligned).
// Result: y[i] = sum over j of A[j*m + i] * x[j], modulo 2^32.
//
// Derivation (m = 64). Reading A[j*m + i] for lanes i = i0..i0+31 (i0 a
// multiple of 32): 32 consecutive words at a multiple of 128 bytes, 4
// sectors per request. Reading x[j]: one word for the warp, 1 sector. The
// line's loads alternate between the two (as many of each), so the line
// has (4 + 1) / 2 = 2.5 sectors per request. Writing y[i]: 4 sectors.

extern "C" __global__ void matvec_col_major(const unsigned *A, const unsigned *x, unsigned *y, unsigned m, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m)
        return;
    unsigned sum = 0;
    for (unsigned j = 0; j < n; ++j)
        sum += A[j * m + i] * x[j];  // EXPECT-MEM: global_ld sectors/request=2.5
    y[i] = sum;  // EXPECT-MEM: global_st sectors/request=4
}
