// Control flow as a tree of regions: the function and each loop, a
// loop's blocks and inner loops run in topological order, with the path
// conditions of control-equivalent nodes reused.
#include "encodings/branch_executor.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace warpsat::branch_detail {

using analysis::kNone;
using ptx::RegId;

namespace {

// b^e <= limit, without overflow.
bool pow_at_most(uint64_t b, unsigned e, uint64_t limit) {
  uint64_t x = 1;
  for (unsigned k = 0; k < e; ++k)
    if ((x *= b) > limit) return false;
  return true;
}

// The nodes whose equivalent node reaches them through no loop: a state
// leaves a loop unrolled or abstracted, so only a loop on the way can
// change the kind of a state between the two.
std::set<long> loop_free(const std::vector<long>& order, std::map<long, std::set<long>>& succ,
                         const std::map<long, long>& equivalent) {
  std::map<long, size_t> index;
  for (size_t i = 0; i < order.size(); ++i) index[order[i]] = i;
  std::set<long> out;
  for (const auto& [node, from] : equivalent) {
    // Nodes on a path from `from` to `node` (topological order bounds
    // the walk): any of them a loop (a node >= 0) rules it out.
    size_t end = index.at(node);
    std::vector<bool> on_way(order.size(), false);
    on_way[index.at(from)] = true;
    bool clear = true;
    for (size_t i = index.at(from); i < end && clear; ++i) {
      if (!on_way[i]) continue;
      if (order[i] >= 0) clear = false;
      for (long s : succ[order[i]])
        if (size_t j = index.at(s); j < end) on_way[j] = true;
    }
    if (clear) out.insert(node);
  }
  return out;
}

// For each node of a region's acyclic graph, the first node D (in
// topological order) that dominates it and that it post-dominates within
// one iteration: every thread at D gets to it, and only those.
std::map<long, long> control_equivalents(const std::vector<long>& order, std::map<long, std::set<long>>& succ,
                                         const std::set<long>& ends, long entry) {
  size_t n = order.size();
  std::map<long, size_t> index;
  for (size_t i = 0; i < n; ++i) index[order[i]] = i;
  std::vector<std::vector<size_t>> preds(n);
  for (size_t i = 0; i < n; ++i)
    for (long s : succ[order[i]]) preds[index.at(s)].push_back(i);
  // Dominators from the entry; nodes it does not reach have none.
  std::vector<std::vector<bool>> dom(n);
  for (size_t i = 0; i < n; ++i) {
    if (order[i] == entry) {
      dom[i].assign(n, false);
      dom[i][i] = true;
      continue;
    }
    for (size_t p : preds[i]) {
      if (dom[p].empty()) continue;
      if (dom[i].empty()) dom[i] = dom[p];
      else
        for (size_t k = 0; k < n; ++k) dom[i][k] = dom[i][k] && dom[p][k];
    }
    if (!dom[i].empty()) dom[i][i] = true;
  }
  // Post-dominators towards the iteration's end.
  std::vector<std::vector<bool>> pdom(n);
  for (size_t i = n; i-- > 0;) {
    pdom[i].assign(n, false);
    if (!ends.count(order[i])) {
      bool first = true;
      for (long s : succ[order[i]]) {
        const std::vector<bool>& ps = pdom[index.at(s)];
        if (first) pdom[i] = ps, first = false;
        else
          for (size_t k = 0; k < n; ++k) pdom[i][k] = pdom[i][k] && ps[k];
      }
    }
    pdom[i][i] = true;
  }
  std::map<long, long> out;
  for (size_t x = 0; x < n; ++x) {
    if (dom[x].empty()) continue;
    for (size_t d = 0; d < x; ++d)
      if (dom[x][d] && pdom[d][x]) {
        out.emplace(order[x], order[d]);
        break;
      }
  }
  return out;
}

}  // namespace

