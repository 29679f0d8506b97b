// branches_unwritten: a buffer the kernel both reads and writes, where the
// one store writes buf[threadIdx.x + 64] and a read of buf[8000] is of a word
// no thread of any launch stores to (threadIdx.x < 1024): that word keeps its
// value for the whole kernel, so a condition on it is uniform. A thread's
// read of the word it writes itself may split a warp.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: block (B,1,1), B <= 64 (__launch_bounds__), any grid; buf[] holds
//         8001 words (every block writes the same words: the result is the
//         last block's).
// Tags: branch k ORs tag[k] into the thread's word; with tag[k] = 1u << k,
//       buf[64 + t] is the set of branches thread t took.

extern "C" __global__ void __launch_bounds__(64) branches_unwritten(const unsigned *tag, unsigned *buf)
{
    unsigned acc = 0;

    if (buf[8000] > 7u)                 // EXPECT: uniform
        acc |= tag[0];

    if (buf[threadIdx.x + 64u] > 7u)    // EXPECT: divergent
        acc |= tag[1];

    buf[threadIdx.x + 64u] = acc;
}
