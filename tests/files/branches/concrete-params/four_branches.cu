// Four branches that compare thread ids with scalar parameters: a bound, a
// 64-wide window starting at a parameter, a stride, a product (issue 28).
extern "C" __global__ void four_branches(unsigned *out, unsigned n, unsigned start, unsigned stride,
                                         unsigned rows, unsigned cols)
{
    unsigned t = threadIdx.x;
    if (t < n)                          // a bound
        atomicAdd(&out[0], t);
    if (t >= start && t < start + 64u)  // a 64-wide window starting at a parameter
        atomicAdd(&out[1], t);
    if (t % stride == 0u)               // a stride
        atomicAdd(&out[2], t);
    if (t < rows * cols)                // a product
        atomicAdd(&out[3], t);
}