// ---- the loop tree ----
void Executor::build_loop_tree() {
  const auto& loops = a_.cfg.loops;
  parent_.assign(loops.size(), -1);
  for (size_t i = 0; i < loops.size(); ++i) {
    size_t best = SIZE_MAX;
    for (size_t j = 0; j < loops.size(); ++j) {
      if (i == j || loops[j].blocks.size() <= loops[i].blocks.size()) continue;
      if (!std::binary_search(loops[j].blocks.begin(), loops[j].blocks.end(), loops[i].header)) continue;
      if (best == SIZE_MAX || loops[j].blocks.size() < loops[best].blocks.size()) best = j;
    }
    if (best != SIZE_MAX) parent_[i] = static_cast<int>(best);
  }
  innermost_.assign(a_.cfg.blocks.size(), -1);
  for (size_t i = 0; i < loops.size(); ++i)
    for (uint32_t b : loops[i].blocks)
      if (innermost_[b] < 0 || loops[static_cast<size_t>(innermost_[b])].blocks.size() > loops[i].blocks.size())
        innermost_[b] = static_cast<int>(i);
  if (a_.cfg.irreducible_edges) throw Unsupported("irreducible control flow (a loop with several entries)");
  // Unrolling depth per loop: nests multiply their copies, so a nest of
  // height h unrolls each level u times with (u + 1)^h <= nest_copies.
  std::vector<unsigned> height(loops.size(), 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < loops.size(); ++i)
      if (int p = parent_[i]; p >= 0 && height[static_cast<size_t>(p)] < height[i] + 1)
        height[static_cast<size_t>(p)] = height[i] + 1, changed = true;
  }
  unroll_.assign(loops.size(), o_.unroll);
  for (size_t i = 0; i < loops.size(); ++i) {
    size_t root = i;
    while (parent_[root] >= 0) root = static_cast<size_t>(parent_[root]);
    unsigned u = 0;
    while (u < o_.unroll && pow_at_most(u + 2, height[root], o_.nest_copies)) ++u;
    unroll_[i] = std::max(u, std::min(o_.unroll, 1u));
  }
}

bool Executor::in_region(int region, uint32_t block) const {
  if (region < 0) return true;
  const auto& bl = a_.cfg.loops[static_cast<size_t>(region)].blocks;
  return std::binary_search(bl.begin(), bl.end(), block);
}

// The node of `region` holding `block`: -1-block for a block directly in
// the region, else the index of the outermost loop below `region` holding it.
long Executor::node_of(int region, uint32_t block) const {
  int l = innermost_[block];
  if (l == region || l < 0) return -1 - static_cast<long>(block);
  while (parent_[static_cast<size_t>(l)] != region) {
    l = parent_[static_cast<size_t>(l)];
    if (l < 0) return -1 - static_cast<long>(block);
  }
  return l;
}

