// Issue 28: assumptions name kernel parameters by their CUDA names. The
// second parameter is called `param0` here, which is also how assumptions
// name the first parameter: `param0` names two parameters, and is refused.
// Compiled with: nvcc -ptx -lineinfo -arch=sm_80 tests/files/branches/assume/source_names.cu
//                     -o tests/files/branches/assume/source_names.sm_80.ptx   (from the repository root)
extern "C" __global__ void source_names(const unsigned *tag, unsigned param0, unsigned limit, unsigned *out)
{
    unsigned t = threadIdx.x;
    unsigned acc = 0;
    if (t < limit)
        acc |= tag[0];
    if (t < param0)
        acc |= tag[1];
    out[t] = acc;
}
