#include "frontend/workload_file.h"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/csv_reader.h"
#include "frontend/profiler_csv.h"
#include "frontend/read_file.h"

namespace warpsat {

std::vector<WorkloadShape> parse_workload(std::string text, const std::string& source) {
  CsvTable t(std::move(text), source);
  t.reject_unknown_columns({"m", "n", "k", "weight", "name"});
  size_t m = t.require_column("m"), n = t.require_column("n"), k = t.require_column("k");
  auto weight = t.find_column("weight"), name = t.find_column("name");
  if (t.rows().empty()) throw InputError({source, t.header_line(), 1}, "the workload has no shapes");
  if (t.rows().size() > kMaxWorkloadShapes)
    t.fail_row(t.rows()[kMaxWorkloadShapes], fmt::format("a workload holds at most {} shapes", kMaxWorkloadShapes));
  std::vector<WorkloadShape> out;
  for (const CsvRow& row : t.rows()) {
    WorkloadShape w;
    w.shape = {t.integer(row, m, 1, kMaxMatrixDim), t.integer(row, n, 1, kMaxMatrixDim),
               t.integer(row, k, 1, kMaxMatrixDim)};
    if (weight && !t.is_empty(row, *weight)) w.weight = t.integer(row, *weight, 1, int64_t{1} << 32);
    if (name) w.name = row.cells[*name].text;
    w.line = row.line;
    out.push_back(std::move(w));
  }
  return out;
}

std::vector<WorkloadShape> read_workload_file(const std::string& path) {
  return parse_workload(read_file(path, size_t{64} << 20), path);
}

std::vector<TileConfig> parse_kernel_list(std::string text, const std::string& source) {
  CsvTable t(std::move(text), source);
  if (is_profiler_csv(t)) {
    // The kernels a library ships, as cutlass_profiler lists them: each
    // distinct kernel once, whatever problems it was profiled on.
    ProfilerCsv csv = parse_profiler_csv(t);
    if (csv.rows.empty())
      throw InputError({source, t.header_line(), 1}, "no CUTLASS kernel that ran in this cutlass_profiler CSV");
    std::vector<TileConfig> out;
    for (const ProfilerRow& r : csv.rows)
      if (std::find(out.begin(), out.end(), r.config) == out.end()) out.push_back(r.config);
    return out;
  }
  t.reject_unknown_columns({"tm", "tn", "tk", "stages"});
  size_t tm = t.require_column("tm"), tn = t.require_column("tn"), tk = t.require_column("tk"),
         d = t.require_column("stages");
  if (t.rows().empty()) throw InputError({source, t.header_line(), 1}, "the kernel list is empty");
  if (t.rows().size() > 1024) t.fail_row(t.rows()[1024], "a kernel list holds at most 1024 kernels");
  std::vector<TileConfig> out;
  for (const CsvRow& row : t.rows())
    out.push_back({{t.integer(row, tm, 1, kMaxTileDim), t.integer(row, tn, 1, kMaxTileDim),
                    t.integer(row, tk, 1, kMaxTileDim)},
                   t.integer(row, d, 2, kMaxStages)});
  return out;
}

std::vector<TileConfig> read_kernel_list(const std::string& path) {
  return parse_kernel_list(read_file(path, size_t{1} << 20), path);
}

}  // namespace warpsat
