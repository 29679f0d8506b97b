#include "cache/verdict_cache.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

// The layout of the file; another number is another layout, refused.
constexpr int kSchema = 1;
// How long a process waits for another's write before it gives up: a
// shard's write is one transaction of a few kernels, milliseconds.
constexpr int kBusyTimeoutMs = 60000;

int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

class Statement {
 public:
  Statement(sqlite3* db, const char* sql, const std::string& path) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK) fail("prepare");
  }
  ~Statement() { sqlite3_finalize(s_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& text) {
    if (sqlite3_bind_text(s_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK) fail("bind");
    return *this;
  }
  Statement& bind(int i, int64_t v) {
    if (sqlite3_bind_int64(s_, i, v) != SQLITE_OK) fail("bind");
    return *this;
  }
  // True while there is a row.
  bool step() {
    int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail("step");
  }
  void reset() {
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
  }
  std::string text(int column) const {
    const unsigned char* p = sqlite3_column_text(s_, column);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(s_, column))) : "";
  }
  int64_t integer(int column) const { return sqlite3_column_int64(s_, column); }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw command_line_error(fmt::format("cache {}: {} failed: {}", path_, what, sqlite3_errmsg(db_)));
  }
  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* s_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back if anything throws: a writer
// takes the write lock at once, so two writers wait for each other
// (busy timeout) instead of failing at their first write.
class Transaction {
 public:
  Transaction(sqlite3* db, const std::string& path, bool write) : db_(db), path_(path) {
    run(write ? "BEGIN IMMEDIATE" : "BEGIN");
  }
  ~Transaction() {
    if (open_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    run("COMMIT");
    open_ = false;
  }

 private:
  void run(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
      std::string message = error ? error : "?";
      sqlite3_free(error);
      throw command_line_error(fmt::format("cache {}: {}: {}", path_, sql, message));
    }
  }
  sqlite3* db_;
  const std::string& path_;
  bool open_ = true;
};

uint64_t file_size(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<uint64_t>(st.st_size) : 0;
}

}  // namespace

VerdictCache::VerdictCache(const std::string& path) : path_(path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw command_line_error(fmt::format("cannot open the cache {}: {}", path, message));
  }
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  try {
    // Processes that open a new file at once race to set WAL mode and make
    // the tables; SQLite answers the loser "database is locked" where its
    // busy handler does not apply (a journal-mode change, WAL recovery), so
    // the whole set-up is tried again, within the same busy timeout.
    const auto start = std::chrono::steady_clock::now();
    for (unsigned attempt = 0;; ++attempt) {
      try {
        // Readers and one writer at once, each process with its own connection.
        exec("PRAGMA journal_mode=WAL");
        exec("PRAGMA synchronous=NORMAL");
        Transaction t(db_, path_, true);
        exec("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
        exec("CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, kernel TEXT NOT NULL, source TEXT NOT NULL, "
             "version TEXT NOT NULL, value TEXT NOT NULL, created INTEGER NOT NULL, used INTEGER NOT NULL, "
             "hits INTEGER NOT NULL DEFAULT 0)");
        exec("CREATE INDEX IF NOT EXISTS verdicts_used ON verdicts (used)");
        exec("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, kernel TEXT NOT NULL, version TEXT NOT NULL, "
             "answer TEXT NOT NULL, created_ms INTEGER NOT NULL, used INTEGER NOT NULL)");
        Statement schema(db_, "SELECT value FROM meta WHERE name = 'schema'", path_);
        if (schema.step()) {
          if (schema.text(0) != std::to_string(kSchema))
            throw command_line_error(fmt::format("the cache {} has layout {}, this warpsat reads layout {}: give another "
                                                 "file or remove it",
                                                 path, schema.text(0), kSchema));
        } else {
          Statement set(db_, "INSERT INTO meta (name, value) VALUES ('schema', ?1)", path_);
          set.bind(1, std::to_string(kSchema)).step();
        }
        t.commit();
        break;
      } catch (const InputError& e) {
        // By SQLite's message: the transaction's rollback, on the way here,
        // has already replaced the error code.
        const std::string& m = e.message();
        bool busy = m.find("database is locked") != std::string::npos ||
                    m.find("database table is locked") != std::string::npos;
        if (!busy || std::chrono::steady_clock::now() - start > std::chrono::milliseconds(kBusyTimeoutMs)) throw;
        std::this_thread::sleep_for(std::chrono::milliseconds(5 + 5 * std::min(attempt, 19u)));
      }
    }
  } catch (const InputError& e) {
    std::string why = sqlite3_errmsg(db_);
    sqlite3_close(db_);
    if (e.message().find("has layout") != std::string::npos) throw;
    throw command_line_error(fmt::format("the cache {} is not a warpsat cache ({})", path, why));
  } catch (...) {
    sqlite3_close(db_);
    throw command_line_error(fmt::format("the cache {} is not a warpsat cache", path));
  }
}

