// branches_params: conditions on kernel parameters, block and grid indices
// and launch dimensions only, never on the thread index: the same for every
// thread of a block, hence uniform across every warp, whatever the launch.
// Branch-uniformity truth is on each `if` line as EXPECT comments (grammar in
// README.md).
//
// Launch: any block (X,Y,Z), any grid (GX,GY,1); out[] holds one word per
//         thread of the grid, indexed by the global linear thread id below.
//         Parameters: any n and s (e.g. n = 150, s = -3).
// Tags: branch k ORs tag[k] into the thread's result; with tag[k] = 1u << k,
//       out[global id] is the set of branches that thread took.

extern "C" __global__ void branches_params(const unsigned *tag, unsigned *out, unsigned n, int s)
{
    unsigned block_size = blockDim.x * blockDim.y * blockDim.z;
    unsigned linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    unsigned acc = 0;

    if (n > 100u)                       // EXPECT: uniform
        acc |= tag[0];
    if (s < 0)                          // EXPECT: uniform
        acc |= tag[1];
    if (blockIdx.x == 0u)               // EXPECT: uniform
        acc |= tag[2];
    if (blockIdx.x % 2u == 1u)          // EXPECT: uniform
        acc |= tag[3];
    if (blockIdx.y > blockIdx.x)        // EXPECT: uniform
        acc |= tag[4];
    if (gridDim.x > 4u)                 // EXPECT: uniform
        acc |= tag[5];
    if (block_size >= 256u)             // EXPECT: uniform
        acc |= tag[6];
    if ((n ^ blockIdx.x) % 3u == 0u)    // EXPECT: uniform
        acc |= tag[7];

    out[block * block_size + linear] = acc;
}
