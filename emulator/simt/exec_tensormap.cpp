// Tensor maps changed on the device (PTX ISA, "tensormap.replace",
// "tensormap.cp_fenceproxy", "fence.proxy.tensormap"): CUTLASS's
// pointer-array and grouped GEMMs copy a map from their parameters, replace
// its global address, dims and strides per batch or group, and hand it to
// the TMA unit through global memory. docs/emulator.md, "Tensor maps changed
// on the device".
//
// The 128 bytes of a map are the emulator's handle (tensor_map.h), so a copy
// by any means (ld/st, a bulk copy, cp_fenceproxy) carries the map along. A
// replace reads the handle at its address, makes the map with the one field
// changed, and writes that map's handle over the 128 bytes; the same map
// made again (every CTA makes its group's) gets the same handle back.
//
// What the ISA leaves to the program, checked here: each field's own range
// (a value the encoding cannot hold stops the run at the replace); the whole
// map's validity, cuTensorMapEncodeTiled's rules, at the first TMA use (a
// change of several fields passes through maps that break a rule between
// two of them, legitimately); and a map written in global memory by the
// generic proxy must be released (fence.proxy.tensormap::generic.release, or
// the release cp_fenceproxy includes) and acquired by the using thread
// (fence.proxy.tensormap::generic.acquire on its address) before a TMA
// instruction reads it through the tensormap proxy.
#include <cstring>

#include <fmt/format.h>

#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/tensormap_edits.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;
using ptx::StateSpace;

