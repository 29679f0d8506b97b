// How `validate-model` and `calibrate` print a kernel-time row: measured
// against predicted.
#pragma once

#include <nlohmann/json.hpp>

#include "emulator/model_validation.h"

namespace warpsat::cli {

// The model measured kernels are predicted with: hopper for cutlass_profiler's
// sm90 kernels (whose automatic stage counts it resolves on `m`), else
// `model_option` (seed001 when empty). Throws InputError (command line) when
// the rows and the model or machine do not go together.
GemmModel measurement_model(KernelMeasurements& data, const std::string& model_option, const Machine& m);

nlohmann::json validation_row_json(const ValidationRow& r);
// M N K TM TN TK D predicted measured error%, without a newline.
void print_validation_row(const ValidationRow& r);

}  // namespace warpsat::cli
