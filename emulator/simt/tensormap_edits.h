// What tensormap.replace and the tensormap proxy fences leave behind in a
// run (exec_tensormap.cpp, docs/emulator.md "Tensor maps changed on the
// device"): the maps the kernel made, found again when it makes the same one,
// and the generic-proxy writes of maps in global memory, with the fences that
// make them visible to the tensormap proxy TMA reads them through.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

namespace warpsat::simt {

// The last generic-proxy write of the 128 bytes of a map in global memory:
// tensormap.replace.global (unreleased until its thread's
// fence.proxy.tensormap::generic.release) or tensormap.cp_fenceproxy
// (released by the copy itself).
struct TensorMapWrite {
  uint32_t function = 0, instruction = 0;  // where
  uint64_t thread = 0;                      // who (tensormap_thread)
  uint64_t epoch = 0;                       // which write: an acquire covers the one it saw
  bool released = false;
};

struct TensorMapEdits {
  // A made map's fields (tensor_map_key) -> its index in RunState::tensor_maps:
  // the same map made again (every CTA replaces the same fields) takes the
  // same handle, so their number stays that of the distinct maps.
  std::unordered_map<std::string, uint32_t> index_of;
  std::unordered_map<uint64_t, TensorMapWrite> writes;  // by the map's global address
  // (thread, map address) -> the write's epoch its last
  // fence.proxy.tensormap::generic.acquire on that address saw.
  std::map<std::pair<uint64_t, uint64_t>, uint64_t> acquired;
  uint64_t epochs = 0;
};

// A thread of the grid, for TensorMapWrite::thread: its CTA and its place in it.
inline uint64_t tensormap_thread(uint64_t cta_linear, uint32_t thread_in_cta) {
  return cta_linear << 20 | thread_in_cta;
}

}  // namespace warpsat::simt

namespace warpsat::simt {

struct Exec;
struct Op;
struct TensorMap;

// Before a TMA instruction uses map `m`, read at generic address `generic`
// (exec_tma.cpp): a map tensormap.replace left invalid stops the run, naming
// the replace; so does a map written in global memory by the generic proxy
// that this thread uses without the release and acquire
// fence.proxy.tensormap::generic between (exec_tensormap.cpp). A
// placeholder map (launch files' `placeholder = true`) stops a copy, not a
// prefetch (the driver encoded it, only its tensor is not where it says),
// and the fences are a copy's concern: a prefetch is a hint.
void check_tensor_map_use(Exec& x, const Op& op, unsigned lane, uint64_t generic, const TensorMap& m,
                          bool prefetch = false);

}  // namespace warpsat::simt
