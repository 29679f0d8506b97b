// switch_divergent: each thread picks one of 16 dense cases from its own
// input value, so the lanes of a warp take different cases of one switch
// (a divergent multiway branch; lowered to brx.idx when nvcc is given
// --jump-table-density, otherwise to a compare tree).
// Exercises: a divergent switch, reconvergence after it, per-case arithmetic
// that no lookup table can replace.
//
// Launch: block (B,1,1), any B; grid (ceil(n/B),1,1).
// Result: for i < n, with v = in[i] and op = v & 15 (all arithmetic modulo 2^32):
//   0: v + 7            1: v - 3*i          2: v * v           3: v ^ i
//   4: ~v               5: v << (i & 7)     6: v >> 3          7: v + i*i
//   8: v | 0xf0         9: v & (i + 1)     10: popc(v)        11: clz(v)
//  12: rotl(v, 5)      13: brev(v)         14: max(v, i)      15: 0
// out[i] = that value.

extern "C" __global__ void switch_divergent(const unsigned *in, unsigned *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    unsigned v = in[i];
    unsigned r;
    switch (v & 15u) {
    case 0: r = v + 7u; break;
    case 1: r = v - 3u * i; break;
    case 2: r = v * v; break;
    case 3: r = v ^ i; break;
    case 4: r = ~v; break;
    case 5: r = v << (i & 7u); break;
    case 6: r = v >> 3; break;
    case 7: r = v + i * i; break;
    case 8: r = v | 0xf0u; break;
    case 9: r = v & (i + 1u); break;
    case 10: r = __popc(v); break;
    case 11: r = __clz(v); break;
    case 12: r = (v << 5) | (v >> 27); break;
    case 13: r = __brev(v); break;
    case 14: r = (v > i) ? v : i; break;
    default: r = 0; break;
    }
    out[i] = r;
}
