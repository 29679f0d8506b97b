// Issue 28, item 2: branches on the global thread index of a launch of more
// than 4096 threads (64 blocks of 256), every scalar fixed by global.toml.
extern "C" __global__ void global_branches(unsigned *out, unsigned n, unsigned stride)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&out[0], i);
    if (i % stride == 0u)
        atomicAdd(&out[1], i);
}
