#include "emulator/model_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "emulator/calibration.h"
#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

constexpr size_t kParameters = 6;
using Point = std::array<double, kParameters>;  // natural logarithms of the values
constexpr const char* kNames[kParameters] = {"load_throughput", "compute_throughput", "load_latency",
                                             "compute_latency", "epilogue",        "init"};
// The hopper model reads its loads from L2 (bytes per time unit, the whole
// GPU): there the first parameter is l2_throughput.
const char* parameter_name(size_t i, GemmModel model) {
  return i == 0 && model == GemmModel::Hopper ? "l2_throughput" : kNames[i];
}
std::vector<std::string> parameter_names(GemmModel model) {
  std::vector<std::string> v;
  for (size_t i = 0; i < kParameters; ++i) v.push_back(parameter_name(i, model));
  return v;
}
constexpr double kMaxLatency = double(int64_t{1} << 40);  // the machine file's limit

// What a machine file holds for these values: throughputs to 6 significant
// digits, integer latencies.
Machine machine_at(const Machine& base, const Point& values, GemmModel model) {
  Machine m = base;
  auto latency = [](double v) { return static_cast<int64_t>(std::llround(std::clamp(v, 0.0, kMaxLatency))); };
  (model == GemmModel::Hopper ? m.l2_throughput : m.load_throughput) = decimal_near(std::clamp(values[0], 1e-9, 1e9), 6);
  m.compute_throughput = decimal_near(std::clamp(values[1], 1e-9, 1e9), 6);
  m.load_latency = latency(values[2]);
  m.compute_latency = latency(values[3]);
  m.epilogue = latency(values[4]);
  m.init = latency(values[5]);
  return m;
}

Point values_of(const Machine& m, GemmModel model) {
  return {(model == GemmModel::Hopper ? m.l2_throughput : m.load_throughput).to_double(), m.compute_throughput.to_double(), double(m.load_latency),
          double(m.compute_latency),     double(m.epilogue),              double(m.init)};
}

class Fitter {
 public:
  Fitter(const KernelMeasurements& data, const Machine& base, const ModelFitOptions& o)
      : data_(data), base_(base), o_(o) {}

  // Mean squared relative error of the machine at exp(x); infinity where the
  // simulator refuses the machine (it never should for positive values).
  double objective(const Point& x) {
    ++evaluations_;
    Point v;
    for (size_t i = 0; i < kParameters; ++i) v[i] = std::exp(x[i]);
    try {
      ModelValidation mv = validate_model(data_, machine_at(base_, v, o_.model), o_.model);
      double sum = 0;
      for (const ValidationRow& r : mv.rows) sum += r.error * r.error;
      // A faint pull towards the base machine: a parameter the rows do not
      // pin down (loads hidden behind multiplies whatever their speed)
      // stays near its base value instead of drifting to any value that
      // fits as well.
      double pull = 0;
      for (size_t i = 0; i < kParameters; ++i) pull += (x[i] - origin_[i]) * (x[i] - origin_[i]);
      return sum / static_cast<double>(mv.rows.size()) + 1e-8 * pull;
    } catch (const InputError&) {
      return std::numeric_limits<double>::infinity();
    }
  }

