// Storage that starts as zeros without writing them: a frame's registers.
// A CUTLASS 3 kernel's frame has thousands of register slots (2,791 in
// example 48: 714 KB per warp, 68 MB for a cluster of 8 CTAs), and writing
// its zeros made the kernel fault in and clear every page of it, a third of
// a 256x256x128 run, though a producer warp touches a few pages of it.
// Large blocks come straight from mmap, whose pages read as zero and cost
// nothing until written; small ones from calloc. Elements constructed
// without a value are left as the allocation made them, zero: so
// std::vector<T, ZeroedPages<T>>(n) is n zeros, but resize() after a shrink
// would expose old values -- such a vector is made once at its size.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>

namespace warpsat::simt {

template <class T>
struct ZeroedPages {
  using value_type = T;
  static constexpr size_t kMapBytes = size_t{64} << 10;  // from here on, whole pages of their own

  ZeroedPages() = default;
  template <class U>
  ZeroedPages(const ZeroedPages<U>&) noexcept {}

  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    void* p = nullptr;
    if (bytes >= kMapBytes) {
      p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
    } else {
      p = std::calloc(n ? n : 1, sizeof(T));
      if (!p) throw std::bad_alloc();
    }
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) noexcept {
    if (n * sizeof(T) >= kMapBytes) munmap(p, n * sizeof(T));
    else std::free(p);
  }
  // Construction without a value keeps the allocation's zero; any other
  // construction is the usual one.
  template <class U>
  void construct(U*) noexcept {}
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  friend bool operator==(const ZeroedPages&, const ZeroedPages&) { return true; }
};

}  // namespace warpsat::simt