// ---- regions ----
// Runs `region` (a loop index, or -1 for the whole function) from `entry`;
// edges back to the loop's header go to `back`, edges leaving it are returned.
std::vector<Edge> Executor::run_region(int region, uint32_t entry, PairState in, std::vector<PairState>* back) {
  std::vector<long> order = topological_nodes(region);
  const std::map<long, long>& equivalent = equivalents_.at(region);
  std::map<long, std::vector<PairState>> pending[2];  // [beyond]
  std::map<long, std::vector<z3::expr>> pc_at;        // nodes run with every thread that gets there
  // Per kind of state (unrolled, abstracted): each node's path condition
  // for that kind. Where no loop lies between a node and its equivalent
  // node, no state changes kind on the way, so each kind keeps its own
  // path condition there too.
  std::map<std::pair<long, int>, std::vector<z3::expr>> pc_of_kind;
  const std::set<long>& loop_free = loop_free_equivalents_.at(region);
  pending[in.beyond ? 1 : 0][node_of(region, entry)].push_back(std::move(in));
  std::vector<Edge> exits;
  uint32_t header = region >= 0 ? a_.cfg.loops[static_cast<size_t>(region)].header : kNone;
  for (long node : order) {
    auto eq = equivalent.find(node);
    const std::vector<z3::expr>* same_pc = nullptr;
    if (eq != equivalent.end())
      if (auto at = pc_at.find(eq->second); at != pc_at.end()) same_pc = &at->second;
    // Both kinds of state (from unrolled and from abstracted iterations)
    // with the same registers: one state, as precise as the unrolled one.
    if (same_pc && !pending[0][node].empty() && !pending[1][node].empty()) {
      PairState a = merge(pending[0][node]), b = merge(pending[1][node]);
      bool one = same_registers(a, b);
      pending[0][node] = {std::move(a)};
      pending[1][node].clear();
      if (!one) pending[1][node].push_back(std::move(b));
    }
    // Lanes that left a loop after different numbers of iterations meet
    // here and run on together, one from the unrolled iterations and one
    // from the abstracted ones: the abstracted state holds both kinds, so
    // that a query over every iteration pairs them too. (Kept apart, a
    // branch after a loop was "uniform" where two such lanes split.)
    if (!pending[0][node].empty() && !pending[1][node].empty()) {
      std::vector<PairState> all = pending[0][node];
      for (PairState& s : pending[1][node]) all.push_back(std::move(s));
      PairState mixed = merge(all);
      mixed.beyond = true;
      pending[1][node] = {std::move(mixed)};
    }
    bool whole = pending[0][node].empty() || pending[1][node].empty();
    for (int bucket = 0; bucket < 2; ++bucket) {
      auto it = pending[bucket].find(node);
      if (it == pending[bucket].end() || it->second.empty()) continue;
      PairState st = merge(it->second);
      if (whole) {
        // A node every thread of its equivalent node reaches, in the
        // same iteration, has that node's path condition: the long
        // disjunction of the paths between them says no more.
        if (same_pc)
          for (size_t t = 0; t < n_; ++t) st.t[t].pc = (*same_pc)[t];
        std::vector<z3::expr> pcs;
        for (const ThreadState& ts : st.t) pcs.push_back(ts.pc);
        pc_at.emplace(node, std::move(pcs));
      } else if (eq != equivalent.end() && loop_free.count(node)) {
        // Both kinds arrive (lanes that left a loop before this node
        // after different numbers of iterations): each keeps the path
        // condition it had at the equivalent node. Without this, CUB's
        // histogram sweep carried the disjunctions of sixteen binning
        // diamonds, their divisions included, into every later branch.
        if (auto at = pc_of_kind.find({eq->second, bucket}); at != pc_of_kind.end())
          for (size_t t = 0; t < n_; ++t) st.t[t].pc = at->second[t];
      }
      {
        std::vector<z3::expr> pcs;
        for (const ThreadState& ts : st.t) pcs.push_back(ts.pc);
        pc_of_kind.insert_or_assign({node, bucket}, std::move(pcs));
      }
      std::vector<Edge> outs = node < 0                         ? process_block(static_cast<uint32_t>(-1 - node), std::move(st))
                               : inert(static_cast<int>(node)) ? pass_through(static_cast<int>(node), std::move(st))
                                                                : run_loop(static_cast<int>(node), std::move(st));
      for (Edge& e : outs) {
        if (!reaches_target_[e.target]) continue;  // nothing after it can matter
        if (!in_region(region, e.target)) {
          exits.push_back(std::move(e));
        } else if (e.target == header) {
          if (back) back->push_back(std::move(e.state));
        } else {
          long n = node_of(region, e.target);
          pending[e.state.beyond ? 1 : 0][n].push_back(std::move(e.state));
        }
      }
    }
  }
  return exits;
}

