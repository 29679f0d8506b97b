// Random-data runs: the exploration before the queries, and the launches of
// witnesses that did not split (or that did, harvested) run with varied
// memory, so that the emulator sees the splits the model's inexact values
// miss.
#include "solver/branch_replay_detail.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace warpsat::branch_replay_detail {

namespace {

constexpr uint64_t kExplorationMaxRuns = 2000;
constexpr uint64_t kExplorationDryRuns = 256;
constexpr uint64_t kExplorationDrySteps = uint64_t{1} << 19;

constexpr uint64_t kHarvestRunSteps = uint64_t{1} << 16;
constexpr size_t kHarvestDryWitnesses = 10;

// The values the witness read in shared memory, at most two, those other
// than zero first: which of its loads the model lists first is its own
// choice (on examples/kernels/branches_tile_queue a model listed a bin
// counter's 0 before the tile index that thread 0's atomicAdd
// broadcasts, and the runs holding 0 never reached the tile).
std::vector<uint32_t> shared_values(const Witness& w) {
  std::vector<uint32_t> values;
  for (bool zero : {false, true})
    for (const Witness::Load& ld : w.loads) {
      auto v = static_cast<uint32_t>(ld.value);
      if (ld.space == "shared" && (v == 0) == zero && values.size() < 2 &&
          std::find(values.begin(), values.end(), v) == values.end())
        values.push_back(v);
    }
  return values;
}

}  // namespace

// Plans by phase: every open branch gets phase k's plans before any gets
// phase k + 1's, so that the cheap, likely ones are not starved by the
// budget.
std::vector<RandomDataPlan> Replayer::fuzz_plans(const Witness& w, int phase) const {
  using Fill = simt::LazyFill;
  std::vector<RandomDataPlan> plans;
  if (phase == 1) {
    for (uint64_t round = 1; round <= ro_.fuzz_rounds; ++round)
      plans.push_back({round, round >= 4 && round % 2 == 0 ? Fill{Fill::Kind::Sparse, 0} : Fill{}, std::nullopt});
    return plans;
  }
  // Where the witness read shared memory the replay cannot set: runs whose
  // memory holds the value it read there. Shared memory is mostly filled
  // from global memory (a staged tile, a tile counter's atomicAdd that
  // thread 0 broadcasts), so the value often arrives where the witness
  // wanted it. Every word that value; then only the buffers the slice
  // does not read (the counter behind an atomic), the rest all ones or
  // all zeros (data a barrier reduction or a fast path asks to be alike:
  // every key in one radix bin).
  std::vector<uint32_t> words = shared_values(w);
  // A library kernel runs at the block size it declares: a fast path that
  // a barrier reduction opens only when the whole tile agrees (every key
  // of 384 threads × 21 items in one bin) needs every thread there, and
  // the model, blind to what a reduction counts, may pick a smaller block.
  // Last, only the counters hold the shared value (the tile index thread
  // 0's atomicAdd read) and every other buffer is all ones: a partial
  // tile whose missing keys (all ones) and loaded keys fall in one bin.
  for (uint32_t word : words)
    for (bool declared : {false, true}) {
      if (declared && !declares_block()) break;
      plans.push_back({1, {Fill::Kind::Word, word}, std::nullopt, false, declared});
      plans.push_back({1, {Fill::Kind::Word, ~0u}, word, false, declared});
      plans.push_back({1, {Fill::Kind::Word, 0}, word, false, declared});
      plans.push_back({1, {Fill::Kind::Word, ~0u}, word, true, declared});
    }
  return plans;
}

