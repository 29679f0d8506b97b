// Basic blocks and the control-flow graph of a function, with dominators,
// post-dominators (a branch's immediate post-dominator is where its paths
// reconverge) and natural loops. Built with Boost.Graph.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat::analysis {

inline constexpr uint32_t kNone = UINT32_MAX;

struct BasicBlock {
  uint32_t first = 0, end = 0;  // instructions [first, end)
  std::vector<uint32_t> succs, preds;
  // Leaves the function: ret/exit/trap, or falls off its end (succs has kExit...).
  bool exits = false;
};

struct Loop {
  uint32_t header = 0;
  std::vector<uint32_t> latches;  // sources of back edges to the header
  std::vector<uint32_t> blocks;   // the natural loop, sorted
};

struct Cfg {
  std::vector<BasicBlock> blocks;   // block 0 holds the entry
  std::vector<uint32_t> block_of;   // instruction -> block
  std::vector<bool> reachable;      // from the entry
  std::vector<uint32_t> idom;       // immediate dominator; kNone for the entry and unreachable blocks
  // Immediate post-dominator: a block index, exit_node() for "the function's
  // exit", or kNone for blocks that cannot reach an exit.
  std::vector<uint32_t> ipdom;
  std::vector<Loop> loops;
  size_t irreducible_edges = 0;     // retreating edges that are no back edges

  uint32_t exit_node() const { return static_cast<uint32_t>(blocks.size()); }
  bool dominates(uint32_t a, uint32_t b) const;       // a dominates b (reflexive)
  bool postdominates(uint32_t a, uint32_t b) const;   // a post-dominates b (reflexive; a may be exit_node())
  // The block where the paths leaving `b` meet again (ipdom); exit_node()
  // when they only meet at the function's exit.
  uint32_t reconvergence(uint32_t b) const { return ipdom[b]; }
};

// Throws InputError when a branch names a label that does not exist.
Cfg build_cfg(const ptx::Function& f, const std::string& source);

// True for instructions that end a basic block.
bool ends_block(const ptx::Instruction& ins);
// The labels a branch instruction may jump to (bra: one; brx.idx: its table).
std::vector<std::string_view> branch_targets(const ptx::Function& f, const ptx::Instruction& ins);
// A branch whose direction depends on data: a guarded bra, or brx.idx.
bool is_conditional_branch(const ptx::Instruction& ins);
// Ends its block with two possible continuations: a conditional branch, or
// a guarded ret/exit/trap (leave, or fall through).
bool ends_conditionally(const ptx::Instruction& ins);

}  // namespace warpsat::analysis
