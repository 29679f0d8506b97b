// TMA and the other bulk asynchronous copies (PTX ISA, "Data Movement and
// Conversion Instructions: Bulk copy" and "Tensor copy"): cp.async.bulk
// {.tensor}, cp.reduce.async.bulk{.tensor}, their bulk async-groups,
// st.async / red.async, prefetch.tensormap and fence.proxy.async.
// docs/emulator.md, "TMA".
//
// A copy happens when it is issued (no latency): its bytes are in place and
// its complete-tx is performed on the mbarrier at once. What stays pending is
// the promise the program must keep: a bulk copy's shared-memory source may
// not be written until the bulk async-group holding it is waited on with
// cp.async.bulk.wait_group.read, and shared memory written by ordinary
// stores may not be read by a bulk copy without a fence.proxy.async between
// (async_state.h). Both are reported with the two instructions involved.
#include <algorithm>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "emulator/fp/arith.h"
#include "emulator/fp/compare.h"
#include "emulator/fp/half_arith.h"
#include "emulator/simt/async_state.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/memory_recorder.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/tensormap_edits.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;
using ptx::StateSpace;

namespace {

enum Kind : uint32_t {
  TensorLoad, TensorStore, TensorReduce,  // cp{.reduce}.async.bulk.tensor
  BulkLoad,                               // global -> shared::cta / shared::cluster (mbarrier)
  BulkShared,                             // shared::cta -> shared::cluster (mbarrier); cp.reduce too
  BulkStore,                              // shared::cta -> global (bulk_group); cp.reduce too
  Commit, Wait,                           // cp.async.bulk.commit_group, wait_group{.read} N
  FenceProxyAsync, PrefetchTensorMap,
  StAsync, RedAsync,                      // st.async / red.async ... mbarrier::complete_tx::bytes
};
enum Flag : uint32_t { kMulticast = 1, kReduce = 2, kRead = 4, kParamSpace = 8, kIm2col = 16 };
enum RedOp : uint32_t { Add, Min, Max, Inc, Dec, And, Or, Xor };

// Operand positions in op.src, per kind (set by the decoder in op.aux2):
// tensor load: tensormap, coords..., dst, mbar, [ctaMask], [im2col offsets (rank - 2)]
// tensor store/reduce: tensormap, coords..., src
// bulk load/shared: dst, src, size, mbar, [ctaMask]; bulk store: dst, src, size
struct Layout {
  uint32_t rank = 0;  // tensor coordinates
};

// ---- memory access for copies (no race detector: the async proxy) ----

void read_device(Exec& x, const Op& op, unsigned lane, uint64_t addr, void* out, uint64_t n) {
  if (n == 0) return;
  Allocation* a = x.run.memory.find(addr, n);
  if (!a) x.fail(op, lane, fmt::format("out-of-bounds global load of {} byte(s) at address 0x{:x} (bulk copy)", n, addr));
  a->read(addr - a->base(), out, n);
}

void write_device(Exec& x, const Op& op, unsigned lane, uint64_t addr, const void* in, uint64_t n) {
  if (n == 0) return;
  Allocation* a = x.run.memory.find(addr, n);
  if (!a) x.fail(op, lane, fmt::format("out-of-bounds global store of {} byte(s) at address 0x{:x} (bulk copy)", n, addr));
  a->write(addr - a->base(), in, n);
  ++x.run.shared_version;
}

// An async-proxy write into `target`'s shared memory: a bulk copy's source
// still pending there is a hazard; the bytes hold async-proxy data now.
void async_write_check(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t n) {
  ++x.run.shared_version;
  if (!target.async) return;
  AsyncState& a = *target.async;
  if (const PendingRead* r = a.overlapping_read(offset, n))
    x.fail(op, lane, fmt::format("overwrites shared memory at 0x{:x} that the bulk copy at {} still reads: its bulk "
                                 "async-group has not been waited on with cp.async.bulk.wait_group.read",
                                 std::max(offset, r->begin), ptx_place(x.run, r->function, r->instruction)));
  if (a.tracking && offset < a.writer.size())
    std::fill_n(a.writer.begin() + static_cast<ptrdiff_t>(offset), std::min<uint64_t>(n, a.writer.size() - offset), 0);
}

// A bulk copy reading [offset, offset + n) of the executing CTA's shared
// memory, tracked by a bulk async-group: checked for unfenced generic writes
// and remembered until the wait that covers it.
void async_read(Exec& x, const Op& op, unsigned lane, uint64_t offset, uint64_t n, bool grouped, bool check = true) {
  if (check) check_async_proxy_read(x, op, lane, x.cta, offset, n);
  if (!grouped) return;
  AsyncState& a = async_state(x.cta);
  a.add_read({offset, offset + n, x.warp.id * kWarpSize + lane, x.frame.code->index, op.index,
              PendingRead::kUncommitted});
}

SharedTarget shared_operand(Exec& x, const Op& op, unsigned lane, uint64_t address, uint64_t n) {
  Op shared = op;
  shared.mem.space = StateSpace::Shared;
  return locate_shared(x, shared, lane, address, n);
}

// Where a copy into shared memory lands: with .multicast::cluster, each CTA
// of the mask in operand `mask_operand`, at the cluster-relative offsets of
// `dst` and `mbar`; else the CTA that holds [dst, dst + bytes), which must
// hold the mbarrier too. `deliver(cta, offset, mbar_offset)` for each.
template <class Deliver>
void for_each_destination(Exec& x, const Op& op, unsigned lane, size_t mask_operand, uint64_t dst, uint64_t mbar,
                          uint64_t bytes, Deliver deliver) {
  if (op.flags & kMulticast) {
    uint32_t mask = static_cast<uint32_t>(x.src(op, mask_operand, lane) & 0xffff);
    Cluster& cluster = *x.cta.cluster;
    for (uint32_t r = 0; r < 16; ++r)
      if (mask >> r & 1) {
        if (r >= cluster.size())
          x.fail(op, lane, fmt::format("multicast to CTA rank {} of a cluster of {} (ctaMask 0x{:x})", r,
                                       cluster.size(), mask));
        deliver(*cluster.ctas[r], dst & kClusterOffsetMask, mbar & kClusterOffsetMask);
      }
    return;
  }
  SharedTarget d = shared_operand(x, op, lane, dst, bytes);
  SharedTarget b = shared_operand(x, op, lane, mbar, 8);
  if (b.cta != d.cta) x.fail(op, lane, "the mbarrier of a copy into shared memory must be in the destination's CTA");
  deliver(*d.cta, d.offset, b.offset);
}

// ---- the tensor map an operand points at ----

// The map the launch describes at `generic`, or null when the bytes there
// hold none (a launch file that leaves a map out, or a made-up launch).
const TensorMap* described_map(Exec& x, const Op& op, unsigned lane, uint64_t generic) {
  if (generic % 64) x.fail(op, lane, fmt::format("tensor map address 0x{:x} is not 64-byte aligned", generic));
  uint8_t bytes[kTensorMapBytes];
  switch (window_of(generic)) {
    case Window::Param: {
      uint64_t at = generic - kParamWindow;
      if (at + kTensorMapBytes > x.run.kernel_params.size())
        x.fail(op, lane, fmt::format("tensor map address 0x{:x} is outside the kernel's parameters", generic));
      std::memcpy(bytes, x.run.kernel_params.data() + at, kTensorMapBytes);
      break;
    }
    case Window::Device: read_device(x, op, lane, generic, bytes, kTensorMapBytes); break;
    case Window::Shared: {
      SharedTarget t = shared_operand(x, op, lane, generic - kSharedWindow, kTensorMapBytes);
      std::memcpy(bytes, t.cta->shared.data() + t.offset, kTensorMapBytes);
      break;
    }
    default: x.fail(op, lane, fmt::format("tensor map address 0x{:x} is not in param, const or global memory", generic));
  }
  std::optional<uint32_t> index = tensor_map_index(bytes);
  if (!index || *index >= x.run.tensor_maps.size()) return nullptr;
  return &x.run.tensor_maps[*index];
}

const TensorMap& tensor_map(Exec& x, const Op& op, unsigned lane, uint64_t generic, bool prefetch = false) {
  const TensorMap* m = described_map(x, op, lane, generic);
  if (!m)
    x.fail(op, lane, fmt::format("0x{:x} holds no tensor map: describe each CUtensorMap the kernel uses as a "
                                 "[[tensor_map]] of the launch file (docs/launch-files.md)",
                                 generic));
  check_tensor_map_use(x, op, lane, generic, *m, prefetch);
  return *m;
}

// Whether lane `lane`'s tensor copy or prefetch goes through an opaque map
// (Launch::opaque_tensor_maps): the launch allows them and describes none there.
bool opaque_map(Exec& x, const Op& op, unsigned lane, uint64_t generic) {
  return x.run.launch.opaque_tensor_maps && !described_map(x, op, lane, generic);
}

// A tensor load through an opaque map: its box, and so its bytes, are
// unknown. It writes nothing (shared memory keeps what it held, one of the
// values some global data would have given) and completes every mbarrier
// it signals with bytes that are not counted, so the pipeline runs on as
// it does with maps that match the kernel's expect-tx counts.
void opaque_tensor_load(Exec& x, const Op& op, unsigned lane, uint32_t rank) {
  for_each_destination(x, op, lane, 3 + rank, x.src(op, 1 + rank, lane), x.src(op, 2 + rank, lane), 1,
                       [&](Cta& target, uint64_t, uint64_t bar) { mbarrier_complete_opaque(x, op, lane, target, bar); });
}

void coordinates(Exec& x, const Op& op, unsigned lane, uint32_t rank, int32_t (&c)[5]) {
  for (uint32_t d = 0; d < 5; ++d) c[d] = d < rank ? static_cast<int32_t>(x.src(op, 1 + d, lane)) : 0;
}

void check_map_rank(Exec& x, const Op& op, unsigned lane, const TensorMap& m, uint32_t rank) {
  if (m.spec.rank != rank)
    x.fail(op, lane, fmt::format("a {}d tensor copy with tensor map '{}' of rank {}", rank, m.spec.name, m.spec.rank));
  // The map's encoding and the instruction's load mode must agree.
  const bool im2col = op.flags & kIm2col, im2col_map = m.spec.mode == TensorMapSpec::Mode::Im2col;
  if (im2col != im2col_map)
    x.fail(op, lane, fmt::format("a {} tensor copy with the {} tensor map '{}'", im2col ? ".im2col" : "tile-mode",
                                 to_string(m.spec.mode), m.spec.name));
}

// The box's rows: the tile's, or an im2col copy's pixels at its offsets.
std::vector<BoxRow> copy_rows(Exec& x, const Op& op, unsigned lane, const TensorMap& m, uint32_t rank,
                              const int32_t* c) {
  if (!(op.flags & kIm2col)) return box_rows(m, c);
  if (auto problem = im2col_start_problem(m, c)) x.fail(op, lane, *problem);
  uint32_t offsets[3] = {0, 0, 0};
  const uint32_t first = 3 + rank + ((op.flags & kMulticast) ? 1 : 0);
  for (uint32_t s = 0; s + 2 < rank; ++s) {
    offsets[s] = static_cast<uint32_t>(x.src(op, first + s, lane) & 0xffff);
    if (offsets[s] > im2col_offset_limit(rank))
      x.fail(op, lane, fmt::format("im2col offset {} = {} is over {}, the most a {}d copy's offsets hold", s,
                                   offsets[s], im2col_offset_limit(rank), rank));
  }
  return im2col_rows(m, c, offsets);
}

// ---- element reductions ----

uint64_t reduce_element(Exec& x, const Op& op, unsigned lane, RedOp r, ScalarType t, uint64_t old, uint64_t v) {
  unsigned bits = ptx::bit_width(t);
  uint64_t mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  bool is_signed = ptx::is_signed_int(t);
  auto sx = [&](uint64_t a) { return bits >= 64 ? static_cast<int64_t>(a) : static_cast<int64_t>(a << (64 - bits)) >> (64 - bits); };
  if (ptx::is_float(t)) {
    fp::Half h = t == ScalarType::BF16 ? fp::Half::bf16 : fp::Half::f16;
    switch (r) {
      case Add:
        if (t == ScalarType::F32) return fp::add_f32(static_cast<uint32_t>(old), static_cast<uint32_t>(v), {fp::Rounding::rn, true});
        if (t == ScalarType::F64) return fp::add_f64(old, v);
        return fp::hadd(h, static_cast<uint16_t>(old), static_cast<uint16_t>(v));
      case Min: if (bits == 16) return fp::hmin(h, static_cast<uint16_t>(old), static_cast<uint16_t>(v)); break;
      case Max: if (bits == 16) return fp::hmax(h, static_cast<uint16_t>(old), static_cast<uint16_t>(v)); break;
      default: break;
    }
    x.fail(op, lane, fmt::format("cp.reduce.async.bulk: no such reduction for .{}", ptx::to_string(t)));
  }
  switch (r) {
    case Add: return (old + v) & mask;
    case Min: return is_signed ? (sx(old) < sx(v) ? old : v) : std::min(old, v);
    case Max: return is_signed ? (sx(old) > sx(v) ? old : v) : std::max(old, v);
    case Inc: return old >= v ? 0 : (old + 1) & mask;
    case Dec: return (old == 0 || old > v) ? v : old - 1;
    case And: return old & v;
    case Or: return old | v;
    case Xor: return old ^ v;
  }
  return old;
}

ScalarType map_scalar(TensorMapType t) {
  switch (t) {
    case TensorMapType::U8: return ScalarType::U8;
    case TensorMapType::U16: return ScalarType::U16;
    case TensorMapType::U32: return ScalarType::U32;
    case TensorMapType::S32: return ScalarType::S32;
    case TensorMapType::U64: return ScalarType::U64;
    case TensorMapType::S64: return ScalarType::S64;
    case TensorMapType::F16: return ScalarType::F16;
    case TensorMapType::BF16: return ScalarType::BF16;
    case TensorMapType::F64: return ScalarType::F64;
    default: return ScalarType::F32;
  }
}

// ---- memory metrics ----

// The global bytes of box row `r` inside the tensor: one range, or one per
// element when the row is strided (elementStrides > 1).
void add_ranges(const BoxRow& r, unsigned e, std::vector<MemoryRecorder::ByteRange>& out) {
  if (r.step == 1) {
    out.push_back({r.global_address(r.in_begin, e), uint64_t{r.in_end - r.in_begin} * e});
    return;
  }
  for (uint32_t j = r.in_begin; j < r.in_end; ++j) out.push_back({r.global_address(j, e), e});
}

// A non-tensor bulk copy's counts: its global side (loads read [src, src+n),
// stores write [dst, dst+n)) and its shared side.
void record_bulk(Exec& x, const Op& op, Kind kind, uint64_t global, uint64_t n, unsigned destinations) {
  MemoryRecorder* recorder = x.run.memory_metrics.get();
  if (!recorder) return;
  const uint32_t f = x.frame.code->index, pc = op.index;
  uint64_t sectors = 0;
  if (kind == BulkLoad) sectors = recorder->record_bulk_global(f, pc, MemClass::GlobalTmaLoad, {{global, n}}, Swizzle::None);
  else recorder->record_bulk_shared(f, pc, MemClass::SharedTmaRead, n, 1, 0, Swizzle::None);
  if (kind == BulkStore) recorder->record_bulk_global(f, pc, MemClass::GlobalTmaStore, {{global, n}}, Swizzle::None);
  else recorder->record_bulk_shared(f, pc, MemClass::SharedTmaWrite, n, destinations, sectors, Swizzle::None);
}

// ---- tensor copies ----

void tensor_load(Exec& x, const Op& op, unsigned lane, uint32_t rank) {
  const TensorMap& m = tensor_map(x, op, lane, x.src(op, 0, lane));
  check_map_rank(x, op, lane, m, rank);
  int32_t c[5];
  coordinates(x, op, lane, rank, c);
  uint64_t dst = x.src(op, 1 + rank, lane), mbar = x.src(op, 2 + rank, lane);
  const unsigned e = element_bytes(m.spec.type);
  const uint64_t bytes = m.spec.box_bytes();
  if ((dst & kClusterOffsetMask) % 128)
    x.fail(op, lane, fmt::format("tensor copy destination 0x{:x} is not 128-byte aligned", dst));
  // The box, gathered once in dense order, then written to each destination.
  std::vector<uint8_t> box(bytes);
  x.warp.activity.tma_bytes_loaded += bytes;
  const uint64_t fill = oob_fill_bits(m.spec);
  const bool convert = loaded_bits(m.spec, 1) != 1 || m.spec.type == TensorMapType::F32Ftz;
  MemoryRecorder* recorder = x.run.memory_metrics.get();
  std::vector<MemoryRecorder::ByteRange> read;  // for the recorder: the global bytes the copy reads
  for (const BoxRow& r : copy_rows(x, op, lane, m, rank, c)) {
    uint8_t* out = box.data() + r.dense_offset;
    for (uint32_t j = 0; j < r.count; ++j)
      if (j < r.in_begin || j >= r.in_end) std::memcpy(out + uint64_t{j} * e, &fill, e);
    if (r.in_end <= r.in_begin) continue;
    if (recorder) add_ranges(r, e, read);
    if (r.step == 1) {
      read_device(x, op, lane, r.global_address(r.in_begin, e), out + uint64_t{r.in_begin} * e,
                  uint64_t{r.in_end - r.in_begin} * e);
    } else {
      for (uint32_t j = r.in_begin; j < r.in_end; ++j) read_device(x, op, lane, r.global_address(j, e), out + uint64_t{j} * e, e);
    }
    if (convert)
      for (uint32_t j = r.in_begin; j < r.in_end; ++j) {
        uint64_t v = 0;
        std::memcpy(&v, out + uint64_t{j} * e, e);
        v = loaded_bits(m.spec, v);
        std::memcpy(out + uint64_t{j} * e, &v, e);
      }
  }
  const Swizzle sw = swizzle_of(m.spec);
  unsigned destinations = 0;
  auto deliver = [&](Cta& target, uint64_t offset, uint64_t bar) {
    ++destinations;
    if (!target.shared.contains(offset, bytes))
      x.fail(op, lane, fmt::format("tensor copy of {} bytes to shared offset 0x{:x} passes the end of block ({},{},{})'s "
                                   "{} bytes of shared memory",
                                   bytes, offset, target.id[0], target.id[1], target.id[2], target.shared.size()));
    async_write_check(x, op, lane, target, offset, bytes);
    uint8_t* smem = target.shared.data();
    for (uint64_t b = 0; b < bytes; b += 16) {
      uint64_t to = swizzle_address(sw, offset + b);
      std::memcpy(smem + to, box.data() + b, std::min<uint64_t>(16, bytes - b));
    }
    mbarrier_complete_tx(x, op, lane, target, bar, bytes);
  };
  for_each_destination(x, op, lane, 3 + rank, dst, mbar, bytes, deliver);
  if (recorder) {
    uint64_t sectors = recorder->record_bulk_global(x.frame.code->index, op.index, MemClass::GlobalTmaLoad, read, sw);
    recorder->record_bulk_shared(x.frame.code->index, op.index, MemClass::SharedTmaWrite, bytes, destinations, sectors, sw);
  }
}

// One row of a tensor store with no reduction, its elements contiguous in
// global memory: gathered from shared memory through the swizzle (which moves
// whole 16-byte chunks) and written at once. False, having written nothing,
// when the row does not lie in one allocation: the caller then stores
// element by element, which fails at the first bad element as before.
bool store_row(Exec& x, const BoxRow& r, unsigned e, Swizzle sw, uint64_t source, std::vector<uint8_t>& buffer) {
  const uint64_t n = uint64_t{r.in_end - r.in_begin} * e, to = r.global_address(r.in_begin, e);
  Allocation* a = x.run.memory.find(to, n);
  if (!a) return false;
  buffer.resize(n);
  const uint8_t* smem = x.cta.shared.data();
  uint64_t from = source + r.dense_offset + uint64_t{r.in_begin} * e;
  for (uint64_t done = 0; done < n;) {
    uint64_t chunk = std::min<uint64_t>(n - done, 16 - (from + done) % 16);
    std::memcpy(buffer.data() + done, smem + swizzle_address(sw, from + done), chunk);
    done += chunk;
  }
  a->write(to - a->base(), buffer.data(), n);
  ++x.run.shared_version;
  return true;
}

// The checked source of a tensor store: shared offset and bytes.
struct StoreSource {
  const TensorMap* map = nullptr;
  uint64_t offset = 0, bytes = 0;
};

StoreSource store_source(Exec& x, const Op& op, unsigned lane, uint32_t rank) {
  const TensorMap& m = tensor_map(x, op, lane, x.src(op, 0, lane));
  check_map_rank(x, op, lane, m, rank);
  SharedTarget s = shared_operand(x, op, lane, x.src(op, 1 + rank, lane), m.spec.box_bytes());
  if (s.cta != &x.cta) x.fail(op, lane, "a tensor store reads the executing CTA's shared memory (shared::cta)");
  if (s.offset % 128) x.fail(op, lane, fmt::format("tensor copy source 0x{:x} is not 128-byte aligned", s.offset));
  return {&m, s.offset, m.spec.box_bytes()};
}

// A tensor store's counts (memory_recorder.h), for `copies` alike copies:
// the shared bytes it reads and the global bytes inside the tensor it writes.
void record_tensor_store(Exec& x, const Op& op, const TensorMap& m, const int32_t* c, unsigned e, uint64_t bytes,
                         unsigned copies) {
  MemoryRecorder* recorder = x.run.memory_metrics.get();
  if (!recorder || copies == 0) return;
  std::vector<MemoryRecorder::ByteRange> written;
  for (const BoxRow& r : box_rows(m, c))
    if (r.in_end > r.in_begin) add_ranges(r, e, written);
  const Swizzle sw = swizzle_of(m.spec);
  recorder->record_bulk_shared(x.frame.code->index, op.index, MemClass::SharedTmaRead, bytes, copies, 0, sw);
  recorder->record_bulk_global(x.frame.code->index, op.index, MemClass::GlobalTmaStore, written, sw, copies);
}

void tensor_store(Exec& x, const Op& op, unsigned lane, uint32_t rank, bool reduce) {
  const StoreSource src = store_source(x, op, lane, rank);
  const TensorMap& m = *src.map;
  int32_t c[5];
  coordinates(x, op, lane, rank, c);
  const unsigned e = element_bytes(m.spec.type);
  async_read(x, op, lane, src.offset, src.bytes, true);
  x.warp.activity.tma_bytes_stored += src.bytes;
  const Swizzle sw = swizzle_of(m.spec);
  const uint8_t* smem = x.cta.shared.data();
  const ScalarType t = map_scalar(m.spec.type);
  record_tensor_store(x, op, m, c, e, src.bytes, 1);
  std::vector<uint8_t> buffer;
  for (const BoxRow& r : box_rows(m, c)) {
    if (!reduce && r.step == 1 && r.in_begin < r.in_end && store_row(x, r, e, sw, src.offset, buffer)) continue;
    for (uint32_t j = r.in_begin; j < r.in_end; ++j) {
      uint64_t v = 0;
      std::memcpy(&v, smem + swizzle_address(sw, src.offset + r.dense_offset + uint64_t{j} * e), e);
      uint64_t to = r.global_address(j, e);
      if (reduce) {
        uint64_t old = 0;
        read_device(x, op, lane, to, &old, e);
        v = reduce_element(x, op, lane, static_cast<RedOp>(op.aux2), t, old, v);
      }
      write_device(x, op, lane, to, &v, e);
    }
  }
}

// A tensor store (no reduction) that every active lane issues with the same
// operands -- CUTLASS's epilogue issues each from a whole warp. The PTX ISA
// makes each issuing thread's copy its own, so this is 32 copies; they are
// one copy and 31 that change nothing, because each copies the same shared
// bytes to the same global bytes: a store writes only global memory, so
// its source is unchanged by the copies before it, and its tensor map lives
// in the kernel's parameters, which nothing writes (a map in global memory
// could be overwritten by the copy: then every lane copies). So the first
// lane copies; every lane still has its own proxy check (its own fence) and
// its own pending read in its own bulk async-group.
bool same_store_in_every_lane(Exec& x, const Op& op, uint32_t mask, uint32_t rank) {
  if (std::popcount(mask) < 2) return false;
  const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
  if (window_of(x.src(op, 0, first)) != Window::Param) return false;
  bool same = true;
  for_lanes(mask, [&](unsigned l) {
    for (uint32_t k = 0; k <= 1 + rank && same; ++k) same = x.src(op, k, l) == x.src(op, k, first);
  });
  return same;
}

void repeated_tensor_store(Exec& x, const Op& op, uint32_t mask, uint32_t rank) {
  const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
  // Found before the first copy, which changes neither shared memory nor a fence.
  const StoreSource src = store_source(x, op, first, rank);
  const UnfencedWrites unfenced = unfenced_writes(x, x.cta, src.offset, src.bytes);
  tensor_store(x, op, first, rank, false);
  // The memory metrics count one copy, as the hardware moves it: an H200
  // ran CUTLASS's FP16 and FP8 epilogues' stores, each issued by a whole
  // warp, as one UTMASTG and one tensor's bytes per warp instruction (ncu,
  // docs/gpu-replay.md), not 32.
  for_lanes(mask & (mask - 1), [&](unsigned l) {
    check_reader_fenced(x, op, l, x.cta, unfenced);
    async_read(x, op, l, src.offset, src.bytes, true, false);
  });
}

// ---- non-tensor bulk copies ----

void bulk_copy(Exec& x, const Op& op, unsigned lane, Kind kind) {
  uint64_t dst = x.src(op, 0, lane), src = x.src(op, 1, lane), n = x.src(op, 2, lane) & 0xffffffffu;
  if (n % 16 || dst % 16 || src % 16)
    x.fail(op, lane, fmt::format("bulk copy of {} bytes from 0x{:x} to 0x{:x}: sizes and addresses are multiples of 16 "
                                 "(undefined behaviour in PTX)",
                                 n, src, dst));
  bool reduce = op.flags & kReduce;
  ScalarType t = op.type;
  unsigned e = reduce ? ptx::byte_width(t) : 1;
  std::vector<uint8_t> data(n);
  if (kind == BulkLoad) x.warp.activity.tma_bytes_loaded += n;
  if (kind == BulkStore) x.warp.activity.tma_bytes_stored += n;
  if (kind == BulkLoad) {
    read_device(x, op, lane, src, data.data(), n);
  } else {
    SharedTarget s = shared_operand(x, op, lane, src, n);
    if (s.cta != &x.cta) x.fail(op, lane, "a bulk copy reads the executing CTA's shared memory (shared::cta)");
    async_read(x, op, lane, s.offset, n, kind == BulkStore);
    std::memcpy(data.data(), s.cta->shared.data() + s.offset, n);
  }
  if (kind == BulkStore) {
    if (reduce)
      for (uint64_t i = 0; i < n; i += e) {
        uint64_t old = 0, v = 0;
        read_device(x, op, lane, dst + i, &old, e);
        std::memcpy(&v, data.data() + i, e);
        v = reduce_element(x, op, lane, static_cast<RedOp>(op.aux2), t, old, v);
        std::memcpy(data.data() + i, &v, e);
      }
    write_device(x, op, lane, dst, data.data(), n);
    record_bulk(x, op, kind, dst, n, 0);
    return;
  }
  uint64_t mbar = x.src(op, 3, lane);
  unsigned destinations = 0;
  auto deliver = [&](Cta& target, uint64_t offset, uint64_t bar) {
    ++destinations;
    if (!target.shared.contains(offset, n))
      x.fail(op, lane, fmt::format("bulk copy of {} bytes to shared offset 0x{:x} passes the end of shared memory", n, offset));
    async_write_check(x, op, lane, target, offset, n);
    uint8_t* to = target.shared.data() + offset;
    if (reduce)
      for (uint64_t i = 0; i < n; i += e) {
        uint64_t old = 0, v = 0;
        std::memcpy(&old, to + i, e);
        std::memcpy(&v, data.data() + i, e);
        v = reduce_element(x, op, lane, static_cast<RedOp>(op.aux2), t, old, v);
        std::memcpy(to + i, &v, e);
      }
    else
      std::memcpy(to, data.data(), n);
    mbarrier_complete_tx(x, op, lane, target, bar, n);
  };
  for_each_destination(x, op, lane, 4, dst, mbar, n, deliver);
  record_bulk(x, op, kind, src, n, destinations);
}

// st.async / red.async [addr], value, [mbar]: a store (or reduction) into a
// CTA of the cluster, with a complete-tx of its size on that CTA's mbarrier.
void store_async(Exec& x, const Op& op, unsigned lane, bool reduce) {
  unsigned e = ptx::byte_width(op.type);
  uint32_t n = e * op.vec;
  SharedTarget d = shared_operand(x, op, lane, x.address(op, lane), n);
  SharedTarget b = shared_operand(x, op, lane, x.src(op, op.vec, lane), 8);
  if (b.cta != d.cta) x.fail(op, lane, "st.async: the mbarrier must be in the destination's CTA");
  async_write_check(x, op, lane, *d.cta, d.offset, n);
  uint8_t* to = d.cta->shared.data() + d.offset;
  for (uint32_t i = 0; i < op.vec; ++i) {
    uint64_t v = x.src(op, i, lane), old = 0;
    if (reduce) {
      std::memcpy(&old, to + i * e, e);
      v = reduce_element(x, op, lane, static_cast<RedOp>(op.aux2), op.type, old, v);
    }
    std::memcpy(to + i * e, &v, e);
  }
  mbarrier_complete_tx(x, op, lane, *d.cta, b.offset, n);
}

void run_bulk(Exec& x, const Op& op, uint32_t mask) {
  Kind kind = static_cast<Kind>(op.aux);
  const bool tensor = kind == TensorLoad || kind == TensorStore || kind == TensorReduce;
  const bool any_opaque = x.run.launch.opaque_tensor_maps && tensor;
  if (kind == TensorStore && !any_opaque && same_store_in_every_lane(x, op, mask, op.vec))
    return repeated_tensor_store(x, op, mask, op.vec);
  for_lanes(mask, [&](unsigned l) {
    uint32_t thread = x.warp.id * kWarpSize + l;
    if (any_opaque && opaque_map(x, op, l, x.src(op, 0, l))) {
      // A store or reduction through an opaque map writes nothing and reads
      // no shared bytes the bulk async-group would have to protect.
      if (kind == TensorLoad) opaque_tensor_load(x, op, l, op.vec);
      return;
    }
    switch (kind) {
      case TensorLoad: tensor_load(x, op, l, op.vec); break;
      case TensorStore:
      case TensorReduce: tensor_store(x, op, l, op.vec, kind == TensorReduce); break;
      case BulkLoad:
      case BulkShared:
      case BulkStore: bulk_copy(x, op, l, kind); break;
      case Commit: {
        AsyncState& a = async_state(x.cta);
        uint64_t& groups = a.committed_by(thread);
        for (PendingRead& r : a.reads)
          if (r.thread == thread && r.group == PendingRead::kUncommitted) r.group = groups;
        ++groups;
        break;
      }
      case Wait: {
        if (!x.cta.async) break;
        AsyncState& a = *x.cta.async;
        uint64_t groups = a.committed_by(thread), keep = x.src(op, 0, l);
        // Every group but the newest `keep` is complete (reads and writes alike here).
        a.erase_reads([&](const PendingRead& r) {
          return r.thread == thread && r.group != PendingRead::kUncommitted && r.group + keep < groups;
        });
        break;
      }
      case FenceProxyAsync: async_state(x.cta).fenced_by(thread) = ++x.run.proxy_fences; break;
      case PrefetchTensorMap: {
        uint64_t at = x.src(op, 0, l) + ((op.flags & kParamSpace) ? kParamWindow : 0);
        if (!opaque_map(x, op, l, at)) tensor_map(x, op, l, at, true);
        break;
      }
      case StAsync:
      case RedAsync: store_async(x, op, l, kind == RedAsync); break;
    }
  });
}

// ---- decoding ----

// Appends an address operand ([reg+imm], [symbol], reg) to op.src as a value:
// generic for `space` Generic (a kernel parameter becomes its param-window
// address), else an address in that space.
void push_address(Decoder& d, const ptx::Operand& a, StateSpace space, Op& op, std::vector<int64_t>& adds) {
  ptx::Operand base = a;
  if (a.kind == ptx::Operand::Kind::Address) base.elements.resize(1);
  MemRef m = d.memref(base, space);
  switch (m.base) {
    case MemRef::Base::Register:
      op.src.push_back(m.reg);
      adds.push_back(m.offset);
      return;
    case MemRef::Base::Absolute: op.src.push_back(d.constant(static_cast<uint64_t>(m.offset))); break;
    case MemRef::Base::KernelParam:  // a generic address unless the instruction names .param
      op.src.push_back(d.constant((space == StateSpace::Param ? 0 : kParamWindow) + static_cast<uint64_t>(m.offset)));
      break;
    default: throw std::runtime_error("unsupported address operand for a bulk copy");
  }
  adds.push_back(0);
}

void push_value(Decoder& d, const ptx::Operand& v, ScalarType t, Op& op, std::vector<int64_t>& adds) {
  op.src.push_back(d.slot(v, t));
  adds.push_back(v.kind == ptx::Operand::Kind::Sum ? v.value : 0);
}

void finish(Op& op, std::vector<int64_t>& adds) {
  if (std::any_of(adds.begin(), adds.end(), [](int64_t a) { return a != 0; })) op.src_add = adds;
  op.run = run_bulk;
}

std::optional<RedOp> red_op(const ptx::Instruction& ins) {
  static constexpr std::pair<std::string_view, RedOp> kOps[] = {{"add", Add}, {"min", Min}, {"max", Max},
                                                                 {"inc", Inc}, {"dec", Dec}, {"and", And},
                                                                 {"or", Or},   {"xor", Xor}};
  for (auto [name, r] : kOps)
    if (ins.has(name)) return r;
  return std::nullopt;
}

// The state spaces named, in order: cp.async.bulk.dst.src...
std::vector<std::string_view> spaces(const ptx::Instruction& ins) {
  std::vector<std::string_view> s;
  for (std::string_view m : ins.modifiers)
    if (ptx::parse_state_space(m)) s.push_back(m);
  return s;
}

bool decode_bulk_copy(Decoder& d, const ptx::Instruction& ins, Op& op) {
  const auto& ops = ins.operands;
  std::vector<int64_t> adds;
  bool reduce = ins.has("reduce");
  for (const char* unsupported : {"im2col_no_offs", "tile::gather4", "tile::scatter4", "cta_group::1",
                                  "cta_group::2", "cp_mask", "im2col::w", "im2col::w::128"})
    if (ins.has(unsupported)) return false;
  const bool im2col = ins.has("im2col");
  if (reduce) {
    op.flags |= kReduce;
    auto r = red_op(ins);
    if (!r) return false;
    op.aux2 = *r;
  }
  std::vector<std::string_view> sp = spaces(ins);
  if (ins.has("tensor")) {
    uint32_t rank = 0;
    for (std::string_view m : ins.modifiers)
      if (m.size() == 2 && m[1] == 'd' && m[0] >= '1' && m[0] <= '5') rank = static_cast<uint32_t>(m[0] - '0');
    if (!rank || sp.size() != 2) return false;
    op.vec = rank;
    bool load = sp[0].starts_with("shared");
    const ptx::Operand& tensor = ops.at(load ? 1 : 0);
    if (tensor.kind != ptx::Operand::Kind::Address || tensor.elements.size() != 2 ||
        tensor.elements[1].kind != ptx::Operand::Kind::Vector || tensor.elements[1].elements.size() != rank)
      return false;
    push_address(d, tensor, StateSpace::Generic, op, adds);
    for (const ptx::Operand& c : tensor.elements[1].elements) push_value(d, c, ScalarType::S32, op, adds);
    if (load) {
      if (reduce || !ins.has("mbarrier::complete_tx::bytes")) return false;
      op.aux = TensorLoad;
      push_address(d, ops.at(0), StateSpace::Shared, op, adds);
      push_address(d, ops.at(2), StateSpace::Shared, op, adds);
      // [dst], [map, coords], [mbar]{, im2colOffsets}{, ctaMask}{, policy}
      size_t next = 3;
      const ptx::Operand* offsets = nullptr;
      if (im2col) {
        if (rank < 3 || ops.size() <= next || ops[next].kind != ptx::Operand::Kind::Vector ||
            ops[next].elements.size() != rank - 2)
          return false;
        op.flags |= kIm2col;
        offsets = &ops[next++];
      }
      if (ins.has("multicast::cluster")) {
        op.flags |= kMulticast;
        push_value(d, ops.at(next), ScalarType::U16, op, adds);
      }
      if (offsets)
        for (const ptx::Operand& o : offsets->elements) push_value(d, o, ScalarType::U16, op, adds);
    } else {
      if (im2col) return false;  // stores take .im2col_no_offs, not modelled
      if (!ins.has("bulk_group") || !sp[0].starts_with("global")) return false;
      op.aux = reduce ? TensorReduce : TensorStore;
      push_address(d, ops.at(1), StateSpace::Shared, op, adds);
    }
    finish(op, adds);
    return true;
  }
  // cp{.reduce}.async.bulk.dst.src.completion: [dst], [src], size{, [mbar]}{, ctaMask}{, policy}
  if (sp.size() != 2) return false;
  bool to_global = sp[0].starts_with("global"), from_global = sp[1].starts_with("global");
  op.aux = to_global ? BulkStore : from_global ? BulkLoad : BulkShared;
  if (reduce) {
    op.type = ScalarType::None;
    for (std::string_view m : ins.modifiers)
      if (auto t = ptx::parse_scalar_type(m)) op.type = *t;
    if (op.type == ScalarType::None) return false;
  }
  push_address(d, ops.at(0), to_global ? StateSpace::Global : StateSpace::Shared, op, adds);
  push_address(d, ops.at(1), from_global ? StateSpace::Global : StateSpace::Shared, op, adds);
  push_value(d, ops.at(2), ScalarType::U32, op, adds);
  if (to_global) {
    if (!ins.has("bulk_group")) return false;
  } else {
    if (!ins.has("mbarrier::complete_tx::bytes")) return false;
    push_address(d, ops.at(3), StateSpace::Shared, op, adds);
    if (ins.has("multicast::cluster")) {
      op.flags |= kMulticast;
      push_value(d, ops.at(4), ScalarType::U16, op, adds);
    }
  }
  finish(op, adds);
  return true;
}

}  // namespace

