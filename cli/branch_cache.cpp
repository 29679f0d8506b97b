#include "cli/branch_cache.h"

#include <fstream>
#include <iterator>
#include <map>
#include <regex>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cache/kernel_key.h"
#include "frontend/content_hash.h"
#include "solver/branch_wire.h"
#include "cli/build_id.h"

namespace warpsat::cli {

namespace {

using nlohmann::json;

// The options that change an answer, as text: every one of BranchesOptions
// but those that choose kernels (--kernel), say how to print (--format,
// --source-root), or how the work is spread (-j, --in-process, --stats,
// --shard, --deadline).
std::string answer_options(const BranchesOptions& o, const std::optional<LaunchFile>& lf) {
  json j = {{"block", o.block},
            {"grid", o.grid},
            {"symbolic", o.symbolic},
            {"declared_block", o.declared_block},
            {"cluster", o.cluster},
            {"dynamic_shared_bytes", o.dynamic_shared_bytes ? static_cast<int64_t>(*o.dynamic_shared_bytes) : -1},
            {"racecheck", o.racecheck},
            {"assume", o.assume},
            {"timeout_ms", o.timeout_ms},
            {"unroll", o.unroll},
            {"seed", o.seed},
            {"exact_float_budget_ms", o.exact_float_budget_ms},
            {"linked_store_budget_ms", o.linked_store_budget_ms},
            {"max_ranges", o.max_ranges},
            {"max_paths", o.max_paths},
            {"no_replay", o.no_replay},
            {"no_race_free", o.no_race_free},
            {"undefined_per_thread", o.no_undefined_shared},
            {"no_warp_waits", o.no_warp_waits},
            {"per_branch_encoding", o.per_branch_encoding},
            {"fresh_solver_per_query", o.fresh_solver_per_query},
            {"confirm_seen_splits", o.confirm_seen_splits},
            {"reached_launch_first", o.reached_launch_first},
            {"bitblast_first", o.bitblast_first},
            {"no_thread_variance", o.no_thread_variance}};
  if (lf) {
    // The launch as the analysis sees it: shape, scalars and every buffer's bytes.
    ContentHash h;
    h.add("kernel", lf->kernel.value_or(""));
    h.add(fmt::format("{} {} {} {} {} {} {}", lf->grid[0], lf->grid[1], lf->grid[2], lf->block[0], lf->block[1],
                      lf->block[2], lf->dynamic_shared_bytes));
    for (const LaunchParam& p : lf->params) {
      if (p.scalar) h.add("scalar", fmt::format("{} {}", p.scalar->type.name, p.scalar->bits));
      for (const auto* b : {&p.buffer, &p.by_value})
        if (*b)
          h.add((*b)->type.name)
              .add(std::string_view(reinterpret_cast<const char*>((*b)->bytes.data()), (*b)->bytes.size()));
    }
    j["launch"] = h.hex();
  }
  // The launches the verdicts are also replayed on change what is validated:
  // each by its bytes, so that an edited file is a miss.
  if (!o.replay_launches.empty()) {
    ContentHash h;
    for (const std::string& path : o.replay_launches) {
      std::ifstream in(path, std::ios::binary);
      h.add(std::string(std::istreambuf_iterator<char>(in), {}));
    }
    j["replay_launches"] = h.hex();
  }
  return j.dump();
}

// What a cached answer needs to be put back into another module: each
// instruction's line and column where it was analysed.
json positions(const ptx::Function& k) {
  json lines = json::array(), columns = json::array();
  for (const ptx::Instruction& i : k.instructions) {
    lines.push_back(i.pos.line);
    columns.push_back(i.pos.column);
  }
  return {{"lines", lines}, {"columns", columns}};
}

// Old positions to new, instruction by instruction (the normal forms are
// equal, so the instructions are the same, in the same order).
struct Moves {
  std::map<uint32_t, uint32_t> line;
  std::map<std::pair<uint32_t, uint32_t>, std::pair<uint32_t, uint32_t>> position;
  std::string old_source, new_source;

