// The patterns `advise` looks for on a line's exact memory counts, the
// change each calls for, and the re-runs that check a shared array's
// padding or permutation (advise.h).
#include "emulator/advise.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace warpsat {

using simt::AccessCounters;
using simt::MemClass;

namespace {

constexpr MemClass kDevice[] = {MemClass::GlobalLoad, MemClass::GlobalStore, MemClass::GlobalAtomic,
                                MemClass::LocalLoad, MemClass::LocalStore, MemClass::GlobalAsyncCopy};
constexpr MemClass kShared[] = {MemClass::SharedLoad,      MemClass::SharedStore,      MemClass::SharedAtomic,
                                MemClass::SharedAsyncCopy, MemClass::SharedMatrixLoad, MemClass::SharedMatrixStore};

// Sectors beyond what the request's bytes need (ceil(bytes / 32) a request):
// per instruction, where requests are alike.
uint64_t excess_sectors(const AccessCounters& a) {
  if (!a.requests) return 0;
  uint64_t per_request = (a.bytes_requested / a.requests + 31) / 32;
  uint64_t ideal = per_request * a.requests;
  return a.sectors > ideal ? a.sectors - ideal : 0;
}

struct LineCosts {
  uint64_t sectors = 0, excess_sectors = 0;
  uint64_t wavefronts = 0, conflicts = 0, max_ways = 0;
  uint64_t atomic_requests = 0, atomic_serial = 0, atomic_max = 0;
  uint64_t memory_requests = 0, memory_lanes = 0;
  uint64_t load_requests = 0, broadcasts = 0;  // global loads, and those whose lanes all read one address
  uint64_t shared_lowest = UINT64_MAX, shared_highest = 0;
};

LineCosts costs(const simt::KernelMetrics& k, const simt::LineMetrics& l) {
  LineCosts c;
  for (size_t i : l.instructions)
    for (const simt::ClassCounters& m : k.per_instruction[i].memory) {
      const AccessCounters& a = m.counters;
      c.memory_requests += a.requests;
      c.memory_lanes += a.lanes;
      if (simt::is_shared(m.cls)) {
        c.wavefronts += a.wavefronts;
        c.conflicts += a.bank_conflicts();
        c.max_ways = std::max(c.max_ways, a.max_ways);
        c.shared_lowest = std::min(c.shared_lowest, a.lowest);
        c.shared_highest = std::max(c.shared_highest, a.highest);
      } else {
        c.sectors += a.sectors;
        c.excess_sectors += excess_sectors(a);
      }
      if (m.cls == MemClass::GlobalLoad) {
        c.load_requests += a.requests;
        c.broadcasts += a.broadcasts;
      }
      if (m.cls == MemClass::GlobalAtomic || m.cls == MemClass::SharedAtomic) {
        c.atomic_requests += a.requests;
        c.atomic_serial += a.atomic_serial;
        c.atomic_max = std::max(c.atomic_max, a.max_ways);
      }
    }
  return c;
}

// Requests a warp saves by loading 32 broadcast words in one request and
// handing them out with shuffles: all but one in 32. Only where most of the
// line's global loads are broadcasts (a loop over a row every lane reads).
uint64_t broadcast_gain(const LineCosts& c) {
  if (c.broadcasts < 32 || c.broadcasts * 2 < c.load_requests) return 0;
  return c.broadcasts - (c.broadcasts + 31) / 32;
}

uint64_t excess_of(const LineCosts& c) {
  return c.excess_sectors + c.conflicts + (c.atomic_serial - std::min(c.atomic_serial, c.atomic_requests)) +
         broadcast_gain(c);
}

bool same_line(const simt::LineMetrics& a, const simt::LineMetrics& b) {
  return a.line == b.line && (a.line ? a.file == b.file : a.ptx_lines == b.ptx_lines);
}

uint64_t line_wavefronts(const ptx::Module& m, const simt::KernelMetrics& k, const simt::LineMetrics& line,
                         simt::LineAttribution at) {
  for (const simt::LineMetrics& l : simt::per_source_line(k, m, at))
    if (same_line(l, line)) {
      uint64_t w = 0;
      for (MemClass c : kShared) w += l.memory[c].wavefronts;
      return w;
    }
  return 0;
}

const simt::SharedVariable* array_of(const std::vector<simt::SharedVariable>& vars, uint64_t lowest, uint64_t highest) {
  for (const simt::SharedVariable& v : vars)
    if (lowest >= v.offset && highest < v.offset + v.bytes) return &v;
  return nullptr;
}

RemapCheck rerun(const ptx::Module& m, const simt::Launch& launch, const AdviseOptions& options,
                 const simt::RunResult& base, const simt::LineMetrics& line, uint64_t before, simt::SharedRemap remap,
                 std::string what) {
  RemapCheck check;
  check.remap = std::move(what);
  check.before = before;
  simt::EmulatorOptions eo = options.emulator;
  eo.memory_metrics = true;
  eo.return_buffers = true;
  eo.shared_remap = remap;
  try {
    simt::RunResult r = simt::run_kernel(m, launch, eo);
    check.after = line_wavefronts(m, r.metrics, line, options.lines);
    check.results_unchanged = r.buffers == base.buffers;
  } catch (const std::exception& e) {
    check.error = e.what();
    check.after = before;
  }
  return check;
}

bool within(uint64_t measured, uint64_t estimated, double tolerance) {
  if (estimated == 0) return measured == 0;
  return std::fabs(static_cast<double>(measured) - static_cast<double>(estimated)) <=
         tolerance * static_cast<double>(estimated);
}

Advice shared_advice(const ptx::Module& m, const simt::Launch& launch, const AdviseOptions& options,
                     const simt::RunResult& base, const simt::LineMetrics& line, const LineCosts& c) {
  Advice a;
  a.unit = "wavefronts";
  a.before = c.wavefronts;
  a.estimated_gain = c.conflicts;  // the conflicts go; the ideal wavefronts stay
  const simt::SharedVariable* v = array_of(base.shared_variables, c.shared_lowest, c.shared_highest);
  std::string name = v ? fmt::format("'{}'", v->name) : "the shared array";
  a.pattern = fmt::format("{} accessed with bank conflicts: {} wavefronts where {} would do, worst {}-way (lanes "
                          "whose words lie a multiple of 32 words apart share a bank)",
                          name, c.wavefronts, c.wavefronts - c.conflicts, c.max_ways);
  a.change = fmt::format("pad {}: one 4-byte word after every row of 32 words or more (tile[R][C] -> tile[R][C + 1], "
                         "or index i -> i + i / 32), or permute each row's words (column c of row r at c ^ r)",
                         name);
  if (!v || v->bytes == 0) return a;
  // Padding after rows of 128, 256, ... bytes: the best measured first.
  std::vector<RemapCheck> pads;
  for (uint64_t row = 128; row <= v->bytes; row *= 2) {
    simt::SharedRemap r{.base = v->offset, .bytes = v->bytes, .row_bytes = row, .pad_bytes = 4};
    pads.push_back(rerun(m, launch, options, base, line, c.wavefronts, r,
                         fmt::format("{} padded by 4 bytes after every {} bytes", name, row)));
  }
  std::stable_sort(pads.begin(), pads.end(), [](const RemapCheck& x, const RemapCheck& y) {
    bool gx = x.error.empty() && x.results_unchanged, gy = y.error.empty() && y.results_unchanged;
    if (gx != gy) return gx;
    return x.measured_gain() > y.measured_gain();
  });
  if (!pads.empty()) a.checks.push_back(pads.front());
  if (v->bytes % 128 == 0) {
    simt::SharedRemap x{.base = v->offset, .bytes = v->bytes, .row_bytes = 128, .xor_words = true};
    a.checks.push_back(rerun(m, launch, options, base, line, c.wavefronts, x,
                             fmt::format("{} with word c of each 128-byte row r at c ^ (r % 32)", name)));
  }
  for (const RemapCheck& k : a.checks)
    if (k.error.empty() && k.results_unchanged && within(k.measured_gain(), a.estimated_gain, options.tolerance))
      a.verified = true;
  a.contradicted = !a.verified;
  return a;
}

}  // namespace

