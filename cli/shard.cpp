#include "cli/shard.h"

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "frontend/analysis/cfg.h"
#include "frontend/content_hash.h"
#include "frontend/diagnostics.h"
#include "cli/build_id.h"

namespace warpsat::cli {

ShardSpec parse_shard(const std::string& text) {
  auto bad = [&] {
    return command_line_error(fmt::format("--shard {}: give I/N, shard I of N, with 1 <= I <= N (e.g. 2/4)", text));
  };
  size_t slash = text.find('/');
  if (slash == std::string::npos) throw bad();
  ShardSpec s;
  auto number = [&](std::string_view digits, size_t& out) {
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty()) throw bad();
  };
  number(std::string_view(text).substr(0, slash), s.index);
  number(std::string_view(text).substr(slash + 1), s.count);
  if (s.count < 1 || s.index < 1 || s.index > s.count || s.count > 100000) throw bad();
  return s;
}

void add_shard_option(CLI::App* sub, std::string& text) {
  sub->add_option("--shard", text,
                  "I/N: answer only shard I of N (1-based), a deterministic part balanced by each item's estimated "
                  "cost, marked so that 'warpsat merge' joins the N outputs into the unsplit run's (json, sarif, "
                  "csv; docs/distributed.md)");
}

std::vector<size_t> shard_items(const std::vector<uint64_t>& estimates, const ShardSpec& s) {
  std::vector<size_t> all(estimates.size());
  std::iota(all.begin(), all.end(), size_t{0});
  if (!s.given()) return all;
  std::vector<size_t> order = all;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return estimates[a] > estimates[b]; });
  std::vector<uint64_t> load(s.count, 0);
  std::vector<size_t> mine;
  for (size_t item : order) {
    size_t least = static_cast<size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    // Each item counts for at least 1, so that items estimated at 0 spread too.
    load[least] += std::max<uint64_t>(estimates[item], 1);
    if (least + 1 == s.index) mine.push_back(item);
  }
  std::sort(mine.begin(), mine.end());
  return mine;
}

std::vector<uint64_t> branch_cost_estimates(const std::vector<const ptx::Function*>& kernels) {
  std::vector<uint64_t> out;
  for (const ptx::Function* k : kernels) {
    uint64_t branches = 0;
    for (const ptx::Instruction& i : k->instructions) branches += analysis::is_conditional_branch(i);
    out.push_back(k->instructions.size() + 32 * branches + 256);
  }
  return out;
}

nlohmann::json mark_json(const ShardMark& m) {
  return {{"command", m.command}, {"format", m.format}, {"index", m.shard.index}, {"count", m.shard.count},
          {"total", m.total},     {"items", m.items},   {"names", m.names},       {"version", m.version},
          {"options", m.options}, {"inputs", m.inputs}, {"status", m.status}};
}

ShardMark mark_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("its shard mark is not an object");
  ShardMark m;
  try {
    m.command = j.at("command").get<std::string>();
    m.format = j.at("format").get<std::string>();
    m.shard.index = j.at("index").get<size_t>();
    m.shard.count = j.at("count").get<size_t>();
    m.total = j.at("total").get<size_t>();
    m.items = j.at("items").get<std::vector<size_t>>();
    m.names = j.at("names").get<std::vector<std::string>>();
    m.version = j.at("version").get<std::string>();
    m.options = j.at("options").get<std::map<std::string, std::string>>();
    m.inputs = j.at("inputs").get<std::map<std::string, std::string>>();
    m.status = j.at("status").get<int>();
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(fmt::format("its shard mark is incomplete ({})", e.what()));
  }
  if (m.shard.count < 1 || m.shard.index < 1 || m.shard.index > m.shard.count)
    throw std::runtime_error(fmt::format("its shard mark says shard {} of {}", m.shard.index, m.shard.count));
  if (m.names.size() != m.items.size())
    throw std::runtime_error("its shard mark names another number of items than it lists");
  for (size_t i : m.items)
    if (i >= m.total) throw std::runtime_error(fmt::format("its shard mark lists item {} of {}", i, m.total));
  return m;
}

namespace {

// Options that change how a run goes, not what it prints.
bool changes_nothing_printed(const CLI::Option& o) {
  static const char* const kNames[] = {"--shard", "--jobs", "--deadline", "--stats", "--in-process",
                                       "--cache", "--trust-cache", "--help"};
  for (const std::string& n : o.get_lnames())
    for (const char* k : kNames)
      if ("--" + n == k) return true;
  return false;
}

bool regular_file(const std::string& path) {
  struct stat st {};
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

std::map<std::string, std::string> options_fingerprint(const CLI::App& sub) {
  std::map<std::string, std::string> out;
  for (const CLI::Option* o : sub.get_options()) {
    if (changes_nothing_printed(*o)) continue;
    // Input files count by name here (their names are printed) and by
    // contents in inputs_fingerprint.
    std::string value;
    if (o->count() > 0) {
      for (const std::string& r : o->results()) value += (value.empty() ? "" : " ") + r;
    } else {
      value = o->get_default_str() + " (default)";
    }
    out[o->get_name()] = value;
  }
  return out;
}

std::map<std::string, std::string> inputs_fingerprint(const CLI::App& sub, const std::vector<std::string>& files) {
  std::map<std::string, std::string> out;
  auto add = [&](const std::string& path) {
    if (!out.count(path)) out[path] = ContentHash().add_file(path).hex();
  };
  for (const std::string& f : files) add(f);
  for (const CLI::Option* o : sub.get_options()) {
    if (changes_nothing_printed(*o) || o->count() == 0) continue;
    for (const std::string& r : o->results())
      if (regular_file(r)) add(r);
  }
  return out;
}

ShardMark make_mark(const CLI::App& sub, const std::string& command, const std::string& format, const ShardSpec& s,
                    size_t total, const std::vector<size_t>& items, const std::vector<std::string>& names,
                    const std::vector<std::string>& input_files, int status) {
  ShardMark m;
  m.command = command;
  m.format = format;
  m.shard = s;
  m.total = total;
  m.items = items;
  m.names = names;
  m.version = build_id();
  m.options = options_fingerprint(sub);
  m.inputs = inputs_fingerprint(sub, input_files);
  m.status = status;
  return m;
}

}  // namespace warpsat::cli
