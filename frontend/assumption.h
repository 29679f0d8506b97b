// Assumptions about a launch, as written after --assume:
//   ntid.x % 32 == 0      nctaid.y == 1      n >= 64 && n <= 4096
// Names are ntid.{x,y,z}, nctaid.{x,y,z} and the kernel's scalar parameters
// (by name, or paramN for the N-th);
// operators are C's (+ - * / % == != < <= > >= && || !), on 64-bit signed
// integers. Parsed here; turned into Z3 terms by encodings/.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat {

struct AssumptionExpr {
  enum class Kind { Number, Name, Not, Neg, Binary };
  Kind kind = Kind::Number;
  int64_t value = 0;
  std::string name;  // "ntid.x", or a parameter's name
  std::string op;    // for Binary: "+", "==", "&&", ...
  std::vector<std::unique_ptr<AssumptionExpr>> args;
};

struct Assumption {
  std::string text;  // as written
  std::unique_ptr<AssumptionExpr> expr;

  Assumption() = default;
  Assumption(std::string t, std::unique_ptr<AssumptionExpr> e) : text(std::move(t)), expr(std::move(e)) {}
  // Copies the whole tree: options that hold assumptions (a launch's) copy
  // as values, so that a per-kernel copy cannot leave a field behind.
  Assumption(const Assumption& other);
  Assumption& operator=(const Assumption& other);
  Assumption(Assumption&&) = default;
  Assumption& operator=(Assumption&&) = default;
};

// Throws InputError naming the column of the problem in `text`.
Assumption parse_assumption(const std::string& text);

// Evaluates with the given name values (missing names throw
// std::out_of_range); division by zero evaluates to 0.
int64_t evaluate(const AssumptionExpr& e, const std::vector<std::pair<std::string, int64_t>>& values);

// A parameter's value as an assumption sees it: its first `size` bytes
// (little-endian, at most 8) zero-extended to 64 bits where the C++ type
// is unsigned (frontend/kernel_params.h's unsigned_scalar_params), else
// sign-extended: the rule encodings/parameter_terms applies to the Z3 term
// of the parameter. (A 64-bit unsigned value of 2^63 or more still reads
// as negative: assumptions are 64-bit signed arithmetic.)
int64_t parameter_value(const uint8_t* bytes, size_t size, bool is_unsigned);

// Renames every use of `from` to `to`.
void rename(AssumptionExpr& e, const std::string& from, const std::string& to);

// The names an assumption mentions, in order of first use.
std::vector<std::string> names_in(const AssumptionExpr& e);

// The names the kernel's CUDA source gives its parameters (one per PTX
// parameter, empty where unnamed), and where it declares them ("k.cu:12"):
// frontend/kernel_source.h's source_parameters, when the source is readable.
struct SourceParameterNames {
  std::vector<std::string> names;
  std::string where;
};

// Parses `texts` as assumptions about launches of kernel `k`: a parameter is
// named by its PTX name, by `paramN` for the N-th (nvcc's names are long),
// or by its name in the CUDA source where `source` gives it; each becomes
// the PTX name, so that every form is the same term. A name that is neither
// a launch dimension nor a parameter, or that names two different
// parameters (a source name that is another parameter's PTX name or
// paramN), is an InputError at its column in the assumption ("--assume:1:
// col"), listing the names that exist; never a free value.
std::vector<Assumption> assumptions_for_kernel(const std::vector<std::string>& texts, const ptx::Function& k,
                                               const SourceParameterNames* source = nullptr);

}  // namespace warpsat