AdviseReport advise(const ptx::Module& m, const simt::Launch& launch, const AdviseOptions& options) {
  simt::EmulatorOptions eo = options.emulator;
  eo.memory_metrics = true;
  eo.return_buffers = true;
  eo.shared_remap = {};
  eo.execute_only.clear();
  simt::RunResult base = simt::run_kernel(m, launch, eo);
  AdviseReport report;
  report.kernel = base.metrics.name;
  std::copy(launch.block, launch.block + 3, report.block);
  std::copy(launch.grid, launch.grid + 3, report.grid);
  report.shared_variables = base.shared_variables;

  struct Ranked {
    simt::LineMetrics line;
    LineCosts costs;
    uint64_t excess;
  };
  std::vector<Ranked> ranked;
  for (simt::LineMetrics& l : simt::per_source_line(base.metrics, m, options.lines)) {
    if (!l.memory.any()) continue;
    ++report.lines_with_accesses;
    LineCosts c = costs(base.metrics, l);
    uint64_t e = excess_of(c);
    if (e) ranked.push_back({std::move(l), c, e});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) { return a.excess > b.excess; });
  if (ranked.size() > options.max_lines) ranked.resize(options.max_lines);

  for (Ranked& r : ranked) {
    AdvisedLine out;
    out.line = r.line;
    out.excess = r.excess;
    const LineCosts& c = r.costs;
    if (c.excess_sectors) {
      Advice a;
      a.unit = "sectors";
      a.before = c.sectors;
      a.estimated_gain = c.excess_sectors;
      a.pattern = fmt::format("strided or scattered global access: {} sectors where the bytes asked for fit in {} "
                              "({:.1f} sectors per request)",
                              c.sectors, c.sectors - c.excess_sectors,
                              static_cast<double>(c.sectors) /
                                  static_cast<double>(std::max<uint64_t>(1, c.memory_requests)));
      a.change = "let consecutive threads touch consecutive addresses: swap the index order (A[j * m + i] for "
                 "A[i * n + j]) or the array's layout, or stage a tile through shared memory and read it there";
      out.advice.push_back(a);
    }
    if (c.conflicts) out.advice.push_back(shared_advice(m, launch, options, base, r.line, c));
    if (c.atomic_serial > c.atomic_requests) {
      Advice a;
      a.unit = "serialised updates";
      a.before = c.atomic_serial;
      a.estimated_gain = c.atomic_serial - c.atomic_requests;
      a.pattern = fmt::format("atomics on one address from many lanes of a warp: up to {} lanes serialised, {} "
                              "updates in sequence over {} requests",
                              c.atomic_max, c.atomic_serial, c.atomic_requests);
      a.change = "reduce within the warp first (__reduce_add_sync, or a __shfl_xor_sync tree; __match_any_sync "
                 "groups lanes on equal addresses) and let one lane per address do the atomic";
      out.advice.push_back(a);
    }
    if (uint64_t gain = broadcast_gain(c)) {
      Advice a;
      a.unit = "requests";
      a.before = c.load_requests;
      a.estimated_gain = gain;
      a.pattern = fmt::format("a broadcast loaded as a gather: in {} of {} global load requests every lane reads "
                              "the same address, one word per request",
                              c.broadcasts, c.load_requests);
      a.change = "load 32 consecutive words with one request (lane i reads word k + i) and hand word j to the "
                 "warp with __shfl_sync(mask, v, j); read-only data can also come through __ldg or __constant__";
      out.advice.push_back(a);
    }
    if (c.memory_requests && c.memory_lanes * 2 < c.memory_requests * 32) {
      Advice a;
      a.unit = "warp instructions";
      a.before = c.memory_requests;
      uint64_t packed = (c.memory_lanes + 31) / 32;
      a.estimated_gain = c.memory_requests > packed ? c.memory_requests - packed : 0;
      a.pattern = fmt::format("memory accesses under a divergent branch: {:.1f} of 32 lanes per request",
                              static_cast<double>(c.memory_lanes) / static_cast<double>(c.memory_requests));
      a.change = "make the condition uniform per warp (assign work by warp, not by thread) or compact the "
                 "active items first, so that each request serves 32 lanes";
      if (a.estimated_gain) out.advice.push_back(a);
    }
    report.lines.push_back(std::move(out));
  }
  report.metrics = std::move(base.metrics);
  return report;
}

}  // namespace warpsat
