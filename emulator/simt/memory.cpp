#include "emulator/simt/memory.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat::simt {

namespace {

// The lazily mapped word at `address`, before a fill shapes it.
uint64_t mix_word(uint64_t address, uint64_t seed) {
  uint64_t x = address * 0x9e3779b97f4a7c15ull ^ seed * 0xbf58476d1ce4e5b9ull;
  x ^= x >> 31, x *= 0x94d049bb133111ebull, x ^= x >> 29;
  return x;
}

// The small integer every word of the run starting at `run_start` holds.
uint32_t run_value(uint64_t run_start, uint64_t seed) {
  return static_cast<uint32_t>(mix_word(run_start ^ 0x5bd1e995, seed) >> 8 & 127);
}

// LazyFill::Kind::Runs over `words`, mapped at `lo`: each word starts a run
// where mix_word % mean == 0, and the run's value is drawn at the word that
// starts it, at most kRunLook bytes back: a pure function of the address,
// so runs cross the 64 KiB chunks unchanged. The first word looks back; the
// others carry the start on.
void fill_runs(std::vector<uint8_t>& words, uint64_t lo, uint64_t seed, uint64_t mean) {
  constexpr uint64_t kRunLook = 1024 * 4;
  uint64_t run_start = lo;
  while (run_start + kRunLook > lo && run_start >= 4 && mix_word(run_start, seed) % mean != 0) run_start -= 4;
  for (uint64_t w = 0; w + 4 <= words.size(); w += 4) {
    if (mix_word(lo + w, seed) % mean == 0) run_start = lo + w;
    else if (lo + w - run_start > kRunLook) run_start = lo + w - kRunLook;
    uint32_t v = run_value(run_start, seed);
    std::memcpy(words.data() + w, &v, 4);
  }
}

// LazyFill::Kind::ShortRuns over `words`, mapped at `lo`: runs of
// `shortest` or `shortest` + 1 words, restarting at every 4 KiB so that
// each chunk's runs are a pure function of its addresses.
void fill_short_runs(std::vector<uint8_t>& words, uint64_t lo, uint64_t seed, uint64_t shortest) {
  constexpr uint64_t kRestart = 4096;
  uint64_t run_start = lo & ~(kRestart - 1), run_end = 0;
  auto run_at = [&](uint64_t start) {
    run_start = start;
    run_end = start + 4 * (shortest + (mix_word(start, seed) & 1));
  };
  auto next = [&](uint64_t a) {
    if (a >= run_end || a / kRestart != run_start / kRestart) run_at(a);
  };
  // The run holding `lo`: replayed from the last restart before it.
  for (uint64_t a = run_start; a < lo; a += 4) next(a);
  for (uint64_t w = 0; w + 4 <= words.size(); w += 4) {
    next(lo + w);
    uint32_t v = run_value(run_start, seed);
    std::memcpy(words.data() + w, &v, 4);
  }
}

}  // namespace

Window window_of(uint64_t a) {
  if (a >= kDeviceBase && a < kSharedWindow) return Window::Device;
  switch (a >> 48) {
    case 1: return Window::Shared;
    case 2: return Window::Local;
    case 3: return Window::Param;
    case 4: return Window::Function;
    default: return Window::None;
  }
}

Allocation::Allocation(std::string name, uint64_t base, uint64_t size)
    : name_(std::move(name)), base_(base), size_(size), pages_((size >> kPageBits) + 1) {}

void Allocation::read(uint64_t offset, void* out, size_t n) const {
  auto* dst = static_cast<uint8_t*>(out);
  while (n > 0) {
    uint64_t page = offset >> kPageBits, in_page = offset & ((1u << kPageBits) - 1);
    size_t chunk = std::min<uint64_t>(n, (uint64_t{1} << kPageBits) - in_page);
    if (pages_[page])
      std::memcpy(dst, pages_[page].get() + in_page, chunk);
    else
      std::memset(dst, 0, chunk);
    dst += chunk;
    offset += chunk;
    n -= chunk;
  }
}

void Allocation::write(uint64_t offset, const void* in, size_t n) {
  const auto* src = static_cast<const uint8_t*>(in);
  while (n > 0) {
    uint64_t page = offset >> kPageBits, in_page = offset & ((1u << kPageBits) - 1);
    size_t chunk = std::min<uint64_t>(n, (uint64_t{1} << kPageBits) - in_page);
    if (!pages_[page]) pages_[page] = std::make_unique<uint8_t[]>(size_t{1} << kPageBits);  // zero-filled
    std::memcpy(pages_[page].get() + in_page, src, chunk);
    src += chunk;
    offset += chunk;
    n -= chunk;
  }
}

uint64_t DeviceMemory::allocate(const std::string& name, uint64_t size, uint64_t align) {
  align = std::max<uint64_t>(align, 256);
  uint64_t base = (next_ + align - 1) / align * align;
  // The device window is 2^48 bytes: a size beyond it would wrap addresses.
  if (size > kSharedWindow - base)
    throw InputError({}, fmt::format("'{}' ({} bytes) does not fit the device memory's {} bytes of address space",
                                     name, size, kSharedWindow - kDeviceBase));
  allocations_.push_back(std::make_unique<Allocation>(name, base, size));
  next_ = base + size + 4096;  // guard gap
  return base;
}

