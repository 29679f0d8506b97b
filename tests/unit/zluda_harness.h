// Runs the ZLUDA conformance kernels (../shared/corpus/zluda, see its README)
// through the emulator with ZLUDA's launch convention and compares the
// output buffers with what GPUs produced.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace warpsat::testing {

struct ZludaOutcome {
  std::string name;
  bool passed = false;
  std::string detail;  // the first mismatch, or the emulator's error
};

struct ZludaOptions {
  std::string only;          // run just the kernel of this name ("": all of them)
  uint32_t block_dim_x = 0;  // launch this many threads instead of the manifest's (0: the manifest's)
};

// Empty when the manifest is missing.
std::vector<ZludaOutcome> run_zluda_corpus(const std::string& corpus_dir, const ZludaOptions& options = {});

}  // namespace warpsat::testing
