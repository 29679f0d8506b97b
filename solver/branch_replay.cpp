#include "solver/branch_replay.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <iterator>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "emulator/simt/device_assert.h"
#include "emulator/simt/launch.h"
#include "emulator/simt/memory.h"
#include "emulator/simt/program.h"
#include "emulator/simt/state.h"
#include "encodings/branch_encoding.h"
#include "encodings/induction_memo.h"
#include "frontend/kernel_names.h"
#include "frontend/analysis/cfg.h"
#include "frontend/diagnostics.h"
#include "solver/cross_validation.h"
#include "solver/made_up_launch.h"

namespace warpsat {

namespace {

struct Observation {
  uint64_t cta = 0;
  uint32_t warp = 0, active = 0, taken = 0;
};
using Observations = std::map<uint32_t, std::vector<Observation>>;  // branch instruction -> observations

uint64_t linear_cta(const uint32_t id[3], const uint32_t grid[3]) {
  return id[0] + uint64_t{id[1]} * grid[0] + uint64_t{id[2]} * grid[0] * grid[1];
}
uint64_t linear_cta(const simt::Cta& c, const uint32_t grid[3]) { return linear_cta(c.id, grid); }
uint64_t linear_cta(const Witness& w) { return linear_cta(w.cta, w.grid); }

// What lazily mapped memory holds in a made-up launch.
struct MadeUpMemory {
  uint64_t seed = 1;
  simt::LazyFill fill;
  // Whether the run's launch may become a branch's first reaching launch
  // (SeenRuns::reached_by): not when its memory holds what a replay of a
  // witness found from it does not place (runs, one word, a ramp).
  bool reaching_launch = true;
};

std::string lanes_text(uint32_t mask) {
  std::string s;
  for (unsigned l = 0; l < 32; ++l)
    if (mask >> l & 1) s += (s.empty() ? "" : ",") + std::to_string(l);
  return s;
}

// Whether a verdict stands on the race-free reading of shared memory: a
// proof (uniform, unreachable) or thread ranges whose encoding read shared
// memory after a barrier as what was stored before it. A divergent
// verdict stands on a run that split, whatever races.
bool relies_on_race_freedom(const BranchResult& b, const BranchOptions& o) {
  if (!o.encoding.race_free) return false;
  bool proof = b.verdict == BranchVerdict::Uniform || b.verdict == BranchVerdict::Unreachable || b.ranges;
  return proof && std::any_of(b.imprecision.begin(), b.imprecision.end(), [](const std::string& why) {
           return why == kSharedAfterBarrierImprecision || why == kWarpCoherentGlobalImprecision ||
                  why == kWarpCoherentGenericImprecision;
         });
}

// With races found, every verdict that relies on their absence holds only
// for launches without them: conditional.
void mark_race_conditional(KernelBranches& k, const BranchOptions& o) {
  if (k.races.empty()) return;
  for (BranchResult& b : k.branches) b.race_conditional = b.race_conditional || relies_on_race_freedom(b, o);
}

class Replayer {
 public:
  Replayer(const ptx::Module& m, const ptx::Function& k, const BranchOptions& o, KernelBranches& r,
           const ReplayOptions& ro)
      : m_(m), k_(k), o_(o), r_(r), ro_(ro), index_(static_cast<uint32_t>(&k - m.functions.data())),
        launches_(m, k, o.launch),
        waits_on_mbarriers_(std::any_of(k.instructions.begin(), k.instructions.end(), [](const ptx::Instruction& i) {
          return i.op == ptx::Opcode::Mbarrier && (i.has("try_wait") || i.has("test_wait"));
        })) {
    for (const ReplayOptions::FileLaunch& f : ro.replay_launches)
      if (f.launch.kernel == k.name) file_launches_.push_back(&f);
    check_file_launches();
  }

  // Before the queries, for launches the replay makes up: the first
  // phase of shapes and the exploration, whose splits need no query.
  // What every run so far showed; the queries read it as it grows.
  const SeenRuns& run_before_queries() {
    if (concrete() || !has_conditional_branches()) return seen_;
    // Both phases of shapes: their splits spare the queries as the
    // exploration's do (CUB's file: 38 s -> 32 s, 6 more branches
    // decided), and the uniform verdicts are checked against them after.
    run_shapes(0);
    run_shapes(1, true);
    shapes_ran_ = true;
    explore();
    return seen_;
  }