VerdictCache::~VerdictCache() {
  sqlite3_finalize(find_answer_);
  sqlite3_close(db_);
}

void VerdictCache::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : "?";
    sqlite3_free(error);
    throw command_line_error(fmt::format("cache {}: {}: {}", path_, sql, message));
  }
}

std::optional<CacheEntry> VerdictCache::get(const std::string& key) { return get_all({key}).front(); }

std::vector<std::optional<CacheEntry>> VerdictCache::get_all(const std::vector<std::string>& keys) {
  std::vector<std::optional<CacheEntry>> out(keys.size());
  Transaction t(db_, path_, true);
  Statement select(db_, "SELECT kernel, source, version, value FROM verdicts WHERE key = ?1", path_);
  Statement touch(db_, "UPDATE verdicts SET used = ?2, hits = hits + 1 WHERE key = ?1", path_);
  int64_t now = now_seconds();
  for (size_t i = 0; i < keys.size(); ++i) {
    select.bind(1, keys[i]);
    if (select.step()) {
      out[i] = CacheEntry{select.text(0), select.text(1), select.text(2), select.text(3)};
      touch.bind(1, keys[i]).bind(2, now);
      touch.step();
      touch.reset();
    }
    select.reset();
  }
  t.commit();
  return out;
}

void VerdictCache::put_all(const std::vector<std::pair<std::string, CacheEntry>>& entries) {
  if (entries.empty()) return;
  Transaction t(db_, path_, true);
  Statement insert(db_,
                   "INSERT OR REPLACE INTO verdicts (key, kernel, source, version, value, created, used, hits) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, 0)",
                   path_);
  int64_t now = now_seconds();
  for (const auto& [key, e] : entries) {
    insert.bind(1, key).bind(2, e.kernel).bind(3, e.source).bind(4, e.version).bind(5, e.value).bind(6, now);
    insert.step();
    insert.reset();
  }
  t.commit();
}

int64_t cache_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::optional<std::string> VerdictCache::answer(const std::string& key, int64_t before_ms) {
  if (!find_answer_ && sqlite3_prepare_v2(db_, "SELECT answer FROM answers WHERE key = ?1 AND created_ms < ?2", -1,
                                          &find_answer_, nullptr) != SQLITE_OK)
    throw command_line_error(fmt::format("cache {}: prepare failed: {}", path_, sqlite3_errmsg(db_)));
  struct Reset {
    sqlite3_stmt* s;
    ~Reset() {
      sqlite3_reset(s);
      sqlite3_clear_bindings(s);
    }
  } reset{find_answer_};
  if (sqlite3_bind_text(find_answer_, 1, key.data(), static_cast<int>(key.size()), SQLITE_TRANSIENT) != SQLITE_OK ||
      sqlite3_bind_int64(find_answer_, 2, before_ms) != SQLITE_OK)
    throw command_line_error(fmt::format("cache {}: bind failed: {}", path_, sqlite3_errmsg(db_)));
  int rc = sqlite3_step(find_answer_);
  if (rc == SQLITE_ROW) {
    const unsigned char* p = sqlite3_column_text(find_answer_, 0);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(find_answer_, 0)))
             : std::string();
  }
  if (rc != SQLITE_DONE) throw command_line_error(fmt::format("cache {}: step failed: {}", path_, sqlite3_errmsg(db_)));
  return std::nullopt;
}

bool VerdictCache::holds_answers(const std::string& kernel, const std::string& version, int64_t before_ms) {
  Statement any(db_, "SELECT 1 FROM answers WHERE kernel = ?1 AND version = ?2 AND created_ms < ?3 LIMIT 1", path_);
  any.bind(1, kernel).bind(2, version).bind(3, before_ms);
  return any.step();
}

