// Tensor-core data movement and matrix multiply-accumulate (ldmatrix, mma).
#include "emulator/simt/decode.h"

namespace warpsat::simt {

bool decode_tensor(Decoder&, const ptx::Instruction&, Op&) { return false; }

}  // namespace warpsat::simt
