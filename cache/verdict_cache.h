// Verdicts kept across runs (`--cache FILE`, WARPSAT_CACHE): one SQLite
// file of entries, each the answer for one kernel under one set of options
// and one warpsat version, found by a key (kernel_key.h). Safe for several
// processes on one machine at once: write-ahead logging, a busy timeout,
// and each change in a transaction (docs/distributed.md).
//
// The cache stores text it is given and gives it back; it knows nothing of
// what a verdict is (cli/branch_cache.h encodes them), and a reader checks
// what it gets (the replay of a hit).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace warpsat {

struct CacheEntry {
  std::string kernel;   // the kernel's name (for stats)
  std::string source;   // the file it was first read from
  std::string version;  // warpsat's
  std::string value;    // the answer, as its writer encoded it
};

struct CacheStats {
  uint64_t entries = 0;
  uint64_t value_bytes = 0;  // the answers' text
  uint64_t file_bytes = 0;   // the database file and its write-ahead log
  uint64_t hits = 0;         // hits recorded over the entries' lives
  int64_t oldest_use = 0, newest_use = 0;  // unix seconds; 0 when empty
  struct Version {
    std::string version;
    uint64_t entries = 0;
  };
  std::vector<Version> versions;  // newest first
  // Single solver queries' answers (solver/query_answers.h), apart from the
  // kernels' entries above.
  uint64_t answers = 0;
  uint64_t answer_bytes = 0;
};

// A solver query's answer, kept for the kernels changed since (one kernel
// changed in one place asks most of its queries again).
struct QueryAnswerEntry {
  std::string key;
  std::string kernel;   // the kernel that asked it (for stats)
  std::string version;  // warpsat's
  std::string answer;
};

struct PruneOptions {
  int64_t unused_for_seconds = -1;   // drop entries not used for longer (-1: keep)
  std::string keep_version;          // non-empty: drop entries of other versions
  uint64_t max_bytes = 0;            // non-zero: drop the least recently used until the values fit
};

class VerdictCache {
 public:
  // Opens (creating if needed) the cache file; InputError when it cannot be
  // opened or is not a warpsat cache.
  explicit VerdictCache(const std::string& path);
  ~VerdictCache();
  VerdictCache(const VerdictCache&) = delete;
  VerdictCache& operator=(const VerdictCache&) = delete;

  // The entry under `key`, its use recorded.
  std::optional<CacheEntry> get(const std::string& key);
  // Several at once, in one transaction: the value per key (absent keys left out).
  std::vector<std::optional<CacheEntry>> get_all(const std::vector<std::string>& keys);
  // Stores (replacing) in one transaction.
  void put_all(const std::vector<std::pair<std::string, CacheEntry>>& entries);

  // The answer kept under `key` before `before_ms` (unix milliseconds; its
  // use is recorded by keep_answers): a run takes the answers of runs that
  // kept them before it began, not those of processes running beside it,
  // whose solver sessions would make its witnesses depend on the timing.
  std::optional<std::string> answer(const std::string& key, int64_t before_ms);
  // Whether answers of warpsat build `version` for a kernel of this name were
  // kept before `before_ms` (an earlier run analysed it: many of its queries
  // will be found).
  bool holds_answers(const std::string& kernel, const std::string& version, int64_t before_ms);
  // Stores `fresh` (replacing) and marks `used` as used now, in one transaction.
  void keep_answers(const std::vector<QueryAnswerEntry>& fresh, const std::vector<std::string>& used);

  CacheStats stats();
  // Returns how many kernel entries went (query answers go by the same
  // rules: unused for as long, of other versions, or, over the size, those
  // used before every kernel entry kept).
  uint64_t prune(const PruneOptions& o);

  const std::string& path() const { return path_; }

 private:
  void exec(const char* sql);
  std::string path_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* find_answer_ = nullptr;  // prepared once: one lookup per query
};

// Now, in unix milliseconds (answer()'s `before_ms`).
int64_t cache_clock_ms();

// Where the cache is: the flag's file, else the environment's
// WARPSAT_CACHE (for CI), else none ("").
std::string cache_path(const std::string& flag, const char* environment);

}  // namespace warpsat
