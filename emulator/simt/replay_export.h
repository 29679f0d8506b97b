// A launch written out for a run on real hardware (bench/gpu/replay.cpp):
// the kernel's PTX, the launch's shape, every buffer's contents before the
// run and the emulator's after it, the parameters' bytes with the places a
// buffer's address (plus an offset) or a tensor map goes, and the addresses
// buffers hold (pointer arrays), which the replay replaces with its own. The replay program loads the same
// PTX through the CUDA driver, launches it with the same data and compares
// every buffer with the emulator's, byte for byte (docs/gpu-replay.md).
#pragma once

#include <string>
#include <vector>

#include "emulator/simt/emulator.h"
#include "frontend/launch_file.h"

namespace warpsat::simt {

struct ReplayExport {
  std::string ptx_text;             // the module as given (the driver JIT-compiles it)
  Launch launch;                    // before the run: the buffers' initial contents
  std::vector<std::string> arg_types;    // element type of each argument (launch_from_file's)
  std::vector<std::string> named_types;  // element type of each Launch::buffers entry
  std::vector<std::vector<uint8_t>> final_args, final_named;  // RunResult::buffers, ::named_buffers
};

// Writes the directory (created if missing; files in it replaced). Throws
// InputError naming the file that cannot be written.
void write_replay_directory(const std::string& dir, const ReplayExport& e);

}  // namespace warpsat::simt
