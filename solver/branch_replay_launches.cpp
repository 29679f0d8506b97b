// The launches the uniform and unreachable verdicts are checked on: the
// given launch's CTAs, the launches given with --replay-launch, and the
// any-launch shapes made up to meet the assumptions.
#include "solver/branch_replay_detail.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat::branch_replay_detail {

// Every CTA, or a deterministic sample of at least ro_.sample_warps warps.
std::vector<uint64_t> Replayer::cta_sample(const uint32_t block[3], const uint32_t grid[3]) const {
  uint64_t threads = uint64_t{block[0]} * block[1] * block[2];
  uint64_t warps_per_cta = (threads + 31) / 32;
  uint64_t ctas = uint64_t{grid[0]} * grid[1] * grid[2];
  if (ctas * warps_per_cta <= 2 * ro_.sample_warps) return {};
  uint64_t want = (ro_.sample_warps + warps_per_cta - 1) / warps_per_cta;
  std::set<uint64_t> pick{0, ctas - 1};
  for (uint64_t i = 0; i < want; ++i) pick.insert(i * ctas / want);
  return {pick.begin(), pick.end()};
}

// The side of the clusters the replays launch along `d`: --cluster, else
// the kernel's .reqnctapercluster, else one CTA.
uint32_t Replayer::cluster_side(int d) const {
  return o_.launch.cluster[d] ? o_.launch.cluster[d] : std::max(1u, k_.reqnctapercluster[d]);
}

// A launch the user gives to replay on must be one the verdicts speak
// for; a run of any other would contradict nothing.
void Replayer::check_file_launches() const {
  auto dims = [](const uint32_t* d) { return fmt::format("{}x{}x{}", d[0], d[1], d[2]); };
  const uint32_t wanted[3] = {cluster_side(0), cluster_side(1), cluster_side(2)};
  for (const ReplayOptions::FileLaunch* f : file_launches_) {
    const simt::Launch& l = f->launch;
    const uint32_t given[3] = {std::max(1u, l.cluster[0]), std::max(1u, l.cluster[1]), std::max(1u, l.cluster[2])};
    std::string broken;
    if (concrete())
      broken = "the launch is fixed already (a block and a grid are given), and its replay runs that one";
    else if (o_.launch.concrete_block && !std::equal(l.block, l.block + 3, o_.launch.block))
      broken = fmt::format("its block {} is not the block {} the verdicts are for", dims(l.block), dims(o_.launch.block));
    else if (o_.launch.concrete_grid && !std::equal(l.grid, l.grid + 3, o_.launch.grid))
      broken = fmt::format("its grid {} is not the grid {} the verdicts are for", dims(l.grid), dims(o_.launch.grid));
    else if (!std::equal(given, given + 3, wanted))
      broken = fmt::format("its cluster {} is not the cluster {} the verdicts are for (--cluster)", dims(given),
                           dims(wanted));
    else if (std::optional<std::string> a = launches_.violated_assumption(l))
      broken = "it breaks the assumption " + *a;
    if (!broken.empty()) throw command_line_error(fmt::format("--replay-launch {}: {}", f->source, broken));
  }
}

// Runs one launch the uniform and unreachable verdicts are checked
// against (check_shapes), and keeps its observations; or the reason it
// stopped short of its end. A kernel that waits on mbarriers runs a
// launch that reached its end once more with slow copies
// (EmulatorOptions::consumers_first): a warp-specialized kernel's
// consumers then wait before its producer has filled a stage, and the
// retry of their first wait runs (CUTLASS's ClusterBarrier::wait), which
// the usual schedule never reaches. Each run that ends is kept.
std::optional<std::string> Replayer::run_shape(const simt::Launch& l, Origin origin, const MadeUpMemory& memory) {
  for (bool consumers_first : {false, true}) {
    if (consumers_first && !waits_on_mbarriers_) break;
    ShapeRun run;
    std::copy(l.block, l.block + 3, run.block);
    last_run_raced_shared_ = false;
    if (std::optional<std::string> fault = observe(l, {}, run.obs, origin, {}, memory, consumers_first))
      return consumers_first ? *fault + " (the run with slow copies, consumers first)" : *fault;
    run.raced_shared = last_run_raced_shared_;
    for (const auto& [instruction, executions] : run.obs) seen_.validating.insert(instruction);
    shape_runs_.push_back(std::move(run));
  }
  return std::nullopt;
}

// The launches given with --replay-launch, before any made-up one: a run
// of each to its end, or an error (a real launch that faults is the
// user's to see, not a shape to skip).
void Replayer::run_file_launches() {
  for (const ReplayOptions::FileLaunch* f : file_launches_) {
    const size_t before = shape_runs_.size();
    if (std::optional<std::string> fault = run_shape(f->launch, Origin::Given))
      throw command_line_error(fmt::format("--replay-launch {}: the launch did not run to its end: {}", f->source, *fault));
    file_runs_ += shape_runs_.size() - before;
  }
}

