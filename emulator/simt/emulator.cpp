// The scheduler: CTAs one after another, the warps of a CTA round-robin in a
// fixed quantum, each warp following its reconvergence stack. See
// docs/emulator.md for the execution model.
#include "emulator/simt/emulator.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "emulator/simt/async_state.h"
#include "emulator/simt/cluster.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/device_assert.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/spin_check.h"
#include "emulator/simt/wgmma_async.h"
#include "frontend/ptx/target_limits.h"

namespace warpsat::simt {

// ---- Exec: register, special-register and memory access for handlers ----

uint64_t Exec::special(uint32_t index, unsigned lane) const {
  switch (static_cast<SpecialSlot>(index)) {
    case SpecialSlot::Clock: return ++warp.clock_reads, warp.steps & 0xffffffffu;
    case SpecialSlot::ClockHi: return ++warp.clock_reads, warp.steps >> 32;
    case SpecialSlot::Clock64:
    case SpecialSlot::GlobalTimer: return ++warp.clock_reads, warp.steps;
    case SpecialSlot::GlobalTimerHi: return ++warp.clock_reads, warp.steps >> 32;
    default: return warp.special[static_cast<size_t>(index) * kWarpSize + lane];
  }
}

uint64_t Exec::address(const Op& op, unsigned lane) const {
  const MemRef& m = op.mem;
  uint64_t base = m.base == MemRef::Base::Register ? get(m.reg, lane) : 0;
  if (m.base == MemRef::Base::LocalVariable) base = frame.local_base;
  return base + static_cast<uint64_t>(m.offset);
}

std::string Exec::thread_name(unsigned lane) const {
  uint32_t lin = warp.id * kWarpSize + lane;
  const uint32_t* b = run.launch.block;
  return fmt::format("thread ({},{},{}) of block ({},{},{})", lin % b[0], (lin / b[0]) % b[1], lin / (b[0] * b[1]),
                     cta.id[0], cta.id[1], cta.id[2]);
}

void Exec::fail(const Op& op, unsigned lane, const std::string& message) const {
  const ptx::Instruction& ins = frame.code->function->instructions[op.index];
  // The line is found by scanning the module's text: once (the replay's
  // made-up launches fault by the hundred in a large module).
  throw EmulationError({run.module.source, ins.pos.line, ins.pos.column},
                       fmt::format("{}: {} (in {}, warp {} lane {})", message, thread_name(lane),
                                   frame.code->function->name, warp.id, lane),
                       run.module.text ? line_of(*run.module.text, ins.pos.line) : std::string());
}

Cta* Exec::cluster_cta(uint64_t shared_address) const {
  uint64_t tag = shared_address >> kClusterRankShift;
  if (tag == 0 || !cta.cluster || tag > cta.cluster->size()) return nullptr;
  return cta.cluster->ctas[tag - 1];
}

uint64_t Exec::remapped(const Op& op, unsigned lane, uint64_t offset, size_t n) const {
  const SharedRemap& r = run.remap;
  if (offset + n <= r.base || offset >= r.base + r.bytes) return offset;
  uint64_t unit = r.xor_words ? 4 : r.row_bytes;
  if (offset < r.base || (offset - r.base) % unit + n > unit)
    fail(op, lane, fmt::format("an access of {} byte(s) at shared offset 0x{:x} crosses a {} of the remapped array",
                               n, offset, r.xor_words ? "word" : "row"));
  return r.apply(offset);
}

uint8_t* Exec::resolve(const Op& op, unsigned lane, uint64_t addr, size_t n, bool write, ptx::StateSpace space) {
  using ptx::StateSpace;
  auto oob = [&](const char* where) {
    fail(op, lane, fmt::format("out-of-bounds {} {} of {} byte(s) at address 0x{:x}", where,
                               write ? "store" : "load", n, addr));
  };
  if (op.mem.base == MemRef::Base::KernelParam) {
    if (write) fail(op, lane, "store to a kernel parameter");
    if (addr + n > run.kernel_params.size() || addr + n < addr) oob("kernel-parameter");
    return run.kernel_params.data() + addr;
  }
  if (space == StateSpace::Generic) {
    switch (window_of(addr)) {
      case Window::Device: space = StateSpace::Global; break;
      case Window::Shared: space = StateSpace::Shared, addr -= kSharedWindow; break;
      case Window::Local: space = StateSpace::Local, addr -= kLocalWindow; break;
      case Window::Param:
        if (write) fail(op, lane, "store to a kernel parameter");
        addr -= kParamWindow;
        if (addr + n > run.kernel_params.size()) oob("kernel-parameter");
        return run.kernel_params.data() + addr;
      default: oob("generic");
    }
  }
  switch (space) {
    case StateSpace::Shared: {
      if (addr >= kSharedWindow) addr -= kSharedWindow;
      // advise's remap moves this CTA's own array; a cluster-tagged address
      // lies far above it and passes unchanged.
      if (run.remap.active()) [[unlikely]] addr = remapped(op, lane, addr, n);
      Cta* target = &cta;
      if (!cta.shared.contains(addr, n)) {
        // Another CTA of the cluster (distributed shared memory), by a
        // shared::cluster address.
        target = cluster_cta(addr);
        addr &= kClusterOffsetMask;
        if (!target || !target->shared.contains(addr, n)) oob("shared");
      }
      if (run.race) [[unlikely]] run.race->access(*this, op, lane, RaceSpace::Shared, addr, n, write, target->rank);
      if (write && target->async) [[unlikely]] async_shared_write(*this, op, lane, *target, addr, n);
      return target->shared.data() + addr;
    }
    case StateSpace::Local: {
      if (addr >= kLocalWindow) addr -= kLocalWindow;
      std::vector<uint8_t>& mem = warp.local[lane];
      if (addr > mem.size() || n > mem.size() - addr) oob("local");
      return mem.data() + addr;
    }
    case StateSpace::Param: {
      if (op.mem.base == MemRef::Base::ParamVariable) {
        uint32_t size = frame.code->param_bytes;
        if (addr + n > size) oob("parameter");
        return frame.params.data() + static_cast<size_t>(lane) * size + addr;
      }
      if (addr >= kParamWindow) addr -= kParamWindow;
      if (addr + n > run.kernel_params.size()) oob("kernel-parameter");
      return run.kernel_params.data() + addr;
    }
    default: break;
  }
  fail(op, lane, "memory access in an unsupported state space");
}

namespace {
bool is_device(const Exec& x, const Op& op, uint64_t addr, ptx::StateSpace& space) {
  if (op.mem.base == MemRef::Base::KernelParam || op.mem.base == MemRef::Base::ParamVariable) return false;
  if (space == ptx::StateSpace::Generic && window_of(addr) == Window::Device) space = ptx::StateSpace::Global;
  return space == ptx::StateSpace::Global || space == ptx::StateSpace::Const;
}
}  // namespace

void Exec::load(const Op& op, unsigned lane, uint64_t addr, void* buf, size_t n) {
  ptx::StateSpace space = op.mem.space;
  if (is_device(*this, op, addr, space)) {
    Allocation* a = run.memory.find(addr, n);
    if (!a && run.options.lazy_device_seed) {
      a = run.memory.map_lazily(addr, n, run.options.lazy_device_seed, run.options.lazy_device_bytes,
                                run.options.lazy_device_fill);
      ++run.shared_version;
    }
    if (!a)
      fail(op, lane, fmt::format("out-of-bounds {} load of {} byte(s) at address 0x{:x}",
                                 space == ptx::StateSpace::Const ? "const" : "global", n, addr));
    a->read(addr - a->base(), buf, n);
    if (run.race && space == ptx::StateSpace::Global) [[unlikely]]
      run.race->access(*this, op, lane, RaceSpace::Global, addr, n, false);
    return;
  }
  std::memcpy(buf, resolve(op, lane, addr, n, false, space), n);
}

const uint8_t* Exec::load_pointer(const Op& op, uint64_t addr, size_t n) const {
  using ptx::StateSpace;
  if (run.race) return nullptr;
  if (op.mem.base == MemRef::Base::KernelParam)
    return addr + n >= addr && addr + n <= run.kernel_params.size() ? run.kernel_params.data() + addr : nullptr;
  if (op.mem.base == MemRef::Base::ParamVariable) return nullptr;
  StateSpace space = op.mem.space;
  if (space == StateSpace::Generic) {
    Window w = window_of(addr);
    if (w == Window::Device) space = StateSpace::Global;
    else if (w == Window::Shared) space = StateSpace::Shared, addr -= kSharedWindow;
    else return nullptr;
  }
  if (space == StateSpace::Global || space == StateSpace::Const) {
    const Allocation* a = run.memory.find(addr, n);
    return a ? a->bytes_at(addr - a->base(), n) : nullptr;
  }
  if (space == StateSpace::Shared) {
    if (run.remap.active()) return nullptr;  // load() moves the address
    if (addr >= kSharedWindow) addr -= kSharedWindow;
    return cta.shared.contains(addr, n) ? cta.shared.data() + addr : nullptr;
  }
  return nullptr;
}

void Exec::store(const Op& op, unsigned lane, uint64_t addr, const void* buf, size_t n) {
  ptx::StateSpace space = op.mem.space;
  if (is_device(*this, op, addr, space)) {
    Allocation* a = run.memory.find(addr, n);
    if (!a && run.options.lazy_device_seed) {
      a = run.memory.map_lazily(addr, n, run.options.lazy_device_seed, run.options.lazy_device_bytes,
                                run.options.lazy_device_fill);
      ++run.shared_version;
    }
    if (!a) fail(op, lane, fmt::format("out-of-bounds global store of {} byte(s) at address 0x{:x}", n, addr));
    a->write(addr - a->base(), buf, n);
    ++run.shared_version;
    if (run.race) [[unlikely]] run.race->access(*this, op, lane, RaceSpace::Global, addr, n, true);
    return;
  }
  // A thread's .local memory is part of its warp's state (spin_check.h);
  // the rest is shared.
  bool local = space == ptx::StateSpace::Local ||
               (space == ptx::StateSpace::Generic && window_of(addr) == Window::Local);
  if (!local) ++run.shared_version;
  std::memcpy(resolve(op, lane, addr, n, true, space), buf, n);
}

namespace {

// ---- Launch set-up ----

void check_launch(const ptx::Module& m, const Launch& l, const ptx::Function& k) {
  if (l.args.size() != k.params.size())
    throw InputError({m.source, k.pos.line, k.pos.column},
                     fmt::format("kernel {} has {} parameter(s); the launch gives {}", k.name, k.params.size(),
                                 l.args.size()));
  for (int d = 0; d < 3; ++d)
    if (l.block[d] == 0 || l.grid[d] == 0) throw command_line_error("grid and block dimensions must be at least 1");
  if (uint64_t{l.block[0]} * l.block[1] * l.block[2] > 1024)
    throw command_line_error("a block has at most 1024 threads");
  // What cudaLaunchKernel refuses (compute capability 7.0 and later): a grid
  // of 2^32-1 blocks along x is no launch, whatever the --max-ctas budget.
  if (l.grid[0] > 0x7fffffffu || l.grid[1] > 65535 || l.grid[2] > 65535)
    throw command_line_error(fmt::format("grid {}x{}x{}: x is at most 2147483647, y and z at most 65535", l.grid[0],
                                         l.grid[1], l.grid[2]));
  if (l.block[2] > 64)
    throw command_line_error(fmt::format("block {}x{}x{}: z is at most 64", l.block[0], l.block[1], l.block[2]));
}

// A frame that has ended gives its registers to the next frame of its function.
void recycle_frame(RunState& rs, Frame& f) {
  if (f.regs.empty()) return;
  if (rs.free_frames.size() <= f.code->index) rs.free_frames.resize(f.code->index + 1);
  rs.free_frames[f.code->index].push_back(std::move(f.regs));
}

void end_frames(RunState& rs, Warp& w) {
  for (Frame& f : w.frames) recycle_frame(rs, f);
  w.frames.clear();
}

void new_frame(RunState& rs, Warp& w, const FunctionCode& code, uint32_t mask, uint32_t call) {
  // Every frame counts, with or without .local data: a recursion that keeps
  // only registers grew to gigabytes before this limit.
  if (w.frames.size() >= rs.options.max_call_depth)
    throw EmulationError({rs.module.source, code.function->pos.line, code.function->pos.column},
                         fmt::format("call depth of warp {} exceeds the limit of {} frames (recursion too deep?); "
                                     "raise it with --max-call-depth",
                                     w.id, rs.options.max_call_depth));
  // Registers are held per warp for 32 lanes; bound them over the whole CTA.
  const Launch& l = rs.launch;
  uint64_t warps = (uint64_t{l.block[0]} * l.block[1] * l.block[2] + kWarpSize - 1) / kWarpSize;
  uint64_t bytes = (uint64_t{code.frame_slots()} * 8 + code.param_bytes) * kWarpSize;
  for (const Frame& g : w.frames) bytes += (g.regs.size() * 8 + g.params.size());
  if (bytes * warps > rs.options.max_register_bytes)
    throw EmulationError({rs.module.source, code.function->pos.line, code.function->pos.column},
                         fmt::format("registers of {} need {} bytes per block ({} warps), over the limit of {}; "
                                     "raise it with --max-register-bytes",
                                     code.function->name, bytes * warps, warps, rs.options.max_register_bytes));
  Frame f;
  f.code = &code;
  if (rs.free_frames.size() > code.index && !rs.free_frames[code.index].empty()) {
    f.regs = std::move(rs.free_frames[code.index].back());
    rs.free_frames[code.index].pop_back();
    for (Slot s : code.zero_at_entry) std::fill_n(f.regs.begin() + static_cast<ptrdiff_t>(size_t{s} * kWarpSize), kWarpSize, 0);
  } else {
    f.regs = RegisterFile(static_cast<size_t>(code.frame_slots()) * kWarpSize);  // zeros, pages untouched
  }
  for (size_t c = 0; c < code.constants.size(); ++c)
    std::fill_n(f.regs.begin() + static_cast<ptrdiff_t>((code.register_slots + c) * kWarpSize), kWarpSize,
                code.constants[c]);
  f.params.assign(static_cast<size_t>(code.param_bytes) * kWarpSize, 0);
  f.local_base = w.frames.empty() ? 0
                                  : w.frames.back().local_base + w.frames.back().code->local_bytes;
  uint64_t need = uint64_t{f.local_base} + code.local_bytes;
  if (need > rs.options.max_local_bytes)
    throw EmulationError({rs.module.source, code.function->pos.line, code.function->pos.column},
                         fmt::format("local memory of warp {} exceeds {} bytes per thread (recursion too deep?)",
                                     w.id, rs.options.max_local_bytes));
  for (auto& lane : w.local)
    if (lane.size() < need) lane.resize(need, 0);
  f.stack.push_back({0, kExitPc, mask});
  f.call = call;
  w.frames.push_back(std::move(f));
}

// What the shared-memory special registers say (PTX ISA, "%total_smem_size",
// "%aggr_smem_size"): the block's static and dynamic bytes in the target's
// allocation units, and the driver's reserved region beside them.
struct SharedSizes {
  uint64_t total = 0, reserved = 0;
};
SharedSizes shared_sizes(const RunState& rs, const Launch& l) {
  uint32_t sm = ptx::target_sm(rs.module);
  uint64_t unit = ptx::shared_allocation_unit(sm);
  uint64_t used = rs.program().dynamic_shared_offset + l.dynamic_shared_bytes;
  return {(used + unit - 1) / unit * unit, ptx::reserved_shared_bytes_per_block(sm)};
}

// CTA `linear` of the grid, as rank `rank` of `cluster`.
std::unique_ptr<Cta> make_cta(RunState& rs, uint64_t linear, Cluster& cluster, uint32_t rank) {
  const Launch& l = rs.launch;
  auto owned = std::make_unique<Cta>();
  Cta& c = *owned;
  c.linear = linear;
  c.cluster = &cluster;
  c.rank = rank;
  c.id[0] = static_cast<uint32_t>(linear % l.grid[0]);
  c.id[1] = static_cast<uint32_t>((linear / l.grid[0]) % l.grid[1]);
  c.id[2] = static_cast<uint32_t>(linear / (uint64_t{l.grid[0]} * l.grid[1]));
  c.shared.resize(rs.program().dynamic_shared_offset + l.dynamic_shared_bytes + rs.remap.extra_bytes());
  if (rs.track_proxy) begin_proxy_tracking(c);
  const uint32_t* cd = cluster.dims;
  uint32_t in_cluster[3] = {c.id[0] % cd[0], c.id[1] % cd[1], c.id[2] % cd[2]};
  uint32_t threads = l.block[0] * l.block[1] * l.block[2];
  uint32_t nwarps = (threads + kWarpSize - 1) / kWarpSize;
  c.warps.resize(nwarps);
  const SharedSizes smem = shared_sizes(rs, l);
  for (uint32_t wi = 0; wi < nwarps; ++wi) {
    Warp& w = c.warps[wi];
    w.id = wi;
    uint32_t lanes = std::min(kWarpSize, threads - wi * kWarpSize);
    w.valid = lanes == 32 ? ~0u : (1u << lanes) - 1;
    w.special.assign(static_cast<size_t>(SpecialSlot::Count) * kWarpSize, 0);
    w.local.resize(kWarpSize);
    auto set = [&](SpecialSlot s, unsigned lane, uint64_t v) {
      w.special[static_cast<size_t>(s) * kWarpSize + lane] = v;
    };
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      uint32_t lin = wi * kWarpSize + lane;
      set(SpecialSlot::TidX, lane, lin % l.block[0]);
      set(SpecialSlot::TidY, lane, (lin / l.block[0]) % l.block[1]);
      set(SpecialSlot::TidZ, lane, lin / (l.block[0] * l.block[1]));
      for (int d = 0; d < 3; ++d) {
        set(static_cast<SpecialSlot>(static_cast<int>(SpecialSlot::NTidX) + d), lane, l.block[d]);
        set(static_cast<SpecialSlot>(static_cast<int>(SpecialSlot::CtaIdX) + d), lane, c.id[d]);
        set(static_cast<SpecialSlot>(static_cast<int>(SpecialSlot::NCtaIdX) + d), lane, l.grid[d]);
      }
      set(SpecialSlot::LaneId, lane, lane);
      set(SpecialSlot::WarpId, lane, wi);
      set(SpecialSlot::NWarpId, lane, nwarps);
      set(SpecialSlot::NSmId, lane, 1);
      set(SpecialSlot::LanemaskEq, lane, 1u << lane);
      set(SpecialSlot::LanemaskLe, lane, lane == 31 ? ~0u : (2u << lane) - 1);
      set(SpecialSlot::LanemaskLt, lane, (1u << lane) - 1);
      set(SpecialSlot::LanemaskGe, lane, ~((1u << lane) - 1));
      set(SpecialSlot::LanemaskGt, lane, lane == 31 ? 0u : ~((2u << lane) - 1));
      set(SpecialSlot::DynamicSmemSize, lane, l.dynamic_shared_bytes);
      set(SpecialSlot::TotalSmemSize, lane, smem.total);
      set(SpecialSlot::AggrSmemSize, lane, smem.total + smem.reserved);
      set(SpecialSlot::ReservedSmemBegin, lane, smem.total);
      set(SpecialSlot::ReservedSmemEnd, lane, smem.total + smem.reserved);
      set(SpecialSlot::ReservedSmemCap, lane, smem.reserved);
      for (int d = 0; d < 3; ++d) {
        auto at = [&](SpecialSlot first) { return static_cast<SpecialSlot>(static_cast<int>(first) + d); };
        set(at(SpecialSlot::ClusterCtaIdX), lane, in_cluster[d]);
        set(at(SpecialSlot::ClusterNCtaIdX), lane, cd[d]);
        set(at(SpecialSlot::ClusterIdX), lane, cluster.id[d]);
        set(at(SpecialSlot::NClusterIdX), lane, l.grid[d] / cd[d]);
      }
      set(SpecialSlot::ClusterCtaRank, lane, rank);
      set(SpecialSlot::ClusterNCtaRank, lane, cd[0] * cd[1] * cd[2]);
      set(SpecialSlot::IsExplicitCluster, lane, rs.cluster.is_explicit ? 1 : 0);
    }
    new_frame(rs, w, rs.program().functions[rs.kernel], w.valid, 0);
  }
  return owned;
}

// The CTAs of one cluster, their spin checks, and what the scheduler
// remembers between rounds.
struct ClusterRun {
  Cluster cluster;
  std::vector<std::unique_ptr<Cta>> ctas;
  std::vector<std::vector<SpinCheck>> spin;  // [rank][warp], with EmulatorOptions::detect_spin
  // Suspended try_waits woken by a time-out: the shared version then, and
  // each woken warp's state, to tell a wait that can never end from one that
  // counts its attempts.
  uint64_t timeout_version = ~uint64_t{0};
  std::map<std::pair<uint32_t, uint32_t>, WarpSnapshot> timed_out;
  // Every warp that can run repeats with nothing shared changing: the spin
  // report, and the shared version then. Another cluster resident beside
  // this one may still change what they wait for (run_clusters).
  std::optional<EmulationError> spinning;
  uint64_t spinning_version = 0;
};

// ---- The warp's instruction loop ----

class WarpRunner {
 public:
  WarpRunner(RunState& rs, Cta& cta, ClusterRun& cluster) : rs_(rs), cta_(cta), cluster_(cluster) {}

