#include "emulator/calibration.h"

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

Rational decimal_near(double x, int digits) {
  std::string s = fmt::format("{:.{}e}", x, digits - 1);
  auto r = Rational::parse(s);
  if (!r) throw std::runtime_error("cannot represent " + s + " exactly");
  return *r;
}

namespace {

constexpr double kMaxLatency = double(int64_t{1} << 40);  // the machine file's limit

class Fitter {
 public:
  explicit Fitter(const PieceMeasurements& d) : d_(d) {}

  [[noreturn]] void fail(const std::vector<const PieceMeasurement*>& rows, const std::string& message) const {
    throw InputError({d_.source, rows.empty() ? 0 : rows.front()->line, rows.empty() ? 0u : 1u}, message);
  }

  std::vector<const PieceMeasurement*> rows_of(PieceKind k) const {
    std::vector<const PieceMeasurement*> out;
    for (const PieceMeasurement& r : d_.rows)
      if (r.kind == k) out.push_back(&r);
    return out;
  }

  // time = slope * work + intercept, then throughput = 1 / slope.
  void fit_linear(PieceFit& f, Rational& throughput, int64_t& latency) {
    auto rows = rows_of(f.kind);
    if (rows.empty()) return;
    const char* what = to_string(f.kind);
    bool distinct = false;
    for (const auto* r : rows) distinct = distinct || r->work() != rows.front()->work();
    if (rows.size() < 2 || !distinct)
      fail(rows, fmt::format("{}: {} row(s) with {} tile size(s); separating throughput from latency needs at least "
                             "two rows with different tile sizes",
                             what, rows.size(), distinct ? "several" : "one"));
    double n = static_cast<double>(rows.size()), sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto* r : rows) {
      double x = static_cast<double>(r->work()), y = r->time;
      sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    // Centred sums keep the fit accurate when work is large.
    double mx = sx / n, my = sy / n, cxx = 0, cxy = 0;
    for (const auto* r : rows) {
      double dx = static_cast<double>(r->work()) - mx;
      cxx += dx * dx;
      cxy += dx * (r->time - my);
    }
    f.slope = cxy / cxx;
    f.intercept = my - f.slope * mx;
    f.unclamped_intercept = f.intercept;
    if (f.intercept < 0) {
      f.clamped = true;
      f.intercept = 0;
      f.slope = sxy / sxx;
    }
    if (!(f.slope > 0))
      fail(rows, fmt::format("{}: the fitted time per {} is {:.6g}, not positive: the times do not grow with the tile "
                             "size, so no positive throughput fits them",
                             what, f.kind == PieceKind::Load ? "element" : "multiply-add", f.slope));
    if (f.intercept > kMaxLatency)
      fail(rows,
           fmt::format("{}: the fitted latency {:.6g} exceeds the machine file's limit of 2^40", what, f.intercept));
    throughput = decimal_near(1.0 / f.slope, 6);
    latency = std::llround(f.intercept);
    f.fitted = true;
    double ss_res = 0, ss_tot = 0;
    for (const auto* r : rows) {
      auto q = throughput.ceil_divide(r->work());
      if (!q) fail(rows, fmt::format("{}: the fitted throughput makes durations overflow 64 bits", what));
      f.rows.push_back({r->line, r->work(), r->time, static_cast<double>(*q + latency)});
      ss_res += f.rows.back().residual() * f.rows.back().residual();
      ss_tot += (r->time - my) * (r->time - my);
    }
    f.r_squared = ss_tot > 0 ? 1 - ss_res / ss_tot : std::numeric_limits<double>::quiet_NaN();
    summarise(f);
  }

  void fit_constant(PieceFit& f, int64_t& value) {
    auto rows = rows_of(f.kind);
    if (rows.empty()) return;
    double sum = 0;
    for (const auto* r : rows) sum += r->time;
    f.intercept = sum / static_cast<double>(rows.size());
    if (f.intercept > kMaxLatency)
      fail(rows, fmt::format("{}: the mean time {:.6g} exceeds the machine file's limit of 2^40", to_string(f.kind),
                             f.intercept));
    value = std::llround(f.intercept);
    f.fitted = true;
    for (const auto* r : rows) f.rows.push_back({r->line, 0, r->time, static_cast<double>(value)});
    f.r_squared = std::numeric_limits<double>::quiet_NaN();
    summarise(f);
  }

 private:
  static void summarise(PieceFit& f) {
    double ss = 0;
    for (const FitRow& r : f.rows) {
      ss += r.residual() * r.residual();
      f.max_abs = std::max(f.max_abs, std::abs(r.residual()));
    }
    f.rms = std::sqrt(ss / static_cast<double>(f.rows.size()));
  }

  const PieceMeasurements& d_;
};

}  // namespace

Calibration calibrate(const PieceMeasurements& data, const Machine& base, const std::string& name) {
  Calibration c;
  c.machine = base;
  c.machine.name = name;
  c.machine.source.clear();
  c.load.kind = PieceKind::Load;
  c.math.kind = PieceKind::Math;
  c.epilogue.kind = PieceKind::Epilogue;
  c.init.kind = PieceKind::Init;
  Fitter f(data);
  f.fit_linear(c.load, c.machine.load_throughput, c.machine.load_latency);
  f.fit_linear(c.math, c.machine.compute_throughput, c.machine.compute_latency);
  f.fit_constant(c.epilogue, c.machine.epilogue);
  f.fit_constant(c.init, c.machine.init);
  std::string fitted;
  for (const PieceFit* p : {&c.load, &c.math, &c.epilogue, &c.init})
    if (p->fitted) fitted += (fitted.empty() ? "" : ", ") + std::string(to_string(p->kind));
  c.machine.description = fmt::format("{} fitted by warpsat calibrate to {} ({} rows); the rest from {}", fitted,
                                      data.source, data.rows.size(), base.name);
  return c;
}

}  // namespace warpsat
