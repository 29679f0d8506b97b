// `warpsat launch-template`: a commented launch file for a kernel's
// parameters, to fill in for run, profile, compare-profile and branches.
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/problem_options.h"
#include "frontend/launch_template.h"
#include "frontend/ptx/parser.h"

namespace warpsat::cli {

namespace {

struct LaunchTemplateOptions {
  std::string file, kernel, output, source_root;
};

int run_launch_template(const LaunchTemplateOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  SourceFiles sources(m, o.source_root.empty() ? std::vector<std::string>{} : std::vector<std::string>{o.source_root});
  std::string text = launch_template(m, template_kernel(m, o.kernel), &sources);
  if (o.output.empty()) std::cout << text;
  else write_text_file(o.output, text);
  return kExitOk;
}

}  // namespace

void add_launch_template_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<LaunchTemplateOptions>();
  CLI::App* sub = app.add_subcommand(
      "launch-template", "write a commented launch file (.toml) for a kernel's parameters, ready to fill in");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--kernel", o->kernel,
                  "the kernel (needed when the module has several): its mangled, demangled or short name, or a part "
                  "of one that names no other");
  sub->add_option("--source-root", o->source_root,
                  "a folder to look for the CUDA source the .file lines name, for the parameters' names (besides the "
                  "working folder and the PTX file's folders)");
  sub->add_option("-o,--output", o->output, "write the launch file here instead of to standard output");
  commands.push_back({sub, [o] { return run_launch_template(*o); }});
}

}  // namespace warpsat::cli