  // Runs `w` for up to `budget` instructions or until it blocks or ends.
  void run(Warp& w, uint32_t budget) {
    budget_ = budget;
    while (budget_ > 0 && w.state == Warp::State::Ready && !rs_.stop) {
      if (w.frames.empty()) {
        w.state = Warp::State::Done;
        return;
      }
      Frame& f = w.frames.back();
      if (f.stack.empty()) {
        finish_frame(w);
        continue;
      }
      SimtEntry& e = f.stack.back();
      uint32_t active = e.mask & ~w.exited;
      if (active == 0 || e.pc == e.rpc) {
        f.stack.pop_back();
        continue;
      }
      const FunctionCode& code = *f.code;
      if (e.pc >= code.ops.size()) {  // fell off the end: an implicit ret (exit in the kernel)
        leave(w, active, w.frames.size() == 1);
        continue;
      }
      --budget_;
      step(w, f, e, active);
    }
  }

  bool release_barriers(bool force_check);

 private:
  uint32_t guard_lanes(const Exec& x, const Op& op, uint32_t active) const {
    if (op.guard == kNoSlot) return active;
    uint64_t tmp[kWarpSize];
    const uint64_t* p = x.lanes(op.guard, tmp);
    uint32_t holds = 0;
    for (unsigned l = 0; l < kWarpSize; ++l) holds |= static_cast<uint32_t>(p[l] & 1) << l;
    return active & (op.guard_negated ? ~holds : holds);
  }

