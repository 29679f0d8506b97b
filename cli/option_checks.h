// Checks every subcommand shares, applied in main.cpp over CLI11's registered
// options rather than in each cmd_*.cpp: output paths that cannot be written,
// negative values for unsigned options, and "did you mean" for typos.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace warpsat::cli {

// Unsigned options reject negative input: CLI11 (and strtoull) read "-1" as
// 2^64-1, which turned `--max-steps -1` into "no limit".
void reject_negative_unsigned(CLI::App& app);

// Every output option the parsed subcommand was given (--dump-smt2, --dot and
// --output-dir name folders, created here; --svg, --trace and -o/--output name files) is
// checked before any work: an existing file where a folder is wanted, a
// folder where a file is wanted, or a place that cannot be written is an
// input error (exit 2) naming the path, not a filesystem error after minutes
// of solving. Throws InputError.
void check_output_paths(const CLI::App& sub);

// A --block or --grid option: 1 to 3 sizes written `16x16` or `16,16`
// (frontend/shape.h), into `out`.
CLI::Option* add_shape_option(CLI::App* sub, const std::string& name, std::vector<uint32_t>& out,
                              const std::string& help);

// "did you mean 'profile'?" for a mistyped subcommand or option, or empty.
std::string suggestion(const CLI::App& app, int argc, char** argv);

}  // namespace warpsat::cli
