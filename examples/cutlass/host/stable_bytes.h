// The bytes of an object that do not depend on what its memory held before
// it was made. CUTLASS's to_underlying_arguments leaves padding, and some
// members it never sets, holding whatever the storage, the stack or a
// register held, so copying the Params' bytes as they come makes launch
// files that differ from run to run (addresses, old strings). The object is
// therefore made once per fill pattern, each time in storage and on a stack
// filled with that pattern and lying at an address of its own; a byte that
// is not the same in every making is one the kernel must not depend on,
// and is written as 0. Plain C++ and POSIX (no
// CUTLASS, no CUDA), so tests/unit/test_cutlass_stable_bytes.cpp checks it
// with g++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <iterator>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <alloca.h>
#include <pthread.h>
#include <sys/mman.h>

namespace warpsat_host {

// Distinct in every bit position from one another, so a byte copied from
// the storage or the stack differs between at least two makings.
inline constexpr uint8_t kFillPatterns[] = {0x00, 0xff, 0xa5, 0x5a};

// Where each making's memory lies: far apart and different in both halves
// of the address, so that a byte stored from a register that held a stack
// or storage address (the upper half of 0x00007ffd..., as CUTLASS's padding
// gets) differs too.
inline constexpr uintptr_t kMakingAddresses[] = {0x111111110000, 0x222222220000, 0x333333330000, 0x444444440000};
inline constexpr size_t kMakingStackBytes = size_t{16} << 20;
inline constexpr size_t kMakingStorageBytes = size_t{1} << 20;

struct StableBytes {
  std::vector<uint8_t> bytes;     // the object's bytes, those that varied written as 0
  std::vector<uint64_t> varying;  // the offsets of the bytes that varied, ascending
};

namespace detail {

// Memory for one making: `bytes` at `address` if it is free, else wherever
// the kernel puts it (still another address than the other makings').
inline uint8_t* map_at(uintptr_t address, size_t bytes) {
  const int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
  void* p = mmap(reinterpret_cast<void*>(address), bytes, PROT_READ | PROT_WRITE, flags | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED) p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, flags, -1, 0);
  if (p == MAP_FAILED) throw std::runtime_error("stable_bytes: mmap failed");
  return static_cast<uint8_t*>(p);
}

template <class T, class Make>
struct Making {
  Make* make;
  void* storage;
  size_t stack_shift;  // moves the making's frames by less than a page, so the low bits of their addresses differ too
  std::exception_ptr error;
  static void* run(void* self) {
    auto* m = static_cast<Making*>(self);
    volatile uint8_t* shift = static_cast<uint8_t*>(alloca(m->stack_shift + 1));
    shift[0] = 0;
    try {
      ::new (m->storage) T((*m->make)());
    } catch (...) {
      m->error = std::current_exception();
    }
    return nullptr;
  }
};

}  // namespace detail

// `make` returns a T by value (a prvalue, so C++17 constructs it directly in
// the pre-filled storage); `before` runs before each making (to reset what
// the making records). Each making runs on a thread of its own whose stack
// and storage are filled with the making's pattern and lie at the making's
// address.
template <class T, class Make, class Before>
StableBytes stable_bytes(Make&& make, Before&& before) {
  static_assert(sizeof(T) + alignof(T) <= kMakingStorageBytes);
  using M = std::remove_reference_t<Make>;
  std::vector<uint8_t> made[std::size(kFillPatterns)];
  for (size_t pass = 0; pass < std::size(kFillPatterns); ++pass) {
    const size_t total = kMakingStorageBytes + kMakingStackBytes;
    uint8_t* memory = detail::map_at(kMakingAddresses[pass], total);
    std::memset(memory, kFillPatterns[pass], total);
    before();
    detail::Making<T, M> making{&make, memory, pass * 0x1110, nullptr};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstack(&attr, memory + kMakingStorageBytes, kMakingStackBytes);
    pthread_t thread;
    int failed = pthread_create(&thread, &attr, &detail::Making<T, M>::run, &making);
    pthread_attr_destroy(&attr);
    if (failed) {
      munmap(memory, total);
      throw std::runtime_error("stable_bytes: pthread_create failed");
    }
    pthread_join(thread, nullptr);
    if (!making.error) {
      T* object = std::launder(static_cast<T*>(making.storage));
      made[pass].resize(sizeof(T));
      std::memcpy(made[pass].data(), static_cast<const void*>(object), sizeof(T));
      object->~T();
    }
    munmap(memory, total);
    if (making.error) std::rethrow_exception(making.error);
  }
  StableBytes out;
  out.bytes = made[0];
  for (size_t i = 0; i < sizeof(T); ++i) {
    bool same = true;
    for (const auto& m : made) same = same && m[i] == made[0][i];
    if (same) continue;
    out.bytes[i] = 0;
    out.varying.push_back(i);
  }
  return out;
}

// "8-11, 20, 1536-1539": offsets as ranges, for a launch file's comment.
inline std::string offset_ranges(const std::vector<uint64_t>& offsets) {
  std::string s;
  for (size_t i = 0; i < offsets.size();) {
    size_t j = i;
    while (j + 1 < offsets.size() && offsets[j + 1] == offsets[j] + 1) ++j;
    s += (s.empty() ? "" : ", ") + std::to_string(offsets[i]);
    if (j > i) s += "-" + std::to_string(offsets[j]);
    i = j + 1;
  }
  return s;
}

}  // namespace warpsat_host
