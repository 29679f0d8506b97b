// `warpsat report`: the branch verdicts of `branches` and, with a launch, the
// per-line counts of `profile`, as one HTML page per kernel with the CUDA
// source beside the PTX (report/source_view.h).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "cli/branch_words.h"
#include "cli/branches_run.h"
#include "cli/commands.h"
#include "cli/emulator_options.h"
#include "frontend/diagnostics.h"
#include "frontend/inline_chain.h"
#include "frontend/kernel_names.h"
#include "frontend/ptx/parser.h"
#include "report/source_view.h"

namespace warpsat::cli {

namespace {

namespace fs = std::filesystem;

struct ReportOptions {
  BranchesOptions branches;
  std::string output_dir;
};

// The kernel's lines of the PTX text: from its .entry line to the first
// closing brace alone on a line at or after its last instruction.
std::vector<report::PtxLine> kernel_ptx_lines(const ptx::Module& m, const ptx::Function& f) {
  std::vector<std::string> lines;
  std::istringstream in(*m.text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  uint32_t first = f.pos.line ? f.pos.line : 1;
  uint32_t last = first;
  for (const ptx::Instruction& ins : f.instructions) last = std::max(last, ins.pos.line);
  while (last < lines.size() && lines[last - 1].find('}') == std::string::npos) ++last;
  std::map<uint32_t, const ptx::Instruction*> at;
  for (const ptx::Instruction& ins : f.instructions) at.emplace(ins.pos.line, &ins);
  std::vector<report::PtxLine> out;
  for (uint32_t n = first; n <= last && n <= lines.size(); ++n) {
    report::PtxLine l{n, lines[n - 1], 0, 0};
    if (auto it = at.find(n); it != at.end() && it->second->loc.line) {
      l.source_file = it->second->loc.file;
      l.source_line = it->second->loc.line;
    }
    out.push_back(std::move(l));
  }
  return out;
}

// A file name for the kernel's page: its name where that is short and
// plain, else its function name and its id (a CUTLASS kernel's mangled name
// is longer than a file name may be).
std::string page_name(const std::string& kernel) {
  auto plain = [](const std::string& text) {
    std::string name;
    for (char c : text) name += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '_';
    return name;
  };
  std::string name = plain(kernel);
  if (name.size() > 80) {
    std::string shortened = plain(short_kernel_name(kernel, 40));
    name = shortened.substr(0, 60) + "-" + kernel_name_id(kernel, 8);
  }
  return (name.empty() ? "kernel" : name) + ".html";
}

report::KernelView kernel_view(const ptx::Module& m, const KernelBranches& k, const SourceFiles& sources,
                               const uint32_t grid[3], const simt::KernelProfile* profile, const std::string& launch,
                               const std::string& shown_name) {
  const ptx::Function& f = m.functions[k.function];
  report::KernelView v;
  v.kernel = shown_name;
  v.ptx_file = m.source;
  v.assumptions = k.assumptions;
  v.ptx = kernel_ptx_lines(m, f);
  for (const BranchResult& b : k.branches) {
    report::BranchMark mark{b.ptx_line, b.loc.file, b.loc.line, to_string(b.verdict), b.reason, {},
                            b.validated, b.validation};
    if (b.loc.inlined_at) mark.details.push_back("inlined: " + inline_chain_text(m, b.loc, shown_name));
    std::optional<SourceCondition> c = branch_condition(m, k, b, sources);
    if (c) mark.details.push_back("source: " + condition_sentence(*c));
    if (b.witness) mark.details.push_back("witness: " + witness_sentence(*b.witness, b.indexed, c));
    if (b.ranges) {
      mark.details.push_back(b.ranges->space + " ranges: " + ranges_sentence(*b.ranges, grid));
      if (c) mark.details.push_back(condition_ranges_sentence(*b.ranges, *c));
    }
    v.branches.push_back(std::move(mark));
  }
  // The source files the kernel's instructions come from: the innermost
  // line of each, where the code is written (an inlined helper's lines in
  // its own file, not all on the line that calls it).
  std::map<uint32_t, report::SourceFileView> files;
  for (const ptx::Instruction& ins : f.instructions) {
    if (!ins.loc.line) continue;
    auto [it, fresh] = files.try_emplace(ins.loc.file);
    report::SourceFileView& sf = it->second;
    if (fresh) {
      sf.index = ins.loc.file;
      const SourceText* t = sources.get(ins.loc.file);
      sf.name = t ? t->name : fmt::format(".file {} (not declared)", ins.loc.file);
      sf.readable = t && t->readable();
      sf.why_not = t ? t->why_not : "no .file directive";
      if (sf.readable) sf.lines = t->lines;
    }
    std::vector<uint32_t>& ptx_lines = sf.ptx_lines[ins.loc.line];
    if (ptx_lines.empty() || ptx_lines.back() != ins.pos.line) ptx_lines.push_back(ins.pos.line);
  }
  if (profile && profile->ok) {
    v.has_counts = true;
    v.launch = launch;
    for (const simt::InstructionMetrics& i : profile->metrics.per_instruction) {
      if (i.function != k.name) continue;  // called functions' lines are in their own PTX
      report::LineCounts c{i.warps, i.branch ? i.warps : 0, i.branch ? i.divergent : 0};
      for (const simt::ClassCounters& mc : i.memory) {
        c.swizzles |= mc.counters.swizzles;
        if (simt::is_bulk(mc.cls)) {
          if (simt::is_shared(mc.cls)) continue;  // the copy's other side
          c.tma_copies += mc.counters.requests;
          c.tma_bytes += mc.counters.bytes_requested;
          c.tma_sectors += mc.counters.sectors;
        } else if (simt::is_shared(mc.cls)) {
          c.shared_requests += mc.counters.requests;
          c.wavefronts += mc.counters.wavefronts;
          c.bank_conflicts += mc.counters.bank_conflicts();
        } else {
          c.device_requests += mc.counters.requests;
          c.sectors += mc.counters.sectors;
        }
      }
      v.ptx_counts[i.ptx_line] += c;
      if (i.loc.line)
        if (auto it = files.find(i.loc.file); it != files.end()) it->second.counts[i.loc.line] += c;
    }
  } else {
    v.counts_note = profile ? "the emulator could not run the launch: " + profile->error
                            : "give --launch FILE.toml for the emulator's executed instructions, divergent branches "
                              "and branch efficiency per line";
  }
  for (auto& [index, sf] : files) v.sources.push_back(std::move(sf));
  return v;
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw command_line_error(fmt::format("cannot write '{}'", path.string()));
}

int run_report(const ReportOptions& o) {
  const BranchesOptions& bo = o.branches;
  ptx::Module m = ptx::read_module(bo.file);
  SourceFiles sources(m, bo.source_root.empty() ? std::vector<std::string>{} : std::vector<std::string>{bo.source_root});
  ModuleBranches run = analyse_module_branches(m, bo);
  std::optional<simt::KernelProfile> profile;
  std::string launch_words;
  if (!bo.launch.empty()) {
    simt::Launch l = launch_for(m, read_launch_file(bo.launch), bo.kernel);
    simt::EmulatorOptions eo;
    eo.memory_metrics = true;
    profile = simt::profile_kernel(m, l, simt::ProfileMode::Full, eo);
    launch_words = fmt::format("grid ({},{},{}), block ({},{},{}) from {}", l.grid[0], l.grid[1], l.grid[2], l.block[0],
                               l.block[1], l.block[2], bo.launch);
  }
  std::vector<std::string> mangled;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry) mangled.emplace_back(f.name);
  KernelNames names(mangled, bo.full_names);
  std::vector<report::IndexEntry> index;
  for (const KernelBranches& k : run.kernels) {
    const simt::KernelProfile* p = profile && profile->kernel == k.name ? &*profile : nullptr;
    report::KernelView v = kernel_view(m, k, sources, run.grid, p, launch_words, names.display(k.name));
    report::IndexEntry e{names.display(k.name), page_name(k.name)};
    for (const BranchResult& b : k.branches) {
      if (b.verdict == BranchVerdict::Uniform) ++e.uniform;
      if (b.verdict == BranchVerdict::Divergent) ++e.divergent;
      if (b.verdict == BranchVerdict::Unreachable) ++e.unreachable;
      if (b.verdict == BranchVerdict::Unknown) ++e.unknown;
    }
    if (p && p->ok) e.branch_efficiency = p->metrics.branch_efficiency();
    write_file(fs::path(o.output_dir) / e.page, report::kernel_page(v));
    fmt::print("{}\n", (fs::path(o.output_dir) / e.page).string());
    index.push_back(std::move(e));
  }
  write_file(fs::path(o.output_dir) / "index.html", report::index_page(m.source, index));
  fmt::print("{}\n", (fs::path(o.output_dir) / "index.html").string());
  // --racecheck's races are findings about the kernel, as in `branches`: exit 1.
  int exit_code = kExitOk;
  for (const KernelBranches& k : run.kernels)
    for (const RaceFinding& r : k.races) {
      fmt::print("racecheck: {}: in {} ({}): {}\n", names.display(k.name),
                 r.given_launch ? "the given launch" : "a launch the replay made up", r.launch, r.text);
      exit_code = kExitCheckFailed;
    }
  return exit_code;
}

}  // namespace

void add_report_command(CLI::App& app, std::vector<Command>& commands) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* sub = app.add_subcommand(
      "report", "HTML pages: CUDA source beside PTX, each line with its branch verdicts and emulator counts");
  sub->add_option("file", o->branches.file, "PTX file")->required();
  add_branch_analysis_options(sub, o->branches);
  sub->add_option("--source-root", o->branches.source_root,
                  "a folder to look for the CUDA sources the .file lines name (besides the working folder and the "
                  "PTX file's folders)");
  sub->add_option("-o,--output-dir", o->output_dir, "the folder the pages are written to (created)")->required();
  commands.push_back({sub, [o] { return run_report(*o); }});
}

}  // namespace warpsat::cli
