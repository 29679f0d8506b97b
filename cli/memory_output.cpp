#include "cli/memory_output.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace warpsat::cli {

using simt::AccessCounters;
using simt::MemClass;

namespace {

constexpr MemClass kAll[] = {MemClass::GlobalLoad,      MemClass::GlobalStore,     MemClass::GlobalAtomic,
                             MemClass::LocalLoad,       MemClass::LocalStore,      MemClass::SharedLoad,
                             MemClass::SharedStore,     MemClass::SharedAtomic,    MemClass::GlobalAsyncCopy,
                             MemClass::SharedAsyncCopy, MemClass::SharedMatrixLoad, MemClass::SharedMatrixStore,
                             MemClass::GlobalTmaLoad,   MemClass::GlobalTmaStore,  MemClass::SharedTmaWrite,
                             MemClass::SharedTmaRead,   MemClass::SharedWgmma};
// HyPA's CSV keeps the columns it had before TMA and wgmma were counted
// (docs/hypa-csv.md); theirs follow the activity factor.
constexpr MemClass kHopper[] = {MemClass::GlobalTmaLoad, MemClass::GlobalTmaStore, MemClass::SharedTmaWrite,
                                MemClass::SharedTmaRead, MemClass::SharedWgmma};
bool is_hopper(MemClass c) { return std::find(std::begin(kHopper), std::end(kHopper), c) != std::end(kHopper); }

bool is_atomic(MemClass c) { return c == MemClass::GlobalAtomic || c == MemClass::SharedAtomic; }

double ratio(uint64_t a, uint64_t b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0; }

// What a line's memory costs beyond the ideal: excess sectors, excess
// wavefronts, serialised atomics; the ranking of memory_lines_text.
uint64_t excess(const simt::MemoryMetrics& m) {
  uint64_t e = 0;
  for (MemClass c : kAll) {
    const AccessCounters& a = m[c];
    if (simt::is_shared(c)) e += a.bank_conflicts();
    else e += a.sectors > (a.bytes_requested + 31) / 32 ? a.sectors - (a.bytes_requested + 31) / 32 : 0;
    if (is_atomic(c)) e += a.atomic_serial - std::min(a.atomic_serial, a.requests);
  }
  return e;
}

uint64_t traffic(const simt::MemoryMetrics& m) {
  uint64_t t = 0;
  for (MemClass c : kAll) t += simt::is_shared(c) ? m[c].wavefronts : m[c].sectors;
  return t;
}

std::string swizzle_text(const AccessCounters& a) {
  return a.swizzles ? fmt::format(", swizzle {}", simt::swizzle_names(a.swizzles)) : "";
}

std::string class_text(MemClass c, const AccessCounters& a) {
  if (simt::is_bulk(c) && simt::is_shared(c))
    return fmt::format("{}: {} {}, {} B{}{}", simt::mem_class_name(c), a.requests,
                       c == MemClass::SharedTmaWrite ? "deliveries (copies x destination CTAs)" : "copies", a.bytes_requested,
                       c == MemClass::SharedTmaWrite ? fmt::format(", {} sectors delivered", a.delivered_sectors) : "",
                       swizzle_text(a));
  std::string s = fmt::format("{}: {} {}", simt::mem_class_name(c), a.requests, simt::is_bulk(c) ? "copies" : "requests");
  if (c == MemClass::SharedWgmma) s += fmt::format(" (warp-group MMAs), {} B", a.bytes_requested);
  if (simt::is_shared(c)) {
    s += fmt::format(", {} wavefronts ({:.2f}/request, ideal {}), {} bank conflicts, worst {}-way", a.wavefronts,
                     ratio(a.wavefronts, a.requests), a.ideal_wavefronts, a.bank_conflicts(), a.max_ways);
  } else {
    s += fmt::format(", {} sectors ({:.2f}/{}), {} lines, {} B requested / {} B moved ({:.1f}%)", a.sectors,
                     ratio(a.sectors, a.requests), simt::is_bulk(c) ? "copy" : "request", a.lines, a.bytes_requested, a.bytes_moved(),
                     a.sectors ? 100.0 * ratio(a.bytes_requested, a.bytes_moved()) : 0.0);
  }
  if (is_atomic(c))
    s += fmt::format(", same-address serialisation {} ({:.2f}/request, worst {} lanes)", a.atomic_serial,
                     ratio(a.atomic_serial, a.requests), a.max_ways);
  return s + swizzle_text(a);
}


}  // namespace

