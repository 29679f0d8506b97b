// What one wgmma.mma_async computes, apart from when: the 64-bit matrix
// descriptor, the canonical shared-memory layouts it describes, the register
// fragments of the 128 threads of a warp group, and the multiply-accumulate
// D = A * B (+ D) itself (PTX ISA 9.7.15.5). exec_wgmma.cpp decodes the
// instruction and gathers the four warps' registers; wgmma_async.cpp keeps
// the asynchronous state (groups, waits, hazards). docs/emulator.md,
// "Warpgroup MMA (wgmma)", states the semantics and the error bound.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/fp/fixed_dot.h"
#include "emulator/fp/tensor_core_sum.h"
#include "emulator/simt/memory_metrics.h"
#include "emulator/simt/swizzle.h"
#include "frontend/ptx/types.h"

namespace warpsat::simt {

// The matrix descriptor (PTX ISA, "Matrix Descriptor Format"): the fields
// as byte values; each is stored as (value & 0x3FFFF) >> 4 in 14 bits.
struct MatrixDescriptor {
  uint32_t start = 0;        // bits 0-13: the matrix's shared-memory address
  uint32_t leading = 0;      // bits 16-29: leading dimension byte offset (LBO)
  uint32_t stride = 0;       // bits 32-45: stride dimension byte offset (SBO)
  uint32_t base_offset = 0;  // bits 49-51
  Swizzle swizzle = Swizzle::None;  // bits 62-63: 0 none, 1 128B, 2 64B, 3 32B
  friend bool operator==(const MatrixDescriptor&, const MatrixDescriptor&) = default;
};
MatrixDescriptor decode_descriptor(uint64_t bits);
uint64_t encode_descriptor(const MatrixDescriptor& d);

// An operand in shared memory: an MN x K tile (A: M = 64 rows; B: N columns)
// of `element_bits`-bit elements, K-major (imm-trans 0: each MN line's K
// elements adjacent) or MN-major (imm-trans 1), as the descriptor lays it out.
struct SharedOperand {
  MatrixDescriptor desc;
  bool mn_major = false;
  unsigned element_bits = 16;
};

// The byte address of element (mn, k) of the operand (PTX ISA, "Canonical
// Layouts"; T = 128 / element_bits elements make a 16-byte chunk, W = the
// swizzle span / 16 chunks make a line):
//   K-major,  none:     start + (mn%8)*16    + (mn/8)*SBO + (k/T)*LBO + (k%T)*size
//   K-major,  swizzled: start + (mn%8)*16W   + (mn/8)*SBO + (k/T)*16  + (k%T)*size
//   MN-major, none:     start + (mn/T)*SBO   + (k%8)*16   + (k/8)*LBO + (mn%T)*size
//   MN-major, swizzled: start + ((mn/T)%W)*16 + (mn/(TW))*LBO + (k%8)*16W + (k/8)*SBO + (mn%T)*size
// then swizzled (swizzle.h). A chunk never straddles two addresses.
uint64_t operand_address(const SharedOperand& op, unsigned mn, unsigned k);

// The shared-memory wavefronts of reading the mn x k operand, as warpsat
// models them (the hardware's order is not public; docs/emulator.md,
// "Memory metrics", wgmma): the operand is read one core matrix at a time
// (8 rows of 16 bytes: 8 MN lines of one K chunk, K-major; 8 K lines of one
// MN chunk, MN-major), each core matrix a phase of the 32 banks as an
// ldmatrix phase is: one wavefront when its eight 16-byte chunks fall on
// eight distinct groups of four banks, w when w of them share one group.
// Ideal: one wavefront per core matrix (bytes / 128).
WavefrontCount operand_wavefronts(const SharedOperand& op, unsigned mn, unsigned k);

// Copies the mn x k operand out of `shared` (the CTA's shared memory) into
// out[m * k + j] (one element per word, zero-extended). Returns an error
// message (empty when none): an address past the end of shared memory, or a
// base offset that contradicts the start address.
std::string gather_shared(const SharedOperand& op, unsigned mn, unsigned k, const uint8_t* shared, size_t shared_bytes,
                          uint32_t* out);

// Row and column of element i of the fragment thread t (0..127, its index in
// the warp group) holds (PTX ISA, "Register Fragments"; warp w = t / 32 owns
// rows 16w..16w+15, like an mma.m16n8 fragment per 8 columns):
//   accumulator D (every type): row 16w + (t%32)/4 + 8*((i/2)%2), column 8*(i/4) + 2*(t%4) + i%2
//   A, 16-bit (k16):            row 16w + (t%32)/4 + 8*((i/2)%2), column 8*(i/4) + 2*(t%4) + i%2
//   A, tf32 (k8):               row 16w + (t%32)/4 + 8*(i%2),     column 4*(i/2) + t%4
//   A, 8-bit (k32):             row 16w + (t%32)/4 + 8*((i/4)%2), column 16*(i/8) + 4*(t%4) + i%4
struct Cell {
  unsigned row, col;
};
inline Cell accumulator_cell(unsigned t, unsigned i) {
  return {16 * (t / 32) + (t % 32) / 4 + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * (t % 4) + (i & 1)};
}
Cell a_register_cell(unsigned element_bits, unsigned t, unsigned i);

struct WgmmaShape {
  unsigned n = 8, k = 16;  // M is 64
  ptx::ScalarType a = ptx::ScalarType::F16, b = ptx::ScalarType::F16, d = ptx::ScalarType::F32;
  bool a_in_registers = false;
  bool satfinite = false;                    // integer only
  bool negate_a = false, negate_b = false;   // imm-scale-a/b = -1
  bool a_mn_major = false, b_mn_major = false;  // imm-trans-a/b = 1
  unsigned a_bits() const;  // element width: 8, 16 or 32 (tf32)
  unsigned b_bits() const;
  unsigned d_bits() const;  // 16 (f16) or 32
  unsigned d_registers() const { return n * 64 * d_bits() / 32 / 128; }  // per thread: N/2, or N/4 for f16
  bool integer() const { return d == ptx::ScalarType::S32; }
  uint64_t flops() const { return uint64_t{2} * 64 * n * k; }
  std::string name() const;  // "m64n128k16.f32.bf16.bf16"
};

// The arithmetic (docs/emulator.md): integer MMA exact (wrapping modulo
// 2^32, or clamped with .satfinite); floating point as ExactSum (fp/dot.h):
// products exact, the K products and D's old value added exactly, the sum
// rounded once to D's type, round to nearest even. tf32 operands keep only
// their tf32 bits (the 13 low fraction bits are ignored unless the value is
// a NaN). Scratch space is kept between calls: no allocation per element.
class WgmmaMultiplier {
 public:
  // a: 64 x K, b: N x K (row n is column n of B), c and d: 64 x N, one
  // element per word (f16 in the low 16 bits). c null: D = A * B (scale-d false).
  void multiply(const WgmmaShape& s, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d);

 private:
  void multiply_hopper(const WgmmaShape& s, const fp::Format& af, const fp::Format& bf, const uint32_t* c,
                       uint32_t* d, int kept_bits);
  void update_fixed_b(const fp::Format& bf, unsigned n, unsigned k);

  fp::FixedRows a_, b_;
  std::vector<uint32_t> a_bits_, b_bits_;  // b_bits_: the bits b_ was made from
  std::vector<uint32_t> b_next_;
  std::vector<double> scratch_;
  // The model of fp/tensor_core_sum.h; B decoded once for as long as its bits stay.
  fp::DecodedMatrix decoded_a_, decoded_b_;
  std::vector<int32_t> int_scratch_;  // fp::integer_mma's decoded operands
  std::vector<uint32_t> decoded_b_bits_;
  fp::Format decoded_b_format_{0, 0, false};
};

}  // namespace warpsat::simt
