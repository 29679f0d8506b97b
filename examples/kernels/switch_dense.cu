// switch_dense: a tiny per-thread bytecode interpreter whose dispatch is a
// switch over 16 dense cases (0..15), each doing a different operation, so a
// compiler may lower it to a jump table (PTX brx.idx) rather than a lookup
// table or a compare tree. See examples/kernels/README.md for what nvcc and
// clang actually emitted.
// Exercises: multiway branching on a loaded value that is the same for every
// thread (prog[pc]: a uniform dispatch), inside a loop with a uniform trip
// count (len). switch_divergent.cu is the per-thread (divergent) counterpart.
//
// Launch: block (B,1,1), any B; grid (ceil(n/B),1,1).
// Program: prog[0 .. len-1], one opcode per word (only the low 4 bits count),
//          shared by all threads; operand[i] is thread i's input.
// Result: for i < n, out[i] = run(prog, operand[i]) where run starts with
//         acc = operand[i], x = operand[i] and applies, for each opcode op:
//   0: acc += x         1: acc -= x          2: acc *= 3          3: acc ^= x
//   4: acc = ~acc       5: acc <<= 1         6: acc >>= 1         7: acc += 12345
//   8: acc |= x         9: acc &= x         10: acc = popc(acc)  11: acc = acc*acc
//  12: acc = rotl(acc,8) 13: x = acc        14: acc = (acc>x)?acc:x 15: acc = 0
// (all arithmetic modulo 2^32).

extern "C" __global__ void switch_dense(const unsigned *prog, unsigned len,
                                        const unsigned *operand, unsigned *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    unsigned x = operand[i];
    unsigned acc = x;
    for (unsigned pc = 0; pc < len; ++pc) {
        switch (prog[pc] & 15u) {
        case 0: acc += x; break;
        case 1: acc -= x; break;
        case 2: acc *= 3u; break;
        case 3: acc ^= x; break;
        case 4: acc = ~acc; break;
        case 5: acc <<= 1; break;
        case 6: acc >>= 1; break;
        case 7: acc += 12345u; break;
        case 8: acc |= x; break;
        case 9: acc &= x; break;
        case 10: acc = __popc(acc); break;
        case 11: acc = acc * acc; break;
        case 12: acc = (acc << 8) | (acc >> 24); break;
        case 13: x = acc; break;
        case 14: acc = (acc > x) ? acc : x; break;
        case 15: acc = 0; break;
        }
    }
    out[i] = acc;
}
