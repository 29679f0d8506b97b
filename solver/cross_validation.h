// The project's central rule: no solver answer stands alone. A disagreement
// between the solver and concrete execution is a bug in warpsat; it is thrown
// as CrossValidationError, which the command line turns into exit code 3 with
// the offending query written to disk.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace warpsat {

class CrossValidationError : public std::runtime_error {
 public:
  CrossValidationError(std::string query_name, std::vector<std::string> mismatches, std::string query_path);

  const std::string& query_name() const { return query_name_; }
  const std::vector<std::string>& mismatches() const { return mismatches_; }
  const std::string& query_path() const { return query_path_; }  // the .smt2 written, or empty

 private:
  std::string query_name_;
  std::vector<std::string> mismatches_;
  std::string query_path_;
};

}  // namespace warpsat
