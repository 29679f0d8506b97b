// Bulk async-groups and proxy tracking (async_state.h): the bookkeeping
// behind the emulator's two asynchronous-copy protocol errors.
#include "emulator/simt/async_state.h"

#include <fmt/format.h>

#include "emulator/simt/run_state.h"

namespace warpsat::simt {

Cta::Cta() = default;
Cta::Cta(Cta&&) noexcept = default;
Cta& Cta::operator=(Cta&&) noexcept = default;
Cta::~Cta() = default;

AsyncState& async_state(Cta& cta) {
  if (!cta.async) cta.async = std::make_unique<AsyncState>();
  return *cta.async;
}

void begin_proxy_tracking(Cta& cta) {
  AsyncState& a = async_state(cta);
  a.tracking = true;
  a.writer.assign(cta.shared.size(), 0);
}

bool reads_shared_asynchronously(const ptx::Module& m) {
  for (const ptx::Function& f : m.functions)
    for (const ptx::Instruction& ins : f.instructions) {
      if (ins.op == ptx::Opcode::Wgmma && ins.has("mma_async")) return true;
      if (ins.op != ptx::Opcode::Cp || !ins.has("bulk")) continue;
      // The source is the second state space named: cp{.reduce}.async.bulk{.tensor.Nd}.dst.src...
      int seen = 0;
      for (std::string_view mod : ins.modifiers)
        if (ptx::parse_state_space(mod) && ++seen == 2 && mod.starts_with("shared")) return true;
    }
  return false;
}

namespace {

// "thread (3,0,0) of block (0,0,0)"
std::string thread_text(const RunState& rs, const Cta& cta, uint32_t thread) {
  const uint32_t* b = rs.launch.block;
  return fmt::format("thread ({},{},{}) of block ({},{},{})", thread % b[0], (thread / b[0]) % b[1],
                     thread / (b[0] * b[1]), cta.id[0], cta.id[1], cta.id[2]);
}


}  // namespace

void async_shared_write(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t n) {
  AsyncState& a = *target.async;
  if (const PendingRead* r = a.overlapping_read(offset, n))
    x.fail(op, lane,
           fmt::format("writes shared memory at 0x{:x} that the bulk copy at {} ({}) still reads: its bulk "
                       "async-group has not been waited on with cp.async.bulk.wait_group.read (undefined behaviour in "
                       "PTX: the copy may read the new data)",
                       std::max(offset, r->begin), ptx_place(x.run, r->function, r->instruction),
                       thread_text(x.run, target, r->thread)));
  if (!a.tracking) return;
  uint32_t thread = x.warp.id * kWarpSize + lane;
  uint32_t key = AsyncState::writer_key(x.cta.rank, thread);
  if (key >= a.last_write.size()) a.last_write.resize(std::max<size_t>(key + 1, 2 * a.last_write.size()), 0);
  uint32_t& last = a.last_write[key];
  const GenericWrite* w = last ? &a.writes[last] : nullptr;
  if (!w || w->function != x.frame.code->index || w->instruction != op.index || w->fences != x.run.proxy_fences) {
    a.writes.push_back({x.cta.rank, thread, x.frame.code->index, op.index, x.run.proxy_fences});
    last = static_cast<uint32_t>(a.writes.size() - 1);
  }
  if (a.writer.size() < offset + n) a.writer.resize(target.shared.size(), 0);
  std::fill_n(a.writer.begin() + static_cast<ptrdiff_t>(offset), n, last);
}

namespace {
// The fence count at the last fence.proxy.async of `thread` of the cluster's
// CTA of rank `rank` (0: none).
uint64_t fence_of(const Exec& x, uint32_t rank, uint32_t thread) {
  const Cta* c = rank < x.cta.cluster->size() ? x.cta.cluster->ctas[rank] : nullptr;
  return c && c->async ? c->async->fence_of(thread) : 0;
}
}  // namespace

UnfencedWrites unfenced_writes(const Exec& x, const Cta& target, uint64_t offset, uint64_t n) {
  UnfencedWrites u;
  if (!target.async || !target.async->tracking) return u;
  const AsyncState& a = *target.async;
  const uint64_t end = std::min<uint64_t>(offset + n, a.writer.size());
  // Bytes of one write record come in runs: each run is looked at once.
  uint32_t previous = 0;
  for (uint64_t b = offset; b < end; ++b) {
    uint32_t i = a.writer[b];
    if (!i || i == previous) continue;
    previous = i;
    const GenericWrite& w = a.writes[i];
    if (fence_of(x, w.rank, w.thread) > w.fences) continue;
    u.bytes.emplace_back(b, i);
  }
  return u;
}

void check_reader_fenced(Exec& x, const Op& op, unsigned lane, const Cta& target, const UnfencedWrites& u) {
  if (u.bytes.empty()) return;
  const AsyncState& a = *target.async;
  const uint64_t reader_fence = fence_of(x, x.cta.rank, x.warp.id * kWarpSize + lane);
  for (auto [b, i] : u.bytes) {
    const GenericWrite& w = a.writes[i];
    if (reader_fence > w.fences) continue;
    const Cta& writer_cta = *x.cta.cluster->ctas[w.rank];
    x.fail(op, lane,
           fmt::format("reads shared memory at 0x{:x} through the async proxy, but {} wrote it at {} through the "
                       "generic proxy with no fence.proxy.async since (the copy may read stale data)",
                       b, thread_text(x.run, writer_cta, w.thread), ptx_place(x.run, w.function, w.instruction)));
  }
}

void check_async_proxy_read(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t n) {
  check_reader_fenced(x, op, lane, target, unfenced_writes(x, target, offset, n));
}

}  // namespace warpsat::simt
