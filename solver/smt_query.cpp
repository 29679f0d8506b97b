#include "solver/smt_query.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

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
  std::filesystem::create_directories(dir);
  std::filesystem::path path = std::filesystem::path(dir) / (safe + ".smt2");
  std::ofstream out(path);
  out << smt2;
  if (!out) throw std::runtime_error("cannot write " + path.string());
  return path.string();
}

}  // namespace warpsat