uint64_t DeviceMemory::allocate_at(const std::string& name, uint64_t base, uint64_t size) {
  if (base < kDeviceBase || base + size < base || base + size > kSharedWindow)
    throw std::invalid_argument("a fixed allocation must lie in device memory's window");
  for (const auto& a : allocations_)
    if (base < a->base() + a->size() + 4096 && a->base() < base + size + 4096)
      throw std::invalid_argument("a fixed allocation overlaps another");
  auto it = std::upper_bound(allocations_.begin(), allocations_.end(), base,
                             [](uint64_t b, const std::unique_ptr<Allocation>& x) { return b < x->base(); });
  allocations_.insert(it, std::make_unique<Allocation>(name, base, size));
  next_ = std::max(next_, base + size + 4096);
  return base;
}

Allocation* DeviceMemory::find(uint64_t address, uint64_t n) {
  return const_cast<Allocation*>(static_cast<const DeviceMemory*>(this)->find(address, n));
}

const Allocation* DeviceMemory::find(uint64_t address, uint64_t n) const {
  if (const Allocation* a = last_found_;
      a && address >= a->base() && address - a->base() <= a->size() && n <= a->size() - (address - a->base()))
    return a;
  auto it = std::upper_bound(allocations_.begin(), allocations_.end(), address,
                             [](uint64_t a, const std::unique_ptr<Allocation>& b) { return a < b->base(); });
  if (it == allocations_.begin()) return nullptr;
  const Allocation& a = **(it - 1);
  if (address - a.base() > a.size() || n > a.size() - (address - a.base())) return nullptr;
  last_found_ = &a;
  return &a;
}

const Allocation* DeviceMemory::by_name(const std::string& name) const {
  for (const auto& a : allocations_)
    if (a->name() == name) return a.get();
  return nullptr;
}

std::vector<uint8_t> DeviceMemory::contents(uint64_t address, uint64_t n) const {
  std::vector<uint8_t> out(n);
  if (const Allocation* a = find(address, n)) a->read(address - a->base(), out.data(), n);
  return out;
}

Allocation* DeviceMemory::map_lazily(uint64_t address, uint64_t n, uint64_t seed, uint64_t budget, LazyFill fill) {
  constexpr uint64_t kChunk = uint64_t{1} << 16;
  if (n == 0 || address < kDeviceBase || address + n < address || address + n > kSharedWindow) return nullptr;
  uint64_t lo = address & ~(kChunk - 1), hi = (address + n + kChunk - 1) & ~(kChunk - 1);
  auto it = std::upper_bound(allocations_.begin(), allocations_.end(), address,
                             [](uint64_t a, const std::unique_ptr<Allocation>& b) { return a < b->base(); });
  if (it != allocations_.begin()) lo = std::max(lo, (*(it - 1))->base() + (*(it - 1))->size());
  if (it != allocations_.end()) hi = std::min(hi, (*it)->base());
  if (lo > address || hi < address + n || hi - lo > budget || lazy_bytes_ > budget - (hi - lo)) return nullptr;
  lazy_bytes_ += hi - lo;
  auto a = std::make_unique<Allocation>("lazily mapped", lo, hi - lo);
  // A function of the word's address: two runs with one seed see the same
  // memory.
  std::vector<uint8_t> words(hi - lo);
  if (fill.kind == LazyFill::Kind::Runs) {
    fill_runs(words, lo, seed, std::max<uint32_t>(fill.word, 1));
  } else if (fill.kind == LazyFill::Kind::ShortRuns) {
    fill_short_runs(words, lo, seed, std::clamp<uint32_t>(fill.word, 1, 64));
  } else {
    uint64_t sparse_mask = (uint64_t{4} << std::min<uint32_t>(fill.word, 20)) - 1;
    for (uint64_t w = 0; w + 4 <= words.size(); w += 4) {
      uint64_t x = mix_word(lo + w, seed);
      float f = static_cast<float>(x >> 40 & 0xffff) / 256.0f;
      uint32_t v = fill.kind == LazyFill::Kind::Word     ? fill.word
                   : fill.kind == LazyFill::Kind::Sparse ? ((x & sparse_mask) ? 0u : std::bit_cast<uint32_t>(f))
                   : fill.kind == LazyFill::Kind::Mixed && (x >> 62 & 1) ? fill.word
                   : (x & 1)                             ? static_cast<uint32_t>(x >> 8 & 127)
                                                         : std::bit_cast<uint32_t>(f);
      std::memcpy(words.data() + w, &v, 4);
    }
  }
  a->write(0, words.data(), words.size());
  return allocations_.insert(it, std::move(a))->get();
}

}  // namespace warpsat::simt
