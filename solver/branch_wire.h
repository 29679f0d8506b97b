// A kernel's branch verdicts, and the error that ended its analysis, as
// text and back: the wire between the child process that analyses one
// kernel and the `branches` command that collects them (cli/
// kernel_processes.h). Everything a verdict carries survives the round
// trip (tests/unit/test_branch_wire.cpp), so the output of a kernel
// analysed in a child is the output of one analysed in place.
#pragma once

#include <string>

#include "frontend/time_stats.h"
#include "solver/branch_analysis.h"

namespace warpsat {

std::string to_wire(const KernelBranches& k);
// Throws std::runtime_error on text to_wire did not write.
KernelBranches kernel_from_wire(const std::string& text);

// The rows a TimeStats holds, and back into another one (merged).
std::string to_wire(const TimeStats& stats);
void merge_from_wire(const std::string& text, TimeStats& into);

// The exception in flight (InputError, CrossValidationError,
// NoAnswerError, std::bad_alloc, any other std::exception) as text, and
// rethrown from it as the same type with the same contents.
std::string current_exception_to_wire();
[[noreturn]] void rethrow_from_wire(const std::string& text);

}  // namespace warpsat