  // Lane counts repeat from one instruction to the next; popcount may be a
  // library call on baseline x86-64, so remember the last one.
  uint32_t count(uint32_t mask) {
    if (mask != counted_mask_) counted_mask_ = mask, counted_ = static_cast<uint32_t>(__builtin_popcount(mask));
    return counted_;
  }

  void step(Warp& w, Frame& f, SimtEntry& e, uint32_t active) {
    const Op& op = f.code->ops[e.pc];
    if (op.mem_access == MemAccess::Bulk && rs_.options.consumers_first) [[unlikely]] {
      // The copy waits for the warp's next turn (EmulatorOptions::consumers_first).
      w.bulk_deferred = !w.bulk_deferred;
      if (w.bulk_deferred) {
        budget_ = 0;
        return;
      }
    }
    Exec x{rs_, cta_, w, f};
    uint32_t exec = guard_lanes(x, op, active);
    ++w.steps;
    if (++rs_.steps > rs_.options.max_steps)
      x.fail(op, static_cast<unsigned>(__builtin_ctz(active)),
             fmt::format("step limit of {} warp instructions reached (a runaway loop?); raise --max-steps",
                         rs_.options.max_steps));
    if (!rs_.block_starts.empty() && rs_.block_starts[f.code->index][e.pc]) enter_block(w, f.code->index, e.pc, active);
    OpCounters& c = rs_.counters[f.code->index][e.pc];
    ++c.warps;
    c.threads += count(active);
    c.threads_on += exec == active ? count(active) : static_cast<uint32_t>(__builtin_popcount(exec));
    switch (op.control) {
      case Control::None:
        if (exec && (rs_.executes.empty() || rs_.executes[f.code->index][e.pc])) {
          if (w.wgmma_watch) [[unlikely]] wgmma_check_access(x, op);
          if (op.mem_access != MemAccess::None && rs_.memory_metrics) [[unlikely]]
            rs_.memory_metrics->record(x, op, exec);
          op.run(x, op, exec);
        }
        ++e.pc;
        return;
      case Control::Branch: {
        uint32_t pc = e.pc;
        branch(w, f, e, op, active, exec, c);
        if (op.target <= pc && w.steps >= SpinCheck::kFirstStep && rs_.options.detect_spin && !rs_.stop) [[unlikely]]
          check_spin(w, op);
        return;
      }
      case Control::BranchIndexed: return branch_indexed(x, f, e, op, active, exec, c);
      case Control::Call: return call(x, w, e, op, exec);
      case Control::Return:
        ++e.pc;
        if (exec) leave(w, exec, w.frames.size() == 1);
        return;
      case Control::Exit:
        ++e.pc;
        if (exec) leave(w, exec, true);
        return;
      case Control::Trap:
        if (exec) x.fail(op, static_cast<unsigned>(__builtin_ctz(exec)), "trap executed");
        ++e.pc;
        return;
      case Control::Barrier: return barrier(x, w, e, op, exec);
      case Control::Blocking:
        if (exec) op.run(x, op, exec);
        if (w.yield) w.yield = false, budget_ = 0;  // let the others run
        if (w.state == Warp::State::Ready) {
          ++e.pc;
          return;
        }
        // Suspended: the instruction runs again when the warp resumes, and
        // only the run that completes counts.
        --w.steps, --rs_.steps, --c.warps;
        c.threads -= count(active);
        c.threads_on -= static_cast<uint32_t>(__builtin_popcount(exec));
        w.barrier_op = e.pc;
        return;
    }
  }

  // Every active lane appends the block to its path. The hash mixes the
  // previous value, so the order of blocks matters, as in a list of them.
  static void enter_block(Warp& w, uint32_t function, uint32_t pc, uint32_t active) {
    uint64_t block = ((uint64_t{function} << 32) | pc) + 1;
    for (uint32_t m = active; m; m &= m - 1) {
      uint64_t& h = w.path[static_cast<unsigned>(__builtin_ctz(m))];
      uint64_t z = (h ^ (block * 0x9E3779B97F4A7C15ull)) + 0x9E3779B97F4A7C15ull;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      h = z ^ (z >> 31);
    }
  }

