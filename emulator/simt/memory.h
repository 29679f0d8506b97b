// The emulator's memory: device memory (global and const variables and the
// launch's buffers, byte-addressed and bounds-checked), per-CTA shared
// memory, per-thread local memory, and the generic address windows that
// cvta converts between.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpsat::simt {

// Generic addresses: device memory lives in [kDeviceBase, kSharedWindow);
// shared, local and param addresses are offsets placed in their windows.
inline constexpr uint64_t kDeviceBase = uint64_t{1} << 32;
inline constexpr uint64_t kSharedWindow = uint64_t{1} << 48;
inline constexpr uint64_t kLocalWindow = uint64_t{2} << 48;
inline constexpr uint64_t kParamWindow = uint64_t{3} << 48;
inline constexpr uint64_t kFunctionWindow = uint64_t{4} << 48;
inline constexpr uint64_t kWindowSize = uint64_t{1} << 48;

// shared::cluster addresses (docs/emulator.md, "Thread-block clusters"): an
// offset below 2^24 is the executing CTA's shared::cta address; (rank + 1)
// << 24 | offset is the shared memory of the cluster's CTA of that
// %cluster_ctarank, what mapa returns (for the executing CTA's own rank too).
// Generic addresses put either form in the shared window.
inline constexpr unsigned kClusterRankShift = 24;
inline constexpr uint64_t kClusterOffsetMask = (uint64_t{1} << kClusterRankShift) - 1;
inline constexpr uint64_t shared_cluster_address(uint32_t rank, uint64_t offset) {
  return (uint64_t{rank} + 1) << kClusterRankShift | (offset & kClusterOffsetMask);
}

enum class Window { Device, Shared, Local, Param, Function, None };
Window window_of(uint64_t generic_address);

// One allocation in device memory. Pages are created on first write, so a
// large zero-filled buffer costs nothing until it is used.
class Allocation {
 public:
  Allocation(std::string name, uint64_t base, uint64_t size);
  const std::string& name() const { return name_; }
  uint64_t base() const { return base_; }
  uint64_t size() const { return size_; }
  void read(uint64_t offset, void* out, size_t n) const;
  void write(uint64_t offset, const void* in, size_t n);
  // The n bytes at `offset` when they lie in one page that holds data
  // (a load's fast path); nullptr otherwise (a page never written reads as
  // zeros through read()).
  const uint8_t* bytes_at(uint64_t offset, size_t n) const {
    uint64_t page = offset >> kPageBits, in_page = offset & ((uint64_t{1} << kPageBits) - 1);
    if (in_page + n > (uint64_t{1} << kPageBits) || !pages_[page]) return nullptr;
    return pages_[page].get() + in_page;
  }

 private:
  static constexpr uint64_t kPageBits = 16;
  std::string name_;
  uint64_t base_, size_;
  std::vector<std::unique_ptr<uint8_t[]>> pages_;
};

// Device memory: allocations at increasing, 256-byte aligned addresses with
// a guard gap between them, so an overrun past one buffer never lands in
// the next.
// What lazily mapped memory holds. Varied: half small integers, half
// floats in [0, 256). Sparse: three words in four zero (counters and flags
// that start at zero), the rest such floats; with `word` = k > 0, all but
// one word in 4 << k zero (flags that select a few items of a tile).
// Word: every 32-bit word is `word` (a value a witness wants to reach
// shared memory through a copy or an atomic's return).
// Mixed: half the words `word`, the others varied: data-dependent tests
// between neighbouring items (a histogram's run of equal bins) go both ways
// within one warp.
// Runs: runs of equal small integers whose lengths average `word` words
// (each word starts a new run with probability 1/word): what run-length
// encoding, reduce-by-key and unique count, in every density, so that a
// warp's number of runs falls anywhere from none to one per item.
// ShortRuns: runs of exactly `word` or `word` + 1 equal words (each run's
// length drawn where it starts; a run starts at every 4 KiB too), so that
// nearly every run is non-trivial: with `word` 2, a warp's 480 items hold
// 160 to 240 runs of two or more, which no geometric length gives.
struct LazyFill {
  enum class Kind { Varied, Sparse, Word, Mixed, Runs, ShortRuns } kind = Kind::Varied;
  uint32_t word = 0;
};

class DeviceMemory {
 public:
  uint64_t allocate(const std::string& name, uint64_t size, uint64_t align = 256);
  // At a given address (replays of witnesses); throws std::invalid_argument
  // when it overlaps an allocation or leaves device memory's window.
  uint64_t allocate_at(const std::string& name, uint64_t base, uint64_t size);
  // The allocation holding [address, address + n), or nullptr.
  Allocation* find(uint64_t address, uint64_t n);
  const Allocation* find(uint64_t address, uint64_t n) const;
  const Allocation* by_name(const std::string& name) const;
  std::vector<uint8_t> contents(uint64_t address, uint64_t n) const;
  // Maps the aligned 64 KiB around [address, address + n) (clipped to the
  // gap between allocations) and fills it with varied words from `seed`;
  // nullptr when the range is outside the device window, overlaps an
  // allocation, or the lazily mapped bytes would pass `budget`.
  Allocation* map_lazily(uint64_t address, uint64_t n, uint64_t seed, uint64_t budget, LazyFill fill = {});

 private:
  std::vector<std::unique_ptr<Allocation>> allocations_;  // sorted by base
  // The allocation find() returned last: the lanes of a warp mostly
  // access one buffer (allocations are never freed while a launch runs).
  mutable const Allocation* last_found_ = nullptr;
  uint64_t next_ = kDeviceBase;
  uint64_t lazy_bytes_ = 0;
};

// A flat, bounds-checked byte array (shared memory of a CTA, a thread's
// local memory, a parameter area).
class ByteArray {
 public:
  explicit ByteArray(size_t size = 0) : bytes_(size, 0) {}
  size_t size() const { return bytes_.size(); }
  void resize(size_t n) { bytes_.resize(n, 0); }
  bool contains(uint64_t offset, uint64_t n) const { return offset <= bytes_.size() && n <= bytes_.size() - offset; }
  uint8_t* data() { return bytes_.data(); }
  const uint8_t* data() const { return bytes_.data(); }

 private:
  std::vector<uint8_t> bytes_;
};

}  // namespace warpsat::simt
