// Profiling: run a kernel and report seed 000/002's metrics, in full mode
// (every instruction executes) or slices mode (HyPA's hybrid idea done
// right: only the branch slices and the control flow execute, and the counts
// are reconstructed from the paths they decide).
#pragma once

#include <string>
#include <vector>

#include "emulator/simt/emulator.h"

namespace warpsat::simt {

enum class ProfileMode { Full, Slices };

struct SliceSchedule {
  std::vector<std::vector<bool>> execute;  // [function][instruction]
  std::string not_applicable;              // why slices mode cannot apply; empty if it can
  size_t executed = 0, total = 0;          // static instructions in the schedule / reachable
};

// What slices mode must execute for `kernel`: the backward closure of every
// conditional branch, guard, brx index, indirect call and barrier operand
// in the kernel and the functions it calls. Not applicable when a slice
// reads memory the kernel writes, or values passed through calls.
SliceSchedule slices_schedule(const ptx::Module& m, const ptx::Function& kernel);

struct KernelProfile {
  std::string kernel;
  bool ok = false;
  std::string error;           // why the kernel could not be profiled
  KernelMetrics metrics;
  double milliseconds = 0;
  ProfileMode mode = ProfileMode::Full;  // the mode that produced the metrics
  std::string fallback;        // slices mode was asked for but fell back to full: why
  size_t slice_instructions = 0, reachable_instructions = 0;
  RaceReport races;            // with EmulatorOptions::racecheck (full mode)
};

// Never throws for faults of the kernel: they become `error`.
KernelProfile profile_kernel(const ptx::Module& m, const Launch& launch, ProfileMode mode,
                             const EmulatorOptions& options = {});

}  // namespace warpsat::simt
