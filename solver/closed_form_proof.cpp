#include "solver/closed_form_proof.h"

#include <chrono>

#include <fmt/format.h>

#include "encodings/query_timer.h"
#include "encodings/gemm_closed_form.h"

namespace warpsat {

bool ClosedFormProof::proven() const {
  for (const auto& o : obligations)
    if (o.outcome.status != SmtStatus::Unsat) return false;
  return !obligations.empty();
}

namespace {

// The events in closed form, for either model. Sm is the proven formula
// itself; the DMA's events follow from Q(j), the time the copy path has
// finished stage j's loads: Q(j) = j T while no buffer-full edge reaches j
// (j <= D), else max(j T, Sm(j - D) + X + T) (the longest path into Q(j) ends
// either on the DMA chain from the start or on the buffer-full edge from
// Sm(j - D)). T is the copy path's time per stage: L for seed 001, the
// transfer times for async.
class ClosedForms {
 public:
  ClosedForms(z3::context& c, GemmModel model)
      : model_(model), a_(c.int_const("t_load_a")), b_(c.int_const("t_load_b")), x_(c.int_const("t_math")),
        d_(c.int_const("depth")), lat_(c.int_const("load_latency")) {}

  // Seed 001: a_, b_ are T_LOAD_A, T_LOAD_B; async: their transfer times, and lat_ the latency.
  z3::expr per_stage() const { return a_ + b_; }
  z3::expr first() const { return model_ == GemmModel::Async ? per_stage() + lat_ : per_stage(); }
  z3::expr sm(const z3::expr& j) const { return closed_form_sm(first(), per_stage(), x_, j, d_); }
  z3::expr done(const z3::expr& j) const {
    z3::expr chain = j * per_stage();
    z3::expr via_release = sm(j - d_) + x_ + per_stage();
    return z3::ite(j >= d_ + 1, z3::ite(chain >= via_release, chain, via_release), chain);
  }
  z3::expr sa(const z3::expr& j) const { return done(j) - per_stage(); }
  z3::expr sb(const z3::expr& j) const { return done(j) - b_; }

  z3::expr domain() const { return d_ >= 1 && a_ >= 0 && b_ >= 0 && x_ >= 0 && lat_ >= 0; }
  const z3::expr &load_a() const { return a_; }
  const z3::expr &load_b() const { return b_; }
  const z3::expr &math() const { return x_; }
  const z3::expr &depth() const { return d_; }
  const z3::expr &latency() const { return lat_; }

