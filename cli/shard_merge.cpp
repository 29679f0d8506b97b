#include "cli/shard_merge.h"

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "cli/metrics_output.h"
#include "cli/shard.h"
#include "frontend/diagnostics.h"
#include "frontend/read_file.h"

namespace warpsat::cli {

namespace {

using nlohmann::json;

// One shard's output, read back.
struct Part {
  std::string path;
  ShardMark mark;
  std::optional<json> doc;         // JSON and SARIF
  std::vector<std::string> lines;  // CSV: the header, then one row per item
};

[[noreturn]] void refuse(const std::string& message) { throw command_line_error("merge: " + message); }

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    lines.emplace_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

json& sarif_properties(json& doc) { return doc["runs"][0]["properties"]; }

Part read_part(const std::string& path) {
  Part p;
  p.path = path;
  std::string text = read_file(path, size_t{4} << 30);
  auto mark = [&](const json& j) {
    try {
      return mark_from_json(j);
    } catch (const std::exception& e) {
      refuse(fmt::format("{}: {}", path, e.what()));
    }
  };
  if (text.starts_with(kCsvMarkPrefix)) {
    size_t nl = text.find('\n');
    std::string head = text.substr(std::string_view(kCsvMarkPrefix).size(), nl - std::string_view(kCsvMarkPrefix).size());
    json j = json::parse(head, nullptr, false);
    if (j.is_discarded()) refuse(fmt::format("{}: its first line is no shard mark", path));
    p.mark = mark(j);
    p.lines = split_lines(nl == std::string::npos ? std::string_view() : std::string_view(text).substr(nl + 1));
    return p;
  }
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    refuse(fmt::format("{} is neither JSON nor CSV with a shard mark (empty: did its shard fail?)", path));
  if (doc.contains("shard")) {
    p.mark = mark(doc["shard"]);
    doc.erase("shard");
  } else if (doc.contains("runs") && doc["runs"].is_array() && doc["runs"].size() == 1 &&
             doc["runs"][0].contains("properties") && doc["runs"][0]["properties"].contains("warpsat/shard")) {
    json& props = sarif_properties(doc);
    p.mark = mark(props["warpsat/shard"]);
    props.erase("warpsat/shard");
    if (props.empty()) doc["runs"][0].erase("properties");
  } else {
    refuse(fmt::format("{} carries no shard mark: give the outputs of runs with --shard I/N", path));
  }
  p.doc = std::move(doc);
  return p;
}

// The first name whose value differs between two marks, in words.
std::string first_difference(const char* what, const std::map<std::string, std::string>& a,
                             const std::map<std::string, std::string>& b, const std::string& a_path,
                             const std::string& b_path) {
  for (const auto& [name, value] : a) {
    auto it = b.find(name);
    if (it == b.end()) return fmt::format("{} {} of {} is not in {}", what, name, a_path, b_path);
    if (it->second != value)
      return what == std::string("option")
                 ? fmt::format("{} {} in {}, {} in {}", name, value, a_path, it->second, b_path)
                 : fmt::format("{} {} differs", what, name);
  }
  for (const auto& [name, value] : b)
    if (!a.count(name)) return fmt::format("{} {} of {} is not in {}", what, name, b_path, a_path);
  return "";
}

// Every part of one run, each shard once.
void check_parts(std::vector<Part>& parts) {
  const Part& first = parts.front();
  const ShardMark& a = first.mark;
  for (const Part& p : parts) {
    const ShardMark& b = p.mark;
    std::string whose = fmt::format("{} and {} are shards of different runs: ", first.path, p.path);
    if (b.version != a.version) refuse(whose + fmt::format("warpsat {} and warpsat {}", a.version, b.version));
    if (b.command != a.command || b.format != a.format)
      refuse(whose + fmt::format("'{}' with --format {} and '{}' with --format {}", a.command, a.format, b.command,
                                 b.format));
    if (b.options != a.options) refuse(whose + first_difference("option", a.options, b.options, first.path, p.path));
    if (b.inputs != a.inputs)
      refuse(whose + first_difference("input file", a.inputs, b.inputs, first.path, p.path) +
             (a.inputs.size() == b.inputs.size() ? " (contents)" : ""));
    if (b.shard.count != a.shard.count)
      refuse(whose + fmt::format("one of {} shards and one of {}", a.shard.count, b.shard.count));
    if (b.total != a.total) refuse(whose + fmt::format("{} and {} items", a.total, b.total));
  }
  std::sort(parts.begin(), parts.end(), [](const Part& x, const Part& y) { return x.mark.shard.index < y.mark.shard.index; });
  for (size_t i = 1; i < parts.size(); ++i)
    if (parts[i].mark.shard.index == parts[i - 1].mark.shard.index)
      refuse(fmt::format("{} and {} are both shard {}/{}", parts[i - 1].path, parts[i].path, parts[i].mark.shard.index,
                         a.shard.count));
  std::vector<size_t> missing;
  for (size_t s = 1, k = 0; s <= a.shard.count; ++s) {
    if (k < parts.size() && parts[k].mark.shard.index == s) ++k;
    else missing.push_back(s);
  }
  if (!missing.empty()) {
    std::vector<std::string> names;
    for (size_t s : missing) names.push_back(fmt::format("{}/{}", s, a.shard.count));
    refuse(fmt::format("shard{} {} {} missing", missing.size() > 1 ? "s" : "", fmt::join(names, ", "),
                       missing.size() > 1 ? "are" : "is"));
  }
  // The marks' items: each item of the run exactly once. A run's size is
  // only believed up to the items the shards list, so that a mark claiming
  // 10^15 items costs nothing.
  size_t listed = 0;
  for (const Part& p : parts) listed += p.mark.items.size();
  if (listed < a.total)
    refuse(fmt::format("the shards list {} items in all, their marks say the run has {}: were they split by different "
                       "versions?",
                       listed, a.total));
  std::vector<int> owner(a.total, -1);
  for (size_t k = 0; k < parts.size(); ++k)
    for (size_t item : parts[k].mark.items) {
      if (owner[item] >= 0)
        refuse(fmt::format("{} and {} both hold item {} ({}): were they split by different versions?",
                           parts[static_cast<size_t>(owner[item])].path, parts[k].path, item,
                           parts[k].mark.names[static_cast<size_t>(
                               std::find(parts[k].mark.items.begin(), parts[k].mark.items.end(), item) -
                               parts[k].mark.items.begin())]));
      owner[item] = static_cast<int>(k);
    }
  for (size_t item = 0; item < a.total; ++item)
    if (owner[item] < 0) refuse(fmt::format("no shard holds item {} of {}", item, a.total));
}

// The list under `key` of every part, in the unsplit run's order.
json merged_array(const std::vector<Part>& parts, const char* key) {
  std::vector<json> slots(parts.front().mark.total);
  for (const Part& p : parts) {
    const json& list = (*p.doc)[key];
    if (!list.is_array() || list.size() != p.mark.items.size())
      refuse(fmt::format("{}: its \"{}\" hold {} entries, its mark {} items", p.path, key,
                         list.is_array() ? list.size() : 0, p.mark.items.size()));
    for (size_t i = 0; i < list.size(); ++i) slots[p.mark.items[i]] = list[i];
  }
  json out = json::array();
  for (json& j : slots) out.push_back(std::move(j));
  return out;
}

// The part whose top-level keys the merged document takes: the first that
// answered anything (a shard with no items prints a bare document).
const Part& base_part(const std::vector<Part>& parts) {
  for (const Part& p : parts)
    if (!p.mark.items.empty()) return p;
  return parts.front();
}

uint64_t count_at(const json& j, const char* key) { return j.contains(key) ? j[key].get<uint64_t>() : 0; }

// A kernel's metrics from its JSON entry (metrics_json's fields).
simt::KernelMetrics metrics_from_json(const json& k) {
  simt::KernelMetrics m;
  m.static_instructions = count_at(k, "static_instructions");
  m.warp_instructions = count_at(k, "warp_instructions");
  m.thread_instructions = count_at(k, "thread_instructions");
  m.thread_instructions_predicated_on = count_at(k, "thread_instructions_predicated_on");
  for (size_t i = 0; i < analysis::kCategoryCount; ++i) {
    std::string name(analysis::to_string(static_cast<analysis::Category>(i)));
    if (k.contains("thread_instructions_by_category")) m.thread_by_category[i] = count_at(k["thread_instructions_by_category"], name.c_str());
  }
  auto precisions = [&](const char* key, std::array<uint64_t, 3>& out) {
    if (!k.contains(key)) return;
    out = {count_at(k[key], "half"), count_at(k[key], "single"), count_at(k[key], "double")};
  };
  precisions("fp_instructions", m.fp_instructions);
  precisions("flops", m.flops);
  precisions("flops_special", m.flops_special);
  if (k.contains("wgmma")) {
    m.wgmma_instructions = count_at(k["wgmma"], "instructions");
    m.wgmma_flops = count_at(k["wgmma"], "flops");
  }
  if (k.contains("async") && k["async"].contains("by_role"))
    for (size_t i = 0; i < m.roles.size(); ++i) {
      const char* role = simt::to_string(static_cast<simt::WarpRole>(i));
      if (!k["async"]["by_role"].contains(role)) continue;
      const json& r = k["async"]["by_role"][role];
      simt::AsyncMetrics& a = m.roles[i];
      a.warps = count_at(r, "warps");
      a.warp_instructions = count_at(r, "warp_instructions");
      a.wgmma_instructions = count_at(r, "wgmma_instructions");
      a.wgmma_flops = count_at(r, "wgmma_flops");
      a.tma_bytes_loaded = count_at(r, "tma_bytes_loaded");
      a.tma_bytes_stored = count_at(r, "tma_bytes_stored");
      a.mbarrier_waits = count_at(r, "mbarrier_waits");
      a.mbarrier_blocked = count_at(r, "mbarrier_blocked");
    }
  m.branches = count_at(k, "branches");
  m.divergent_branches = count_at(k, "divergent_branches");
  m.ctas = count_at(k, "ctas");
  m.warps = count_at(k, "warps");
  m.threads = count_at(k, "threads");
  // The memory metrics (cli/memory_output.cpp's JSON), for the total.
  if (k.contains("memory") && k["memory"].is_object()) {
    const json& mem = k["memory"];
    m.memory.measured = mem.value("measured", false);
    if (mem.contains("classes"))
      for (size_t i = 0; i < simt::kMemClassCount; ++i) {
        auto cls = static_cast<simt::MemClass>(i);
        if (!mem["classes"].contains(simt::mem_class_key(cls))) continue;
        const json& c = mem["classes"][simt::mem_class_key(cls)];
        // Each class writes only its own counters (memory_output's access_json): count_at gives 0 for the rest.
        simt::AccessCounters& a = m.memory[cls];
        a.requests = count_at(c, "requests");
        a.lanes = count_at(c, "lanes");
        a.bytes_requested = count_at(c, "bytes_requested");
        a.sectors = count_at(c, "sectors");
        a.lines = count_at(c, "lines");
        a.wavefronts = count_at(c, "wavefronts");
        a.ideal_wavefronts = count_at(c, "ideal_wavefronts");
        a.max_ways = c.contains("max_ways") ? count_at(c, "max_ways") : count_at(c, "max_same_address_lanes");
        a.atomic_serial = count_at(c, "atomic_serialisation");
        a.broadcasts = count_at(c, "broadcast_requests");
        a.delivered_sectors = count_at(c, "delivered_sectors");
        if (c.contains("swizzle") && c["swizzle"].is_array())
          for (const json& mode : c["swizzle"]) {
            static constexpr std::pair<const char*, uint8_t> kModes[] = {
                {"none", simt::kSwizzleNone}, {"32B", simt::kSwizzle32B}, {"64B", simt::kSwizzle64B}, {"128B", simt::kSwizzle128B}};
            for (auto [name, bit] : kModes)
              if (mode.is_string() && mode.get<std::string>() == name) a.swizzles |= bit;
          }
      }
  }
  return m;
}

// `profile --format json`: the kernels, and what the unsplit run sums over them.
json merge_profile_json(const std::vector<Part>& parts) {
  json out = *base_part(parts).doc;
  out["kernels"] = merged_array(parts, "kernels");
  simt::KernelMetrics total;
  size_t failed = 0;
  double ms = 0;
  for (const json& k : out["kernels"]) {
    bool ok = k.value("ok", false);
    if (ok) total += metrics_from_json(k);
    failed += !ok;
    ms += k.value("duration_ms", 0.0);
  }
  ptx::Module none;  // the total has no per-branch rows, which alone name the module
  json t = metrics_json(none, total);
  t.erase("per_branch");
  out["total"] = t;
  out["failed"] = failed;
  out["duration_ms"] = ms;
  return out;
}

// SARIF: each shard's results, by the kernel they are about, in kernel order.
json merge_sarif(const std::vector<Part>& parts) {
  json out = *parts.front().doc;
  std::vector<json> by_item(parts.front().mark.total, json::array());
  for (const Part& p : parts) {
    std::map<std::string, size_t> item_of;
    for (size_t i = 0; i < p.mark.items.size(); ++i) item_of[p.mark.names[i]] = p.mark.items[i];
    for (const json& r : (*p.doc)["runs"][0]["results"]) {
      std::string kernel = r.contains("properties") ? r["properties"].value("kernel", "") : "";
      auto it = item_of.find(kernel);
      if (it == item_of.end()) refuse(fmt::format("{}: a result about kernel '{}', which its mark does not list", p.path, kernel));
      by_item[it->second].push_back(r);
    }
  }
  json results = json::array();
  for (const json& list : by_item)
    for (const json& r : list) results.push_back(r);
  out["runs"][0]["results"] = results;
  return out;
}

// CSV: the header once, then each item's row.
std::string merge_csv(const std::vector<Part>& parts) {
  const std::string* header = nullptr;
  std::vector<std::string> rows(parts.front().mark.total);
  for (const Part& p : parts) {
    if (p.lines.empty()) refuse(fmt::format("{}: no CSV header after its mark", p.path));
    if (!header) header = &p.lines.front();
    else if (p.lines.front() != *header) refuse(fmt::format("{}: its CSV header differs from {}'s", p.path, parts.front().path));
    if (p.lines.size() - 1 != p.mark.items.size())
      refuse(fmt::format("{}: {} CSV rows for the {} items of its mark", p.path, p.lines.size() - 1, p.mark.items.size()));
    for (size_t i = 0; i < p.mark.items.size(); ++i) rows[p.mark.items[i]] = p.lines[i + 1];
  }
  std::string out = *header + "\n";
  for (const std::string& r : rows) out += r + "\n";
  return out;
}

}  // namespace

MergedOutput merge_shard_outputs(const std::vector<std::string>& paths) {
  if (paths.empty()) refuse("give the shards' output files");
  std::vector<Part> parts;
  for (const std::string& path : paths) parts.push_back(read_part(path));
  check_parts(parts);
  MergedOutput m;
  for (const Part& p : parts) m.status = std::max(m.status, p.mark.status);
  const ShardMark& mark = parts.front().mark;
  if (mark.format == "csv" || mark.format == "hypa-csv") {
    m.text = merge_csv(parts);
  } else if (mark.format == "sarif") {
    m.text = merge_sarif(parts).dump(2) + "\n";
  } else if (mark.command == "profile") {
    m.text = merge_profile_json(parts).dump(2) + "\n";
  } else {
    json out = *base_part(parts).doc;
    const char* key = mark.command == "tile" ? "shapes" : "kernels";
    out[key] = merged_array(parts, key);
    m.text = out.dump(2) + "\n";
  }
  return m;
}

}  // namespace warpsat::cli
