// TMA im2col copies (cp.async.bulk.tensor.{3,4,5}d ... .im2col) against a
// host reference written from a convolution's definition, not from the
// emulator's traversal: output pixel m = (n, (od,) oh, ow), in that order,
// reads input pixel (n, od·Ud − P + t_d, oh·Uh − P + t_h, ow·Uw − P + t_w)
// for filter tap t (the copy's im2col offsets), zero (or NaN) outside the
// tensor and past the last output pixel. The tensor map is what
// cuTensorMapEncodeIm2col gets for such a convolution: lower corner −P,
// upper corner (last output − 1)·U − P − (dim − 1), element strides U, and
// the copy starts at the first output pixel's base position.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/swizzle.h"
#include "emulator/simt/tensor_map.h"
#include "frontend/ptx/parser.h"
#include "tests/unit/tma_load_kernel.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

constexpr uint32_t kTileBytes = 16384;

// A convolution over an N(D)(H)WC tensor: spatial sizes and strides W
// first, the same padding on every side, a square filter.
struct Conv {
  TensorMapType type = TensorMapType::U16;
  uint32_t channels = 16, batch = 1;
  std::vector<uint32_t> size;    // W, H, D (as many as the tensor has)
  std::vector<uint32_t> stride;  // per spatial dimension
  uint32_t pad = 1, filter = 3;
  uint32_t out(uint32_t s) const { return (size[s] + 2 * pad - filter) / stride[s] + 1; }
};

struct Case {
  Conv conv;
  uint32_t first_pixel = 0;  // the output pixel the copy starts at
  std::vector<uint32_t> tap;  // the filter tap, W first
  uint32_t c0 = 0, channels_per_pixel = 16, pixels_per_column = 32;
  TensorMapSpec::Swizzle swizzle = TensorMapSpec::Swizzle::None;
  TensorMapSpec::OobFill fill = TensorMapSpec::OobFill::Zero;
};

uint32_t spatial(const Case& c) { return static_cast<uint32_t>(c.conv.size.size()); }

