// Recovering a block's circular buffers from its mbarrier events
// (pipeline_check.h): which barriers carry loads, which free slots, who
// produces and who consumes.
//
// A "full" barrier is one a bulk copy completes transaction bytes on (a TMA
// load's mbarrier operand). Its producer is the warp that announces the load
// with expect-tx (arrive.expect_tx or expect_tx) in the same block; the
// "empty" barrier of its slot is the last barrier that warp waited on before
// the announcement (CUTLASS's producer_acquire: wait on empty, then
// arrive_and_expect_tx on full). The full barriers one producer warp fills
// form one ring, their slots in the order it first fills them, so that the
// model's slot k mod D is the kernel's k-th distinct slot.
#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "emulator/pipeline_check.h"

namespace warpsat {

using simt::SyncEvent;
using Kind = SyncEvent::Kind;

std::vector<uint32_t> PipelineRing::consumer_groups() const {
  std::set<uint32_t> groups;
  for (uint32_t w : consumer_warps) groups.insert(w / 4);
  return {groups.begin(), groups.end()};
}

namespace {

bool announces_load(const SyncEvent& e) {
  return e.block == e.by_block && (e.kind == Kind::ExpectTx || (e.kind == Kind::Arrive && e.tx_bytes > 0));
}

bool is_wait(const SyncEvent& e) { return e.kind == Kind::WaitBlocked || e.kind == Kind::WaitPassed; }

struct BlockBarriers {
  std::map<uint32_t, uint32_t> init_count;  // offset -> arrivals per phase
  std::set<uint32_t> bulk_completed;        // offsets a bulk copy completed bytes on
};

// A launch with fewer k-tiles than stages never fills the last slots. They
// are found where the kernel initialised them: the barriers that continue
// the full and the empty arrays at the same stride (8 bytes when one slot
// was used), with the same arrival counts, that no ring uses.
void add_unused_slots(PipelineRing& ring, const std::map<uint32_t, uint32_t>& init_count,
                      const std::vector<PipelineRing>& rings) {
  std::set<uint32_t> used;
  for (const PipelineRing& r : rings)
    if (r.block == ring.block)
      for (const PipelineSlot& s : r.slots) used.insert(s.full), used.insert(s.empty);
  auto stride_of = [&](auto member) -> int64_t {
    if (ring.slots.size() < 2) return 8;
    const int64_t stride = int64_t{ring.slots[1].*member} - int64_t{ring.slots[0].*member};
    for (size_t i = 2; i < ring.slots.size(); ++i)
      if (int64_t{ring.slots[i].*member} - int64_t{ring.slots[i - 1].*member} != stride) return 0;
    return stride;
  };
  const int64_t full_stride = stride_of(&PipelineSlot::full);
  const bool has_empty = std::none_of(ring.slots.begin(), ring.slots.end(),
                                      [](const PipelineSlot& s) { return s.empty == PipelineSlot::kNoBarrier; });
  const int64_t empty_stride = has_empty ? stride_of(&PipelineSlot::empty) : 0;
  if (full_stride <= 0 || (has_empty && empty_stride <= 0)) return;
  auto fits = [&](int64_t offset, uint32_t count) {
    if (offset < 0 || offset > UINT32_MAX - 8 || used.count(static_cast<uint32_t>(offset))) return false;
    auto it = init_count.find(static_cast<uint32_t>(offset));
    return it != init_count.end() && it->second == count;
  };
  constexpr size_t kMaxSlots = 64;
  while (ring.slots.size() < kMaxSlots) {
    const PipelineSlot& last = ring.slots.back();
    const int64_t full = int64_t{last.full} + full_stride;
    const int64_t empty = has_empty ? int64_t{last.empty} + empty_stride : 0;
    if (!fits(full, ring.full_arrivals) || (has_empty && (!fits(empty, ring.empty_arrivals) || empty == full))) break;
    PipelineSlot slot{static_cast<uint32_t>(full), has_empty ? static_cast<uint32_t>(empty) : PipelineSlot::kNoBarrier};
    used.insert(slot.full), used.insert(slot.empty);
    ring.slots.push_back(slot);
    ++ring.unused_slots;
  }
}

}  // namespace

std::vector<PipelineRing> recover_pipelines(const std::vector<SyncEvent>& events) {
  std::map<uint64_t, BlockBarriers> blocks;
  for (const SyncEvent& e : events) {
    if (e.kind == Kind::Init) blocks[e.block].init_count[e.offset] = e.count;
    if (e.kind == Kind::CompleteTx && e.bulk) blocks[e.block].bulk_completed.insert(e.offset);
  }
  // Per block: full barrier -> (producer warp, empty barrier, bytes), in the
  // order of first announcement.
  struct Full {
    uint32_t offset, producer, empty;
    uint64_t bytes;
  };
  std::map<uint64_t, std::vector<Full>> fulls;
  std::map<std::pair<uint64_t, uint32_t>, uint32_t> last_wait;  // (block, warp) -> offset of its last wait
  for (const SyncEvent& e : events) {
    if (e.kind == Kind::Wgmma) continue;
    auto b = blocks.find(e.block);
    if (b == blocks.end()) continue;
    const bool full = b->second.bulk_completed.count(e.offset) > 0;
    if (is_wait(e) && !full && e.block == e.by_block) last_wait[{e.by_block, e.warp}] = e.offset;
    if (!full || !announces_load(e)) continue;
    std::vector<Full>& f = fulls[e.block];
    if (std::any_of(f.begin(), f.end(), [&](const Full& x) { return x.offset == e.offset; })) continue;
    auto w = last_wait.find({e.by_block, e.warp});
    f.push_back({e.offset, e.warp, w == last_wait.end() ? PipelineSlot::kNoBarrier : w->second, e.tx_bytes});
  }
  std::vector<PipelineRing> rings;
  std::map<std::pair<uint64_t, uint32_t>, size_t> ring_of;  // (block, producer warp) -> ring
  for (const auto& [block, list] : fulls) {
    for (const Full& f : list) {
      auto [it, fresh] = ring_of.try_emplace({block, f.producer}, rings.size());
      if (fresh) {
        PipelineRing r;
        r.block = block;
        r.load_bytes = f.bytes;
        const auto& counts = blocks[block].init_count;
        auto fc = counts.find(f.offset);
        r.full_arrivals = fc == counts.end() ? 0 : fc->second;
        auto ec = counts.find(f.empty);
        r.empty_arrivals = ec == counts.end() ? 0 : ec->second;
        rings.push_back(std::move(r));
      }
      rings[it->second].slots.push_back({f.offset, f.empty});
    }
  }
  // Producers and consumers.
  std::map<std::pair<uint64_t, uint32_t>, std::pair<size_t, bool>> role;  // (block, offset) -> (ring, full?)
  for (size_t i = 0; i < rings.size(); ++i)
    for (const PipelineSlot& s : rings[i].slots) {
      role[{rings[i].block, s.full}] = {i, true};
      if (s.empty != PipelineSlot::kNoBarrier) role.try_emplace({rings[i].block, s.empty}, i, false);
    }
  std::vector<std::set<uint32_t>> producers(rings.size()), consumers(rings.size());
  for (const SyncEvent& e : events) {
    auto it = role.find({e.block, e.offset});
    if (it == role.end() || e.kind == Kind::Wgmma || !it->second.second || e.block != e.by_block) continue;
    if (announces_load(e)) producers[it->second.first].insert(e.warp);
    if (is_wait(e)) consumers[it->second.first].insert(e.warp);
  }
  for (PipelineRing& r : rings) add_unused_slots(r, blocks[r.block].init_count, rings);
  for (size_t i = 0; i < rings.size(); ++i) {
    rings[i].producer_warps.assign(producers[i].begin(), producers[i].end());
    rings[i].consumer_warps.assign(consumers[i].begin(), consumers[i].end());
  }
  return rings;
}

}  // namespace warpsat