  // A first-pass verdict as soon as the queries give it: a divergent
  // branch's witness runs at once, and every split that run shows joins
  // what run_before_queries returned, so that later branches need no
  // query.
  //
  // A split the model found only through values it does not model exactly
  // (floats, shared memory) that its witness did not reproduce gets its
  // random-data runs at once too, run on past its split: the data that splits
  // one branch of a data-dependent sequence (a histogram's bin tests)
  // splits the ones after it, which then need no query (CUB's first
  // histogram sweep asked 95 divergence queries for branches these runs
  // settled only after the last query).
  void replay_now(BranchResult& b) {
    if (b.verdict != BranchVerdict::Divergent || b.seen_split || b.validated || ro_.fault != ReplayFault::None) return;
    replay_witness(b, true);
    witness_ran_.insert(b.instruction);
    if (!open(b)) {
      if (b.validated) harvest_from(*b.witness);
      return;
    }
    if (fuzz_spent_) return;
    // Another copy of the same source line (an unrolled loop's test with
    // other constants) whose random-data runs split nothing: these runs
    // would not either (CUTLASS's FP8 GEMM: four copies each of three
    // epilogue tests, 6 runs of a whole mainloop each).
    auto family = std::make_tuple(b.loc.file, b.loc.line, b.loc.column, b.loc.outer_file, b.loc.outer_line);
    if (b.loc.line && dry_families_.count(family)) {
      fuzzed_.insert(b.instruction);
      return;
    }
    for (int phase = 0; phase < 2 && !observed_splits_.count(b.instruction); ++phase)
      if (!fuzz_open_branch(b, phase, last_good_plan_[phase], true)) {
        fuzz_spent_ = true;
        break;
      }
    fuzzed_.insert(b.instruction);
    if (!fuzz_spent_ && !observed_splits_.count(b.instruction)) dry_families_.insert(family);
    settle_if_observed(b);
  }

  // replay_cached_verdicts: the checks alone, on a copy of the answer.
  void check_cached(const KernelBranches& cached, size_t shapes) {
    std::vector<uint32_t> branches;
    for (uint32_t i = 0; i < k_.instructions.size(); ++i)
      if (analysis::is_conditional_branch(k_.instructions[i])) branches.push_back(i);
    bool same = branches.size() == r_.branches.size();
    for (size_t i = 0; same && i < branches.size(); ++i) same = r_.branches[i].instruction == branches[i];
    if (!same)
      throw CrossValidationError(fmt::format("branches of {}", k_.name),
                                 {fmt::format("the cache holds verdicts for {} branch(es), the kernel has {} other ones",
                                              r_.branches.size(), branches.size())},
                                 "(none: a cached answer, no query asked)");
    if (concrete()) {
      replay_concrete();
    } else if (!r_.branches.empty()) {
      run_shapes(0, false, shapes);
      check_shapes();
    }
    // A divergent verdict stands on its witness: the solver's is replayed;
    // one a run showed (random data the cache does not keep) is not.
    for (BranchResult& b : r_.branches) {
      if (b.verdict != BranchVerdict::Divergent) continue;
      if (!b.witness) contradiction(b, "cached as divergent, but with no witness");
      else if (!b.seen_split && b.witness->replayable && b.validation.find("replayed the witness") != std::string::npos)
        replay_witness(b);
    }
    for (size_t i = 0; i < r_.branches.size(); ++i)
      if (r_.branches[i].verdict != cached.branches[i].verdict)
        contradiction(r_.branches[i], fmt::format("cached as {}, but its replay now says {}: {}",
                                                  to_string(cached.branches[i].verdict),
                                                  to_string(r_.branches[i].verdict), r_.branches[i].validation));
    report_mismatches();
  }

  void run() {
    inject_fault();
    if (concrete()) {
      replay_concrete();
    } else if (!r_.branches.empty()) {  // nothing to check in launches made up for no branch
      if (!shapes_ran_) {
        run_shapes(0);
        run_shapes(1);
      }
      run_shapes(2);
      check_shapes();
    }
    for (BranchResult& b : r_.branches)
      if (witness_ran_.count(b.instruction)) {
        continue;
      } else if (b.verdict == BranchVerdict::Divergent && b.seen_split) {
        // The witness is a run that already split there (seen_.splits).
        b.validated = true;
        b.validation = seen_.splits.at(b.instruction).seen;
        if (b.confirmed) b.validation += "; the encoding, pinned to that run, allows the split";
      } else if (b.verdict == BranchVerdict::Divergent) {
        replay_witness(b);
      }
    fuzz_open_branches();
    settle_by_observed_splits();
    unsettle_unreproduced_splits();
    for (BranchResult& b : r_.branches)
      if (b.verdict == BranchVerdict::Unknown && b.validation.empty()) b.validation = "no verdict to replay";
    report_mismatches();
  }

 private:
  // A race is a finding about the kernel (exit 1 in the CLI), never a
  // contradiction: it goes into the answer, and the verdicts that read
  // shared memory as race-free are marked conditional. A replay that
  // contradicts such a verdict in a launch that raced in shared memory
  // shows the race, not a wrong proof: the verdict stays, not validated,
  // saying so. Any other contradiction is warpsat's (exit 3).
  void settle_races() {
    for (RaceFinding& f : races_)
      if (std::find(r_.races.begin(), r_.races.end(), f) == r_.races.end()) r_.races.push_back(std::move(f));
    races_.clear();
    mark_race_conditional(r_, o_);
    for (BranchResult& b : r_.branches) {
      auto it = race_explained_.find(b.instruction);
      if (it == race_explained_.end()) continue;
      b.race_conditional = true;
      b.validated = false;
      b.validation = fmt::format("not re-derived: {}, in a launch with a shared-memory race, where the race-free "
                                 "reading of shared memory this verdict relies on does not hold",
                                 it->second);
    }
  }

  void report_mismatches() {
    settle_races();
    if (!mismatches_.empty()) {
      std::string dir = ro_.dump_dir.empty() ? "." : ro_.dump_dir;
      std::string path;
      try {
        path = write_smt2(dir, fmt::format("branches.{}.line{}.disagreement", k_.name, first_bad_line_),
                          branch_query_smt2(m_, k_, first_bad_, o_));
      } catch (const std::exception& e) {
        path = std::string("(could not write the query: ") + e.what() + ")";
      }
      throw CrossValidationError(fmt::format("branches of {}", short_kernel_name(k_.name)), mismatches_, path);
    }
  }

