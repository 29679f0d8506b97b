#include "tests/property/assumption_property.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "emulator/simt/emulator.h"
#include "emulator/simt/state.h"
#include "frontend/analysis/cfg.h"
#include "frontend/analysis/reaching_defs.h"
#include "frontend/analysis/struct_fields.h"
#include "frontend/assumption.h"
#include "frontend/diagnostics.h"
#include "frontend/kernel_params.h"
#include "frontend/ptx/parser.h"
#include "solver/branch_analysis.h"
#include "solver/branch_replay.h"
#include "solver/cross_validation.h"

namespace warpsat::property {

namespace fs = std::filesystem;

namespace {

bool scalar_param(const ptx::Module& m, const ptx::Variable& p) {
  return p.dims.empty() && p.vector == 1 && ptx::bit_width(p.type) <= 64 && !pointer_sized_param(m, p) &&
         !ptx::is_float(p.type);
}

struct Dims {
  uint32_t v[3] = {1, 1, 1};
  friend bool operator<(const Dims& a, const Dims& b) { return std::lexicographical_compare(a.v, a.v + 3, b.v, b.v + 3); }
};

std::string dims_text(const uint32_t d[3]) { return fmt::format("{}x{}x{}", d[0], d[1], d[2]); }

// A launch as the assumptions see it: the names and values they evaluate over.
using Values = std::vector<std::pair<std::string, int64_t>>;

Values dimension_values(const uint32_t block[3], const uint32_t grid[3]) {
  Values v;
  const char* xyz = "xyz";
  for (int d = 0; d < 3; ++d) {
    v.emplace_back(std::string("ntid.") + xyz[d], block[d]);
    v.emplace_back(std::string("nctaid.") + xyz[d], grid[d]);
  }
  return v;
}

// Whether every assumption holds; assumptions naming a value `v` lacks count
// as holding (dimensions are filtered before parameters are chosen).
bool holds(const std::vector<Assumption>& as, const Values& v, bool missing_holds) {
  for (const Assumption& a : as) {
    try {
      if (!evaluate(*a.expr, v)) return false;
    } catch (const std::out_of_range&) {
      if (!missing_holds) return false;
    }
  }
  return true;
}

// The parameter's value as an assumption reads it: its bits at its width,
// zero-extended for an unsigned C++ type, else sign-extended.
int64_t as_assumed(const ptx::Variable& p, bool is_unsigned, uint64_t bits) {
  uint8_t bytes[8];
  for (int b = 0; b < 8; ++b) bytes[b] = static_cast<uint8_t>(bits >> (8 * b));
  return parameter_value(bytes, std::min<size_t>(8, p.size_bytes()), is_unsigned);
}

struct Case {
  std::string file, kernel;
  bool concrete_block = false, concrete_grid = false;
  uint32_t block[3] = {1, 1, 1}, grid[3] = {1, 1, 1};
  std::vector<std::string> assume;
  std::string text() const {
    return fmt::format("{} {}: {}{}assume [{}]", fs::path(file).filename().string(), kernel,
                       concrete_block ? "block " + dims_text(block) + ", " : std::string(),
                       concrete_grid ? "grid " + dims_text(grid) + ", " : std::string(), fmt::join(assume, "; "));
  }
};

class Rng {
 public:
  explicit Rng(uint64_t seed) : g_(seed) {}
  uint64_t below(uint64_t n) { return n ? g_() % n : 0; }
  template <class T, size_t N>
  T pick(const T (&a)[N]) { return a[below(N)]; }

