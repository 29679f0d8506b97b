#include "cli/branches_run.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <thread>

#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "emulator/simt/launch.h"
#include "frontend/analysis/called_functions.h"
#include "frontend/diagnostics.h"
#include "frontend/kernel_names.h"
#include "frontend/kernel_source.h"
#include "frontend/source_condition.h"
#include "frontend/launch_file.h"
#include "cli/branch_cache.h"
#include "cli/kernel_processes.h"
#include "cli/shard.h"
#include "cli/option_checks.h"
#include "solver/branch_replay.h"
#include "solver/branch_wire.h"
#include "cli/progress.h"
#include "frontend/parallel.h"

namespace warpsat::cli {

namespace {

void dimensions(const char* option, const std::vector<uint32_t>& given, uint32_t out[3]) {
  if (given.size() > 3) throw command_line_error(fmt::format("{} takes at most three sizes, X,Y,Z", option));
  for (size_t i = 0; i < 3; ++i) out[i] = i < given.size() ? given[i] : 1;
}

// The hardware's limits (compute capability 7.0 and later).
void check_block(const uint32_t b[3]) {
  uint64_t threads = uint64_t{b[0]} * b[1] * b[2];
  if (b[0] < 1 || b[1] < 1 || b[2] < 1 || b[0] > 1024 || b[1] > 1024 || b[2] > 64 || threads > 1024)
    throw command_line_error(fmt::format("block {}x{}x{} is not a block a GPU can launch (each size >= 1; x, y <= "
                                         "1024, z <= 64, x*y*z <= 1024)",
                                         b[0], b[1], b[2]));
}
void check_grid(const uint32_t g[3]) {
  if (g[0] < 1 || g[1] < 1 || g[2] < 1 || g[0] > 0x7fffffffu || g[1] > 65535 || g[2] > 65535)
    throw command_line_error(fmt::format("grid {}x{}x{} is not a grid a GPU can launch (each size >= 1; x < 2^31, "
                                         "y, z <= 65535)",
                                         g[0], g[1], g[2]));
}

}  // namespace

void add_branch_analysis_options(CLI::App* sub, BranchesOptions& o) {
  sub->add_option("--kernel", o.kernel,
                  "only this kernel: its mangled or demangled name, its short name as output shows it, or a part of "
                  "one that names no other kernel");
  sub->add_flag("--full-names", o.full_names,
                "name kernels by their mangled names (default: demangled and shortened, as Nsight Compute does)");
  sub->add_option("--launch", o.launch, "a launch description (.toml): concrete block, grid and scalar parameters");
  sub->add_option("--replay-launch", o.replay_launches,
                  "a launch description (.toml) the verdicts are also replayed on, beside the launches the replay makes "
                  "up: its kernel's verdicts still hold for every launch, and this one must meet the assumptions "
                  "(repeatable; a file for a kernel not analysed is not run)")
      ->check(CLI::ExistingFile);
  add_shape_option(sub, "--block", o.block, "concrete block, 16x16 or 16,16");
  add_shape_option(sub, "--grid", o.grid, "concrete grid, 4x2 or 4,2");
  sub->add_flag("--symbolic-launch", o.symbolic, "any block and grid the hardware allows (the default without --block/--launch)");
  sub->add_flag("--declared-block", o.declared_block,
                "a kernel that declares .maxntid (__launch_bounds__) runs with exactly that block, as library kernels "
                "with a compile-time block size (CUB's) require");
  sub->add_option("--dynamic-shared-bytes", o.dynamic_shared_bytes,
                  "dynamic shared memory of the replays' launches (default: a launch file's, else the most a block "
                  "may have on the PTX's .target, 227 KiB on sm_90, less the static shared memory)")
      ->check(CLI::Range(uint64_t{0}, uint64_t{1} << 20));
  add_shape_option(sub, "--cluster", o.cluster,
                   "thread-block clusters the kernel is launched with, 4x2 or 4,2 (CUTLASS's compile-time ClusterShape; "
                   "default: its .reqnctapercluster, else one CTA): the replays' launches use them, and grids are "
                   "whole clusters (an assumption on nctaid)");
  sub->add_option("--assume", o.assume, "an assumption such as 'ntid.x % 32 == 0' (repeatable)");
  sub->add_option("--timeout-ms", o.timeout_ms, "per-query solver timeout (the 32-lane retry for shuffles gets twice this)")->capture_default_str();
  sub->add_option("--exact-float-budget-ms", o.exact_float_budget_ms,
                  "time per kernel for asking again, with exact IEEE terms, branches floating point left undecided (0: never)")
      ->capture_default_str();
  sub->add_option("--linked-store-budget-ms", o.linked_store_budget_ms,
                  "time per kernel for asking again, with shared loads tied to the stores before their barrier, "
                  "branches shared memory alone left undecided (0: never)")
      ->capture_default_str();
  sub->add_option("--unroll", o.unroll, "loop iterations unrolled before values carried around a loop are abstracted")
      ->capture_default_str();
  sub->add_option("--seed", o.seed, "solver random seed")->capture_default_str();
  sub->add_option("--dump-smt2", o.dump_dir, "write every query to DIR as a named .smt2 file");
  sub->add_option("--max-ranges", o.max_ranges,
                  "thread-id intervals reported per branch with a concrete launch (0: none)")
      ->capture_default_str();
  sub->add_option("--max-paths", o.max_paths, "feasible paths reported per kernel with a concrete launch (0: none)")
      ->capture_default_str();
  sub->add_flag("--racecheck", o.racecheck,
                "run the launches the verdicts are replayed on with the race detector: races are listed apart "
                "(the given launch's, made-up launches'), verdicts that assume none are marked conditional, exit 1");
  sub->add_flag("--no-race-free", o.no_race_free,
                "do not assume the kernel is free of data races: shared-memory loads after a barrier stay per thread");
  sub->add_flag("--undefined-per-thread", o.no_undefined_shared,
                "a register read before it is written is any value in each thread, instead of one value in every "
                "thread (what a source that never branches on an uninitialised variable allows)");
  sub->add_flag("--no-warp-waits", o.no_warp_waits,
                "each lane's mbarrier.try_wait/test_wait result is its own, instead of one for the lanes of a warp "
                "that wait together on the same barrier and phase");
  sub->add_option("-j,--jobs", o.jobs, "kernels analysed at once, each on its own thread (output stays in module order)")
      ->capture_default_str()
      ->check(CLI::Range(1u, std::max(1u, std::thread::hardware_concurrency()) * 4));
  sub->add_flag("--per-branch-encoding", o.per_branch_encoding,
                "encode each branch's slice on its own instead of one encoding per kernel (slower; for comparison)");
  sub->add_flag("--fresh-solver-per-query", o.fresh_solver_per_query,
                "ask each query on a new solver instead of the encoding's incremental one (slower; for comparison)");
  sub->add_flag("--exact-divisions", o.exact_divisions,
                "bit-blast divisions by a non-constant in every query instead of abstracting them until a model needs "
                "them exact (slower; for comparison)");
  sub->add_flag("--reached-launch-first", o.reached_launch_first,
                "ask every branch first for a split in the launch a replay reached it in, its struct bytes free "
                "(by default only copies of a source line whose divergence query had no answer do; for comparison)");
  sub->add_flag("--bitblast-first", o.bitblast_first,
                "ask every branch first for a split in the exact query bit-blasted, divisions and products exact (by "
                "default only branches whose divergence query had no answer are; for tests and comparison)");
  sub->add_flag("--no-thread-variance", o.no_thread_variance,
                "ask the solver about every branch, also those whose condition depends on no value that can differ "
                "between two lanes of a warp (by default a run reaching such a branch settles it; for comparison)");
  sub->add_flag("--confirm-seen-splits", o.confirm_seen_splits,
                "also ask each branch's encoding, pinned to the run in which the emulator saw a warp split there, to "
                "allow that split (a check of the encoding; the verdict is the run's either way)");
  sub->add_flag("--in-process", o.in_process,
                "analyse every kernel in this process (-j N: on threads) instead of a child process per kernel: "
                "for debuggers and profilers");
  sub->add_flag("--stats", o.stats,
                "print to stderr where the time went: each kind of solver query, the loop induction, encodings, "
                "replays, freeing Z3 contexts");
  sub->add_flag("--no-replay", o.no_replay, "do not replay verdicts on the emulator (reported as not validated)");
  sub->add_option("--cache", o.cache,
                  "keep each kernel's verdicts in this SQLite file, and take those of a kernel answered before under "
                  "the same options (replayed first unless --trust-cache; docs/distributed.md)")
      ->envname("WARPSAT_CACHE");
  sub->add_flag("--trust-cache", o.trust_cache, "take cached verdicts without replaying them");
}

// --kernel naming a device function (.func) rather than a kernel: the
// kernels that reach it by calls, whose tables list its branches (as not
// analysed, cli/branch_callees.h). "" when the query names no one function
// (the kernel error then lists the candidates); an error when no kernel
// calls the function.
static std::string select_callers(const ptx::Module& m, const std::string& query, std::vector<const ptx::Function*>& kernels) {
  std::vector<const ptx::Function*> functions;
  std::vector<std::string> names;
  for (const ptx::Function& f : m.functions)
    if (!f.is_entry && f.has_body) functions.push_back(&f), names.emplace_back(f.name);
  std::vector<size_t> hits = match_kernel_names(names, query);
  if (hits.size() != 1) return "";
  const ptx::Function* wanted = functions[hits[0]];
  std::vector<const ptx::Function*> callers;
  std::vector<std::string> caller_names;
  for (const ptx::Function* k : kernels)
    for (const analysis::CalledFunction& c : analysis::called_functions(m, *k))
      if (c.function == wanted) {
        callers.push_back(k);
        caller_names.push_back(short_kernel_name(k->name));
      }
  if (callers.empty())
    throw command_line_error(fmt::format("--kernel {}: {} is a device function (.func) that no kernel of {} calls",
                                         query, short_kernel_name(wanted->name), m.source));
  kernels = callers;
  return fmt::format("--kernel {}: {} is a device function (.func), not a kernel; the kernel(s) that call it: {}",
                     query, short_kernel_name(wanted->name), fmt::join(caller_names, ", "));
}

// What a child process may hold before it frees Z3 contexts as a process
// that lives on would (issue 12's bound for a whole module: 1 GB). Freeing
// is what costs: Z3 4.8.12 frees a context that held deep terms in time
// superlinear in their depth (CUB's privatized histogram sweep: 10 s for
// its largest union, past the 448 MiB this was before), while a context
// kept adds nothing to a peak the kernel's largest encoding set already.
// 3 GiB since CUTLASS's FP8 GEMM (example 54): past 768 MiB it spent about
// half its CPU time in Z3 freeing two contexts (about 100 s of 196 s user),
// and kept, its peak is 1.9 GB instead of 1.5 GB; no CUB kernel comes near
// either bound. More where the machine has it (a quarter of its memory over
// the children at once): example 49's stream-K kernel passes 3 GiB with its
// launch files, then freed six contexts in 17 s of its 61 s; kept, 41 s, and
// its peak went from 3.65 to 3.94 GB.
constexpr uint64_t kKeepContextsBelowBytes = uint64_t{3} << 30;

namespace {
uint64_t keep_contexts_below(unsigned jobs) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return kKeepContextsBelowBytes;
  const uint64_t share = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 4 / std::max(jobs, 1u);
  return std::max(kKeepContextsBelowBytes, share);
}
}  // namespace