bool decode_tma(Decoder& d, const ptx::Instruction& ins, Op& op) {
  std::vector<int64_t> adds;
  switch (ins.op) {
    case Opcode::Cp:
      if (!ins.has("bulk")) return false;
      if (ins.has("commit_group")) {
        op.aux = Commit;
        finish(op, adds);
        return true;
      }
      if (ins.has("wait_group")) {
        op.aux = Wait;
        op.flags = ins.has("read") ? kRead : 0;
        push_value(d, ins.operands.at(0), ScalarType::U32, op, adds);
        finish(op, adds);
        return true;
      }
      if (ins.has("prefetch")) {
        op.run = [](Exec&, const Op&, uint32_t) {};  // an L2 hint
        return true;
      }
      return decode_bulk_copy(d, ins, op);
    case Opcode::Fence:
      if (!ins.has("proxy") || !ins.has("async")) return false;  // the other fences: exec_memory.cpp
      op.aux = FenceProxyAsync;
      finish(op, adds);
      return true;
    case Opcode::Prefetch:
      if (!ins.has("tensormap")) return false;
      op.aux = PrefetchTensorMap;
      // prefetch{.const|.param}.tensormap: a .param address is an offset in
      // the kernel's parameters, made generic at run time.
      if (ins.space() == StateSpace::Param) op.flags |= kParamSpace;
      push_address(d, ins.operands.at(0), ins.space().value_or(StateSpace::Generic), op, adds);
      finish(op, adds);
      return true;
    case Opcode::St:
    case Opcode::Red: {
      if (!ins.has("async") || !ins.has("mbarrier::complete_tx::bytes")) return false;
      bool red = ins.op == Opcode::Red;
      if (red) {
        auto r = red_op(ins);
        if (!r) return false;
        op.aux2 = *r;
      }
      for (auto m : ins.modifiers)
        if (m.size() == 2 && m[0] == 'v' && (m[1] == '2' || m[1] == '4')) op.vec = static_cast<uint32_t>(m[1] - '0');
      op.aux = red ? RedAsync : StAsync;
      op.mem = d.memref(ins.operands.at(0), StateSpace::Shared);
      d.slots(ins.operands.at(1), op.type, op.src);
      if (op.src.size() != op.vec) return false;
      adds.assign(op.src.size(), 0);
      push_address(d, ins.operands.at(2), StateSpace::Shared, op, adds);
      finish(op, adds);
      return true;
    }
    default: return false;
  }
}

}  // namespace warpsat::simt
