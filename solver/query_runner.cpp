#include "solver/query_runner.h"

#include <fmt/format.h>

#include "encodings/query_timer.h"
#include "encodings/smt_helpers.h"
#include "encodings/lazy_arithmetic.h"

namespace warpsat {

namespace {

// A value of a model as text: a Boolean, or a bit-vector's numeral in
// decimal; nullopt for anything else (the model is then not kept).
std::optional<std::string> value_text(const z3::expr& v) {
  if (v.is_true()) return "T";
  if (v.is_false()) return "F";
  if (v.is_bv() && v.is_numeral()) return std::string(Z3_get_numeral_string(v.ctx(), v));
  return std::nullopt;
}

std::optional<z3::expr> value_of_text(z3::context& c, const std::string& text, const z3::sort& s) {
  if (s.is_bool() && (text == "T" || text == "F")) return c.bool_val(text == "T");
  if (s.is_bv() && !text.empty() && text.find_first_not_of("0123456789") == std::string::npos)
    return c.bv_val(text.c_str(), s.bv_size());
  return std::nullopt;
}

// The model's values of the query's symbols, by symbol number: a line
// `k N VALUE` per constant, `f N ELSE` and `e N ARGS... VALUE` per
// function. nullopt where a value is no numeral (the answer is then kept
// without its model).
std::optional<std::string> model_text(const z3::model& m, const std::vector<z3::func_decl>& symbols) {
  std::string out;
  for (size_t n = 0; n < symbols.size(); ++n) {
    const z3::func_decl& d = symbols[n];
    if (d.arity() == 0) {
      std::optional<std::string> v = value_text(m.eval(d(), true));
      if (!v) return std::nullopt;
      out += fmt::format("k {} {}\n", n, *v);
      continue;
    }
    if (!m.has_interp(d)) continue;
    z3::func_interp fi = m.get_func_interp(d);
    std::optional<std::string> otherwise = value_text(fi.else_value());
    if (!otherwise) return std::nullopt;
    out += fmt::format("f {} {}\n", n, *otherwise);
    for (unsigned i = 0; i < fi.num_entries(); ++i) {
      z3::func_entry e = fi.entry(i);
      std::string line = fmt::format("e {}", n);
      for (unsigned a = 0; a < e.num_args(); ++a) {
        std::optional<std::string> v = value_text(e.arg(a));
        if (!v) return std::nullopt;
        line += " " + *v;
      }
      std::optional<std::string> v = value_text(e.value());
      if (!v) return std::nullopt;
      out += line + " " + *v + "\n";
    }
  }
  return out;
}

// model_text back, on this query's symbols; nullopt where it does not fit them.
std::optional<z3::model> model_of_text(z3::context& c, const std::string& text, const std::vector<z3::func_decl>& symbols) {
  z3::model m(c);
  std::optional<z3::func_interp> fi;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) return std::nullopt;
    std::vector<std::string> words;
    for (size_t p = at; p < end;) {
      size_t q = text.find(' ', p);
      if (q == std::string::npos || q > end) q = end;
      words.push_back(text.substr(p, q - p));
      p = q + 1;
    }
    at = end + 1;
    if (words.size() < 3 || words[1].empty() || words[1].find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    size_t n = std::stoul(words[1]);
    if (n >= symbols.size()) return std::nullopt;
    z3::func_decl d = symbols[n];
    if (words[0] == "k" && d.arity() == 0 && words.size() == 3) {
      std::optional<z3::expr> v = value_of_text(c, words[2], d.range());
      if (!v) return std::nullopt;
      m.add_const_interp(d, *v);
    } else if (words[0] == "f" && d.arity() > 0 && words.size() == 3) {
      std::optional<z3::expr> v = value_of_text(c, words[2], d.range());
      if (!v) return std::nullopt;
      fi.emplace(m.add_func_interp(d, *v));
    } else if (words[0] == "e" && fi && words.size() == d.arity() + 3) {
      z3::expr_vector args(c);
      for (unsigned a = 0; a < d.arity(); ++a) {
        std::optional<z3::expr> v = value_of_text(c, words[2 + a], d.domain(a));
        if (!v) return std::nullopt;
        args.push_back(*v);
      }
      std::optional<z3::expr> v = value_of_text(c, words.back(), d.range());
      if (!v) return std::nullopt;
      fi->add_entry(args, *v);
    } else {
      return std::nullopt;
    }
  }
  return m;
}

}  // namespace

