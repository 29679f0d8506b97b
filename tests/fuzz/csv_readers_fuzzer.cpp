// libFuzzer target for the CSV and JSON readers a user hands warpsat: GEMM
// traces (CSV and JSON), Nsight Compute CSV exports (every metric read as a
// number) and workload and kernel-list CSVs. Any text is read or rejected
// with an InputError; nothing else may happen. The first byte picks the
// reader, so one corpus covers all. Build and run: docs/fuzzing.md.
#include <cstdint>
#include <string>

#include "frontend/diagnostics.h"
#include "frontend/ncu_profile.h"
#include "frontend/trace_file.h"
#include "frontend/workload_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace warpsat;
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 5) {
      case 0: parse_trace_csv(text, "t.csv"); break;
      case 1: parse_trace_json(text, "t.json"); break;
      case 2: {
        NcuProfile p(text, "p.csv");
        for (const NcuLaunch& l : p.launches())
          for (const NcuMetric& m : l.metrics) try {
              p.number(m);
            } catch (const InputError&) {
            }
        break;
      }
      case 3: parse_workload(text, "w.csv"); break;
      default: parse_kernel_list(text, "k.csv"); break;
    }
  } catch (const InputError&) {
  }
  return 0;
}