bool Executor::same_registers(const PairState& a, const PairState& b) {
  for (size_t t = 0; t < n_; ++t) {
    const auto& x = a.t[t].regs;
    const auto& y = b.t[t].regs;
    std::set<RegId> keys;
    for (auto& [r, v] : x) keys.insert(r);
    for (auto& [r, v] : y) keys.insert(r);
    for (RegId r : keys) {
      auto i = x.find(r), j = y.find(r);
      z3::expr u = i != x.end() ? i->second : entry_value_cached(static_cast<int>(t), r);
      z3::expr w = j != y.end() ? j->second : entry_value_cached(static_cast<int>(t), r);
      if (!z3::eq(u, w)) return false;
    }
  }
  return true;
}

std::vector<long> Executor::topological_nodes(int region) {
  auto cached = topo_cache_.find(region);
  if (cached != topo_cache_.end()) return cached->second;
  std::set<long> nodes;
  for (uint32_t b = 0; b < a_.cfg.blocks.size(); ++b)
    if (a_.cfg.reachable[b] && in_region(region, b)) nodes.insert(node_of(region, b));
  uint32_t header = region >= 0 ? a_.cfg.loops[static_cast<size_t>(region)].header : kNone;
  std::map<long, std::set<long>> succ;
  for (uint32_t b = 0; b < a_.cfg.blocks.size(); ++b) {
    if (!nodes.count(node_of(region, b)) || !in_region(region, b)) continue;
    for (uint32_t s : a_.cfg.blocks[b].succs)
      if (in_region(region, s) && s != header && node_of(region, s) != node_of(region, b))
        succ[node_of(region, b)].insert(node_of(region, s));
  }
  std::vector<long> order;
  std::map<long, int> state;
  std::function<void(long)> visit = [&](long n) {
    if (state[n] == 2) return;
    if (state[n] == 1) throw Unsupported("irreducible control flow");
    state[n] = 1;
    for (long s : succ[n]) visit(s);
    state[n] = 2;
    order.push_back(n);
  };
  for (long n : nodes) visit(n);
  std::reverse(order.begin(), order.end());
  topo_cache_[region] = order;
  // Nodes whose paths within one iteration of the region end elsewhere:
  // leaving the region, going back to its header, or leaving the function.
  std::set<long> ends;
  for (uint32_t b = 0; b < a_.cfg.blocks.size(); ++b) {
    if (!nodes.count(node_of(region, b)) || !in_region(region, b)) continue;
    if (a_.cfg.blocks[b].exits) ends.insert(node_of(region, b));
    for (uint32_t s : a_.cfg.blocks[b].succs)
      if (s >= a_.cfg.blocks.size() || !in_region(region, s) || s == header) ends.insert(node_of(region, b));
  }
  long entry = region >= 0 ? node_of(region, header) : node_of(region, 0);
  equivalents_[region] = control_equivalents(order, succ, ends, entry);
  loop_free_equivalents_[region] = loop_free(order, succ, equivalents_[region]);
  return order;
}

// A loop with no slice instruction and no target branch changes nothing
// the branches depend on, and none of its branches decides which thread
// leaves where: every exit gets the state it was entered with. (Running it
// would unroll it for nothing and mark all that follows as "beyond".)
bool Executor::inert(int loop) {
  auto [it, fresh] = inert_.try_emplace(loop, true);
  if (!fresh) return it->second;
  for (uint32_t b : a_.cfg.loops[static_cast<size_t>(loop)].blocks)
    for (uint32_t i = a_.cfg.blocks[b].first; i < a_.cfg.blocks[b].end; ++i)
      if (in_slice_[i] || is_target_[i]) return it->second = false;
  return true;
}

std::vector<Edge> Executor::pass_through(int loop, const PairState& in) {
  std::vector<Edge> exits;
  std::set<uint32_t> targets;
  for (uint32_t b : a_.cfg.loops[static_cast<size_t>(loop)].blocks)
    for (uint32_t s : a_.cfg.blocks[b].succs)
      if (s < a_.cfg.blocks.size() && !in_region(loop, s) && targets.insert(s).second) exits.push_back({s, in});
  return exits;
}

}  // namespace warpsat::branch_detail
