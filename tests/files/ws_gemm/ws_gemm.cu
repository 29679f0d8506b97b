// The project's own warp-specialized GEMM (bench/gpu/ws_gemm.cuh), one
// instantiation small enough for the emulator: 64 x 64 output tiles, TK = 32,
// a circular buffer of D = 2 slots guarded by cuda::barrier (mbarrier). Its
// committed PTX (compile.sh) is what tests/unit/test_ws_gemm.cpp runs and
// what tests/files/ws_gemm/branches.test proves.
#include "ws_gemm.cuh"  // bench/gpu, on the include path

template __global__ void wsgemm::ws_gemm<64, 64, 32, 2>(const float*, const float*, float*, int, int, int);
