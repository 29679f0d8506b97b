// warpsat's command line: parses options, calls the library, maps outcomes to
// exit codes. Every subcommand lives in its own cmd_*.cpp.
//
// Exit codes: 0 answered (and cross-validated); 1 a check found
// inconsistencies; 2 bad input; 3 the solver and concrete execution disagree
// (a warpsat bug; the query is written out); 4 no answer (timeout/unknown).
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/build_id.h"
#include "cli/commands.h"
#include "cli/deadline.h"
#include "cli/option_checks.h"
#include "frontend/diagnostics.h"
#include "solver/cross_validation.h"
#include "solver/smt_query.h"

int main(int argc, char** argv) {
  using namespace warpsat::cli;
  CLI::App app{"warpsat: GPU performance questions answered with Z3, every answer re-derived by concrete execution"};
  app.set_version_flag("--version", std::string("warpsat ") + build_id());
  app.require_subcommand(1);
  app.fallthrough(false);

  std::vector<Command> commands;
  add_simulate_command(app, commands);
  add_tile_command(app, commands);
  add_prove_model_command(app, commands);
  add_inspect_command(app, commands);
  add_print_command(app, commands);
  add_run_command(app, commands);
  add_advise_command(app, commands);
  add_profile_command(app, commands);
  add_branches_command(app, commands);
  add_report_command(app, commands);
  add_check_trace_command(app, commands);
  add_check_pipeline_command(app, commands);
  add_calibrate_command(app, commands);
  add_validate_model_command(app, commands);
  add_compare_profile_command(app, commands);
  add_launch_template_command(app, commands);
  add_merge_command(app, commands);
  add_cache_command(app, commands);
  double deadline_seconds = 0;
  for (Command& c : commands)
    c.app->add_option("--deadline", deadline_seconds,
                      "wall-clock limit in seconds for the whole command: past it, exit 4 with no answer (0: none)")
        ->check(CLI::NonNegativeNumber);
  reject_negative_unsigned(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // A mistyped subcommand is the error itself, not "a subcommand is required".
    std::string hint = suggestion(app, argc, argv);
    if (hint.find("is not a subcommand") != std::string::npos) {
      std::cerr << "warpsat: error: " << hint << "\n";
    } else {
      std::cerr << "warpsat: error: " << e.what() << "\n";
      if (!hint.empty()) std::cerr << "warpsat: " << hint << "\n";
    }
    std::cerr << "run 'warpsat --help' or 'warpsat SUBCOMMAND --help' for usage\n";
    return kExitBadInput;
  }

  try {
    for (const Command& c : commands)
      if (c.app->parsed()) {
        check_output_paths(*c.app);
        Deadline deadline(deadline_seconds);
        return c.run();
      }
    return kExitBadInput;
  } catch (const warpsat::InputError& e) {
    std::cerr << e.render() << "\n";
    return kExitBadInput;
  } catch (const warpsat::NoAnswerError& e) {
    std::cerr << "warpsat: error: " << e.what() << "\n";
    return kExitNoAnswer;
  } catch (const warpsat::CrossValidationError& e) {
    std::cerr << "warpsat: error: " << e.what() << "\n";
    return kExitDisagreement;
  } catch (const std::bad_alloc&) {
    std::cerr << "warpsat: error: out of memory\n";
    return kExitInternal;
  } catch (const std::exception& e) {
    std::cerr << "warpsat: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}
