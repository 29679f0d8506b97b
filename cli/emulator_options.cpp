#include "cli/emulator_options.h"

#include <fmt/format.h>

#include "emulator/simt/launch.h"
#include "frontend/diagnostics.h"
#include "frontend/kernel_names.h"
#include "frontend/ncu_profile.h"

namespace warpsat::cli {

void add_limit_options(CLI::App& app, simt::EmulatorOptions& limits) {
  app.add_option("--max-ctas", limits.max_ctas, "per launch: at most this many blocks")->capture_default_str();
  app.add_option("--max-call-depth", limits.max_call_depth, "per warp: at most this many frames, the kernel's included")
      ->capture_default_str();
  app.add_option("--max-register-bytes", limits.max_register_bytes, "per block: registers x threads x 8 bytes")
      ->capture_default_str();
  app.add_option("--max-shared-bytes", limits.max_shared_bytes, "per block: static plus dynamic shared bytes")
      ->capture_default_str();
  app.add_option("--max-launch-bytes", limits.max_launch_bytes, "per launch: the bytes of all buffers")
      ->capture_default_str();
  app.add_flag_callback("--no-spin-check", [&limits] { limits.detect_spin = false; },
                        "let a warp that provably spins forever run into --max-steps instead of stopping it early (and "
                        "so never start another cluster beside spinning ones)");
  app.add_flag("--consumers-first", limits.consumers_first,
               "schedule warps last to first and issue each bulk copy (TMA) at its warp's next turn, so that a "
               "warp-specialized kernel's consumers wait before its copies land: a schedule a GPU may take, under "
               "which a correct kernel computes the same results");
  app.add_option("--sms", limits.sms,
                 "the GPU's SMs: how many clusters may run side by side when the resident ones wait for another's "
                 "work (132: an H100 SXM or an H200)")
      ->check(CLI::Range(1u, 1u << 20))
      ->capture_default_str();
}

void EmulatorRunOptions::add_to(CLI::App& app) {
  app.add_option("--mode", mode, "full: execute everything; slices: only branch slices and control flow")
      ->check(CLI::IsMember({"full", "slices"}))
      ->capture_default_str();
  app.add_option("--max-steps", max_steps, "per kernel: stop after this many warp instructions")->capture_default_str();
  add_limit_options(app, limits);
}

simt::ProfileMode EmulatorRunOptions::profile_mode() const {
  return mode == "slices" ? simt::ProfileMode::Slices : simt::ProfileMode::Full;
}

simt::EmulatorOptions EmulatorRunOptions::emulator_options() const {
  simt::EmulatorOptions o = limits;
  o.max_steps = max_steps;
  return o;
}

simt::Launch launch_for(const ptx::Module& m, LaunchFile file, const std::string& kernel) {
  if (kernel.empty()) return simt::launch_from_file(m, file);
  const ptx::Function* chosen = nullptr;
  NcuNameMatch best = NcuNameMatch::None;
  size_t ties = 0;
  std::vector<std::string> entries;
  for (const ptx::Function& f : m.functions) {
    if (!f.is_entry || !f.has_body) continue;
    entries.emplace_back(f.name);
    NcuNameMatch how = ncu_kernel_matches(kernel, f.name);
    if (how == NcuNameMatch::None || how < best) continue;
    ties = how == best ? ties + 1 : 1;
    best = how;
    chosen = &f;
  }
  // Not a name a profiler prints, or one several kernels share: the short
  // names output shows and unique parts of names, with the candidates
  // listed when that does not settle it (frontend/kernel_names.h).
  if (!chosen || ties > 1) {
    size_t i = select_kernel_name(entries, kernel, "kernel", m.source);
    chosen = m.find_function(entries[i]);
  }
  if (file.kernel && *file.kernel != chosen->name)
    throw InputError({file.source, 1, 1}, fmt::format("this launch file is for kernel '{}', but --kernel names '{}'",
                                                      *file.kernel, chosen->name));
  file.kernel = std::string(chosen->name);
  return simt::launch_from_file(m, file);
}

}  // namespace warpsat::cli
