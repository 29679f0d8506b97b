// Warp-level instructions on the warp's real active mask: shfl.sync, vote,
// match, redux, activemask, elect, bar.warp.sync.
#include <map>

#include "emulator/simt/decode.h"
#include "emulator/simt/lanes.h"
#include "emulator/simt/run_state.h"

namespace warpsat::simt {

using ptx::Opcode;
using ptx::ScalarType;

namespace {

// shfl.sync.mode.b32 d[|p], a, b, c, membermask (PTX ISA, shfl.sync).
// op.aux: 0 up, 1 down, 2 bfly, 3 idx
void run_shfl(Exec& x, const Op& op, uint32_t mask) {
  uint64_t values[kWarpSize];
  for (unsigned l = 0; l < kWarpSize; ++l) values[l] = x.src(op, 0, l);  // every lane's source, active or not
  for_lanes(mask, [&](unsigned lane) {
    uint32_t b = static_cast<uint32_t>(x.src(op, 1, lane)) & 0x1f;
    uint32_t c = static_cast<uint32_t>(x.src(op, 2, lane));
    uint32_t cval = c & 0x1f, segmask = (c >> 8) & 0x1f;
    uint32_t max_lane = (lane & segmask) | (cval & ~segmask), min_lane = lane & segmask;
    int32_t j = 0;
    bool pval = false;
    switch (op.aux) {
      case 0: j = static_cast<int32_t>(lane) - static_cast<int32_t>(b); pval = j >= static_cast<int32_t>(max_lane); break;
      case 1: j = static_cast<int32_t>(lane + b); pval = j <= static_cast<int32_t>(max_lane); break;
      case 2: j = static_cast<int32_t>(lane ^ b); pval = j <= static_cast<int32_t>(max_lane); break;
      default: j = static_cast<int32_t>(min_lane | (b & ~segmask)); pval = j <= static_cast<int32_t>(max_lane); break;
    }
    if (!pval) j = static_cast<int32_t>(lane);
    x.set(op.dst[0], lane, values[j & 31]);
    if (op.dst.size() > 1) x.set(op.dst[1], lane, pval);
  });
}

uint32_t participants(Exec& x, const Op& op, uint32_t mask, size_t membermask_src) {
  if (membermask_src >= op.src.size()) return mask;
  return mask & static_cast<uint32_t>(x.src(op, membermask_src, first_lane(mask)));
}

// vote{.sync}.mode.type d, {!}a{, membermask}: op.aux 0 all 1 any 2 uni 3 ballot; op.flags bit0: a negated
void run_vote(Exec& x, const Op& op, uint32_t mask) {
  uint32_t lanes = participants(x, op, mask, 1);
  bool negate = op.flags & 1;
  uint32_t ballot = 0;
  for_lanes(lanes, [&](unsigned l) {
    if (((x.src(op, 0, l) & 1) != 0) != negate) ballot |= 1u << l;
  });
  uint64_t r = 0;
  switch (op.aux) {
    case 0: r = ballot == lanes; break;
    case 1: r = ballot != 0; break;
    case 2: r = ballot == lanes || ballot == 0; break;
    default: r = ballot; break;
  }
  for_lanes(mask, [&](unsigned l) { x.set(op.dst[0], l, r); });
}

// match.any|all.sync.b32|b64 d[|p], a, membermask
void run_match(Exec& x, const Op& op, uint32_t mask) {
  uint32_t lanes = participants(x, op, mask, 1);
  std::map<uint64_t, uint32_t> groups;
  for_lanes(lanes, [&](unsigned l) { groups[x.src(op, 0, l)] |= 1u << l; });
  bool all = op.aux == 1;
  for_lanes(mask, [&](unsigned l) {
    uint32_t same = groups[x.src(op, 0, l)];
    if (all) {
      bool equal = groups.size() == 1;
      x.set(op.dst[0], l, equal ? lanes : 0);
      if (op.dst.size() > 1) x.set(op.dst[1], l, equal);
    } else {
      x.set(op.dst[0], l, same);
    }
  });
}

// redux.sync.op.type d, a, membermask: op.aux 0 add 1 min 2 max 3 and 4 or 5 xor
void run_redux(Exec& x, const Op& op, uint32_t mask) {
  uint32_t lanes = participants(x, op, mask, 1);
  bool is_signed = op.type == ScalarType::S32;
  uint64_t acc = 0;
  bool first = true;
  for_lanes(lanes, [&](unsigned l) {
    uint32_t v = static_cast<uint32_t>(x.src(op, 0, l));
    if (first) {
      acc = v;
      first = false;
      return;
    }
    uint32_t a = static_cast<uint32_t>(acc);
    switch (op.aux) {
      case 0: acc = a + v; break;
      case 1: acc = is_signed ? static_cast<uint32_t>(std::min(static_cast<int32_t>(a), static_cast<int32_t>(v))) : std::min(a, v); break;
      case 2: acc = is_signed ? static_cast<uint32_t>(std::max(static_cast<int32_t>(a), static_cast<int32_t>(v))) : std::max(a, v); break;
      case 3: acc = a & v; break;
      case 4: acc = a | v; break;
      default: acc = a ^ v; break;
    }
  });
  for_lanes(mask, [&](unsigned l) { x.set(op.dst[0], l, acc); });
}

void run_activemask(Exec& x, const Op& op, uint32_t mask) {
  for_lanes(mask, [&](unsigned l) { x.set(op.dst[0], l, mask); });
}

// elect.sync d|p, membermask: the lowest participating lane is elected.
void run_elect(Exec& x, const Op& op, uint32_t mask) {
  uint32_t lanes = participants(x, op, mask, 0);
  unsigned leader = lanes ? first_lane(lanes) : 0;
  for_lanes(mask, [&](unsigned l) {
    x.set(op.dst[0], l, leader);
    if (op.dst.size() > 1) x.set(op.dst[1], l, l == leader);
  });
}

// bar.warp.sync: the lanes of a warp always run in step here, so it only
// matters to the race detector (it orders accesses of divergent paths).
void run_warp_sync(Exec& x, const Op&, uint32_t mask) {
  if (x.run.race) x.run.race->warp_sync(x.cta.rank, x.warp.id, mask);
}

}  // namespace

bool decode_warp(Decoder& d, const ptx::Instruction& ins, Op& op) {
  auto sources = [&](size_t from, ScalarType t) {
    for (size_t i = from; i < ins.operands.size(); ++i) op.src.push_back(d.slot(ins.operands[i], i == from ? t : ScalarType::B32));
  };
  switch (ins.op) {
    case Opcode::Shfl: {
      static constexpr std::string_view kModes[] = {"up", "down", "bfly", "idx"};
      bool found = false;
      for (uint32_t m = 0; m < 4; ++m)
        if (ins.has(kModes[m])) op.aux = m, found = true;
      if (!found) return false;
      d.slots(ins.operands.at(0), ScalarType::B32, op.dst);
      sources(1, ScalarType::B32);
      op.run = run_shfl;
      return true;
    }
    case Opcode::Vote: {
      static constexpr std::string_view kModes[] = {"all", "any", "uni", "ballot"};
      bool found = false;
      for (uint32_t m = 0; m < 4; ++m)
        if (ins.has(kModes[m])) op.aux = m, found = true;
      if (!found) return false;
      d.slots(ins.operands.at(0), op.aux == 3 ? ScalarType::B32 : ScalarType::Pred, op.dst);
      op.src.push_back(d.slot(ins.operands.at(1), ScalarType::Pred));
      if (ins.operands.at(1).negated) op.flags |= 1;
      if (ins.operands.size() > 2) op.src.push_back(d.slot(ins.operands[2], ScalarType::B32));
      op.run = run_vote;
      return true;
    }
    case Opcode::Match:
      op.aux = ins.has("all") ? 1 : 0;
      d.slots(ins.operands.at(0), ScalarType::B32, op.dst);
      sources(1, op.type);
      op.run = run_match;
      return true;
    case Opcode::Redux: {
      static constexpr std::string_view kOps[] = {"add", "min", "max", "and", "or", "xor"};
      bool found = false;
      for (uint32_t m = 0; m < 6; ++m)
        if (ins.has(kOps[m])) op.aux = m, found = true;
      if (!found || ptx::is_float(op.type)) return false;
      d.slots(ins.operands.at(0), op.type, op.dst);
      sources(1, op.type);
      op.run = run_redux;
      return true;
    }
    case Opcode::Activemask:
      d.slots(ins.operands.at(0), ScalarType::B32, op.dst);
      op.run = run_activemask;
      return true;
    case Opcode::Elect:
      d.slots(ins.operands.at(0), ScalarType::B32, op.dst);
      sources(1, ScalarType::B32);
      op.run = run_elect;
      return true;
    case Opcode::Bar:
    case Opcode::Barrier:
      if (!ins.has("warp")) return false;
      op.run = run_warp_sync;
      return true;
    default: return false;
  }
}

}  // namespace warpsat::simt
