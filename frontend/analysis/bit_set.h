// A fixed-size set of small integers as a bit vector, for the dataflow
// analyses (reaching definitions over definition numbers, liveness over
// registers).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsat::analysis {

class BitSet {
 public:
  explicit BitSet(size_t n = 0) : w_((n + 63) / 64, 0) {}
  void set(size_t i) { w_[i / 64] |= uint64_t{1} << (i % 64); }
  void reset(size_t i) { w_[i / 64] &= ~(uint64_t{1} << (i % 64)); }
  bool test(size_t i) const { return (w_[i / 64] >> (i % 64)) & 1; }
  // Clears [lo, hi) a word at a time.
  void reset_range(size_t lo, size_t hi) {
    for (size_t i = lo; i < hi && i % 64 != 0; ++i) reset(i);
    size_t k = (lo + 63) / 64;
    for (; (k + 1) * 64 <= hi; ++k) w_[k] = 0;
    for (size_t i = std::max(lo, k * 64); i < hi; ++i) reset(i);
  }
  // Calls f(i) for each set i in [lo, hi), skipping empty words.
  template <class F>
  void for_each_set(size_t lo, size_t hi, F f) const {
    for (size_t i = lo; i < hi;) {
      uint64_t word = w_[i / 64] >> (i % 64);
      if (word == 0) {
        i = (i / 64 + 1) * 64;
        continue;
      }
      i += static_cast<size_t>(std::countr_zero(word));
      if (i < hi) f(i);
      ++i;
    }
  }
  template <class F>
  void for_each_set(F f) const {
    for_each_set(0, w_.size() * 64, f);
  }
  // *this |= other, less `minus` when given; returns whether anything changed.
  bool merge(const BitSet& o, const BitSet* minus = nullptr) {
    bool changed = false;
    for (size_t k = 0; k < w_.size(); ++k) {
      uint64_t v = w_[k] | (o.w_[k] & ~(minus ? minus->w_[k] : 0));
      changed |= v != w_[k];
      w_[k] = v;
    }
    return changed;
  }

 private:
  std::vector<uint64_t> w_;
};

}  // namespace warpsat::analysis
