// `warpsat inspect`: static counts, control flow and branch slices of the
// kernels and functions of a PTX module.
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "frontend/analysis/dot.h"
#include "frontend/analysis/hopper_summary.h"
#include "frontend/analysis/statistics.h"
#include "frontend/diagnostics.h"
#include "frontend/kernel_names.h"
#include "frontend/ptx/parser.h"

namespace warpsat::cli {

namespace {

using namespace warpsat::analysis;

struct InspectOptions {
  std::string file;
  std::string kernel;
  std::string format = "table";
  std::string dot_dir;
  bool full_names = false;
};

struct FunctionReport {
  const ptx::Function* f;
  StaticCounts counts;
  FunctionAnalysis analysis;
  size_t branches = 0;  // every bra/brx
  std::string shown;    // the name as output shows it (kernel_names.h)
};

nlohmann::json source_json(const ptx::Module& m, const ptx::Instruction& ins) {
  if (ins.loc.line == 0) return nullptr;
  // The innermost line (where the branch is written), and the line of the
  // kernel it was inlined into.
  return {{"file", std::string(m.file_path(ins.loc.file))},
          {"line", ins.loc.line},
          {"inlined_into", ins.loc.inlined_at ? nlohmann::json{{"file", std::string(m.file_path(ins.loc.outer_file))},
                                                              {"line", ins.loc.outer_line}}
                                              : nlohmann::json(nullptr)}};
}

std::vector<std::string> leaf_names(const SliceLeaves& l) {
  std::vector<std::string> v;
  auto add = [&](bool b, const char* n) {
    if (b) v.emplace_back(n);
  };
  add(l.tid, "tid");
  add(l.ntid, "ntid");
  add(l.ctaid, "ctaid");
  add(l.nctaid, "nctaid");
  add(l.laneid, "laneid");
  add(l.warpid, "warpid");
  add(l.other_special, "other special register");
  for (auto p : l.kernel_params) v.push_back("param " + std::string(p));
  add(l.function_params, "function parameter");
  for (auto s : l.loads) v.push_back("load " + std::string(ptx::to_string(s).empty() ? "generic" : ptx::to_string(s)));
  add(l.atomics, "atomic");
  add(l.warp_collectives, "warp collective");
  add(l.call_results, "call result");
  add(l.loop_carried, "loop-carried");
  add(l.entry_values, "uninitialised register");
  return v;
}

nlohmann::json counts_json(const StaticCounts& c) {
  nlohmann::json cats, mem;
  for (size_t i = 0; i < kCategoryCount; ++i) cats[std::string(to_string(static_cast<Category>(i)))] = c.by_category[i];
  for (size_t i = 0; i < kMemorySpaceCount; ++i)
    mem[std::string(to_string(static_cast<MemorySpace>(i)))] = c.by_space[i];
  return {{"instructions", c.instructions}, {"categories", cats}, {"memory", mem}};
}

nlohmann::json hopper_json(const HopperSummary& h) {
  nlohmann::json j = {{"wgmma_mma_async", h.wgmma},
                      {"wgmma_shapes", h.wgmma_shapes},
                      {"wgmma_wait_group", h.wgmma_waits},
                      {"tma_loads", h.tma_loads},
                      {"tma_multicast_loads", h.tma_multicast},
                      {"tma_stores", h.tma_stores},
                      {"tma_reductions", h.tma_reductions},
                      {"bulk_copies", h.bulk_copies},
                      {"mbarrier_init", h.mbarrier_inits},
                      {"mbarrier_arrive", h.mbarrier_arrives},
                      {"mbarrier_expect_tx", h.mbarrier_expect_tx},
                      {"mbarrier_wait", h.mbarrier_waits},
                      {"setmaxnreg_dec", h.setmaxnreg_dec},
                      {"setmaxnreg_inc", h.setmaxnreg_inc},
                      {"cluster_barriers", h.cluster_barriers},
                      {"cluster_accesses", h.cluster_accesses}};
  nlohmann::json dynamic = nlohmann::json::array();
  for (std::string_view v : h.dynamic_shared) dynamic.push_back(std::string(v));
  j["dynamic_shared"] = dynamic;
  return j;
}

nlohmann::json function_json(const ptx::Module& m, const FunctionReport& r) {
  const ptx::Function& f = *r.f;
  const Cfg& cfg = r.analysis.cfg;
  nlohmann::json slices = nlohmann::json::array();
  for (const BranchSlice& s : r.analysis.slices) {
    const ptx::Instruction& b = f.instructions[s.branch];
    uint32_t rc = cfg.ipdom[cfg.block_of[s.branch]];
    nlohmann::json reconv = rc == kNone ? nlohmann::json(nullptr)
                            : rc == cfg.exit_node() ? nlohmann::json("exit")
                                                    : nlohmann::json(f.instructions[cfg.blocks[rc].first].pos.line);
    slices.push_back({{"ptx_line", b.pos.line},
                      {"source", source_json(m, b)},
                      {"slice_size", s.instructions.size()},
                      {"reconverges_at_ptx_line", reconv},
                      {"leaves", leaf_names(s.leaves)}});
  }
  nlohmann::json j = counts_json(r.counts);
  j["name"] = std::string(f.name);
  j["short_name"] = r.shown;
  j["demangled_name"] = demangle_kernel_name(f.name);
  j["kind"] = f.is_entry ? "entry" : "func";
  j["ptx_line"] = f.pos.line;
  if (f.reqntid[0]) j["reqntid"] = {f.reqntid[0], f.reqntid[1], f.reqntid[2]};
  if (f.maxntid[0]) j["maxntid"] = {f.maxntid[0], f.maxntid[1], f.maxntid[2]};
  j["basic_blocks"] = cfg.blocks.size();
  j["branches"] = r.branches;
  j["conditional_branches"] = r.analysis.slices.size();
  j["loops"] = cfg.loops.size();
  j["irreducible_edges"] = cfg.irreducible_edges;
  j["slice_instructions"] = r.analysis.slice_union;
  j["slice_share"] = f.instructions.empty() ? 0.0 : 100.0 * static_cast<double>(r.analysis.slice_union) /
                                                        static_cast<double>(f.instructions.size());
  j["branch_slices"] = slices;
  if (HopperSummary h = summarize_hopper(m, f); h.any()) j["hopper"] = hopper_json(h);
  return j;
}

void print_table(const ptx::Module& m, const std::vector<FunctionReport>& reports, const StaticCounts& total,
                 size_t slice_total) {
  fmt::print("{}: PTX {}.{}, target {}, {}-bit addresses, {} function(s) with a body\n\n", m.source, m.version_major,
             m.version_minor, fmt::join(m.targets, ","), m.address_size, reports.size());
  fmt::print("{:<32} {:>6} {:>6} {:>5} {:>5} {:>5} {:>6} {:>5} {:>5} {:>6} {:>5} {:>6} {:>5} {:>5} {:>6}\n", "function",
             "instr", "int", "fp16", "fp32", "fp64", "mem", "ctrl", "sync", "tensor", "other", "blocks", "br", "loops",
             "slice%");
  // Names are shortened (frontend/kernel_names.h), never cut: one longer
  // than the column gets a line of its own above its numbers.
  auto row = [&](std::string name, const StaticCounts& c, size_t blocks, size_t br, size_t loops, double share) {
    if (name.size() > 32) {
      fmt::print("{}\n", name);
      name.clear();
    }
    const auto& k = c.by_category;
    fmt::print("{:<32} {:>6} {:>6} {:>5} {:>5} {:>5} {:>6} {:>5} {:>5} {:>6} {:>5} {:>6} {:>5} {:>5} {:>6.1f}\n", name,
               c.instructions, k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], k[8], blocks, br, loops, share);
  };
  size_t blocks = 0, branches = 0, loops = 0;
  for (const auto& r : reports) {
    double share = r.f->instructions.empty() ? 0 : 100.0 * static_cast<double>(r.analysis.slice_union) /
                                                       static_cast<double>(r.f->instructions.size());
    row(r.shown, r.counts, r.analysis.cfg.blocks.size(), r.branches, r.analysis.cfg.loops.size(), share);
    blocks += r.analysis.cfg.blocks.size();
    branches += r.branches;
    loops += r.analysis.cfg.loops.size();
  }
  if (reports.size() > 1)
    row("total", total, blocks, branches, loops,
        total.instructions ? 100.0 * static_cast<double>(slice_total) / static_cast<double>(total.instructions) : 0);
  fmt::print("\nmemory instructions by state space:");
  for (size_t i = 0; i < kMemorySpaceCount; ++i)
    fmt::print(" {} {}", to_string(static_cast<MemorySpace>(i)), total.by_space[i]);
  fmt::print("\nslice%: instructions in the union of the backward slices of all conditional branches\n");
  // Hopper's asynchronous machinery, per function that has any: which
  // warp-specialized pipeline the kernel is, without reading its PTX.
  bool heading = false;
  for (const auto& r : reports) {
    HopperSummary h = summarize_hopper(m, *r.f);
    if (!h.any()) continue;
    if (!heading) fmt::print("\nHopper (sm_90a) operations:\n");
    heading = true;
    std::string name(r.f->name);
    if (name.size() > 64) name = name.substr(0, 61) + "...";
    fmt::print("{} (PTX line {}):\n  {}\n", name, r.f->pos.line, h.describe());
  }
}

int run_inspect(const InspectOptions& o) {
  ptx::Module m = ptx::read_module(o.file);
  std::vector<FunctionReport> reports;
  StaticCounts total;
  size_t slice_total = 0;
  std::vector<const ptx::Function*> functions;
  std::vector<std::string> mangled;
  for (const ptx::Function& f : m.functions)
    if (f.has_body) {
      functions.push_back(&f);
      mangled.emplace_back(f.name);
    }
  KernelNames names(mangled, o.full_names);
  if (!o.kernel.empty()) {
    if (functions.empty()) throw command_line_error(fmt::format("{} has no function with a body", o.file));
    functions = {functions[select_kernel_name(mangled, o.kernel, "kernel or function", o.file)]};
  }
  for (const ptx::Function* fp : functions) {
    const ptx::Function& f = *fp;
    FunctionReport r{&f, count_instructions(f), analyse_function(f, m.source), 0, names.display(f.name)};
    for (const auto& ins : f.instructions) r.branches += ins.op == ptx::Opcode::Bra || ins.op == ptx::Opcode::Brx;
    total += r.counts;
    slice_total += r.analysis.slice_union;
    reports.push_back(std::move(r));
  }
  if (!o.dot_dir.empty()) {
    std::filesystem::create_directories(o.dot_dir);
    for (const auto& r : reports) {
      // A file name of at most 255 bytes: CUTLASS's mangled names are longer.
      std::string file(r.f->name);
      if (file.size() > 200) file = file.substr(0, 100) + "-" + kernel_name_id(r.f->name, 8);
      std::string path = (std::filesystem::path(o.dot_dir) / (file + ".dot")).string();
      std::ofstream(path) << cfg_to_dot(*r.f, r.analysis);
    }
  }
  if (o.format == "json") {
    nlohmann::json fns = nlohmann::json::array();
    for (const auto& r : reports) fns.push_back(function_json(m, r));
    nlohmann::json t = counts_json(total);
    t["slice_instructions"] = slice_total;
    nlohmann::json j = {{"file", m.source},
                        {"version", fmt::format("{}.{}", m.version_major, m.version_minor)},
                        {"targets", m.targets},
                        {"address_size", m.address_size},
                        {"kernels", fns},
                        {"total", t}};
    std::cout << j.dump(2) << "\n";
  } else {
    print_table(m, reports, total, slice_total);
  }
  return kExitOk;
}

}  // namespace

void add_inspect_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<InspectOptions>();
  CLI::App* sub = app.add_subcommand("inspect", "static counts, control flow and branch slices of a PTX module");
  sub->add_option("file", o->file, "PTX file")->required();
  sub->add_option("--kernel", o->kernel,
                  "only this kernel or function: its mangled, demangled or short name, or a part of one that names "
                  "no other");
  sub->add_flag("--full-names", o->full_names, "name functions by their mangled names (default: demangled, shortened)");
  sub->add_option("--format", o->format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  sub->add_option("--dot", o->dot_dir, "write each function's CFG to DIR/NAME.dot (Graphviz)");
  commands.push_back({sub, [o] { return run_inspect(*o); }});
}

}  // namespace warpsat::cli