 private:
  std::mt19937_64 g_;  // its sequence is fixed by the standard; distributions are not
};

constexpr int64_t kConstants[] = {0, 1, 2, 3, 5, 8, 16, 31, 32, 33, 40, 48, 63, 64, 65, 96, 100, 127, 128};
constexpr int64_t kDivisors[] = {2, 4, 8, 16, 32};
constexpr uint32_t kBlocks[][3] = {{32, 1, 1}, {64, 1, 1}, {40, 1, 1}, {96, 1, 1}, {128, 1, 1},
                                   {16, 8, 1}, {8, 8, 2},  {33, 1, 1}, {1, 1, 1},  {65, 1, 1}};
constexpr uint32_t kGrids[][3] = {{1, 1, 1}, {2, 1, 1}, {1, 2, 1}, {3, 1, 1}, {2, 1, 2}};

std::string param_assumption(Rng& r, size_t index) {
  std::string p = fmt::format("param{}", index);
  switch (r.below(7)) {
    case 0: return fmt::format("{} == {}", p, r.pick(kConstants));
    case 1: {
      int64_t a = r.pick(kConstants);
      constexpr int64_t kWidths[] = {0, 1, 7, 31, 64};
      return fmt::format("{} >= {} && {} <= {}", p, a, p, a + r.pick(kWidths));
    }
    case 2: return fmt::format("{} % {} == 0 && {} <= 256", p, r.pick(kDivisors), p);
    case 3: return fmt::format("{} < {}", p, std::max<int64_t>(1, r.pick(kConstants)));
    case 4: return fmt::format("{} > {} && {} < 300", p, r.pick(kConstants), p);
    case 5: return fmt::format("{} == ntid.x", p);
    default: return fmt::format("{} >= ntid.x * ntid.y && {} % {} == 0 && {} <= 512", p, p, r.pick(kDivisors), p);
  }
}

// `grid_only`: the block is given, and assumptions on it would mostly contradict it.
std::string launch_assumption(Rng& r, bool grid_only) {
  constexpr uint32_t kSizes[] = {1, 17, 32, 33, 48, 64, 96, 128};
  if (grid_only) return r.below(2) ? "nctaid.x <= 2 && nctaid.y == 1" : "nctaid.x == 2";
  switch (r.below(8)) {
    case 0: return fmt::format("ntid.x == {}", r.pick(kSizes));
    case 1: return "ntid.x % 32 == 0";
    case 2: return "ntid.y == 1 && ntid.z == 1";
    case 3: return "ntid.x * ntid.y * ntid.z <= 64";
    case 4: return "nctaid.x <= 2 && nctaid.y == 1";
    case 5: return "nctaid.x == 2";
    case 6: return "ntid.x % 16 == 0 && ntid.x <= 96";
    default: return "ntid.x >= 40";
  }
}

Case make_case(Rng& r, const std::string& spec, const ptx::Module& m, const ptx::Function& k) {
  Case c;
  c.file = spec.substr(0, spec.rfind(':'));
  c.kernel = std::string(k.name);
  std::vector<size_t> scalars;
  for (size_t i = 0; i < k.params.size(); ++i)
    if (scalar_param(m, k.params[i])) scalars.push_back(i);
  uint64_t mode = r.below(3);  // 0: block and grid given, 1: block given, 2: neither
  if (mode < 2) {
    c.concrete_block = true;
    std::copy_n(kBlocks[r.below(std::size(kBlocks))], 3, c.block);
  }
  if (mode == 0) {
    c.concrete_grid = true;
    std::copy_n(kGrids[r.below(2)], 3, c.grid);
  }
  size_t n = 1 + r.below(3);
  for (size_t i = 0; i < n; ++i)
    c.assume.push_back(mode > 0 && r.below(4) == 0 ? launch_assumption(r, mode == 1)
                                                   : param_assumption(r, scalars[r.below(scalars.size())]));
  return c;
}

// One emulated launch and what it showed, per branch instruction.
struct Seen {
  // Per branch instruction, the (CTA, warp)s that ran it and that split there.
  std::map<uint32_t, std::set<std::pair<uint64_t, uint32_t>>> reached_warps, split_warps;
  bool faulted = false;  // the launch ended in a fault; the above is what ran before it
};

struct Emulated {
  uint32_t block[3], grid[3];
  std::vector<uint64_t> params;  // bits, per parameter (0 for pointers and aggregates)
  Seen seen;
};

// Per parameter, the offsets of the pointers a struct passed by value
// holds (analysis/struct_fields.h, Address fields): each gets a buffer of
// its own when a launch gives the struct no bytes, as a caller would.
using StructPointers = std::vector<std::vector<uint32_t>>;
StructPointers struct_pointers(const ptx::Module& m, const ptx::Function& k) {
  StructPointers out(k.params.size());
  if (!k.has_body) return out;
  analysis::Cfg cfg = analysis::build_cfg(k, m.source);
  std::vector<std::vector<analysis::StructField>> fields =
      analysis::struct_field_uses(k, analysis::reaching_definitions(k, cfg, m.source));
  for (size_t i = 0; i < fields.size() && i < out.size(); ++i)
    if (!k.params[i].dims.empty())
      for (const analysis::StructField& f : fields[i])
        if (f.use == analysis::FieldUse::Address && f.bytes == 8) out[i].push_back(f.offset);
  return out;
}

Seen emulate(const ptx::Module& m, const ptx::Function& k, size_t function, const uint32_t block[3],
                            const uint32_t grid[3], const std::vector<uint64_t>& params,
                            const std::map<size_t, std::vector<uint8_t>>& aggregates,
                            std::optional<uint64_t> only_cta, const StructPointers& pointers = {}) {
  simt::Launch l;
  l.kernel = std::string(k.name);
  std::copy_n(block, 3, l.block);
  std::copy_n(grid, 3, l.grid);
  for (size_t i = 0; i < k.params.size(); ++i) {
    const ptx::Variable& p = k.params[i];
    if (p.dims.empty() && p.vector == 1 && pointer_sized_param(m, p)) {
      simt::KernelArgument a = simt::KernelArgument::buffer({}, std::string(p.name));
      a.zero_bytes = uint64_t{4} << 20;  // zero-filled, allocated as touched
      l.args.push_back(std::move(a));
      continue;
    }
    std::vector<uint8_t> bytes(p.size_bytes(), 0);
    simt::KernelArgument a = simt::KernelArgument::scalar({}, std::string(p.name));
    if (auto it = aggregates.find(i); it != aggregates.end()) {
      std::copy_n(it->second.begin(), std::min(bytes.size(), it->second.size()), bytes.begin());
    } else if (i < pointers.size() && !pointers[i].empty()) {
      for (uint32_t offset : pointers[i]) {
        simt::KernelArgument b = simt::KernelArgument::buffer({}, fmt::format("{}+{}", p.name, offset));
        b.zero_bytes = uint64_t{4} << 20;
        a.pointer_slots.push_back({offset, simt::BufferRef{true, static_cast<uint32_t>(l.buffers.size()), 0}});
        l.buffers.push_back(std::move(b));
      }
    } else {
      for (size_t b = 0; b < bytes.size() && b < 8; ++b) bytes[b] = static_cast<uint8_t>(params[i] >> (8 * b));
    }
    a.bytes = std::move(bytes);
    l.args.push_back(std::move(a));
  }
  simt::EmulatorOptions eo;
  eo.max_steps = uint64_t{1} << 22;
  eo.return_buffers = false;
  if (only_cta) {
    eo.only_ctas = {*only_cta};
    eo.max_ctas = UINT64_MAX;  // a witness's grid may be huge; one CTA of it runs
  }
  Seen seen;
  eo.on_branch = [&](const simt::Cta& c, const simt::Warp& w, uint32_t f, uint32_t instruction, uint32_t active,
                     uint32_t taken) {
    if (f != function) return false;
    seen.reached_warps[instruction].insert({c.linear, w.id});
    if (taken != 0 && taken != active) {
      seen.split_warps[instruction].insert({c.linear, w.id});
    }
    return false;
  };
  try {
    simt::run_kernel(m, l, eo);
  } catch (const InputError&) {
    // A fault (a huge witness grid's loads past the zero-filled buffers):
    // what the warps did before it still happened.
    seen.faulted = true;
  }
  return seen;
}

// Candidate parameter values: small ones, the assumptions' constants and
// their neighbours, multiples of their divisors, the block's sizes.
std::vector<int64_t> value_pool(const Case& c, const uint32_t block[3]) {
  std::set<int64_t> pool = {0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 40, 63, 64, 65, 96, 100, 127, 128};
  std::vector<int64_t> constants;
  for (const std::string& text : c.assume)
    for (size_t i = 0; i < text.size();) {
      if (std::isdigit(static_cast<unsigned char>(text[i])) && (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1])))) {
        size_t end = i;
        while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
        constants.push_back(std::stoll(text.substr(i, end - i)));
        i = end;
      } else {
        ++i;
      }
    }
  for (int64_t x : constants)
    for (int64_t d : {x - 1, x, x + 1}) pool.insert(d);
  for (int64_t d : constants)
    if (d > 1 && d <= 64)
      for (int64_t x : constants) pool.insert((x + d - 1) / d * d);
  uint32_t threads = block[0] * block[1] * block[2];
  for (int64_t x : {int64_t{block[0]}, int64_t{block[0]} * block[1], int64_t{threads}, 2 * int64_t{threads}})
    pool.insert(x);
  std::vector<int64_t> out;
  for (int64_t x : pool)
    if (x >= 0 && x <= 600) out.push_back(x);
  return out;
}

