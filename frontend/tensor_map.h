// A TMA tensor map (CUtensorMap) as a launch file describes it: the fields
// of the CUDA driver's cuTensorMapEncodeTiled or cuTensorMapEncodeIm2col,
// whose 128-byte encoding is not public. The checks are the driver's documented requirements, so a map
// the driver would refuse is an error when the launch file is read
// (docs/launch-files.md, "Tensor maps").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpsat {

// CUtensorMapDataType, the types tiled maps on sm_90 take.
enum class TensorMapType : uint8_t { U8, U16, U32, S32, U64, S64, F16, F32, F64, BF16, F32Ftz, TF32, TF32Ftz };
std::optional<TensorMapType> parse_tensor_map_type(const std::string& name);  // "u8", "f32_ftz", "tf32", ...
std::string to_string(TensorMapType t);
unsigned element_bytes(TensorMapType t);
bool is_float(TensorMapType t);
const std::vector<std::string>& tensor_map_type_names();

struct TensorMapSpec {
  enum class Interleave : uint8_t { None, B16, B32 };
  enum class Swizzle : uint8_t { None, B32, B64, B128 };
  enum class L2Promotion : uint8_t { None, B64, B128, B256 };
  enum class OobFill : uint8_t { Zero, Nan };  // NONE, NAN_REQUEST_ZERO_FMA
  enum class Mode : uint8_t { Tiled, Im2col };  // which encode call made it

  std::string name;        // how [[param]] and struct placements refer to it
  std::string buffer;      // the device buffer it describes, by name
  TensorMapType type = TensorMapType::F32;
  uint32_t rank = 1;       // 1..5
  uint64_t dims[5] = {1, 1, 1, 1, 1};     // globalDim, innermost first
  uint64_t strides[5] = {0, 0, 0, 0, 0};  // bytes: strides[0] is the element size, strides[i] = globalStrides[i - 1]
  uint32_t box[5] = {1, 1, 1, 1, 1};      // boxDim
  uint32_t element_strides[5] = {1, 1, 1, 1, 1};  // elementStrides (traversal strides)
  Interleave interleave = Interleave::None;
  Swizzle swizzle = Swizzle::None;
  L2Promotion l2_promotion = L2Promotion::None;
  OobFill oob_fill = OobFill::Zero;
  uint64_t offset = 0;     // globalAddress = the buffer's address + offset
  // The kernel replaces the global address (tensormap.replace) before any
  // use, as CUTLASS's pointer-array GEMMs do with maps they encode on the
  // pointer array's address: the tensor need not lie inside its buffer, and a
  // TMA use of the map as given is an error (launch file: placeholder = true).
  bool placeholder = false;
  // Im2col maps (cuTensorMapEncodeIm2col; `box` unused): the layout is
  // C, W, (H, (D,)) N, innermost first; the corners bound the filter's base
  // position in the rank - 2 spatial dimensions (W first), each copy moves
  // pixels_per_column pixels of channels_per_pixel elements.
  Mode mode = Mode::Tiled;
  int32_t lower_corner[3] = {0, 0, 0};  // pixelBoxLowerCorner, W first
  int32_t upper_corner[3] = {0, 0, 0};  // pixelBoxUpperCorner, W first
  uint32_t channels_per_pixel = 1;
  uint32_t pixels_per_column = 1;

  // Elements a copy moves along dimension d: ceil(box / element stride)
  // (dimension 0 ignores its element stride when not interleaved).
  uint32_t box_elements(uint32_t d) const;
  uint64_t box_bytes() const;  // what one tensor copy moves (and complete-tx counts)
  uint32_t spatial_dims() const { return rank >= 2 ? rank - 2 : 0; }  // im2col: D, H, W
  // One past the last byte of the buffer the tensor covers (offset included).
  uint64_t extent_bytes() const;
};

// The launch file's spelling of each mode ("none", "16B", "128B", "zero", "nan").
const char* to_string(TensorMapSpec::Interleave i);
const char* to_string(TensorMapSpec::Swizzle s);
const char* to_string(TensorMapSpec::L2Promotion l);
const char* to_string(TensorMapSpec::OobFill o);
const char* to_string(TensorMapSpec::Mode m);  // "tiled", "im2col"

// The first requirement of cuTensorMapEncodeTiled (cuTensorMapEncodeIm2col
// for an im2col map) that `m` breaks, with the
// launch-file key it concerns ("box", "strides", ...), or nullopt.
struct TensorMapProblem {
  std::string key;
  std::string message;
};
std::optional<TensorMapProblem> tensor_map_problem(const TensorMapSpec& m);

}  // namespace warpsat
