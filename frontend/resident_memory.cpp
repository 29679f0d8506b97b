#include "frontend/resident_memory.h"

#include <unistd.h>

#include <cstdio>

namespace warpsat {

uint64_t resident_bytes() {
  // Linux: /proc/self/statm holds the sizes in pages; the second is resident.
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  int read = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  long page = ::sysconf(_SC_PAGESIZE);
  return read == 2 && page > 0 ? resident * static_cast<uint64_t>(page) : 0;
}

}  // namespace warpsat
