// A kernel with a device-side assert, for tests/files/emulator/device-assert.ptx.
#include <cassert>
__global__ void checked(int* out, int n) {
  assert(n > 0 && "n must be positive");
  out[threadIdx.x] = n;
}