SmtStatus QueryRunner::check(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                             std::optional<z3::model>* model, unsigned quick_rlimit) {
  return ask(base, extra, name, model, session_, false, quick_rlimit);
}

SmtStatus QueryRunner::check_quick(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                                   std::optional<z3::model>* model, unsigned quick_rlimit) {
  return ask(base, extra, name, model, session_, true, quick_rlimit);
}

SmtStatus QueryRunner::check_alone(const z3::expr& query, const std::string& name, std::optional<z3::model>* model,
                                   bool quick_only, unsigned quick_rlimit) {
  return ask(z3::expr_vector(c_), query, name, model, nullptr, quick_only, quick_rlimit);
}

SmtStatus QueryRunner::ask(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                           std::optional<z3::model>* model, QuerySession* session, bool quick_only,
                           unsigned quick_rlimit) {
  auto start = std::chrono::steady_clock::now();
  // An answer an earlier run kept for this very query (up to names):
  // unsat as it is; sat with its model only where the model, rebuilt on
  // this query's symbols, satisfies the query.
  std::optional<smt::CanonicalQuery> canonical;
  if (o_.answers && o_.solver.dump_dir.empty()) {
    if (!fingerprints_ && !session_) fingerprints_ = std::make_unique<smt::QueryFingerprinter>();
    smt::QueryFingerprinter& f = session_ ? session_->fingerprints() : *fingerprints_;
    canonical = f.of(base, extra);
    if (canonical)
      if (std::optional<std::string> kept = o_.answers->find(canonical->key.text())) {
        std::optional<SmtStatus> st;
        if (*kept == "unsat") st = SmtStatus::Unsat;
        else if (*kept == "sat" && !model) st = SmtStatus::Sat;
        else if (kept->starts_with("sat\n")) {
          if (!model) st = SmtStatus::Sat;
          else if (std::optional<z3::model> m = model_of_text(c_, kept->substr(4), canonical->symbols);
                   m && m->eval(z3::mk_and(base) && extra, true).is_true()) {
            *model = std::move(*m);
            st = SmtStatus::Sat;
          }
        }
        if (st) {
          double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
          ++r_.queries;
          if (TimeStats* stats = o_.encoding.stats) stats->record(name, std::string(to_string(*st)) + " (kept answer)", ms);
          last_ms_ = ms;
          return *st;
        }
      }
  }
  if (no_answer_ && no_answer_->spent()) {
    quick_only = true;
    quick_rlimit = std::min(quick_rlimit, kQuickRlimit / 3);
  }
  unsigned limit = timeout_ms_;
  if (deadline_) {
    // A pass with a budget of its own (exact floats): no query runs past it.
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - start).count();
    unsigned cap = static_cast<unsigned>(std::max<long long>(1, left));
    limit = limit ? std::min(limit, cap) : cap;
  }
  auto elapsed = [&] { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(); };
  unsigned quick = limit ? std::min(limit, kQuickTimeoutMs) : kQuickTimeoutMs;
  // Divisions by a non-constant are uninterpreted functions until a model
  // needs them exact (lazy_arithmetic.h).
  LazyArithmetic lazy(c_);
  z3::expr asked = o_.lazy_divisions ? lazy.abstract(extra) : extra;
  if (lazy.any()) asked = asked && z3::mk_and(lazy.axioms());
  z3::expr_vector lemmas(c_), fresh(c_);  // every lemma so far; those the last model needed
  size_t rounds = 0;
  // Whether a sat answer's model holds in the exact formula; if not, the
  // lemmas it needs are added and the query is asked again.
  // On a session that abstracts its base, the base's arithmetic too.
  auto exact_model = [&](const z3::model& m) {
    bool base_exact = !session || session->exact_base(m, base, rounds >= kPointLemmaRounds);
    if (base_exact && (!lazy.any() || m.eval(extra, true).is_true())) return true;
    fresh = lazy.refine(m, rounds >= kPointLemmaRounds);
    ++rounds;
    for (const z3::expr& l : fresh) lemmas.push_back(l);
    return false;
  };
  auto with_lemmas = [&] { return lemmas.empty() ? asked : asked && z3::mk_and(lemmas); };
  // Right after the first model that got a division wrong: every divisor
  // one, which the axioms make exact. Most splits through a quotient
  // (a histogram's bin) need no particular divisor, and this finds one
  // at once where lemmas move the model from one wrong value to the next.
  z3::expr_vector ones(c_);
  for (const z3::expr& d : lazy.unit_operands()) ones.push_back(d == c_.bv_val(1, d.get_sort().bv_size()));
  bool ones_tried = !lazy.any();
  auto try_ones = [&] {
    bool now = rounds == 1 && !ones_tried;
    ones_tried = ones_tried || now;
    return now;
  };
  std::optional<z3::solver> s;
  std::optional<z3::model> found;
  std::string reason;
  // Floats: the SMT core's lazy bit-blasting is several times slower
  // than the default solver's eager one, so it gets no first try.
  z3::check_result cr = z3::unknown;
  bool gave_up = true;
  if (!floats_) {
    // Bounded by Z3's resource count, not the clock, so that which
    // queries get past it (and the models they give) do not depend on
    // the machine's load: -j N writes what -j 1 writes. On the
    // encoding's session when there is one: its terms are already there.
    for (bool again = true; again;) {
      again = false;
      bool ones_now = try_ones();
      z3::expr q = ones_now ? with_lemmas() && z3::mk_and(ones) : with_lemmas();
      if (session) {
        cr = session->check(base, q, kQuickTimeoutScale * quick, quick_rlimit);
        reason = session->reason_unknown();
        if (cr == z3::sat) found = session->model();
      } else {
        cr = run(s, z3::solver(c_, z3::solver::simple()), kQuickTimeoutScale * quick, base, q, quick_rlimit);
        reason = cr == z3::unknown ? s->reason_unknown() : "";
        if (cr == z3::sat) found = s->get_model();
      }
      if (cr == z3::sat && !exact_model(*found)) {
        found.reset();
        cr = z3::unknown;
        reason = "resource limits: the model of the abstracted divisions was not exact";
        again = rounds < kQuickRefinementRounds;
      } else if (ones_now && cr != z3::sat) {
        again = true;  // no split with every divisor one: say nothing, ask without
      }
    }
    gave_up = cr == z3::unknown && (is_time_limit_reason(reason) || reason.find("resource") != std::string::npos);
  }
  double spent = elapsed();
  bool fell_back = gave_up && !(quick_only && !floats_) && (!limit || spent < limit);
  if (fell_back) {
    auto left = [&] { return limit ? std::max(1u, limit - static_cast<unsigned>(std::min<double>(limit, elapsed()))) : 0u; };
    cr = run(s, z3::solver(c_), left(), base, with_lemmas());
    // Refined on the same solver: after its first check Z3's default
    // solver goes on incrementally instead of bit-blasting anew.
    while (cr == z3::sat && !exact_model(s->get_model()) && rounds < kMaxRefinementRounds &&
           (!limit || elapsed() < limit)) {
      for (const z3::expr& l : fresh) s->add(l);
      // Only the checks run under the timer: past its limit it interrupts
      // the context every 10 ms, and a model evaluated then throws
      // "canceled" (CUB's cub_more under load: exit 70, an internal error).
      if (try_ones()) {
        {
          QueryTimer timer(c_, left());
          cr = s->check(ones);
        }
        if (cr == z3::sat && s->get_model().eval(extra, true).is_true()) break;
      }
      QueryTimer timer(c_, left());
      cr = s->check();
    }
    if (cr == z3::sat && lazy.any() && !s->get_model().eval(extra, true).is_true()) cr = z3::unknown;
    reason = cr == z3::unknown ? s->reason_unknown() : "";
    if (cr == z3::sat) found = s->get_model();
  }
  double ms = elapsed();
  ++r_.queries;
  SmtStatus st = cr == z3::sat ? SmtStatus::Sat : cr == z3::unsat ? SmtStatus::Unsat
                                                                   : classify_unknown(reason, ms, limit);
  if (no_answer_ && st != SmtStatus::Sat && st != SmtStatus::Unsat) no_answer_->spent_ms += ms;
  if (TimeStats* stats = o_.encoding.stats) {
    bool whole_warp = stem_.ends_with(".warp");
    std::string kind = floats_ ? "exact-float " + name : whole_warp ? "whole-warp " + name : name;
    std::string outcome = to_string(st);
    if (fell_back) outcome += " (default solver)";
    if (lazy.any()) outcome += rounds ? fmt::format(" (divisions made exact {}x)", rounds) : " (divisions abstracted)";
    stats->record(kind, outcome, ms);
  }
  dump(base, extra, name, st);
  if (canonical && (st == SmtStatus::Sat || st == SmtStatus::Unsat)) {
    std::string answer = to_string(st);
    if (st == SmtStatus::Sat && model)
      if (std::optional<std::string> values = model_text(*found, canonical->symbols)) answer += "\n" + *values;
    o_.answers->keep(canonical->key.text(), answer);
  }
  if (st == SmtStatus::Sat && model) *model = *found;
  last_ms_ = ms;
  return st;
}

