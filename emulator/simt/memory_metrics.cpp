// The counting rules of memory_metrics.h: sectors and lines of global and
// local requests, wavefronts of shared requests, atomics on one address.
#include "emulator/simt/memory_metrics.h"

#include <algorithm>

namespace warpsat::simt {

namespace {

struct ClassInfo {
  const char* name;
  const char* key;
  const char* ncu_requests;
  const char* ncu_sectors;
  const char* ncu_conflicts;
  const char* ncu_bytes = "";
};

// Nsight Compute's names (sm_70 and later): global and local requests and
// sectors in L1TEX's t-stage, shared wavefronts in its data stage. Every name
// here is one ncu 2025.3 lists for an H200 (GH100), checked there on
// 2026-11-27. "global atomic" counts atom and red; ncu splits them (op_atom,
// op_red), and compare-profile adds the two.
constexpr ClassInfo kClasses[kMemClassCount] = {
    {"global load", "global_ld", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
     "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", ""},
    {"global store", "global_st", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
     "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", ""},
    {"global atomic", "global_atom", "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum",
     "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum", ""},
    {"local load", "local_ld", "l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum",
     "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum", ""},
    {"local store", "local_st", "l1tex__t_requests_pipe_lsu_mem_local_op_st.sum",
     "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum", ""},
    {"shared load", "shared_ld", "smsp__inst_executed_op_shared_ld.sum",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"},
    {"shared store", "shared_st", "smsp__inst_executed_op_shared_st.sum",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"},
    {"shared atomic", "shared_atom", "smsp__inst_executed_op_shared_atom.sum",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum"},
    // GH100's ncu (2025.3) has no op_ldgsts t-stage counters, only the
    // instruction count and the L1-cached (.ca) copies' requests and sectors.
    {"cp.async global read", "global_ldgsts", "smsp__sass_inst_executed_op_ldgsts.sum",
     "l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_access.sum", ""},
    {"cp.async shared write", "shared_ldgsts", "", "", ""},
    {"ldmatrix", "shared_ldsm", "smsp__inst_executed_op_ldsm.sum",
     "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
     "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum"},
    {"stmatrix", "shared_stsm", "", "", ""},
    // TMA (sm_90): the SASS instruction counts, and the L1TEX <-> crossbar
    // traffic of TMA at the SM's side. A load's sectors are counted where
    // they arrive (once per destination CTA: SharedTmaWrite); the L2 side
    // has no TMA-only counter, nor has the shared read of a TMA store.
    {"TMA global read", "global_tma_ld", "smsp__sass_inst_executed_op_tma_ld.sum", "", ""},
    {"TMA global write", "global_tma_st", "smsp__sass_inst_executed_op_tma_st.sum",
     "l1tex__m_l1tex2xbar_write_sectors_mem_global_op_tma_st.sum", "", "l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_st.sum"},
    {"TMA shared write", "shared_tma_st", "", "l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum", "",
     "l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum"},
    {"TMA shared read", "shared_tma_ld", "", "", ""},
    {"wgmma shared read", "shared_wgmma", "", "", ""},
};

const ClassInfo& info(MemClass c) { return kClasses[static_cast<size_t>(c)]; }

}  // namespace

uint32_t count_distinct(uint64_t* v, size_t n) {
  if (n == 0) return 0;
  bool sorted = true;
  for (size_t i = 1; i < n && sorted; ++i) sorted = v[i - 1] <= v[i];
  if (!sorted) std::sort(v, v + n);
  uint32_t d = 1;
  for (size_t i = 1; i < n; ++i) d += v[i] != v[i - 1];
  return d;
}


bool is_shared(MemClass c) {
  switch (c) {
    case MemClass::SharedLoad:
    case MemClass::SharedStore:
    case MemClass::SharedAtomic:
    case MemClass::SharedAsyncCopy:
    case MemClass::SharedMatrixLoad:
    case MemClass::SharedMatrixStore:
    case MemClass::SharedTmaWrite:
    case MemClass::SharedTmaRead:
    case MemClass::SharedWgmma: return true;
    default: return false;
  }
}

bool is_bulk(MemClass c) {
  return c == MemClass::GlobalTmaLoad || c == MemClass::GlobalTmaStore || c == MemClass::SharedTmaWrite ||
         c == MemClass::SharedTmaRead;
}

uint64_t ncu_sectors_value(MemClass c, const AccessCounters& a) {
  // An H200's crossbar carries a TMA load's whole box to each destination,
  // the fill of elements outside the tensor included: ncu's sectors there
  // are the box bytes / 32 (docs/gpu-replay.md), not the global sectors read.
  if (c == MemClass::SharedTmaWrite) return (a.bytes_requested + 31) / 32;
  return is_shared(c) ? a.wavefronts : a.sectors;
}

uint64_t ncu_bytes_value(MemClass c, const AccessCounters& a) {
  // ncu's TMA byte counters are its sector counters times 32 in every launch
  // an H200 and an H100 profiled: a store that crosses the tensor's edge
  // moves whole sectors (docs/gpu-replay.md), more than the bytes it asked.
  return ncu_sectors_value(c, a) * 32;
}

std::string swizzle_names(uint8_t swizzles) {
  static constexpr const char* kNames[] = {"none", "32B", "64B", "128B"};
  std::string s;
  for (unsigned b = 0; b < 4; ++b)
    if (swizzles >> b & 1) s += (s.empty() ? "" : "+") + std::string(kNames[b]);
  return s;
}

const char* mem_class_name(MemClass c) { return info(c).name; }
const char* mem_class_key(MemClass c) { return info(c).key; }
const char* ncu_requests_metric(MemClass c) { return info(c).ncu_requests; }
const char* ncu_sectors_metric(MemClass c) { return info(c).ncu_sectors; }
const char* ncu_bank_conflicts_metric(MemClass c) { return info(c).ncu_conflicts; }
const char* ncu_bytes_metric(MemClass c) { return info(c).ncu_bytes; }

AccessCounters& AccessCounters::operator+=(const AccessCounters& o) {
  requests += o.requests;
  lanes += o.lanes;
  bytes_requested += o.bytes_requested;
  sectors += o.sectors;
  lines += o.lines;
  wavefronts += o.wavefronts;
  ideal_wavefronts += o.ideal_wavefronts;
  max_ways = std::max(max_ways, o.max_ways);
  atomic_serial += o.atomic_serial;
  broadcasts += o.broadcasts;
  lowest = std::min(lowest, o.lowest);
  highest = std::max(highest, o.highest);
  delivered_sectors += o.delivered_sectors;
  swizzles |= o.swizzles;
  return *this;
}

bool MemoryMetrics::any() const {
  return std::any_of(by_class.begin(), by_class.end(), [](const AccessCounters& c) { return c.any(); });
}

double MemoryMetrics::efficiency(MemClass c) const {
  const AccessCounters& a = (*this)[c];
  return a.sectors ? 100.0 * static_cast<double>(a.bytes_requested) / static_cast<double>(a.bytes_moved()) : 0.0;
}

MemoryMetrics& MemoryMetrics::operator+=(const MemoryMetrics& o) {
  measured = measured || o.measured;
  for (size_t i = 0; i < kMemClassCount; ++i) by_class[i] += o.by_class[i];
  return *this;
}

SectorCount count_sectors(const uint64_t* address, uint32_t mask, unsigned bytes) {
  uint64_t sectors[32 * 4], lines[32 * 4];
  size_t ns = 0, nl = 0;
  unsigned n = bytes ? bytes : 1;
  for (uint32_t m = mask; m; m &= m - 1) {
    uint64_t a = address[__builtin_ctz(m)];
    for (uint64_t s = a / 32; s <= (a + n - 1) / 32 && ns < std::size(sectors); ++s) sectors[ns++] = s;
    for (uint64_t l = a / 128; l <= (a + n - 1) / 128 && nl < std::size(lines); ++l) lines[nl++] = l;
  }
  return {count_distinct(sectors, ns), count_distinct(lines, nl)};
}

WavefrontCount count_wavefronts(const uint64_t* address, uint32_t mask, unsigned bytes) {
  WavefrontCount out;
  unsigned words_per_lane = bytes <= 4 ? 1 : bytes / 4;
  unsigned per_phase = std::max(1u, 32u / words_per_lane);
  for (unsigned first = 0; first < 32; first += per_phase) {
    uint32_t phase_mask = per_phase >= 32 ? ~0u : ((1u << per_phase) - 1) << first;
    uint32_t lanes = mask & phase_mask;
    if (!lanes) continue;
    // Per bank, the words it must serve one at a time.
    uint64_t words[32][32];
    uint8_t count[32] = {};
    unsigned worst = 0;
    for (uint32_t m = lanes; m; m &= m - 1) {
      uint64_t w0 = address[__builtin_ctz(m)] / 4;
      for (unsigned k = 0; k < words_per_lane; ++k) {
        uint64_t w = w0 + k;
        unsigned b = static_cast<unsigned>(w % 32);
        bool seen = false;
        for (unsigned i = 0; i < count[b] && !seen; ++i) seen = words[b][i] == w;
        if (seen || count[b] == 32) continue;
        words[b][count[b]++] = w;
        worst = std::max<unsigned>(worst, count[b]);
      }
    }
    out.wavefronts += worst;
    out.ideal += 1;
    out.ways = std::max(out.ways, worst);
  }
  return out;
}

uint32_t same_address_lanes(const uint64_t* address, uint32_t mask) {
  uint64_t a[32];
  size_t n = 0;
  for (uint32_t m = mask; m; m &= m - 1) a[n++] = address[__builtin_ctz(m)];
  if (n == 0) return 0;
  std::sort(a, a + n);
  uint32_t best = 1, run = 1;
  for (size_t i = 1; i < n; ++i) {
    run = a[i] == a[i - 1] ? run + 1 : 1;
    best = std::max(best, run);
  }
  return best;
}

bool one_address(const uint64_t* address, uint32_t mask) {
  if (!mask) return false;
  uint64_t first = address[__builtin_ctz(mask)];
  for (uint32_t m = mask; m; m &= m - 1)
    if (address[__builtin_ctz(m)] != first) return false;
  return true;
}

uint64_t SharedRemap::extra_bytes() const {
  if (!active() || xor_words || row_bytes == 0) return 0;
  uint64_t rows = (bytes + row_bytes - 1) / row_bytes;
  return rows * (row_bytes + pad_bytes);
}

}  // namespace warpsat::simt
