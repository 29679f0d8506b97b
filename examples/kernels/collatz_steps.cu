// collatz_steps: for each element, the number of Collatz steps
// (x -> x/2 if even, 3x+1 if odd) until x reaches 1, capped at max_steps.
// Exercises: a data-dependent while loop (each lane leaves at its own
// iteration: divergent loop exit), a data-dependent if/else in the body.
// 3x+1 wraps modulo 2^32 (unsigned), and x = 0 never reaches 1, so the cap
// is what guarantees termination.
//
// Launch: block (B,1,1), any B; grid (ceil(n/B),1,1).
// Result: for i < n, steps[i] = min(max_steps, first s with f^s(in[i]) == 1),
//         f as above in 32-bit unsigned arithmetic (steps[i] = 0 when in[i] == 1).
// Typical parameters: in[i] = i + 1, max_steps = 1000 (27 takes 111 steps).

extern "C" __global__ void collatz_steps(const unsigned *in, unsigned *steps,
                                         unsigned n, unsigned max_steps)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    unsigned x = in[i];
    unsigned s = 0;
    while (x != 1u && s < max_steps) {
        if (x & 1u)
            x = 3u * x + 1u;
        else
            x >>= 1;
        ++s;
    }
    steps[i] = s;
}