void VerdictCache::keep_answers(const std::vector<QueryAnswerEntry>& fresh, const std::vector<std::string>& used) {
  if (fresh.empty() && used.empty()) return;
  Transaction t(db_, path_, true);
  Statement insert(db_,
                   "INSERT OR REPLACE INTO answers (key, kernel, version, answer, created_ms, used) VALUES (?1, ?2, ?3, "
                   "?4, ?5, ?6)",
                   path_);
  Statement touch(db_, "UPDATE answers SET used = ?2 WHERE key = ?1", path_);
  int64_t now = now_seconds();
  int64_t now_ms = cache_clock_ms();
  for (const QueryAnswerEntry& e : fresh) {
    insert.bind(1, e.key).bind(2, e.kernel).bind(3, e.version).bind(4, e.answer).bind(5, now_ms).bind(6, now);
    insert.step();
    insert.reset();
  }
  for (const std::string& key : used) {
    touch.bind(1, key).bind(2, now);
    touch.step();
    touch.reset();
  }
  t.commit();
}

CacheStats VerdictCache::stats() {
  CacheStats s;
  Transaction t(db_, path_, false);
  Statement all(db_,
                "SELECT COUNT(*), COALESCE(SUM(LENGTH(value)), 0), COALESCE(SUM(hits), 0), COALESCE(MIN(used), 0), "
                "COALESCE(MAX(used), 0) FROM verdicts",
                path_);
  if (all.step()) {
    s.entries = static_cast<uint64_t>(all.integer(0));
    s.value_bytes = static_cast<uint64_t>(all.integer(1));
    s.hits = static_cast<uint64_t>(all.integer(2));
    s.oldest_use = all.integer(3);
    s.newest_use = all.integer(4);
  }
  Statement versions(db_, "SELECT version, COUNT(*), MAX(used) AS last FROM verdicts GROUP BY version ORDER BY last DESC", path_);
  while (versions.step()) s.versions.push_back({versions.text(0), static_cast<uint64_t>(versions.integer(1))});
  Statement answers(db_, "SELECT COUNT(*), COALESCE(SUM(LENGTH(answer)), 0) FROM answers", path_);
  if (answers.step()) {
    s.answers = static_cast<uint64_t>(answers.integer(0));
    s.answer_bytes = static_cast<uint64_t>(answers.integer(1));
  }
  t.commit();
  s.file_bytes = file_size(path_) + file_size(path_ + "-wal");
  return s;
}

uint64_t VerdictCache::prune(const PruneOptions& o) {
  uint64_t before = stats().entries;
  {
    Transaction t(db_, path_, true);
    if (o.unused_for_seconds >= 0) {
      for (const char* sql : {"DELETE FROM verdicts WHERE used < ?1", "DELETE FROM answers WHERE used < ?1"}) {
        Statement drop(db_, sql, path_);
        drop.bind(1, now_seconds() - o.unused_for_seconds).step();
      }
    }
    if (!o.keep_version.empty()) {
      for (const char* sql : {"DELETE FROM verdicts WHERE version <> ?1", "DELETE FROM answers WHERE version <> ?1"}) {
        Statement drop(db_, sql, path_);
        drop.bind(1, o.keep_version).step();
      }
    }
    if (o.max_bytes) {
      // The least recently used go first, until the rest fit.
      Statement drop(db_,
                     "DELETE FROM verdicts WHERE key IN (SELECT key FROM (SELECT key, SUM(LENGTH(value)) OVER (ORDER "
                     "BY used DESC, key) AS kept FROM verdicts) WHERE kept > ?1)",
                     path_);
      drop.bind(1, static_cast<int64_t>(o.max_bytes)).step();
      // Where kernel entries went, the answers used before every one kept
      // (all, when none is).
      if (sqlite3_changes(db_) > 0) {
        Statement answers(db_, "DELETE FROM answers WHERE used < (SELECT COALESCE(MIN(used), 9223372036854775807) FROM verdicts)",
                          path_);
        answers.step();
      }
    }
    t.commit();
  }
  uint64_t after = stats().entries;
  // The freed pages back to the file system (not in a transaction).
  exec("PRAGMA wal_checkpoint(TRUNCATE)");
  exec("VACUUM");
  return before - after;
}

std::string cache_path(const std::string& flag, const char* environment) {
  if (!flag.empty()) return flag;
  return environment ? environment : "";
}

}  // namespace warpsat
