// What Exec (state.h) does out of line for instruction handlers: special
// registers, addresses, memory resolved by state space and address window to
// host bytes, and the error that names the instruction and the thread.
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "emulator/simt/async_state.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/state.h"

namespace warpsat::simt {

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

// The allocation holding [addr, addr + n); in a launch a replay made up,
// one mapped there lazily (EmulatorOptions::lazy_device_seed) where none is.
Allocation* device_allocation(RunState& run, uint64_t addr, size_t n) {
  Allocation* a = run.memory.find(addr, n);
  if (!a && run.options.lazy_device_seed) {
    a = run.memory.map_lazily(addr, n, run.options.lazy_device_seed, run.options.lazy_device_bytes,
                              run.options.lazy_device_fill);
    ++run.shared_version;
  }
  return a;
}
}  // namespace

void Exec::load(const Op& op, unsigned lane, uint64_t addr, void* buf, size_t n) {
  ptx::StateSpace space = op.mem.space;
  if (is_device(*this, op, addr, space)) {
    Allocation* a = device_allocation(run, addr, n);
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
    Allocation* a = device_allocation(run, addr, n);
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

}  // namespace warpsat::simt
