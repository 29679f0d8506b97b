// matvec_row_major: y = A x with A row-major (m rows of n words), one
// thread per row. Exercises a strided global read: consecutive lanes read
// words n apart.
//
// Launch: block (B,1,1), grid ceil(m/B) (the EXPECTs: m = 64, n = 64,
//         block (32,1,1), grid (2,1,1); buffers 256-byte aligned).
// Result: y[i] = sum over j of A[i*n + j] * x[j], modulo 2^32.
//
// Derivation (n = 64). Reading A[i*n + j] for lanes i = i0..i0+31: words
// 64 apart, 256 bytes: each lane its own sector and its own 128-byte line,
// 32 sectors per request (4 bytes used of each 32 moved: 12.5%). Reading
// x[j]: every lane the same word, 1 sector. The line's loads alternate
// between the two (as many of each), so the line has (32 + 1) / 2 = 16.5
// sectors per request. Writing y[i]: 32 consecutive words, 4 sectors.

extern "C" __global__ void matvec_row_major(const unsigned *A, const unsigned *x, unsigned *y, unsigned m, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m)
        return;
    unsigned sum = 0;
    for (unsigned j = 0; j < n; ++j)
        sum += A[i * n + j] * x[j];  // EXPECT-MEM: global_ld sectors/request=16.5
    y[i] = sum;  // EXPECT-MEM: global_st sectors/request=4
}
