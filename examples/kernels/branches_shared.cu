// branches_shared: values broadcast through shared memory across
// __syncthreads(). Thread 0 stores a loaded value, or the ticket
// atomicAdd gives it, into shared memory; after the barrier every thread
// reads the same word, so a condition on it is uniform (in a kernel free of
// data races, a load after a barrier reads what was stored before it). A
// barrier reduction (__syncthreads_or) gives one value to the whole block.
// The stores' own condition, thread 0, splits the first warp.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: any block, grid (G,1,1); data[] and out[] hold one word per thread
//         of the grid; counter[0] counts the blocks that have started (zero
//         it first), so the block with ticket G - 1 is the last to start.
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[i] (i = global linear id) is the set of branches that thread took.

extern "C" __global__ void branches_shared(const unsigned *tag, const unsigned *data, unsigned *counter,
                                           unsigned *out)
{
    __shared__ unsigned s_value;
    __shared__ unsigned s_ticket;
    unsigned linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * blockDim.y * blockDim.z) + linear;
    unsigned v = data[i];
    unsigned acc = 0;

    if (linear == 0u)                   // EXPECT: divergent
        s_value = v;
    __syncthreads();
    if (s_value > 7u)                   // EXPECT: uniform
        acc |= tag[0];

    if (__syncthreads_or(v > 7u))       // EXPECT: uniform
        acc |= tag[1];

    if (linear == 1u)                   // EXPECT: divergent
        s_ticket = atomicAdd(counter, 1u);
    __syncthreads();
    if (s_ticket == gridDim.x - 1u)     // EXPECT: uniform
        acc |= tag[2];                  // the last block to start

    out[i] = acc;
}
