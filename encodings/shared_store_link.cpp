#include "encodings/shared_store_link.h"

#include <algorithm>

#include <fmt/format.h>

#include "encodings/smt_helpers.h"

namespace warpsat {

bool closed_over_ids(const SharedWriter& w, const std::string& prefix) {
  bool closed = true;
  smt::for_each_app({w.reach, w.address, w.value}, [&](const z3::expr& x) {
    z3::func_decl d = x.decl();
    if (d.decl_kind() != Z3_OP_UNINTERPRETED || d.name().str().rfind(prefix, 0) != 0) return true;
    closed = std::any_of(w.tid.begin(), w.tid.end(), [&](const z3::expr& id) { return z3::eq(x, id); });
    return closed;
  });
  return closed;
}

bool mentions_ids(const SharedWriter& w) {
  bool named = false;
  smt::for_each_app({w.value, w.address}, [&](const z3::expr& x) {
    named = named || std::any_of(w.tid.begin(), w.tid.end(), [&](const z3::expr& id) { return z3::eq(x, id); });
    return !named;
  });
  return named;
}

std::vector<z3::expr> variables_in(const z3::expr& address) {
  std::vector<z3::expr> out;
  smt::for_each_app({address}, [&](const z3::expr& x) {
    if (x.num_args() == 0 && x.decl().decl_kind() == Z3_OP_UNINTERPRETED &&
        x.decl().name().str().rfind("address.", 0) == 0)
      out.push_back(x);
    return true;
  });
  return out;
}

namespace {

// The ids (32 bits each) of the thread with linear id `linear` (x fastest)
// when the block has one: fresh constants so constrained, which costs Z3
// two multiplications where dividing would cost three dividers. (Any ids
// name some thread or none; the constraint picks the useful one.)
std::vector<z3::expr> delinearize(const z3::expr& linear, const std::vector<z3::expr>& ntid, const std::string& name,
                                  z3::expr_vector& base) {
  z3::context& c = linear.ctx();
  std::vector<z3::expr> id;
  for (int d = 0; d < 3; ++d) id.push_back(c.bv_const(fmt::format("{}.{}", name, "xyz"[d]).c_str(), 32));
  z3::expr threads = ntid[0] * ntid[1] * ntid[2];
  base.push_back(z3::implies(z3::ult(linear, threads), z3::ult(id[0], ntid[0]) && z3::ult(id[1], ntid[1]) &&
                                                           z3::ult(id[2], ntid[2]) &&
                                                           id[0] + ntid[0] * (id[1] + ntid[1] * id[2]) == linear));
  return id;
}

// Whether thread `id` (32-bit ids) of the block stores at `at`, and what.
std::pair<z3::expr, z3::expr> stores_at(const SharedWriter& w, const std::vector<z3::expr>& id, const z3::expr& at,
                                        const std::vector<z3::expr>& ntid) {
  z3::context& c = at.ctx();
  z3::expr_vector from(c), to(c);
  z3::expr in = c.bool_val(true);
  for (size_t d = 0; d < w.tid.size(); ++d) {
    from.push_back(w.tid[d]);
    to.push_back(id[d].extract(w.tid[d].get_sort().bv_size() - 1, 0));
    in = in && z3::ult(id[d], ntid[d]);
  }
  z3::expr r = w.reach, a = w.address, v = w.value;  // substitute() is not const
  return {in && r.substitute(from, to) && a.substitute(from, to) == at, v.substitute(from, to)};
}

}  // namespace

z3::expr linked_shared_value(const std::vector<const SharedWriter*>& writers, const z3::expr& address,
                             const z3::expr& before, const std::vector<z3::expr>& ntid,
                             const std::vector<std::vector<z3::expr>>& tracked, const std::string& name,
                             z3::expr_vector& base) {
  z3::context& c = address.ctx();
  std::vector<z3::expr> read_vars = variables_in(address);
  std::vector<const SharedWriter*> live;
  for (const SharedWriter* w : writers) {
    // A store to another variable than the load's cannot write its word
    // (the encoding keeps sized .shared variables apart).
    std::vector<z3::expr> vars = variables_in(w->address);
    if (read_vars.size() == 1 && vars.size() == 1 && !z3::eq(read_vars[0], vars[0])) continue;
    live.push_back(w);
  }
  if (live.empty()) return before;
  // The threads that may have stored the word: the tracked ones, and those
  // whose linear id (or 32 times it: a warp's word, written by its lane 0)
  // is the word's index in the variable the store writes.
  std::vector<std::vector<z3::expr>> candidates = tracked;
  for (const SharedWriter* w : live) {
    unsigned bytes = w->value.get_sort().bv_size() / 8;
    unsigned shift = bytes >= 8 ? 3 : bytes == 4 ? 2 : bytes == 2 ? 1 : 0;
    for (const z3::expr& var : variables_in(w->address)) {
      z3::expr word = z3::lshr(address - var, c.bv_val(shift, 64)).extract(31, 0);
      std::string stem = fmt::format("{}.candidate{}", name, candidates.size());
      candidates.push_back(delinearize(word, ntid, stem, base));
      candidates.push_back(delinearize(z3::shl(word, c.bv_val(5, 32)), ntid, stem + "w", base));
    }
  }
  // A store runs at most once per thread before the barrier and race
  // freedom leaves one thread storing a word: a candidate that stores it is
  // the one, and the word holds its value. No candidate: what the memory
  // held, or what another thread stored (`before` stands for both). Two
  // stores of the one thread: either order, any value.
  z3::expr value = before;
  std::vector<z3::expr> by_store;
  for (size_t k = live.size(); k-- > 0;) {
    z3::expr any_candidate = c.bool_val(false);
    for (size_t i = candidates.size(); i-- > 0;) {
      auto [stores, v] = stores_at(*live[k], candidates[i], address, ntid);
      value = z3::ite(stores, v, value);
      any_candidate = any_candidate || stores;
    }
    by_store.push_back(any_candidate);
  }
  if (by_store.size() < 2) return value;
  z3::expr twice = c.bool_val(false);
  for (size_t i = 0; i < by_store.size(); ++i)
    for (size_t j = i + 1; j < by_store.size(); ++j) twice = twice || (by_store[i] && by_store[j]);
  z3::func_decl any = c.function(fmt::format("{}.stored_twice", name).c_str(), c.bv_sort(64), before.get_sort());
  return z3::ite(twice, any(address), value);
}

}  // namespace warpsat
