// `warpsat prove-model`: the Z3 proof that the closed form the default tiling
// encoding uses is seed 001's recurrence (solver/closed_form_proof.h).
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "solver/closed_form_proof.h"

namespace warpsat::cli {

namespace {
struct ProveOptions {
  std::string dump_dir;
  unsigned timeout_ms = 60000;
  unsigned seed = 0;
};

int run_prove(const ProveOptions& o) {
  ClosedFormProof proof = prove_closed_form({o.timeout_ms, o.seed, o.dump_dir});
  for (const ProofObligation& ob : proof.obligations) {
    const char* verdict = ob.outcome.status == SmtStatus::Unsat ? "proven"
                          : ob.outcome.status == SmtStatus::Sat ? "REFUTED"
                                                                : "no answer";
    fmt::print("{:<28} {:<10} {:>8.1f} ms  {}\n", ob.name, verdict, ob.outcome.milliseconds, ob.claim);
    if (!ob.counterexample.empty()) fmt::print("counterexample:\n{}\n", ob.counterexample);
    if (!ob.outcome.reason.empty()) fmt::print("  reason: {}\n", ob.outcome.reason);
    if (!ob.dumped.empty()) fmt::print("  wrote {}\n", ob.dumped);
  }
  for (const ProofObligation& ob : proof.obligations)
    if (ob.outcome.status == SmtStatus::Sat) return kExitDisagreement;
  return proof.proven() ? kExitOk : kExitNoAnswer;
}
}  // namespace

void add_prove_model_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<ProveOptions>();
  CLI::App* sub = app.add_subcommand(
      "prove-model", "prove with Z3 that the tiling encoding's closed form equals seed 001's recurrences");
  sub->add_option("--dump-smt2", o->dump_dir, "write each proof obligation to DIR as a named .smt2 file");
  sub->add_option("--timeout-ms", o->timeout_ms, "per-obligation solver timeout")->capture_default_str();
  sub->add_option("--seed", o->seed, "solver random seed")->capture_default_str();
  commands.push_back({sub, [o] { return run_prove(*o); }});
}

}  // namespace warpsat::cli
