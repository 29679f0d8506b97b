#include <doctest/doctest.h>

#include "frontend/analysis/tile_shape.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

// The prologue of CUB's select sweep as nvcc 13 writes it (bench/cub/
// cub_heldout.sm_80.ptx, DeviceSelectSweepKernel): the tile index from the
// CTA's coordinates, its offset by the tile's 3,200 items, the test
// against the tile count less one, and the items left past the offset.
TEST_CASE("tile shape: CUB's tile offset, tile count and item count") {
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_80
.address_size 64
.visible .entry sweep(.param .u64 in, .param .u32 num_items, .param .u32 num_tiles, .param .u32 unrelated,
                      .param .align 8 .b8 ctx[16])
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<4>;
  .reg .pred %p<3>;
  ld.param.u32 %r10, [num_items];
  ld.param.u32 %r11, [num_tiles];
  ld.param.u32 %r9, [unrelated];
  ld.param.u32 %r8, [ctx+8];
  mov.u32 %r1, %nctaid.y;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ctaid.y;
  mad.lo.s32 %r4, %r2, %r1, %r3;
  mul.lo.s32 %r5, %r4, 3200;
  add.s32 %r6, %r11, -1;
  setp.lt.s32 %p1, %r4, %r6;
  @%p1 bra FULL;
  sub.s32 %r7, %r10, %r5;
  setp.lt.s32 %p2, %r9, %r7;
  setp.lt.s32 %p2, %r8, %r4;
  shl.b32 %r7, %r4, 7;
  mul.wide.s32 %rd1, %r4, 8;
FULL:
  ret;
}
)",
                                    "sweep.ptx");
  analysis::TileShape t = analysis::tile_shape(m.functions.at(0));
  // 3,200 from the mul, 128 from the shl by 7; not the 8 bytes of a
  // tile's status word.
  CHECK(t.tile_sizes == std::vector<uint64_t>{128, 3200});
  REQUIRE(t.tile_counts.size() == 5);
  CHECK_FALSE(t.tile_counts[0]);  // a pointer
  CHECK_FALSE(t.tile_counts[1]);  // the item count: compared with an offset, not an index
  CHECK(t.tile_counts[2]);        // the tile count, after `add -1`
  CHECK_FALSE(t.tile_counts[3]);  // compared with an item count, not an index
  CHECK_FALSE(t.tile_counts[4]);  // a struct's field is no scalar the launch passes alone
}

TEST_CASE("tile shape: a kernel indexed by thread alone has no tiles") {
  ptx::Module m = ptx::parse_module(R"(.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u32 n)
{
  .reg .b32 %r<6>;
  .reg .pred %p<2>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mul.lo.s32 %r3, %r2, 4;
  setp.lt.u32 %p1, %r2, %r1;
  ret;
}
)",
                                    "k.ptx");
  analysis::TileShape t = analysis::tile_shape(m.functions.at(0));
  CHECK(t.tile_sizes.empty());
  CHECK(t.tile_counts == std::vector<bool>{false});
}
