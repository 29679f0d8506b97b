// A GPU as the warp-specialization model sees it (seed 001, section 2):
// throughputs, startup latencies, fixed costs and resource limits, all in one
// time unit chosen by the machine file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/rational.h"

namespace warpsat {

struct Machine {
  std::string name;         // "a6000-paper"
  std::string description;  // where the figures come from
  std::string source;       // file path, or "bundled:<name>"
  std::string time_unit = "ns";
  int64_t sms = 0;                // streaming multiprocessors (wave width)
  int64_t init = 0;               // T_INIT: launch cost, once per kernel
  int64_t epilogue = 0;           // T_EPILOGUE: once per wave
  int64_t load_latency = 0;       // DMA startup latency per tile load
  int64_t compute_latency = 0;    // MATH startup latency per tile multiply
  Rational load_throughput;       // elements per time unit
  Rational compute_throughput;    // multiply-adds per time unit
  int64_t smem_bytes = 0;         // shared memory per block; 0 = unconstrained
  int64_t element_bytes = 4;      // bytes per matrix element

  // Optional hardware limits (docs/machines.md); 0 = no limit, so machine
  // files written before these keys existed keep their meaning.
  int64_t output_bytes = 0;              // bytes per C element the epilogue stages through shared memory
  int64_t max_threads_per_block = 0;
  int64_t producer_threads = 0;          // DMA threads per block
  int64_t consumer_threads = 0;          // MATH threads per block; they hold the accumulator tile
  int64_t accumulator_bytes = 4;         // bytes per accumulator element (fp32)
  int64_t max_registers_per_thread = 0;  // 32-bit registers
  int64_t registers_per_block = 0;       // 32-bit registers a block may use in all
  int64_t register_overhead = 0;         // registers per thread besides the accumulator (addresses, counters)

  // The sm90 target and the hopper model (docs/machines.md); optional.
  std::string arch;                // "sm90": `tile` defaults to the sm90 space and the hopper model
  std::string element_type;        // operands, e.g. "bf16" (sm90; default from element_bytes)
  Rational l2_throughput;          // L2 read bandwidth of the whole GPU, bytes per time unit
  Rational hbm_throughput;         // DRAM bandwidth of the whole GPU, bytes per time unit
  Rational smem_fill_throughput;   // what TMA can write into one SM's shared memory, bytes per time unit
  // Where the figures were fitted to measurements (written by `calibrate`);
  // empty: uncalibrated, and every prediction says so.
  std::string calibrated;
};

// Parses a machine description (see docs/machines.md). Throws InputError with
// the file position of the first problem.
Machine parse_machine(std::string text, const std::string& source);

// `name_or_path` is a bundled machine's name ("h100-sxm") or a TOML file path.
// Anything with a '/' or a ".toml" suffix is taken as a path.
Machine resolve_machine(const std::string& name_or_path);

std::vector<std::string> bundled_machine_names();

// Serialises a machine as TOML that parse_machine reads back unchanged.
std::string machine_to_toml(const Machine& m);

}  // namespace warpsat
