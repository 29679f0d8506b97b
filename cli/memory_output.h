// How `profile` and `run` print the emulator's memory metrics
// (emulator/simt/memory_metrics.h): per kernel, per instruction and per
// source line, with Nsight Compute's metric names beside warpsat's.
#pragma once

#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "emulator/simt/line_metrics.h"
#include "frontend/ptx/ir.h"

namespace warpsat::cli {

nlohmann::json access_json(simt::MemClass c, const simt::AccessCounters& a);
nlohmann::json memory_json(const simt::MemoryMetrics& m);
// Per instruction and per source line, the ones that touched memory.
nlohmann::json memory_lines_json(const ptx::Module& m, const simt::KernelMetrics& k, simt::LineAttribution at);
// One line per class with traffic; "" when nothing was measured.
std::string memory_text(const simt::MemoryMetrics& m);
// The source lines with memory traffic, costliest first (at most `limit`).
std::string memory_lines_text(const ptx::Module& m, const simt::KernelMetrics& k, size_t limit,
                              simt::LineAttribution at);
// "file.cu:12" or "ptx:40" (no .loc).
std::string line_name(const ptx::Module& m, const simt::LineMetrics& l);

// HyPA CSV's extra columns (docs/hypa-csv.md): header fields and one row's
// fields, each already quoted and ';'-led.
std::string hypa_memory_header();
std::string hypa_memory_fields(const simt::MemoryMetrics& m, uint64_t warp_instructions, uint64_t threads_on);

// `--source-lines innermost|outermost` (profile, advise): which line of an
// inlined `.loc` chain the per-line memory counts go on.
void add_source_lines_option(CLI::App* sub, std::string& value);
simt::LineAttribution line_attribution(const std::string& value);

}  // namespace warpsat::cli
