// Reads what LLVM's own divergence analysis says about the conditional
// branches of a module, so warpsat's verdicts can be compared with it
// (bench/llvm_divergence, docs/benchmarks.md).
//
// Two inputs, both text:
//  - the printout of LLVM 14's `opt -passes='print<divergence>' -disable-output
//    FILE.ll`: per function a header `'Divergence Analysis' for function
//    'NAME':`, then every argument and instruction on its own line, with
//    `DIVERGENT:` in front of the ones LLVM calls divergent;
//  - FILE.ll itself, for the `!dbg` metadata: the DILocation behind a
//    branch's `!dbg !26`, its inlinedAt chain and its scope's DIFile are in
//    the module only.
//
// The printout prints each function on its own and numbers its metadata anew
// for each, so its numbers agree with the module's for the first
// function only (LLVM 14; seen on recursion_fib.ll). Branches are therefore
// matched by position: the k-th conditional branch of function F in the
// printout is the k-th in F's definition in the module, and the two must
// have the same text up to metadata numbers, or reading throws (the files do
// not belong together). The location is taken from the module's copy.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace warpsat::llvm_ir {

// One conditional terminator: `br i1 ...` or `switch ...`.
struct ConditionalBranch {
  std::string function;        // the enclosing function's name, without '@'
  std::string text;            // the instruction as printed, first line only
  uint32_t printout_line = 0;  // where it is in the printout (1-based)
  bool divergent = false;      // LLVM printed DIVERGENT: in front of it
  // The source position of the branch after following inlinedAt to the
  // outermost call site: the line of the function the branch ended up in.
  // 0 and empty when the branch has no !dbg or its location is line 0.
  uint32_t line = 0;
  std::string file;  // the DIFile's filename, as the module spells it
};

// Throws InputError (naming the file and line) when either text is not what
// it should be, or when they do not belong together (see above).
std::vector<ConditionalBranch> read_divergence(std::string_view printout, const std::string& printout_path,
                                               std::string_view module, const std::string& module_path);

// Per source line of the file whose name ends in `file_suffix`: true when
// LLVM calls at least one conditional branch of that line divergent, false
// when it calls all of them uniform. Lines with no conditional branch are
// absent (the compiler may have turned the decision into a select).
std::map<uint32_t, bool> divergent_by_line(const std::vector<ConditionalBranch>& branches,
                                           std::string_view file_suffix);

}  // namespace warpsat::llvm_ir
