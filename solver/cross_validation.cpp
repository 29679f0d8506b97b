#include "solver/cross_validation.h"

#include <fmt/format.h>

namespace warpsat {

namespace {
std::string summary(const std::string& name, const std::vector<std::string>& mismatches, const std::string& path) {
  std::string s = fmt::format("cross-validation failed for {}: solver and concrete execution disagree", name);
  for (const auto& m : mismatches) s += "\n  " + m;
  if (!path.empty()) s += "\n  query written to " + path;
  return s;
}
}  // namespace

CrossValidationError::CrossValidationError(std::string query_name, std::vector<std::string> mismatches,
                                           std::string query_path)
    : std::runtime_error(summary(query_name, mismatches, query_path)),
      query_name_(std::move(query_name)),
      mismatches_(std::move(mismatches)),
      query_path_(std::move(query_path)) {}

}  // namespace warpsat
