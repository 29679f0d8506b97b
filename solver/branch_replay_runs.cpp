// Runs on the emulator: each records the executions of the kernel's
// conditional branches, the splits and races it shows, and the steps it
// spent of its origin's budget.
#include "solver/branch_replay_detail.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "frontend/diagnostics.h"
#include "frontend/time_stats.h"

namespace warpsat::branch_replay_detail {

std::string Replayer::launch_text(const simt::Launch& l) {
  return fmt::format("grid {}x{}x{}, block {}x{}x{}", l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                     l.block[2]);
}

// ", parameters n = 0, m = 7" for the scalar parameters of a made-up
// launch: a race there may hang on one of them (a flag that turns the
// barriers off), which an --assume can then exclude.
std::string Replayer::scalar_params_text(const simt::Launch& l) const {
  std::string out;
  for (size_t i = 0; i < l.args.size() && i < k_.params.size(); ++i) {
    std::optional<uint64_t> v = launches_.scalar_argument(l, i);
    if (!v) continue;
    // nvcc names parameters <kernel>_param_<n>: the kernel's (mangled,
    // CUB's 200 characters) name is said already.
    std::string_view name = k_.params[i].name;
    if (name.size() > k_.name.size() + 1 && name.starts_with(k_.name) && name[k_.name.size()] == '_')
      name.remove_prefix(k_.name.size() + 1);
    out += fmt::format("{}{} = {}", out.empty() ? ", parameters " : ", ", name, *v);
  }
  return out;
}

Replayer::ObservedSplit Replayer::observed_split(const simt::Launch& l, const simt::Cta& c, const simt::Warp& w,
                                                 uint32_t active, uint32_t taken, Origin origin) const {
  ObservedSplit s{launch_text(l), {l.block[0], l.block[1], l.block[2]}, {l.grid[0], l.grid[1], l.grid[2]},
                  {c.id[0], c.id[1], c.id[2]}, w.id, active, taken, origin, {}, {}};
  for (size_t i = 0; i < l.args.size() && i < k_.params.size(); ++i) {
    const simt::KernelArgument& a = l.args[i];
    std::string name(k_.params[i].name);
    if (a.kind == simt::KernelArgument::Kind::Buffer) {
      if (a.fixed_address) s.params.emplace_back(name, a.fixed_address);
    } else if (std::optional<uint64_t> v = launches_.scalar_argument(l, i)) {
      s.params.emplace_back(name, *v);
    } else {
      s.aggregates.emplace_back(name, a.bytes);
    }
  }
  return s;
}

// Runs the launch, recording every execution of the kernel's conditional
// branches, until `enough` says the observations so far settle the
// question. Launches the replay makes up (any-launch shapes, witnesses)
// get a step budget each and one in all: made-up parameters can send a
// kernel round a loop whose bound is a struct it never received.
std::optional<std::string> Replayer::observe(const simt::Launch& launch, const std::vector<uint64_t>& ctas,
                                             Observations& out, Origin origin, const Enough& enough,
                                             const MadeUpMemory& memory, bool consumers_first) {
  simt::EmulatorOptions eo;
  eo.consumers_first = consumers_first;
  eo.return_buffers = false;
  eo.only_ctas = ctas;
  eo.program_cache = &decoded_;
  // A wait that would block first fails once, as the hardware may: the
  // retry of CUTLASS's mbarrier wait loop runs, and its uniform verdict
  // has an execution (no run took it before).
  eo.fail_first_try_wait = true;
  bool made_up = origin != Origin::Given;
  // The launches the uniform proofs are checked on: the given one, and
  // with a symbolic launch the any-launch shapes (each meets the
  // assumptions, so a race there is a launch the race-free reading of
  // memory does not cover). Witness and random-data runs pick data to
  // split one branch, and prove nothing.
  eo.racecheck = ro_.racecheck && o_.encoding.race_free && (origin == Origin::Given || origin == Origin::Shape);
  uint64_t& used = steps_used_[static_cast<size_t>(origin)];
  if (made_up) {
    uint64_t total = origin == Origin::Shape     ? ro_.shape_steps_total
                     : origin == Origin::Fuzz    ? ro_.fuzz_steps_total
                     : origin == Origin::Explore ? ro_.explore_steps_total
                                                 : ro_.witness_steps_total;
    if (used >= total)
      return fmt::format("the replay's budget of {} warp instructions for made-up {} is spent", total,
                         names(origin).launches);
    uint64_t each = origin == Origin::Fuzz      ? ro_.fuzz_steps_per_launch
                    : origin == Origin::Explore ? ro_.explore_steps_per_launch
                                                : ro_.made_up_steps_per_launch;
    // The budgets are per CTA of a given list (the exploration runs a
    // whole small grid; a witness or random-data run, one CTA).
    each *= std::max<size_t>(1, ctas.size());
    eo.max_steps = std::min(each, total - used);
    // Made-up launches run many shapes: a kernel declaring a million
    // registers would allocate gigabytes in each.
    eo.max_register_bytes = std::min<uint64_t>(eo.max_register_bytes, uint64_t{256} << 20);
    eo.lazy_device_seed = memory.seed;
    eo.lazy_device_fill = memory.fill;
  }
  uint64_t steps = 0;
  eo.steps_out = &steps;
  // Where `out` stood before this run: its executions are what it adds.
  std::map<uint32_t, size_t> before;
  for (const auto& [instruction, obs] : out) before[instruction] = obs.size();
  eo.on_branch = [&](const simt::Cta& c, const simt::Warp& w, uint32_t function, uint32_t instruction,
                     uint32_t active, uint32_t taken) {
    if (function != index_) return false;
    const Observation& ob =
        out[instruction].emplace_back(Observation{linear_cta(c, launch.grid), w.id, active, taken});
    // The first launch that ran each branch: a run the solver can start
    // from where its own searches for a launch time out.
    // Not from the exploration's runs of the other kind: their memory
    // (runs, one word, a ramp) is not what a replay of a witness found
    // from their launch places (cub_third at seeds 0 and 1: 91.5% and
    // 84.0% decided with their launches, 91.9% and 87.3% without).
    if (seen_.reached.insert(instruction).second && made_up && memory.reaching_launch)
      seen_.reached_by.emplace(instruction, launch_of(observed_split(launch, c, w, active, taken, origin)));
    if (taken != 0 && taken != active && !observed_splits_.count(instruction)) {
      const ObservedSplit& s =
          observed_splits_.emplace(instruction, observed_split(launch, c, w, active, taken, origin)).first->second;
      seen_.splits.emplace(instruction, SeenSplit{witness_of(s), seen_text(s)});
    }
    return enough && enough(instruction, ob, steps);
  };
  // Counted however the run ends: made-up launches fault often.
  TimedScope timed(o_.encoding.stats, names(origin).stats);
  try {
    simt::RunResult r = simt::run_kernel(m_, launch, eo);
    if (made_up) used += steps;
    last_run_raced_shared_ = false;
    for (const simt::Race& race : r.races.races) {
      last_run_raced_shared_ = last_run_raced_shared_ || race.space == simt::RaceSpace::Shared;
      // What the race-free reading relies on in a made-up launch: shared
      // memory only (a global race there, such as every CTA writing
      // out[tid], reaches no load the encoding read as race-free). Each
      // pair of instructions once, in the first launch that showed it.
      if (made_up && race.space != simt::RaceSpace::Shared) continue;
      if (made_up && !made_up_races_
                           .insert({race.hazard(), race.first.instruction, race.second.instruction})
                           .second)
        continue;
      RaceFinding f{!made_up,
                    launch_text(launch) + (made_up ? scalar_params_text(launch) : ""),
                    race.hazard(),
                    std::string(simt::to_string(race.space)),
                    race.first.ptx_line,
                    race.second.ptx_line,
                    simt::to_string(race)};
      if (std::find(races_.begin(), races_.end(), f) == races_.end()) races_.push_back(std::move(f));
    }
    // Made-up launches other than the shapes (exploration, random data,
    // witnesses) meet the assumptions too: a run of one to its end, with
    // no shared-memory race the race-free reading would not cover, is an
    // execution a uniform verdict no shape reached can be checked by.
    if (made_up && origin != Origin::Shape && !last_run_raced_shared_) count_other_executions(out, before);
  } catch (const InputError& e) {
    if (made_up) used += steps;
    // A made-up run that stopped (its step budget, or a fault after the
    // branch: a shape's too, which is not among the shapes that ran)
    // executed what it did before exactly, in a launch that meets the
    // assumptions; only its end is missing. Those executions count as a
    // finished run's do, as its splits count for divergence (CUB's
    // HistogramRange: the level search's loop test, 79 uniform copies,
    // ran only in sample loops longer than any budget; the held-out
    // Flagged select's scatter ran only in launches whose made-up count
    // sent the store after it out of bounds).
    if (made_up && !eo.racecheck) count_other_executions(out, before);
    return std::string(e.what());
  } catch (const std::invalid_argument& e) {
    // A launch the replay made up that the emulator cannot place (its
    // buffers): no observation, never a crash.
    return std::string("the launch could not be set up: ") + e.what();
  }
  return std::nullopt;
}

// The executions `out` gained since `before`, for uniform verdicts no
// shape reached.
void Replayer::count_other_executions(const Observations& out, const std::map<uint32_t, size_t>& before) {
  for (const auto& [instruction, obs] : out) {
    auto b = before.find(instruction);
    if (size_t n = obs.size() - (b == before.end() ? 0 : b->second)) {
      other_executions_[instruction] += n;
      seen_.validating.insert(instruction);
    }
  }
}

std::string Replayer::seen_text(const ObservedSplit& s) {
  return fmt::format("{} ({}) ran warp {} of block ({},{},{}) with lanes {} taking it and lanes {} not",
                     names(s.origin).split, s.launch, s.warp, s.cta[0], s.cta[1], s.cta[2],
                     lanes_text(s.taken), lanes_text(s.active & ~s.taken));
}

// The launch, CTA and warp of a run (its lanes not chosen).
Witness Replayer::launch_of(const ObservedSplit& s) {
  Witness w;
  std::copy(s.block, s.block + 3, w.block);
  std::copy(s.grid, s.grid + 3, w.grid);
  std::copy(s.cta, s.cta + 3, w.cta);
  w.warp = s.warp;
  w.params = s.params;
  w.aggregates = s.aggregates;
  w.replayable = true;
  return w;
}

// The observed split as a witness: the first lane that took the branch
// and the first that did not.
Witness Replayer::witness_of(const ObservedSplit& s) {
  Witness w = launch_of(s);
  uint32_t not_taken = s.active & ~s.taken;
  w.lane[0] = static_cast<uint32_t>(__builtin_ctz(s.taken));
  w.lane[1] = static_cast<uint32_t>(__builtin_ctz(not_taken));
  w.outcome[0] = 1;
  for (int t = 0; t < 2; ++t) {
    uint64_t linear = uint64_t{s.warp} * 32 + w.lane[t];
    w.tid[t][0] = static_cast<uint32_t>(linear % s.block[0]);
    w.tid[t][1] = static_cast<uint32_t>(linear / s.block[0] % s.block[1]);
    w.tid[t][2] = static_cast<uint32_t>(linear / (uint64_t{s.block[0]} * s.block[1]));
  }
  return w;
}

}  // namespace warpsat::branch_replay_detail
