// Thread-block clusters (PTX ISA: mapa, getctarank, barrier.cluster, the
// %cluster_* registers) and the per-warp-group register budget (setmaxnreg);
// the cluster shape a launch runs with; the deadlock report over a
// cluster's waits. docs/emulator.md, "Thread-block clusters".
#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "emulator/simt/cluster.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/racecheck.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/wgmma_async.h"
#include "frontend/inline_chain.h"
#include "frontend/ptx/target_limits.h"

namespace warpsat::simt {

using ptx::Opcode;

ClusterShape cluster_shape(const ptx::Function& k, const Launch& l) {
  ClusterShape c;
  bool given = l.cluster[0] || l.cluster[1] || l.cluster[2];
  bool required = k.reqnctapercluster[0] != 0;
  if (given) {
    for (int d = 0; d < 3; ++d) c.dims[d] = std::max<uint32_t>(l.cluster[d], 1);
    if (required)
      for (int d = 0; d < 3; ++d)
        if (c.dims[d] != std::max<uint32_t>(k.reqnctapercluster[d], 1))
          throw std::invalid_argument(fmt::format(
              "cluster {}x{}x{}: kernel {} declares .reqnctapercluster {}, {}, {}", c.dims[0], c.dims[1], c.dims[2],
              k.name, k.reqnctapercluster[0], std::max<uint32_t>(k.reqnctapercluster[1], 1),
              std::max<uint32_t>(k.reqnctapercluster[2], 1)));
  } else if (required) {
    for (int d = 0; d < 3; ++d) c.dims[d] = std::max<uint32_t>(k.reqnctapercluster[d], 1);
  } else if (k.explicitcluster) {
    throw std::invalid_argument(fmt::format("kernel {} is .explicitcluster: the launch must give its cluster shape "
                                            "(cluster = [x, y, z])",
                                            k.name));
  }
  c.is_explicit = given || required || k.explicitcluster;
  uint32_t limit = l.cluster_non_portable ? 16 : 8;
  if (c.size() > limit)
    throw std::invalid_argument(fmt::format("cluster {}x{}x{} has {} CTAs, over the {} a {} cluster may have{}",
                                            c.dims[0], c.dims[1], c.dims[2], c.size(), limit,
                                            l.cluster_non_portable ? "non-portable" : "portable",
                                            l.cluster_non_portable ? "" : " (cluster_non_portable = true allows 16)"));
  if (k.maxclusterrank && c.size() > k.maxclusterrank)
    throw std::invalid_argument(fmt::format("cluster {}x{}x{} has {} CTAs; kernel {} declares .maxclusterrank {}",
                                            c.dims[0], c.dims[1], c.dims[2], c.size(), k.name, k.maxclusterrank));
  for (int d = 0; d < 3; ++d)
    if (l.grid[d] % c.dims[d])
      throw std::invalid_argument(fmt::format("grid {}x{}x{} is not a multiple of the cluster {}x{}x{}", l.grid[0],
                                              l.grid[1], l.grid[2], c.dims[0], c.dims[1], c.dims[2]));
  return c;
}

bool complete_cluster_barrier(RunState& rs, Cluster& cluster) {
  uint32_t live = 0, arrived = 0;
  for (const Cta* c : cluster.ctas)
    for (const Warp& w : c->warps) {
      live += static_cast<uint32_t>(__builtin_popcount(w.valid & ~w.exited));
      arrived += static_cast<uint32_t>(__builtin_popcount(w.cluster_arrived));
    }
  if (arrived == 0 || arrived < live) return false;
  ++cluster.barrier_phase;
  ++rs.shared_version;
  if (rs.race) rs.race->cluster_complete();
  for (Cta* c : cluster.ctas)
    for (Warp& w : c->warps) {
      w.cluster_done |= w.cluster_arrived;
      w.cluster_arrived = 0;
      if (w.state == Warp::State::AtClusterBarrier) w.state = Warp::State::Ready;
    }
  return true;
}

bool registers_available(const RunState& rs, const Cta& cta, const Warp& waiting) {
  uint64_t total = 0;
  for (const Warp& w : cta.warps) {
    if (w.state == Warp::State::Done) continue;
    uint32_t r = &w == &waiting ? waiting.register_request : w.registers ? w.registers : rs.initial_registers;
    total += uint64_t{r} * kWarpSize;
  }
  return total <= kRegistersPerSm;
}

uint64_t cluster_residency(const ptx::Function& k, const Launch& l, uint32_t cluster_size, uint64_t shared_bytes,
                           uint32_t sm, uint32_t sms) {
  const uint64_t warps = (uint64_t{l.block[0]} * l.block[1] * l.block[2] + kWarpSize - 1) / kWarpSize;
  uint64_t per_sm = 32;
  if (warps) per_sm = std::min<uint64_t>(per_sm, 2048 / (warps * kWarpSize));
  const uint64_t reserve = ptx::reserved_shared_bytes_per_block(sm);
  const uint64_t sm_shared = ptx::max_shared_bytes_per_block(sm) + reserve;
  if (shared_bytes + reserve) per_sm = std::min(per_sm, sm_shared / (shared_bytes + reserve));
  if (k.maxnreg && warps) per_sm = std::min<uint64_t>(per_sm, kRegistersPerSm / (uint64_t{k.maxnreg} * kWarpSize * warps));
  return std::max<uint64_t>(uint64_t{sms} * per_sm / std::max<uint32_t>(cluster_size, 1), 1);
}

namespace {

enum Kind : uint32_t { Mapa, GetCtaRank, ClusterArrive, ClusterWait, SetMaxNReg };

// The shared address (offset, or rank-tagged shared::cluster form) an
// operand holds, and whether it was generic.
uint64_t shared_part(Exec& x, const Op& op, unsigned lane, uint64_t a, bool generic) {
  if (!generic) return a;
  if (window_of(a) != Window::Shared) x.fail(op, lane, fmt::format("address 0x{:x} is not in shared memory", a));
  return a - kSharedWindow;
}

uint32_t rank_of(const Exec& x, uint64_t shared) {
  uint64_t tag = shared >> kClusterRankShift;
  return tag == 0 ? x.cta.rank : static_cast<uint32_t>(tag - 1);
}

void run_cluster_op(Exec& x, const Op& op, uint32_t mask) {
  Cluster& cluster = *x.cta.cluster;
  bool generic = op.flags & 1;
  switch (static_cast<Kind>(op.aux)) {
    case Mapa:
      for_lanes(mask, [&](unsigned l) {
        uint64_t a = shared_part(x, op, l, x.src(op, 0, l), generic);
        uint64_t rank = x.src(op, 1, l) & 0xffffffffu;
        if (rank >= cluster.size())
          x.fail(op, l, fmt::format("mapa to CTA rank {} of a cluster of {} (undefined behaviour in PTX)", rank,
                                    cluster.size()));
        if (rank_of(x, a) >= cluster.size())
          x.fail(op, l, fmt::format("mapa of 0x{:x}, which is no shared::cluster address of this cluster", a));
        uint64_t mapped = shared_cluster_address(static_cast<uint32_t>(rank), a & kClusterOffsetMask);
        x.set(op.dst[0], l, generic ? kSharedWindow + mapped : mapped);
      });
      return;
    case GetCtaRank:
      for_lanes(mask, [&](unsigned l) {
        uint64_t a = shared_part(x, op, l, x.src(op, 0, l), generic);
        uint32_t rank = rank_of(x, a);
        if (rank >= cluster.size())
          x.fail(op, l, fmt::format("getctarank of 0x{:x}, which is no shared::cluster address of this cluster", a));
        x.set(op.dst[0], l, rank);
      });
      return;
    case ClusterArrive: {
      if (uint32_t twice = x.warp.cluster_arrived & mask)
        x.fail(op, static_cast<unsigned>(__builtin_ctz(twice)),
               "barrier.cluster.arrive twice in one phase (each thread arrives once before the barrier completes)");
      if ((op.flags & 2) && (mask != (x.warp.valid & ~x.warp.exited)))
        x.fail(op, static_cast<unsigned>(__builtin_ctz(mask)),
               "barrier.cluster.arrive.aligned executed by only some of the warp's threads (undefined behaviour in PTX)");
      x.warp.cluster_done &= ~mask;
      x.warp.cluster_arrived |= mask;
      ++x.run.shared_version;
      if (x.run.race) x.run.race->cluster_arrive(x.cta.rank, x.warp.id, !(op.flags & 4));
      complete_cluster_barrier(x.run, cluster);
      return;
    }
    case ClusterWait: {
      if (uint32_t never = mask & ~(x.warp.cluster_arrived | x.warp.cluster_done))
        x.fail(op, static_cast<unsigned>(__builtin_ctz(never)),
               "barrier.cluster.wait without a barrier.cluster.arrive before it (undefined behaviour in PTX)");
      if (mask & x.warp.cluster_arrived) {
        x.warp.state = Warp::State::AtClusterBarrier;
        return;
      }
      x.warp.cluster_done &= ~mask;
      if (x.run.race) x.run.race->cluster_wait(x.cta.rank, x.warp.id);
      return;
    }
    case SetMaxNReg: {
      uint32_t want = op.aux2, now = x.warp.registers ? x.warp.registers : x.run.initial_registers;
      bool inc = op.flags & 4;
      unsigned lane = static_cast<unsigned>(__builtin_ctz(mask));
      if (mask != (x.warp.valid & ~x.warp.exited))
        x.fail(op, lane, "setmaxnreg.sync.aligned executed by only some of the warp's threads");
      if (inc ? want < now : want > now)
        x.fail(op, lane, fmt::format("setmaxnreg.{} {} when the warp holds {} registers per thread (undefined "
                                     "behaviour in PTX)",
                                     inc ? "inc" : "dec", want, now));
      if (inc) {
        x.warp.register_request = want;
        if (!registers_available(x.run, x.cta, x.warp)) {
          // The hardware waits until other warps release registers.
          x.warp.state = Warp::State::AtRegisters;
          return;
        }
      }
      x.warp.registers = want;
      x.warp.register_request = 0;
      ++x.run.shared_version;
      return;
    }
  }
}

// "warp 4 of block (0,0,0) at PTX line 120 (source k.cu:88): mbarrier.try_wait..."
std::string waiting_warp(const RunState& rs, const Cta& c, const Warp& w) {
  const Frame& f = w.frames.back();
  const ptx::Instruction& ins = f.code->function->instructions[w.barrier_op];
  std::string text = rs.module.text ? line_of(*rs.module.text, ins.pos.line) : "";
  text.erase(0, text.find_first_not_of(" \t"));
  return fmt::format("warp {} of block ({},{},{}) at {}: {}", w.id, c.id[0], c.id[1], c.id[2],
                     ptx_place(rs, f.code->index, w.barrier_op), text);
}

}  // namespace

std::string ptx_place(const RunState& rs, uint32_t function, uint32_t instruction) {
  const ptx::Instruction& ins = rs.module.functions[function].instructions[instruction];
  if (!ins.loc.line) return fmt::format("PTX line {}", ins.pos.line);
  // The outermost inlined-at position: the line in the user's own function.
  uint32_t file = ins.loc.outer_line ? ins.loc.outer_file : ins.loc.file;
  uint32_t line = ins.loc.outer_line ? ins.loc.outer_line : ins.loc.line;
  std::string_view path = rs.module.file_path(file);
  return fmt::format("PTX line {} (source {}:{})", ins.pos.line,
                     path.empty() ? "?" : path.substr(path.find_last_of('/') + 1), line);
}

namespace {

// Where the waiting instructions come from when the compiler inlined them
// through more than one function: each one's chain of call sites, innermost
// first. CUTLASS's waits all say device_kernel.h:123 otherwise, the line its
// whole kernel is inlined into; a wait inlined from one helper into the
// user's kernel is said well enough by that kernel's line.
std::string inlined_waits(const RunState& rs, const Cluster& cluster) {
  std::vector<const ptx::Instruction*> seen;
  std::string out;
  for (const Cta* c : cluster.ctas)
    for (const Warp& w : c->warps) {
      if (w.state == Warp::State::Done || w.state == Warp::State::Ready || w.frames.empty()) continue;
      const ptx::Instruction* at = &w.frames.back().code->function->instructions[w.barrier_op];
      if (std::find(seen.begin(), seen.end(), at) != seen.end()) continue;
      seen.push_back(at);
      // Fewer than two levels of inlining: no chain (read off the sites,
      // not inline_chain, which reads the module's .debug_str).
      const uint32_t site = at->loc.inlined_at;
      if (!site || site > rs.module.inline_sites.size() || !rs.module.inline_sites[site - 1].inlined_at) continue;
      out += fmt::format("\n    PTX line {}: {}", at->pos.line, inline_chain_text(rs.module, at->loc));
    }
  return out.empty() ? "" : "\n  the waiting code, inlined (innermost first):" + out;
}

}  // namespace

void report_deadlock(const RunState& rs, const Cluster& cluster) {
  // Each wait with its warps; the error points at the first warp of the
  // first wait in this order: a setmaxnreg request (the likeliest cause),
  // mbarriers, the cluster barrier, then CTA barriers (where the others
  // usually end up waiting for the stuck ones).
  struct Wait {
    int order;
    std::string text;
    const ptx::Instruction* at;  // the first waiting warp's instruction
  };
  auto at_of = [](const Warp& w) { return &w.frames.back().code->function->instructions[w.barrier_op]; };
  std::vector<Wait> waits;
  std::map<std::pair<uint32_t, uint32_t>, size_t> mbarrier_entry;
  uint32_t live = 0, arrived = 0;
  std::string cluster_waiters;
  const Warp* cluster_first = nullptr;
  for (const Cta* c : cluster.ctas) {
    for (uint32_t id = 0; id < c->barriers.size(); ++id) {
      const BarrierState& b = c->barriers[id];
      if (b.waiting.empty()) continue;
      std::string warps;
      for (uint32_t wi : b.waiting) warps += "\n    " + waiting_warp(rs, *c, c->warps[wi]);
      uint32_t expected = b.expected;
      if (!expected)
        for (const Warp& w : c->warps) expected += static_cast<uint32_t>(__builtin_popcount(w.valid & ~w.exited));
      waits.push_back({3,
                       fmt::format("barrier {} of block ({},{},{}): {} of {} threads arrived; waiting:{}", id, c->id[0],
                                   c->id[1], c->id[2], b.arrived, expected, warps),
                       at_of(c->warps[b.waiting[0]])});
    }
    uint64_t held = 0;
    for (const Warp& o : c->warps)
      if (o.state != Warp::State::Done) held += uint64_t{o.registers ? o.registers : rs.initial_registers} * kWarpSize;
    for (const Warp& w : c->warps) {
      live += static_cast<uint32_t>(__builtin_popcount(w.valid & ~w.exited));
      arrived += static_cast<uint32_t>(__builtin_popcount(w.cluster_arrived));
      if (w.state == Warp::State::AtClusterBarrier) {
        if (!cluster_first) cluster_first = &w;
        cluster_waiters += "\n    " + waiting_warp(rs, *c, w);
      } else if (w.state == Warp::State::AtMbarrier) {
        auto key = std::make_pair(w.mbarrier.rank, w.mbarrier.offset);
        auto [it, added] = mbarrier_entry.emplace(key, waits.size());
        if (added)
          waits.push_back(
              {1, describe_mbarrier(*cluster.ctas[w.mbarrier.rank], w.mbarrier.offset, &rs) + "; waiting:", at_of(w)});
        waits[it->second].text +=
            fmt::format("\n    {} (for the phase of parity {})", waiting_warp(rs, *c, w), w.mbarrier.parity);
      } else if (w.state == Warp::State::AtRegisters) {
        uint32_t now = w.registers ? w.registers : rs.initial_registers;
        waits.push_back({0,
                         fmt::format("setmaxnreg.inc of warp {} of block ({},{},{}) asks for {} registers per thread, "
                                     "which would bring the block's warps to {} registers, over the SM's {}; no warp "
                                     "left will release any:\n    {}",
                                     w.id, c->id[0], c->id[1], c->id[2], w.register_request,
                                     held + (uint64_t{w.register_request} - now) * kWarpSize, kRegistersPerSm,
                                     waiting_warp(rs, *c, w)),
                         at_of(w)});
      }
    }
  }
  // Warps at a wgmma.wait_group for an MMA their warp group never issued
  // together (wgmma_async.h).
  for (const Cta* c : cluster.ctas) {
    const ptx::Instruction* wait_at = nullptr;
    std::string text = wgmma_waits(*c, rs.module, &wait_at);
    if (text.empty()) continue;
    for (size_t p = text.find("; warp "); p != std::string::npos; p = text.find("; warp ", p))
      text.replace(p, 2, "\n    ");
    waits.push_back({1, fmt::format("wgmma.wait_group in block ({},{},{}):{}", c->id[0], c->id[1], c->id[2], text),
                     wait_at});
  }
  if (cluster_first)
    waits.push_back({2,
                     fmt::format("barrier.cluster phase {}: {} of {} threads arrived; waiting:{}", cluster.barrier_phase,
                                 arrived, live, cluster_waiters),
                     at_of(*cluster_first)});
  std::stable_sort(waits.begin(), waits.end(), [](const Wait& a, const Wait& b) { return a.order < b.order; });
  const ptx::Instruction* at = waits.empty() ? nullptr : waits[0].at;
  const Cta& first = *cluster.ctas[0];
  std::string where = cluster.size() == 1
                          ? fmt::format("block ({},{},{})", first.id[0], first.id[1], first.id[2])
                          : fmt::format("cluster ({},{},{}) of {} blocks", cluster.id[0], cluster.id[1], cluster.id[2],
                                        cluster.size());
  std::string detail;
  for (const Wait& w : waits) detail += "\n  " + w.text;
  detail += inlined_waits(rs, cluster);
  throw EmulationError({rs.module.source, at ? at->pos.line : 0, at ? at->pos.column : 0},
                       fmt::format("deadlock in {}: every live warp waits and nothing left can release any of them{}",
                                   where, detail),
                       at && rs.module.text ? line_of(*rs.module.text, at->pos.line) : "");
}

bool decode_cluster(Decoder& d, const ptx::Instruction& ins, Op& op) {
  const auto& ops = ins.operands;
  switch (ins.op) {
    case Opcode::Mapa:
    case Opcode::Getctarank: {
      bool mapa = ins.op == Opcode::Mapa;
      if (ops.size() != (mapa ? 3u : 2u)) return false;
      bool generic = !ins.space();
      op.aux = mapa ? Mapa : GetCtaRank;
      op.flags = generic ? 1 : 0;
      ptx::ScalarType t = op.type == ptx::ScalarType::None ? ptx::ScalarType::U64 : op.type;
      op.dst.push_back(d.slot(ops[0], t));
      if (ops[1].kind == ptx::Operand::Kind::Symbol) {
        auto v = d.symbol_value(ops[1].text, generic);
        if (!v) return false;
        op.src.push_back(d.constant(*v));
      } else {
        op.src.push_back(d.slot(ops[1], t));
      }
      if (mapa) op.src.push_back(d.slot(ops[2], ptx::ScalarType::U32));
      op.run = run_cluster_op;
      return true;
    }
    case Opcode::Barrier:
      if (!ins.has("cluster") || !ops.empty()) return false;
      if (ins.has("arrive")) op.aux = ClusterArrive;
      else if (ins.has("wait")) op.aux = ClusterWait, op.control = Control::Blocking;
      else return false;
      op.flags = (ins.has("aligned") ? 2 : 0) | (ins.has("relaxed") ? 4 : 0);
      op.run = run_cluster_op;
      return true;
    case Opcode::Setmaxnreg: {
      if (ops.size() != 1 || ops[0].kind != ptx::Operand::Kind::Int) return false;
      int64_t n = ops[0].value;
      if (n < 24 || n > 256 || n % 8) return false;  // ptxas rejects these
      op.aux = SetMaxNReg;
      op.aux2 = static_cast<uint32_t>(n);
      op.flags = ins.has("inc") ? 4 : 0;
      if (!ins.has("inc") && !ins.has("dec")) return false;
      op.control = Control::Blocking;
      op.run = run_cluster_op;
      return true;
    }
    default: return false;
  }
}

}  // namespace warpsat::simt
