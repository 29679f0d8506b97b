// PTX's .approx functions (ISA 9.7.3.8-22, 9.7.4.9-10): ex2 lg2 sin cos tanh
// rsqrt rcp sqrt div (.approx and .full), their f16/bf16 forms, and the
// "gross" f64 approximations.
//
// These are NOT bit-exact. NVIDIA's MUFU unit computes them with its own
// tables; PTX documents only error bounds. This library computes the
// mathematically exact function (libm in double, or the exact integer core
// for sqrt/rcp/div) and rounds it once to the destination format, so each
// result is the correctly rounded value, or its neighbour when the exact
// value lies within ~2^-50 (relative) of a rounding boundary (libm in double
// is accurate to within 1 ulp of double). Against the hardware that gives,
// per result (f32 ulp = ulp of the correctly rounded result):
//
//   ex2.approx.f32      PTX: <= 2 ulp from correctly rounded (full range)
//                       -> ours within 3 ulp of the hardware
//   lg2.approx.f32      PTX: abs. error <= 2^-22 on (0.5, 2), rel. 2^-22 elsewhere
//   sin/cos.approx.f32  PTX: abs. error <= 2^-20.5 on [-2pi, 2pi],
//                       2^-14.7 on [-100pi, 100pi], no bound beyond
//   tanh.approx.f32     PTX: rel. error <= 2^-11 (about 2^12 ulp)
//   rsqrt.approx.f32    PTX: rel. error <= 2^-22.9 (a little over 1 ulp)
//   rcp.approx.f32      PTX: <= 1 ulp        -> ours within 2 ulp of hardware
//   sqrt.approx.f32     PTX: rel. error <= 2^-23 (1 ulp)
//   div.approx.f32      PTX: <= 2 ulp for |b| in [2^-126, 2^126]
//   div.full.f32        PTX: <= 2 ulp over the whole range
//   ex2.approx.f16      PTX: rel. error <= 2^-9.9; .bf16 2^-7
//   tanh.approx.f16     PTX: abs. error <= 2^-10.987; .bf16 2^-8
//   rsqrt.approx.f64, rcp/rsqrt.approx.ftz.f64: no PTX bound; ours is the
//                       exact value rounded to nearest (20-bit fraction for
//                       the .ftz.f64 forms, whose low word is zero)
// where "ours within PTX bound + 1 ulp of the hardware" holds for each row.
//
// What IS exact: every special case PTX tabulates (infinities, zeros, NaN,
// negative inputs), .ftz flushing, the div.approx behaviour for 2^126 < |b| <
// 2^128 (inf a -> NaN, else a signed zero), and exactly representable results
// the hardware is known to return exactly (e.g. ex2(10) = 1024, the ZLUDA
// data in tests/unit/test_fp_zluda.cpp). NaN results are canonical (kNaNF32,
// kNaNF16/kNaNBF16; kNaNF64Approx for the .ftz.f64 forms; a quieted NaN input
// for rsqrt.approx.f64).
#pragma once

#include <cstdint>

#include "emulator/fp/format.h"

namespace warpsat::fp {

uint32_t ex2_approx_f32(uint32_t a, bool ftz = false);
uint32_t lg2_approx_f32(uint32_t a, bool ftz = false);
uint32_t sin_approx_f32(uint32_t a, bool ftz = false);
uint32_t cos_approx_f32(uint32_t a, bool ftz = false);
uint32_t tanh_approx_f32(uint32_t a);  // subnormals pass through (PTX)
uint32_t rsqrt_approx_f32(uint32_t a, bool ftz = false);
uint32_t rcp_approx_f32(uint32_t a, bool ftz = false);
uint32_t sqrt_approx_f32(uint32_t a, bool ftz = false);
uint32_t div_approx_f32(uint32_t a, uint32_t b, bool ftz = false);
uint32_t div_full_f32(uint32_t a, uint32_t b, bool ftz = false);

uint64_t rsqrt_approx_f64(uint64_t a);
// Only a[63:32] is read; d[31:0] is zero. Subnormals flush; NaN -> 0x7fffffff00000000.
uint64_t rcp_approx_ftz_f64(uint64_t a);
uint64_t rsqrt_approx_ftz_f64(uint64_t a);

// ex2.approx.f16{x2} (subnormals supported) and ex2.approx.ftz.bf16{x2}
// (PTX requires .ftz for bf16: subnormal inputs and results flush).
uint16_t ex2_approx_half(Half t, uint16_t a);
uint32_t ex2_approx_half2(Half t, uint32_t a);
uint16_t tanh_approx_half(Half t, uint16_t a);
uint32_t tanh_approx_half2(Half t, uint32_t a);

}  // namespace warpsat::fp
