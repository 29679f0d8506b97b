// The replay of a divergent verdict's witness: its launch, or a tamer one
// or one at the kernel's declared block, must split its two lanes as it
// says, or the verdict is downgraded or contradicted. And the run of a
// launch the solver found to reach a uniform branch no run had reached.
#include "solver/branch_replay_detail.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "emulator/simt/device_assert.h"

namespace warpsat::branch_replay_detail {

// The witness at the kernel's declared block (its .maxntid) instead of
// the smaller one the model picked, its two lanes renumbered for it;
// nothing when the block is given, required, already that, or the lanes
// fall outside it or in two warps of it.
std::optional<Witness> Replayer::at_declared_block(const Witness& w) const {
  if (o_.launch.concrete_block || !declares_block()) return std::nullopt;
  uint32_t block[3];
  for (int d = 0; d < 3; ++d) block[d] = std::max(1u, k_.maxntid[d]);
  if (std::equal(block, block + 3, w.block)) return std::nullopt;
  Witness d = w;
  std::copy(block, block + 3, d.block);
  uint32_t warp[2];
  for (int i = 0; i < 2; ++i) {
    const uint32_t* t = w.tid[i];
    if (t[0] >= block[0] || t[1] >= block[1] || t[2] >= block[2]) return std::nullopt;
    uint64_t linear = t[0] + uint64_t{t[1]} * block[0] + uint64_t{t[2]} * block[0] * block[1];
    warp[i] = static_cast<uint32_t>(linear / 32);
    d.lane[i] = static_cast<uint32_t>(linear % 32);
  }
  if (warp[0] != warp[1]) return std::nullopt;
  d.warp = warp[0];
  for (Witness::Load& ld : d.loads)
    ld.lane = ld.lane == w.lane[0] ? d.lane[0] : ld.lane == w.lane[1] ? d.lane[1] : ld.lane;
  return d;
}

// `harvest`: the witness CTA runs to its end instead of stopping at the
// split it looks for, so that the splits of later branches show too.
void Replayer::replay_witness(BranchResult& b, bool harvest) {
  if (!b.witness) {
    b.validation = "no witness";
    return;
  }
  const Witness& w = *b.witness;
  if (!w.replayable) {
    b.validation = "the witness's pointers are not device addresses a replay can map";
    downgrade_if_imprecise(b);
    return;
  }
  std::string unset;
  simt::Launch l = launches_.witness(w, unset);
  // A witness is a launch that meets the assumptions, or no witness: one
  // that breaks them means the query did not hold them (issue 28).
  if (std::optional<std::string> bad = launches_.violated_assumption(l)) {
    b.validation = "the witness violates an assumption";
    contradiction(b, fmt::format("the witness's launch ({}{}) violates the assumption '{}'", launch_text(l),
                                 scalar_params_text(l), *bad));
    return;
  }
  uint64_t cta = linear_cta(w);
  auto splits = [&](uint32_t instruction, const Observation& ob) {
    if (instruction != b.instruction || ob.cta != cta || ob.warp != w.warp) return false;
    bool both = (ob.active >> w.lane[0] & 1) && (ob.active >> w.lane[1] & 1);
    if (!both) return false;
    bool t0 = ob.taken >> w.lane[0] & 1, t1 = ob.taken >> w.lane[1] & 1;
    return b.indexed ? (ob.taken != 0 && ob.taken != ob.active)
                     : (t0 == (w.outcome[0] != 0) && t1 == (w.outcome[1] != 0));
  };
  // Harvesting, the CTA runs on past the split for the splits of later
  // branches, but not to its end: kHarvestTailSteps past it, as a
  // harvesting random-data run (a model's item count can make the rest a
  // loop over millions of items: CUB's integer histogram spent the whole
  // witness budget of its kernel on ten such replays).
  Observations obs;
  auto run = [&](const simt::Launch& launch) {
    obs.clear();
    uint64_t split_at_step = 0;
    return observe(launch, {cta}, obs, Origin::Witness, [&](uint32_t i, const Observation& ob, uint64_t steps) {
      bool split = splits(i, ob);
      if (!harvest) return split;
      if (split && !split_at_step) split_at_step = steps;
      return split_at_step && steps - split_at_step >= kHarvestTailSteps;
    });
  };
  auto split_seen = [&] {
    return std::any_of(obs[b.instruction].begin(), obs[b.instruction].end(),
                       [&](const Observation& ob) { return splits(b.instruction, ob); });
  };
  std::optional<std::string> fault = run(l);
  bool split = split_seen();
  // The launch of another witness instead, in place of the model's where
  // it splits (`w` and `splits` refer to it while it runs).
  auto split_instead = [&](Witness other) {
    std::string other_unset;
    simt::Launch ol = launches_.witness(other, other_unset);
    if (launches_.violated_assumption(ol)) return false;
    Witness model = std::exchange(*b.witness, std::move(other));
    cta = linear_cta(w);
    std::optional<std::string> other_fault = run(ol);
    if (!split_seen()) {
      *b.witness = std::move(model);
      cta = linear_cta(w);
      return false;
    }
    fault = std::move(other_fault);
    unset = std::move(other_unset);
    split = true;
    return true;
  };
  // A global access out of every buffer, before the split: the model may
  // have given a struct word the split does not need a value no device
  // address can take (CUB's streaming context: a 64-bit item offset near
  // 2^63 that the input pointer adds). The launch once more with such
  // words zero; where it splits, that launch is the witness.
  if (fault && !split && fault->find("out-of-bounds") != std::string::npos)
    if (std::optional<Witness> tame = with_wild_words_zeroed(w); tame && split_instead(std::move(*tame)))
      b.validation = "struct words past any device address made zero in the replay";
  // Library code written for its compile-time block size (CUB's radix
  // sort: the bins of the threads a smaller block lacks never pass the
  // barrier reduction that opens its copy path) may not split at the
  // block the model chose; the same launch at the declared block.
  if (!split)
    if (std::optional<Witness> declared = at_declared_block(w)) {
      const uint32_t model_block[3] = {w.block[0], w.block[1], w.block[2]};
      if (split_instead(std::move(*declared)))
        b.validation = fmt::format("{}run at the kernel's declared block {}x{}x{} (its .maxntid; the model's "
                                   "block {}x{}x{} did not split)",
                                   b.validation.empty() ? "" : b.validation + "; ", w.block[0], w.block[1],
                                   w.block[2], model_block[0], model_block[1], model_block[2]);
    }
  if (fault && !split) {
    b.validation = "the witness replay stopped: " + *fault;
    // The launch breaks an assert (the solver may look for another,
    // branch_analysis's finish()).
    b.witness_asserted = fault->find(simt::kDeviceAssertWords) != std::string::npos;
    // A split no run shows is no verdict: where the witness's launch
    // faults first (CUB's histogram with 2,049 privatized bins overruns
    // its shared array), the launch has no defined behaviour to split.
    if (b.replay_decides) {
      downgrade_if_imprecise(b);
    } else {
      b.verdict = BranchVerdict::Unknown;
      b.reason = "unknown: the solver found two lanes that split here, but its witness launch stopped before "
                 "the split (" + *fault + ")";
      b.witness.reset();
    }
    return;
  }
  if (!unset.empty() && !split) {
    b.validation = unset + ", and with the kernel's own values the witness lanes did not split";
    downgrade_if_imprecise(b);
    return;
  }
  if (split) {
    if (b.replay_decides)
      b.reason = fmt::format("two lanes of one warp can reach it together and go different ways: the model is not "
                             "exact here ({}), and the replay reproduced the split",
                             fmt::join(b.imprecision, "; "));
    b.validated = true;
    b.validation = fmt::format("{}replayed the witness: warp {} of block ({},{},{}) splits with lane {} and lane {} "
                               "on different sides",
                               b.validation.empty() ? "" : b.validation + "; ", w.warp, w.cta[0], w.cta[1], w.cta[2],
                               w.lane[0], w.lane[1]);
    return;
  }
  if (b.replay_decides) {
    b.verdict = BranchVerdict::Unknown;
    b.reason = fmt::format("unknown ({}): the solver found a split only through values it does not model exactly, "
                           "and the replay of its witness did not split",
                           fmt::join(b.imprecision, "; "));
    b.validation = "witness replay did not split";
    return;
  }
  contradiction(b, fmt::format("the witness says lanes {} and {} of warp {} in block ({},{},{}) split, but in the "
                               "replay they did not",
                               w.lane[0], w.lane[1], w.warp, w.cta[0], w.cta[1], w.cta[2]));
}

void Replayer::downgrade_if_imprecise(BranchResult& b) {
  if (b.replay_decides) {
    b.verdict = BranchVerdict::Unknown;
    b.reason = fmt::format("unknown ({}): the solver found a split only through values it does not model exactly, "
                           "and no replay could check it",
                           fmt::join(b.imprecision, "; "));
  }
}

// A launch branch_analysis found to reach a uniform branch that no run had
// reached when it was decided (BranchResult::reaching_launch), where still
// none has after the last shapes: its CTA runs to its end or its budget,
// and what it executes counts as any other made-up run's does
// (check_shapes), at every branch, so that one such run may serve the
// verdicts after it too.
void Replayer::run_reaching_launch(BranchResult& b) {
  std::optional<Witness> w = std::exchange(b.reaching_launch, std::nullopt);
  if (!w || seen_.validating.count(b.instruction) || ro_.fault != ReplayFault::None) return;
  std::string unset;
  simt::Launch l = launches_.witness(*w, unset);
  // The query holds the assumptions: a launch that breaks one is a bug.
  if (std::optional<std::string> bad = launches_.violated_assumption(l)) {
    contradiction(b, fmt::format("the launch found to reach it ({}{}) violates the assumption '{}'", launch_text(l),
                                 scalar_params_text(l), *bad));
    return;
  }
  Observations obs;
  observe(l, {linear_cta(*w)}, obs, Origin::Witness);
  for (const auto& [instruction, executions] : obs) reached_by_search_.insert(instruction);
}

}  // namespace warpsat::branch_replay_detail