  // Runs the launch, recording every execution of the kernel's conditional
  // branches, until `enough` says the observations so far settle the
  // question. Launches the replay makes up (any-launch shapes, witnesses)
  // get a step budget each and one in all: made-up parameters can send a
  // kernel round a loop whose bound is a struct it never received.
  enum class Origin { Given, Shape, Witness, Fuzz, Explore };
  // Per Origin, in its order: what its launches are called when their
  // budget is spent, their row in --stats, and a split they showed.
  struct OriginNames {
    const char* launches;
    const char* stats;
    const char* split;
  };
  static constexpr OriginNames kOrigins[] = {
      {"", "replay (the given launch)", "the given launch"},
      {"launch shapes", "replay (any-launch shapes)", "an any-launch replay"},
      {"witness launches", "replay (witnesses)", "a witness replay"},
      {"random-data launches", "replay (random data)", "a random-data replay of a witness's launch"},
      {"exploration launches", "replay (exploration before the queries)",
       "a random-data launch of the exploration before the queries"}};
  static const OriginNames& names(Origin o) { return kOrigins[static_cast<size_t>(o)]; }
  // The first warp seen splitting at a branch, in any launch the replay ran
  // (each meets the assumptions): a concrete proof that the branch diverges.
  struct ObservedSplit {
    std::string launch;
    uint32_t block[3], grid[3];
    uint32_t cta[3];
    uint32_t warp, active, taken;
    Origin origin;
    // The launch's parameter values, so that the split can be run again
    // (pointers as the addresses they had; memory the launch did not set
    // held the replay's fill).
    std::vector<std::pair<std::string, uint64_t>> params;
    std::vector<std::pair<std::string, std::vector<uint8_t>>> aggregates;
  };
  static std::string launch_text(const simt::Launch& l) {
    return fmt::format("grid {}x{}x{}, block {}x{}x{}", l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                       l.block[2]);
  }
  // ", parameters n = 0, m = 7" for the scalar parameters of a made-up
  // launch: a race there may hang on one of them (a flag that turns the
  // barriers off), which an --assume can then exclude.
  std::string scalar_params_text(const simt::Launch& l) const {
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

  ObservedSplit observed_split(const simt::Launch& l, const simt::Cta& c, const simt::Warp& w, uint32_t active,
                               uint32_t taken, Origin origin) const {
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

  // Whether a run has seen enough: given each execution of a branch of
  // the kernel and the warp instructions the launch has run so far.
  using Enough = std::function<bool(uint32_t instruction, const Observation&, uint64_t steps)>;
  std::optional<std::string> observe(const simt::Launch& launch, const std::vector<uint64_t>& ctas, Observations& out,
                                     Origin origin, const Enough& enough = {},
                                     const MadeUpMemory& memory = {}, bool consumers_first = false) {
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
  void count_other_executions(const Observations& out, const std::map<uint32_t, size_t>& before) {
    for (const auto& [instruction, obs] : out) {
      auto b = before.find(instruction);
      if (size_t n = obs.size() - (b == before.end() ? 0 : b->second)) other_executions_[instruction] += n;
    }
  }

  // One report per branch: the first launch that contradicts it.
  void contradiction(const BranchResult& b, const std::string& what) {
    if (checking_racy_launch_ && relies_on_race_freedom(b, o_)) {
      race_explained_.try_emplace(b.instruction, what);
      return;
    }
    if (!contradicted_.insert(b.instruction).second) return;
    if (mismatches_.empty()) first_bad_ = b.instruction, first_bad_line_ = b.ptx_line;
    mismatches_.push_back(fmt::format("PTX line {}: {}", b.ptx_line, what));
  }

  void inject_fault() {
    for (BranchResult& b : r_.branches) {
      if (ro_.fault == ReplayFault::FlipDivergent && b.verdict == BranchVerdict::Divergent) {
        b.verdict = BranchVerdict::Uniform;
        b.witness.reset();
        return;
      }
      if (ro_.fault == ReplayFault::FlipUniform && b.verdict == BranchVerdict::Uniform) {
        b.verdict = BranchVerdict::Divergent;
        Witness w;
        for (int d = 0; d < 3; ++d) w.block[d] = o_.launch.concrete_block ? o_.launch.block[d] : (d == 0 ? 32 : 1);
        w.lane[1] = 1;
        w.tid[1][0] = 1;
        w.outcome[0] = 1;
        w.replayable = true;
        b.witness = w;
        b.ranges.reset();
        return;
      }
    }
  }

  // Every CTA, or a deterministic sample of at least ro_.sample_warps warps.
  std::vector<uint64_t> cta_sample(const uint32_t block[3], const uint32_t grid[3]) const {
    uint64_t threads = uint64_t{block[0]} * block[1] * block[2];
    uint64_t warps_per_cta = (threads + 31) / 32;
    uint64_t ctas = uint64_t{grid[0]} * grid[1] * grid[2];
    if (ctas * warps_per_cta <= 2 * ro_.sample_warps) return {};
    uint64_t want = (ro_.sample_warps + warps_per_cta - 1) / warps_per_cta;
    std::set<uint64_t> pick{0, ctas - 1};
    for (uint64_t i = 0; i < want; ++i) pick.insert(i * ctas / want);
    return {pick.begin(), pick.end()};
  }

  // Checks a uniform or unreachable verdict, and ranges, against what ran.
  void check(BranchResult& b, const Observations& obs, const uint32_t block[3], bool all_ctas, size_t& checked) {
    auto it = obs.find(b.instruction);
    size_t n = it == obs.end() ? 0 : it->second.size();
    if (b.verdict == BranchVerdict::Unreachable && n > 0)
      contradiction(b, fmt::format("proved unreachable, but warp {} of block {} executed it", it->second[0].warp,
                                   it->second[0].cta));
    if (b.verdict == BranchVerdict::Uniform && n > 0)
      for (const Observation& ob : it->second)
        if (ob.taken != 0 && ob.taken != ob.active) {
          contradiction(b, fmt::format("proved uniform, but warp {} of block {} split: lanes {} took it, lanes {} did not",
                                       ob.warp, ob.cta, lanes_text(ob.taken), lanes_text(ob.active & ~ob.taken)));
          break;
        }
    if (b.ranges && b.ranges->complete) {
      uint64_t threads = uint64_t{block[0]} * block[1] * block[2];
      bool global = b.ranges->space == "global thread";
      std::map<uint64_t, std::string> seen;  // thread index -> outcome
      if (n)
        for (const Observation& ob : it->second)
          for (unsigned l = 0; l < 32; ++l)
            if (ob.active >> l & 1) {
              uint64_t t = (global ? ob.cta * threads : 0) + ob.warp * 32u + l;
              seen[t] = (ob.taken >> l & 1) ? "taken" : "not taken";
            }
      for (const Range& r : b.ranges->ranges) {
        uint64_t end = all_ctas || !global ? r.end : std::min<uint64_t>(r.end, r.begin + 4096);
        for (uint64_t t = r.begin; t < end; ++t) {
          if (global && !all_ctas && !observed_cta(obs, t / threads)) continue;
          auto s = seen.find(t);
          std::string got = s == seen.end() ? "not reached" : s->second;
          if (got != r.outcome) {
            contradiction(b, fmt::format("range [{},{}) says {}, but thread {} was {}", r.begin, r.end, r.outcome, t, got));
            return;
          }
        }
      }
    }
    checked += n;
  }

  bool observed_cta(const Observations& obs, uint64_t cta) const { return ran_ctas_.count(cta) > 0 || obs.empty(); }

  void replay_concrete() {
    simt::Launch l = ro_.launch ? *ro_.launch : launches_.shape(o_.launch.block, o_.launch.grid, 0);
    // The parameter values the ranges and paths were computed for (the
    // solver's model of the assumptions where the launch gives none).
    for (const auto& [name, v] : r_.chosen_parameters)
      if (const ptx::Variable* p = k_.find_param(name)) launches_.set_scalar(l, static_cast<size_t>(p - k_.params.data()), v);
    // A uniform proof holds for launches that meet the assumptions: one
    // that does not proves nothing, and choosing it is warpsat's own bug.
    if (std::optional<std::string> bad = launches_.violated_assumption(l)) {
      if (r_.parameters_note.starts_with("none chosen")) {  // the solver gave no values: nothing to run
        for (BranchResult& b : r_.branches)
          if (b.verdict == BranchVerdict::Uniform || b.verdict == BranchVerdict::Unreachable)
            b.validation = "not replayed: " + r_.parameters_note;
        return;
      }
      if (!r_.branches.empty())
        contradiction(r_.branches.front(),
                      fmt::format("the launch the verdicts are replayed with ({}{}) violates the assumption '{}'",
                                  launch_text(l), scalar_params_text(l), *bad));
      return;
    }
    std::vector<uint64_t> ctas = cta_sample(l.block, l.grid);
    last_run_raced_shared_ = false;
    for (const BranchResult& b : r_.branches)
      if (b.witness && !ctas.empty())
        ctas.push_back(b.witness->cta[0] + uint64_t{b.witness->cta[1]} * l.grid[0] +
                       uint64_t{b.witness->cta[2]} * l.grid[0] * l.grid[1]);
    Observations obs;
    std::optional<std::string> fault = observe(l, ctas, obs, Origin::Given);
    // A kernel that waits on mbarriers runs the launch again with slow
    // copies, consumers first, as --replay-launch files do: the retry of its
    // consumers' waits runs, and the verdicts meet a second schedule.
    const bool two_schedules = !fault && waits_on_mbarriers_;
    if (two_schedules) {
      const bool raced = last_run_raced_shared_;
      fault = observe(l, ctas, obs, Origin::Given, {}, {}, true);
      if (fault) *fault += " (the run with slow copies, consumers first)";
      last_run_raced_shared_ = last_run_raced_shared_ || raced;
    }
    bool all = ctas.empty();
    Checking racy{checking_racy_launch_, last_run_raced_shared_};
    if (all) {
      uint64_t n = uint64_t{l.grid[0]} * l.grid[1] * l.grid[2];
      for (uint64_t c = 0; c < n; ++c) ran_ctas_.insert(c);
    } else {
      ran_ctas_.insert(ctas.begin(), ctas.end());
    }
    for (BranchResult& b : r_.branches) {
      if (b.verdict != BranchVerdict::Uniform && b.verdict != BranchVerdict::Unreachable && !b.ranges) continue;
      if (fault) {
        b.validation = "the replay stopped: " + *fault;
        continue;
      }
      size_t seen = 0;
      size_t before = mismatches_.size();
      check(b, obs, l.block, all, seen);
      if (mismatches_.size() == before) {
        b.validated = true;
        b.validation = fmt::format("replayed the launch ({}{}): {} warp execution(s) of the branch agree",
                                   all ? "every CTA" : fmt::format("{} sampled CTAs", ctas.size()),
                                   two_schedules ? ", in the usual schedule and consumers first" : "", seen);
      }
    }
    if (!fault) check_paths(obs, l.block, all);
  }

  // Each thread of a feasible path's ranges follows the path's outcomes in
  // the replay (kernels whose branches run at most once per thread).
  void check_paths(const Observations& obs, const uint32_t block[3], bool all_ctas) {
    if (r_.paths.empty()) return;
    std::map<uint32_t, uint32_t> instruction_of;  // PTX line -> branch instruction
    for (const BranchResult& b : r_.branches) instruction_of[b.ptx_line] = b.instruction;
    uint64_t threads = uint64_t{block[0]} * block[1] * block[2];
    bool global = r_.paths_space == "global thread";
    // Per branch: thread index -> outcome, from every warp execution seen.
    std::map<uint32_t, std::map<uint64_t, std::string>> seen;
    for (const auto& [instruction, list] : obs)
      for (const Observation& ob : list) {
        if (!global && ob.cta != 0) continue;
        for (unsigned lane = 0; lane < 32; ++lane)
          if (ob.active >> lane & 1) {
            uint64_t t = (global ? ob.cta * threads : 0) + ob.warp * 32u + lane;
            auto [it, fresh] = seen[instruction].emplace(t, (ob.taken >> lane & 1) ? "taken" : "not taken");
            if (!fresh) it->second = "several";  // ran more than once: no single outcome
          }
      }
    size_t checked = 0;
    for (const FeasiblePath& p : r_.paths)
      for (const Range& range : p.threads) {
        uint64_t end = all_ctas || !global ? range.end : std::min<uint64_t>(range.end, range.begin + 4096);
        for (uint64_t t = range.begin; t < end; ++t) {
          if (global && !all_ctas && !ran_ctas_.count(t / threads)) continue;
          for (const auto& [line, want] : p.outcomes) {
            uint32_t instruction = instruction_of.at(line);
            auto s = seen[instruction].find(t);
            std::string got = s == seen[instruction].end() ? "not reached" : s->second;
            if (got == "several") return;  // a loop: the path's sequence is not one outcome per branch
            if (got != want) {
              const BranchResult& b = *std::find_if(r_.branches.begin(), r_.branches.end(),
                                                    [&](const BranchResult& x) { return x.instruction == instruction; });
              contradiction(b, fmt::format("a feasible path says thread {} goes '{}' here, but in the replay it went '{}'",
                                           t, want, got));
              return;
            }
          }
          ++checked;
        }
      }
    r_.paths_validated = true;
    r_.paths_validation = fmt::format("replayed: {} thread(s) of the paths' ranges follow their paths", checked);
  }

  // The side of the clusters the replays launch along `d`: --cluster, else
  // the kernel's .reqnctapercluster, else one CTA.
  uint32_t cluster_side(int d) const {
    return o_.launch.cluster[d] ? o_.launch.cluster[d] : std::max(1u, k_.reqnctapercluster[d]);
  }

  // A launch the user gives to replay on must be one the verdicts speak
  // for; a run of any other would contradict nothing.
  void check_file_launches() const {
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
  std::optional<std::string> run_shape(const simt::Launch& l, Origin origin, const MadeUpMemory& memory = {}) {
    for (bool consumers_first : {false, true}) {
      if (consumers_first && !waits_on_mbarriers_) break;
      ShapeRun run;
      std::copy(l.block, l.block + 3, run.block);
      last_run_raced_shared_ = false;
      if (std::optional<std::string> fault = observe(l, {}, run.obs, origin, {}, memory, consumers_first))
        return consumers_first ? *fault + " (the run with slow copies, consumers first)" : *fault;
      run.raced_shared = last_run_raced_shared_;
      shape_runs_.push_back(std::move(run));
    }
    return std::nullopt;
  }

  // The launches given with --replay-launch, before any made-up one: a run
  // of each to its end, or an error (a real launch that faults is the
  // user's to see, not a shape to skip).
  void run_file_launches() {
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
  void run_shapes(int phase, bool before_queries = false, size_t most = SIZE_MAX) {
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

  // Every uniform and unreachable verdict against every shape that ran.
  void check_shapes() {
    std::map<uint32_t, size_t> seen;
    for (const ShapeRun& run : shape_runs_)
      for (BranchResult& b : r_.branches) {
        if (b.verdict != BranchVerdict::Uniform && b.verdict != BranchVerdict::Unreachable) continue;
        b.ranges.reset();
        size_t n = 0;
        Checking racy{checking_racy_launch_, run.raced_shared};
        check(b, run.obs, run.block, true, n);
        seen[b.instruction] += n;
      }
    for (BranchResult& b : r_.branches) {
      if (b.verdict != BranchVerdict::Uniform && b.verdict != BranchVerdict::Unreachable) continue;
      if (shape_runs_.empty()) {
        b.validation = fmt::format("no replay launch ran to the end ({} faulted; last: {})", shape_faults_,
                                   last_shape_fault_);
        continue;
      }
      std::string faults = shape_faults_ ? fmt::format(" ({} other launch(es) faulted)", shape_faults_) : "";
      std::string given = file_runs_ ? fmt::format(" ({} of them from --replay-launch)", file_runs_) : "";
      // A uniform verdict no replay ran is not re-derived by any execution:
      // on CUTLASS's grouped GEMM the made-up Params leave the group
      // scheduler without work, and 169 of 184 uniform verdicts were
      // "validated" by launches that never got there. (An unreachable
      // verdict is exactly what such launches confirm.)
      if (b.verdict == BranchVerdict::Uniform && seen[b.instruction] == 0) {
        auto other = other_executions_.find(b.instruction);
        if (other == other_executions_.end() || observed_splits_.count(b.instruction)) {
          // Why the others stopped, so that the user can tell a made-up
          // launch's dead end from the kernel's (the mangled name the
          // emulator's message ends with is cut).
          std::string why = last_shape_fault_.substr(0, last_shape_fault_.find(" (in _Z"));
          b.validation = fmt::format("none of the {} replayed launch(es) that meet the assumptions{} reached it{}",
                                     shape_runs_.size(), given,
                                     shape_faults_ ? fmt::format(" ({} other launch(es) faulted; the last: {})",
                                                                 shape_faults_, why)
                                                   : "");
          continue;
        }
        b.validated = true;
        b.validation = fmt::format(
            "none of the {} replayed shape launch(es) reached it{}; other made-up launches that meet the "
            "assumptions ran it (before their end, their step budget or a fault): {} warp execution(s), no split",
            shape_runs_.size(), faults, other->second);
        continue;
      }
      b.validated = true;
      b.validation = fmt::format("replayed {} launch(es) that meet the assumptions{}: {} warp execution(s) agree{}",
                                 shape_runs_.size(), given, seen[b.instruction], faults);
    }
  }

  // A .maxntid and no .reqntid: a block the kernel is written for, and
  // smaller ones it may be launched with.
  bool declares_block() const { return k_.maxntid[0] > 0 && k_.reqntid[0] == 0; }

  // The witness at the kernel's declared block (its .maxntid) instead of
  // the smaller one the model picked, its two lanes renumbered for it;
  // nothing when the block is given, required, already that, or the lanes
  // fall outside it or in two warps of it.
  std::optional<Witness> at_declared_block(const Witness& w) const {
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
  void replay_witness(BranchResult& b, bool harvest = false) {
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

  // Plans by phase: every open branch gets phase k's plans before any gets
  // phase k + 1's, so that the cheap, likely ones are not starved by the
  // budget.
  // The values the witness read in shared memory, at most two, those other
  // than zero first: which of its loads the model lists first is its own
  // choice (on examples/kernels/branches_tile_queue a model listed a bin
  // counter's 0 before the tile index that thread 0's atomicAdd
  // broadcasts, and the runs holding 0 never reached the tile).
  static std::vector<uint32_t> shared_values(const Witness& w) {
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

  std::vector<RandomDataPlan> fuzz_plans(const Witness& w, int phase) const {
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
  void explore() {
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
  static constexpr uint64_t kExplorationMaxRuns = 2000;
  // Warp instructions a harvesting random-data run goes on past its split.
  static constexpr uint64_t kHarvestTailSteps = uint64_t{1} << 16;
  static constexpr uint64_t kExplorationDryRuns = 256;
  static constexpr uint64_t kExplorationDrySteps = uint64_t{1} << 19;

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
  void fuzz_open_branches() {
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
  void harvest_from(const Witness& w) {
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
  static constexpr uint64_t kHarvestRunSteps = uint64_t{1} << 16;
  static constexpr size_t kHarvestDryWitnesses = 10;

  static bool open(const BranchResult& b) {
    return b.verdict == BranchVerdict::Unknown || (b.verdict == BranchVerdict::Divergent && !b.validated);
  }

  // Runs `b`'s witness launch under this phase's plans until one splits it;
  // false once the budget for random-data launches is spent. `harvest`:
  // each run goes on past that split, for the branches after it.
  bool fuzz_open_branch(const BranchResult& b, int phase, size_t& last_good_plan, bool harvest = false) {
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

  // A branch the solver could not decide, or whose witness no replay
  // reproduced, that some warp split at in a launch the replay ran is
  // divergent: the emulator saw it. Uniform and unreachable verdicts were
  // checked against the given and any-launch runs already.
  // The central rule: "divergent" is re-derived by a concrete run or it is
  // not said. A split the solver found but no replay reproduced (its witness
  // has pointers no replay can map: a grid so large that a 32-bit thread
  // index wraps; or the kernel's own values, where the witness left some
  // unset, did not split) is unknown, with why. A verdict whose replay
  // raced in shared memory keeps its own explanation (settle_races).
  void unsettle_unreproduced_splits() {
    for (BranchResult& b : r_.branches) {
      if (b.verdict != BranchVerdict::Divergent || b.validated || race_explained_.count(b.instruction)) continue;
      b.verdict = BranchVerdict::Unknown;
      b.reason = "unknown: the solver found two lanes that split here, but no concrete run reproduced the split";
      if (b.validation.empty()) b.validation = "no replay ran";
      b.witness.reset();
    }
  }

  void settle_by_observed_splits() {
    for (BranchResult& b : r_.branches) settle_if_observed(b);
  }
  void settle_if_observed(BranchResult& b) {
    auto it = observed_splits_.find(b.instruction);
    // A contradicted verdict stays unvalidated: the replay throws for it,
    // whatever another launch showed.
    if (!open(b) || b.indexed || it == observed_splits_.end() || contradicted_.count(b.instruction)) return;
    const ObservedSplit& s = it->second;
    std::string seen = seen_text(s);
    std::string before = b.verdict == BranchVerdict::Unknown ? b.reason : b.validation;
    b.witness = witness_of(s);
    b.verdict = BranchVerdict::Divergent;
    // Like a split seen before the queries: the witness is the run, whose
    // memory (random data) it does not carry.
    b.seen_split = true;
    b.replay_decides = false;
    b.validated = true;
    b.reason = "the emulator saw two lanes of one warp go different ways in a launch that meets the assumptions";
    b.validation = fmt::format("{}{}", seen, before.empty() ? "" : fmt::format(" (the solver alone: {})", before));
  }

  static std::string seen_text(const ObservedSplit& s) {
    return fmt::format("{} ({}) ran warp {} of block ({},{},{}) with lanes {} taking it and lanes {} not",
                       names(s.origin).split, s.launch, s.warp, s.cta[0], s.cta[1], s.cta[2],
                       lanes_text(s.taken), lanes_text(s.active & ~s.taken));
  }

  bool concrete() const { return o_.launch.concrete_block && o_.launch.concrete_grid; }

  bool has_conditional_branches() const {
    return std::any_of(k_.instructions.begin(), k_.instructions.end(),
                       [](const ptx::Instruction& i) { return analysis::is_conditional_branch(i); });
  }

  // The launch, CTA and warp of a run (its lanes not chosen).
  static Witness launch_of(const ObservedSplit& s) {
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
  static Witness witness_of(const ObservedSplit& s) {
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

  void downgrade_if_imprecise(BranchResult& b) {
    if (b.replay_decides) {
      b.verdict = BranchVerdict::Unknown;
      b.reason = fmt::format("unknown ({}): the solver found a split only through values it does not model exactly, "
                             "and no replay could check it",
                             fmt::join(b.imprecision, "; "));
    }
  }

  const ptx::Module& m_;
  const ptx::Function& k_;
  const BranchOptions& o_;
  KernelBranches& r_;
  const ReplayOptions& ro_;
  uint32_t index_;
  MadeUpLaunches launches_;
  simt::ProgramCache decoded_;  // the kernel decoded once for all its runs
  uint64_t steps_used_[std::size(kOrigins)] = {};  // warp instructions, by Origin
  std::set<uint64_t> ran_ctas_;
  // The any-launch shapes that ran to the end, with what each saw.
  struct ShapeRun {
    uint32_t block[3];
    Observations obs;
    bool raced_shared = false;  // the race detector saw a shared-memory race in it
  };
  // While a launch's observations are checked: whether it raced in shared
  // memory (contradiction() then asks whether the verdict relied on it).
  struct Checking {
    bool& flag;
    Checking(bool& f, bool value) : flag(f) { flag = value; }
    ~Checking() { flag = false; }
  };
  bool checking_racy_launch_ = false;
  bool last_run_raced_shared_ = false;  // set by observe() for the run it just did
  std::vector<ShapeRun> shape_runs_;  // the --replay-launch runs first, then the made-up shapes
  std::vector<const ReplayOptions::FileLaunch*> file_launches_;  // those of this kernel
  // The kernel waits on mbarriers: each launch that ends runs again with
  // slow copies (run_shape, replay_concrete).
  const bool waits_on_mbarriers_;
  size_t file_runs_ = 0;
  size_t shape_faults_ = 0;
  std::string last_shape_fault_;
  bool shapes_ran_ = false;  // the first phase ran before the queries
  std::set<uint32_t> witness_ran_;  // branches whose witness replay_now ran
  std::set<uint32_t> fuzzed_;       // branches whose random-data runs replay_now ran
  // Source positions (file, line, column, outer file and line) a copy of
  // which replay_now's random-data runs did not split.
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>> dry_families_;
  bool fuzz_spent_ = false;         // the random-data launches' budget is spent
  std::set<std::string> harvested_;  // the witness launches harvest_from ran
  size_t harvest_dry_ = 0;           // harvests in a row that showed no new split
  size_t last_good_plan_[2] = {SIZE_MAX, SIZE_MAX};  // per phase: the plan that last split a branch
  std::map<uint32_t, ObservedSplit> observed_splits_;  // branch instruction -> first split seen
  std::map<uint32_t, uint64_t> other_executions_;  // branch instruction -> executions by other made-up runs (observe)
  SeenRuns seen_;  // observed_splits_ as witnesses, and every branch some run executed
  std::vector<std::string> mismatches_;
  std::vector<RaceFinding> races_;  // with ReplayOptions::racecheck (each once)
  // Branches a racy launch contradicted, with what it showed (settle_races).
  std::map<uint32_t, std::string> race_explained_;
  // The shared-memory races of made-up launches reported so far: hazard and
  // the two instructions (one line for each, not one per launch shape).
  std::set<std::tuple<std::string, uint32_t, uint32_t>> made_up_races_;
  std::set<uint32_t> contradicted_;
  uint32_t first_bad_ = 0, first_bad_line_ = 0;
};

}  // namespace

void replay_branches(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options,
                     KernelBranches& result, const ReplayOptions& replay) {
  Replayer(m, kernel, options, result, replay).run();
}

void replay_cached_verdicts(const ptx::Module& m, const ptx::Function& kernel, const BranchOptions& options,
                            const KernelBranches& cached, const ReplayOptions& replay, size_t shapes) {
  BranchOptions o = options;
  apply_launch_directives(kernel, o.launch);
  ReplayOptions ro = replay;
  ro.fault = ReplayFault::None;
  KernelBranches copy = cached;
  Replayer(m, kernel, o, copy, ro).check_cached(cached, shapes);
}

KernelBranches check_kernel_branches(const ptx::Module& m, const ptx::Function& kernel, BranchOptions& options,
                                     const ReplayOptions* replay) {
  apply_launch_directives(kernel, options.launch);
  SmtStatus exists = launch_exists(m, kernel, options);
  if (exists != SmtStatus::Sat && exists != SmtStatus::Unsat)
    throw NoAnswerError(fmt::format("could not decide whether any launch of {} meets the assumptions (the solver's "
                                    "answer: {}; raise --timeout-ms)",
                                    short_kernel_name(kernel.name), to_string(exists)));
  if (exists == SmtStatus::Unsat) {
    std::vector<std::string> texts;
    // Long assumptions (thousands of terms) are cut: the message must stay readable.
    for (const Assumption& a : options.launch.assumptions)
      texts.push_back(a.text.size() <= 160 ? a.text : a.text.substr(0, 160) + fmt::format("... ({} characters)", a.text.size()));
    throw command_line_error(fmt::format("no launch of {} meets the launch description and the assumptions ({})",
                                         short_kernel_name(kernel.name), fmt::join(texts, "; ")));
  }
  // The loops' inductions, shared by every encoding of this kernel (both
  // passes); the options point at it only while the kernel is analysed.
  InductionMemo memo;
  memo.answers = options.answers;
  struct Lend {
    BranchOptions& o;
    ~Lend() { o.encoding.induction_memo = nullptr; }
  } lend{options};
  options.encoding.induction_memo = &memo;
  if (!replay) {
    KernelBranches result = analyse_branches(m, kernel, options);
    refine_open_branches(m, kernel, options, result);
    return result;
  }
  // The emulator first: the splits its made-up launches show are settled
  // by one pinned query each instead of a witness search and its replay.
  KernelBranches result;
  Replayer replayer(m, kernel, options, result, *replay);
  const SeenRuns& seen = replayer.run_before_queries();
  result = analyse_branches(m, kernel, options, &seen, [&](BranchResult& b) { replayer.replay_now(b); });
  replayer.run();
  // Exact floats and linked stores only for what the replay left open (its
  // random-data runs settle most data-dependent float branches in
  // milliseconds); the verdicts they change are replayed in turn.
  std::vector<size_t> changed = refine_open_branches(m, kernel, options, result);
  if (changed.empty()) return result;
  KernelBranches again;
  again.name = result.name;
  again.function = result.function;
  again.assumptions = result.assumptions;
  // The parameter values of a concrete launch the first replay ran with: a
  // replay without them ran every scalar at 0 and called a launch that
  // breaks `--assume 'tile == ntid.x'` a contradiction (exit 3).
  again.chosen_parameters = result.chosen_parameters;
  again.parameters_note = result.parameters_note;
  again.fixed_parameters = result.fixed_parameters;
  for (size_t i : changed) again.branches.push_back(result.branches[i]);
  replay_branches(m, kernel, options, again, *replay);
  for (size_t k = 0; k < changed.size(); ++k) result.branches[changed[k]] = std::move(again.branches[k]);
  for (RaceFinding& f : again.races)
    if (std::find(result.races.begin(), result.races.end(), f) == result.races.end()) result.races.push_back(std::move(f));
  mark_race_conditional(result, options);
  return result;
}

std::string branch_query_smt2(const ptx::Module& m, const ptx::Function& kernel, uint32_t branch,
                              const BranchOptions& options) {
  z3::context c;
  analysis::FunctionAnalysis a = analysis::analyse_function(kernel, m.source);
  BranchEncoding e = encode_branch(c, m, kernel, a, branch, options.launch, options.encoding);
  z3::solver s(c, z3::solver::simple());
  for (const z3::expr& b : e.base) s.add(b);
  s.add(e.same_warp);
  z3::expr_vector splits(c);
  for (const BranchInstance& i : e.instances) splits.push_back(split_at(e, i));
  s.add(splits.empty() ? c.bool_val(false) : z3::mk_or(splits));
  return fmt::format("; warpsat: can two lanes of one warp go different ways at PTX line {} of {}?\n{}",
                     kernel.instructions[branch].pos.line, kernel.name, s.to_smt2());
}

}  // namespace warpsat