  // Nelder–Mead (the standard coefficients) from `start`, with an initial
  // simplex one e-fold wide in each coordinate.
  std::pair<Point, double> nelder_mead(const Point& start) {
    std::array<Point, kParameters + 1> s;
    std::array<double, kParameters + 1> f;
    s[0] = start;
    for (size_t i = 0; i < kParameters; ++i) {
      s[i + 1] = start;
      s[i + 1][i] += 1.0;
    }
    for (size_t i = 0; i <= kParameters; ++i) f[i] = objective(s[i]);
    for (unsigned it = 0; it < o_.evaluations_per_start; ++it) {
      std::array<size_t, kParameters + 1> order;
      std::iota(order.begin(), order.end(), size_t{0});
      std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return f[a] < f[b]; });
      size_t best = order.front(), worst = order.back(), second = order[kParameters - 1];
      if (f[worst] - f[best] < 1e-14) break;
      Point centroid{};
      for (size_t i = 0; i <= kParameters; ++i)
        if (i != worst)
          for (size_t d = 0; d < kParameters; ++d) centroid[d] += s[i][d] / kParameters;
      auto along = [&](double t) {
        Point p;
        for (size_t d = 0; d < kParameters; ++d) p[d] = centroid[d] + t * (s[worst][d] - centroid[d]);
        return p;
      };
      Point r = along(-1.0);
      double fr = objective(r);
      if (fr < f[best]) {
        Point e = along(-2.0);
        double fe = objective(e);
        if (fe < fr) s[worst] = e, f[worst] = fe;
        else s[worst] = r, f[worst] = fr;
      } else if (fr < f[second]) {
        s[worst] = r, f[worst] = fr;
      } else {
        Point c = fr < f[worst] ? along(-0.5) : along(0.5);
        double fc = objective(c);
        if (fc < std::min(fr, f[worst])) {
          s[worst] = c, f[worst] = fc;
        } else {
          for (size_t i = 0; i <= kParameters; ++i) {
            if (i == best) continue;
            for (size_t d = 0; d < kParameters; ++d) s[i][d] = s[best][d] + 0.5 * (s[i][d] - s[best][d]);
            f[i] = objective(s[i]);
          }
        }
      }
    }
    size_t best = static_cast<size_t>(std::min_element(f.begin(), f.end()) - f.begin());
    return {s[best], f[best]};
  }

  Machine fit() {
    Point start;
    Point base = values_of(base_, o_.model);
    for (size_t i = 0; i < kParameters; ++i) start[i] = std::log(std::max(base[i], 1.0e-6) + (i >= 2 ? 1.0 : 0.0));
    origin_ = start;
    std::mt19937_64 rng(o_.seed);
    std::normal_distribution<double> spread(0.0, 2.0);
    Point best_x = start;
    double best_f = std::numeric_limits<double>::infinity();
    for (unsigned k = 0; k < std::max(o_.starts, 1u); ++k) {
      Point from = k == 0 ? start : best_x;
      if (k > 0)
        for (double& c : from) c += spread(rng);
      auto [x, fx] = nelder_mead(from);
      // A restart from the optimum shakes a collapsed simplex loose.
      auto [x2, fx2] = nelder_mead(x);
      if (fx2 < fx) x = x2, fx = fx2;
      if (fx < best_f) best_x = x, best_f = fx;
    }
    Point v;
    for (size_t i = 0; i < kParameters; ++i) v[i] = std::exp(best_x[i]);
    return machine_at(base_, v, o_.model);
  }

  unsigned evaluations() const { return evaluations_; }

 private:
  const KernelMeasurements& data_;
  const Machine& base_;
  const ModelFitOptions& o_;
  Point origin_{};  // the base machine's logarithms
  unsigned evaluations_ = 0;
};

// A latency moved from 0 by a tenth and ten times stays 0: it is also
// nudged by 1% of the median measured time (in machine units).
double latency_nudge(const KernelMeasurements& data) {
  std::vector<double> times;
  for (const KernelMeasurement& r : data.rows) times.push_back(r.time * data.machine_units_per_unit);
  std::nth_element(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2), times.end());
  return 0.01 * times[times.size() / 2];
}

// Whether any row's prediction follows parameter i of `m` (whose
// predictions are `at`): moved well away from its value, a tenth and ten
// times (plus `nudge` for a latency).
bool moves_predictions(const KernelMeasurements& data, const Machine& m, const ModelValidation& at, size_t i,
                       double nudge, GemmModel model) {
  Point v = values_of(m, model);
  for (double factor : {0.1, 10.0}) {
    Point w = v;
    w[i] = w[i] * factor + (i >= 2 && factor > 1 ? nudge : 0.0);
    ModelValidation mv = validate_model(data, machine_at(m, w, model), model);
    for (size_t r = 0; r < mv.rows.size(); ++r)
      if (mv.rows[r].predicted_machine_units != at.rows[r].predicted_machine_units) return true;
  }
  return false;
}

}  // namespace

