// libFuzzer target for the `--assume` expression parser: any text is parsed
// or rejected with an InputError; a parsed assumption is evaluated with
// every name it uses bound (division by zero and overflow must be caught,
// not crash). Build and run: docs/fuzzing.md.
#include <cstdint>
#include <string>
#include <vector>

#include "frontend/assumption.h"
#include "frontend/diagnostics.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace warpsat;
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    Assumption a = parse_assumption(text);
    std::vector<std::pair<std::string, int64_t>> values;
    int64_t v = 0;
    for (const std::string& n : names_in(*a.expr)) values.emplace_back(n, v++ * 7919 - 3);
    evaluate(*a.expr, values);
  } catch (const InputError&) {
  } catch (const std::out_of_range&) {  // evaluate: a name without a value, documented
  }
  return 0;
}
