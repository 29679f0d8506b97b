// The CUDA source behind a PTX module's `.loc` lines, and how a conditional
// branch relates to the `if`/`while`/`for` condition written there.
//
// nvcc usually compiles `if (c) { body }` to `@!c bra skip`: the branch is
// taken when the source condition is false. Reports that say "taken" then
// read backwards to a CUDA programmer, so branch reports also speak of the
// source condition where its polarity can be established (docs/branches.md,
// "The source condition"), and stay in PTX terms where it cannot.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat {

struct SourceText {
  std::string name;      // as the .file directive spells it
  std::string resolved;  // where it was read from; empty when unreadable
  std::string why_not;   // why it could not be read
  std::vector<std::string> lines;
  std::vector<std::string> code;  // the lines with comments and literals blanked (same columns)
  bool readable() const { return !resolved.empty(); }
};

// The source files of a module's .file directives, read on first use. A
// relative path is looked for as given (relative to the working folder),
// then under each search folder, then beside the PTX file and its parents.
class SourceFiles {
 public:
  SourceFiles(const ptx::Module& m, std::vector<std::string> search_dirs);
  // Null when the module has no such .file index.
  const SourceText* get(uint32_t file_index) const;

 private:
  const ptx::Module& m_;
  std::vector<std::string> search_dirs_;
  mutable std::map<uint32_t, SourceText> cache_;
};

struct SourceCondition {
  std::string keyword;  // "if", "while" or "for"
  std::string text;     // the condition as written, whitespace collapsed
  uint32_t file = 0, line = 0;
  bool holds_when_taken = false;  // false: the PTX branch is the condition's negation
};

// The source condition of the conditional branch `instruction` of `f` and
// its polarity, or nothing when they cannot be told apart (no .loc, the
// source unreadable, no single if/while/for on the line, or successors that
// do not separate the statement's body from what follows it).
std::optional<SourceCondition> source_condition(const ptx::Function& f, uint32_t instruction,
                                                const SourceFiles& sources);

}  // namespace warpsat
