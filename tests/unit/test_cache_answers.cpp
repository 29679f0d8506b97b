// The query answers of the verdict cache (cache/verdict_cache.h): whether
// the file holds answers for a kernel, which decides whether its analysis
// puts off internalising each encoding (solver/query_session.h).
#include <doctest/doctest.h>

#include <filesystem>
#include <unistd.h>

#include "cache/verdict_cache.h"

using namespace warpsat;

TEST_CASE("verdict cache: answers are held for a kernel under its build, and only those kept before the run") {
  std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("warpsat-cache-answers-" + std::to_string(getpid()) + ".db");
  std::filesystem::remove(file);
  {
    VerdictCache cache(file.string());
    int64_t before = cache_clock_ms() - 1;
    CHECK_FALSE(cache.holds_answers("k", "0.1.0+gaaaa", before + 100000));
    cache.keep_answers({{"key1", "k", "0.1.0+gaaaa", "unsat"}}, {});
    int64_t after = cache_clock_ms() + 1;
    CHECK(cache.holds_answers("k", "0.1.0+gaaaa", after));
    CHECK_FALSE(cache.holds_answers("k", "0.1.0+gbbbb", after));  // another build's answers are never found
    CHECK_FALSE(cache.holds_answers("other", "0.1.0+gaaaa", after));
    CHECK_FALSE(cache.holds_answers("k", "0.1.0+gaaaa", before));  // kept after this run began
    CHECK(cache.answer("key1", after) == std::optional<std::string>("unsat"));
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file.string() + suffix);
}