nlohmann::json access_json(MemClass c, const AccessCounters& a) {
  nlohmann::json j = {{"requests", a.requests}, {"lanes", a.lanes}, {"bytes_requested", a.bytes_requested}};
  if (a.swizzles) {
    nlohmann::json modes = nlohmann::json::array();
    static constexpr const char* kModes[] = {"none", "32B", "64B", "128B"};
    for (unsigned b = 0; b < 4; ++b)
      if (a.swizzles >> b & 1) modes.push_back(kModes[b]);
    j["swizzle"] = modes;
  }
  if (simt::is_bulk(c) && simt::is_shared(c)) {
    if (c == MemClass::SharedTmaWrite) j["delivered_sectors"] = a.delivered_sectors;
  } else if (simt::is_shared(c)) {
    j["wavefronts"] = a.wavefronts;
    j["ideal_wavefronts"] = a.ideal_wavefronts;
    j["bank_conflicts"] = a.bank_conflicts();
    j["max_ways"] = a.max_ways;
  } else {
    j["sectors"] = a.sectors;
    j["lines"] = a.lines;
    j["bytes_moved"] = a.bytes_moved();
    j["sectors_per_request"] = ratio(a.sectors, a.requests);
    j["efficiency"] = a.sectors ? 100.0 * ratio(a.bytes_requested, a.bytes_moved()) : 0.0;
    if (!is_atomic(c)) j["broadcast_requests"] = a.broadcasts;
  }
  if (is_atomic(c)) {
    j["atomic_serialisation"] = a.atomic_serial;
    j["max_same_address_lanes"] = a.max_ways;
  }
  nlohmann::json ncu = nlohmann::json::object();
  if (*simt::ncu_requests_metric(c)) ncu[simt::ncu_requests_metric(c)] = a.requests;
  if (*simt::ncu_sectors_metric(c)) ncu[simt::ncu_sectors_metric(c)] = simt::ncu_sectors_value(c, a);
  if (*simt::ncu_bank_conflicts_metric(c)) ncu[simt::ncu_bank_conflicts_metric(c)] = a.bank_conflicts();
  if (*simt::ncu_bytes_metric(c)) ncu[simt::ncu_bytes_metric(c)] = simt::ncu_bytes_value(c, a);
  j["ncu"] = ncu;
  return j;
}

nlohmann::json memory_json(const simt::MemoryMetrics& m) {
  nlohmann::json j = {{"measured", m.measured}};
  nlohmann::json classes = nlohmann::json::object();
  for (MemClass c : kAll)
    if (m[c].any()) classes[simt::mem_class_key(c)] = access_json(c, m[c]);
  j["classes"] = classes;
  return j;
}

std::string line_name(const ptx::Module& m, const simt::LineMetrics& l) {
  if (l.line == 0) return fmt::format("ptx:{}", l.ptx_lines.empty() ? 0 : l.ptx_lines.front());
  std::string file(m.file_path(l.file));
  auto slash = file.find_last_of('/');
  if (slash != std::string::npos) file = file.substr(slash + 1);
  return fmt::format("{}:{}", file.empty() ? "?" : file, l.line);
}

nlohmann::json memory_lines_json(const ptx::Module& m, const simt::KernelMetrics& k, simt::LineAttribution at) {
  nlohmann::json instructions = nlohmann::json::array(), lines = nlohmann::json::array();
  auto classes = [](const std::vector<simt::ClassCounters>& v) {
    nlohmann::json j = nlohmann::json::object();
    for (const simt::ClassCounters& c : v) j[simt::mem_class_key(c.cls)] = access_json(c.cls, c.counters);
    return j;
  };
  for (const simt::InstructionMetrics& i : k.per_instruction) {
    if (i.memory.empty()) continue;
    nlohmann::json source = nullptr;
    auto [file, line] = simt::attributed_line(m, i.loc, at);
    if (line) source = {{"file", std::string(m.file_path(file))}, {"line", line}};
    instructions.push_back({{"function", i.function}, {"ptx_line", i.ptx_line}, {"source", source},
                            {"warps", i.warps}, {"memory", classes(i.memory)}});
  }
  for (const simt::LineMetrics& l : simt::per_source_line(k, m, at)) {
    if (!l.memory.any()) continue;
    nlohmann::json source = nullptr;
    if (l.line) source = {{"file", std::string(m.file_path(l.file))}, {"line", l.line}};
    lines.push_back({{"source", source}, {"ptx_lines", l.ptx_lines}, {"memory", memory_json(l.memory)["classes"]}});
  }
  return {{"per_instruction", instructions}, {"per_line", lines}};
}

std::string memory_text(const simt::MemoryMetrics& m) {
  if (!m.measured) return "";
  std::string s;
  for (MemClass c : kAll)
    if (m[c].any()) s += "  " + class_text(c, m[c]) + "\n";
  if (s.empty()) s = "  memory: no global, local or shared accesses\n";
  return s;
}

