// tensormap.replace on a small hand-written sm_90a kernel (PTX ISA,
// "tensormap.replace"): thread 0 copies the map of its parameter into shared
// (or global) memory, replaces fields there, the warp copies it to global
// memory with tensormap.cp_fenceproxy (or fences a global replace with
// fence.proxy.tensormap::generic.release), acquires it, and TMA-loads one 2D
// box through the copy. Each replaced field must change the box exactly as a
// launch whose map has that field from the start: the same kernel's load
// through a map the launch describes with the new fields (tma_load_kernel.h).
#include <doctest/doctest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "emulator/simt/tensor_map.h"
#include "frontend/ptx/parser.h"
#include "tests/unit/tma_load_kernel.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

constexpr uint32_t kTileBytes = 16384;

// Where the map is copied and replaced: shared memory (by ld.param/st.shared,
// or by a bulk copy from a global copy), or global memory.
enum class Where { Shared, Global, BulkToShared };
struct Fences {
  bool release = true;  // the global replace's fence.proxy.tensormap::generic.release
  bool acquire = true;  // the using thread's fence.proxy.tensormap::generic.acquire
};

// `replaces`: tensormap.replace lines with {MAP} and {SS} for the map's
// address register and state space; the values are %rd11 (the u64 param
// `addr`), %r11 and %r12 (u32 params v1, v2) and %rd12 (u64 param v3).
std::string replace_kernel(const std::string& replaces, Where where, Fences f) {
  const bool bulk = where == Where::BulkToShared, shared = where == Where::Shared || bulk;
  std::string copy;
  for (int k = 0; k < 16; ++k)
    copy += "  ld.param.u64 %rd1, [map+" + std::to_string(8 * k) + "];\n" +
            (bulk ? "  st.global.u64 [%rd13+" : shared ? "  st.shared.u64 [%r3+" : "  st.global.u64 [%rd10+") +
            std::to_string(8 * k) + "], %rd1;\n";
  if (bulk)
    copy += R"(  mbarrier.init.shared::cta.b64 [%r14], 1;
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r14], 128;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r3], [%rd13], 128, [%r14];
BULK:
  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r14], 0;
  @!%p3 bra BULK;
)";
  std::string body = replaces;
  for (auto [from, to] : {std::pair<std::string, std::string>{"{MAP}", shared ? "%r3" : "%rd10"},
                          {"{SS}", shared ? ".shared::cta" : ".global"}})
    for (size_t at; (at = body.find(from)) != std::string::npos;) body.replace(at, from.size(), to);
  return R"(.version 8.3
.target sm_90a
.address_size 64
.visible .entry replace_load(.param .align 64 .b8 map[128], .param .u64 out, .param .u64 ws, .param .u32 bytes,
    .param .s32 c0, .param .s32 c1, .param .u64 addr, .param .u32 v1, .param .u32 v2, .param .u64 v3,
    .param .u64 ws2)
{
  .reg .b32 %r<20>;
  .reg .b64 %rd<20>;
  .reg .pred %p<4>;
  .shared .align 1024 .b8 tile[16384];
  .shared .align 128 .b8 smap[128];
  .shared .align 8 .b64 bar;
  .shared .align 8 .b64 bar2;
  mov.u32 %r1, %tid.x;
  setp.ne.u32 %p1, %r1, 0;
  mov.u32 %r2, bar;
  mov.u32 %r3, smap;
  ld.param.u64 %rd10, [ws];
  ld.param.u64 %rd11, [addr];
  ld.param.u32 %r11, [v1];
  ld.param.u32 %r12, [v2];
  ld.param.u64 %rd12, [v3];
  ld.param.u64 %rd13, [ws2];
  mov.u32 %r14, bar2;
  @%p1 bra COPIED;
  mbarrier.init.shared::cta.b64 [%r2], 1;
)" + copy + body +
         (!shared && f.release ? "  fence.proxy.tensormap::generic.release.gpu;\n" : "") + R"(COPIED:
  bar.sync 0;
)" + (shared ? "  tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd10], [%r3], 128;\n"
             : "") +
         (f.acquire ? "  fence.proxy.tensormap::generic.acquire.gpu [%rd10], 128;\n" : "") + R"(  @%p1 bra SKIP;
  ld.param.u32 %r4, [bytes];
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r2], %r4;
  ld.param.s32 %r6, [c0];
  ld.param.s32 %r7, [c1];
  mov.u32 %r5, tile;
  cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r5], [%rd10, {%r6, %r7}], [%r2];
SKIP:
  bar.sync 0;
WAIT:
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;
  @!%p2 bra WAIT;
  ld.param.u64 %rd3, [out];
  mov.u32 %r8, %r1;
