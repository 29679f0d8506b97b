// warp_vote: the warp-level vote, ballot, match and mask intrinsics, and
// __syncwarp, each writing one word per thread.
// Exercises: vote.sync.all / vote.sync.any / vote.sync.ballot,
// match.any.sync, activemask, bar.warp.sync (full mask, ordering a
// shared-memory exchange) and ballots with half-warp masks inside a divergent
// branch.
//
// Launch: block (B,1,1) with B a multiple of 32 and B <= 1024 (full warps, so
//         FULL_MASK names only existing lanes); grid (G,1,1); in[] holds G*B
//         words, out[] 7*G*B words.
// Result, for thread i (global id), lane l = threadIdx.x & 31, v = in[i],
// and the 32 values of its warp W[m] = in[(i & ~31) + m], m < 32:
//   out[7*i+0] = 1 if every W[m] is odd, else 0                   (__all_sync)
//   out[7*i+1] = 1 if some W[m] is 0, else 0                      (__any_sync)
//   out[7*i+2] = bit m set iff W[m] is odd                        (__ballot_sync)
//   out[7*i+3] = bit m set iff W[m] == v                          (__match_any_sync)
//   out[7*i+4] = 0xffffffff: __activemask() where the whole warp is
//                converged (straight-line code after the warp-wide votes;
//                the programming model does not promise convergence, every
//                GPU and a reconverging emulator give the full mask)
//   out[7*i+5] = in[i ^ 1]: the neighbour's value, exchanged through shared
//                memory and ordered by __syncwarp()
//   out[7*i+6] = bit m set iff W[m] is odd, for m in l's half-warp only
//                (lanes 0-15: mask 0x0000ffff, lanes 16-31: mask 0xffff0000)

#define FULL_MASK 0xffffffffu
#define LOW_HALF 0x0000ffffu
#define HIGH_HALF 0xffff0000u

extern "C" __global__ void warp_vote(const unsigned *in, unsigned *out)
{
    __shared__ unsigned exchange[1024];

    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31u;
    unsigned v = in[i];

    out[7 * i + 0] = __all_sync(FULL_MASK, v & 1u) ? 1u : 0u;
    out[7 * i + 1] = __any_sync(FULL_MASK, v == 0u) ? 1u : 0u;
    out[7 * i + 2] = __ballot_sync(FULL_MASK, v & 1u);
    out[7 * i + 3] = __match_any_sync(FULL_MASK, v);
    out[7 * i + 4] = __activemask();

    exchange[threadIdx.x] = v;
    __syncwarp(FULL_MASK);
    out[7 * i + 5] = exchange[threadIdx.x ^ 1u];

    unsigned half;
    if (lane < 16)
        half = __ballot_sync(LOW_HALF, v & 1u);
    else
        half = __ballot_sync(HIGH_HALF, v & 1u);
    out[7 * i + 6] = half;
}
