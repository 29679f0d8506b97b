#include "cli/hypa_csv.h"

#include <array>
#include <cstdio>

#include <fmt/format.h>

#include "cli/memory_output.h"

namespace warpsat::cli {

namespace {

// Every field quoted, as HyPA does; a quote inside is doubled (HyPA writes
// it bare, which no CSV reader could split).
std::string hypa_quoted(const std::string& field) {
  std::string out = "\"";
  for (char c : field) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// HyPA's column 12 is computed in single precision and printed by
// std::to_string(float), i.e. printf's %f: the same arithmetic and the same
// formatting here give the same digits (and "-nan" for 0/0).
std::string hypa_ratio(uint64_t executed, uint64_t dynamic) {
  float ratio = (static_cast<float>(executed) / static_cast<float>(dynamic)) * 100;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%f", static_cast<double>(ratio));
  return buf;
}

// The extra columns: totals, then each role's.
const char* const kAsyncTotals[] = {"wgmma Instructions", "wgmma FLOPs", "TMA Bytes Loaded", "TMA Bytes Stored",
                                    "mbarrier Waits"};
const char* const kAsyncPerRole[] = {"Warps", "Warp Instructions", "wgmma Instructions", "wgmma FLOPs",
                                     "TMA Bytes Loaded", "TMA Bytes Stored", "mbarrier Waits"};
const char* const kRoleNames[] = {"Producer", "Consumer", "Other"};  // simt::WarpRole's order

std::vector<uint64_t> async_fields(const simt::AsyncMetrics& a, bool per_role) {
  if (!per_role)
    return {a.wgmma_instructions, a.wgmma_flops, a.tma_bytes_loaded, a.tma_bytes_stored, a.mbarrier_waits};
  return {a.warps, a.warp_instructions, a.wgmma_instructions, a.wgmma_flops,
          a.tma_bytes_loaded, a.tma_bytes_stored, a.mbarrier_waits};
}

}  // namespace

std::string hypa_csv_header(bool memory, bool async_columns) {
  std::string extra;
  if (async_columns) {
    for (const char* c : kAsyncTotals) extra += fmt::format(";\"{}\"", c);
    for (const char* role : kRoleNames)
      for (const char* c : kAsyncPerRole) extra += fmt::format(";\"{} {}\"", role, c);
  }
  return std::string("\"Filename\";\"Ptx Version\";\"Ptx Target\";\"Ptx Adress Size\";\"File Instructions\";\"CTAs\";"
         "\"Thread Count\";\"Static Instructions\";\"Dynamic Instruction Count\";\"FP Instructions\";"
         "\"Executed Instructions\";\"(Executed instructions/Dynamic Instruction Count)*100\";"
         "\"Divergent Branches\";\"Divergent Branches for each Part\";\"Duration (msec)\"") +
         extra + (memory ? hypa_memory_header() : "") + "\n";
}

std::string hypa_csv_row(const ptx::Module& m, const std::vector<const simt::KernelProfile*>& kernels, bool with_memory,
                         bool async_columns) {
  uint64_t file_instructions = 0;
  for (const ptx::Function& f : m.functions) file_instructions += f.instructions.size();
  uint64_t ctas = 0, threads = 0, static_all_threads = 0, dynamic = 0, fp = 0, executed = 0, paths = 0;
  double milliseconds = 0;
  std::string per_kernel;
  std::array<simt::AsyncMetrics, simt::kWarpRoleCount> roles{};
  simt::MemoryMetrics memory;
  uint64_t warp_instructions = 0, threads_on = 0;
  for (const simt::KernelProfile* p : kernels) {
    milliseconds += p->milliseconds;
    if (p->ok) {
      const simt::KernelMetrics& k = p->metrics;
      for (size_t r = 0; r < roles.size(); ++r) roles[r] += k.roles[r];
      ctas += k.ctas;
      threads += k.threads;
      static_all_threads += k.static_instructions * k.threads;
      dynamic += k.thread_instructions;
      fp += k.fp_total();
      executed += k.thread_instructions_run;
      paths += k.thread_paths;
      memory += k.memory;
      warp_instructions += k.warp_instructions;
      threads_on += k.thread_instructions_predicated_on;
      per_kernel += std::to_string(k.thread_paths);
    }
    per_kernel += ',';  // HyPA ends every entry with a comma, the last one too
  }
  std::vector<std::string> fields = {
      m.source,
      fmt::format("{}.{}", m.version_major, m.version_minor),
      fmt::format("{}", fmt::join(m.targets, ", ")),
      std::to_string(m.address_size),
      std::to_string(file_instructions),
      std::to_string(ctas),
      std::to_string(threads),
      std::to_string(static_all_threads),
      std::to_string(dynamic),
      std::to_string(fp),
      std::to_string(executed),
      hypa_ratio(executed, dynamic),
      std::to_string(paths),
      per_kernel,
      // Whole milliseconds, cut as std::chrono::duration_cast cuts them.
      std::to_string(static_cast<uint64_t>(milliseconds)),
  };
  std::string row;
  for (size_t i = 0; i < fields.size(); ++i) row += (i ? ";" : "") + hypa_quoted(fields[i]);
  // The header's order: HyPA's 15, the asynchronous columns, the memory ones.
  if (async_columns) {
    simt::AsyncMetrics all;
    for (const simt::AsyncMetrics& r : roles) all += r;
    for (uint64_t v : async_fields(all, false)) row += ";" + hypa_quoted(std::to_string(v));
    for (const simt::AsyncMetrics& r : roles)
      for (uint64_t v : async_fields(r, true)) row += ";" + hypa_quoted(std::to_string(v));
  }
  if (with_memory) row += hypa_memory_fields(memory, warp_instructions, threads_on);
  return row + "\n";
}

}  // namespace warpsat::cli
