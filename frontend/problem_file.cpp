#include "frontend/problem_file.h"

#include <filesystem>

#include <fmt/format.h>

#include "frontend/read_file.h"
#include "frontend/toml_reader.h"

namespace warpsat {

namespace {
std::vector<int64_t> integer_list(const TomlReader& r, const toml::table& t, std::string_view key) {
  const toml::node* n = t.get(key);
  const toml::array* a = n->as_array();
  if (!a) r.fail(*n, fmt::format("'{}' must be an array of integers, e.g. [32, 64, 128]", key));
  if (a->empty()) r.fail(*n, fmt::format("'{}' must not be empty", key));
  std::vector<int64_t> out;
  for (const toml::node& e : *a) out.push_back(r.integer_value(e, key, 1, kMaxTileDim));
  return out;
}

void read_search(const TomlReader& r, const toml::table& s, ProblemFile& p) {
  r.reject_unknown_keys(s, {"tiles", "tm", "tn", "tk", "stages", "objective"});
  if (s.get("tiles")) p.tm = p.tn = p.tk = integer_list(r, s, "tiles");
  if (s.get("tm")) p.tm = integer_list(r, s, "tm");
  if (s.get("tn")) p.tn = integer_list(r, s, "tn");
  if (s.get("tk")) p.tk = integer_list(r, s, "tk");
  if (const toml::node* n = s.get("stages")) {
    const toml::array* a = n->as_array();
    if (!a || a->size() != 2) r.fail(*n, "'stages' must be an inclusive range [min, max], e.g. [2, 4]");
    int64_t lo = r.integer_value(*a->get(0), "stages", 2, kMaxStages);
    int64_t hi = r.integer_value(*a->get(1), "stages", 2, kMaxStages);
    if (lo > hi) r.fail(*n, fmt::format("'stages' range [{}, {}] is empty", lo, hi));
    p.stage_range = {lo, hi};
  }
  if (s.get("objective")) {
    std::string o = r.require_string(s, "objective");
    if (o != "lex" && o != "total" && o != "wait") r.fail(*s.get("objective"), "'objective' must be lex, total or wait");
    p.objective = parse_objective(o);
  }
}

void read_config(const TomlReader& r, const toml::table& c, ProblemFile& p) {
  r.reject_unknown_keys(c, {"tile", "stages"});
  if (const toml::node* n = c.get("tile")) {
    if (auto s = n->value_exact<std::string>()) {
      try {
        p.tile = parse_tile(*s);
      } catch (const InputError& e) {
        r.fail(*n, e.message());
      }
    } else if (const toml::array* a = n->as_array(); a && a->size() == 3) {
      p.tile = Tile{r.integer_value(*a->get(0), "tile", 1, kMaxTileDim),
                    r.integer_value(*a->get(1), "tile", 1, kMaxTileDim),
                    r.integer_value(*a->get(2), "tile", 1, kMaxTileDim)};
    } else {
      r.fail(*n, "'tile' must be \"TMxTNxTK\" or [TM, TN, TK]");
    }
  }
  if (c.get("stages")) p.stages = r.require_integer(c, "stages", 2, kMaxStages);
}
}  // namespace

ProblemFile parse_problem_file(std::string text, const std::string& source) {
  TomlReader r(std::move(text), source);
  const toml::table& t = r.root();
  r.reject_unknown_keys(t, {"m", "n", "k", "machine", "workload", "search", "config", "description"});
  ProblemFile p;
  p.m = r.optional_integer(t, "m", 1, kMaxMatrixDim);
  p.n = r.optional_integer(t, "n", 1, kMaxMatrixDim);
  p.k = r.optional_integer(t, "k", 1, kMaxMatrixDim);
  if (auto m = r.optional_string(t, "machine")) {
    bool is_path = m->find('/') != std::string::npos || m->ends_with(".toml");
    p.machine = is_path ? (std::filesystem::path(source).parent_path() / *m).string() : *m;
  }
  if (auto w = r.optional_string(t, "workload")) p.workload = (std::filesystem::path(source).parent_path() / *w).string();
  for (auto [key, reader] : {std::pair{"search", &read_search}, {"config", &read_config}}) {
    if (const toml::node* n = t.get(key)) {
      const toml::table* tbl = n->as_table();
      if (!tbl) r.fail(*n, fmt::format("'{}' must be a table", key));
      reader(r, *tbl, p);
    }
  }
  return p;
}

ProblemFile read_problem_file(const std::string& path) { return parse_problem_file(read_file(path, 4u << 20), path); }

}  // namespace warpsat
