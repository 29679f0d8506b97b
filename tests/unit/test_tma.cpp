// TMA tensor copies on the emulator against a direct host computation: the
// box's elements in shared memory, dense in box order (dimension 0 fastest),
// at swizzle_address of their byte offset; out-of-bounds elements filled
// with zero or the type's NaN; traversal strides; tf32 and ftz types; 1 to 5
// dimensions. Each case runs a small sm_90a kernel that TMA-loads one box
// and copies the shared bytes to a buffer as they lie.
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

struct Case {
  TensorMapSpec spec;
  int32_t coords[5] = {0, 0, 0, 0, 0};
  std::vector<uint8_t> tensor;  // the buffer's bytes
};

// The tile a TMA load leaves, computed directly from the definitions.
std::vector<uint8_t> host_tile(const Case& c) {
  const TensorMapSpec& m = c.spec;
  const unsigned e = element_bytes(m.type);
  std::vector<uint8_t> tile(kTileBytes, 0);
  uint32_t n[5] = {1, 1, 1, 1, 1};
  for (uint32_t d = 0; d < m.rank; ++d) n[d] = d == 0 ? m.box[0] : (m.box[d] + m.element_strides[d] - 1) / m.element_strides[d];
  uint64_t dense = 0;
  for (uint32_t i4 = 0; i4 < n[4]; ++i4)
    for (uint32_t i3 = 0; i3 < n[3]; ++i3)
      for (uint32_t i2 = 0; i2 < n[2]; ++i2)
        for (uint32_t i1 = 0; i1 < n[1]; ++i1)
          for (uint32_t i0 = 0; i0 < n[0]; ++i0, dense += e) {
            const uint32_t idx[5] = {i0, i1, i2, i3, i4};
            bool inside = true;
            uint64_t at = m.offset;
            for (uint32_t d = 0; d < m.rank; ++d) {
              int64_t coord = int64_t{c.coords[d]} + int64_t{idx[d]} * (d == 0 ? 1 : m.element_strides[d]);
              if (coord < 0 || coord >= static_cast<int64_t>(m.dims[d])) inside = false;
              else at += static_cast<uint64_t>(coord) * m.strides[d];
            }
            uint64_t v = 0;
            if (inside) {
              std::memcpy(&v, c.tensor.data() + at, e);
              v = loaded_bits(m, v);
            } else if (m.oob_fill == TensorMapSpec::OobFill::Nan) {
              v = e == 2 ? 0x7fff : e == 4 ? 0x7fffffffull : 0x7fffffffffffffffull;
            }
            for (uint64_t b = 0; b < e; ++b)
              tile[swizzle_address(swizzle_of(m), dense + b)] = static_cast<uint8_t>(v >> (8 * b));
          }
  return tile;
}

std::vector<uint8_t> run_case(const Case& c) {
  ptx::Module module = ptx::parse_module(test::tma_load_kernel(c.spec.rank), "tma.ptx");
  Launch l;
  l.kernel = "tma_load";
  l.block[0] = 32;
  KernelArgument map = KernelArgument::scalar(std::vector<uint8_t>(128, 0), "map");
  map.tensor_map_slots.push_back({0, 0});
  l.args.push_back(map);
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(kTileBytes, 0xee), "out"));
  auto u32 = [](uint32_t v) {
    std::vector<uint8_t> b(4);
    std::memcpy(b.data(), &v, 4);
    return KernelArgument::scalar(b, "");
  };
  l.args.push_back(u32(static_cast<uint32_t>(c.spec.box_bytes())));
  for (int32_t coord : c.coords) l.args.push_back(u32(static_cast<uint32_t>(coord)));
  l.buffers.push_back(KernelArgument::buffer(c.tensor, "tensor"));
  l.tensor_maps.push_back({c.spec, BufferRef{true, 0}});
  return run_kernel(module, l).buffers[1];
}

// A tensor of `bytes` bytes whose words count up from 1.
std::vector<uint8_t> counting(size_t bytes) {
  std::vector<uint8_t> b(bytes);
  for (size_t i = 0; i < bytes; ++i) b[i] = static_cast<uint8_t>(i * 7 + 1 + i / 251);
  return b;
}

