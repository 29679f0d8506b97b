#include "frontend/ptx/types.h"

#include <array>
#include <utility>

namespace warpsat::ptx {

namespace {
constexpr std::array<std::pair<std::string_view, ScalarType>, 36> kTypes{{
    {"b8", ScalarType::B8},       {"b16", ScalarType::B16},       {"b32", ScalarType::B32},
    {"b64", ScalarType::B64},     {"b128", ScalarType::B128},     {"u8", ScalarType::U8},
    {"u16", ScalarType::U16},     {"u32", ScalarType::U32},       {"u64", ScalarType::U64},
    {"s8", ScalarType::S8},       {"s16", ScalarType::S16},       {"s32", ScalarType::S32},
    {"s64", ScalarType::S64},     {"f16", ScalarType::F16},       {"f16x2", ScalarType::F16x2},
    {"bf16", ScalarType::BF16},   {"bf16x2", ScalarType::BF16x2}, {"tf32", ScalarType::TF32},
    {"f32", ScalarType::F32},     {"f64", ScalarType::F64},       {"e4m3", ScalarType::E4M3},
    {"e5m2", ScalarType::E5M2},   {"e4m3x2", ScalarType::E4M3x2}, {"e5m2x2", ScalarType::E5M2x2},
    {"e2m1x2", ScalarType::E2M1x2}, {"e2m3x2", ScalarType::E2M3x2}, {"e3m2x2", ScalarType::E3M2x2},
    {"ue8m0x2", ScalarType::UE8M0x2}, {"s4", ScalarType::S4},     {"u4", ScalarType::U4},
    {"s2", ScalarType::S2},       {"u2", ScalarType::U2},         {"pred", ScalarType::Pred},
    {"none", ScalarType::None},   {"", ScalarType::None},         {"", ScalarType::None},
}};
}  // namespace

std::optional<ScalarType> parse_scalar_type(std::string_view text) {
  if (text.empty() || text == "none") return std::nullopt;
  for (const auto& [name, t] : kTypes)
    if (name == text) return t;
  return std::nullopt;
}

std::string_view to_string(ScalarType t) {
  for (const auto& [name, type] : kTypes)
    if (type == t && !name.empty()) return name;
  return "none";
}

unsigned bit_width(ScalarType t) {
  switch (t) {
    case ScalarType::Pred: return 1;
    case ScalarType::S2: case ScalarType::U2: return 2;
    case ScalarType::S4: case ScalarType::U4: return 4;
    case ScalarType::B8: case ScalarType::U8: case ScalarType::S8: case ScalarType::E4M3: case ScalarType::E5M2:
      return 8;
    case ScalarType::B16: case ScalarType::U16: case ScalarType::S16: case ScalarType::F16: case ScalarType::BF16:
    case ScalarType::E4M3x2: case ScalarType::E5M2x2: case ScalarType::E2M1x2: case ScalarType::E2M3x2:
    case ScalarType::E3M2x2: case ScalarType::UE8M0x2:
      return 16;
    case ScalarType::B32: case ScalarType::U32: case ScalarType::S32: case ScalarType::F32: case ScalarType::TF32:
    case ScalarType::F16x2: case ScalarType::BF16x2:
      return 32;
    case ScalarType::B64: case ScalarType::U64: case ScalarType::S64: case ScalarType::F64: return 64;
    case ScalarType::B128: return 128;
    case ScalarType::None: return 0;
  }
  return 0;
}

bool is_float(ScalarType t) {
  switch (t) {
    case ScalarType::F16: case ScalarType::F16x2: case ScalarType::BF16: case ScalarType::BF16x2:
    case ScalarType::TF32: case ScalarType::F32: case ScalarType::F64: case ScalarType::E4M3: case ScalarType::E5M2:
    case ScalarType::E4M3x2: case ScalarType::E5M2x2: case ScalarType::E2M1x2: case ScalarType::E2M3x2:
    case ScalarType::E3M2x2: case ScalarType::UE8M0x2:
      return true;
    default: return false;
  }
}

bool is_signed_int(ScalarType t) {
  return t == ScalarType::S8 || t == ScalarType::S16 || t == ScalarType::S32 || t == ScalarType::S64 ||
         t == ScalarType::S4 || t == ScalarType::S2;
}

bool is_unsigned_int(ScalarType t) {
  return t == ScalarType::U8 || t == ScalarType::U16 || t == ScalarType::U32 || t == ScalarType::U64 ||
         t == ScalarType::U4 || t == ScalarType::U2;
}

bool is_bits(ScalarType t) {
  return t == ScalarType::B8 || t == ScalarType::B16 || t == ScalarType::B32 || t == ScalarType::B64 ||
         t == ScalarType::B128;
}

std::optional<StateSpace> parse_state_space(std::string_view text) {
  std::string_view base = text.substr(0, text.find("::"));
  if (base == "reg") return StateSpace::Reg;
  if (base == "sreg") return StateSpace::SReg;
  if (base == "const") return StateSpace::Const;
  if (base == "global") return StateSpace::Global;
  if (base == "local") return StateSpace::Local;
  if (base == "param") return StateSpace::Param;
  if (base == "shared") return StateSpace::Shared;
  if (base == "tex") return StateSpace::Tex;
  return std::nullopt;
}

std::string_view to_string(StateSpace s) {
  switch (s) {
    case StateSpace::Reg: return "reg";
    case StateSpace::SReg: return "sreg";
    case StateSpace::Const: return "const";
    case StateSpace::Global: return "global";
    case StateSpace::Local: return "local";
    case StateSpace::Param: return "param";
    case StateSpace::Shared: return "shared";
    case StateSpace::Tex: return "tex";
    case StateSpace::Generic: return "generic";
    case StateSpace::None: return "";
  }
  return "";
}

std::string_view to_string(Linkage l) {
  switch (l) {
    case Linkage::Visible: return "visible";
    case Linkage::Extern: return "extern";
    case Linkage::Weak: return "weak";
    case Linkage::Common: return "common";
    case Linkage::None: return "";
  }
  return "";
}

std::optional<SpecialReg> parse_special_register(std::string_view n) {
  static constexpr std::pair<std::string_view, SpecialReg> kNamed[] = {
      {"%tid", SpecialReg::Tid},
      {"%ntid", SpecialReg::NTid},
      {"%ctaid", SpecialReg::CtaId},
      {"%nctaid", SpecialReg::NCtaId},
      {"%laneid", SpecialReg::LaneId},
      {"%warpid", SpecialReg::WarpId},
      {"%nwarpid", SpecialReg::NWarpId},
      {"%smid", SpecialReg::SmId},
      {"%nsmid", SpecialReg::NSmId},
      {"%gridid", SpecialReg::GridId},
      {"%lanemask_eq", SpecialReg::LanemaskEq},
      {"%lanemask_le", SpecialReg::LanemaskLe},
      {"%lanemask_lt", SpecialReg::LanemaskLt},
      {"%lanemask_ge", SpecialReg::LanemaskGe},
      {"%lanemask_gt", SpecialReg::LanemaskGt},
      {"%clock", SpecialReg::Clock},
      {"%clock_hi", SpecialReg::ClockHi},
      {"%clock64", SpecialReg::Clock64},
      {"%dynamic_smem_size", SpecialReg::DynamicSmemSize},
      {"%total_smem_size", SpecialReg::TotalSmemSize},
      {"%clusterid", SpecialReg::ClusterId},
      {"%nclusterid", SpecialReg::NClusterId},
      {"%cluster_ctaid", SpecialReg::ClusterCtaId},
      {"%cluster_nctaid", SpecialReg::ClusterNCtaId},
      {"%cluster_ctarank", SpecialReg::ClusterCtaRank},
      {"%cluster_nctarank", SpecialReg::ClusterNCtaRank},
      {"%is_explicit_cluster", SpecialReg::IsExplicitCluster},
      {"%aggr_smem_size", SpecialReg::AggrSmemSize},
  };
  for (const auto& [name, r] : kNamed)
    if (name == n) return r;
  // The rest of PTX's special registers, kept by spelling.
  static constexpr std::string_view kOther[] = {
      "%globaltimer", "%globaltimer_lo", "%globaltimer_hi", "%current_graph_exec", "%reserved_smem_offset_begin", "%reserved_smem_offset_end",
      "%reserved_smem_offset_cap", "%reserved_smem_offset_0", "%reserved_smem_offset_1", "%ctaid_in_cluster"};
  for (auto o : kOther)
    if (o == n) return SpecialReg::Other;
  auto numbered = [](std::string_view name, std::string_view prefix, int limit) {
    if (!name.starts_with(prefix) || name.size() == prefix.size() || name.size() > prefix.size() + 2) return false;
    int v = 0;
    for (char c : name.substr(prefix.size())) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + (c - '0');
    }
    return v < limit;
  };
  if (numbered(n, "%envreg", 32) || numbered(n, "%pm", 8)) return SpecialReg::Other;
  if (n.ends_with("_64") && numbered(n.substr(0, n.size() - 3), "%pm", 8)) return SpecialReg::Other;
  return std::nullopt;
}

bool special_has_component(SpecialReg r) {
  return r == SpecialReg::Tid || r == SpecialReg::NTid || r == SpecialReg::CtaId || r == SpecialReg::NCtaId ||
         r == SpecialReg::ClusterId || r == SpecialReg::NClusterId || r == SpecialReg::ClusterCtaId ||
         r == SpecialReg::ClusterNCtaId;
}

}  // namespace warpsat::ptx
