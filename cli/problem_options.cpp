#include "cli/problem_options.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/sm90.h"

namespace warpsat::cli {

void ProblemOptions::add_to(CLI::App& app, std::vector<std::string> formats) {
  // Checked as text, before CLI11 converts it: its own range message prints a
  // 300-digit bound, and its conversion clamps values past 2^63 silently.
  CLI::Validator dimension(
      [](std::string& text) -> std::string {
        int64_t v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size() || v < 1 || v > kMaxMatrixDim)
          return fmt::format("'{}' is not a matrix dimension: give an integer in [1, {}]", text, kMaxMatrixDim);
        return "";
      },
      "INT in [1, 2^31]");
  app.add_option("--m", m, "rows of A and C")->check(dimension);
  app.add_option("--n", n, "columns of B and C")->check(dimension);
  app.add_option("--k", k, "columns of A, rows of B")->check(dimension);
  app.add_option("--machine", machine, "bundled machine name (e.g. h100-sxm) or path to a machine .toml");
  app.add_option("--problem", problem_file, "problem .toml (examples/problems); flags override its values");
  app.add_option("--format", format, "output format")->check(CLI::IsMember(formats))->capture_default_str();
  app.add_option("--model", model,
                 "pipeline model: seed001 (the seed's equations), async (TMA/cp.async) or hopper (CUTLASS's sm90 "
                 "kernels; the default on an sm90 machine); docs/models.md")
      ->check(CLI::IsMember({"seed001", "async", "hopper"}));
  app.add_option("--target", target,
                 "configuration space: sm90 (CUTLASS 3 Hopper kernels: wgmma tiles, clusters, schedules; the default "
                 "on an sm90 machine) or generic (seed 001's abstract space)")
      ->check(CLI::IsMember({"sm90", "generic"}));
  app.add_option("--element", element, "sm90 operand type: bf16, f16, e4m3, e5m2 or tf32 (default: the machine's)")
      ->check(CLI::IsMember({"bf16", "f16", "e4m3", "e5m2", "tf32"}));
}

GemmModel ProblemOptions::single_pipeline_model() const {
  if (model == "hopper" || target == "sm90" || !element.empty())
    throw command_line_error("this command knows the seed001 and async models' single producer and consumer; the "
                             "hopper model's sm90 kernels are for `tile` and `simulate`");
  return model.empty() ? GemmModel::Seed001 : parse_model(model);
}

ProblemOptions::Target ProblemOptions::resolve_target(Machine& m) const {
  bool sm90_machine = m.arch == "sm90";
  std::string t = target;
  if (t.empty()) t = sm90_machine && (model.empty() || model == "hopper") ? "sm90" : "generic";
  if (t == "sm90") {
    if (!sm90_machine)
      throw command_line_error(fmt::format("machine {} is not an sm90 machine (its file has no arch = \"sm90\"); "
                                           "--target sm90 needs one such as h100-sxm",
                                           m.name));
    if (!model.empty() && model != "hopper")
      throw command_line_error(fmt::format("--target sm90 uses the hopper model, not {}; give --target generic for "
                                           "the {} model",
                                           model, model));
    if (!element.empty()) m = with_operand_type(m, parse_operand_type(element));
    return {GemmModel::Hopper, true};
  }
  if (model == "hopper")
    throw command_line_error("the hopper model is about CUTLASS's sm90 kernels: give --target sm90 and an sm90 machine");
  if (!element.empty()) throw command_line_error("--element types the sm90 space's operands; give --target sm90");
  return {model.empty() ? GemmModel::Seed001 : parse_model(model), false};
}

ProblemFile ProblemOptions::load_file() const {
  return problem_file.empty() ? ProblemFile{} : read_problem_file(problem_file);
}

GemmShape ProblemOptions::shape(const ProblemFile& f) const {
  auto pick = [&](const std::optional<int64_t>& flag, const std::optional<int64_t>& file, const char* name) {
    if (flag) return *flag;
    if (file) return *file;
    throw command_line_error(fmt::format("missing --{} (or give it in a --problem file)", name));
  };
  GemmShape s{pick(m, f.m, "m"), pick(n, f.n, "n"), pick(k, f.k, "k")};
  check_shape(s);
  return s;
}

Machine ProblemOptions::machine_description(const ProblemFile& f) const {
  if (!machine.empty()) return resolve_machine(machine);
  if (f.machine) return resolve_machine(*f.machine);
  throw command_line_error("missing --machine (a bundled name such as a6000-paper, or a path to a .toml file)");
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw InputError({path, 0, 0}, fmt::format("cannot write the file: {}", std::strerror(errno)));
}

}  // namespace warpsat::cli
