#include "cli/validation_output.h"

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat::cli {

GemmModel measurement_model(KernelMeasurements& data, const std::string& model_option, const Machine& m) {
  if (!data.from_profiler) {
    if (model_option == "hopper")
      throw command_line_error("the hopper model predicts CUTLASS's sm90 kernels: give cutlass_profiler's CSV, whose "
                               "rows name their clusters and schedules");
    return model_option.empty() ? GemmModel::Seed001 : parse_model(model_option);
  }
  if (!model_option.empty() && model_option != "hopper")
    throw command_line_error(fmt::format("{} holds CUTLASS 3 sm90 kernels (cutlass_profiler's CSV): they follow the "
                                         "hopper model, not {}",
                                         data.source, model_option));
  if (m.arch != "sm90")
    throw command_line_error(fmt::format("{} holds CUTLASS 3 sm90 kernels; machine {} is not an sm90 machine", data.source,
                                         m.name));
  resolve_measured_stages(data, m);
  return GemmModel::Hopper;
}

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
