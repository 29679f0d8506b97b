#include "solver/closed_form_proof.h"

#include <chrono>

#include "encodings/gemm_closed_form.h"

namespace warpsat {

bool ClosedFormProof::proven() const {
  for (const auto& o : obligations)
    if (o.outcome.status != SmtStatus::Unsat) return false;
  return !obligations.empty();
}

namespace {

// The events of seed 001 in closed form. Sm is the proven formula itself; Sa
// and Sb follow from P(j) = Sb(j) + T_LOAD_B, the time the j-th pair of tiles
// has landed: P(j) = j L while no buffer-full edge reaches j (j <= D), else
// max(j L, Sm(j - D) + X + L) (the longest path into P(j) ends either on the
// DMA chain from the start or on the buffer-full edge from Sm(j - D)).
class ClosedForms {
 public:
  explicit ClosedForms(z3::context& c)
      : c_(c), a_(c.int_const("t_load_a")), b_(c.int_const("t_load_b")), x_(c.int_const("t_math")),
        d_(c.int_const("depth")) {}

  z3::expr sm(const z3::expr& j) const { return closed_form_sm(a_, b_, x_, j, d_); }
  z3::expr landed(const z3::expr& j) const {
    z3::expr l = a_ + b_, chain = j * l;
    z3::expr via_release = sm(j - d_) + x_ + l;
    return z3::ite(j >= d_ + 1, z3::ite(chain >= via_release, chain, via_release), chain);
  }
  z3::expr sa(const z3::expr& j) const { return landed(j) - (a_ + b_); }
  z3::expr sb(const z3::expr& j) const { return landed(j) - b_; }

  z3::expr domain() const { return d_ >= 1 && a_ >= 0 && b_ >= 0 && x_ >= 0; }
  const z3::expr &load_a() const { return a_; }
  const z3::expr &load_b() const { return b_; }
  const z3::expr &math() const { return x_; }
  const z3::expr &depth() const { return d_; }

 private:
  z3::context& c_;
  z3::expr a_, b_, x_, d_;
};

z3::expr larger(const z3::expr& p, const z3::expr& q) { return z3::ite(p >= q, p, q); }

ProofObligation check(z3::context& c, const std::string& name, const std::string& claim, const z3::expr& premise,
                      const z3::expr& conclusion, const SolverOptions& o) {
  ProofObligation ob{name, claim, {}, {}, {}};
  z3::solver s(c);
  z3::params p(c);
  if (o.timeout_ms) p.set("timeout", o.timeout_ms);
  p.set("random_seed", o.random_seed);
  s.set(p);
  s.add(premise);
  s.add(!conclusion);
  if (!o.dump_dir.empty())
    ob.dumped = write_smt2(o.dump_dir, name, "; " + claim + "\n; expected: unsat\n" + s.to_smt2());
  auto start = std::chrono::steady_clock::now();
  z3::check_result r = s.check();
  ob.outcome.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (r == z3::unsat) ob.outcome.status = SmtStatus::Unsat;
  if (r == z3::sat) {
    ob.outcome.status = SmtStatus::Sat;
    ob.counterexample = s.get_model().to_string();
  }
  if (r == z3::unknown) {
    ob.outcome.reason = s.reason_unknown();
    ob.outcome.status = classify_unknown(ob.outcome.reason, ob.outcome.milliseconds, o.timeout_ms);
  }
  return ob;
}

}  // namespace

ClosedFormProof prove_closed_form(const SolverOptions& options) {
  z3::context c;
  ClosedForms f(c);
  const z3::expr &a = f.load_a(), &b = f.load_b(), &x = f.math(), &d = f.depth();
  ClosedFormProof proof;

  // Stage 1: Sa(1) = 0, and no buffer-full term (1 - D < 1).
  z3::expr one = c.int_val(1);
  z3::expr base = f.sa(one) == 0 && f.sb(one) == f.sa(one) + a && f.sm(one) == f.sb(one) + b;
  proof.obligations.push_back(check(c, "closed-form.seed001.base",
                                    "eqs. 1-3 at stage 1 give the closed forms of Sa, Sb, Sm", f.domain(), base,
                                    options));

  // Stage i >= 2, with the closed forms at i - 1 and i - D for the events the
  // recurrences read there (the induction hypothesis).
  z3::expr i = c.int_const("i");
  z3::expr released = f.sm(i - d) + x;  // buffer slot i mod D is free again
  z3::expr has_release = i - d >= 1;
  z3::expr eq1 = f.sa(i) == z3::ite(has_release, larger(f.sb(i - 1) + b, released), f.sb(i - 1) + b);
  z3::expr eq2 = f.sb(i) == z3::ite(has_release, larger(f.sa(i) + a, released), f.sa(i) + a);
  z3::expr eq3 = f.sm(i) == larger(f.sm(i - 1) + x, f.sb(i) + b);
  proof.obligations.push_back(check(c, "closed-form.seed001.step",
                                    "for every i >= 2: eqs. 1-3 applied to the closed forms at i-1 and i-D give the "
                                    "closed forms at i",
                                    f.domain() && i >= 2, eq1 && eq2 && eq3, options));
  return proof;
}

}  // namespace warpsat
