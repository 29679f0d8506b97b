#include "encodings/warp_roles.h"

#include <set>

#include "encodings/smt_helpers.h"

namespace warpsat {

const char* const kClusterImprecision = "cluster registers (one value per CTA), which a replay does not choose";

z3::expr lowest_lane(const z3::expr& mask) {
  z3::context& c = mask.ctx();
  z3::expr lane = c.bv_val(32, 32);
  for (unsigned k = 32; k-- > 0;) lane = z3::ite(mask.extract(k, k) == c.bv_val(1, 1), c.bv_val(k, 32), lane);
  return lane.simplify();
}

std::optional<z3::expr> value_in_thread(const z3::expr& own, const std::vector<z3::expr>& from,
                                        const std::vector<z3::expr>& to,
                                        const std::function<bool(const std::string&)>& shared) {
  std::set<unsigned> ids;
  for (const z3::expr& f : from) ids.insert(Z3_get_ast_id(own.ctx(), f));
  bool foreign = false;
  smt::for_each_app({own}, [&](const z3::expr& x) {
    if (foreign) return false;
    if (x.decl().decl_kind() != Z3_OP_UNINTERPRETED) return true;
    if (ids.count(Z3_get_ast_id(own.ctx(), x))) return true;
    if (!shared(x.decl().name().str())) foreign = true;
    return !foreign;
  });
  if (foreign) return std::nullopt;
  z3::expr_vector src(own.ctx()), dst(own.ctx());
  for (size_t i = 0; i < from.size() && i < to.size(); ++i) src.push_back(from[i]), dst.push_back(to[i]);
  z3::expr copy = own;
  return copy.substitute(src, dst);
}

std::string mbarrier_result_reason(const ptx::Instruction& ins) {
  if (ins.has("try_wait") || ins.has("test_wait"))
    return "mbarrier wait results (per thread: the PTX ISA does not make one wait's result the same for the lanes "
           "that wait together)";
  return "mbarrier state tokens";
}

}  // namespace warpsat
