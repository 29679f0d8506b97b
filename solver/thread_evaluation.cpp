#include "solver/thread_evaluation.h"

#include <algorithm>

#include "frontend/periodic_ranges.h"
#include "solver/term_program.h"

namespace warpsat {

z3::expr range_index(z3::context& c, const BranchEncoding& e, const LaunchSpec& l, bool global) {
  z3::expr local = z3::zext(e.linear[0], 32);
  if (!global) return local;
  uint64_t threads = uint64_t{l.block[0]} * l.block[1] * l.block[2];
  z3::expr cta = z3::zext(e.ctaid[0], 32) + z3::zext(e.ctaid[1], 32) * c.bv_val(l.grid[0], 64) +
                 z3::zext(e.ctaid[2], 32) * c.bv_val(uint64_t{l.grid[0]} * l.grid[1], 64);
  return cta * c.bv_val(threads, 64) + local;
}

namespace {

// The symbol behind a thread or CTA id term (a constant, or one widened by zero_extend).
std::optional<z3::expr> id_symbol(const z3::expr& id) {
  if (id.is_const()) return id;
  if (id.is_app() && id.num_args() == 1 && id.arg(0).is_const()) return id.arg(0);
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<std::vector<uint64_t>>> evaluate_per_thread(
    z3::context& c, const BranchEncoding& e, const LaunchSpec& l, bool global, uint64_t n,
    const z3::expr_vector& terms, const std::vector<std::pair<z3::expr, z3::expr>>& fixed) {
  if (n > kMostCompiledThreads || e.tid.empty()) return std::nullopt;
  z3::expr_vector from(c);
  for (const z3::expr& id : e.tid[0]) {
    std::optional<z3::expr> sym = id_symbol(id);
    if (!sym) return std::nullopt;
    from.push_back(*sym);
  }
  for (const z3::expr& id : e.ctaid) {
    std::optional<z3::expr> sym = id_symbol(id);
    if (!sym) return std::nullopt;
    from.push_back(*sym);
  }
  if (from.size() != 6) return std::nullopt;
  for (const auto& [term, value] : fixed)
    if (!term.is_const() || !value.is_numeral()) return std::nullopt;
  uint64_t threads = uint64_t{l.block[0]} * l.block[1] * l.block[2];
  auto ids_of = [&](uint64_t index, uint64_t* values) {
    uint64_t local = index % threads, cta = global ? index / threads : 0;
    values[0] = local % l.block[0];
    values[1] = local / l.block[0] % l.block[1];
    values[2] = local / (uint64_t{l.block[0]} * l.block[1]);
    values[3] = cta % l.grid[0];
    values[4] = cta / l.grid[0] % l.grid[1];
    values[5] = cta / (uint64_t{l.grid[0]} * l.grid[1]);
  };
  std::vector<std::vector<uint64_t>> out;
  // The terms compiled to a program over machine words (term_program.h):
  // a fraction of a microsecond a thread where a substitution costs some.
  {
    z3::expr_vector inputs(c);
    std::vector<uint64_t> values(6);
    for (const z3::expr& f : from) inputs.push_back(f);
    for (const auto& [term, value] : fixed) {
      uint64_t v = 0;
      if (!value.is_numeral_u64(v)) break;
      inputs.push_back(term);
      values.push_back(v);
    }
    std::optional<TermProgram> program;
    if (inputs.size() == 6 + fixed.size()) program = TermProgram::compile(terms, inputs);
    // Past kMostProgramSteps in all, only launches substitution would
    // take anyway (the program is faster there too).
    if (program && program->size() * n > kMostProgramSteps && n > kMostEvaluatedThreads) return std::nullopt;
    if (program) {
      out.reserve(n);
      std::vector<uint64_t> row;
      bool ran = true;
      for (uint64_t index = 0; index < n && ran; ++index) {
        ids_of(index, values.data());
        ran = program->run(values, row);
        if (ran) out.push_back(row);
      }
      if (ran) return out;
      out.clear();
    }
  }
  if (n > kMostEvaluatedThreads) return std::nullopt;
  // The pinned parameters first, once: what stays is a function of the ids.
  z3::expr_vector pinned_terms(c);
  {
    z3::expr_vector pf(c), pt(c);
    for (const auto& [term, value] : fixed) {
      pf.push_back(term);
      pt.push_back(value);
    }
    for (z3::expr t : terms) pinned_terms.push_back(pf.empty() ? t : t.substitute(pf, pt).simplify());
  }
  out.reserve(n);
  for (uint64_t index = 0; index < n; ++index) {
    uint64_t values[6];
    ids_of(index, values);
    z3::expr_vector to(c);
    for (unsigned k = 0; k < from.size(); ++k) to.push_back(c.bv_val(values[k], from[k].get_sort().bv_size()));
    std::vector<uint64_t> row;
    row.reserve(pinned_terms.size());
    for (z3::expr t : pinned_terms) {
      z3::expr v = t.substitute(from, to).simplify();
      uint64_t number = 0;
      if (v.is_true()) row.push_back(1);
      else if (v.is_false()) row.push_back(0);
      else if (v.is_numeral_u64(number)) row.push_back(number);
      else return std::nullopt;
    }
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<CodeRun> code_runs(const std::vector<uint64_t>& code_by_index) {
  std::vector<CodeRun> runs;
  for (uint64_t i = 0; i < code_by_index.size(); ++i)
    if (!runs.empty() && runs.back().code == code_by_index[i]) runs.back().end = i + 1;
    else runs.push_back({i, i + 1, code_by_index[i]});
  return runs;
}

namespace {

// A piece of a description: from `begin` on (to the next piece's begin),
// `code`, or, where `period` is not 0, the code of the residue part
// whose begin is the last at or below the index modulo the period.
struct Piece {
  uint64_t begin = 0;
  uint64_t code = 0;
  uint64_t period = 0;
  std::vector<std::pair<uint64_t, uint64_t>> parts;  // (residue begin, code), sorted
};

// The last of `starts` (sorted, the first 0) at or below `at`.
template <class Starts>
size_t last_at_or_below(const Starts& starts, uint64_t at, uint64_t (*begin_of)(const typename Starts::value_type&)) {
  size_t lo = 0, hi = starts.size();
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    (begin_of(starts[mid]) <= at ? lo : hi) = mid;
  }
  return lo;
}
uint64_t piece_begin(const Piece& p) { return p.begin; }
uint64_t part_begin(const std::pair<uint64_t, uint64_t>& p) { return p.first; }

uint64_t code_of(const std::vector<Piece>& pieces, uint64_t t) {
  const Piece& p = pieces[last_at_or_below(pieces, t, piece_begin)];
  if (!p.period) return p.code;
  return p.parts[last_at_or_below(p.parts, t % p.period, part_begin)].second;
}

// The runs' periodic description (periodic_runs) where it says of every
// index what the runs do, else the runs themselves: the proof is of the
// description, the ranges kept are the runs.
std::vector<Piece> description(const std::vector<CodeRun>& runs) {
  std::vector<CodedInterval> partition;
  for (const CodeRun& r : runs) partition.push_back({r.begin, r.end, static_cast<uint32_t>(r.code)});
  std::vector<Piece> pieces;
  for (const PeriodicRun& run : periodic_runs(partition)) {
    Piece p{run.begin, run.code, run.period, {}};
    for (const PeriodicRun::Residues& x : run.residues)
      for (const auto& ab : x.intervals) p.parts.emplace_back(ab.first, x.code);
    std::sort(p.parts.begin(), p.parts.end());
    if (p.period && (p.parts.empty() || p.parts.front().first != 0)) {
      pieces.clear();
      break;
    }
    pieces.push_back(std::move(p));
  }
  bool same = !pieces.empty() && pieces.front().begin == 0;
  for (const CodeRun& r : runs)
    for (uint64_t t = r.begin; t < r.end && same; ++t) same = code_of(pieces, t) == r.code;
  if (same) return pieces;
  pieces.clear();
  for (const CodeRun& r : runs) pieces.push_back({r.begin, r.code, 0, {}});
  return pieces;
}

// A balanced tree of comparisons with the same choice as last_at_or_below.
template <class Start, class Value>
z3::expr tree(z3::context& c, const z3::expr& at, size_t lo, size_t hi, Start start, Value value) {
  if (hi - lo == 1) return value(lo);
  size_t mid = lo + (hi - lo) / 2;
  return z3::ite(z3::ult(at, c.bv_val(start(mid), at.get_sort().bv_size())), tree(c, at, lo, mid, start, value),
                 tree(c, at, mid, hi, start, value));
}

}  // namespace

size_t claimed_pieces(const std::vector<CodeRun>& runs) { return runs.empty() ? 0 : description(runs).size(); }

z3::expr claimed_code(z3::context& c, const z3::expr& index, const std::vector<CodeRun>& runs, unsigned bits) {
  z3::expr beyond = c.bv_val((uint64_t{1} << bits) - 1, bits);
  if (runs.empty()) return beyond;
  uint64_t n = runs.back().end;
  std::vector<Piece> pieces = description(runs);
  // Below n the index fits `width` bits: the residues are taken there.
  unsigned width = 1;
  while (width < 64 && (n >> width) != 0) ++width;
  z3::expr narrow = index.extract(width - 1, 0);
  auto value = [&](size_t i) {
    const Piece& p = pieces[i];
    if (!p.period) return c.bv_val(p.code, bits);
    z3::expr residue = z3::urem(narrow, c.bv_val(p.period, width));
    return tree(
        c, residue, 0, p.parts.size(), [&](size_t k) { return p.parts[k].first; },
        [&](size_t k) { return c.bv_val(p.parts[k].second, bits); });
  };
  z3::expr within = tree(
      c, narrow, 0, pieces.size(), [&](size_t i) { return pieces[i].begin; }, value);
  return z3::ite(z3::ult(index, c.bv_val(n, 64)), within, beyond);
}

}  // namespace warpsat