std::vector<uint8_t> tensor_bytes(const Case& c) {
  uint64_t n = uint64_t{c.conv.channels} * c.conv.batch * element_bytes(c.conv.type);
  for (uint32_t s : c.conv.size) n *= s;
  std::vector<uint8_t> b(n);
  for (size_t i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(i * 13 + 5 + i / 241);
  return b;
}

TensorMapSpec map_for(const Case& c) {
  const Conv& v = c.conv;
  TensorMapSpec m;
  m.mode = TensorMapSpec::Mode::Im2col;
  m.type = v.type;
  m.rank = spatial(c) + 2;
  uint64_t stride = element_bytes(v.type);
  m.dims[0] = v.channels;
  m.strides[0] = stride;
  stride *= v.channels;
  for (uint32_t s = 0; s < spatial(c); ++s) {
    m.dims[s + 1] = v.size[s];
    m.strides[s + 1] = stride;
    stride *= v.size[s];
    m.element_strides[s + 1] = v.stride[s];
    m.lower_corner[s] = -static_cast<int32_t>(v.pad);
    int64_t last_base = int64_t{v.out(s) - 1} * v.stride[s] - v.pad;
    m.upper_corner[s] = static_cast<int32_t>(last_base - (int64_t{v.size[s]} - 1));
  }
  m.dims[m.rank - 1] = v.batch;
  m.strides[m.rank - 1] = stride;
  m.channels_per_pixel = c.channels_per_pixel;
  m.pixels_per_column = c.pixels_per_column;
  m.swizzle = c.swizzle;
  m.oob_fill = c.fill;
  return m;
}

// Output pixel p (n-major, W fastest) as (n, o_W, o_H, o_D).
std::vector<int64_t> output_pixel(const Case& c, uint64_t p) {
  std::vector<int64_t> o(spatial(c));
  for (uint32_t s = 0; s < spatial(c); ++s) {
    o[s] = static_cast<int64_t>(p % c.conv.out(s));
    p /= c.conv.out(s);
  }
  o.insert(o.begin(), static_cast<int64_t>(p));  // the image
  return o;
}

std::vector<uint8_t> host_tile(const Case& c, const std::vector<uint8_t>& x) {
  const Conv& v = c.conv;
  const unsigned e = element_bytes(v.type);
  uint64_t pixels = v.batch;
  for (uint32_t s = 0; s < spatial(c); ++s) pixels *= v.out(s);
  const TensorMapSpec m = map_for(c);
  std::vector<uint8_t> tile(kTileBytes, 0);
  for (uint32_t p = 0; p < c.pixels_per_column; ++p) {
    uint64_t m_index = uint64_t{c.first_pixel} + p;
    std::vector<int64_t> o = output_pixel(c, m_index);
    for (uint32_t j = 0; j < c.channels_per_pixel; ++j) {
      int64_t ch = int64_t{c.c0} + j;
      bool inside = m_index < pixels && ch < v.channels;
      uint64_t at = static_cast<uint64_t>(o[0]) * m.strides[m.rank - 1] + static_cast<uint64_t>(ch) * e;
      for (uint32_t s = 0; s < spatial(c) && inside; ++s) {
        int64_t in = o[s + 1] * v.stride[s] - v.pad + c.tap[s];
        if (in < 0 || in >= v.size[s]) inside = false;
        else at += static_cast<uint64_t>(in) * m.strides[s + 1];
      }
      uint64_t bits = 0;
      if (inside) std::memcpy(&bits, x.data() + at, e);
      else if (c.fill == TensorMapSpec::OobFill::Nan) bits = e == 2 ? 0x7fff : 0x7fffffff;
      uint64_t dense = (uint64_t{p} * c.channels_per_pixel + j) * e;
      for (unsigned b = 0; b < e; ++b)
        tile[swizzle_address(swizzle_of(m), dense + b)] = static_cast<uint8_t>(bits >> (8 * b));
    }
  }
  return tile;
}

KernelArgument u32_arg(uint32_t v) {
  std::vector<uint8_t> b(4);
  std::memcpy(b.data(), &v, 4);
  return KernelArgument::scalar(b, "");
}
KernelArgument u16_arg(uint16_t v) {
  std::vector<uint8_t> b(2);
  std::memcpy(b.data(), &v, 2);
  return KernelArgument::scalar(b, "");
}

std::vector<uint8_t> run_case(const Case& c, const std::vector<uint8_t>& x) {
  const TensorMapSpec m = map_for(c);
  ptx::Module module = ptx::parse_module(test::tma_load_kernel(m.rank, true), "im2col.ptx");
  Launch l;
  l.kernel = "im2col";
  l.block[0] = 32;
  KernelArgument map = KernelArgument::scalar(std::vector<uint8_t>(128, 0), "map");
  map.tensor_map_slots.push_back({0, 0});
  l.args.push_back(map);
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(kTileBytes, 0xee), "out"));
  l.args.push_back(u32_arg(static_cast<uint32_t>(m.box_bytes())));
  // The first output pixel's filter base: its coordinates times the stride, less the padding.
  std::vector<int64_t> o = output_pixel(c, c.first_pixel);
  int32_t coords[5] = {static_cast<int32_t>(c.c0), 0, 0, 0, 0};
  for (uint32_t s = 0; s < spatial(c); ++s)
    coords[s + 1] = static_cast<int32_t>(o[s + 1] * c.conv.stride[s] - c.conv.pad);
  coords[m.rank - 1] = static_cast<int32_t>(o[0]);
  for (int32_t v : coords) l.args.push_back(u32_arg(static_cast<uint32_t>(v)));
  for (uint32_t s = 0; s < 3; ++s) l.args.push_back(u16_arg(static_cast<uint16_t>(s < c.tap.size() ? c.tap[s] : 0)));
  l.buffers.push_back(KernelArgument::buffer(x, "tensor"));
  l.tensor_maps.push_back({m, BufferRef{true, 0}});
  return run_kernel(module, l).buffers[1];
}

void check(const Case& c) {
  REQUIRE(!tensor_map_problem(map_for(c)));
  std::vector<uint8_t> x = tensor_bytes(c);
  std::vector<uint8_t> want = host_tile(c, x), got = run_case(c, x);
  REQUIRE(got.size() == want.size());
  size_t first_difference = 0;
  while (first_difference < got.size() && got[first_difference] == want[first_difference]) ++first_difference;
  CHECK(first_difference == got.size());
}

}  // namespace

