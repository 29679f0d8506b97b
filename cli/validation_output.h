// How `validate-model` and `calibrate` print a kernel-time row: measured
// against predicted.
#pragma once

#include <nlohmann/json.hpp>

#include "emulator/model_validation.h"

namespace warpsat::cli {

nlohmann::json validation_row_json(const ValidationRow& r);
// M N K TM TN TK D predicted measured error%, without a newline.
void print_validation_row(const ValidationRow& r);

}  // namespace warpsat::cli