TensorMapSpec spec(TensorMapType t, std::vector<uint64_t> dims, std::vector<uint32_t> box) {
  TensorMapSpec m;
  m.type = t;
  m.rank = static_cast<uint32_t>(dims.size());
  uint64_t stride = element_bytes(t);
  for (uint32_t d = 0; d < m.rank; ++d) {
    m.dims[d] = dims[d];
    m.box[d] = box[d];
    m.strides[d] = stride;
    stride = (stride * dims[d] + 15) / 16 * 16;  // rows padded to 16 bytes, as the driver requires
  }
  return m;
}

void check(const Case& c) {
  REQUIRE(!tensor_map_problem(c.spec));
  std::vector<uint8_t> want = host_tile(c), got = run_case(c);
  REQUIRE(got.size() == want.size());
  size_t first_difference = 0;
  while (first_difference < got.size() && got[first_difference] == want[first_difference]) ++first_difference;
  CHECK(first_difference == got.size());
}

}  // namespace

TEST_CASE("TMA: a 2D box under each swizzle, against the host's layout") {
  for (auto sw : {TensorMapSpec::Swizzle::None, TensorMapSpec::Swizzle::B32, TensorMapSpec::Swizzle::B64,
                  TensorMapSpec::Swizzle::B128}) {
    CAPTURE(static_cast<int>(sw));
    uint32_t inner = sw == TensorMapSpec::Swizzle::B32 ? 8 : sw == TensorMapSpec::Swizzle::B64 ? 16 : 32;
    Case c;
    c.spec = spec(TensorMapType::U32, {40, 30}, {inner, 16});
    c.spec.swizzle = sw;
    c.spec.strides[1] = 48 * 4;  // padded rows
    c.tensor = counting(48 * 4 * 30);
    c.coords[0] = 4;
    c.coords[1] = 3;
    check(c);
    // The box half outside the tensor on both sides.
    c.coords[0] = 40 - static_cast<int32_t>(inner) / 2;
    c.coords[1] = -5;
    check(c);
  }
}

TEST_CASE("TMA: inner boxes narrower than the swizzle span, 16-bit elements, NaN fill") {
  Case c;
  c.spec = spec(TensorMapType::F16, {64, 16}, {32, 8});  // 64-byte rows under 128B swizzle
  c.spec.swizzle = TensorMapSpec::Swizzle::B128;
  c.spec.oob_fill = TensorMapSpec::OobFill::Nan;
  c.tensor = counting(64 * 2 * 16);
  c.coords[0] = 48;
  c.coords[1] = 12;
  check(c);
  c.spec.type = TensorMapType::BF16;
  c.coords[0] = -8;
  check(c);
}

TEST_CASE("TMA: 1 to 5 dimensions, traversal strides, zero fill") {
  Case c1;
  c1.spec = spec(TensorMapType::F32, {100}, {64});
  c1.tensor = counting(400);
  c1.coords[0] = 60;
  check(c1);

  Case c3;
  c3.spec = spec(TensorMapType::F32, {16, 10, 9}, {16, 4, 6});
  c3.spec.element_strides[1] = 2;
  c3.spec.element_strides[2] = 3;
  c3.spec.swizzle = TensorMapSpec::Swizzle::B64;
  c3.tensor = counting(16 * 4 * 10 * 9);
  c3.coords[1] = 7;
  c3.coords[2] = 1;
  check(c3);

  Case c4;
  c4.spec = spec(TensorMapType::U8, {32, 3, 4, 5}, {32, 2, 2, 2});
  c4.spec.swizzle = TensorMapSpec::Swizzle::B32;
  c4.tensor = counting(32 * 3 * 4 * 5);
  c4.coords[1] = 2;
  c4.coords[3] = 4;
  check(c4);

  Case c5;
  c5.spec = spec(TensorMapType::F64, {4, 3, 3, 2, 2}, {2, 2, 2, 2, 2});
  c5.spec.element_strides[4] = 2;
  c5.tensor = counting(8 * 4 * 3 * 3 * 2 * 2);
  c5.coords[0] = 3;
  c5.coords[2] = -1;
  check(c5);
}