namespace {

enum Kind : uint32_t { Replace, CopyFenceProxy, FenceRelease, FenceAcquire };
enum Field : uint32_t {
  GlobalAddress, Rank, BoxDim, GlobalDim, GlobalStride, ElementStride,
  ElemType, InterleaveLayout, SwizzleMode, SwizzleAtomicity, FillMode,
};
enum Flag : uint32_t { kShared = 1, kGlobal = 2, kRegisterValue = 4 };

struct FieldForm {
  std::string_view name;
  Field field;
  bool ordinal;  // [addr], ord, new_val
  bool wide;     // .b64 new_val (else .b32)
};
constexpr FieldForm kFields[] = {
    {"global_address", GlobalAddress, false, true}, {"rank", Rank, false, false},
    {"box_dim", BoxDim, true, false},               {"global_dim", GlobalDim, true, false},
    {"global_stride", GlobalStride, true, true},    {"element_stride", ElementStride, true, false},
    {"elemtype", ElemType, false, false},           {"interleave_layout", InterleaveLayout, false, false},
    {"swizzle_mode", SwizzleMode, false, false},    {"swizzle_atomicity", SwizzleAtomicity, false, false},
    {"fill_mode", FillMode, false, false},
};

std::string_view field_name(uint32_t f) {
  for (const FieldForm& form : kFields)
    if (form.field == f) return form.name;
  return "?";
}

// .elemtype's new_val (the ISA's table; not CUtensorMapDataType's order).
constexpr TensorMapType kElemTypes[] = {
    TensorMapType::U8,  TensorMapType::U16,    TensorMapType::U32, TensorMapType::S32,  TensorMapType::U64,
    TensorMapType::S64, TensorMapType::F16,    TensorMapType::F32, TensorMapType::F32Ftz, TensorMapType::F64,
    TensorMapType::BF16, TensorMapType::TF32,  TensorMapType::TF32Ftz,
};

uint64_t thread_of(const Exec& x, unsigned lane) { return tensormap_thread(x.cta.linear, x.warp.id * kWarpSize + lane); }

// ---- the 128 bytes at an address: global memory or the executing CTA's shared memory ----

struct MapBytes {
  Allocation* global = nullptr;  // global: the allocation and the map's address
  uint64_t address = 0;
  uint8_t* shared = nullptr;     // shared: the bytes themselves
};

MapBytes locate(Exec& x, const Op& op, unsigned lane, uint64_t address) {
  StateSpace space = (op.flags & kShared) ? StateSpace::Shared : (op.flags & kGlobal) ? StateSpace::Global
                                                                                       : StateSpace::Generic;
  if (space == StateSpace::Generic) {
    switch (window_of(address)) {
      case Window::Device: space = StateSpace::Global; break;
      case Window::Shared:
        space = StateSpace::Shared;
        address -= kSharedWindow;
        break;
      default:
        // The ISA: outside the .global and .shared::cta windows the behaviour is undefined.
        x.fail(op, lane, fmt::format("tensor map address 0x{:x} is neither in global nor in shared memory", address));
    }
  }
  if (address % 64) x.fail(op, lane, fmt::format("tensor map address 0x{:x} is not 64-byte aligned", address));
  MapBytes b;
  if (space == StateSpace::Shared) {
    Op shared = op;
    shared.mem.space = StateSpace::Shared;
    SharedTarget t = locate_shared(x, shared, lane, address, kTensorMapBytes);
    if (t.cta != &x.cta)
      x.fail(op, lane, fmt::format("tensor map address 0x{:x} is in another CTA's shared memory; .shared::cta "
                                   "names the executing CTA's",
                                   address));
    b.shared = t.cta->shared.data() + t.offset;
    return b;
  }
  b.global = x.run.memory.find(address, kTensorMapBytes);
  // A made-up launch's memory is mapped where it is first touched, for a
  // tensor map's bytes as for a load's (a replay's workspace pointer from a
  // struct it made up: CUTLASS's pointer-array kernels copy their maps there).
  if (!b.global && x.run.options.lazy_device_seed) {
    b.global = x.run.memory.map_lazily(address, kTensorMapBytes, x.run.options.lazy_device_seed,
                                       x.run.options.lazy_device_bytes, x.run.options.lazy_device_fill);
    ++x.run.shared_version;
  }
  if (!b.global)
    x.fail(op, lane, fmt::format("the 128 bytes of a tensor map at 0x{:x} are outside device memory", address));
  b.address = address;
  return b;
}

void read_map(const MapBytes& b, uint8_t* out) {
  if (b.shared) std::memcpy(out, b.shared, kTensorMapBytes);
  else b.global->read(b.address - b.global->base(), out, kTensorMapBytes);
}

void write_map(Exec& x, const MapBytes& b, const uint8_t* in) {
  if (b.shared) std::memcpy(b.shared, in, kTensorMapBytes);
  else b.global->write(b.address - b.global->base(), in, kTensorMapBytes);
  ++x.run.shared_version;
}

// A generic-proxy write of the map at global address `address`.
void record_write(Exec& x, const Op& op, unsigned lane, uint64_t address, bool released) {
  TensorMapEdits& e = x.run.tensor_map_edits;
  e.writes[address] = {x.frame.code->index, op.index, thread_of(x, lane), ++e.epochs, released};
}

// ---- the fields ----

// Sets the field, or says why its new value is none the map can hold.
std::optional<std::string> set_field(TensorMap& m, Field f, uint32_t ord, uint64_t v, bool immediate) {
  TensorMapSpec& s = m.spec;
  const uint32_t v32 = static_cast<uint32_t>(v);
  const uint32_t ordinals = f == GlobalStride ? 4 : 5;
  if ((f == BoxDim || f == GlobalDim || f == GlobalStride || f == ElementStride) && ord >= ordinals)
    return fmt::format("ord {} is past the {} {} of a tensor map", ord, ordinals,
                       f == GlobalStride ? "strides (dimensions 1 to 4)" : "dimensions");
  if (f >= ElemType && !immediate) return fmt::format("the new value of .{} must be an immediate", field_name(f));
  switch (f) {
    case GlobalAddress:
      if (v % 16) return fmt::format("global address 0x{:x} is not 16-byte aligned", v);
      m.global_address = v;
      s.placeholder = false;
      return std::nullopt;
    case Rank:
      if (v32 > 4) return fmt::format("new_val {} for .rank: it is the rank minus one, 0 to 4", v32);
      s.rank = v32 + 1;
      return std::nullopt;
    case BoxDim:
      if (v32 == 0 || v32 > 256) return fmt::format("box_dim[{}] = {}: each box dimension is 1 to 256 elements", ord, v32);
      s.box[ord] = v32;
      return std::nullopt;
    case GlobalDim:
      if (v32 == 0) return fmt::format("global_dim[{}] = 0: each dimension is 1 to 2^32 elements", ord);
      s.dims[ord] = v32;
      return std::nullopt;
    case GlobalStride:
      if (v % 16 || v >= (uint64_t{1} << 40))
        return fmt::format("global_stride[{}] = {}: a global stride is a multiple of 16 bytes and less than 2^40", ord, v);
      s.strides[ord + 1] = v;
      return std::nullopt;
    case ElementStride:
      if (v32 == 0 || v32 > 8) return fmt::format("element_stride[{}] = {}: a traversal stride is 1 to 8", ord, v32);
      s.element_strides[ord] = v32;
      return std::nullopt;
    case ElemType:
      if (v32 >= 13 && v32 <= 15)
        return fmt::format("elemtype {} (the packed 4- and 6-bit types) is for sm_100a and later, not sm_90a", v32);
      if (v32 > 15) return fmt::format("elemtype {} is none of the ISA's 0 to 15", v32);
      s.type = kElemTypes[v32];
      return std::nullopt;
    case InterleaveLayout:
      if (v32 > 2) return fmt::format("interleave_layout {}: 0 (none), 1 (16B) or 2 (32B)", v32);
      s.interleave = static_cast<TensorMapSpec::Interleave>(v32);
      return std::nullopt;
    case SwizzleMode:
      if (v32 == 4) return "swizzle_mode 4 (96B swizzling) is for sm_103a, not sm_90a";
      if (v32 > 3) return fmt::format("swizzle_mode {}: 0 (none), 1 (32B), 2 (64B) or 3 (128B)", v32);
      s.swizzle = static_cast<TensorMapSpec::Swizzle>(v32);
      return std::nullopt;
    case SwizzleAtomicity: return "the .swizzle_atomicity field is for sm_100a and later, not sm_90a";
    case FillMode:
      if (v32 > 1) return fmt::format("fill_mode {}: 0 (zero fill) or 1 (OOB-NaN fill)", v32);
      s.oob_fill = static_cast<TensorMapSpec::OobFill>(v32);
      return std::nullopt;
  }
  return std::nullopt;
}

// What tells two made maps apart.
std::string map_key(const TensorMap& m) {
  const TensorMapSpec& s = m.spec;
  std::string k = fmt::format("{} {} {} {} {} {} {} {} {:x} {} {} {}", s.placeholder, static_cast<int>(s.type), s.rank,
                              static_cast<int>(s.interleave), static_cast<int>(s.swizzle),
                              static_cast<int>(s.l2_promotion), static_cast<int>(s.oob_fill), s.name,
                              static_cast<int>(s.mode), m.global_address, m.replaced_function, m.replaced_instruction);
  for (uint32_t d = 0; d < 5; ++d)
    k += fmt::format(" {},{},{},{}", s.dims[d], s.strides[d], s.box[d], s.element_strides[d]);
  return k;
}

// Bounds the maps a run makes (each distinct one is kept).
constexpr size_t kMaxMadeMaps = size_t{1} << 16;

uint32_t intern(Exec& x, const Op& op, unsigned lane, TensorMap&& m) {
  TensorMapEdits& e = x.run.tensor_map_edits;
  std::string key = map_key(m);
  if (auto it = e.index_of.find(key); it != e.index_of.end()) return it->second;
  if (e.index_of.size() >= kMaxMadeMaps)
    x.fail(op, lane, fmt::format("tensormap.replace has made {} distinct tensor maps; the emulator keeps at most that "
                                 "many",
                                 kMaxMadeMaps));
  uint32_t index = static_cast<uint32_t>(x.run.tensor_maps.size());
  x.run.tensor_maps.push_back(std::move(m));
  e.index_of.emplace(std::move(key), index);
  return index;
}

void replace(Exec& x, const Op& op, unsigned lane) {
  const uint64_t address = x.src(op, 0, lane);
  MapBytes where = locate(x, op, lane, address);
  uint8_t bytes[kTensorMapBytes];
  read_map(where, bytes);
  std::optional<uint32_t> index = tensor_map_index(bytes);
  if (!index || *index >= x.run.tensor_maps.size()) {
    // A made-up launch's maps are opaque bytes, and stay so.
    if (x.run.launch.opaque_tensor_maps) return;
    x.fail(op, lane, fmt::format("tensormap.replace: the 128 bytes at 0x{:x} hold no tensor map (a launch file's "
                                 "[[tensor_map]], or a copy of its bytes)",
                                 address));
  }
  TensorMap m = x.run.tensor_maps[*index];
  if (m.spec.mode != TensorMapSpec::Mode::Tiled)
    x.fail(op, lane, fmt::format("tensormap.replace.tile on the {} tensor map '{}'", to_string(m.spec.mode), m.spec.name));
  const Field f = static_cast<Field>(op.aux2);
  if (auto why = set_field(m, f, op.vec, x.src(op, 1, lane), !(op.flags & kRegisterValue)))
    x.fail(op, lane, fmt::format("tensormap.replace.tile.{}: {}", field_name(f), *why));
  m.replaced = true;
  m.replaced_function = x.frame.code->index;
  m.replaced_instruction = op.index;
  // The driver's rules on the whole map; the address's alignment counts, not
  // an offset into a buffer the launch file named.
  TensorMapSpec absolute = m.spec;
  absolute.offset = m.global_address;
  auto problem = tensor_map_problem(absolute);
  m.problem = problem ? problem->message : std::string();
  if (Allocation* a = x.run.memory.find(m.global_address, 1)) {
    m.spec.buffer = a->name();
    m.spec.offset = m.global_address - a->base();
  }
  auto handle = tensor_map_handle(intern(x, op, lane, std::move(m)));
  write_map(x, where, handle.data());
  if (where.global) record_write(x, op, lane, address, false);
}

void copy_fence_proxy(Exec& x, const Op& op, unsigned lane) {
  if (x.src(op, 2, lane) != kTensorMapBytes)
    x.fail(op, lane, fmt::format("tensormap.cp_fenceproxy copies a 128-byte tensor map, not {} bytes", x.src(op, 2, lane)));
  Op from = op, to = op;
  from.flags = kShared;
  to.flags = kGlobal;
  MapBytes src = locate(x, from, lane, x.src(op, 1, lane));
  MapBytes dst = locate(x, to, lane, x.src(op, 0, lane));
  uint8_t bytes[kTensorMapBytes];
  read_map(src, bytes);
  write_map(x, dst, bytes);
  // The copy and a release fence for the tensormap proxy, in one.
  record_write(x, op, lane, dst.address, true);
}

void run_tensormap(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) {
    switch (static_cast<Kind>(op.aux)) {
      case Replace: replace(x, op, l); break;
      case CopyFenceProxy: copy_fence_proxy(x, op, l); break;
      case FenceRelease: {
        const uint64_t me = thread_of(x, l);
        for (auto& [at, w] : x.run.tensor_map_edits.writes)
          if (w.thread == me) w.released = true;
        break;
      }
      case FenceAcquire: {
        uint64_t at = x.src(op, 0, l);
        if (x.src(op, 1, l) != kTensorMapBytes)
          x.fail(op, l, fmt::format("fence.proxy.tensormap::generic.acquire covers a 128-byte tensor map, not {} bytes",
                                    x.src(op, 1, l)));
        TensorMapEdits& e = x.run.tensor_map_edits;
        auto w = e.writes.find(at);
        e.acquired[{thread_of(x, l), at}] = w == e.writes.end() ? 0 : w->second.epoch;
        break;
      }
    }
  });
}

