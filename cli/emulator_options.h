// Options shared by the commands that run a kernel on the SIMT emulator for
// its metrics (`profile`, `compare-profile`), so both count the same way.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "emulator/simt/profile.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/ir.h"

namespace warpsat::cli {

// Registers the emulator's budgets (--max-ctas, --max-call-depth,
// --max-register-bytes, --max-shared-bytes, --max-launch-bytes) on `app`,
// writing into `limits`; shared by run, profile and compare-profile.
void add_limit_options(CLI::App& app, simt::EmulatorOptions& limits);

struct EmulatorRunOptions {
  std::string mode = "full";
  uint64_t max_steps = uint64_t{1} << 28;
  simt::EmulatorOptions limits;  // the budgets of add_limit_options

  // Registers --mode and --max-steps on `app`.
  void add_to(CLI::App& app);
  simt::ProfileMode profile_mode() const;
  simt::EmulatorOptions emulator_options() const;
};

// The launch a launch description gives. `kernel` (when not empty) picks the
// kernel of a module with several, by any spelling a profiler prints (mangled,
// demangled or function name); it must agree with the file's `kernel` key.
simt::Launch launch_for(const ptx::Module& m, LaunchFile file, const std::string& kernel);

}  // namespace warpsat::cli