  void report_branch(const Warp& w, const Frame& f, uint32_t pc, uint32_t active, uint32_t taken) {
    if (!rs_.options.on_branch) return;
    if (rs_.options.steps_out) *rs_.options.steps_out = rs_.steps;
    if (rs_.options.on_branch(cta_, w, f.code->index, pc, active, taken)) rs_.stop = true;
  }

  void branch(Warp& w, Frame& f, SimtEntry& e, const Op& op, uint32_t active, uint32_t taken, OpCounters& c) {
    uint32_t not_taken = active & ~taken;
    uint32_t pc = e.pc;
    if (op.guard != kNoSlot) report_branch(w, f, pc, active, taken);
    if (!not_taken) {
      e.pc = op.target;
    } else if (!taken) {
      ++e.pc;
    } else {
      ++c.divergent;
      uint32_t rpc = op.reconverge;
      e.pc = rpc;
      f.stack.push_back({pc + 1, rpc, not_taken});
      f.stack.push_back({op.target, rpc, taken});  // the taken path runs first
    }
  }

  void branch_indexed(Exec& x, Frame& f, SimtEntry& e, const Op& op, uint32_t active, uint32_t exec,
                      OpCounters& c) {
    const std::vector<uint32_t>& table = f.code->branch_tables[op.aux];
    std::map<uint32_t, uint32_t> lanes_by_target;
    for (uint32_t m = exec; m; m &= m - 1) {
      unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
      uint64_t i = x.get(op.src[0], lane) & 0xffffffffu;
      if (i >= table.size())
        x.fail(op, lane, fmt::format("brx.idx index {} is outside its table of {} targets", i, table.size()));
      lanes_by_target[table[i]] |= 1u << lane;
    }
    uint32_t pc = e.pc, rest = active & ~exec;
    if (rest) lanes_by_target[pc + 1] |= rest;  // a guarded brx falls through for the others
    // Reported as "taken": the lanes going to the first target, so a split
    // shows as 0 < taken < active, as for bra.
    report_branch(x.warp, f, pc, active, lanes_by_target.begin()->second);
    if (lanes_by_target.size() == 1) {
      e.pc = lanes_by_target.begin()->first;
      return;
    }
    ++c.divergent;
    uint32_t rpc = op.reconverge;
    e.pc = rpc;
    for (auto it = lanes_by_target.rbegin(); it != lanes_by_target.rend(); ++it)
      f.stack.push_back({it->first, rpc, it->second});
  }

  // Argument `b` of a call, as lane `lane` passes it (at most 8 bytes).
  static uint64_t call_argument(Exec& x, const Frame& caller, const CallSite::Binding& b, unsigned lane) {
    uint64_t v = 0;
    if (b.is_register) return x.get(b.reg, lane);
    std::memcpy(&v, caller.params.data() + static_cast<size_t>(lane) * caller.code->param_bytes + b.param_offset,
                std::min<size_t>(b.bytes, 8));
    return v;
  }

  void call(Exec& x, Warp& w, SimtEntry& e, const Op& op, uint32_t exec) {
    ++e.pc;
    if (!exec) return;
    const CallSite& cs = x.frame.code->calls[op.aux];
    uint32_t callee = op.target;
    if (cs.indirect != kNoSlot) {
      std::set<uint64_t> targets;
      for (uint32_t m = exec; m; m &= m - 1) targets.insert(x.get(cs.indirect, static_cast<unsigned>(__builtin_ctz(m))));
      if (targets.size() != 1)
        x.fail(op, static_cast<unsigned>(__builtin_ctz(exec)), "an indirect call whose lanes name different functions");
      uint64_t a = *targets.begin();
      if (window_of(a) != Window::Function || (a - kFunctionWindow) / 16 >= rs_.program().functions.size())
        x.fail(op, static_cast<unsigned>(__builtin_ctz(exec)), fmt::format("call through 0x{:x}, which is no function", a));
      callee = static_cast<uint32_t>((a - kFunctionWindow) / 16);
    }
    ensure_decoded(rs_.program(), callee);
    if (rs_.counters[callee].size() != rs_.program().functions[callee].ops.size())
      rs_.counters[callee].resize(rs_.program().functions[callee].ops.size());
    const FunctionCode& code = rs_.program().functions[callee];
    if (!code.function->has_body) {
      const unsigned lane = static_cast<unsigned>(__builtin_ctz(exec));
      if (code.function->name == "__assertfail" && cs.args.size() >= 4) {
        uint64_t a[4];
        for (size_t i = 0; i < 4; ++i) a[i] = call_argument(x, x.frame, cs.args[i], lane);
        x.fail(op, lane, device_assert_message(rs_.memory, a[0], a[1], a[2] & 0xffffffffu, a[3]));
      }
      x.fail(op, lane,
             fmt::format("call to '{}', which has no body here (an external function such as vprintf is not emulated)",
                         code.function->name));
    }
    Frame& caller = w.frames.back();
    uint32_t caller_call = op.aux;
    // Copy arguments before the callee's frame exists (push may move frames).
    std::vector<CallSite::Binding> args = cs.args;
    std::vector<std::vector<uint8_t>> arg_bytes(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      arg_bytes[i].assign(static_cast<size_t>(args[i].bytes) * kWarpSize, 0);
      for (uint32_t m = exec; m; m &= m - 1) {
        unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
        uint8_t* dst = arg_bytes[i].data() + static_cast<size_t>(lane) * args[i].bytes;
        if (args[i].is_register) {
          for (uint32_t k = 0; k < args[i].slots; ++k) {
            uint64_t v = x.get(args[i].reg + k, lane);
            std::memcpy(dst + 8 * k, &v, 8);
          }
        } else {
          std::memcpy(dst, caller.params.data() + static_cast<size_t>(lane) * caller.code->param_bytes +
                               args[i].param_offset, args[i].bytes);
        }
      }
    }
    new_frame(rs_, w, code, exec, caller_call);
    Frame& f = w.frames.back();
    size_t reg_param = 0, mem_param = 0;
    for (size_t i = 0; i < args.size() && i < code.function->params.size(); ++i) {
      bool is_reg = code.function->params[i].space == ptx::StateSpace::Reg;
      for (uint32_t m = exec; m; m &= m - 1) {
        unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
        const uint8_t* src = arg_bytes[i].data() + static_cast<size_t>(lane) * args[i].bytes;
        if (is_reg) {
          uint32_t width = std::min(code.param_register_widths[reg_param], args[i].bytes / 8);
          for (uint32_t k = 0; k < width; ++k) {
            uint64_t v = 0;
            std::memcpy(&v, src + 8 * k, 8);
            Slot s = code.param_registers[reg_param] + k;
            f.regs[static_cast<size_t>(s) * kWarpSize + lane] = v & code.slot_mask[s];
          }
        } else {
          uint32_t off = code.param_offsets[mem_param];
          uint32_t n = std::min<uint32_t>(args[i].bytes, code.param_bytes - off);
          std::memcpy(f.params.data() + static_cast<size_t>(lane) * code.param_bytes + off, src, n);
        }
      }
      is_reg ? ++reg_param : ++mem_param;
    }
  }

  // Lanes in `lanes` leave the current frame: by ret (return to the caller)
  // or, when `exits`, the whole thread ends.
  void leave(Warp& w, uint32_t lanes, bool exits) {
    if (exits) {
      ++rs_.shared_version;  // fewer threads for a barrier to wait for
      w.exited |= lanes;
      for (Frame& f : w.frames)
        for (SimtEntry& e : f.stack) e.mask &= ~lanes;
      if ((w.exited & w.valid) == w.valid) {
        w.state = Warp::State::Done;
        end_frames(rs_, w);
      }
      w.cluster_arrived &= ~lanes;
      w.cluster_done &= ~lanes;
      release_barriers(true);
      complete_cluster_barrier(rs_, cluster_.cluster);
      return;
    }
    for (SimtEntry& e : w.frames.back().stack) e.mask &= ~lanes;
  }