// ---- decoding ----

void push_address(Decoder& d, const ptx::Operand& a, StateSpace space, Op& op, std::vector<int64_t>& adds) {
  MemRef m = d.memref(a, space);
  switch (m.base) {
    case MemRef::Base::Register: op.src.push_back(m.reg); break;
    case MemRef::Base::Absolute:
      op.src.push_back(d.constant(static_cast<uint64_t>(m.offset)));
      adds.push_back(0);
      return;
    default: throw std::runtime_error("unsupported address operand for a tensor map");
  }
  adds.push_back(m.offset);
}

void push_value(Decoder& d, const ptx::Operand& v, ScalarType t, Op& op, std::vector<int64_t>& adds) {
  op.src.push_back(d.slot(v, t));
  adds.push_back(0);
}

void finish(Op& op, std::vector<int64_t>& adds) {
  if (std::any_of(adds.begin(), adds.end(), [](int64_t a) { return a != 0; })) op.src_add = adds;
  op.run = run_tensormap;
}

bool has_space(const ptx::Instruction& ins, std::string_view space) {
  for (std::string_view m : ins.modifiers)
    if (m == space) return true;
  return false;
}

}  // namespace

void check_tensor_map_use(Exec& x, const Op& op, unsigned lane, uint64_t generic, const TensorMap& m, bool prefetch) {
  if (m.spec.placeholder && !prefetch)
    x.fail(op, lane, fmt::format("tensor map '{}' at 0x{:x} is a placeholder (placeholder = true in the launch file): "
                                 "its global address must be replaced with tensormap.replace before a TMA "
                                 "instruction uses it",
                                 m.spec.name, generic));
  if (m.replaced && !m.problem.empty())
    x.fail(op, lane, fmt::format("the tensor map at 0x{:x}, as tensormap.replace at {} left it, breaks a rule of "
                                 "cuTensorMapEncodeTiled: {}",
                                 generic, ptx_place(x.run, m.replaced_function, m.replaced_instruction), m.problem));
  TensorMapEdits& e = x.run.tensor_map_edits;
  // A prefetch is a hint: one of a map not yet acquired fetches nothing wrong.
  if (prefetch || e.writes.empty() || window_of(generic) != Window::Device) return;
  auto w = e.writes.find(generic);
  if (w == e.writes.end()) return;
  const std::string written = ptx_place(x.run, w->second.function, w->second.instruction);
  if (!w->second.released)
    x.fail(op, lane, fmt::format("uses the tensor map at 0x{:x} that {} wrote in global memory with no "
                                 "fence.proxy.tensormap::generic.release after it by the writing thread: the TMA "
                                 "unit may read the map as it was before",
                                 generic, written));
  auto a = e.acquired.find({thread_of(x, lane), generic});
  if (a == e.acquired.end() || a->second != w->second.epoch)
    x.fail(op, lane, fmt::format("uses the tensor map at 0x{:x}, written in global memory at {}, with no "
                                 "fence.proxy.tensormap::generic.acquire of its address by this thread since: the "
                                 "TMA unit may read the map as it was before",
                                 generic, written));
}

