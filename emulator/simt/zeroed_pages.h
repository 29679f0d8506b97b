// Storage that starts as zeros without writing them: a frame's registers.
// A CUTLASS 3 kernel's frame has thousands of register slots (2,791 in
// example 48: 714 KB per warp, 68 MB for a cluster of 8 CTAs), and writing
// its zeros made the kernel fault in and clear every page of it, a quarter
// of a single 256x256x128 run, though a warp writes only some of them.
// calloc knows when its memory is zero already (fresh pages from mmap or
// the heap's top, which cost nothing until written) and clears only reused
// memory, which is mapped in already. Elements constructed without a value
// are left as calloc made them, zero: so std::vector<T, ZeroedPages<T>>(n)
// is n zeros, but resize(n) after a shrink would expose old values -- such
// a vector is made once at its size.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>

namespace warpsat::simt {

template <class T>
struct ZeroedPages {
  using value_type = T;

  ZeroedPages() = default;
  template <class U>
  ZeroedPages(const ZeroedPages<U>&) noexcept {}

  T* allocate(size_t n) {
    void* p = std::calloc(n ? n : 1, sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t) noexcept { std::free(p); }
  // Construction without a value keeps calloc's zero; any other
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