// Before the queries (made-up launches only): random-data launches of
// the kernel (MadeUpLaunches::exploration), each one CTA, short, until
// they stop showing splits no run showed before: kExplorationDryRuns
// runs or kExplorationDrySteps warp instructions in a row without one,
// within ro_.explore_steps_total. A split costs the emulator a fraction
// of a millisecond here, where the solver needs a divergence query, a
// witness search and a replay (about 40 ms on CUB), and a branch the
// emulator saw split needs no encoding at all.
//
// Past the sweep, the usual runs alternate with runs of the other kind
// (MadeUpLaunches::exploration_of_runs: runs of equal words, one buffer
// of one word), each kind until it runs dry by its own count, so that the
// usual runs see what they saw before the other kind came between them.
void Replayer::explore() {
  // Each kind has half the budget: the other kind's long runs do not
  // take the usual runs' steps.
  const uint64_t half = ro_.explore_steps_total / 2;
  struct Kind {
    uint64_t next = 0, dry_runs = 0, steps = 0, steps_at_last_new = 0;
    bool dry(uint64_t budget) const {
      return dry_runs >= kExplorationDryRuns || steps - steps_at_last_new >= kExplorationDrySteps || steps >= budget;
    }
  };
  Kind usual, other;
  const uint64_t& used = steps_used_[static_cast<size_t>(Origin::Explore)];
  const uint64_t seed = o_.solver.random_seed + index_;
  for (uint64_t i = 0; i < kExplorationMaxRuns && used < ro_.explore_steps_total; ++i) {
    bool sweeping = i < MadeUpLaunches::kExplorationSweep;
    if (!sweeping && usual.dry(half) && other.dry(half)) break;
    bool of_runs = !sweeping && (usual.dry(half) || (!other.dry(half) && i % 2 == 1));
    Kind& kind = of_runs ? other : usual;
    uint64_t k = kind.next++;
    ExplorationRun run = of_runs ? launches_.exploration_of_runs(k, seed) : launches_.exploration(k, seed);
    simt::Launch l = launches_.random_data(run.launch, run.plan);
    if (!launches_.meets_assumptions(l)) {
      ++kind.dry_runs;
      continue;
    }
    size_t before = observed_splits_.size();
    uint64_t used_before = used;
    Observations obs;
    // A fault ends a run; the splits it saw before count all the same.
    // Each kind's memory from a seed of its own index.
    uint64_t memory_seed = (of_runs ? (uint64_t{1} << 20) + k : k) * 0x51ed27 + index_ + 1;
    // The grid's CTAs in order up to the drawn one (its last): a decoupled
    // look-back (CUB's scans and selects) waits for the tile statuses its
    // predecessors publish, which a CTA run alone never sees, and the
    // partial last tile's scatter after it stayed unreached (a fresh
    // CUB DeviceSelect::Unique sweep: 49 of 336 branches unknown with the
    // last CTA alone, 15 with its predecessors).
    std::vector<uint64_t> ctas(linear_cta(run.launch) + 1);
    std::iota(ctas.begin(), ctas.end(), uint64_t{0});
    observe(l, ctas, obs, Origin::Explore, {}, {memory_seed, run.plan.fill, !of_runs});
    // Dry by the steps of one CTA's run: a grid's earlier CTAs run only
    // so that its last can get past its look-back.
    kind.steps += (used - used_before) / ctas.size();
    if (observed_splits_.size() > before) kind.dry_runs = 0, kind.steps_at_last_new = kind.steps;
    else ++kind.dry_runs;
  }
}

// Branches still open after the witnesses run their witness's launch
// again, a few times, with random data: the witness's block, grid, CTA
// and scalar parameters (the model found them reaching the branch, and
// its integer terms are exact), pointers left unallocated so that every
// byte read is lazily mapped varied words, and structs passed by value
// refilled each round. The model's float and shared-memory values are
// not exact, so its own loads did not split the lanes; varied data makes
// data-dependent branches split somewhere, and any split the emulator
// sees settles the branch (settle_by_observed_splits), for every branch
// it reaches, not only the one whose witness ran.
void Replayer::fuzz_open_branches() {
  if (fuzz_spent_) return;
  for (int phase = 0; phase < 2; ++phase)
    for (BranchResult& b : r_.branches)
      if (!fuzzed_.count(b.instruction) && !fuzz_open_branch(b, phase, last_good_plan_[phase])) return;
}

