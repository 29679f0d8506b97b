// What a shared load after a barrier reads when the stores of the interval
// before that barrier can be named (docs/branches.md, "Values stored
// before a barrier"). Each store is encoded once for a symbolic thread of
// the reader's block (its ids the writer's own constants). The load at
// address a then reads the value of the first candidate thread that
// stores at a, or `before(a)` when none does: in a kernel free of data
// races at most one thread stores a word between two barriers, and each
// store here runs at most once per thread, so a candidate that stores a is
// the one whose value a holds. `before` (one function of the address per
// dynamic occurrence, as without the link) stands for the memory's older
// value and for a store by a thread that is no candidate alike.
//
// The candidates are the tracked threads and the threads whose linear id,
// or 32 times it (a warp's word, written by its lane 0), is the word's index
// in a variable the store writes. The exact statement, "if any thread
// stores at a, a holds its value", quantifies over the writer's ids: Z3's
// model-based instantiation decided none of the example kernel's queries
// within a minute, where the candidates decide them in seconds.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

namespace warpsat {

// The writer runs in the reader's CTA: its terms hold the reader's CTA ids.
struct SharedWriter {
  std::vector<z3::expr> tid;    // the writer's thread-id constants, narrow (candidates replace them)
  z3::expr reach, address, value;  // reach: runs the store (guard included); address: 64 bits
};

// Whether the writer's terms name no symbol made up for the writer's
// encoding (`prefix`) but its thread ids: a per-thread unknown (a load of
// written memory, an abstracted loop value) would be one value for every
// candidate writer, which no run guarantees.
bool closed_over_ids(const SharedWriter& w, const std::string& prefix);

// Whether the writer's value or address names its thread ids: false for a
// store of one value, at one address, in every thread of the block.
bool mentions_ids(const SharedWriter& w);

// The `address.<variable>` constants a term names.
std::vector<z3::expr> variables_in(const z3::expr& address);

// The value read at `address` (before: what the memory held before the
// interval), with the candidates' constraints pushed onto `base`. Several
// stores: the one that stored there, or any value where two did (the same
// thread, in an order the link does not track; two threads would race).
// `ntid`: the block's 32-bit sizes; `tracked`: the encoding's threads'
// 32-bit ids, candidate writers;
// `name`: a stem unique to the load's dynamic occurrence and thread.
z3::expr linked_shared_value(const std::vector<const SharedWriter*>& writers, const z3::expr& address,
                             const z3::expr& before, const std::vector<z3::expr>& ntid,
                             const std::vector<std::vector<z3::expr>>& tracked,
                             const std::string& name, z3::expr_vector& base);

}  // namespace warpsat
