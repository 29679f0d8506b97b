// Nsight Compute CSV exports, read strictly (every problem an InputError at
// file:line:col), for `warpsat compare-profile` (issue 6).
//
// ncu writes two layouts with --csv, both with every field quoted:
//
//   raw page (`ncu --csv --page raw`): one row per kernel launch,
//     "ID","Process ID","Process Name","Host Name","Kernel Name",...,<metric>,<metric>...
//   then a second row holding each metric's unit (its identity cells empty),
//   then one row per launch;
//   details page (`ncu --csv`, the default page): one row per metric,
//     "ID",...,"Kernel Name",...,"Section Name","Metric Name","Metric Unit","Metric Value"
//   a launch being every row with its ID.
//
// The identity columns differ between ncu versions (older ones have "Kernel
// Time"; newer ones "Block Size", "Grid Size", "Device", "CC", and rule
// columns on the details page), so only "ID" and "Kernel Name" are required;
// on the raw page a metric column is one whose name has "__" in it
// (smsp__inst_executed.sum), the rest are identity columns. Numbers may carry
// thousands separators ("1,234,567"). Lines ncu writes around the table
// ("==PROF== ...") and '#' comment lines are skipped.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/kernel_names.h"  // demangle_kernel_name

namespace warpsat {

enum class NcuLayout { Raw, Details };

struct NcuMetric {
  std::string name;               // smsp__inst_executed.sum, or a section's label on the details page
  std::string unit;               // as written: "inst", "", "%", "Kinst" ...
  std::string value;              // as written, unquoted
  uint32_t line = 0, column = 0;  // the value's cell
};

// A "(x, y, z)" cell of the Block Size / Grid Size columns.
struct NcuDims {
  std::array<uint64_t, 3> xyz{};
  uint32_t line = 0, column = 0;
};

struct NcuLaunch {
  uint64_t id = 0;
  std::string kernel;  // as printed (mangled, demangled or function name: --print-kernel-base)
  uint32_t line = 0;   // first row of the launch
  uint32_t kernel_column = 0;
  std::optional<NcuDims> block, grid;
  std::vector<NcuMetric> metrics;  // in file order; on the details page, the first of duplicates

  const NcuMetric* find(std::string_view name) const;
};

class NcuProfile {
 public:
  NcuProfile(std::string text, std::string source);

  const std::string& source() const { return source_; }
  NcuLayout layout() const { return layout_; }
  const std::vector<NcuLaunch>& launches() const { return launches_; }

  // The launch of `kernel` (a PTX .entry name) the comparison is about:
  // rows whose name matches it (ncu_kernel_matches), the strongest kind of
  // match winning; with several, `launch_id` must pick one. Throws InputError
  // naming the kernels or launch IDs the profile does have.
  const NcuLaunch& select(std::string_view kernel, std::optional<uint64_t> launch_id) const;

  // The metric's value as a number: thousands separators allowed, a unit with
  // an SI prefix (ncu's --print-units auto: "Kinst", "Minst") scales it.
  // Anything else ("n/a", "") is an InputError at the value's cell.
  double number(const NcuMetric& m) const;

  [[noreturn]] void fail(uint32_t line, uint32_t column, const std::string& message) const;

 private:
  std::string text_;
  std::string source_;
  NcuLayout layout_ = NcuLayout::Raw;
  std::vector<NcuLaunch> launches_;
  uint32_t header_line_ = 0, kernel_header_column_ = 0;
};

NcuProfile read_ncu_profile(const std::string& path);

// "1,234" -> 1234, "2.5e3" -> 2500; nullopt unless the whole text is a finite number.
std::optional<double> parse_ncu_number(std::string_view text);

// How a profile's kernel name matches a PTX .entry name, strongest first:
// the same text (--print-kernel-base mangled, or extern "C" kernels); the
// demangled PTX name, blanks ignored (ncu's default, demangled, modulo its
// spacing); the same function name, without namespace, template arguments,
// parameters or return type (--print-kernel-base function, or ncu's own
// demangling style such as "f(const int *)").
enum class NcuNameMatch { None, Function, Demangled, Exact };
NcuNameMatch ncu_kernel_matches(std::string_view profile_name, std::string_view ptx_name);

// "void ns::f<int>(float *, int)" -> "f".
std::string kernel_function_name(std::string_view name);

}  // namespace warpsat