// A witness whose replay split its branch is a launch (block, grid, CTA,
// scalars, structs) that reaches the branch, where the exploration's
// made-up scalars mostly did not (CUB's histogram sweep: a sample loop
// behind row counts and strides the exploration never drew). Its
// random-data runs, harvesting, show the splits of the data-dependent
// branches around it (the sample loop's bin tests), which then need no
// query. Each such launch once, while they keep showing new splits.
void Replayer::harvest_from(const Witness& w) {
  if (fuzz_spent_ || harvest_dry_ >= kHarvestDryWitnesses) return;
  std::string key = fmt::format("{},{},{}/{},{},{}/{},{},{}", w.block[0], w.block[1], w.block[2], w.grid[0],
                                w.grid[1], w.grid[2], w.cta[0], w.cta[1], w.cta[2]);
  for (const auto& [n, v] : w.params) key += fmt::format("/{}={}", n, v);
  for (const auto& [n, bytes] : w.aggregates) key += fmt::format("/{}:{}", n, fmt::join(bytes, ","));
  if (!harvested_.insert(key).second) return;
  size_t before = observed_splits_.size();
  // The model's own scalars and structs (round 1: what reaches the
  // branch), over varied, sparse, and half-varied memory whose other
  // half is a value the witness loaded (items that fall in one bin
  // beside items that do not).
  using Fill = simt::LazyFill;
  std::vector<RandomDataPlan> plans = {{1, Fill{}, std::nullopt}, {1, Fill{Fill::Kind::Sparse, 0}, std::nullopt}};
  std::set<uint64_t> values;
  for (const Witness::Load& ld : w.loads)
    if (ld.space != "shared" && values.size() < 2 && values.insert(ld.value).second)
      plans.push_back({1, Fill{Fill::Kind::Mixed, static_cast<uint32_t>(ld.value)}, std::nullopt});
  for (size_t p = 0; p < plans.size(); ++p) {
    simt::Launch l = launches_.random_data(w, plans[p]);
    if (!launches_.meets_assumptions(l)) break;
    Observations obs;
    observe(l, {linear_cta(w)}, obs, Origin::Fuzz,
            [](uint32_t, const Observation&, uint64_t steps) { return steps >= kHarvestRunSteps; },
            {(16 + p) * 0x51ed27 + 0x9e37 + harvested_.size(), plans[p].fill});
    if (steps_used_[static_cast<size_t>(Origin::Fuzz)] >= ro_.fuzz_steps_total) {
      fuzz_spent_ = true;
      break;
    }
  }
  harvest_dry_ = observed_splits_.size() > before ? 0 : harvest_dry_ + 1;
}

// Runs `b`'s witness launch under this phase's plans until one splits it;
// false once the budget for random-data launches is spent. `harvest`:
// each run goes on past that split, for the branches after it.
bool Replayer::fuzz_open_branch(const BranchResult& b, int phase, size_t& last_good_plan, bool harvest) {
  if (!open(b) || b.indexed || !b.witness || !b.witness->replayable) return true;
  const Witness& w = *b.witness;
  std::vector<RandomDataPlan> plans = fuzz_plans(w, phase);
  // The plan that settled the last branch goes first: the branches of one
  // kernel mostly yield to the same data (a partial last tile).
  std::vector<size_t> order(plans.size());
  std::iota(order.begin(), order.end(), size_t{0});
  if (last_good_plan < order.size()) {
    auto good = order.begin() + static_cast<std::ptrdiff_t>(last_good_plan);
    std::rotate(order.begin(), good, good + 1);
  }
  // A harvest run goes on past the split it looks for, but not much
  // further: the branches after it in a data-dependent sequence come
  // soon after, while the rest of the CTA may be a look-back over a
  // million random tile statuses (CUB's scan kernel: 30 runs of 2^20
  // warp instructions, 3 s, for nothing).
  uint64_t split_at_step = 0;
  auto enough = [&](uint32_t instruction, const Observation& ob, uint64_t steps) {
    bool split = instruction == b.instruction && ob.taken != 0 && ob.taken != ob.active;
    if (!harvest) return split;
    if (split && !split_at_step) split_at_step = steps;
    return split_at_step && steps - split_at_step >= kHarvestTailSteps;
  };
  for (size_t p : order) {
    if (observed_splits_.count(b.instruction)) break;
    if (plans[p].declared_block && std::equal(w.block, w.block + 3, k_.maxntid)) continue;
    simt::Launch l = launches_.random_data(w, plans[p]);
    if (!launches_.meets_assumptions(l)) break;
    Observations obs;
    split_at_step = 0;
    // A fault ends a run; the splits it saw before count all the same.
    observe(l, {linear_cta(w)}, obs, Origin::Fuzz, enough,
            {(phase * 16 + p) * 0x51ed27 + b.instruction + 1, plans[p].fill});
    if (observed_splits_.count(b.instruction)) last_good_plan = p;
    if (steps_used_[static_cast<size_t>(Origin::Fuzz)] >= ro_.fuzz_steps_total) return false;
  }
  return true;
}

}  // namespace warpsat::branch_replay_detail