  // The callee's stack has emptied: copy results to the caller, pop.
  void finish_frame(Warp& w) {
    if (w.frames.size() == 1) {
      w.state = Warp::State::Done;
      end_frames(rs_, w);
      return;
    }
    Frame callee = std::move(w.frames.back());
    w.frames.pop_back();
    Frame& caller = w.frames.back();
    const FunctionCode& code = *callee.code;
    const CallSite& cs = caller.code->calls[callee.call];
    uint32_t lanes = w.valid & ~w.exited;
    size_t reg_ret = 0, mem_ret = 0;
    for (size_t i = 0; i < cs.results.size() && i < code.function->returns.size(); ++i) {
      bool is_reg = code.function->returns[i].space == ptx::StateSpace::Reg;
      const CallSite::Binding& b = cs.results[i];
      for (uint32_t m = lanes; m; m &= m - 1) {
        unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
        uint8_t bytes[64] = {};
        uint32_t n = std::min<uint32_t>(b.bytes, sizeof bytes);
        if (is_reg) {
          uint32_t width = std::min<uint32_t>(code.return_register_widths[reg_ret], 8);
          for (uint32_t k = 0; k < width; ++k) {
            uint64_t v = callee.regs[static_cast<size_t>(code.return_registers[reg_ret] + k) * kWarpSize + lane];
            std::memcpy(bytes + 8 * k, &v, 8);
          }
        } else {
          std::memcpy(bytes, callee.params.data() + static_cast<size_t>(lane) * code.param_bytes + code.return_offsets[mem_ret],
                      std::min<uint32_t>(n, code.param_bytes - code.return_offsets[mem_ret]));
        }
        if (b.is_register) {
          for (uint32_t k = 0; k < b.slots && k < 8; ++k) {
            uint64_t v = 0;
            std::memcpy(&v, bytes + 8 * k, 8);
            caller.regs[static_cast<size_t>(b.reg + k) * kWarpSize + lane] = v & caller.code->slot_mask[b.reg + k];
          }
        } else {
          std::memcpy(caller.params.data() + static_cast<size_t>(lane) * caller.code->param_bytes + b.param_offset,
                      bytes, n);
        }
      }
      is_reg ? ++reg_ret : ++mem_ret;
    }
    recycle_frame(rs_, callee);
  }

  void barrier(Exec& x, Warp& w, SimtEntry& e, const Op& op, uint32_t exec) {
    if (!exec) {
      ++e.pc;
      return;
    }
    ++rs_.shared_version;
    unsigned first = static_cast<unsigned>(__builtin_ctz(exec));
    uint64_t id = x.get(op.src[0], first);
    if (id >= cta_.barriers.size()) x.fail(op, first, fmt::format("barrier {} is out of range 0..15", id));
    BarrierState& b = cta_.barriers[id];
    if (op.src[1] != kNoSlot) {
      uint64_t n = x.get(op.src[1], first);
      if (n == 0 || n % kWarpSize != 0) x.fail(op, first, fmt::format("barrier thread count {} is not a positive multiple of 32", n));
      b.expected = static_cast<uint32_t>(n);
    }
    b.arrived += static_cast<uint32_t>(__builtin_popcount(exec));
    if (rs_.race) rs_.race->arrive(cta_.rank, w.id, static_cast<uint32_t>(id));
    uint32_t red = op.flags >> 4;
    if (red) {
      if (!b.red_started) {
        b.red_started = true;
        b.red_kind = red;
        b.reduction = red == 2 ? 1u : 0u;
      }
      for (uint32_t m = exec; m; m &= m - 1) {
        unsigned lane = static_cast<unsigned>(__builtin_ctz(m));
        bool p = ((x.get(op.src[2], lane) & 1) != 0) != ((op.flags & 2u) != 0);
        if (red == 1) b.reduction += p;
        else if (red == 2) b.reduction &= p;
        else b.reduction |= p;
      }
    }
    if (op.flags & 1u) {  // bar.arrive: count, do not wait
      ++e.pc;
    } else {
      w.state = Warp::State::AtBarrier;
      w.barrier = static_cast<uint32_t>(id);
      w.barrier_op = e.pc;
      b.waiting.push_back(w.id);
      waiting_masks_[w.id] = exec;
    }
    release_barriers(false);
  }

  uint32_t live_threads() const {
    uint32_t n = 0;
    for (const Warp& w : cta_.warps) n += static_cast<uint32_t>(__builtin_popcount(w.valid & ~w.exited));
    return n;
  }

  // At a backward branch: when this warp repeats, and so does every other
  // warp that can still run, nothing will ever change again.
  [[gnu::noinline]] void check_spin(const Warp& w, const Op& op) {
    std::vector<std::vector<SpinCheck>>& spin = cluster_.spin;
    spin.resize(cluster_.ctas.size());
    for (size_t r = 0; r < spin.size(); ++r) spin[r].resize(cluster_.ctas[r]->warps.size());
    if (!spin[cta_.rank][w.id].visit(w, rs_.shared_version)) return;
    for (const auto& c : cluster_.ctas)
      for (const Warp& other : c->warps)
        if (other.state == Warp::State::Ready && !spin[c->rank][other.id].repeating(other, rs_.shared_version)) return;
    never_finishes(w, op);
  }

  // Records the report and ends the warp's turn; run_clusters throws it
  // when no other cluster can change anything.
  void never_finishes(const Warp& w, const Op& op) {
    budget_ = 0;
    if (cluster_.spinning) return;
    const Frame& f = w.frames.back();
    const ptx::Instruction& ins = f.code->function->instructions[op.index];
    std::string others;
    for (const auto& c : cluster_.ctas)
      for (const Warp& other : c->warps)
        if (other.state == Warp::State::Ready && (other.id != w.id || c.get() != &cta_))
          others += c.get() == &cta_ ? fmt::format(", {}", other.id)
                                     : fmt::format(", {} of block ({},{},{})", other.id, c->id[0], c->id[1], c->id[2]);
    cluster_.spinning_version = rs_.shared_version;
    cluster_.spinning.emplace(
        SourceLocation{rs_.module.source, ins.pos.line, ins.pos.column},
        fmt::format("warp {} of block ({},{},{}) repeats the same state at PTX line {} with no memory change: it can "
                    "never finish (a spin-wait whose condition no thread will make true){}",
                    w.id, cta_.id[0], cta_.id[1], cta_.id[2], ins.pos.line,
                    others.empty() ? "" : fmt::format("; so do warp(s) {}", others.substr(2))),
        rs_.module.text ? line_of(*rs_.module.text, ins.pos.line) : "");
  }

