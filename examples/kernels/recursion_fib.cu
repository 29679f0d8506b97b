// recursion_fib: naive recursive Fibonacci through a __noinline__ __device__
// function, so the PTX holds a .func that calls itself (call.uni with a
// .param return value), plus a mutually recursive even/odd pair.
// Two recursive calls per level keep tail-recursion elimination from turning
// fib into a loop; the even/odd pair recurses through two functions.
// Exercises: .func, .param passing, call/ret, a call stack (each .func gets a
// stack frame), data-dependent recursion depth.
//
// Launch: block (B,1,1), any B; grid (ceil(n/B),1,1).
// Parameters: in[i] <= 20 keeps the work small (fib(20) = 6765, 21891 calls).
// Result: for i < n, out[2*i] = fib(in[i]) (fib(0)=0, fib(1)=1, modulo 2^32),
//         out[2*i+1] = 1 if in[i] is even else 0.

extern "C" __device__ __noinline__ unsigned fib(unsigned k)
{
    if (k < 2)
        return k;
    return fib(k - 1) + fib(k - 2);
}

extern "C" __device__ __noinline__ unsigned is_odd(unsigned k);

extern "C" __device__ __noinline__ unsigned is_even(unsigned k)
{
    return (k == 0) ? 1u : is_odd(k - 1);
}

extern "C" __device__ __noinline__ unsigned is_odd(unsigned k)
{
    return (k == 0) ? 0u : is_even(k - 1);
}

extern "C" __global__ void recursion_fib(const unsigned *in, unsigned *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned k = in[i];
    out[2 * i] = fib(k);
    out[2 * i + 1] = is_even(k);
}
