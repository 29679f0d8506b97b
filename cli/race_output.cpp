#include "cli/race_output.h"

#include <fmt/format.h>

namespace warpsat::cli {

namespace {

nlohmann::json access_json(const ptx::Module& m, const simt::RaceAccess& a) {
  nlohmann::json source = nullptr;
  if (a.loc.line) source = {{"file", std::string(m.file_path(a.loc.file))}, {"line", a.loc.line}};
  if (a.loc.outer_line && (a.loc.outer_line != a.loc.line || a.loc.outer_file != a.loc.file))
    source["inlined_at"] = {{"file", std::string(m.file_path(a.loc.outer_file))}, {"line", a.loc.outer_line}};
  return {{"kind", a.kind()},
          {"block", {a.cta_xyz[0], a.cta_xyz[1], a.cta_xyz[2]}},
          {"thread", {a.thread_xyz[0], a.thread_xyz[1], a.thread_xyz[2]}},
          {"function", a.function},
          {"ptx_line", a.ptx_line},
          {"source", source}};
}

// "write by thread (1,0,0) of block (0,0,0) at PTX line 12 (k.cu:7)"
std::string access_text(const ptx::Module& m, const simt::RaceAccess& a) {
  std::string source;
  if (a.loc.line) {
    std::string_view file = m.file_path(a.loc.file);
    source = fmt::format(" ({}:{})", file.empty() ? "?" : file, a.loc.line);
  }
  return fmt::format("{} by thread ({},{},{}) of block ({},{},{}) at PTX line {}{}", a.kind(), a.thread_xyz[0],
                     a.thread_xyz[1], a.thread_xyz[2], a.cta_xyz[0], a.cta_xyz[1], a.cta_xyz[2], a.ptx_line, source);
}

}  // namespace

nlohmann::json races_json(const ptx::Module& m, const simt::RaceReport& r) {
  nlohmann::json races = nlohmann::json::array();
  for (const simt::Race& race : r.races) {
    nlohmann::json j = {{"space", std::string(simt::to_string(race.space))},
                        {"hazard", race.hazard()},
                        {"address", fmt::format("0x{:x}", race.first_address)},
                        {"conflicts", race.conflicts},
                        {"first", access_json(m, race.first)},
                        {"second", access_json(m, race.second)}};
    // Whose shared memory, in a launch with clusters (distributed shared memory).
    if (race.cluster_shared)
      j["block"] = {race.shared_block_xyz[0], race.shared_block_xyz[1], race.shared_block_xyz[2]};
    races.push_back(std::move(j));
  }
  return {{"races", races}, {"conflicts", r.conflicts}};
}

std::string races_text(const ptx::Module& m, const simt::RaceReport& r) {
  if (r.empty()) return "racecheck: no races\n";
  std::string s = fmt::format("racecheck: {} race(s), {} conflicting byte access(es)\n", r.races.size(), r.conflicts);
  for (const simt::Race& race : r.races)
    s += fmt::format("  {} race on {} memory{} at 0x{:x} ({} byte conflict(s) between these instructions)\n"
                     "    {}\n    {}\n",
                     race.hazard(), simt::to_string(race.space), simt::shared_block_text(race), race.first_address,
                     race.conflicts,
                     access_text(m, race.first), access_text(m, race.second));
  return s;
}

}  // namespace warpsat::cli
