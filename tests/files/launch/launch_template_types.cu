// Buffers whose element types launch-template reads off the loads and
// stores, and parameter names it reads off the declarations
// (tests/files/launch/template-types.ptx).

extern "C" __global__ void masked_axpy(float *y, const float *x, const unsigned char *mask, unsigned *count,
                                       float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && mask[i]) {
        y[i] = a * x[i] + y[i];
        atomicAdd(count, 1u);
    }
}

template <class T>
__global__ void scale(T *out, const T *in, T s, int n)
{
    int i = threadIdx.x;
    if (i < n)
        out[i] = in[i] * s;
}

template __global__ void scale<double>(double *, const double *, double, int);

// The same buffer read as bits and as a float: no one element type.
extern "C" __global__ void punned(void *data, float *out)
{
    int i = threadIdx.x;
    out[i] = reinterpret_cast<float *>(data)[i] + static_cast<float>(reinterpret_cast<unsigned char *>(data)[i]);
}
