// A CUDA kernel given where PTX is wanted (tests/files/new-user/cuda-source.test).
__global__ void racy(int *out)
{
    __shared__ int s;
    s = threadIdx.x;
    out[threadIdx.x] = s * 2;
}
