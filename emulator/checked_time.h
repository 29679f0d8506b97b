#pragma once
// 64-bit arithmetic on predicted times that refuses to wrap: a machine file
// with a fine time unit and large matrices can exceed int64, and a wrapped
// time would make a wrong optimum look right. Shared by the event
// simulators (gemm_ws_sim, gemm_hopper_sim).

#include <cstdint>

#include "frontend/diagnostics.h"

namespace warpsat::checked_time {

[[noreturn]] inline void overflow() {
  throw command_line_error(
      "the predicted times overflow 64-bit integers; use a coarser time unit in the machine file or smaller matrices");
}

inline int64_t add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) overflow();
  return r;
}

inline int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) overflow();
  return r;
}

}  // namespace warpsat::checked_time
