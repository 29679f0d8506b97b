// A warp's call frames: the kernel's when its CTA starts, a callee's at
// each call; a frame's register file comes from a frame of the same
// function that has ended (RunState::free_frames) when there is one.
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "emulator/simt/run_state.h"

namespace warpsat::simt {

void recycle_frame(RunState& rs, Frame& f) {
  if (f.regs.empty()) return;
  if (rs.free_frames.size() <= f.code->index) rs.free_frames.resize(f.code->index + 1);
  rs.free_frames[f.code->index].push_back(std::move(f.regs));
}

void new_frame(RunState& rs, Warp& w, const FunctionCode& code, uint32_t mask, uint32_t call) {
  // Every frame counts, with or without .local data: a recursion that keeps
  // only registers grew to gigabytes before this limit.
  if (w.frames.size() >= rs.options.max_call_depth)
    throw EmulationError({rs.module.source, code.function->pos.line, code.function->pos.column},
                         fmt::format("call depth of warp {} exceeds the limit of {} frames (recursion too deep?); "
                                     "raise it with --max-call-depth",
                                     w.id, rs.options.max_call_depth));
  // Registers are held per warp for 32 lanes; bound them over the whole CTA.
  const Launch& l = rs.launch;
  uint64_t warps = (uint64_t{l.block[0]} * l.block[1] * l.block[2] + kWarpSize - 1) / kWarpSize;
  uint64_t bytes = (uint64_t{code.frame_slots()} * 8 + code.param_bytes) * kWarpSize;
  for (const Frame& g : w.frames) bytes += (g.regs.size() * 8 + g.params.size());
  if (bytes * warps > rs.options.max_register_bytes)
    throw EmulationError({rs.module.source, code.function->pos.line, code.function->pos.column},
                         fmt::format("registers of {} need {} bytes per block ({} warps), over the limit of {}; "
                                     "raise it with --max-register-bytes",
                                     code.function->name, bytes * warps, warps, rs.options.max_register_bytes));
  Frame f;
  f.code = &code;
  if (rs.free_frames.size() > code.index && !rs.free_frames[code.index].empty()) {
    f.regs = std::move(rs.free_frames[code.index].back());
    rs.free_frames[code.index].pop_back();
    for (Slot s : code.zero_at_entry) std::fill_n(f.regs.begin() + static_cast<ptrdiff_t>(size_t{s} * kWarpSize), kWarpSize, 0);
  } else {
    f.regs = RegisterFile(static_cast<size_t>(code.frame_slots()) * kWarpSize);  // zeros, pages untouched
  }
  for (size_t c = 0; c < code.constants.size(); ++c)
    std::fill_n(f.regs.begin() + static_cast<ptrdiff_t>((code.register_slots + c) * kWarpSize), kWarpSize,
                code.constants[c]);
  f.params.assign(static_cast<size_t>(code.param_bytes) * kWarpSize, 0);
  f.local_base = w.frames.empty() ? 0
                                  : w.frames.back().local_base + w.frames.back().code->local_bytes;
  uint64_t need = uint64_t{f.local_base} + code.local_bytes;
  if (need > rs.options.max_local_bytes)
    throw EmulationError({rs.module.source, code.function->pos.line, code.function->pos.column},
                         fmt::format("local memory of warp {} exceeds {} bytes per thread (recursion too deep?)",
                                     w.id, rs.options.max_local_bytes));
  for (auto& lane : w.local)
    if (lane.size() < need) lane.resize(need, 0);
  f.stack.push_back({0, kExitPc, mask});
  f.call = call;
  w.frames.push_back(std::move(f));
}

}  // namespace warpsat::simt