  uint32_t to(uint32_t old_line) const {
    auto it = line.find(old_line);
    return it == line.end() ? old_line : it->second;
  }
  // "PTX line N" and "FILE:N:C" (the emulator's faults) in text.
  std::string text(const std::string& s) const {
    static const std::regex kLine(R"(PTX line (\d+))");
    std::string out;
    std::sregex_iterator it(s.begin(), s.end(), kLine), end;
    size_t at = 0;
    for (; it != end; ++it) {
      out += s.substr(at, static_cast<size_t>(it->position()) - at);
      out += fmt::format("PTX line {}", to(static_cast<uint32_t>(std::stoul((*it)[1].str()))));
      at = static_cast<size_t>(it->position() + it->length());
    }
    out += s.substr(at);
    if (old_source.empty()) return out;
    std::string with_file;
    at = 0;
    std::string needle = old_source + ":";
    for (size_t p; (p = out.find(needle, at)) != std::string::npos;) {
      with_file += out.substr(at, p - at);
      size_t q = p + needle.size();
      size_t colon = out.find(':', q);
      size_t end = colon == std::string::npos ? q : out.find_first_not_of("0123456789", colon + 1);
      if (colon == std::string::npos || colon == q || end == colon + 1 ||
          out.find_first_not_of("0123456789", q) != colon) {
        with_file += new_source + ":";
        at = q;
        continue;
      }
      uint32_t l = static_cast<uint32_t>(std::stoul(out.substr(q, colon - q)));
      uint32_t c = static_cast<uint32_t>(std::stoul(out.substr(colon + 1, end - colon - 1)));
      auto pos = position.find({l, c});
      auto [nl, nc] = pos == position.end() ? std::pair{to(l), c} : pos->second;
      with_file += fmt::format("{}:{}:{}", new_source, nl, nc);
      at = end == std::string::npos ? out.size() : end;
    }
    return with_file + out.substr(at);
  }
};

// An entry's value: the positions (one line of JSON), a newline, and the
// kernel's verdicts as solver/branch_wire writes them. Not the wire as a
// string inside the JSON: every hit parsed its 100-400 KB twice, escaped
// once (half the CPU of a run whose kernels all hit).
KernelBranches restore(const CacheEntry& e, const ptx::Module& m, const ptx::Function& k) {
  size_t newline = e.value.find('\n');
  if (newline == std::string::npos) throw std::runtime_error("an entry without its verdicts");
  json value = json::parse(std::string_view(e.value).substr(0, newline));
  const json& lines = value.at("lines");
  const json& columns = value.at("columns");
  if (lines.size() != k.instructions.size() || columns.size() != k.instructions.size())
    throw std::runtime_error("the entry's kernel has another number of instructions");
  Moves moves;
  moves.old_source = e.source;
  moves.new_source = m.source;
  for (size_t i = 0; i < k.instructions.size(); ++i) {
    const ptx::SourcePos& now = k.instructions[i].pos;
    uint32_t old_line = lines[i].get<uint32_t>(), old_column = columns[i].get<uint32_t>();
    moves.line.emplace(old_line, now.line);
    moves.position.emplace(std::pair{old_line, old_column}, std::pair{now.line, now.column});
  }
  KernelBranches r = kernel_from_wire(e.value.substr(newline + 1));
  r.name = std::string(k.name);
  r.function = static_cast<uint32_t>(&k - m.functions.data());
  for (BranchResult& b : r.branches) {
    if (b.instruction >= k.instructions.size()) throw std::runtime_error("a branch past the kernel's end");
    const ptx::Instruction& ins = k.instructions[b.instruction];
    b.ptx_line = ins.pos.line;
    b.loc = ins.loc;  // .loc is no part of the key: this module's
    b.reason = moves.text(b.reason);
    b.validation = moves.text(b.validation);
    for (std::string& s : b.imprecision) s = moves.text(s);
    if (b.witness)
      for (Witness::Load& l : b.witness->loads) l.ptx_line = moves.to(l.ptx_line);
  }
  for (FeasiblePath& p : r.paths)
    for (auto& [line, outcome] : p.outcomes) line = moves.to(line);
  r.paths_validation = moves.text(r.paths_validation);
  for (RaceFinding& race : r.races) {
    race.first_line = moves.to(race.first_line);
    race.second_line = moves.to(race.second_line);
    race.text = moves.text(race.text);
  }
  return r;
}

}  // namespace

CachedQueryAnswers::CachedQueryAnswers(const std::string& path, const BranchesOptions& o,
                                       const std::optional<LaunchFile>& launch, std::string kernel,
                                       int64_t run_began_ms)
    : cache_(path), options_(answer_options(o, launch)), kernel_(std::move(kernel)), run_began_ms_(run_began_ms) {
  expects_ = cache_.holds_answers(kernel_, build_id(), run_began_ms_);
}

std::string CachedQueryAnswers::key(const std::string& fingerprint) const {
  return ContentHash().add("warpsat", build_id()).add("branches", options_).add("query", fingerprint).hex();
}

std::optional<std::string> CachedQueryAnswers::find(const std::string& fingerprint) {
  std::string k = key(fingerprint);
  std::optional<std::string> a = cache_.answer(k, run_began_ms_);
  if (a) used_.push_back(std::move(k));
  return a;
}

void CachedQueryAnswers::keep(const std::string& fingerprint, const std::string& answer) {
  fresh_.push_back({key(fingerprint), kernel_, build_id(), answer});
}

void CachedQueryAnswers::save() {
  cache_.keep_answers(fresh_, used_);
  fresh_.clear();
  used_.clear();
}

bool cache_applies(const BranchesOptions& o) { return o.dump_dir.empty() && o.inject_fault == "none"; }

std::vector<std::string> branch_cache_keys(const ptx::Module& m, const std::vector<const ptx::Function*>& kernels,
                                           const BranchesOptions& o, const std::optional<LaunchFile>& launch) {
  std::string options = answer_options(o, launch);
  std::vector<std::string> keys;
  for (const ptx::Function* k : kernels)
    keys.push_back(ContentHash()
                       .add("warpsat", build_id())
                       .add("branches", options)
                       .add("kernel", kernel_normal_form(m, *k))
                       .hex());
  return keys;
}

std::vector<std::optional<KernelBranches>> cached_branches(VerdictCache& cache, const ptx::Module& m,
                                                           const std::vector<const ptx::Function*>& kernels,
                                                           const std::vector<std::string>& keys) {
  std::vector<std::optional<CacheEntry>> entries = cache.get_all(keys);
  std::vector<std::optional<KernelBranches>> out(kernels.size());
  for (size_t i = 0; i < kernels.size(); ++i) {
    if (!entries[i]) continue;
    try {
      out[i] = restore(*entries[i], m, *kernels[i]);
    } catch (const std::exception&) {
      // An entry this warpsat cannot read back is a miss: the kernel is
      // analysed again and its entry replaced.
    }
  }
  return out;
}

void store_branches(VerdictCache& cache, const ptx::Module& m, const std::vector<const ptx::Function*>& kernels,
                    const std::vector<std::string>& keys, const std::vector<KernelBranches>& results,
                    const std::vector<bool>& fresh) {
  std::vector<std::pair<std::string, CacheEntry>> entries;
  for (size_t i = 0; i < kernels.size(); ++i) {
    if (!fresh[i]) continue;
    std::string value = positions(*kernels[i]).dump() + "\n" + to_wire(results[i]);
    entries.emplace_back(keys[i], CacheEntry{results[i].name, m.source, build_id(), std::move(value)});
  }
  cache.put_all(entries);
}

}  // namespace warpsat::cli
