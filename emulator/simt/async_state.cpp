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
  for (const PendingRead& r : a.reads)
    if (offset < r.end && r.begin < offset + n)
      x.fail(op, lane,
             fmt::format("writes shared memory at 0x{:x} that the bulk copy at {} ({}) still reads: its bulk "
                         "async-group has not been waited on with cp.async.bulk.wait_group.read (undefined behaviour in "
                         "PTX: the copy may read the new data)",
                         std::max(offset, r.begin), ptx_place(x.run, r.function, r.instruction),
                         thread_text(x.run, target, r.thread)));
  if (!a.tracking) return;
  uint32_t thread = x.warp.id * kWarpSize + lane;
  uint32_t key = x.cta.rank << 16 | thread;
  uint32_t& last = a.last_write[key];
  const GenericWrite* w = last ? &a.writes[last] : nullptr;
  if (!w || w->function != x.frame.code->index || w->instruction != op.index || w->fences != x.run.proxy_fences) {
    a.writes.push_back({x.cta.rank, thread, x.frame.code->index, op.index, x.run.proxy_fences});
    last = static_cast<uint32_t>(a.writes.size() - 1);
  }
  if (a.writer.size() < offset + n) a.writer.resize(target.shared.size(), 0);
  std::fill_n(a.writer.begin() + static_cast<ptrdiff_t>(offset), n, last);
}

void check_async_proxy_read(Exec& x, const Op& op, unsigned lane, Cta& target, uint64_t offset, uint64_t n) {
  if (!target.async || !target.async->tracking) return;
  AsyncState& a = *target.async;
  auto fenced_after = [&](uint32_t rank, uint32_t thread, uint64_t fences) {
    const Cta* c = rank < x.cta.cluster->size() ? x.cta.cluster->ctas[rank] : nullptr;
    if (!c || !c->async) return false;
    auto it = c->async->fenced.find(thread);
    return it != c->async->fenced.end() && it->second > fences;
  };
  uint32_t reader = x.warp.id * kWarpSize + lane;
  for (uint64_t b = offset; b < offset + n && b < a.writer.size(); ++b) {
    uint32_t i = a.writer[b];
    if (!i) continue;
    const GenericWrite& w = a.writes[i];
    if (fenced_after(w.rank, w.thread, w.fences) || fenced_after(x.cta.rank, reader, w.fences)) continue;
    const Cta& writer_cta = *x.cta.cluster->ctas[w.rank];
    x.fail(op, lane,
           fmt::format("reads shared memory at 0x{:x} through the async proxy, but {} wrote it at {} through the "
                       "generic proxy with no fence.proxy.async since (the copy may read stale data)",
                       b, thread_text(x.run, writer_cta, w.thread), ptx_place(x.run, w.function, w.instruction)));
  }
}

}  // namespace warpsat::simt
