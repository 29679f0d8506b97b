#include "frontend/analysis/cfg.h"

#include <algorithm>
#include <unordered_map>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dominator_tree.hpp>
#include <boost/graph/reverse_graph.hpp>
#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat::analysis {

using ptx::Opcode;

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

bool leaves_function(const ptx::Instruction& ins) {
  return ins.op == Opcode::Ret || ins.op == Opcode::Exit || ins.op == Opcode::Trap;
}

// Immediate dominators of `g` from `root`, kNone where there is none.
template <typename G>
std::vector<uint32_t> immediate_dominators(const G& g, Vertex root) {
  size_t n = boost::num_vertices(g);
  std::vector<Vertex> pred(n, boost::graph_traits<G>::null_vertex());
  auto index = boost::get(boost::vertex_index, g);
  boost::lengauer_tarjan_dominator_tree(g, root, boost::make_iterator_property_map(pred.begin(), index));
  std::vector<uint32_t> out(n, kNone);
  for (size_t v = 0; v < n; ++v)
    if (pred[v] != boost::graph_traits<G>::null_vertex()) out[v] = static_cast<uint32_t>(pred[v]);
  return out;
}

}  // namespace

bool ends_block(const ptx::Instruction& ins) {
  return ins.op == Opcode::Bra || ins.op == Opcode::Brx || leaves_function(ins);
}

bool is_conditional_branch(const ptx::Instruction& ins) {
  return (ins.op == Opcode::Bra && ins.has_guard) || ins.op == Opcode::Brx;
}

bool ends_conditionally(const ptx::Instruction& ins) {
  return is_conditional_branch(ins) || (leaves_function(ins) && ins.has_guard);
}

std::vector<std::string_view> branch_targets(const ptx::Function& f, const ptx::Instruction& ins) {
  std::vector<std::string_view> out;
  if (ins.op == Opcode::Bra && !ins.operands.empty() && ins.operands[0].kind == ptx::Operand::Kind::Symbol)
    out.push_back(ins.operands[0].text);
  if (ins.op == Opcode::Brx && ins.operands.size() >= 2 && ins.operands[1].kind == ptx::Operand::Kind::Symbol)
    for (const auto& bt : f.branch_targets)
      if (bt.name == ins.operands[1].text) out = bt.labels;
  return out;
}

bool Cfg::dominates(uint32_t a, uint32_t b) const {
  for (uint32_t x = b; x != kNone; x = idom[x])
    if (x == a) return true;
  return false;
}

bool Cfg::postdominates(uint32_t a, uint32_t b) const {
  for (uint32_t x = b; x != kNone && x != exit_node(); x = ipdom[x])
    if (x == a) return true;
  return a == exit_node() && b != kNone;
}