COPY:
  setp.ge.u32 %p3, %r8, 4096;
  @%p3 bra END;
  shl.b32 %r9, %r8, 2;
  mov.u32 %r10, tile;
  add.u32 %r10, %r10, %r9;
  ld.shared.u32 %r13, [%r10];
  mul.wide.u32 %rd4, %r8, 4;
  add.s64 %rd5, %rd3, %rd4;
  st.global.u32 [%rd5], %r13;
  add.u32 %r8, %r8, 32;
  bra COPY;
END:
  ret;
}
)";
}

KernelArgument word(uint64_t v, unsigned bytes) {
  std::vector<uint8_t> b(bytes);
  std::memcpy(b.data(), &v, bytes);
  return KernelArgument::scalar(b, "");
}

// Two tensors, so that a replaced address can move the map from one to the other.
struct Tensors {
  std::vector<uint8_t> first, second;
};

Tensors tensors() {
  Tensors t{std::vector<uint8_t>(8192), std::vector<uint8_t>(8192)};
  for (size_t i = 0; i < 8192; ++i) {
    t.first[i] = static_cast<uint8_t>(i * 7 + 1 + i / 251);
    t.second[i] = static_cast<uint8_t>(i * 13 + 5 + i / 241);
  }
  return t;
}

struct Values {
  bool to_second = false;  // addr: the second tensor's address (else `offset`)
  uint64_t offset = 0;
  uint32_t v1 = 0, v2 = 0;
  uint64_t v3 = 0;
};

// The replace kernel's tile: the launch describes `m` on the first tensor.
std::vector<uint8_t> run_replaced(const TensorMapSpec& m, const std::string& replaces, Values v, int32_t c0,
                                  int32_t c1, uint32_t bytes, Where where = Where::Shared, Fences f = {}) {
  ptx::Module module = ptx::parse_module(replace_kernel(replaces, where, f), "replace.ptx");
  Launch l;
  l.kernel = "replace_load";
  l.block[0] = 32;
  KernelArgument map = KernelArgument::scalar(std::vector<uint8_t>(128, 0), "map");
  map.tensor_map_slots.push_back({0, 0});
  l.args.push_back(map);
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(kTileBytes, 0xee), "out"));
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(256, 0), "ws"));
  l.args.push_back(word(bytes, 4));
  l.args.push_back(word(static_cast<uint32_t>(c0), 4));
  l.args.push_back(word(static_cast<uint32_t>(c1), 4));
  l.args.push_back(word(v.offset, 8));
  l.args.push_back(word(v.v1, 4));
  l.args.push_back(word(v.v2, 4));
  l.args.push_back(word(v.v3, 8));
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(256, 0), "ws2"));
  Tensors t = tensors();
  l.buffers.push_back(KernelArgument::buffer(t.first, "first"));
  l.buffers.push_back(KernelArgument::buffer(t.second, "second"));
  l.tensor_maps.push_back({m, BufferRef{true, 0}});
  if (v.to_second) {
    // The second tensor's address, placed by the run.
    l.args[6].pointer_slots.push_back({0, BufferRef{true, 1}});
  }
  return run_kernel(module, l).buffers[1];
}

// The plain load's tile: the launch describes `m` on the first (or second) tensor.
std::vector<uint8_t> run_plain(const TensorMapSpec& m, int32_t c0, int32_t c1, bool second = false) {
  ptx::Module module = ptx::parse_module(test::tma_load_kernel(2), "tma.ptx");
  Launch l;
  l.kernel = "tma_load";
  l.block[0] = 32;
  KernelArgument map = KernelArgument::scalar(std::vector<uint8_t>(128, 0), "map");
  map.tensor_map_slots.push_back({0, 0});
  l.args.push_back(map);
  l.args.push_back(KernelArgument::buffer(std::vector<uint8_t>(kTileBytes, 0xee), "out"));
  l.args.push_back(word(static_cast<uint32_t>(m.box_bytes()), 4));
  for (int32_t c : {c0, c1, 0, 0, 0}) l.args.push_back(word(static_cast<uint32_t>(c), 4));
  Tensors t = tensors();
  l.buffers.push_back(KernelArgument::buffer(second ? t.second : t.first, "tensor"));
  l.tensor_maps.push_back({m, BufferRef{true, 0}});
  return run_kernel(module, l).buffers[1];
}