TEST_CASE("TMA: tf32 maps round to nearest even, ftz maps flush subnormals") {
  const uint32_t words[] = {
      0x3f800fffu,  // below the halfway point: down
      0x3f801000u,  // halfway, even below: down
      0x3f803000u,  // halfway, odd below: up
      0x3f801001u,  // above halfway: up
      0x3fffffffu,  // carries into the exponent
      0x7f800000u,  // infinity stays
      0x7fc01234u,  // NaN stays
      0x00001234u,  // subnormal
  };
  CHECK(loaded_bits(spec(TensorMapType::TF32, {8}, {8}), words[0]) == 0x3f800000u);
  CHECK(loaded_bits(spec(TensorMapType::TF32, {8}, {8}), words[1]) == 0x3f800000u);
  CHECK(loaded_bits(spec(TensorMapType::TF32, {8}, {8}), words[2]) == 0x3f804000u);
  CHECK(loaded_bits(spec(TensorMapType::TF32, {8}, {8}), words[3]) == 0x3f802000u);
  CHECK(loaded_bits(spec(TensorMapType::TF32, {8}, {8}), words[4]) == 0x40000000u);
  CHECK(loaded_bits(spec(TensorMapType::TF32, {8}, {8}), words[5]) == 0x7f800000u);
  CHECK(loaded_bits(spec(TensorMapType::TF32, {8}, {8}), words[6]) == 0x7fc01234u);
  CHECK(loaded_bits(spec(TensorMapType::F32Ftz, {8}, {8}), words[7]) == 0);
  CHECK(loaded_bits(spec(TensorMapType::F32Ftz, {8}, {8}), 0x80000001u) == 0x80000000u);
  CHECK(loaded_bits(spec(TensorMapType::F32, {8}, {8}), words[7]) == words[7]);
  for (TensorMapType t : {TensorMapType::TF32, TensorMapType::TF32Ftz, TensorMapType::F32Ftz}) {
    Case c;
    c.spec = spec(t, {8, 2}, {8, 2});
    c.tensor.resize(64);
    std::memcpy(c.tensor.data(), words, sizeof words);
    std::memcpy(c.tensor.data() + 32, words, sizeof words);
    check(c);
  }
}

TEST_CASE("tensor maps: the handle bytes, and cuTensorMapEncodeTiled's rules") {
  auto h = tensor_map_handle(5);
  CHECK(tensor_map_index(h.data()) == 5u);
  h[13] ^= 1;
  CHECK(!tensor_map_index(h.data()));
  std::array<uint8_t, 128> zero{};
  CHECK(!tensor_map_index(zero.data()));

  TensorMapSpec ok = spec(TensorMapType::F32, {64, 64}, {32, 8});
  CHECK(!tensor_map_problem(ok));
  auto key_of = [](TensorMapSpec m) { return tensor_map_problem(m).value_or(TensorMapProblem{}).key; };
  TensorMapSpec m = ok;
  m.box[0] = 300;
  CHECK(key_of(m) == "box");
  m = ok;
  m.box[0] = 2;  // 8 bytes: not a multiple of 16
  CHECK(key_of(m) == "box");
  m = ok;
  m.swizzle = TensorMapSpec::Swizzle::B64;  // 128-byte rows over a 64-byte span
  CHECK(key_of(m) == "box");
  m = ok;
  m.strides[1] = 200;
  CHECK(key_of(m) == "strides");
  m = ok;
  m.strides[1] = uint64_t{1} << 40;
  CHECK(key_of(m) == "strides");
  m = ok;
  m.offset = 8;
  CHECK(key_of(m) == "offset");
  m = ok;
  m.element_strides[1] = 9;
  CHECK(key_of(m) == "element_strides");
  m = ok;
  m.interleave = TensorMapSpec::Interleave::B16;  // rank 2
  CHECK(key_of(m) == "interleave");
  m = ok;
  m.type = TensorMapType::S32;
  m.oob_fill = TensorMapSpec::OobFill::Nan;
  CHECK(key_of(m) == "oob_fill");
  m = ok;
  m.dims[1] = 0;
  CHECK(key_of(m) == "dims");
  CHECK(ok.box_bytes() == 32 * 8 * 4);
  m = ok;
  m.element_strides[1] = 3;  // ceil(8 / 3) = 3 rows
  CHECK(m.box_bytes() == 32 * 3 * 4);
  CHECK(ok.extent_bytes() == 64 * 64 * 4);
}
