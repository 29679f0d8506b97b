// The memory this process holds now (its resident set), for decisions that
// trade memory for time within a bound: 0 where the system does not say.
#pragma once

#include <cstdint>

namespace warpsat {

uint64_t resident_bytes();

}  // namespace warpsat
