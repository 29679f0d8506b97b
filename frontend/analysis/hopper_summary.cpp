#include "frontend/analysis/hopper_summary.h"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/ptx/target_limits.h"

namespace warpsat::analysis {

using ptx::Opcode;

bool HopperSummary::any() const {
  return wgmma || tma_loads || tma_stores || tma_reductions || bulk_copies || mbarrier_waits || mbarrier_arrives ||
         mbarrier_inits || cluster_barriers || cluster_accesses || !setmaxnreg_dec.empty() ||
         !setmaxnreg_inc.empty();
}

std::string HopperSummary::describe() const {
  std::vector<std::string> parts;
  if (wgmma)
    parts.push_back(fmt::format("{} wgmma.mma_async ({}), {} wait_group", wgmma, fmt::join(wgmma_shapes, ", "),
                                wgmma_waits));
  if (tma_loads || tma_stores || tma_reductions)
    parts.push_back(fmt::format("TMA: {} load(s) ({} multicast), {} store(s), {} reduction(s)", tma_loads,
                                tma_multicast, tma_stores, tma_reductions));
  if (bulk_copies) parts.push_back(fmt::format("{} bulk copies", bulk_copies));
  if (mbarrier_inits || mbarrier_arrives || mbarrier_waits)
    parts.push_back(fmt::format("mbarrier: {} init, {} arrive ({} with expect_tx), {} wait", mbarrier_inits,
                                mbarrier_arrives, mbarrier_expect_tx, mbarrier_waits));
  if (!setmaxnreg_dec.empty() || !setmaxnreg_inc.empty())
    parts.push_back(fmt::format("setmaxnreg dec {} inc {}", fmt::join(setmaxnreg_dec, "/"),
                                fmt::join(setmaxnreg_inc, "/")));
  if (cluster_barriers || cluster_accesses)
    parts.push_back(fmt::format("cluster: {} barrier.cluster, {} mapa or remote access", cluster_barriers,
                                cluster_accesses));
  if (!dynamic_shared.empty())
    parts.push_back(fmt::format("dynamic shared memory {} (sized at launch)", fmt::join(dynamic_shared, ", ")));
  return fmt::format("{}", fmt::join(parts, "; "));
}

HopperSummary summarize_hopper(const ptx::Module& m, const ptx::Function& f) {
  HopperSummary s;
  for (const ptx::Instruction& ins : f.instructions) {
    std::string_view sub = ins.modifiers.empty() ? std::string_view() : ins.modifiers[0];
    switch (ins.op) {
      case Opcode::Wgmma:
        if (sub == "mma_async") {
          ++s.wgmma;
          std::string shape;
          for (std::string_view mod : ins.modifiers)
            if (mod.starts_with("m64n") || ptx::parse_scalar_type(mod))
              shape += (shape.empty() ? "" : ".") + std::string(mod);
          if (std::find(s.wgmma_shapes.begin(), s.wgmma_shapes.end(), shape) == s.wgmma_shapes.end())
            s.wgmma_shapes.push_back(shape);
        } else if (sub == "wait_group") {
          ++s.wgmma_waits;
        }
        break;
      case Opcode::Cp:
        if (!ins.has("bulk") || ins.has("commit_group") || ins.has("wait_group") || ins.has("prefetch")) break;
        if (!ins.has("tensor")) {
          ++s.bulk_copies;
        } else if (ins.name == "cp" && sub == "reduce") {
          ++s.tma_reductions;
        } else if (ins.has("mbarrier::complete_tx::bytes")) {
          ++s.tma_loads;
          s.tma_multicast += ins.has("multicast::cluster");
        } else {
          ++s.tma_stores;
        }
        break;
      case Opcode::Mbarrier:
        if (sub == "init") ++s.mbarrier_inits;
        else if (sub == "try_wait" || sub == "test_wait") ++s.mbarrier_waits;
        else if (sub == "arrive" || sub == "arrive_drop") ++s.mbarrier_arrives, s.mbarrier_expect_tx += ins.has("expect_tx");
        break;
      case Opcode::Setmaxnreg:
        if (!ins.operands.empty() && ins.operands[0].kind == ptx::Operand::Kind::Int)
          (ins.has("inc") ? s.setmaxnreg_inc : s.setmaxnreg_dec).push_back(static_cast<uint32_t>(ins.operands[0].value));
        break;
      case Opcode::Barrier:
        s.cluster_barriers += sub == "cluster";
        break;
      case Opcode::Mapa: ++s.cluster_accesses; break;
      case Opcode::Ld:
      case Opcode::St:
      case Opcode::Atom:
      case Opcode::Red: s.cluster_accesses += ins.has("shared::cluster"); break;
      case Opcode::Fence: s.fences += sub.starts_with("proxy") || sub.starts_with("mbarrier_init"); break;
      default: break;
    }
  }
  s.dynamic_shared = ptx::dynamic_shared_used(m, f);
  return s;
}

}  // namespace warpsat::analysis