  RunState& rs_;
  Cta& cta_;
  ClusterRun& cluster_;
  uint32_t budget_ = 0;  // instructions left in the running warp's turn
  std::map<uint32_t, uint32_t> waiting_masks_;  // warp -> lanes that arrived at its barrier
  uint32_t counted_mask_ = ~0u, counted_ = 32;
};

bool WarpRunner::release_barriers(bool) {
  bool released = false;
  for (uint32_t id = 0; id < cta_.barriers.size(); ++id) {
    BarrierState& b = cta_.barriers[id];
    if (b.waiting.empty() && b.arrived == 0) continue;
    uint32_t expected = b.expected ? b.expected : live_threads();
    if (b.arrived < expected) continue;
    for (uint32_t wi : b.waiting) {
      Warp& w = cta_.warps[wi];
      Frame& f = w.frames.back();
      const Op& op = f.code->ops[w.barrier_op];
      if (!op.dst.empty()) {
        uint32_t lanes = waiting_masks_[wi];
        Exec x{rs_, cta_, w, f};
        uint32_t value = b.red_kind == 1 ? b.reduction : (b.reduction & 1u);
        for (uint32_t m = lanes; m; m &= m - 1) x.set(op.dst[0], static_cast<unsigned>(__builtin_ctz(m)), value);
      }
      f.stack.back().pc = w.barrier_op + 1;
      w.state = Warp::State::Ready;
    }
    if (rs_.race) rs_.race->release(cta_.rank, id, b.waiting);
    b = BarrierState{};
    released = true;
  }
  return released;
}

// Suspended try_waits see their phase incomplete; when nothing else can
// run, they are woken with try_wait returning false, as the hardware's time
// limit would. False when that cannot change anything: the same warps came
// back to the same waits in the same states with nothing shared changed
// since the last time-out (a deadlock).
bool time_out_waits(RunState& rs, ClusterRun& run) {
  std::vector<Warp*> waiting;
  bool same = rs.shared_version == run.timeout_version;
  size_t count = 0;
  for (const auto& c : run.ctas)
    for (Warp& w : c->warps)
      if (w.state == Warp::State::AtMbarrier) {
        waiting.push_back(&w);
        auto it = run.timed_out.find({c->rank, w.id});
        ++count;
        same = same && it != run.timed_out.end() && it->second.same_as(w);
      }
  if (waiting.empty() || (same && count == run.timed_out.size())) return false;
  run.timeout_version = rs.shared_version;
  run.timed_out.clear();
  for (const auto& c : run.ctas)
    for (Warp& w : c->warps)
      if (w.state == Warp::State::AtMbarrier) {
        run.timed_out[{c->rank, w.id}].take(w);
        w.mbarrier.timed_out = true;
        w.state = Warp::State::Ready;
      }
  return true;
}

// A warp's role from what it did (metrics.h), and its counts added to the role's.
void add_warp_role(RunState& rs, const Warp& w) {
  const WarpActivity& a = w.activity;
  WarpRole role = a.wgmma_issues ? WarpRole::Consumer : a.tma_bytes_loaded ? WarpRole::Producer : WarpRole::Other;
  AsyncMetrics& r = rs.roles[static_cast<size_t>(role)];
  ++r.warps;
  r.warp_instructions += w.steps;
  // A warp group's four warps each issue the instruction once.
  r.wgmma_instructions += a.wgmma_issues;
  r.wgmma_flops += a.wgmma_flops;
  r.tma_bytes_loaded += a.tma_bytes_loaded;
  r.tma_bytes_stored += a.tma_bytes_stored;
  r.mbarrier_waits += a.mbarrier_waits;
  r.mbarrier_blocked += a.mbarrier_blocked;
}

// A cluster resident on the GPU: its CTAs (by rank) and their warps' runners.
struct ResidentCluster {
  std::unique_ptr<ClusterRun> run = std::make_unique<ClusterRun>();
  std::vector<std::unique_ptr<WarpRunner>> runners;
};

// Makes the cluster of CTAs `linear` (by rank) resident.
std::unique_ptr<ResidentCluster> start_cluster(RunState& rs, const std::vector<uint64_t>& linear,
                                               const uint32_t (&id)[3]) {
  auto rc = std::make_unique<ResidentCluster>();
  ClusterRun& run = *rc->run;
  std::copy(rs.cluster.dims, rs.cluster.dims + 3, run.cluster.dims);
  std::copy(id, id + 3, run.cluster.id);
  for (uint32_t rank = 0; rank < linear.size(); ++rank) {
    run.ctas.push_back(make_cta(rs, linear[rank], run.cluster, rank));
    run.cluster.ctas.push_back(run.ctas.back().get());
  }
  if (rs.race) rs.race->begin_cluster(linear, static_cast<uint32_t>(run.ctas[0]->warps.size()));
  for (const auto& c : run.ctas) rc->runners.push_back(std::make_unique<WarpRunner>(rs, *c, run));
  return rc;
}

enum class Round { Ran, Done, Spinning };

// One round of a resident cluster: its warps interleaved round-robin, each
// for a quantum or until it waits; when none could run, the barriers that
// can complete do, or suspended try_waits time out, or it is a deadlock.
Round run_round(RunState& rs, ResidentCluster& rc) {
  ClusterRun& run = *rc.run;
  bool ran = false, all_done = true;
  for (const auto& c : run.ctas)
    for (size_t i = 0; i < c->warps.size(); ++i) {
      Warp& w = c->warps[rs.options.consumers_first ? c->warps.size() - 1 - i : i];
      if (w.state == Warp::State::AtMbarrier && mbarrier_wait_over(run.cluster, w.mbarrier))
        w.state = Warp::State::Ready;
      else if (w.state == Warp::State::AtRegisters && registers_available(rs, *c, w))
        w.state = Warp::State::Ready;
      if (w.state == Warp::State::Ready) {
        rc.runners[c->rank]->run(w, rs.options.quantum);
        ran = true;
      }
      all_done &= w.state == Warp::State::Done;
    }
  if (all_done || rs.stop) return Round::Done;
  if (run.spinning) return Round::Spinning;
  if (ran) return Round::Ran;
  // Barriers and mbarriers are the cluster's own: no other cluster can
  // complete them, so this deadlock is final whatever else runs.
  bool released = complete_cluster_barrier(rs, run.cluster);
  for (auto& r : rc.runners) released |= r->release_barriers(true);
  if (!released && !time_out_waits(rs, run)) report_deadlock(rs, run.cluster);
  return Round::Ran;
}

void finish_cluster(RunState& rs, const ClusterRun& run) {
  for (const auto& c : run.ctas)
    for (const Warp& w : c->warps) add_warp_role(rs, w);
  if (!rs.stop) {
    for (const auto& c : run.ctas) wgmma_end_block(rs, *c);
    check_mbarriers_at_exit(rs, run.cluster);
  }
  if (!rs.block_starts.empty())
    for (const auto& c : run.ctas)
      for (const Warp& w : c->warps)
        for (uint32_t m = w.valid; m; m &= m - 1) rs.thread_paths.insert(w.path[static_cast<unsigned>(__builtin_ctz(m))]);
}

// Runs the clusters `order` lists (each given by `members`: its CTAs' linear
// ids by rank), one at a time while each can make progress. A GPU keeps
// several resident at once, so when every resident cluster spins on
// something only another can change, the next one is started beside them,
// up to `resident_limit` (cluster_residency). The spin is reported when none can
// change anything and no more may start. Returns the number of CTAs run.
uint64_t run_clusters(RunState& rs, const std::vector<uint64_t>& order, uint64_t resident_limit,
                      const std::function<std::vector<uint64_t>(uint64_t, uint32_t (&)[3])>& members) {
  std::vector<std::unique_ptr<ResidentCluster>> resident;
  size_t next = 0;
  uint64_t ran = 0;
  auto admit = [&] {
    uint32_t id[3];
    std::vector<uint64_t> ctas = members(order[next++], id);
    ran += ctas.size();
    resident.push_back(start_cluster(rs, ctas, id));
  };
  while (!rs.stop) {
    if (resident.empty()) {
      if (next == order.size()) break;
      admit();
    }
    bool all_spinning = true;
    for (size_t i = 0; i < resident.size() && !rs.stop;) {
      ClusterRun& run = *resident[i]->run;
      if (run.spinning && run.spinning_version == rs.shared_version) {
        ++i;
        continue;
      }
      run.spinning.reset();
      Round r = run_round(rs, *resident[i]);
      if (r == Round::Spinning) {
        ++i;
        continue;
      }
      all_spinning = false;
      if (r == Round::Done) {
        finish_cluster(rs, run);
        resident.erase(resident.begin() + static_cast<std::ptrdiff_t>(i));
      } else {
        ++i;
      }
    }
    if (!all_spinning || rs.stop || resident.empty()) continue;
    if (next < order.size() && resident.size() < resident_limit) {
      admit();
      continue;
    }
    EmulationError e = *resident.front()->run->spinning;
    if (resident.size() == 1 && next == order.size()) throw e;
    const char* unit = rs.cluster.size() > 1 ? "cluster(s)" : "block(s)";
    std::string why =
        next == order.size()
            ? fmt::format("; so do the {} other {} resident beside it, the launch's last", resident.size() - 1, unit)
        : rs.race ? fmt::format("; --racecheck runs one {} at a time, and {} more had not started",
                                rs.cluster.size() > 1 ? "cluster" : "block", order.size() - next)
                  : fmt::format("; a GPU of {} SM{} (--sms) holds {} {} of this launch at once, and {} more had not "
                                "started",
                                rs.options.sms, rs.options.sms == 1 ? "" : "s", resident.size(), unit,
                                order.size() - next);
    throw EmulationError(e.where(), e.message() + why, e.source_line());
  }
  for (auto& rc : resident) finish_cluster(rs, *rc->run);
  return ran;
}

// Where basic blocks start, for counting paths: at a label's instruction
// (a branch target, or where straight-line code runs into one) and at a
// function's first instruction (a call).
std::vector<std::vector<bool>> block_starts(const ptx::Module& m) {
  std::vector<std::vector<bool>> starts(m.functions.size());
  for (size_t fi = 0; fi < m.functions.size(); ++fi) {
    const ptx::Function& f = m.functions[fi];
    starts[fi].assign(f.instructions.size(), false);
    if (!f.instructions.empty()) starts[fi][0] = true;
    for (const ptx::Label& l : f.labels)
      if (l.instruction < f.instructions.size()) starts[fi][l.instruction] = true;
  }
  return starts;
}

// ---- Metrics ----

std::vector<bool> reachable_functions(const RunState& rs) {
  std::vector<bool> seen(rs.program().functions.size(), false);
  std::vector<uint32_t> work{rs.kernel};
  seen[rs.kernel] = true;
  while (!work.empty()) {
    uint32_t f = work.back();
    work.pop_back();
    for (const Op& op : rs.program().functions[f].ops)
      if (op.control == Control::Call && op.target != kNoSlot && op.target < seen.size() && !seen[op.target]) {
        seen[op.target] = true;
        work.push_back(op.target);
      }
  }
  return seen;
}

KernelMetrics collect_metrics(const RunState& rs, uint64_t ctas) {
  KernelMetrics k;
  k.roles = rs.roles;
  for (AsyncMetrics& r : k.roles) r.wgmma_instructions /= 4, r.wgmma_flops /= 4;  // per warp group
  const ptx::Function& kernel = rs.module.functions[rs.kernel];
  k.name = std::string(kernel.name);
  std::copy(rs.launch.block, rs.launch.block + 3, k.block);
  std::copy(rs.launch.grid, rs.launch.grid + 3, k.grid);
  std::vector<bool> reach = reachable_functions(rs);
  uint32_t threads_per_block = rs.launch.block[0] * rs.launch.block[1] * rs.launch.block[2];
  k.ctas = ctas;
  k.threads = ctas * threads_per_block;
  k.warps = ctas * ((threads_per_block + kWarpSize - 1) / kWarpSize);
  k.slices_mode = !rs.executes.empty();
  k.thread_paths = rs.thread_paths.size();
  k.memory.measured = rs.memory_metrics != nullptr;
  for (uint32_t fi = 0; fi < rs.program().functions.size(); ++fi) {
    const FunctionCode& code = rs.program().functions[fi];
    if (reach[fi]) k.static_instructions += code.ops.size();
    for (uint32_t i = 0; i < code.ops.size(); ++i) {
      const Op& op = code.ops[i];
      const OpCounters& c = rs.counters[fi][i];
      if (c.warps == 0) continue;
      k.warp_instructions += c.warps;
      k.thread_instructions += c.threads;
      k.thread_instructions_predicated_on += c.threads_on;
      bool scheduled = rs.executes.empty() || (fi < rs.executes.size() && i < rs.executes[fi].size() && rs.executes[fi][i]);
      if (scheduled || op.control != Control::None) k.thread_instructions_run += c.threads;
      k.thread_by_category[static_cast<size_t>(op.category)] += c.threads_on;
      if (op.fp_precision) {
        size_t p = op.fp_precision == 16 ? 0 : op.fp_precision == 32 ? 1 : 2;
        k.fp_instructions[p] += c.threads_on;
        k.flops[p] += c.threads_on * op.flops;
        if (op.fp_special) k.flops_special[p] += c.threads_on;
      }
      const ptx::Instruction& ins = code.function->instructions[i];
      bool conditional = op.is_branch && (ins.has_guard || op.control == Control::BranchIndexed);
      k.per_instruction.push_back({std::string(code.function->name), i, ins.pos.line, ins.loc, c.warps, c.threads,
                                   c.divergent, conditional, c.threads_on, {}});
      if (op.mma_flops) {  // a warp-group instruction: its four warps issue it once each
        k.wgmma_instructions += c.threads_on / 128;
        k.wgmma_flops += c.threads_on / 128 * op.mma_flops;
      }
      if (rs.memory_metrics && op.mem_access != MemAccess::None) {
        k.per_instruction.back().memory = rs.memory_metrics->at(fi, i);
        for (const ClassCounters& m : k.per_instruction.back().memory) k.memory[m.cls] += m.counters;
      }
      if (op.is_branch) {
        k.branches += c.warps;
        k.divergent_branches += c.divergent;
      }
    }
  }
  return k;
}

}  // namespace

