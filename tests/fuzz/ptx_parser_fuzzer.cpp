// libFuzzer target for the PTX frontend. Any input may be rejected with an
// InputError; anything else (a crash, a sanitizer report, another
// exception) is a bug. Accepted input must also survive print -> parse with
// the same IR, and the CFG, post-dominator and slice analyses.
// Build and run: docs/fuzzing.md.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "frontend/analysis/slices.h"
#include "frontend/diagnostics.h"
#include "frontend/ptx/parser.h"
#include "frontend/ptx/printer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace warpsat;
  std::string text(reinterpret_cast<const char*>(data), size);
  ptx::Module m;
  try {
    m = ptx::parse_module(text, "fuzz.ptx");
  } catch (const InputError&) {
    return 0;
  }
  std::string printed = ptx::print_module(m);
  ptx::Module again = ptx::parse_module(printed, "printed.ptx");  // must not throw
  if (!ptx::same_ir(m, again)) std::abort();
  for (const ptx::Function& f : m.functions) {
    if (!f.has_body) continue;
    try {
      analysis::analyse_function(f, m.source);
    } catch (const InputError&) {
      // e.g. a branch to a label of another function: rejected, not a crash
    }
  }
  return 0;
}