// Concrete launches that meet the assumptions, including shapes whose x
// size is no multiple of 32, with two choices of scalar parameters (the
// first phase), and two more (the second phase; the third for a kernel
// that takes a struct by value). Before the queries both phases run, as
// the splits they show need no query; otherwise the second only where it
// can settle something, a branch still open.
void Replayer::run_shapes(int phase, bool before_queries, size_t most) {
  if (phase == 0) {
    run_file_launches();
    if (most != SIZE_MAX) most += file_runs_;
  }
  static constexpr uint32_t kBlocks[][3] = {{32, 1, 1},  {64, 1, 1}, {96, 1, 1}, {128, 1, 1}, {256, 1, 1},
                                            {1024, 1, 1}, {1, 1, 1},  {17, 1, 1}, {33, 1, 1},  {65, 2, 1},
                                            {48, 3, 1},  {16, 16, 1}, {32, 4, 2}, {8, 8, 8},  {7, 3, 5}};
  static constexpr uint32_t kGrids[][3] = {{1, 1, 1}, {3, 2, 1}};
  bool has_struct_param = std::any_of(k_.params.begin(), k_.params.end(),
                                      [](const ptx::Variable& p) { return p.size_bytes() > 8; });
  bool wants_splits = std::any_of(r_.branches.begin(), r_.branches.end(), open);
  std::vector<uint64_t> seeds;
  // A kernel that takes a large Params struct by value (CUTLASS) gets
  // structs of small words (seeds 4 to 6) instead: the pointer-like and
  // varied words of seeds 1 to 3 are its problem sizes and tile counts,
  // and every such launch ran into its step limit.
  bool large_struct = takes_large_struct(k_);
  if (phase == 0) seeds = large_struct ? std::vector<uint64_t>{0, 4} : std::vector<uint64_t>{0, 1};
  else if (wants_splits || before_queries)
    seeds = large_struct       ? std::vector<uint64_t>{5}
            : has_struct_param ? std::vector<uint64_t>{2, 3}
                               : std::vector<uint64_t>{3};
  // Phase 2, after the queries, for a large struct: seed 6, whose fast
  // divisions, cluster-sized integers and problem shapes in memory give a
  // grouped GEMM's scheduler tiles (CUTLASS 57 #1: 22 uniform verdicts
  // validated without, 221 with). After them, not before: splits it
  // showed before the queries spared witnesses whose runs were the only
  // ones to reach parts of other kernels (56 #1: 175 validated -> 163).
  if (phase == 2) seeds = large_struct ? std::vector<uint64_t>{6} : std::vector<uint64_t>{};
  // The launches' blocks and grids, each once: a given block or grid makes
  // many shapes of the tables one launch, and a run of it again shows
  // nothing new, the emulator being deterministic (CUTLASS with
  // --declared-block ran each of its 6 launches 15 times, 52 of 134 s on
  // 49 #6).
  using Dims = std::array<uint32_t, 3>;
  std::vector<Dims> blocks, grids;
  auto add_once = [](std::vector<Dims>& to, const Dims& d) {
    if (std::find(to.begin(), to.end(), d) == to.end()) to.push_back(d);
  };
  for (const auto& blk : kBlocks)
    add_once(blocks, o_.launch.concrete_block ? Dims{o_.launch.block[0], o_.launch.block[1], o_.launch.block[2]}
                                              : Dims{blk[0], blk[1], blk[2]});
  for (const auto& grd : kGrids) {
    Dims g;
    for (int d = 0; d < 3; ++d) {
      // A kernel with clusters runs only on grids of whole clusters.
      g[d] = o_.launch.concrete_grid ? o_.launch.grid[d] : grd[d] * cluster_side(d);
    }
    add_once(grids, g);
  }
  for (const Dims& block : blocks)
    for (const Dims& grid : grids)
      for (uint64_t seed : seeds) {
        simt::Launch l = launches_.shape(block.data(), grid.data(), seed);
        if (!launches_.meet_assumptions(l, o_.solver.timeout_ms, o_.solver.random_seed)) continue;
        // The pointers of a large struct's fields lead to zeros: a pointer
        // read through one is null, as an unused optional pointer is.
        MadeUpMemory memory;
        // Seed 6's lead to words of 8: the problem shapes a grouped GEMM
        // reads through its Params (M = N = K = 8, one tile each).
        if (seed >= 4) memory.fill = {simt::LazyFill::Kind::Word, seed == 6 ? 8u : 0u};
        if (std::optional<std::string> fault = run_shape(l, Origin::Shape, memory)) {
          ++shape_faults_;
          last_shape_fault_ = *fault;
          continue;
        }
        if (shape_runs_.size() >= most) return;
      }
}

}  // namespace warpsat::branch_replay_detail