const ptx::Function& find_kernel(const ptx::Module& m, const std::string& name) {
  const ptx::Function* only = nullptr;
  size_t entries = 0;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry && f.has_body) {
      ++entries;
      only = &f;
      if (f.name == name) return f;
    }
  if (name.empty() && entries == 1) return *only;
  std::string list;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry) list += (list.empty() ? "" : ", ") + std::string(f.name);
  throw command_line_error(name.empty() ? fmt::format("{} has {} kernels ({}); name one", m.source, entries, list)
                                        : fmt::format("{} has no kernel '{}' (kernels: {})", m.source, name, list));
}

namespace {

// `consumed`: the launch itself, whose buffers may go once copied.
RunResult run(const ptx::Module& module, const Launch& launch, Launch* consumed, const EmulatorOptions& options) {
  const ptx::Function& kernel = find_kernel(module, launch.kernel);
  check_launch(module, launch, kernel);
  RunState rs(module, launch, options);
  struct StepsReport {
    const RunState& rs;
    ~StepsReport() {
      if (rs.options.steps_out) *rs.options.steps_out = rs.steps;
    }
  } report{rs};
  uint64_t launch_bytes = 0;
  // Only contents the launch holds count: zero-filled buffers (zero_bytes)
  // are allocated lazily, page by page, and replays rely on that.
  std::vector<const KernelArgument*> owned;
  for (const KernelArgument& a : launch.args) owned.push_back(&a);
  for (const KernelArgument& a : launch.buffers) owned.push_back(&a);
  for (const KernelArgument* arg : owned)
    if (const KernelArgument& a = *arg; a.kind == KernelArgument::Kind::Buffer && a.alias_of < 0) {
      if (a.bytes.size() > options.max_launch_bytes || launch_bytes + a.bytes.size() > options.max_launch_bytes)
        throw command_line_error(fmt::format("the launch's buffers hold {} bytes or more, over the limit of {}; "
                                             "raise it with --max-launch-bytes",
                                             launch_bytes + a.bytes.size(), options.max_launch_bytes));
      launch_bytes += a.bytes.size();
    }
  // Buffers first (their addresses become parameter values), then the module's variables.
  rs.arg_addresses.resize(launch.args.size(), 0);
  for (size_t i = 0; i < launch.args.size(); ++i)
    if (launch.args[i].kind == KernelArgument::Kind::Buffer && launch.args[i].alias_of < 0) {
      const KernelArgument& arg = launch.args[i];
      const auto& bytes = arg.bytes;
      std::string name = arg.name.empty() ? fmt::format("param {}", i) : arg.name;
      uint64_t size = std::max<uint64_t>(arg.size(), 1);
      uint64_t addr = arg.fixed_address ? rs.memory.allocate_at(name, arg.fixed_address, size)
                                        : rs.memory.allocate(name, size);
      if (!bytes.empty()) rs.memory.find(addr, bytes.size())->write(0, bytes.data(), bytes.size());
      if (consumed && !bytes.empty()) {
        KernelArgument& mine = consumed->args[i];
        mine.zero_bytes = mine.bytes.size();
        std::vector<uint8_t>().swap(mine.bytes);
      }
      for (const auto& [offset, patch] : arg.patches)
        if (Allocation* a = rs.memory.find(addr + offset, patch.size())) a->write(addr + offset - a->base(), patch.data(), patch.size());
      rs.arg_addresses[i] = addr;
    }
  for (size_t i = 0; i < launch.args.size(); ++i) {
    int a = launch.args[i].alias_of;
    if (a >= 0 && static_cast<size_t>(a) < launch.args.size()) rs.arg_addresses[i] = rs.arg_addresses[static_cast<size_t>(a)];
  }
  std::vector<uint64_t> named_addresses;
  for (size_t i = 0; i < launch.buffers.size(); ++i) {
    const KernelArgument& b = launch.buffers[i];
    std::string name = b.name.empty() ? fmt::format("buffer {}", i) : b.name;
    uint64_t size = std::max<uint64_t>(b.size(), 1);
    uint64_t addr = b.fixed_address ? rs.memory.allocate_at(name, b.fixed_address, size) : rs.memory.allocate(name, size);
    if (!b.bytes.empty()) rs.memory.find(addr, b.bytes.size())->write(0, b.bytes.data(), b.bytes.size());
    for (const auto& [offset, patch] : b.patches)
      if (Allocation* a = rs.memory.find(addr + offset, patch.size())) a->write(addr + offset - a->base(), patch.data(), patch.size());
    named_addresses.push_back(addr);
  }
  auto buffer_address = [&](BufferRef r) -> uint64_t {
    if (r.named ? r.index >= named_addresses.size() : r.index >= rs.arg_addresses.size() || !rs.arg_addresses[r.index])
      throw command_line_error("a pointer or tensor map refers to a buffer the launch does not have");
    return r.named ? named_addresses[r.index] : rs.arg_addresses[r.index];
  };
  auto buffer_size = [&](BufferRef r) {
    const KernelArgument& b = r.named ? launch.buffers[r.index] : launch.args[r.index];
    return b.alias_of >= 0 ? launch.args[static_cast<size_t>(b.alias_of)].size() : b.size();
  };
  // Named buffers that hold other buffers' addresses (arrays of pointers).
  for (size_t i = 0; i < launch.buffers.size(); ++i)
    for (const auto& [at, ref] : launch.buffers[i].pointer_slots) {
      uint64_t address = buffer_address(ref) + ref.at;
      Allocation* a = rs.memory.find(named_addresses[i] + at, 8);
      if (!a) throw command_line_error(fmt::format("a pointer at byte {} of buffer {} passes its end", at, i));
      a->write(named_addresses[i] + at - a->base(), &address, 8);
    }
  for (const Launch::TensorMapArg& t : launch.tensor_maps) {
    if (auto p = tensor_map_problem(t.spec))
      throw command_line_error(fmt::format("tensor map '{}': {}", t.spec.name, p->message));
    if (!t.spec.placeholder && t.spec.extent_bytes() > buffer_size(t.buffer))
      throw command_line_error(fmt::format("tensor map '{}' covers {} bytes of its buffer, which has {}", t.spec.name,
                                           t.spec.extent_bytes(), buffer_size(t.buffer)));
    TensorMap& map = rs.tensor_maps.emplace_back();
    map.spec = t.spec;
    map.global_address = buffer_address(t.buffer) + t.spec.offset;
  }
  if (options.program_cache) rs.decoded = &options.program_cache->adopt(load_program(module, rs.memory));
  else rs.own_program = load_program(module, rs.memory);
  rs.kernel = rs.program().function_index(kernel.name);
  ensure_decoded(rs.program(), rs.kernel);
  uint32_t param_bytes = 0;
  std::vector<uint32_t> offsets = kernel_param_offsets(kernel, &param_bytes);
  rs.kernel_params.assign(std::max<uint32_t>(param_bytes, 1), 0);
  for (size_t i = 0; i < launch.args.size(); ++i) {
    uint64_t size = kernel.params[i].size_bytes();
    if (launch.args[i].kind == KernelArgument::Kind::Buffer) {
      std::memcpy(rs.kernel_params.data() + offsets[i], &rs.arg_addresses[i], std::min<uint64_t>(size, 8));
    } else {
      std::memcpy(rs.kernel_params.data() + offsets[i], launch.args[i].bytes.data(),
                  std::min<uint64_t>(size, launch.args[i].bytes.size()));
      unsigned pointer_bytes = module.address_size == 32 ? 4 : 8;
      for (const auto& [at, ref] : launch.args[i].pointer_slots) {
        if (at + pointer_bytes > size) throw command_line_error(fmt::format("a pointer at byte {} of parameter {} passes its end", at, i));
        uint64_t address = buffer_address(ref) + ref.at;
        std::memcpy(rs.kernel_params.data() + offsets[i] + at, &address, pointer_bytes);
      }
      for (const auto& [at, index] : launch.args[i].tensor_map_slots) {
        if (at + kTensorMapBytes > size || index >= rs.tensor_maps.size())
          throw command_line_error(fmt::format("a tensor map at byte {} of parameter {} passes its end", at, i));
        auto handle = tensor_map_handle(index);
        std::memcpy(rs.kernel_params.data() + offsets[i] + at, handle.data(), kTensorMapBytes);
      }
    }
  }
  rs.counters.resize(rs.program().functions.size());
  for (size_t f = 0; f < rs.program().functions.size(); ++f) rs.counters[f].resize(rs.program().functions[f].ops.size());
  rs.executes = options.execute_only;
  if (options.count_thread_paths) rs.block_starts = block_starts(module);
  if (options.racecheck) rs.race = std::make_unique<RaceDetector>(module, launch, rs.program());
  try {
    rs.cluster = cluster_shape(kernel, launch);
  } catch (const std::invalid_argument& e) {
    throw command_line_error(e.what());
  }
  if (!rs.program().reads_shared_async) rs.program().reads_shared_async = reads_shared_asynchronously(module);
  rs.track_proxy = *rs.program().reads_shared_async;
  // Registers per thread at launch, for setmaxnreg: the kernel's .maxnreg,
  // else the most its launch bounds allow (the SM's 64K registers over the
  // block's warps and .minnctapersm blocks), in ptxas's steps of 8, at most 255.
  {
    uint64_t threads = (uint64_t{launch.block[0]} * launch.block[1] * launch.block[2] + kWarpSize - 1) / kWarpSize * kWarpSize;
    uint64_t fit = kRegistersPerSm / (threads * std::max<uint32_t>(kernel.minnctapersm, 1)) / 8 * 8;
    rs.initial_registers = kernel.maxnreg ? kernel.maxnreg : static_cast<uint32_t>(std::min<uint64_t>(fit, 255));
  }
  rs.remap = options.shared_remap;
  if (rs.remap.active() && !rs.remap.xor_words) rs.remap.target = rs.program().dynamic_shared_offset + launch.dynamic_shared_bytes;
  if (rs.remap.active() && (rs.remap.row_bytes == 0 || (rs.remap.xor_words && (rs.remap.row_bytes % 4 != 0 ||
                                                                              ((rs.remap.row_bytes / 4) & (rs.remap.row_bytes / 4 - 1))))))
    throw command_line_error("a shared remap needs rows of a nonzero size (XOR: a power of two of 4-byte words)");
  if (options.memory_metrics && options.execute_only.empty())
    rs.memory_metrics = std::make_unique<MemoryRecorder>(rs.remap);

  uint64_t total = uint64_t{launch.grid[0]} * launch.grid[1] * launch.grid[2];
  // A kernel with no instructions never reaches the step limit, so the
  // number of CTAs has a budget of its own.
  uint64_t to_run = options.only_ctas.empty() ? total : options.only_ctas.size();
  if (to_run > options.max_ctas)
    throw command_line_error(fmt::format("the launch has {} blocks, over the limit of {}; raise it with --max-ctas",
                                         to_run, options.max_ctas));
  uint64_t shared = rs.program().dynamic_shared_offset + launch.dynamic_shared_bytes;
  if (shared > options.max_shared_bytes || launch.dynamic_shared_bytes > options.max_shared_bytes)
    throw command_line_error(fmt::format("{} bytes of shared memory per block ({} static, {} dynamic), over the "
                                         "limit of {}; raise it with --max-shared-bytes",
                                         shared, rs.program().dynamic_shared_offset, launch.dynamic_shared_bytes,
                                         options.max_shared_bytes));
  if (rs.cluster.size() > 1 && shared > kClusterOffsetMask)
    throw command_line_error(fmt::format("{} bytes of shared memory per block: a cluster's blocks have at most {} "
                                         "(shared::cluster addresses carry the CTA rank above)",
                                         shared, kClusterOffsetMask));
  // Clusters in linear order of %clusterid (x fastest), each one's CTAs
  // together, the next started beside them only when they spin
  // (run_clusters; only_ctas: the clusters holding the CTAs it lists).
  const uint32_t* cd = rs.cluster.dims;
  const uint32_t clusters[3] = {launch.grid[0] / cd[0], launch.grid[1] / cd[1], launch.grid[2] / cd[2]};
  auto cluster_of = [&](uint64_t cta) {
    uint64_t x = cta % launch.grid[0], y = (cta / launch.grid[0]) % launch.grid[1],
             z = cta / (uint64_t{launch.grid[0]} * launch.grid[1]);
    return x / cd[0] + (y / cd[1]) * clusters[0] + (z / cd[2]) * uint64_t{clusters[0]} * clusters[1];
  };
  auto members = [&](uint64_t cl, uint32_t (&id)[3]) {
    id[0] = static_cast<uint32_t>(cl % clusters[0]);
    id[1] = static_cast<uint32_t>((cl / clusters[0]) % clusters[1]);
    id[2] = static_cast<uint32_t>(cl / (uint64_t{clusters[0]} * clusters[1]));
    std::vector<uint64_t> ctas;  // by %cluster_ctarank: x fastest within the cluster
    for (uint32_t z = 0; z < cd[2]; ++z)
      for (uint32_t y = 0; y < cd[1]; ++y)
        for (uint32_t x = 0; x < cd[0]; ++x)
          ctas.push_back((id[0] * cd[0] + x) + (id[1] * cd[1] + y) * uint64_t{launch.grid[0]} +
                         (id[2] * cd[2] + z) * uint64_t{launch.grid[0]} * launch.grid[1]);
    return ctas;
  };
  std::vector<uint64_t> order;
  if (options.only_ctas.empty()) {
    order.resize(total / rs.cluster.size());
    std::iota(order.begin(), order.end(), uint64_t{0});
  } else {
    std::set<uint64_t> seen;
    for (uint64_t c : options.only_ctas)
      if (c < total && seen.insert(cluster_of(c)).second) order.push_back(cluster_of(c));
  }
  uint64_t ran = run_clusters(rs, order, rs.race ? 1
                                      : cluster_residency(kernel, launch, rs.cluster.size(), shared,
                                                          ptx::target_sm(module), options.sms),
                              members);

  RunResult r;
  r.stopped = rs.stop;
  auto add_shared = [&](const ptx::Variable& v) {
    auto at = rs.program().shared_offsets.find(v.name);
    if (v.space != ptx::StateSpace::Shared || at == rs.program().shared_offsets.end()) return;
    bool dynamic = v.linkage == ptx::Linkage::Extern || (!v.dims.empty() && v.dims[0] == 0);
    r.shared_variables.push_back({std::string(v.name), at->second, dynamic ? launch.dynamic_shared_bytes : v.size_bytes()});
  };
  for (const ptx::Variable& v : module.variables) add_shared(v);
  for (const ptx::Function& f : module.functions)
    for (const ptx::Variable& v : f.variables) add_shared(v);
  std::sort(r.shared_variables.begin(), r.shared_variables.end(),
            [](const SharedVariable& a, const SharedVariable& b) { return a.offset < b.offset; });
  r.metrics = collect_metrics(rs, ran);
  if (rs.race) r.races = rs.race->take_report();
  r.buffers.resize(launch.args.size());
  for (size_t i = 0; i < launch.args.size() && options.return_buffers; ++i)
    if (launch.args[i].kind == KernelArgument::Kind::Buffer) {
      int a = launch.args[i].alias_of;
      uint64_t n = (a >= 0 ? launch.args[static_cast<size_t>(a)] : launch.args[i]).size();
      r.buffers[i] = rs.memory.contents(rs.arg_addresses[i], n);
    }
  for (size_t i = 0; i < launch.buffers.size() && options.return_buffers; ++i)
    r.named_buffers.push_back(rs.memory.contents(named_addresses[i], launch.buffers[i].size()));
  return r;
}

}  // namespace

RunResult run_kernel(const ptx::Module& module, const Launch& launch, const EmulatorOptions& options) {
  return run(module, launch, nullptr, options);
}

RunResult run_kernel(const ptx::Module& module, Launch&& launch, const EmulatorOptions& options) {
  return run(module, launch, &launch, options);
}

}  // namespace warpsat::simt
