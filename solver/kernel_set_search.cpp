#include "solver/kernel_set_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

namespace warpsat {

namespace {

using Real = long double;

class Search {
 public:
  Search(const std::vector<std::vector<int64_t>>& totals, const std::vector<int64_t>& weights, size_t k,
         const std::vector<Real>& lambda, unsigned timeout_ms)
      : n_(totals.size()), shapes_(weights.size()), k_(std::min(k, totals.size())), lambda_(lambda),
        timeout_ms_(timeout_ms), start_(std::chrono::steady_clock::now()) {
    cost_.assign(n_ * shapes_, 0);
    for (size_t c = 0; c < n_; ++c)
      for (size_t s = 0; s < shapes_; ++s) cost_[c * shapes_ + s] = totals[c][s] * weights[s];
    // The order every set is built in (symmetry): most negative reduced
    // cost at the root first, so good sets come early and tighten U.
    std::vector<Real> g(n_, 0);
    for (size_t c = 0; c < n_; ++c)
      for (size_t s = 0; s < shapes_; ++s) g[c] += std::min(Real{0}, static_cast<Real>(at(c, s)) - lambda_[s]);
    order_.resize(n_);
    std::iota(order_.begin(), order_.end(), size_t{0});
    std::stable_sort(order_.begin(), order_.end(), [&](size_t a, size_t b) { return g[a] < g[b]; });
  }

  KernelSetSearch run(const std::vector<size_t>& incumbent) {
    KernelSetSearch r;
    best_ = incumbent;
    upper_ = incumbent.empty() ? std::numeric_limits<int64_t>::max() : objective(incumbent);
    std::vector<int64_t> none(shapes_, std::numeric_limits<int64_t>::max());
    std::vector<size_t> picked;
    r.lower_bound = bound(none, 0, k_);
    complete_ = true;
    descend(none, picked, 0);
    r.complete = complete_;
    r.best = best_;
    std::sort(r.best.begin(), r.best.end());
    r.objective = upper_;
    r.nodes = nodes_;
    return r;
  }

 private:
  int64_t at(size_t c, size_t s) const { return cost_[c * shapes_ + s]; }

  int64_t objective(const std::vector<size_t>& set) const {
    int64_t sum = 0;
    for (size_t s = 0; s < shapes_; ++s) {
      int64_t best = std::numeric_limits<int64_t>::max();
      for (size_t c : set) best = std::min(best, at(c, s));
      sum += best;
    }
    return sum;
  }

  bool improves(size_t c, const std::vector<int64_t>& cur) const {
    for (size_t s = 0; s < shapes_; ++s)
      if (at(c, s) < cur[s]) return true;
    return false;
  }

  // The node bound of the header over the open candidates order_[from..n)
  // that improve some shape, with `r` more kernels allowed.
  Real bound(const std::vector<int64_t>& cur, size_t from, size_t r) {
    mu_.resize(shapes_);
    Real sum_mu = 0;
    for (size_t s = 0; s < shapes_; ++s) {
      mu_[s] = std::min(static_cast<Real>(cur[s]), lambda_[s]);
      sum_mu += mu_[s];
    }
    g_.clear();
    for (size_t i = from; i < n_; ++i) {
      size_t c = order_[i];
      if (!improves(c, cur)) continue;  // dominance: never picked below this node
      Real g = 0;
      for (size_t s = 0; s < shapes_; ++s) g += std::min(Real{0}, static_cast<Real>(at(c, s)) - mu_[s]);
      if (g < 0) g_.push_back(g);
    }
    size_t take = std::min(r, g_.size());
    std::partial_sort(g_.begin(), g_.begin() + static_cast<std::ptrdiff_t>(take), g_.end());
    for (size_t i = 0; i < take; ++i) sum_mu += g_[i];
    return sum_mu;
  }

  // Whether a node with this bound may hold a set below upper_ (objectives
  // are integers; the margin covers long double rounding of the sums).
  bool promising(Real b) const {
    Real margin = 1 + static_cast<Real>(upper_) * 1e-12L;
    return b < static_cast<Real>(upper_) - 1 + margin;
  }

  bool out_of_time() {
    if (timeout_ms_ == 0 || (++nodes_ & 1023) != 0) return false;
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
    return ms > timeout_ms_;
  }

  void descend(const std::vector<int64_t>& cur, std::vector<size_t>& picked, size_t from) {
    if (timeout_ms_ == 0) ++nodes_;
    if (!complete_) return;
    if (out_of_time()) {
      complete_ = false;
      return;
    }
    size_t r = k_ - picked.size();
    if (r == 0 || !promising(bound(cur, from, r))) return;
    std::vector<int64_t> next(shapes_);
    for (size_t i = from; i < n_ && complete_; ++i) {
      size_t c = order_[i];
      if (!improves(c, cur)) continue;
      int64_t value = 0;
      for (size_t s = 0; s < shapes_; ++s) {
        next[s] = std::min(cur[s], at(c, s));
        value += next[s];
      }
      picked.push_back(c);
      if (value < upper_) {
        upper_ = value;
        best_ = picked;
      }
      descend(next, picked, i + 1);
      picked.pop_back();
    }
  }

  size_t n_, shapes_, k_;
  std::vector<Real> lambda_;
  unsigned timeout_ms_;
  std::chrono::steady_clock::time_point start_;
  std::vector<int64_t> cost_;
  std::vector<size_t> order_;
  std::vector<Real> mu_, g_;
  std::vector<size_t> best_;
  int64_t upper_ = 0;
  size_t nodes_ = 0;
  bool complete_ = true;
};

}  // namespace

KernelSetSearch branch_and_bound(const std::vector<std::vector<int64_t>>& totals, const std::vector<int64_t>& weights,
                                 size_t k, const std::vector<size_t>& incumbent, const std::vector<long double>& lambda,
                                 unsigned timeout_ms) {
  if (totals.empty() || k == 0) return {true, incumbent, 0, 0, 0};
  return Search(totals, weights, k, lambda, timeout_ms).run(incumbent);
}

}  // namespace warpsat