 private:
  GemmModel model_;
  z3::expr a_, b_, x_, d_, lat_;
};

z3::expr larger(const z3::expr& p, const z3::expr& q) { return z3::ite(p >= q, p, q); }

ProofObligation check(z3::context& c, const std::string& name, const std::string& claim, const z3::expr& premise,
                      const z3::expr& conclusion, const SolverOptions& o) {
  ProofObligation ob{name, claim, {}, {}, {}};
  z3::solver s(c);
  z3::params p(c);
  p.set("random_seed", o.random_seed);
  s.set(p);
  s.add(premise);
  s.add(!conclusion);
  if (!o.dump_dir.empty())
    ob.dumped = write_smt2(o.dump_dir, name, "; " + claim + "\n; expected: unsat\n" + s.to_smt2());
  auto start = std::chrono::steady_clock::now();
  z3::check_result r = z3::unknown;
  {
    QueryTimer timer(c, o.timeout_ms);
    r = s.check();
  }
  ob.outcome.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (r == z3::unsat) ob.outcome.status = SmtStatus::Unsat;
  if (r == z3::sat) {
    ob.outcome.status = SmtStatus::Sat;
    ob.counterexample = s.get_model().to_string();
  }
  if (r == z3::unknown) {
    // Our QueryTimer's interrupt reads "interrupted"; say what it was.
    ob.outcome.reason = is_time_limit_reason(s.reason_unknown()) ? "timeout" : s.reason_unknown();
    ob.outcome.status = classify_unknown(ob.outcome.reason, ob.outcome.milliseconds, o.timeout_ms);
  }
  return ob;
}

z3::expr floor_division_facts(const z3::expr& x, const z3::expr& d);

// Base and step of one model's induction.
void prove_model(GemmModel model, const SolverOptions& options, ClosedFormProof& proof) {
  z3::context c;
  ClosedForms f(c, model);
  const z3::expr &a = f.load_a(), &b = f.load_b(), &x = f.math(), &d = f.depth();
  bool async = model == GemmModel::Async;
  std::string name = fmt::format("closed-form.{}", to_string(model));
  // A stage's tiles are ready: seed 001 when B's load ends, async a latency after B's transfer.
  auto ready = [&](const z3::expr& i) { return async ? f.sb(i) + b + f.latency() : f.sb(i) + b; };

  // Stage 1: Sa(1) = 0, and no buffer-full term (1 - D < 1).
  z3::expr one = c.int_val(1);
  z3::expr base = f.sa(one) == 0 && f.sb(one) == f.sa(one) + a && f.sm(one) == ready(one);
  proof.obligations.push_back(check(c, name + ".base",
                                    fmt::format("the {} recurrences at stage 1 give the closed forms of Sa, Sb, Sm",
                                                to_string(model)),
                                    f.domain(), base, options));

  // Stage i >= 2, with the closed forms at i - 1 and i - D for the events the
  // recurrences read there (the induction hypothesis).
  z3::expr i = c.int_const("i");
  z3::expr released = f.sm(i - d) + x;  // buffer slot i mod D is free again
  z3::expr has_release = i - d >= 1;
  z3::expr eq1 = f.sa(i) == z3::ite(has_release, larger(f.sb(i - 1) + b, released), f.sb(i - 1) + b);
  // Seed 001's eq. 2 also waits for the release; async issues B right after A.
  z3::expr eq2 = async ? f.sb(i) == f.sa(i) + a
                       : f.sb(i) == z3::ite(has_release, larger(f.sa(i) + a, released), f.sa(i) + a);
  z3::expr eq3 = f.sm(i) == larger(f.sm(i - 1) + x, ready(i));
  proof.obligations.push_back(check(c, name + ".step",
                                    fmt::format("for every i >= 2: the {} recurrences applied to the closed forms at "
                                                "i-1 and i-D give the closed forms at i (with the floor-division "
                                                "lemma at i-1)",
                                                to_string(model)),
                                    f.domain() && i >= 2 && floor_division_facts(i - 1, d), eq1 && eq2 && eq3,
                                    options));
}

// floor((x - D) / D) = floor(x / D) - 1 and floor((x - 1) / D) = floor(x / D)
// - [D divides x], for every integer x and D >= 1: the only facts about
// division the steps need (the closed forms read floor((j - 1) / D) at j = i,
// i - 1 and i - D). Proven once for all x and D; each step then assumes it at
// x = i - 1, which spares Z3's nonlinear arithmetic the search for it.
z3::expr floor_division_facts(const z3::expr& x, const z3::expr& d) {
  return (x - d) / d == x / d - 1 && (x - 1) / d == x / d - z3::ite(z3::mod(x, d) == 0, x.ctx().int_val(1), x.ctx().int_val(0));
}

void prove_floor_division(const SolverOptions& options, ClosedFormProof& proof) {
  z3::context c;
  z3::expr x = c.int_const("x"), d = c.int_const("depth");
  proof.obligations.push_back(check(c, "closed-form.floor-division",
                                    "for every integer x and D >= 1: floor((x-D)/D) = floor(x/D) - 1 and "
                                    "floor((x-1)/D) = floor(x/D) - [D divides x]",
                                    d >= 1, floor_division_facts(x, d), options));
}

// The hopper model's tile-level closed forms (encodings/gemm_closed_form.h)
// against their recurrences, by induction on the tile count j, for every
// mainloop ML >= F >= 0 and epilogue E >= 0:
//   cooperative: mainloop j ends at me(1) = ML, me(j) = me(j-1) + max(E, F) +
//     ML - F (the next tile's fill overlaps this epilogue), and the tiles
//     take me(j) + E;
//   ping-pong: a(1) = ML, a(2) = ML + P, a(j) = P + max(a(j-1), a(j-2) + E)
//     (mainloops alternate between two warp groups, each waiting for its own
//     epilogue two tiles back), for every steady mainloop P >= 0.
void prove_hopper(const SolverOptions& options, ClosedFormProof& proof) {
  z3::context c;
  z3::expr j = c.int_const("j"), ml = c.int_const("mainloop"), fill = c.int_const("fill"),
           e = c.int_const("epilogue"), p = c.int_const("steady");
  z3::expr one = c.int_val(1), two = c.int_val(2);
  z3::expr domain = fill >= 0 && ml >= fill && e >= 0 && p >= 0;
  auto coop = [&](const z3::expr& n) { return cooperative_tiles_time(n, ml, fill, e); };
  auto pp = [&](const z3::expr& n) { return pingpong_mainloop_end(n, ml, p, e); };
  proof.obligations.push_back(check(c, "closed-form.hopper.cooperative.base",
                                    "one cooperative tile takes its mainloop and its epilogue", domain,
                                    coop(one) == ml + e, options));
  proof.obligations.push_back(check(c, "closed-form.hopper.cooperative.step",
                                    "for every j >= 2: the cooperative recurrence applied to the closed form at j-1 "
                                    "gives the closed form at j",
                                    domain && j >= 2,
                                    coop(j - 1) - e + larger(e, fill) + ml - fill + e == coop(j), options));
  proof.obligations.push_back(check(c, "closed-form.hopper.pingpong.base",
                                    "the first two ping-pong mainloops end at ML and ML + P", domain,
                                    pp(one) == ml && pp(two) == ml + p, options));
  proof.obligations.push_back(check(c, "closed-form.hopper.pingpong.step",
                                    "for every j >= 3: the ping-pong recurrence applied to the closed forms at j-1 "
                                    "and j-2 gives the closed form at j",
                                    domain && j >= 3, p + larger(pp(j - 1), pp(j - 2) + e) == pp(j), options));
}

}  // namespace

ClosedFormProof prove_closed_form(const SolverOptions& options) {
  ClosedFormProof proof;
  prove_floor_division(options, proof);
  prove_model(GemmModel::Seed001, options, proof);
  prove_model(GemmModel::Async, options, proof);
  prove_hopper(options, proof);
  return proof;
}

}  // namespace warpsat
