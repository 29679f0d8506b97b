// `branches --cache FILE` (or WARPSAT_CACHE): each kernel's verdicts kept in
// a cache/verdict_cache file under its key, the kernel's normal form
// (cache/kernel_key.h), every option that changes an answer and warpsat's
// version; a kernel found there is not analysed again. Its verdicts are
// replayed (solver/branch_replay.h, replay_cached_verdicts) unless
// --trust-cache, and come back with this module's line numbers, file name
// and kernel index (the kernel may have moved in its file).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cache/verdict_cache.h"
#include "cli/branches_run.h"
#include "frontend/launch_file.h"
#include "solver/branch_analysis.h"
#include "encodings/query_answers.h"

namespace warpsat::cli {

// Whether --cache (or WARPSAT_CACHE) applies: not with --dump-smt2 (its
// queries must be asked to be written) nor with an injected fault.
bool cache_applies(const BranchesOptions& o);

// The key of each kernel under these options.
std::vector<std::string> branch_cache_keys(const ptx::Module& m, const std::vector<const ptx::Function*>& kernels,
                                           const BranchesOptions& o, const std::optional<LaunchFile>& launch);

// The cached answer of each kernel (none where there is none, or where its
// entry cannot be read back for this kernel), in this module's terms.
std::vector<std::optional<KernelBranches>> cached_branches(VerdictCache& cache, const ptx::Module& m,
                                                           const std::vector<const ptx::Function*>& kernels,
                                                           const std::vector<std::string>& keys);

// Stores the answers of the kernels `fresh` selects.
void store_branches(VerdictCache& cache, const ptx::Module& m, const std::vector<const ptx::Function*>& kernels,
                    const std::vector<std::string>& keys, const std::vector<KernelBranches>& results,
                    const std::vector<bool>& fresh);

// The answers of single solver queries (solver/query_answers.h) in the
// cache's file, for the analysis of one kernel the cache did not hold: a
// kernel changed in one place asks most of its queries again. Each is kept
// under warpsat's build, every option that changes an answer (as a
// kernel's key) and the query's canonical fingerprint. Its own connection
// to the file: one per kernel's analysis, in the child process or thread
// that runs it. What the analysis adds is written by save().
class CachedQueryAnswers : public QueryAnswers {
 public:
  // run_began_ms: when this run began (cache_clock_ms): answers kept since
  // (by processes running beside it) are not taken.
  CachedQueryAnswers(const std::string& path, const BranchesOptions& o, const std::optional<LaunchFile>& launch,
                     std::string kernel, int64_t run_began_ms);
  std::optional<std::string> find(const std::string& fingerprint) override;
  void keep(const std::string& fingerprint, const std::string& answer) override;
  // The file held answers of this build for a kernel of this name when the run began.
  bool expects_answers() const override { return expects_; }
  // The new answers stored, the ones found marked used.
  void save();

 private:
  std::string key(const std::string& fingerprint) const;
  VerdictCache cache_;
  std::string options_;
  std::string kernel_;
  int64_t run_began_ms_;
  bool expects_ = false;
  std::vector<QueryAnswerEntry> fresh_;
  std::vector<std::string> used_;
};

}  // namespace warpsat::cli
