#include "solver/smt_query.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "encodings/query_timer.h"

namespace warpsat {

const char* to_string(SmtStatus s) {
  switch (s) {
    case SmtStatus::Sat: return "sat";
    case SmtStatus::Unsat: return "unsat";
    case SmtStatus::Timeout: return "timeout";
    case SmtStatus::Unknown: return "unknown";
    case SmtStatus::Error: return "error";
  }
  return "?";
}

SmtStatus classify_unknown(const std::string& reason, double elapsed_ms, unsigned timeout_ms) {
  if (is_time_limit_reason(reason)) return SmtStatus::Timeout;
  if (timeout_ms > 0 && elapsed_ms >= 0.9 * timeout_ms) return SmtStatus::Timeout;
  return SmtStatus::Unknown;
}

std::string write_smt2(const std::string& dir, const std::string& name, const std::string& smt2) {
  std::string safe;
  for (char c : name) safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_') ? c : '_';
  // File systems take names of 255 bytes at most, and mangled C++ kernel
  // names (CUB's) are longer: keep both ends, the query's kind among them,
  // and tell names apart by a hash (FNV-1a, the same on every machine).
  constexpr size_t kMaxName = 200, kHead = 60, kTail = 110;
  if (safe.size() > kMaxName) {
    uint64_t h = 1469598103934665603ull;
    for (char c : safe) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    safe = fmt::format("{}~{:016x}~{}", safe.substr(0, kHead), h, safe.substr(safe.size() - kTail));
  }
  std::filesystem::create_directories(dir);
  std::filesystem::path path = std::filesystem::path(dir) / (safe + ".smt2");
  std::ofstream out(path);
  out << smt2;
  if (!out) throw std::runtime_error("cannot write " + path.string());
  return path.string();
}

}  // namespace warpsat
