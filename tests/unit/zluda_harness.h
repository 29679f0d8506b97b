// Runs the ZLUDA conformance kernels (../shared/corpus/zluda, see its README)
// through the emulator with ZLUDA's launch convention and compares the
// output buffers with what GPUs produced.
#pragma once

#include <string>
#include <vector>

namespace warpsat::testing {

struct ZludaOutcome {
  std::string name;
  bool passed = false;
  std::string detail;  // the first mismatch, or the emulator's error
};

// Empty when the manifest is missing.
std::vector<ZludaOutcome> run_zluda_corpus(const std::string& corpus_dir);

}  // namespace warpsat::testing