TEST_CASE("TMA im2col, 4D NHWC: 3x3 filter, padding 1, every tap, rows wrapping into the next image and past the last") {
  Case c;
  c.conv.batch = 2;
  c.conv.size = {7, 5};  // W, H
  c.conv.stride = {1, 1};
  c.first_pixel = 25;     // image 0, row 3, column 4: wraps rows, then into image 1, then past the end (70 pixels)
  c.pixels_per_column = 64;
  for (uint32_t r = 0; r < 3; ++r)
    for (uint32_t s = 0; s < 3; ++s) {
      CAPTURE(r);
      CAPTURE(s);
      c.tap = {s, r};
      check(c);
    }
}

TEST_CASE("TMA im2col, 4D: convolution stride 2 (element strides), channels past C, 32B swizzle") {
  Case c;
  c.conv.batch = 2;
  c.conv.size = {7, 6};
  c.conv.stride = {2, 2};  // 4 x 3 outputs
  c.first_pixel = 5;
  c.pixels_per_column = 24;
  c.c0 = 8;                 // channels 8..23 of 16: the upper half is filled
  c.channels_per_pixel = 16;
  c.swizzle = TensorMapSpec::Swizzle::B32;
  c.tap = {0, 2};
  check(c);
  c.tap = {2, 1};
  c.swizzle = TensorMapSpec::Swizzle::None;
  check(c);
}

TEST_CASE("TMA im2col, 3D NWC in f32: a 5-wide filter, padding 2, NaN fill, 128B swizzle") {
  Case c;
  c.conv.type = TensorMapType::F32;
  c.conv.channels = 8;
  c.conv.batch = 3;
  c.conv.size = {10};
  c.conv.stride = {1};
  c.conv.pad = 2;
  c.conv.filter = 5;
  c.channels_per_pixel = 8;  // 32 bytes a pixel
  c.pixels_per_column = 40;  // 30 output pixels, then 10 past the last
  c.first_pixel = 0;
  c.fill = TensorMapSpec::OobFill::Nan;
  c.swizzle = TensorMapSpec::Swizzle::B128;
  for (uint32_t t = 0; t < 5; ++t) {
    CAPTURE(t);
    c.tap = {t};
    check(c);
  }
}

TEST_CASE("TMA im2col, 5D NDHWC: a 3x3x3 filter, padding 1") {
  Case c;
  c.conv.channels = 8;  // 16 bytes a pixel
  c.conv.batch = 1;
  c.conv.size = {4, 3, 3};  // W, H, D
  c.conv.stride = {1, 1, 1};
  c.channels_per_pixel = 8;
  c.pixels_per_column = 40;  // 36 output pixels
  c.first_pixel = 2;
  for (auto tap : {std::vector<uint32_t>{0, 0, 0}, std::vector<uint32_t>{1, 0, 2}, std::vector<uint32_t>{2, 2, 1}}) {
    c.tap = tap;
    check(c);
  }
}

TEST_CASE("TMA im2col: the launch-time checks of cuTensorMapEncodeIm2col") {
  Case c;
  c.conv.batch = 1;
  c.conv.size = {7, 5};
  c.conv.stride = {1, 1};
  TensorMapSpec ok = map_for(c);
  REQUIRE(!tensor_map_problem(ok));
  CHECK(ok.box_bytes() == 32u * 16 * 2);
  auto key = [](TensorMapSpec m) { return tensor_map_problem(m).value_or(TensorMapProblem{"", ""}).key; };
  TensorMapSpec m = ok;
  m.lower_corner[1] = -129;  // 4D corners are 8-bit
  CHECK(key(m) == "lower_corner");
  m = ok;
  m.upper_corner[0] = -7;  // W's box [-1, -1]: one position, still fine
  CHECK(key(m) == "");
  m.upper_corner[0] = -8;  // empty
  CHECK(key(m) == "upper_corner");
  m = ok;
  m.channels_per_pixel = 0;
  CHECK(key(m) == "channels_per_pixel");
  m.channels_per_pixel = 4;  // 8 bytes: not whole 16-byte chunks
  CHECK(key(m) == "channels_per_pixel");
  m = ok;
  m.pixels_per_column = 1025;
  CHECK(key(m) == "pixels_per_column");
  m = ok;
  m.swizzle = TensorMapSpec::Swizzle::B32;
  m.channels_per_pixel = 32;  // 64 bytes under a 32-byte swizzle
  CHECK(key(m) == "channels_per_pixel");
  m = ok;
  m.rank = 2;
  CHECK(key(m) == "dims");
}
