// warpsat branches over whole corpora (docs/benchmarks.md): every kernel of
// every PTX file given, any launch (under the kernels' own .reqntid and
// .maxntid), each verdict replayed on the emulator as `warpsat branches`
// does. Prints, per file, the verdict counts, the share decided, the share
// the replay validated, contradictions (which must be zero), total time and
// the median and 90th percentile time per branch, then the commonest reasons
// for "unknown".
//   bench_branches_corpus [--timeout-ms 2000] [--no-replay] [--totals-only] FILE.ptx...
#include <algorithm>
#include <chrono>
#include <map>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/ptx/parser.h"
#include "solver/branch_analysis.h"
#include "solver/branch_replay.h"
#include "solver/cross_validation.h"

using namespace warpsat;

namespace {

struct Tally {
  size_t kernels = 0, branches = 0, uniform = 0, divergent = 0, unreachable = 0, unknown = 0, validated = 0;
  size_t contradictions = 0, errors = 0;
  double seconds = 0;
  std::vector<double> branch_ms;
  std::map<std::string, size_t> unknown_reasons;
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

// "unknown (loads of ...): the solver found ..." -> "unknown (loads of ...)".
std::string reason_kind(const std::string& reason) {
  size_t colon = reason.find(": ");
  return colon == std::string::npos ? reason : reason.substr(0, colon);
}

void run_file(const std::string& path, unsigned timeout_ms, bool replay, Tally& t) {
  ptx::Module m = ptx::read_module(path);
  for (const ptx::Function& k : m.functions) {
    if (!k.is_entry || !k.has_body) continue;
    ++t.kernels;
    BranchOptions o;
    o.solver.timeout_ms = timeout_ms;
    ReplayOptions ro;
    auto start = std::chrono::steady_clock::now();
    try {
      KernelBranches r = check_kernel_branches(m, k, o, replay ? &ro : nullptr);
      for (const BranchResult& b : r.branches) {
        ++t.branches;
        t.branch_ms.push_back(b.solve_ms);
        t.validated += b.validated;
        switch (b.verdict) {
          case BranchVerdict::Uniform: ++t.uniform; break;
          case BranchVerdict::Divergent: ++t.divergent; break;
          case BranchVerdict::Unreachable: ++t.unreachable; break;
          case BranchVerdict::Unknown: ++t.unknown, ++t.unknown_reasons[reason_kind(b.reason)]; break;
        }
      }
    } catch (const CrossValidationError& e) {
      ++t.contradictions;
      fmt::print(stderr, "{}: {}: CONTRADICTION: {}\n", path, k.name, e.what());
    } catch (const std::exception& e) {
      ++t.errors;
      fmt::print(stderr, "{}: {}: error: {}\n", path, k.name, e.what());
    }
    t.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
}

void print_row(const std::string& name, const Tally& t) {
  double decided = t.branches ? 100.0 * static_cast<double>(t.uniform + t.divergent + t.unreachable) /
                                    static_cast<double>(t.branches)
                              : 0;
  double validated = t.branches ? 100.0 * static_cast<double>(t.validated) / static_cast<double>(t.branches) : 0;
  fmt::print("| {} | {} | {} | {} | {} | {} | {} | {:.1f}% | {:.1f}% | {} | {} | {:.1f} | {:.1f} | {:.1f} |\n", name,
             t.kernels, t.branches, t.uniform, t.divergent, t.unreachable, t.unknown, decided, validated,
             t.contradictions, t.errors, t.seconds, percentile(t.branch_ms, 0.5), percentile(t.branch_ms, 0.9));
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"warpsat branches over corpora: verdict counts, decided share, contradictions, time"};
  std::vector<std::string> files;
  unsigned timeout_ms = 2000;
  bool no_replay = false, totals_only = false;
  app.add_option("files", files, "PTX files")->required();
  app.add_flag("--totals-only", totals_only, "one row for all the files");
  app.add_option("--timeout-ms", timeout_ms);
  app.add_flag("--no-replay", no_replay);
  CLI11_PARSE(app, argc, argv);

  Tally all;
  fmt::print("| file | kernels | branches | uniform | divergent | unreachable | unknown | decided | validated | "
             "contradictions | errors | total (s) | median (ms/branch) | p90 (ms/branch) |\n");
  fmt::print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (const std::string& f : files) {
    Tally t;
    try {
      run_file(f, timeout_ms, !no_replay, t);
    } catch (const std::exception& e) {
      ++t.errors;
      fmt::print(stderr, "{}: error: {}\n", f, e.what());
    }
    if (!totals_only) print_row(f.substr(f.find_last_of('/') + 1), t);
    std::fflush(stdout);
    all.kernels += t.kernels, all.branches += t.branches, all.uniform += t.uniform, all.divergent += t.divergent;
    all.unreachable += t.unreachable, all.unknown += t.unknown, all.validated += t.validated;
    all.contradictions += t.contradictions, all.errors += t.errors, all.seconds += t.seconds;
    all.branch_ms.insert(all.branch_ms.end(), t.branch_ms.begin(), t.branch_ms.end());
    for (const auto& [r, n] : t.unknown_reasons) all.unknown_reasons[r] += n;
  }
  if (files.size() > 1 || totals_only) print_row(fmt::format("**all {} files**", files.size()), all);
  std::vector<std::pair<size_t, std::string>> reasons;
  for (const auto& [r, n] : all.unknown_reasons) reasons.emplace_back(n, r);
  std::sort(reasons.rbegin(), reasons.rend());
  if (!reasons.empty()) fmt::print("\nunknown, by reason:\n");
  for (size_t i = 0; i < reasons.size() && i < 8; ++i) fmt::print("  {:5}  {}\n", reasons[i].first, reasons[i].second);
  return all.contradictions ? 3 : 0;
}