// What one bit-blasted try may hold: a proof the retry finds is small
// (CUTLASS's ping-pong kernels: their process peaked at 1.4 GB), while
// example 54's FP8 GEMM's fruitless tries took it from 3 to 4.6 GB.
constexpr unsigned kBitblastMemoryMiB = 768;

SmtStatus QueryRunner::check_bitblasted(const z3::expr_vector& base, const z3::expr& extra, const std::string& name,
                                        unsigned rlimit, unsigned clock_ms) {
  auto start = std::chrono::steady_clock::now();
  unsigned limit = clock_ms;
  if (deadline_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - start).count();
    unsigned cap = static_cast<unsigned>(std::max<long long>(1, left));
    limit = limit ? std::min(limit, cap) : cap;
  }
  // No assumptions and no push: Z3 picks its tactic for the formula's
  // logic (bit-blasting to SAT for bit-vectors), not the SMT core. In a
  // context of its own, freed here: bit-blasting the tile scheduler's 64-bit
  // products leaves millions of terms behind in the context it runs in, and
  // the kernel's shared context then took minutes to free (example 54's
  // FP8 GEMM: 339 s of its 484 s of CPU in one Z3_del_context, 4.6 GB).
  z3::check_result cr;
  std::string reason;
  {
    z3::context own;
    z3::solver s(own);
    z3::params p(own);
    p.set("rlimit", rlimit);
    p.set("random_seed", o_.solver.random_seed);
    p.set("max_memory", kBitblastMemoryMiB);
    s.set(p);
    auto moved = [&](const z3::expr& x) { return z3::to_expr(own, Z3_translate(c_, x, own)); };
    for (const z3::expr& b : base) s.add(moved(b));
    s.add(moved(extra));
    {
      QueryTimer timer(own, limit);
      cr = s.check();
    }
    if (cr == z3::unknown) reason = s.reason_unknown();
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ++r_.queries;
  SmtStatus st = cr == z3::sat ? SmtStatus::Sat : cr == z3::unsat ? SmtStatus::Unsat : classify_unknown(reason, ms, limit);
  if (TimeStats* stats = o_.encoding.stats) stats->record(name, to_string(st), ms);
  dump(base, extra, name, st);
  last_ms_ = ms;
  return st;
}

void QueryRunner::dump(const z3::expr_vector& base, const z3::expr& extra, const std::string& name, SmtStatus st) {
  if (o_.solver.dump_dir.empty()) return;
  z3::solver d(c_);
  for (const z3::expr& b : base) d.add(b);
  d.add(extra);
  r_.dumped.push_back(write_smt2(o_.solver.dump_dir, stem_ + "." + name,
                                 fmt::format("; warpsat query {}.{}\n; expected: {}\n{}", stem_, name, to_string(st),
                                             d.to_smt2())));
}

z3::check_result QueryRunner::run(std::optional<z3::solver>& s, z3::solver solver, unsigned timeout_ms,
                                  const z3::expr_vector& base, const z3::expr& extra, unsigned rlimit) {
  s.emplace(std::move(solver));
  // A resource count marks the quick try on the SMT core; the default
  // solver runs by the clock alone.
  z3::params p = rlimit ? smt::smt_core_params(c_, rlimit) : z3::params(c_);
  p.set("random_seed", o_.solver.random_seed);
  s->set(p);
  for (const z3::expr& b : base) s->add(b);
  s->add(extra);
  QueryTimer timer(c_, timeout_ms);
  return s->check();
}

}  // namespace warpsat