ModuleBranches analyse_module_branches(const ptx::Module& m, const BranchesOptions& o, TimeStats* stats) {
  BranchOptions bo;
  bo.encoding.stats = stats;
  bo.launch.declared_block = o.declared_block;
  bo.solver = SolverOptions{o.timeout_ms, o.seed, o.dump_dir};
  bo.exact_float_budget_ms = o.exact_float_budget_ms;
  bo.linked_store_budget_ms = o.linked_store_budget_ms;
  bo.encoding.unroll = o.unroll;
  bo.encoding.race_free = !o.no_race_free;
  bo.encoding.undefined_registers_shared = !o.no_undefined_shared;
  bo.encoding.warp_waits_agree = !o.no_warp_waits;
  bo.encoding.one_per_kernel = !o.per_branch_encoding;
  bo.incremental = !o.fresh_solver_per_query;
  bo.lazy_divisions = !o.exact_divisions;
  bo.confirm_seen_splits = o.confirm_seen_splits;
  bo.reached_launch_first = o.reached_launch_first;
  bo.bitblast_first = o.bitblast_first;
  bo.thread_variance = !o.no_thread_variance;
  bo.max_ranges = o.max_ranges;
  bo.max_paths = o.max_paths;
  std::vector<const ptx::Function*> kernels;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry && f.has_body) kernels.push_back(&f);
  if (kernels.empty()) throw command_line_error("no kernels in " + o.file);
  std::string selection_note;
  if (!o.kernel.empty()) {
    std::vector<std::string> names;
    for (const ptx::Function* f : kernels) names.emplace_back(f->name);
    if (match_kernel_names(names, o.kernel).empty()) selection_note = select_callers(m, o.kernel, kernels);
    if (selection_note.empty()) kernels = {kernels[select_kernel_name(names, o.kernel, "kernel", o.file)]};
  }
  if (!o.launch.empty() && (!o.block.empty() || !o.grid.empty() || o.symbolic))
    throw command_line_error("--launch fixes the block and grid: give it without --block, --grid or --symbolic-launch");
  if (o.declared_block && (!o.launch.empty() || !o.block.empty()))
    throw command_line_error("--declared-block takes each kernel's block from its .maxntid: give it without --launch or --block");
  if (!o.launch.empty() && !o.replay_launches.empty())
    throw command_line_error("--launch replays the verdicts on its own launch: give --replay-launch without it");
  if (o.symbolic && (!o.block.empty() || !o.grid.empty()))
    throw command_line_error("--symbolic-launch leaves the block and grid free: give it without --block or --grid");
  std::optional<LaunchFile> lf;
  std::optional<simt::Launch> given_launch;  // the file's whole launch: buffers, struct bytes, tensor maps, cluster
  if (!o.launch.empty()) {
    lf = read_launch_file(o.launch);
    simt::Launch l = simt::launch_from_file(m, *lf);
    given_launch = l;
    kernels = {&simt::find_kernel(m, l.kernel)};
    bo.launch.concrete_block = bo.launch.concrete_grid = true;
    std::copy(l.block, l.block + 3, bo.launch.block);
    std::copy(l.grid, l.grid + 3, bo.launch.grid);
    for (const auto& p : lf->params)
      bo.launch.param_values.push_back(p.scalar ? std::optional<uint64_t>(p.scalar->bits) : std::nullopt);
    if (lf->dynamic_shared_given) bo.launch.dynamic_shared_bytes = lf->dynamic_shared_bytes;
  } else {
    if (!o.block.empty()) {
      bo.launch.concrete_block = true;
      dimensions("--block", o.block, bo.launch.block);
    }
    if (!o.grid.empty()) {
      bo.launch.concrete_grid = true;
      dimensions("--grid", o.grid, bo.launch.grid);
    }
  }
  if (o.dynamic_shared_bytes) {
    if (lf && lf->dynamic_shared_given)
      throw command_line_error("--dynamic-shared-bytes: the launch file gives dynamic_shared_bytes already");
    bo.launch.dynamic_shared_bytes = o.dynamic_shared_bytes;
  }
  std::vector<std::string> assume = o.assume;
  if (!o.cluster.empty()) {
    if (lf) throw command_line_error("--cluster: the launch file gives the cluster (cluster = [x, y, z])");
    dimensions("--cluster", o.cluster, bo.launch.cluster);
    const uint32_t* c = bo.launch.cluster;
    if (c[0] < 1 || c[1] < 1 || c[2] < 1 || c[0] * c[1] * c[2] > 16)
      throw command_line_error(fmt::format("--cluster {}x{}x{}: a cluster holds 1 to 16 CTAs", c[0], c[1], c[2]));
    for (const ptx::Function* k : kernels) {
      const uint32_t* r = k->reqnctapercluster;
      if (r[0] && (r[0] != c[0] || r[1] != c[1] || r[2] != c[2]))
        throw command_line_error(fmt::format("--cluster {}x{}x{}: kernel {} declares .reqnctapercluster {}, {}, {}",
                                             c[0], c[1], c[2], k->name, r[0], r[1], r[2]));
    }
    // Grids of whole clusters, stated as assumptions so that witnesses meet them.
    static constexpr const char* kAxes[] = {"x", "y", "z"};
    for (int d = 0; d < 3; ++d)
      if (c[d] > 1) assume.push_back(fmt::format("nctaid.{} % {} == 0", kAxes[d], c[d]));
  }
  if (bo.launch.concrete_block) check_block(bo.launch.block);
  if (bo.launch.concrete_grid) check_grid(bo.launch.grid);
  // Each kernel's assumptions, parsed before any work (errors first), with
  // the parameters' CUDA source names where the source is readable.
  std::map<const ptx::Function*, std::vector<Assumption>> assumed;
  {
    SourceFiles sources(m, o.source_root.empty() ? std::vector<std::string>{} : std::vector<std::string>{o.source_root});
    for (const ptx::Function* k : kernels) {
      std::optional<SourceParameterNames> names;
      if (!assume.empty())
        if (std::optional<SourceParameters> sp = source_parameters(m, *k, sources))
          names = SourceParameterNames{sp->names, sp->where};
      assumed[k] = assumptions_for_kernel(assume, *k, names ? &*names : nullptr);
    }
  }
  ModuleBranches out;
  out.selected = kernels.size();
  std::vector<std::string_view> selected_names;  // before --shard keeps this process's part
  for (const ptx::Function* k : kernels) selected_names.push_back(k->name);
  out.items = shard_items(branch_cost_estimates(kernels), o.shard.empty() ? ShardSpec{} : parse_shard(o.shard));
  std::vector<const ptx::Function*> mine;
  for (size_t i : out.items) mine.push_back(kernels[i]);
  kernels = std::move(mine);
  ReplayOptions ro;
  ro.fault = o.inject_fault == "uniform-as-divergent" ? ReplayFault::FlipUniform
             : o.inject_fault == "divergent-as-uniform" ? ReplayFault::FlipDivergent : ReplayFault::None;
  ro.dump_dir = o.dump_dir;
  ro.racecheck = o.racecheck;
  // The verdicts of a launch file's launch are replayed on that launch, its
  // data included: a CUTLASS GEMM's made-up launch has no tensor maps, and
  // its replay stops at the first TMA load.
  ro.launch = std::move(given_launch);
  for (const std::string& path : o.replay_launches) {
    LaunchFile f = read_launch_file(path);
    simt::Launch l = simt::launch_from_file(m, f);
    // A file for a kernel this run leaves out would be run by nothing.
    if (std::find(selected_names.begin(), selected_names.end(), l.kernel) == selected_names.end()) {
      std::vector<std::string> entries;  // named as output names them, with an id where two shorten alike
      for (const ptx::Function& k : m.functions)
        if (k.is_entry) entries.emplace_back(k.name);
      throw command_line_error(fmt::format("--replay-launch {}: its kernel {} is not one this run analyses{}", path,
                                           KernelNames(entries, o.full_names).display(l.kernel),
                                           o.kernel.empty() ? "" : " (--kernel)"));
    }
    ro.replay_launches.push_back({path, std::move(l)});
  }
  // --cache FILE (or WARPSAT_CACHE): a kernel answered before under these
  // options comes from the cache (cli/branch_cache.h), its verdicts
  // replayed unless --trust-cache; the others are analysed and stored.
  std::optional<VerdictCache> cache;
  std::vector<std::string> keys;
  std::vector<std::optional<KernelBranches>> cached(kernels.size());
  int64_t run_began_ms = cache_clock_ms();
  if (!o.cache.empty() && cache_applies(o)) {
    cache.emplace(o.cache);
    keys = branch_cache_keys(m, kernels, o, lf);
    cached = cached_branches(*cache, m, kernels, keys);
  }
  std::vector<KernelBranches> results(kernels.size());
  std::vector<size_t> work;  // the kernels this run answers or replays
  for (size_t i = 0; i < kernels.size(); ++i)
    if (cached[i] && (o.trust_cache || o.no_replay)) results[i] = *cached[i];
    else work.push_back(i);
  // Kernel by kernel, each in a child process of its own (kernel_processes.h),
  // or with --in-process each on its own Z3 context, released when it is
  // done; -j N runs N kernels at once. The output is in the module's order.
  Progress progress("branches", "kernels", work.size());
  auto analyse = [&](size_t i) {
    // Each kernel's own options: its .reqntid must not fix another's block.
    BranchOptions mine = bo;
    mine.launch.assumptions = assumed.at(kernels[i]);
    if (cached[i]) {
      replay_cached_verdicts(m, *kernels[i], mine, *cached[i], ro);
      return *cached[i];
    }
    // Not in the cache: analysed, with the answers of the queries it asks
    // again taken from it (a kernel changed in one place asks most).
    if (!cache) return check_kernel_branches(m, *kernels[i], mine, o.no_replay ? nullptr : &ro);
    CachedQueryAnswers answers(o.cache, o, lf, std::string(kernels[i]->name), run_began_ms);
    mine.answers = &answers;
    KernelBranches r = check_kernel_branches(m, *kernels[i], mine, o.no_replay ? nullptr : &ro);
    answers.save();
    return r;
  };
  if (o.in_process) {
    parallel_for(work.size(), o.jobs, [&](size_t w) {
      results[work[w]] = analyse(work[w]);
      progress.done_one();
    });
  } else {
    // The largest kernels start first, so that with -j N the last to end
    // is not a large one started late (tests/files/cub at -j 2: its two
    // histogram sweeps, the largest, are its last kernels).
    std::vector<size_t> order(work.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return kernels[work[a]]->instructions.size() > kernels[work[b]]->instructions.size();
    });
    // The child's answer: its kernel's verdicts, then where its time went.
    std::vector<std::string> answers = run_in_child_processes(
        work.size(), o.jobs,
        [&](size_t w) {
          if (stats) stats->clear();  // the child counts its own kernel only
          // It ends right after: its Z3 contexts go back with it, unfreed,
          // while it holds less than keep_contexts_below.
          bo.keep_contexts_below_bytes = keep_contexts_below(o.jobs);
          if (o.inject_fault == "abort-child") std::abort();  // what a crash in Z3 would look like
          std::string kernel = to_wire(analyse(work[w]));
          return fmt::format("{}\n{}{}", kernel.size(), kernel, stats ? to_wire(*stats) : "");
        },
        [&](size_t) { progress.done_one(); },
        [&](size_t w) { return "kernel " + std::string(kernels[work[w]]->name); }, order);
    for (size_t w = 0; w < answers.size(); ++w) {
      const std::string& a = answers[w];
      size_t newline = a.find('\n');
      size_t length = newline == std::string::npos ? a.size() : std::stoul(a.substr(0, newline));
      results[work[w]] = kernel_from_wire(a.substr(newline + 1, length));
      if (stats) merge_from_wire(a.substr(newline + 1 + length), *stats);
    }
  }
  if (cache) {
    std::vector<bool> fresh(kernels.size());
    for (size_t i = 0; i < kernels.size(); ++i) fresh[i] = !cached[i];
    store_branches(*cache, m, kernels, keys, results, fresh);
  }
  progress.finish();
  out.kernels = std::move(results);
  std::copy(bo.launch.grid, bo.launch.grid + 3, out.grid);
  out.concrete_launch = bo.launch.concrete_block && bo.launch.concrete_grid;
  out.from_launch_file = lf.has_value();
  out.selection_note = selection_note;
  out.racecheck = o.racecheck && !o.no_race_free && !o.no_replay;
  out.param_values = bo.launch.param_values;
  return out;
}

}  // namespace warpsat::cli
