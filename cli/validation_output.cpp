#include "cli/validation_output.h"

#include <fmt/format.h>

namespace warpsat::cli {

nlohmann::json validation_row_json(const ValidationRow& r) {
  const KernelMeasurement& k = r.measured;
  nlohmann::json j = {{"m", k.shape.m},       {"n", k.shape.n},           {"k", k.shape.k},
                      {"tm", k.config.tile.tm}, {"tn", k.config.tile.tn}, {"tk", k.config.tile.tk},
                      {"stages", k.config.stages}, {"predicted", r.predicted}, {"measured", k.time},
                      {"error", r.error},       {"line", k.line}};
  if (k.reference) j["reference"] = *k.reference;
  return j;
}

void print_validation_row(const ValidationRow& r) {
  const KernelMeasurement& k = r.measured;
  fmt::print("{:>6} {:>6} {:>6} {:>5} {:>5} {:>5} {:>3} {:>13.6g} {:>13.6g} {:>8.2f}%", k.shape.m, k.shape.n,
             k.shape.k, k.config.tile.tm, k.config.tile.tn, k.config.tile.tk, k.config.stages, r.predicted, k.time,
             100 * r.error);
}

}  // namespace warpsat::cli
