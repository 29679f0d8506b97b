#include "frontend/profiler_csv.h"

#include <fmt/format.h>

#include "frontend/sm90.h"

namespace warpsat {

bool is_profiler_csv(const CsvTable& t) {
  return t.find_column("Operation") && t.find_column("Runtime") && t.find_column("cta_m");
}

namespace {

// The schedule and tile scheduler a CUTLASS 3 procedural name spells.
std::optional<KernelVariant> variant_from_name(const std::string& name, ClusterShape cluster) {
  KernelVariant v;
  v.cluster = cluster;
  if (name.find("_warpspecialized_cooperative") != std::string::npos)
    v.schedule = MainloopSchedule::Cooperative;
  else if (name.find("_warpspecialized_pingpong") != std::string::npos)
    v.schedule = MainloopSchedule::PingPong;
  else
    return std::nullopt;
  v.scheduler = name.find("_stream_k") != std::string::npos ? TileScheduler::StreamK : TileScheduler::Persistent;
  return v;
}

}  // namespace

ProfilerCsv parse_profiler_csv(const CsvTable& t) {
  ProfilerCsv out;
  out.source = t.source();
  size_t provider = t.require_column("Provider"), operation = t.require_column("Operation"),
         status = t.require_column("Status"), m = t.require_column("m"), n = t.require_column("n"),
         k = t.require_column("k"), a = t.require_column("A"), cta_m = t.require_column("cta_m"),
         cta_n = t.require_column("cta_n"), cta_k = t.require_column("cta_k"),
         cluster_m = t.require_column("cluster_m"), cluster_n = t.require_column("cluster_n"),
         stages = t.require_column("stages"), runtime = t.require_column("Runtime");
  std::optional<size_t> batch = t.find_column("batch_count");
  for (const CsvRow& row : t.rows()) {
    auto skip = [&](const std::string& why) { out.skipped.push_back(fmt::format("line {}: {}", row.line, why)); };
    if (row.cells[provider].text != "CUTLASS") {
      skip(fmt::format("{} row (no tile)", row.cells[provider].text));
      continue;
    }
    if (row.cells[status].text != "success") {
      skip(fmt::format("status {}", row.cells[status].text));
      continue;
    }
    if (batch && !t.is_empty(row, *batch) && t.integer(row, *batch, 1, INT32_MAX) != 1) {
      skip("a batched GEMM (batch_count > 1)");
      continue;
    }
    ProfilerRow r;
    r.line = row.line;
    r.shape = {t.integer(row, m, 1, kMaxMatrixDim), t.integer(row, n, 1, kMaxMatrixDim),
               t.integer(row, k, 1, kMaxMatrixDim)};
    r.config.tile = {t.integer(row, cta_m, 1, kMaxTileDim), t.integer(row, cta_n, 1, kMaxTileDim),
                     t.integer(row, cta_k, 1, kMaxTileDim)};
    r.config.stages = t.integer(row, stages, 0, kMaxStages);
    if (r.config.stages == 1) t.fail(row, stages, "a pipeline needs 0 (automatic) or at least 2 stages");
    r.operation = row.cells[operation].text;
    ClusterShape cluster{t.integer(row, cluster_m, 1, 16), t.integer(row, cluster_n, 1, 16)};
    auto v = variant_from_name(r.operation, cluster);
    if (!v)
      t.fail(row, operation,
             fmt::format("'{}' names no _warpspecialized_cooperative or _warpspecialized_pingpong schedule: not a "
                         "CUTLASS 3 sm90 warp-specialized kernel warpsat models",
                         r.operation));
    r.config.variant = *v;
    const std::string& operand = row.cells[a].text;
    r.operand = operand.substr(0, operand.find(':'));
    r.runtime_ms = t.number(row, runtime);
    if (r.runtime_ms <= 0) t.fail(row, runtime, fmt::format("runtime {} ms must be positive", row.cells[runtime].text));
    out.rows.push_back(r);
  }
  return out;
}

void resolve_auto_stages(TileConfig& c, const Machine& m) {
  if (c.stages != 0) return;
  c.stages = std::max<int64_t>(2, sm90_auto_stages(c.tile, c.variant.schedule, machine_operand_type(m), m.smem_bytes));
}

}  // namespace warpsat
