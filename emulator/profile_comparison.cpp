#include "emulator/profile_comparison.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace warpsat {

namespace {

// Why the two columns differ. The emulator counts PTX, a virtual ISA; the GPU
// runs the SASS ptxas made of it, and ncu counts that.
constexpr const char* kWhyInstructions =
    "ptxas removes PTX moves, conversions and parameter loads (SASS reads kernel parameters from the constant "
    "bank) and fuses mul+add into IMAD or FFMA, which lowers the SASS count; it splits 64-bit address arithmetic "
    "into 32-bit halves (IADD3/IADD3.X, LEA/LEA.HI.X) and adds reconvergence (BSSY/BSYNC) and EXIT instructions, "
    "which raises it; it may also unroll loops (fewer compare-and-branch instructions per iteration) and turn short "
    "branches into predicated instructions.";
constexpr const char* kWhyThreadInstructions =
    "the lowering of warp instructions, weighted by active lanes; besides, a short if-body that ptxas predicates "
    "instead of branching around runs on every active lane (predicated off where the condition fails), so SASS "
    "counts more thread instructions there than the PTX branch, where only the lanes that took it were active.";
constexpr const char* kWhyPredicatedOn =
    "only lanes whose guard held: if-converted code counts where its predicate is true, as the PTX branch did, so "
    "this ratio is usually closer to 1 than that of thread instructions.";
constexpr const char* kWhyWarps =
    "warps launched depend only on the launch (grid and block), not on the ISA: the two must agree.";
constexpr const char* kWhyBranchInstructions =
    "ncu counts SASS control-flow instructions (BRA, BRX, JMP, JMX, CALL, RET, ...), the emulator PTX bra and brx: "
    "ptxas removes branches by predication, adds or removes loop branches when it unrolls or rotates a loop, and "
    "may add BRA instructions where the PTX falls through.";
constexpr const char* kWhyTargets =
    "ncu counts branch targets: one per uniform execution, one per distinct target (taken and fall-through) of a "
    "divergent one; the emulator column converts its PTX branch executions the same way (uniform 1, divergent 2, a "
    "divergent brx at least 2). `bra.uni` stays a branch in SASS (BRA.U); branches ptxas predicates away disappear; "
    "the reconvergence ptxas adds around divergent regions (BSSY/BSYNC on Volta and later, SSY/SYNC before) may "
    "add targets of its own.";
constexpr const char* kWhyDivergent =
    "divergence is decided by the data and the launch, not the ISA, so PTX and SASS agree unless ptxas turned a "
    "divergent branch into predicated code (the GPU then counts no divergent target there) or duplicated it by "
    "unrolling; the emulator counts 2 divergent targets (taken and fall-through) per divergent PTX branch.";
constexpr const char* kWhyUniform =
    "uniform branch executions, one target each: most PTX-versus-SASS differences in branch targets land here "
    "(loop branches unrolled or rotated by ptxas, branches removed by predication, extra BRA or BSYNC in SASS).";
constexpr const char* kWhyFlops =
    "ncu's FLOPs are add + mul + 2 fma thread instructions whose predicate held (nvprof's flop_count); the "
    "emulator counts add, sub, mul 1 and fma, mad 2 on the PTX. FMA contraction (ptxas fusing a mul and an add "
    "without a rounding modifier into one FMA) lowers the instruction count but not the FLOPs (1 + 1 = 2). What "
    "differs: div, sqrt and rcp without .approx become FFMA/FMUL sequences (Newton iterations) that ncu counts as "
    "FLOPs and the emulator as special functions (flops_special); neg and abs may become FADD in SASS.";
constexpr const char* kWhyHalf =
    " Packed f16x2 instructions (HADD2, HFMA2) may count once in ncu's counters, where the emulator counts both "
    "halves.";

// ncu names a metric per SM sub-partition (smsp__) or per SM (sm__); their
// .sum is the same count, so either is accepted.
std::vector<std::string> names(const std::string& base) { return {"smsp__" + base, "sm__" + base}; }

struct Count {
  const char* key;
  const char* label;
  std::vector<std::string> ncu_names;
  uint64_t (*emulator)(const simt::KernelMetrics&);
  const char* why;
};

const std::vector<Count>& counts() {
  static const std::vector<Count> kCounts = {
      {"warp_instructions", "warp instructions", names("inst_executed.sum"),
       [](const simt::KernelMetrics& k) { return k.warp_instructions; }, kWhyInstructions},
      {"thread_instructions", "thread instructions", names("thread_inst_executed.sum"),
       [](const simt::KernelMetrics& k) { return k.thread_instructions; }, kWhyThreadInstructions},
      {"thread_instructions_predicated_on", "thread instr, pred on", names("thread_inst_executed_pred_on.sum"),
       [](const simt::KernelMetrics& k) { return k.thread_instructions_predicated_on; }, kWhyPredicatedOn},
      {"warps_launched", "warps launched", names("warps_launched.sum"),
       [](const simt::KernelMetrics& k) { return k.warps; }, kWhyWarps},
      {"branch_instructions", "branch instructions", names("sass_inst_executed_op_branch.sum"),
       [](const simt::KernelMetrics& k) { return k.branches; }, kWhyBranchInstructions},
      {"branch_targets", "branch targets", names("sass_branch_targets.sum"),
       [](const simt::KernelMetrics& k) { return k.branches + k.divergent_branches; }, kWhyTargets},
      {"divergent_targets", "divergent targets", names("sass_branch_targets_threads_divergent.sum"),
       [](const simt::KernelMetrics& k) { return 2 * k.divergent_branches; }, kWhyDivergent},
      {"uniform_targets", "uniform targets", names("sass_branch_targets_threads_uniform.sum"),
       [](const simt::KernelMetrics& k) { return k.branches - k.divergent_branches; }, kWhyUniform},
  };
  return kCounts;
}

struct Precision {
  const char* key;
  const char* label;
  const char* ops[3];  // add, mul, fma
  size_t index;        // in KernelMetrics::flops
};
constexpr Precision kPrecisions[] = {
    {"flops_half", "FLOPs half", {"hadd", "hmul", "hfma"}, 0},
    {"flops_single", "FLOPs single", {"fadd", "fmul", "ffma"}, 1},
    {"flops_double", "FLOPs double", {"dadd", "dmul", "dfma"}, 2},
};
std::string op_metric(const char* op) { return fmt::format("sass_thread_inst_executed_op_{}_pred_on.sum", op); }

const char* const kWhyMemory =
    "the emulator counts the PTX's accesses: ptxas may merge neighbouring loads into vector ones (fewer requests), "
    "spill registers to local memory, or keep a value in a register instead of reloading it; sectors are what L1 is "
    "asked for, hit or miss; 8- and 16-byte shared accesses are modelled in phases of 16 and 8 lanes";

const char* const kWhyTma =
    "the emulator counts each TMA copy's box as the tensor map lays it out (elements outside the tensor read nothing); "
    "ncu counts the SASS instructions (one per issuing thread) and the crossbar traffic at the SM, a multicast load at "
    "every destination; the names come from public sm_90 profiling scripts, not NVIDIA's published metric reference";

const std::vector<std::string> kEfficiencyNames = names("sass_average_branch_targets_threads_uniform.pct");
const std::vector<std::string> kLaunchNames = {"launch__grid_size", "launch__block_size", "launch__thread_count"};

const NcuMetric* find_any(const NcuLaunch& row, const std::vector<std::string>& candidates) {
  for (const std::string& n : candidates)
    if (const NcuMetric* m = row.find(n)) return m;
  return nullptr;
}

std::string difference(double ncu, double emulator) {
  if (ncu == emulator) return "equal";
  if (emulator == 0) return "the emulator counted none";
  if (ncu == 0) return "ncu counted none";
  double pct = 100.0 * std::fabs(ncu - emulator) / emulator;
  return fmt::format("ncu {:.1f}% {}", pct, ncu > emulator ? "more" : "fewer");
}

ComparedMetric compared(std::string key, std::string label, std::string ncu_metric, double ncu, double emulator,
                        std::string note) {
  ComparedMetric c{std::move(key), std::move(label), std::move(ncu_metric),     ncu,
                   emulator,       std::nullopt,     difference(ncu, emulator), std::move(note)};
  if (ncu != 0)
    c.ratio = emulator / ncu;
  else if (emulator == 0)
    c.ratio = 1.0;
  return c;
}

std::string dims_text(const uint32_t (&d)[3]) { return fmt::format("{}x{}x{}", d[0], d[1], d[2]); }

// The profile's grid and block must be the launch's: otherwise the two sides
// measured different work and every ratio would be meaningless.
void check_launch(const NcuProfile& p, const NcuLaunch& row, const simt::KernelMetrics& k, const std::string& launch,
                  std::vector<std::string>& checked) {
  auto check_dims = [&](const std::optional<NcuDims>& d, const uint32_t(&want)[3], const char* column,
                        const char* what) {
    if (!d) return;
    if (d->xyz[0] != want[0] || d->xyz[1] != want[1] || d->xyz[2] != want[2])
      p.fail(d->line, d->column,
             fmt::format("the profile's {} ({}, {}, {}) contradicts the {} {} of {}", what, d->xyz[0], d->xyz[1],
                         d->xyz[2], what, dims_text(want), launch));
    checked.push_back(column);
  };
  check_dims(row.block, k.block, "Block Size", "block");
  check_dims(row.grid, k.grid, "Grid Size", "grid");
  const uint64_t blocks = uint64_t{k.grid[0]} * k.grid[1] * k.grid[2];
  const uint64_t threads = uint64_t{k.block[0]} * k.block[1] * k.block[2];
  const std::pair<const char*, uint64_t> totals[] = {
      {"launch__grid_size", blocks}, {"launch__block_size", threads}, {"launch__thread_count", blocks * threads}};
  for (const auto& [name, want] : totals) {
    const NcuMetric* m = row.find(name);
    if (!m) continue;
    double v = p.number(*m);
    if (v != static_cast<double>(want))
      p.fail(m->line, m->column,
             fmt::format("the profile's {} = {} contradicts {}: grid {} and block {} give {}", name, m->value, launch,
                         dims_text(k.grid), dims_text(k.block), want));
    checked.push_back(name);
  }
}

}  // namespace