std::string memory_lines_text(const ptx::Module& m, const simt::KernelMetrics& k, size_t limit,
                              simt::LineAttribution at) {
  if (!k.memory.measured) return "";
  std::vector<simt::LineMetrics> lines = simt::per_source_line(k, m, at);
  std::erase_if(lines, [](const simt::LineMetrics& l) { return !l.memory.any(); });
  std::stable_sort(lines.begin(), lines.end(), [](const simt::LineMetrics& a, const simt::LineMetrics& b) {
    uint64_t ea = excess(a.memory), eb = excess(b.memory);
    return ea != eb ? ea > eb : traffic(a.memory) > traffic(b.memory);
  });
  std::string s = fmt::format("  memory per source line ({} line(s) with accesses, costliest first):\n", lines.size());
  for (size_t i = 0; i < lines.size() && i < limit; ++i) {
    const simt::LineMetrics& l = lines[i];
    // A line everything is inlined into (CUTLASS's device_kernel.h:123) has
    // thousands of PTX lines: the first few say where to look.
    constexpr size_t kShown = 8;
    std::string ptx = l.ptx_lines.size() <= kShown
                          ? fmt::format("{}", fmt::join(l.ptx_lines, ","))
                          : fmt::format("{}, ... {} more", fmt::join(l.ptx_lines.begin(), l.ptx_lines.begin() + kShown, ","),
                                        l.ptx_lines.size() - kShown);
    s += fmt::format("    {} (PTX {}):\n", line_name(m, l), ptx);
    for (MemClass c : kAll)
      if (l.memory[c].any()) s += "      " + class_text(c, l.memory[c]) + "\n";
  }
  if (lines.size() > limit) s += fmt::format("    ... {} more (--format json lists every line)\n", lines.size() - limit);
  return s;
}

namespace {

// A class's columns: their names, and their values.
std::vector<std::pair<std::string, uint64_t>> hypa_columns(MemClass c, const AccessCounters& a) {
  std::string n = simt::mem_class_name(c);
  if (simt::is_bulk(c) && simt::is_shared(c)) {
    std::vector<std::pair<std::string, uint64_t>> v = {
        {n + (c == MemClass::SharedTmaWrite ? " deliveries" : " copies"), a.requests}, {n + " bytes", a.bytes_requested}};
    if (c == MemClass::SharedTmaWrite) v.push_back({n + " sectors delivered", a.delivered_sectors});
    return v;
  }
  if (simt::is_bulk(c))
    return {{n + " copies", a.requests}, {n + " sectors", a.sectors}, {n + " bytes requested", a.bytes_requested}};
  if (c == MemClass::SharedWgmma)
    return {{n + " requests", a.requests}, {n + " bytes", a.bytes_requested}, {n + " wavefronts", a.wavefronts},
            {n + " bank conflicts", a.bank_conflicts()}};
  if (simt::is_shared(c))
    return {{n + " requests", a.requests}, {n + " wavefronts", a.wavefronts}, {n + " bank conflicts", a.bank_conflicts()}};
  return {{n + " requests", a.requests}, {n + " sectors", a.sectors}, {n + " bytes requested", a.bytes_requested}};
}

}  // namespace

std::string hypa_memory_header() {
  std::string s, hopper;
  for (MemClass c : kAll)
    for (const auto& [name, value] : hypa_columns(c, {})) (is_hopper(c) ? hopper : s) += fmt::format(";\"{}\"", name);
  return s + ";\"Activity Factor\"" + hopper;
}

std::string hypa_memory_fields(const simt::MemoryMetrics& m, uint64_t warp_instructions, uint64_t threads_on) {
  std::string s, hopper;
  for (MemClass c : kAll)
    for (const auto& [name, value] : hypa_columns(c, m[c])) (is_hopper(c) ? hopper : s) += fmt::format(";\"{}\"", value);
  return s + fmt::format(";\"{:.6f}\"", warp_instructions ? static_cast<double>(threads_on) / (32.0 * static_cast<double>(warp_instructions)) : 0.0) + hopper;
}

void add_source_lines_option(CLI::App* sub, std::string& value) {
  sub->add_option("--source-lines", value,
                  "per-line memory of inlined code on the line it is written on (innermost, as Nsight Compute "
                  "shows it) or on the kernel's line that calls it (outermost)")
      ->check(CLI::IsMember({"innermost", "outermost"}))
      ->capture_default_str();
}

simt::LineAttribution line_attribution(const std::string& value) {
  return value == "outermost" ? simt::LineAttribution::Outermost : simt::LineAttribution::Innermost;
}

}  // namespace warpsat::cli