struct Outcome {
  PropertyFigures& f;
  const Case& c;
  void disagree(const std::string& what) {
    ++f.disagreements;
    f.disagreement_texts.push_back(c.text() + ": " + what);
  }
};

// Whether the kernel's own .reqntid/.maxntid let a block of this shape
// launch (the analysis assumes them: apply_launch_directives); one they
// forbid fails to launch on the hardware, so it meets no assumption.
bool directives_allow(const ptx::Function& k, const uint32_t block[3]) {
  if (k.reqntid[0]) {
    for (int d = 0; d < 3; ++d)
      if (block[d] != std::max(1u, k.reqntid[d])) return false;
    return true;
  }
  if (k.maxntid[0])
    return uint64_t{block[0]} * block[1] * block[2] <=
           uint64_t{std::max(1u, k.maxntid[0])} * std::max(1u, k.maxntid[1]) * std::max(1u, k.maxntid[2]);
  return true;
}

void run_case(const Case& c, const ptx::Module& m, const ptx::Function& k, size_t function, Rng& r,
              const PropertyOptions& o, PropertyFigures& f) {
  Outcome out{f, c};
  std::vector<Assumption> assumptions = assumptions_for_kernel(c.assume, k);
  std::vector<bool> unsigned_params = unsigned_scalar_params(k);
  StructPointers pointers = struct_pointers(m, k);
  // The small launches that meet the assumptions.
  std::vector<Dims> shapes;
  if (c.concrete_block) {
    shapes.push_back({{c.block[0], c.block[1], c.block[2]}});
  } else {
    for (uint32_t z = 1; z <= 128; ++z)
      for (uint32_t y = 1; y * z <= 128; ++y)
        for (uint32_t x = 1; x * y * z <= 128; ++x) shapes.push_back({{x, y, z}});
  }
  std::vector<Dims> grids;
  if (c.concrete_grid) grids.push_back({{c.grid[0], c.grid[1], c.grid[2]}});
  else
    for (const auto& g : kGrids) grids.push_back({{g[0], g[1], g[2]}});
  std::vector<std::pair<Dims, Dims>> launches;
  for (const Dims& b : shapes)
    for (const Dims& g : grids)
      if (directives_allow(k, b.v) && holds(assumptions, dimension_values(b.v, g.v), true)) launches.push_back({b, g});
  // Every grid of a shape is one more launch; a shape keeps up to two.
  std::map<Dims, std::vector<Dims>> by_shape;
  for (const auto& [b, g] : launches)
    if (by_shape[b].size() < 2) by_shape[b].push_back(g);
  std::vector<Dims> kept;
  for (const auto& [b, gs] : by_shape) kept.push_back(b);
  if (o.shapes_per_case && kept.size() > o.shapes_per_case) {
    for (size_t i = 0; i < o.shapes_per_case; ++i) std::swap(kept[i], kept[i + r.below(kept.size() - i)]);
    kept.resize(o.shapes_per_case);
  }
  std::vector<Emulated> runs;
  std::vector<size_t> scalars;
  for (size_t i = 0; i < k.params.size(); ++i)
    if (scalar_param(m, k.params[i])) scalars.push_back(i);
  for (const Dims& b : kept)
    for (const Dims& g : by_shape[b]) {
      std::vector<int64_t> pool = value_pool(c, b.v);
      std::set<std::vector<uint64_t>> chosen;
      for (int attempt = 0; attempt < 400 && chosen.size() < o.params_per_shape; ++attempt) {
        std::vector<uint64_t> params(k.params.size(), 0);
        Values v = dimension_values(b.v, g.v);
        for (size_t i = 0; i < k.params.size(); ++i) {
          if (std::find(scalars.begin(), scalars.end(), i) != scalars.end()) params[i] = static_cast<uint64_t>(pool[r.below(pool.size())]);
          if (k.params[i].dims.empty() && ptx::bit_width(k.params[i].type) <= 64)
            v.emplace_back(std::string(k.params[i].name), as_assumed(k.params[i], unsigned_params[i], params[i]));
        }
        if (holds(assumptions, v, false)) chosen.insert(params);
      }
      for (const std::vector<uint64_t>& params : chosen) {
        Seen seen = emulate(m, k, function, b.v, g.v, params, {}, std::nullopt, pointers);
        f.faulted += seen.faulted;
        ++f.launches;
        Emulated e;
        std::copy_n(b.v, 3, e.block);
        std::copy_n(g.v, 3, e.grid);
        e.params = params;
        e.seen = std::move(seen);
        runs.push_back(std::move(e));
      }
    }
  // The analysis, replay included, as `warpsat branches` runs it.
  BranchOptions bo;
  bo.solver.timeout_ms = o.timeout_ms;
  bo.linked_store_budget_ms = 600000;
  bo.launch.assumptions = assumptions;
  bo.launch.concrete_block = c.concrete_block;
  bo.launch.concrete_grid = c.concrete_grid;
  std::copy_n(c.block, 3, bo.launch.block);
  std::copy_n(c.grid, 3, bo.launch.grid);
  ReplayOptions replay;
  KernelBranches result;
  try {
    result = check_kernel_branches(m, k, bo, &replay);
  } catch (const CrossValidationError& e) {
    out.disagree(fmt::format("the replay found a contradiction: {}", e.what()));
    return;
  } catch (const InputError& e) {
    // No launch meets the assumptions (or the kernel's directives): none of ours may either.
    ++f.infeasible;
    for (const Emulated& e2 : runs) {
      out.disagree(fmt::format("'{}', yet block {} grid {} params [{}] meets them", e.what(), dims_text(e2.block),
                               dims_text(e2.grid), fmt::join(e2.params, ", ")));
      break;
    }
    return;
  }
  ++f.cases;
  auto launch_text = [&](const Emulated& e) {
    return fmt::format("block {} grid {} params [{}]", dims_text(e.block), dims_text(e.grid), fmt::join(e.params, ", "));
  };
  for (const BranchResult& b : result.branches) {
    ++f.verdicts;
    std::string where = fmt::format("PTX line {}", b.ptx_line);
    switch (b.verdict) {
      case BranchVerdict::Unknown: ++f.unknown; break;
      case BranchVerdict::Uniform:
        ++f.uniform;
        for (const Emulated& e : runs)
          if (e.seen.split_warps.count(b.instruction)) {
            out.disagree(fmt::format("{} is uniform, but a warp splits there in the launch {}", where, launch_text(e)));
            break;
          }
        break;
      case BranchVerdict::Unreachable:
        ++f.unreachable;
        for (const Emulated& e : runs)
          if (e.seen.reached_warps.count(b.instruction)) {
            out.disagree(fmt::format("{} is unreachable, but the launch {} reaches it", where, launch_text(e)));
            break;
          }
        break;
      case BranchVerdict::Divergent: {
        ++f.divergent;
        if (!b.witness) {
          out.disagree(where + " is divergent without a witness");
          break;
        }
        const Witness& w = *b.witness;
        if (c.concrete_block && !std::equal(w.block, w.block + 3, c.block))
          out.disagree(fmt::format("{}: the witness's block {} is not the given one", where, dims_text(w.block)));
        if (c.concrete_grid && !std::equal(w.grid, w.grid + 3, c.grid))
          out.disagree(fmt::format("{}: the witness's grid {} is not the given one", where, dims_text(w.grid)));
        // The witness's parameters: its own, else the value the run states for
        // a free parameter, else 0 (what the replay runs with).
        std::vector<uint64_t> params(k.params.size(), 0);
        std::map<size_t, std::vector<uint8_t>> aggregates;
        for (size_t i = 0; i < k.params.size(); ++i) {
          std::string name(k.params[i].name);
          for (const auto& [n, v] : result.chosen_parameters)
            if (n == name) params[i] = v;
          for (const auto& [n, v] : w.params)
            if (n == name) params[i] = v;
          for (const auto& [n, bytes] : w.aggregates)
            if (n == name) aggregates[i] = bytes;
        }
        Values v = dimension_values(w.block, w.grid);
        for (size_t i = 0; i < k.params.size(); ++i)
          if (k.params[i].dims.empty() && ptx::bit_width(k.params[i].type) <= 64)
            v.emplace_back(std::string(k.params[i].name), as_assumed(k.params[i], unsigned_params[i], params[i]));
        for (const Assumption& a : assumptions)
          if (!holds({a}, v, false))
            out.disagree(fmt::format("{}: the witness (block {}, grid {}, params [{}]) violates '{}'", where,
                                     dims_text(w.block), dims_text(w.grid), fmt::join(params, ", "), a.text));
        uint64_t cta = w.cta[0] + uint64_t{w.grid[0]} * (w.cta[1] + uint64_t{w.grid[1]} * w.cta[2]);
        Seen seen = emulate(m, k, function, w.block, w.grid, params, aggregates, cta);
        if (seen.split_warps[b.instruction].count({cta, w.warp})) {
          ++f.witnesses_emulated;
        } else if (b.validated && (!w.loads.empty() || b.seen_split || !w.aggregates.empty() ||
                                   (seen.faulted && !seen.reached_warps[b.instruction].count({cta, w.warp})))) {
          // Its split needs the memory values the replay placed, or memory
          // past the zero-filled buffers here (a witness's parameters may
          // index megabytes into a buffer the replay sizes to fit), or the
          // launch stopped (a fault, the step limit of a witness's long loop)
          // before the witness's warp reached the branch, though others had.
          ++f.witnesses_replayed;
        } else {
          out.disagree(fmt::format("{} is divergent, but its witness (block {}, grid {}, CTA {}, warp {}, params "
                                   "[{}]) does not split there in emulation{}",
                                   where, dims_text(w.block), dims_text(w.grid), cta, w.warp, fmt::join(params, ", "),
                                   b.validated ? "" : " and the replay did not validate it"));
        }
        break;
      }
    }
  }
}

}  // namespace