ModelFit fit_model(const KernelMeasurements& data, const Machine& base, const std::string& name,
                   const ModelFitOptions& options) {
  if (data.rows.size() < kParameters)
    throw InputError({data.source, data.rows.empty() ? 0 : data.rows.back().line, data.rows.empty() ? 0u : 1u},
                     fmt::format("{} row(s) cannot determine the model's {} parameters ({}): give at least {}",
                                 data.rows.size(), kParameters, fmt::join(parameter_names(options.model), ", "), kParameters));
  ModelFit r;
  ModelValidation at_base = validate_model(data, base, options.model);
  r.base_mean_abs_error = at_base.mean_abs_error;
  Fitter f(data, base, options);
  r.machine = f.fit();
  r.machine.name = name;
  r.evaluations = f.evaluations();
  r.validation = validate_model(data, r.machine, options.model);
  // A parameter no row depends on, at the fit or at the base machine, is
  // one the data cannot identify. One that matters only away from the fit
  // (loads hidden behind multiplies) is bounded, not pinned: reported.
  double nudge = latency_nudge(data);
  for (size_t i = 0; i < kParameters; ++i) {
    if (moves_predictions(data, r.machine, r.validation, i, nudge, options.model)) continue;
    if (!moves_predictions(data, base, at_base, i, nudge, options.model))
      throw InputError({data.source, 0, 0},
                       fmt::format("the data cannot identify {}: no row's predicted time changes when it is divided "
                                   "or multiplied by 10, on {} or on the fitted machine (add rows where it matters, e.g. "
                                   "other tile sizes, shapes or stage counts)",
                                   parameter_name(i, options.model), base.name));
    r.unidentified.push_back(parameter_name(i, options.model));
  }

  std::vector<std::string> missed;
  for (const ValidationRow& row : r.validation.rows)
    if (std::abs(row.error) > options.unfit_row_error)
      missed.push_back(fmt::format("line {} ({:+.1f}%)", row.measured.line, 100 * row.error));
  if (!missed.empty())
    throw InputError({data.source, r.validation.rows[r.validation.max_row].measured.line, 1},
                     fmt::format("the {} model cannot fit {} row(s) within {:.0f}% even at its best parameters: {}",
                                 to_string(options.model), missed.size(), 100 * options.unfit_row_error,
                                 fmt::join(missed, ", ")));

  Point v = values_of(r.machine, options.model);
  for (size_t i = 0; i < kParameters; ++i) {
    ParameterSensitivity s{parameter_name(i, options.model), v[i], 0, 0};
    for (double factor : {0.9, 1.1}) {
      Point w = v;
      w[i] *= factor;
      double e = validate_model(data, machine_at(r.machine, w, options.model), options.model).mean_abs_error;
      (factor < 1 ? s.mean_abs_error_lower : s.mean_abs_error_higher) = e;
    }
    r.sensitivity.push_back(s);
  }
  return r;
}

CrossValidation cross_validate_model(const KernelMeasurements& data, const Machine& base, unsigned folds,
                                     const ModelFitOptions& options) {
  if (folds < 2 || folds > data.rows.size())
    throw InputError({"--cross-validate", 0, 0},
                     fmt::format("{} folds for {} rows: use 2 to {}", folds, data.rows.size(), data.rows.size()));
  CrossValidation cv;
  cv.folds = folds;
  cv.held_out.resize(data.rows.size());
  for (unsigned k = 0; k < folds; ++k) {
    KernelMeasurements train = data, test = data;
    train.rows.clear();
    test.rows.clear();
    for (size_t i = 0; i < data.rows.size(); ++i) (i % folds == k ? test : train).rows.push_back(data.rows[i]);
    ModelFitOptions o = options;
    o.unfit_row_error = std::numeric_limits<double>::infinity();  // judged on the held-out rows instead
    ModelFit fit = fit_model(train, base, base.name + "-fold", o);
    ModelValidation held = validate_model(test, fit.machine, options.model);
    for (size_t j = 0; j < held.rows.size(); ++j) cv.held_out[k + j * folds] = held.rows[j];
    cv.fold_mean_abs_error.push_back(held.mean_abs_error);
  }
  for (size_t i = 0; i < cv.held_out.size(); ++i) {
    double e = std::abs(cv.held_out[i].error);
    cv.mean_abs_error += e;
    if (i == 0 || e > cv.max_abs_error) cv.max_abs_error = e, cv.max_row = i;
  }
  cv.mean_abs_error /= static_cast<double>(cv.held_out.size());
  ModelFitOptions o = options;
  o.unfit_row_error = std::numeric_limits<double>::infinity();
  cv.in_sample_mean_abs_error = fit_model(data, base, base.name, o).validation.mean_abs_error;
  return cv;
}

}  // namespace warpsat
