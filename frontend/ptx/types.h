// The vocabulary of PTX shared by the parser, the analyses and the emulator:
// scalar types, state spaces, linkage and special registers.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace warpsat::ptx {

enum class ScalarType : uint8_t {
  None,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, TF32, F32, F64,
  E4M3, E5M2, E4M3x2, E5M2x2, E2M1x2, E2M3x2, E3M2x2, UE8M0x2,
  S4, U4, S2, U2,  // sub-byte integer operand types of mma / dp2a-style ops
  Pred,
};

// "s32" -> S32 (without the leading dot); nullopt when `text` is no type.
std::optional<ScalarType> parse_scalar_type(std::string_view text);
std::string_view to_string(ScalarType t);  // "s32"
unsigned bit_width(ScalarType t);          // 1 for pred, 16 for f16, 32 for f16x2 ...
inline unsigned byte_width(ScalarType t) { return (bit_width(t) + 7) / 8; }
bool is_float(ScalarType t);     // f16, bf16, tf32, f32, f64 and their packed/fp8 forms
bool is_signed_int(ScalarType t);
bool is_unsigned_int(ScalarType t);
bool is_bits(ScalarType t);      // b8..b128

enum class StateSpace : uint8_t { None, Reg, SReg, Const, Global, Local, Param, Shared, Tex, Generic };
std::optional<StateSpace> parse_state_space(std::string_view text);  // "shared::cta" -> Shared
std::string_view to_string(StateSpace s);

enum class Linkage : uint8_t { None, Visible, Extern, Weak, Common };
std::string_view to_string(Linkage l);

// Special registers with a meaning the emulator and the analyses rely on.
// Everything else PTX defines (%pm0, %globaltimer, ...) is Other and keeps
// its spelling.
enum class SpecialReg : uint8_t {
  Tid, NTid, CtaId, NCtaId,  // take a component .x/.y/.z
  LaneId, WarpId, NWarpId, SmId, NSmId, GridId,
  LanemaskEq, LanemaskLe, LanemaskLt, LanemaskGe, LanemaskGt,
  Clock, ClockHi, Clock64,
  DynamicSmemSize, TotalSmemSize,
  // Thread-block clusters (sm_90): %clusterid, %nclusterid, %cluster_ctaid,
  // %cluster_nctaid take a component; %is_explicit_cluster is a predicate.
  ClusterId, NClusterId, ClusterCtaId, ClusterNCtaId,
  ClusterCtaRank, ClusterNCtaRank, IsExplicitCluster, AggrSmemSize,
  Other,
};
// "%tid" -> Tid; nullopt when the name is no special register PTX defines.
std::optional<SpecialReg> parse_special_register(std::string_view name);
bool special_has_component(SpecialReg r);  // %tid.x etc.

}  // namespace warpsat::ptx