std::vector<std::string> committed_ptx_files(const std::string& source_dir) {
  std::vector<std::string> out;
  // Either folder may be missing: --source may hold one trial kernel alone.
  fs::path kernels = fs::path(source_dir) / "examples/kernels/ptx", branches = fs::path(source_dir) / "tests/files/branches";
  if (fs::is_directory(kernels))
    for (const auto& e : fs::directory_iterator(kernels)) {
      std::string name = e.path().filename().string();
      if (name.ends_with(".sm_80.ptx") && name.find("clang") == std::string::npos &&
          name.find("nolineinfo") == std::string::npos)
        out.push_back(e.path().string());
    }
  if (fs::is_directory(branches))
    for (const auto& e : fs::recursive_directory_iterator(branches))
      if (e.path().extension() == ".ptx") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> property_kernels(const std::vector<std::string>& ptx_files, size_t max_branches) {
  std::vector<std::string> out;
  for (const std::string& file : ptx_files) {
    std::optional<ptx::Module> m;
    try {
      m = ptx::read_module(file);
    } catch (const InputError&) {
      continue;
    }
    for (const ptx::Function& k : m->functions) {
      if (!k.is_entry || !k.has_body || k.instructions.size() > 600) continue;
      if (std::none_of(k.params.begin(), k.params.end(), [&](const ptx::Variable& p) { return scalar_param(*m, p); }))
        continue;
      size_t branches = 0;
      bool indexed = false, calls = false;
      for (const ptx::Instruction& ins : k.instructions) {
        branches += ins.op == ptx::Opcode::Bra && ins.has_guard;
        indexed = indexed || ins.name == "brx";
        calls = calls || ins.name == "call";
      }
      if (branches == 0 || branches > max_branches || indexed || calls) continue;
      out.push_back(file + ":" + std::string(k.name));
    }
  }
  return out;
}

PropertyFigures run_assumption_property(const std::vector<std::string>& kernels, const PropertyOptions& o) {
  auto start = std::chrono::steady_clock::now();
  PropertyFigures f;
  f.kernels = kernels.size();
  if (kernels.empty()) return f;
  Rng r(o.seed);
  std::map<std::string, ptx::Module> modules;
  for (size_t i = 0; i < o.cases; ++i) {
    const std::string& spec = kernels[(i + r.below(kernels.size())) % kernels.size()];
    std::string file = spec.substr(0, spec.rfind(':')), name = spec.substr(spec.rfind(':') + 1);
    if (!modules.count(file)) modules.emplace(file, ptx::read_module(file));
    const ptx::Module& m = modules.at(file);
    size_t function = 0;
    while (m.functions[function].name != name) ++function;
    const ptx::Function& k = m.functions[function];
    Case c = make_case(r, spec, m, k);
    size_t before = f.disagreements;
    auto case_start = std::chrono::steady_clock::now();
    run_case(c, m, k, function, r, o, f);
    if (o.verbose)
      std::fprintf(stderr, "case %zu: %s: %s (%.2f s)\n", i, c.text().c_str(),
                   f.disagreements > before ? "DISAGREES" : "agrees",
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - case_start).count());
  }
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return f;
}

}  // namespace warpsat::property