Cfg build_cfg(const ptx::Function& f, const std::string& source) {
  Cfg cfg;
  size_t n = f.instructions.size();
  // Leaders: the entry, every label, and whatever follows a block-ending instruction.
  std::vector<bool> leader(n + 1, false);
  leader[0] = true;
  for (const ptx::Label& l : f.labels) leader[l.instruction] = true;
  for (size_t i = 0; i < n; ++i)
    if (ends_block(f.instructions[i])) leader[i + 1] = true;
  cfg.block_of.assign(n, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (leader[i]) cfg.blocks.push_back(BasicBlock{i, i, {}, {}, false});
    cfg.blocks.back().end = i + 1;
    cfg.block_of[i] = static_cast<uint32_t>(cfg.blocks.size() - 1);
  }
  if (cfg.blocks.empty()) cfg.blocks.push_back(BasicBlock{0, 0, {}, {}, true});

  auto block_at_label = [&](std::string_view name, const ptx::Instruction& from) -> uint32_t {
    const ptx::Label* l = f.find_label(name);
    if (!l) throw InputError({source, from.pos.line, from.pos.column}, fmt::format("branch to unknown label '{}'", name));
    if (l->instruction >= n) return kNone;  // a label at the very end: falls off the function
    return cfg.block_of[l->instruction];
  };
  for (uint32_t b = 0; b < cfg.blocks.size(); ++b) {
    BasicBlock& bb = cfg.blocks[b];
    if (bb.first == bb.end) {
      bb.exits = true;
      continue;
    }
    const ptx::Instruction& last = f.instructions[bb.end - 1];
    bool falls_through = true;
    if (last.op == Opcode::Bra || last.op == Opcode::Brx) {
      for (auto target : branch_targets(f, last)) {
        uint32_t t = block_at_label(target, last);
        if (t == kNone) bb.exits = true;
        else bb.succs.push_back(t);
      }
      falls_through = last.has_guard;
    } else if (leaves_function(last)) {
      bb.exits = true;
      falls_through = last.has_guard;
    }
    if (falls_through) {
      if (b + 1 < cfg.blocks.size()) bb.succs.push_back(b + 1);
      else bb.exits = true;  // falls off the end of the function
    }
    std::sort(bb.succs.begin(), bb.succs.end());
    bb.succs.erase(std::unique(bb.succs.begin(), bb.succs.end()), bb.succs.end());
  }
  for (uint32_t b = 0; b < cfg.blocks.size(); ++b)
    for (uint32_t s : cfg.blocks[b].succs) cfg.blocks[s].preds.push_back(b);

  // The graph: blocks plus a virtual exit vertex.
  size_t nb = cfg.blocks.size();
  Graph g(nb + 1);
  for (uint32_t b = 0; b < nb; ++b) {
    for (uint32_t s : cfg.blocks[b].succs) boost::add_edge(b, s, g);
    if (cfg.blocks[b].exits) boost::add_edge(b, nb, g);
  }
  // Reachability from the entry and to the exit.
  cfg.reachable.assign(nb, false);
  std::vector<uint32_t> stack{0};
  cfg.reachable[0] = true;
  while (!stack.empty()) {
    uint32_t b = stack.back();
    stack.pop_back();
    for (uint32_t s : cfg.blocks[b].succs)
      if (!cfg.reachable[s]) cfg.reachable[s] = true, stack.push_back(s);
  }
  std::vector<bool> reaches_exit(nb + 1, false);
  reaches_exit[nb] = true;
  stack.assign(1, static_cast<uint32_t>(nb));
  while (!stack.empty()) {
    uint32_t b = stack.back();
    stack.pop_back();
    for (auto [e, end] = boost::in_edges(b, g); e != end; ++e) {
      auto p = static_cast<uint32_t>(boost::source(*e, g));
      if (!reaches_exit[p]) reaches_exit[p] = true, stack.push_back(p);
    }
  }

  // Boost's Lengauer-Tarjan assumes every predecessor of a vertex is reached
  // from the root: an edge from a block the entry never reaches left the
  // block it enters without a dominator (CUB's onesweep kernel lost a loop
  // and read as irreducible). Each tree is built over the part of the graph
  // its root reaches.
  Graph forward(nb + 1), backward(nb + 1);
  for (auto [e, end] = boost::edges(g); e != end; ++e) {
    auto from = static_cast<uint32_t>(boost::source(*e, g)), to = static_cast<uint32_t>(boost::target(*e, g));
    if (from < nb && cfg.reachable[from]) boost::add_edge(from, to, forward);
    if (reaches_exit[to] && reaches_exit[from]) boost::add_edge(from, to, backward);
  }
  cfg.idom = immediate_dominators(forward, 0);
  cfg.idom.resize(nb);
  cfg.ipdom = immediate_dominators(boost::make_reverse_graph(backward), nb);
  cfg.ipdom.resize(nb);
  for (uint32_t b = 0; b < nb; ++b)
    if (!reaches_exit[b]) cfg.ipdom[b] = kNone;

  // Dominance in constant time: entry and exit times of a walk over the
  // dominator tree. Walking idom chains per back edge, one loop list scan
  // per back edge and one pass over every block per loop made 40,000
  // one-block loops take 60 s (issue 13).
  std::vector<std::vector<uint32_t>> dom_children(nb);
  for (uint32_t b = 0; b < nb; ++b)
    if (cfg.idom[b] < nb) dom_children[cfg.idom[b]].push_back(b);
  // A forest, not a tree: every block without an immediate dominator is a
  // root (the entry, and blocks Boost's algorithm leaves without one),
  // exactly as Cfg::dominates walks idom chains.
  std::vector<uint32_t> dom_enter(nb, kNone), dom_leave(nb, 0);
  uint32_t tick = 0;
  std::vector<std::pair<uint32_t, size_t>> walk;
  for (uint32_t root = 0; root < nb; ++root) {
    if (cfg.idom[root] < nb) continue;
    walk.push_back({root, 0});
    dom_enter[root] = tick++;
    while (!walk.empty()) {
      auto& [b, k] = walk.back();
      if (k < dom_children[b].size()) {
        uint32_t c = dom_children[b][k++];
        dom_enter[c] = tick++;
        walk.push_back({c, 0});
      } else {
        dom_leave[b] = tick++;
        walk.pop_back();
      }
    }
  }
  auto dominates = [&](uint32_t a, uint32_t b) {
    if (a == b) return true;
    if (dom_enter[a] == kNone || dom_enter[b] == kNone) return false;
    return dom_enter[a] <= dom_enter[b] && dom_leave[b] <= dom_leave[a];
  };

  // Natural loops: a back edge u -> h where h dominates u.
  std::unordered_map<uint32_t, size_t> loop_of_header;
  for (uint32_t b = 0; b < nb; ++b) {
    if (!cfg.reachable[b]) continue;
    for (uint32_t h : cfg.blocks[b].succs) {
      if (!dominates(h, b)) continue;
      auto [it, added] = loop_of_header.try_emplace(h, cfg.loops.size());
      if (added) cfg.loops.push_back(Loop{h, {}, {}});
      cfg.loops[it->second].latches.push_back(b);
    }
  }
  std::vector<size_t> in_loop(nb, SIZE_MAX);  // the last loop that took the block
  for (size_t li = 0; li < cfg.loops.size(); ++li) {
    Loop& loop = cfg.loops[li];
    in_loop[loop.header] = li;
    loop.blocks.push_back(loop.header);
    std::vector<uint32_t> work(loop.latches.begin(), loop.latches.end());
    while (!work.empty()) {
      uint32_t b = work.back();
      work.pop_back();
      if (in_loop[b] == li) continue;
      in_loop[b] = li;
      loop.blocks.push_back(b);
      for (uint32_t p : cfg.blocks[b].preds)
        if (in_loop[p] != li && cfg.reachable[p]) work.push_back(p);
    }
    std::sort(loop.blocks.begin(), loop.blocks.end());
  }
  std::sort(cfg.loops.begin(), cfg.loops.end(), [](const Loop& a, const Loop& b) { return a.header < b.header; });

  // Retreating edges (to a block still on the DFS stack) that are no back edges.
  std::vector<uint8_t> state(nb, 0);  // 0 new, 1 on stack, 2 done
  std::vector<std::pair<uint32_t, size_t>> dfs{{0, 0}};
  state[0] = 1;
  while (!dfs.empty()) {
    auto& [b, k] = dfs.back();
    if (k < cfg.blocks[b].succs.size()) {
      uint32_t s = cfg.blocks[b].succs[k++];
      if (state[s] == 0) {
        state[s] = 1;
        dfs.push_back({s, 0});
      } else if (state[s] == 1 && !dominates(s, b)) {
        ++cfg.irreducible_edges;
      }
    } else {
      state[b] = 2;
      dfs.pop_back();
    }
  }
  return cfg;
}

}  // namespace warpsat::analysis
