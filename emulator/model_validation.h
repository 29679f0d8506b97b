// Predicted against measured whole-kernel times (seed 001, Table 2): each
// measured (M, N, K, tile, D) is simulated on the machine and the relative
// error reported.
#pragma once

#include <vector>

#include "frontend/measurements.h"

namespace warpsat {

struct ValidationRow {
  KernelMeasurement measured;
  int64_t predicted_machine_units = 0;  // the simulator's total
  double predicted = 0;                 // in the file's unit
  double error = 0;                     // (predicted - measured) / measured, signed
};

struct ModelValidation {
  std::vector<ValidationRow> rows;
  double mean_abs_error = 0, max_abs_error = 0;            // relative
  size_t max_row = 0;                                      // index of the largest |error|
  double mean_abs_difference = 0, max_abs_difference = 0;  // |predicted - measured|, in the file's unit
};

// Throws InputError when a row is out of the simulator's range.
ModelValidation validate_model(const KernelMeasurements& data, const Machine& machine,
                               GemmModel model = GemmModel::Seed001);

}  // namespace warpsat
