#include "cli/metrics_output.h"

#include <fmt/format.h>

#include "cli/memory_output.h"

namespace warpsat::cli {

namespace {

nlohmann::json async_json(const simt::AsyncMetrics& a) {
  return {{"warps", a.warps},
          {"warp_instructions", a.warp_instructions},
          {"wgmma_instructions", a.wgmma_instructions},
          {"wgmma_flops", a.wgmma_flops},
          {"tma_bytes_loaded", a.tma_bytes_loaded},
          {"tma_bytes_stored", a.tma_bytes_stored},
          {"mbarrier_waits", a.mbarrier_waits},
          {"mbarrier_blocked", a.mbarrier_blocked}};
}

}  // namespace

nlohmann::json metrics_json(const ptx::Module& m, const simt::KernelMetrics& k) {
  nlohmann::json branches = nlohmann::json::array();
  for (const auto& b : k.per_branch()) {
    nlohmann::json source = nullptr;
    if (b.loc.outer_line) source = {{"file", std::string(m.file_path(b.loc.outer_file))}, {"line", b.loc.outer_line}};
    branches.push_back({{"function", b.function}, {"ptx_line", b.ptx_line}, {"source", source},
                        {"executions", b.executions}, {"divergent", b.divergent}});
  }
  nlohmann::json categories;
  for (size_t i = 0; i < k.thread_by_category.size(); ++i)
    categories[std::string(analysis::to_string(static_cast<analysis::Category>(i)))] = k.thread_by_category[i];
  auto precisions = [](const std::array<uint64_t, 3>& v) {
    return nlohmann::json{{"half", v[0]}, {"single", v[1]}, {"double", v[2]}, {"total", v[0] + v[1] + v[2]}};
  };
  // The asynchronous work in all and per warp role (docs/emulator.md, "Warp roles").
  nlohmann::json roles;
  for (size_t i = 0; i < k.roles.size(); ++i) roles[simt::to_string(static_cast<simt::WarpRole>(i))] = async_json(k.roles[i]);
  nlohmann::json async = async_json(k.async_total());
  async["by_role"] = roles;
  return {{"static_instructions", k.static_instructions},
          {"warp_instructions", k.warp_instructions},
          {"thread_instructions", k.thread_instructions},
          {"thread_instructions_predicated_on", k.thread_instructions_predicated_on},
          {"thread_instructions_by_category", categories},
          {"fp_instructions", precisions(k.fp_instructions)},
          {"flops", precisions(k.flops)},
          {"flops_special", precisions(k.flops_special)},
          {"wgmma", {{"instructions", k.wgmma_instructions}, {"flops", k.wgmma_flops}}},
          {"async", async},
          {"branches", k.branches},
          {"divergent_branches", k.divergent_branches},
          {"branch_efficiency", k.branch_efficiency()},
          {"simt_efficiency", k.simt_efficiency()},
          {"activity_factor", k.activity_factor()},
          {"memory", memory_json(k.memory)},
          {"ctas", k.ctas},
          {"warps", k.warps},
          {"threads", k.threads},
          {"per_branch", branches}};
}

std::string metrics_text(const simt::KernelMetrics& k) {
  std::string s;
  s += fmt::format("  instructions: {} static, {} warp-level executed (inst_executed), {} thread-level\n",
                   k.static_instructions, k.warp_instructions, k.thread_instructions);
  s += fmt::format("  floating point: {} instructions, {} FLOPs (half {}, single {}, double {}), {} special\n",
                   k.fp_total(), k.flops_total(), k.flops[0], k.flops[1], k.flops[2],
                   k.flops_special[0] + k.flops_special[1] + k.flops_special[2]);
  if (k.wgmma_instructions)  // Hopper kernels only: the others' output stays as it was
    s += fmt::format("  tensor cores: {} wgmma.mma_async per warp group ({} warp-level), {} FLOPs\n",
                     k.wgmma_instructions, 4 * k.wgmma_instructions, k.wgmma_flops);
  const simt::AsyncMetrics all = k.async_total();
  if (all.wgmma_instructions || all.tma_bytes_loaded || all.tma_bytes_stored) {  // Hopper's asynchronous kernels only
    s += fmt::format("  asynchronous work by warp role (a consumer issued wgmma, a producer TMA loads and no wgmma):\n"
                     "    {:<9} {:>6} {:>12} {:>8} {:>14} {:>12} {:>12} {:>10} {:>8}\n",
                     "role", "warps", "warp instr", "wgmma", "wgmma FLOPs", "TMA loaded", "TMA stored", "mbar waits",
                     "blocked");
    auto row = [&](const std::string& name, const simt::AsyncMetrics& a) {
      s += fmt::format("    {:<9} {:>6} {:>12} {:>8} {:>14} {:>12} {:>12} {:>10} {:>8}\n", name, a.warps,
                       a.warp_instructions, a.wgmma_instructions, a.wgmma_flops, a.tma_bytes_loaded, a.tma_bytes_stored,
                       a.mbarrier_waits, a.mbarrier_blocked);
    };
    for (size_t i = 0; i < k.roles.size(); ++i) row(simt::to_string(static_cast<simt::WarpRole>(i)), k.roles[i]);
    row("all", all);
  }
  s += fmt::format("  branches: {} executed, {} divergent, branch efficiency {:.2f}%, SIMT efficiency {:.2f}%\n",
                   k.branches, k.divergent_branches, k.branch_efficiency(), 100 * k.simt_efficiency());
  s += fmt::format("  activity factor {:.2f}% (lanes whose guard held / 32 per warp instruction)\n", 100 * k.activity_factor());
  s += memory_text(k.memory);
  return s;
}

}  // namespace warpsat::cli