// u16 elements, 48 x 40 in a 128-byte pitch (64 elements a row), box 16 x 8.
TensorMapSpec base_map() {
  TensorMapSpec m;
  m.name = "m";
  m.type = TensorMapType::U16;
  m.rank = 2;
  m.dims[0] = 48, m.dims[1] = 40;
  m.strides[0] = 2, m.strides[1] = 128;
  m.box[0] = 16, m.box[1] = 8;
  return m;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const EmulationError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("tensormap.replace: with no replace, the copied map loads what the parameter's map loads") {
  TensorMapSpec m = base_map();
  CHECK(run_replaced(m, "", {}, 8, 3, m.box_bytes()) == run_plain(m, 8, 3));
}

TEST_CASE("tensormap.replace: each field changes the next load as a map made with it does") {
  const TensorMapSpec m = base_map();
  struct Field {
    const char* name;
    std::string line;
    Values v;
    TensorMapSpec want;
  };
  std::vector<Field> fields;
  auto with = [&](auto change) {
    TensorMapSpec w = m;
    change(w);
    return w;
  };
  fields.push_back({"global_dim 0 (partial box: zero fill)", "  tensormap.replace.tile.global_dim{SS}.b1024.b32 [{MAP}], 0, %r11;\n",
                    {false, 0, 20}, with([](TensorMapSpec& w) { w.dims[0] = 20; })});
  fields.push_back({"global_dim 1", "  tensormap.replace.tile.global_dim{SS}.b1024.b32 [{MAP}], 1, %r11;\n",
                    {false, 0, 6}, with([](TensorMapSpec& w) { w.dims[1] = 6; })});
  fields.push_back({"global_stride 0", "  tensormap.replace.tile.global_stride{SS}.b1024.b64 [{MAP}], 0, %rd12;\n",
                    {false, 0, 0, 0, 96}, with([](TensorMapSpec& w) { w.strides[1] = 96; })});
  fields.push_back({"box_dim 0 and 1", "  tensormap.replace.tile.box_dim{SS}.b1024.b32 [{MAP}], 0, %r11;\n"
                                      "  tensormap.replace.tile.box_dim{SS}.b1024.b32 [{MAP}], 1, %r12;\n",
                    {false, 0, 32, 3}, with([](TensorMapSpec& w) { w.box[0] = 32, w.box[1] = 3; })});
  fields.push_back({"element_stride 1", "  tensormap.replace.tile.element_stride{SS}.b1024.b32 [{MAP}], 1, %r11;\n",
                    {false, 0, 3}, with([](TensorMapSpec& w) { w.element_strides[1] = 3; })});
  fields.push_back({"elemtype u32 (6 = f16 would load the same bits; 2 = .u32 halves the columns)",
                    "  tensormap.replace.tile.elemtype{SS}.b1024.b32 [{MAP}], 2;\n"
                    "  tensormap.replace.tile.global_dim{SS}.b1024.b32 [{MAP}], 0, %r11;\n"
                    "  tensormap.replace.tile.box_dim{SS}.b1024.b32 [{MAP}], 0, %r12;\n",
                    {false, 0, 24, 8}, with([](TensorMapSpec& w) {
                      w.type = TensorMapType::U32, w.strides[0] = 4, w.dims[0] = 24, w.box[0] = 8;
                    })});
  fields.push_back({"swizzle_mode 32B", "  tensormap.replace.tile.swizzle_mode{SS}.b1024.b32 [{MAP}], 1;\n", {},
                    with([](TensorMapSpec& w) { w.swizzle = TensorMapSpec::Swizzle::B32; })});
  fields.push_back({"fill_mode NaN on f16 (elemtype 6), the box past the tensor's end",
                    "  tensormap.replace.tile.elemtype{SS}.b1024.b32 [{MAP}], 6;\n"
                    "  tensormap.replace.tile.fill_mode{SS}.b1024.b32 [{MAP}], 1;\n"
                    "  tensormap.replace.tile.global_dim{SS}.b1024.b32 [{MAP}], 0, %r11;\n",
                    {false, 0, 12}, with([](TensorMapSpec& w) {
                      w.type = TensorMapType::F16, w.oob_fill = TensorMapSpec::OobFill::Nan, w.dims[0] = 12;
                    })});
  fields.push_back({"rank 1 then 2 (new_val is the rank minus one)",
                    "  tensormap.replace.tile.rank{SS}.b1024.b32 [{MAP}], 0;\n"
                    "  tensormap.replace.tile.rank{SS}.b1024.b32 [{MAP}], 1;\n",
                    {}, m});
  fields.push_back({"global_address (the second tensor)",
                    "  tensormap.replace.tile.global_address{SS}.b1024.b64 [{MAP}], %rd11;\n", {true}, m});
  for (Where where : {Where::Shared, Where::Global})
    for (const Field& f : fields) {
      CAPTURE(f.name);
      CAPTURE(where == Where::Shared ? "in shared memory" : "in global memory");
      REQUIRE(!tensor_map_problem(f.want));
      std::vector<uint8_t> got = run_replaced(m, f.line, f.v, 8, 3, static_cast<uint32_t>(f.want.box_bytes()), where);
      const bool second = f.v.to_second;
      CHECK(got == run_plain(f.want, 8, 3, second));
      if (std::string(f.name).starts_with("rank")) continue;
      CHECK(got != run_plain(m, 8, 3));  // the field mattered
    }
}

TEST_CASE("tensormap.replace: a value the field cannot hold stops the run at the replace") {
  const TensorMapSpec m = base_map();
  struct Bad {
    std::string line;
    Values v;
    const char* says;
  };
  const Bad bad[] = {
      {"  tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%r3], 1, %r11;\n", {false, 0, 300}, "box_dim[1] = 300"},
      {"  tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%r3], 0, %r11;\n", {false, 0, 0}, "global_dim[0] = 0"},
      {"  tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%r3], 0, %rd12;\n", {false, 0, 0, 0, 136},
       "global_stride[0] = 136"},
      {"  tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [%r3], 0, %r11;\n", {false, 0, 9},
       "element_stride[0] = 9"},
      {"  tensormap.replace.tile.rank.shared::cta.b1024.b32 [%r3], %r11;\n", {false, 0, 5}, "rank minus one"},
      {"  tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%r3], 13;\n", {}, "sm_100a"},
      {"  tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%r3], 4;\n", {}, "sm_103a"},
      {"  tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%r3], 2;\n", {}, "fill_mode 2"},
      {"  tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%r3], %rd11;\n", {false, 8}, "16-byte aligned"},
      {"  tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%r3], %r11;\n", {false, 0, 1}, "immediate"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.line);
    std::string what = message_of([&] { run_replaced(m, b.line, b.v, 0, 0, m.box_bytes()); });
    CHECK(what.find(b.says) != std::string::npos);
    CHECK(what.find("replace.ptx:") != std::string::npos);
    CHECK(what.find("tensormap.replace") != std::string::npos);
  }
}

TEST_CASE("tensormap.replace: a map that breaks cuTensorMapEncodeTiled's rules stops at its use, naming the replace") {
  const TensorMapSpec m = base_map();
  // box[0] = 32 u16 = 64 bytes: more than 32B swizzle's span (fine on its own, as is the swizzle with 16).
  std::string what = message_of([&] {
    run_replaced(m,
                 "  tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%r3], 0, %r11;\n"
                 "  tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%r3], 1;\n",
                 {false, 0, 32}, 0, 0, 64 * 8);
  });
  CHECK(what.find("32B swizzle") != std::string::npos);
  CHECK(what.find("as tensormap.replace at PTX line") != std::string::npos);
  // Put right by a later replace, the map is valid again.
  TensorMapSpec want = m;
  want.box[0] = 16;
  want.swizzle = TensorMapSpec::Swizzle::B32;
  CHECK(run_replaced(m,
                     "  tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%r3], 0, %r11;\n"
                     "  tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%r3], 1;\n"
                     "  tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%r3], 0, %r12;\n",
                     {false, 0, 32, 16}, 8, 3, want.box_bytes()) == run_plain(want, 8, 3));
}

TEST_CASE("tensormap.replace: a map changed in global memory needs the proxy fences before a TMA load") {
  const TensorMapSpec m = base_map();
  const std::string line = "  tensormap.replace.tile.global_dim.global.b1024.b32 [%rd10], 0, %r11;\n";
  TensorMapSpec want = m;
  want.dims[0] = 20;
  CHECK(run_replaced(m, line, {false, 0, 20}, 8, 3, m.box_bytes(), Where::Global) == run_plain(want, 8, 3));
  std::string no_release = message_of(
      [&] { run_replaced(m, line, {false, 0, 20}, 8, 3, m.box_bytes(), Where::Global, {false, true}); });
  CHECK(no_release.find("no fence.proxy.tensormap::generic.release") != std::string::npos);
  std::string no_acquire = message_of(
      [&] { run_replaced(m, line, {false, 0, 20}, 8, 3, m.box_bytes(), Where::Global, {true, false}); });
  CHECK(no_acquire.find("no fence.proxy.tensormap::generic.acquire") != std::string::npos);
  // cp_fenceproxy releases the copy itself; without the acquire the load is still unordered.
  const std::string in_shared = "  tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%r3], 0, %r11;\n";
  CHECK(run_replaced(m, in_shared, {false, 0, 20}, 8, 3, m.box_bytes()) == run_plain(want, 8, 3));
  std::string shared_no_acquire = message_of(
      [&] { run_replaced(m, in_shared, {false, 0, 20}, 8, 3, m.box_bytes(), Where::Shared, {true, false}); });
  CHECK(shared_no_acquire.find("no fence.proxy.tensormap::generic.acquire") != std::string::npos);
}

TEST_CASE("tensormap.replace: a map brought into shared memory by a bulk copy is found and replaced there") {
  const TensorMapSpec m = base_map();
  TensorMapSpec want = m;
  want.dims[1] = 6;
  CHECK(run_replaced(m, "  tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%r3], 1, %r11;\n", {false, 0, 6},
                     8, 3, m.box_bytes(), Where::BulkToShared) == run_plain(want, 8, 3));
}
