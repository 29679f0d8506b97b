// The kernel test_tma.cpp and test_tma_im2col.cpp run: thread 0 loads the
// box of tensor map `map` at (c0, ..., c4) -- an im2col copy with the
// offsets (o0, o1, o2) -- into a 1024-byte aligned tile with TMA
// (arrive.expect_tx of `bytes`), every thread waits on the mbarrier, and the
// block copies the tile's 4096 words to `out`. Its entry is "tma_load", or
// "im2col" for the im2col copy.
#pragma once

#include <cstdint>
#include <string>

namespace warpsat::test {

inline std::string tma_load_kernel(uint32_t rank, bool im2col = false) {
  std::string coords, offsets;
  for (uint32_t d = 0; d < rank; ++d) coords += (d ? ", %r" : "%r") + std::to_string(10 + d);
  for (uint32_t s = 0; s + 2 < rank; ++s) offsets += (s ? ", %rs" : "%rs") + std::to_string(1 + s);
  const std::string entry = im2col ? "im2col" : "tma_load";
  return R"(.version 8.0
.target sm_90a
.address_size 64
.visible .entry )" + entry + R"((.param .align 64 .b8 map[128], .param .u64 out, .param .u32 bytes,
    .param .s32 c0, .param .s32 c1, .param .s32 c2, .param .s32 c3, .param .s32 c4)" +
         (im2col ? ",\n    .param .u16 o0, .param .u16 o1, .param .u16 o2)" : ")") + R"(
{
  .reg .b16 %rs<4>;
  .reg .b32 %r<20>;
  .reg .b64 %rd<10>;
  .reg .pred %p<4>;
  .shared .align 1024 .b8 tile[16384];
  .shared .align 8 .b64 bar;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, bar;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mbarrier.init.shared::cta.b64 [%r2], 1;
  ld.param.u32 %r3, [bytes];
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], %r3;
  ld.param.s32 %r10, [c0];
  ld.param.s32 %r11, [c1];
  ld.param.s32 %r12, [c2];
  ld.param.s32 %r13, [c3];
  ld.param.s32 %r14, [c4];
)" + (im2col ? "  ld.param.u16 %rs1, [o0];\n  ld.param.u16 %rs2, [o1];\n  ld.param.u16 %rs3, [o2];\n" : "") +
         R"(  mov.u64 %rd1, map;
  cvta.param.u64 %rd2, %rd1;
  mov.u32 %r4, tile;
  cp.async.bulk.tensor.)" +
         std::to_string(rank) + "d.shared::cluster.global" + (im2col ? ".im2col" : "") +
         ".mbarrier::complete_tx::bytes [%r4], [%rd2, {" + coords + "}], [%r2]" +
         (im2col ? ", {" + offsets + "}" : "") + R"(;
SKIP:
  bar.sync 0;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;
  @!%p2 bra WAIT;
  ld.param.u64 %rd3, [out];
  mov.u32 %r5, %r1;
COPY:
  setp.ge.u32 %p3, %r5, 4096;
  @%p3 bra END;
  shl.b32 %r6, %r5, 2;
  mov.u32 %r7, tile;
  add.u32 %r7, %r7, %r6;
  ld.shared.u32 %r8, [%r7];
  mul.wide.u32 %rd4, %r5, 4;
  add.s64 %rd5, %rd3, %rd4;
  st.global.u32 [%rd5], %r8;
  add.u32 %r5, %r5, 32;
  bra COPY;
END:
  ret;
}
)";
}

}  // namespace warpsat::test
