// The scheduler: clusters of CTAs resident together, the warps of a
// cluster round-robin in a fixed quantum, each warp following its
// reconvergence stack. See docs/emulator.md for the execution model.
#include "emulator/simt/scheduler.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "emulator/simt/cluster.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/device_assert.h"
#include "emulator/simt/mbarrier.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/spin_check.h"
#include "emulator/simt/wgmma_async.h"

namespace warpsat::simt {

namespace {

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

}  // namespace

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

}  // namespace warpsat::simt
