// What makes two kernels the same for an analysis: the kernel's PTX in a
// normal form, the part of a cache key (verdict_cache.h) that says which
// kernel it is. Left out, because no answer depends on them: comments,
// whitespace, `.loc` and `.file` lines and debug sections, register
// declarations and register names (registers are numbered by first use,
// each with its type), label names (numbered in order), scopes, and
// everything of the module the kernel does not use. Kept: the module's
// version, targets and address size, the kernel's name, parameters and
// directives, every instruction with its modifiers and operands, its
// variables, and, for what it uses, the module's variables (with their
// initialisers; every `.shared` one, since they share one window) and the
// functions it can call, each in the same normal form.
#pragma once

#include <string>

#include "frontend/ptx/ir.h"

namespace warpsat {

std::string kernel_normal_form(const ptx::Module& m, const ptx::Function& kernel);

}  // namespace warpsat
