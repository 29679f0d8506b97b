// Each kernel of a module analysed in a child process of its own (fork),
// up to N at once (`branches -j N`). Freeing a Z3 context that bit-blasted
// a large query takes seconds (3 s for one branch of CUB's histogram
// sweep), while a process that ends gives all of its memory back at once;
// the memory a module needs is bounded by its largest kernel; and a crash
// in one kernel's analysis is reported as that kernel's, not the
// command's. The child sends back text (solver/branch_wire.h): its
// result, or the error it threw.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace warpsat::cli {

// Calls job(i) for i in [0, n), each in a child process, at most `jobs` at
// a time, and returns what each returned, in index order; done(i) is
// called in this process as each one ends. A job's exception is rethrown
// here, as the same type (branch_wire), after every job has ended: the
// first in index order, as a sequential loop would report it. A child
// that dies without answering (a signal, the out-of-memory killer) is an
// internal error naming `what(i)`. `order` (a permutation of [0, n);
// empty: index order) is the order the jobs start in.
std::vector<std::string> run_in_child_processes(size_t n, unsigned jobs, const std::function<std::string(size_t)>& job,
                                                const std::function<void(size_t)>& done,
                                                const std::function<std::string(size_t)>& what,
                                                const std::vector<size_t>& order = {});

}  // namespace warpsat::cli
