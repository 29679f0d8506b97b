// `warpsat cache stats|prune FILE`: what a verdict cache holds (`branches
// --cache`), and dropping what is old, of other versions, or over a size.
#include <ctime>

#include <fmt/format.h>

#include "cache/verdict_cache.h"
#include "cli/build_id.h"
#include "cli/commands.h"
#include "frontend/diagnostics.h"

namespace warpsat::cli {

namespace {

struct CacheOptions {
  std::string file;
  double older_than_days = -1;
  bool other_versions = false;
  double max_mib = 0;
};

std::string when(int64_t seconds) {
  if (!seconds) return "-";
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return text;
}

std::string cache_file(const CacheOptions& o) {
  if (o.file.empty()) throw command_line_error("give the cache file (or set WARPSAT_CACHE)");
  return o.file;
}

int run_stats(const CacheOptions& o) {
  VerdictCache cache(cache_file(o));
  CacheStats s = cache.stats();
  fmt::print("cache {}\n", cache.path());
  fmt::print("  entries: {} ({:.1f} MiB of verdicts; file {:.1f} MiB)\n", s.entries, s.value_bytes / 1048576.0,
             s.file_bytes / 1048576.0);
  fmt::print("  hits: {}\n", s.hits);
  fmt::print("  query answers: {} ({:.1f} KiB; for kernels changed since)\n", s.answers, s.answer_bytes / 1024.0);
  fmt::print("  used: {} to {}\n", when(s.oldest_use), when(s.newest_use));
  for (const CacheStats::Version& v : s.versions)
    fmt::print("  warpsat {}: {} entr{}{}\n", v.version, v.entries, v.entries == 1 ? "y" : "ies",
               v.version == build_id() ? " (this version)" : "");
  return kExitOk;
}

int run_prune(const CacheOptions& o) {
  if (o.older_than_days < 0 && !o.other_versions && o.max_mib <= 0)
    throw command_line_error("cache prune: say what goes: --older-than DAYS, --other-versions or --max-mib N");
  VerdictCache cache(cache_file(o));
  PruneOptions p;
  if (o.older_than_days >= 0) p.unused_for_seconds = static_cast<int64_t>(o.older_than_days * 86400);
  if (o.other_versions) p.keep_version = build_id();
  if (o.max_mib > 0) p.max_bytes = static_cast<uint64_t>(o.max_mib * 1048576);
  uint64_t gone = cache.prune(p);
  CacheStats s = cache.stats();
  fmt::print("cache {}: {} entr{} removed, {} left ({:.1f} MiB file)\n", cache.path(), gone, gone == 1 ? "y" : "ies",
             s.entries, s.file_bytes / 1048576.0);
  return kExitOk;
}

}  // namespace

void add_cache_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<CacheOptions>();
  CLI::App* sub = app.add_subcommand("cache", "what a verdict cache (branches --cache) holds, and pruning it");
  sub->require_subcommand(1);
  CLI::App* stats = sub->add_subcommand("stats", "entries, size, hits and versions of a cache file");
  stats->add_option("file", o->file, "the cache file")->envname("WARPSAT_CACHE");
  CLI::App* prune = sub->add_subcommand("prune", "remove entries: unused for days, of other versions, or over a size");
  prune->add_option("file", o->file, "the cache file")->envname("WARPSAT_CACHE");
  prune->add_option("--older-than", o->older_than_days, "entries not used for more than DAYS days")
      ->check(CLI::NonNegativeNumber);
  prune->add_flag("--other-versions", o->other_versions, "entries of other warpsat versions than this one");
  prune->add_option("--max-mib", o->max_mib, "the least recently used until the verdicts take at most N MiB")
      ->check(CLI::PositiveNumber);
  commands.push_back({sub, [o, stats] { return stats->parsed() ? run_stats(*o) : run_prune(*o); }});
}

}  // namespace warpsat::cli
