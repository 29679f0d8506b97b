// For tests of bad input: the message of the InputError `f` throws, or ""
// when it throws none (so a CHECK on the text fails visibly).
#pragma once

#include <string>

#include "frontend/diagnostics.h"

namespace warpsat::testing {

template <typename F>
std::string input_error_text(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace warpsat::testing
