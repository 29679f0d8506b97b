// Which GeMM-WS encoding to build (encodings/gemm_ws_encoding.h), apart
// from the encodings themselves: Z3-free, so that the solver's public
// headers, which cli/ includes, carry no Z3 types (docs/architecture.md).
#pragma once

#include <cstdint>
#include <string>

namespace warpsat {

enum class GemmEncoding { ClosedForm, Array, Bounds };
GemmEncoding parse_gemm_encoding(const std::string& text);
const char* to_string(GemmEncoding e);

// The largest number of stages the encodings unroll (K / min TK).
inline constexpr int64_t kMaxEncodedStages = 4096;

}  // namespace warpsat
