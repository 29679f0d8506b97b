#include "emulator/model_validation.h"

#include <cmath>

#include "emulator/gemm_ws_sim.h"
#include "frontend/diagnostics.h"

namespace warpsat {

ModelValidation validate_model(const KernelMeasurements& data, const Machine& machine, GemmModel model) {
  ModelValidation v;
  for (const KernelMeasurement& m : data.rows) {
    Schedule s;
    try {
      s = simulate(m.shape, m.config, machine, model);
    } catch (const InputError& e) {
      throw InputError({data.source, m.line, 1}, e.message());
    }
    ValidationRow r{m, s.total, static_cast<double>(s.total) / data.machine_units_per_unit, 0};
    r.error = (r.predicted - m.time) / m.time;
    double difference = std::abs(r.predicted - m.time);
    v.mean_abs_error += std::abs(r.error);
    v.mean_abs_difference += difference;
    v.max_abs_difference = std::max(v.max_abs_difference, difference);
    if (v.rows.empty() || std::abs(r.error) > v.max_abs_error) {
      v.max_abs_error = std::abs(r.error);
      v.max_row = v.rows.size();
    }
    v.rows.push_back(r);
  }
  v.mean_abs_error /= static_cast<double>(v.rows.size());
  v.mean_abs_difference /= static_cast<double>(v.rows.size());
  return v;
}

}  // namespace warpsat
