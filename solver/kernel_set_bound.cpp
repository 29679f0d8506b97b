#include "solver/kernel_set_bound.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace warpsat {

namespace {

using Real = long double;

// Far above the rounding of sums of ~10^4 products near 10^12 in long
// double (64-bit mantissa): a candidate is excluded only with this margin.
Real margin(int64_t upper) { return 1 + static_cast<Real>(upper) * 1e-12L; }

}  // namespace

KernelSetBound kernel_set_bound(const std::vector<std::vector<int64_t>>& totals, const std::vector<int64_t>& weights,
                                size_t k, int64_t upper, unsigned max_iterations) {
  const size_t n = totals.size(), shapes = weights.size();
  KernelSetBound b;
  b.excluded.assign(n, false);
  if (n == 0 || shapes == 0 || k == 0) return b;
  k = std::min(k, n);
  std::vector<std::vector<Real>> cost(n, std::vector<Real>(shapes));
  for (size_t c = 0; c < n; ++c)
    for (size_t s = 0; s < shapes; ++s) cost[c][s] = static_cast<Real>(totals[c][s]) * static_cast<Real>(weights[s]);
  // λ_s starts at shape s's own best: L is then Σ_s best_s, the bound of
  // one kernel per shape.
  std::vector<Real> lambda(shapes);
  for (size_t s = 0; s < shapes; ++s) {
    lambda[s] = cost[0][s];
    for (size_t c = 1; c < n; ++c) lambda[s] = std::min(lambda[s], cost[c][s]);
  }
  b.lower_bound = std::accumulate(lambda.begin(), lambda.end(), Real{0});
  b.lambda = lambda;
  Real step_scale = 2;
  unsigned since_better = 0;
  std::vector<Real> rho(n);
  std::vector<size_t> order(n);
  std::vector<Real> g(shapes);
  for (unsigned it = 0; it < max_iterations; ++it) {
    ++b.iterations;
    for (size_t c = 0; c < n; ++c) {
      Real r = 0;
      for (size_t s = 0; s < shapes; ++s) r += std::min(Real{0}, cost[c][s] - lambda[s]);
      rho[c] = r;
    }
    std::iota(order.begin(), order.end(), size_t{0});
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(std::min(k + 1, n)), order.end(),
                      [&](size_t a, size_t c) { return rho[a] < rho[c]; });
    Real sum_lambda = std::accumulate(lambda.begin(), lambda.end(), Real{0});
    // The K most negative (a set may have fewer kernels: only negatives count).
    Real best_k = 0;
    for (size_t i = 0; i < k; ++i) best_k += std::min(Real{0}, rho[order[i]]);
    Real L = sum_lambda + best_k;
    if (L > b.lower_bound + 1e-9L * std::abs(L)) {
      b.lower_bound = L;
      b.lambda = lambda;
      since_better = 0;
    } else if (++since_better >= 25) {
      step_scale /= 2;
      since_better = 0;
    }
    // Forced in: c's ρ (whatever its sign) and the K - 1 most negative
    // others. For c among the K first, its own term is replaced; for any
    // other, the K-th is swapped out for it.
    Real kth = std::min(Real{0}, rho[order[k - 1]]);
    for (size_t c = 0; c < n; ++c) {
      if (b.excluded[c]) continue;
      bool among = false;
      for (size_t i = 0; i < k && !among; ++i) among = order[i] == c;
      Real forced = among ? L - std::min(Real{0}, rho[c]) + rho[c] : L - kth + rho[c];
      if (forced > static_cast<Real>(upper) + margin(upper)) b.excluded[c] = true;
    }
    if (b.lower_bound > static_cast<Real>(upper) - 1 || step_scale < 1e-6L) break;
    // Subgradient of L: 1 - (how many chosen candidates undercut λ_s).
    Real norm = 0;
    for (size_t s = 0; s < shapes; ++s) {
      int covered = 0;
      for (size_t i = 0; i < k; ++i)
        if (rho[order[i]] < 0 && cost[order[i]][s] < lambda[s]) ++covered;
      g[s] = 1 - covered;
      norm += g[s] * g[s];
    }
    if (norm == 0) break;  // λ is optimal: L is the relaxation's optimum
    Real step = step_scale * (static_cast<Real>(upper) - L) / norm;
    for (size_t s = 0; s < shapes; ++s) lambda[s] = std::max(Real{0}, lambda[s] + step * g[s]);
  }
  return b;
}

}  // namespace warpsat
