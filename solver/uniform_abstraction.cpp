#include "solver/uniform_abstraction.h"

#include <cctype>
#include <vector>

#include "encodings/term_fingerprint.h"

namespace warpsat {

namespace {

// ".t<digits>" ending the name or followed by a dot: a per-thread value's
// thread index (encodings/branch_executor*.cpp name them so).
bool has_thread_suffix(std::string_view name) {
  for (size_t at = name.find(".t"); at != std::string_view::npos; at = name.find(".t", at + 1)) {
    size_t end = at + 2;
    while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
    if (end > at + 2 && (end == name.size() || name[end] == '.')) return true;
  }
  return false;
}

bool abstractable_sort(const z3::sort& s) { return s.is_bv() || s.is_bool(); }

}  // namespace

bool lane_varying_symbol(std::string_view name) {
  return name.starts_with("tid") || name.find("fn.") != std::string_view::npos ||
         name.find("lane") != std::string_view::npos || has_thread_suffix(name);
}

z3::expr UniformAbstraction::replacement(Node& n) {
  if (!n.shared || !n.compound || !abstractable_sort(n.term.get_sort())) return n.result;
  if (n.result.id() == n.term.id()) {
    n.result = z3::expr(c_, Z3_mk_fresh_const(c_, "shared", n.term.get_sort()));
    ++unknowns_;
  }
  return n.result;
}

z3::expr UniformAbstraction::abstract(const z3::expr& e) {
  auto done = [&](const z3::expr& x) { return memo_.count(x.id()) > 0; };
  smt::post_order(e, done, [&](const z3::expr& x) {
    Node n{x, x};
    if (!x.is_app()) {
      n.shared = false;  // a bound variable or quantifier: left as it is
    } else if (x.num_args() == 0) {
      n.shared = x.is_numeral() || !lane_varying_symbol(x.decl().name().str());
    } else {
      n.compound = true;
      n.shared = true;
      bool changed = false;
      z3::expr_vector args(c_);
      for (unsigned k = 0; k < x.num_args(); ++k) n.shared = n.shared && memo_.at(x.arg(k).id()).shared;
      if (!n.shared)
        for (unsigned k = 0; k < x.num_args(); ++k) {
          z3::expr a = replacement(memo_.at(x.arg(k).id()));
          changed = changed || a.id() != x.arg(k).id();
          args.push_back(a);
        }
      if (changed) n.result = x.decl()(args);
    }
    memo_.emplace(x.id(), std::move(n));
    return true;
  });
  return replacement(memo_.at(e.id()));
}

}  // namespace warpsat
