// A row bound over a 32-bit thread index (a new user's kernel, issue 28's
// trial): with cols a multiple of 32 and whole-warp blocks, row is the same
// across a warp -- except where blockIdx.x * blockDim.x wraps past 2^31 and
// t / cols truncates toward zero on both sides of 0.
__global__ void scale_rows(float* out, const float* in, int n, int cols, int stride)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    int row = t / cols;
    if (row < n) {
        float v = in[t];
        if ((t % stride) == 0)
            v *= 2.0f;
        out[t] = v;
    }
}