bool decode_tensormap(Decoder& d, const ptx::Instruction& ins, Op& op) {
  const auto& ops = ins.operands;
  std::vector<int64_t> adds;
  if (ins.op == Opcode::Fence) {
    if (!ins.has("proxy") || !ins.has("tensormap::generic")) return false;
    if (ins.has("release")) {
      op.aux = FenceRelease;
    } else if (ins.has("acquire")) {
      // fence.proxy.tensormap::generic.acquire.scope [addr], 128: a generic address.
      if (ops.size() != 2) return false;
      op.aux = FenceAcquire;
      push_address(d, ops[0], StateSpace::Generic, op, adds);
      push_value(d, ops[1], ScalarType::U32, op, adds);
    } else {
      return false;
    }
    finish(op, adds);
    return true;
  }
  if (ins.op != Opcode::Tensormap) return false;
  if (ins.has("cp_fenceproxy")) {
    // tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.scope.sync.aligned [dst], [src], 128
    if (!has_space(ins, "global") || !has_space(ins, "shared::cta") || !ins.has("release") || ops.size() != 3)
      return false;
    op.aux = CopyFenceProxy;
    push_address(d, ops[0], StateSpace::Global, op, adds);
    push_address(d, ops[1], StateSpace::Shared, op, adds);
    push_value(d, ops[2], ScalarType::U32, op, adds);
    finish(op, adds);
    return true;
  }
  if (!ins.has("replace") || !ins.has("tile") || !ins.has("b1024")) return false;
  const FieldForm* form = nullptr;
  for (const FieldForm& f : kFields)
    if (ins.has(f.name)) form = &f;
  if (!form) return false;
  // .b64 for the address and the strides, .b32 for the rest.
  if (!ins.has(form->wide ? "b64" : "b32")) return false;
  op.aux = Replace;
  op.aux2 = form->field;
  StateSpace space = StateSpace::Generic;
  if (has_space(ins, "shared::cta") || has_space(ins, "shared")) op.flags |= kShared, space = StateSpace::Shared;
  else if (has_space(ins, "global")) op.flags |= kGlobal, space = StateSpace::Global;
  if (ops.size() != (form->ordinal ? 3u : 2u)) return false;
  push_address(d, ops[0], space, op, adds);
  if (form->ordinal) {
    if (ops[1].kind != ptx::Operand::Kind::Int) return false;  // ord is an immediate
    op.vec = static_cast<uint32_t>(ops[1].value);
  }
  const ptx::Operand& value = ops.back();
  if (value.kind != ptx::Operand::Kind::Int) op.flags |= kRegisterValue;
  push_value(d, value, form->wide ? ScalarType::B64 : ScalarType::B32, op, adds);
  finish(op, adds);
  return true;
}

}  // namespace warpsat::simt