ProfileComparison compare_profile(const NcuProfile& p, const NcuLaunch& row, const simt::KernelMetrics& k,
                                  const std::string& launch_source) {
  ProfileComparison out;
  check_launch(p, row, k, launch_source, out.launch_checked);
  std::vector<std::string> known(kLaunchNames);
  known.insert(known.end(), kEfficiencyNames.begin(), kEfficiencyNames.end());

  for (const Count& c : counts()) {
    known.insert(known.end(), c.ncu_names.begin(), c.ncu_names.end());
    const NcuMetric* m = find_any(row, c.ncu_names);
    if (!m) continue;
    out.metrics.push_back(compared(c.key, c.label, m->name, p.number(*m), static_cast<double>(c.emulator(k)), c.why));
  }

  // Memory (docs/emulator.md, "Memory metrics"): requests, sectors or
  // wavefronts and bank conflicts of each class, where the profile has them.
  for (size_t i = 0; i < simt::kMemClassCount; ++i) {
    auto cls = static_cast<simt::MemClass>(i);
    const simt::AccessCounters& a = k.memory[cls];
    bool shared = simt::is_shared(cls), bulk = simt::is_bulk(cls);
    const char* counted = cls == simt::MemClass::SharedTmaWrite ? "box_sectors" : shared ? "wavefronts" : "sectors";
    struct Row {
      const char* metric;
      uint64_t value;
      const char* key;
    };
    const Row rows[] = {{simt::ncu_requests_metric(cls), a.requests, bulk ? "copies" : "requests"},
                        {simt::ncu_sectors_metric(cls), simt::ncu_sectors_value(cls, a), counted},
                        {simt::ncu_bank_conflicts_metric(cls), a.bank_conflicts(), "bank_conflicts"},
                        {simt::ncu_bytes_metric(cls), simt::ncu_bytes_value(cls, a), "bytes"}};
    for (const Row& r : rows) {
      if (!*r.metric) continue;
      known.push_back(r.metric);
      const NcuMetric* m = row.find(r.metric);
      if (!m || !k.memory.measured) continue;
      std::string name = m->name;
      double value = p.number(*m);
      // The emulator's global atomics include red (no result); ncu counts
      // those apart, under op_red.
      if (cls == simt::MemClass::GlobalAtomic) {
        std::string red(r.metric);
        red.replace(red.find("_op_atom"), 8, "_op_red");
        known.push_back(red);
        if (const NcuMetric* mr = row.find(red)) {
          name += " + " + mr->name;
          value += p.number(*mr);
        }
      }
      std::string what(r.key);
      std::replace(what.begin(), what.end(), '_', ' ');
      out.metrics.push_back(compared(fmt::format("{}_{}", simt::mem_class_key(cls), r.key),
                                     fmt::format("{} {}", simt::mem_class_name(cls), what), name, value,
                                     static_cast<double>(r.value), bulk ? kWhyTma : kWhyMemory));
    }
  }

  for (const Precision& pr : kPrecisions) {
    const NcuMetric* ops[3] = {};
    std::vector<std::string> missing;
    for (size_t i = 0; i < 3; ++i) {
      std::vector<std::string> n = names(op_metric(pr.ops[i]));
      known.insert(known.end(), n.begin(), n.end());
      ops[i] = find_any(row, n);
      if (!ops[i]) missing.push_back(pr.ops[i]);
    }
    const uint64_t emulated = k.flops[pr.index];
    if (missing.size() == 3) {
      if (emulated)
        out.remarks.push_back(
            fmt::format("{}: the emulator counted {}, but the profile has no {}/{}/{} metrics (collect "
                        "smsp__sass_thread_inst_executed_op_{{{},{},{}}}_pred_on.sum)",
                        pr.label, emulated, pr.ops[0], pr.ops[1], pr.ops[2], pr.ops[0], pr.ops[1], pr.ops[2]));
      continue;
    }
    if (!missing.empty()) {
      out.remarks.push_back(fmt::format("{} not compared: the profile lacks the {} metric(s), so its FLOPs are unknown",
                                        pr.label, fmt::join(missing, ", ")));
      continue;
    }
    double ncu = p.number(*ops[0]) + p.number(*ops[1]) + 2 * p.number(*ops[2]);
    // "fadd + fmul + 2 ffma, sm__sass_thread_inst_executed_op_*_pred_on.sum"
    std::string formula = fmt::format("{} + {} + 2 {}, {}", pr.ops[0], pr.ops[1], pr.ops[2],
                                      ops[0]->name.substr(0, ops[0]->name.find("sass_")) + op_metric("*"));
    std::string why = kWhyFlops;
    if (pr.index == 0) why += kWhyHalf;
    out.metrics.push_back(compared(pr.key, pr.label, formula, ncu, static_cast<double>(emulated), why));
  }

  BranchEfficiencies& e = out.branch_efficiency;
  e.emulator_executions = k.branch_efficiency();
  const uint64_t targets = k.branches + k.divergent_branches;
  e.emulator_targets = targets ? 100.0 * static_cast<double>(k.branches - k.divergent_branches) / targets : 100.0;
  const NcuMetric* t = find_any(row, names("sass_branch_targets.sum"));
  const NcuMetric* u = find_any(row, names("sass_branch_targets_threads_uniform.sum"));
  if (t && u) {
    double tv = p.number(*t);
    e.ncu = tv > 0 ? 100.0 * p.number(*u) / tv : 100.0;
  }
  if (const NcuMetric* r = find_any(row, kEfficiencyNames)) e.ncu_reported = p.number(*r);

  for (const NcuMetric& m : row.metrics)
    if (std::find(known.begin(), known.end(), m.name) == known.end()) out.other_metrics.push_back(m);
  if (out.metrics.empty())
    out.remarks.push_back(
        "the profile has none of the metrics warpsat compares (smsp__inst_executed.sum, "
        "smsp__thread_inst_executed.sum, smsp__sass_branch_targets*.sum, "
        "smsp__sass_thread_inst_executed_op_*_pred_on.sum)");
  return out;
}

}  // namespace warpsat
