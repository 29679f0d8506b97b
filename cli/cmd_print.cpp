// `warpsat print`: parse a PTX module and write the IR back as PTX; with
// --check, re-parse the output and confirm it is the same IR.
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "frontend/diagnostics.h"
#include "frontend/ptx/parser.h"
#include "frontend/ptx/printer.h"

namespace warpsat::cli {

namespace {

struct PrintOptions {
  std::string file;
  std::string output;
  bool check = false;
};

int run_print(const PrintOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  std::string text = ptx::print_module(m);
  if (o.check) {
    ptx::Module again = ptx::parse_module(text, o.file + " (printed)");
    std::string difference;
    if (!ptx::same_ir(m, again, &difference)) {
      std::cerr << fmt::format("{}: round trip changed the IR: {}\n", o.file, difference);
      return kExitCheckFailed;
    }
  }
  if (o.output.empty()) {
    if (!o.check) std::cout << text;
  } else {
    std::ofstream out(o.output);
    out << text;
    if (!out) throw command_line_error("cannot write " + o.output);
  }
  if (o.check) std::cerr << fmt::format("{}: round trip ok ({} functions)\n", o.file, m.functions.size());
  return kExitOk;
}

}  // namespace

void add_print_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<PrintOptions>();
  CLI::App* sub = app.add_subcommand("print", "parse a PTX module and print it back (a normaliser)");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("-o,--output", o->output, "write to this file instead of standard output");
  sub->add_flag("--check", o->check, "re-parse the printed PTX and check it is the same IR (prints nothing else)");
  commands.push_back({sub, [o] { return run_print(*o); }});
}

}  // namespace warpsat::cli
