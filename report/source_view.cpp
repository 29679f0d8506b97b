#include "report/source_view.h"

#include "report/svg.h"

#include "emulator/simt/memory_metrics.h"

#include <fmt/format.h>

#include <set>

namespace warpsat::report {

LineCounts& LineCounts::operator+=(const LineCounts& o) {
  warp_instructions += o.warp_instructions;
  branches += o.branches;
  divergent += o.divergent;
  device_requests += o.device_requests;
  sectors += o.sectors;
  shared_requests += o.shared_requests;
  wavefronts += o.wavefronts;
  tma_copies += o.tma_copies;
  tma_bytes += o.tma_bytes;
  tma_sectors += o.tma_sectors;
  swizzles |= o.swizzles;
  bank_conflicts += o.bank_conflicts;
  return *this;
}

// SVG's escaping serves HTML too: both are XML-like text and attributes.
std::string html_escape(const std::string& text) { return svg::escape(text); }

namespace {

// Later rules win: a line with a divergent and a uniform branch reads divergent.
constexpr const char* kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1em; color: #222; }
h1 { font-size: 1.3em; margin: 0 0 .3em; }
.meta { margin: .2em 0; color: #444; }
.note { background: #fff6d5; border: 1px solid #e0c060; padding: .3em .6em; margin: .4em 0; }
table.summary { border-collapse: collapse; margin: .5em 0 1em; }
table.summary td, table.summary th { border: 1px solid #ccc; padding: 2px 8px; text-align: left; }
.panes { display: flex; gap: 1em; align-items: flex-start; }
.pane { flex: 1 1 50%; min-width: 0; max-height: 80vh; overflow: auto; border: 1px solid #ccc; }
.pane h2 { font-size: 1em; margin: 0; padding: .3em .5em; background: #eee; position: sticky; top: 0; z-index: 1; }
table.code { border-collapse: collapse; width: 100%; font: 12px/1.35 ui-monospace, monospace; }
table.code td { padding: 0 6px; vertical-align: top; }
td.num, td.cnt { text-align: right; color: #777; white-space: nowrap; }
td.cnt { color: #345; }
td.text { white-space: pre; }
tr.uniform { background: #e3f5e3; }
tr.unreachable { background: #eeeeee; }
tr.unknown { background: #fff3c4; }
tr.divergent { background: #fbdcdc; }
tr.hl { outline: 2px solid #36c; outline-offset: -2px; }
tr[data-ptx] { cursor: pointer; }
table.code th { padding: 0 6px; font-weight: 600; text-align: left; }
td.mark { white-space: nowrap; }
details.branch { display: inline-block; position: relative; margin-right: 4px; font-family: system-ui, sans-serif; }
details.branch summary { font-weight: 600; }
details.branch .box { position: absolute; z-index: 2; left: 0; top: 1.4em; width: 34em; background: #fff;
  border: 1px solid #999; box-shadow: 2px 2px 6px #0003; padding: 4px 8px; white-space: normal; }
details.branch ul { margin: 2px 0; padding-left: 1.2em; }
.v-uniform { color: #17651a; } .v-divergent { color: #a11; } .v-unknown { color: #8a6500; } .v-unreachable { color: #555; }
)";

// Clicking a source line highlights the PTX lines compiled from it.
constexpr const char* kScript = R"(
document.querySelectorAll('tr[data-ptx]').forEach(function (row) {
  row.addEventListener('click', function () {
    document.querySelectorAll('tr.hl').forEach(function (e) { e.classList.remove('hl'); });
    row.classList.add('hl');
    var first = null;
    row.getAttribute('data-ptx').split(' ').forEach(function (n) {
      var p = document.getElementById('ptx-L' + n);
      if (p) { p.classList.add('hl'); if (!first) first = p; }
    });
    if (first) first.scrollIntoView({block: 'nearest'});
  });
});
)";

std::string verdict_rank_classes(const std::vector<const BranchMark*>& marks) {
  std::set<std::string> seen;
  for (const BranchMark* b : marks) seen.insert(b->verdict);
  std::string out;
  for (const char* v : {"unreachable", "uniform", "unknown", "divergent"})
    if (seen.count(v)) out += std::string(" ") + v;
  return out;
}

std::string branch_details(const BranchMark& b, bool with_source_line) {
  std::string where = fmt::format("PTX line {}", b.ptx_line);
  if (with_source_line && b.source_line) where += fmt::format(", source line {}", b.source_line);
  std::string items = fmt::format("<li>{}</li>", html_escape(b.reason));
  for (const std::string& d : b.details) items += fmt::format("<li>{}</li>", html_escape(d));
  items += b.validated ? fmt::format("<li>replayed on the emulator: {}</li>", html_escape(b.validation))
                       : fmt::format("<li>not validated: {}</li>", html_escape(b.validation));
  return fmt::format("<details class=\"branch\"><summary class=\"v-{0}\">{0}</summary><div class=\"box\"><div>{1}</div><ul>{2}</ul></div></details>",
                     html_escape(b.verdict), html_escape(where), items);
}

std::string title_of(const std::vector<const BranchMark*>& marks) {
  std::string t;
  for (const BranchMark* b : marks) t += fmt::format("{}{} (PTX line {}): {}", t.empty() ? "" : "\n", b->verdict, b->ptx_line, b->reason);
  return t;
}

std::string count_cells(bool has_counts, const LineCounts* c) {
  if (!has_counts) return "";
  if (!c) return "<td class=\"cnt\"></td><td class=\"cnt\"></td><td class=\"cnt\"></td><td class=\"cnt\"></td>";
  std::string memory;
  if (c->device_requests)
    memory = fmt::format("{:.1f} sectors/req", static_cast<double>(c->sectors) / static_cast<double>(c->device_requests));
  if (c->shared_requests)
    memory += fmt::format("{}{:.1f} wavefronts/req{}", memory.empty() ? "" : ", ",
                          static_cast<double>(c->wavefronts) / static_cast<double>(c->shared_requests),
                          c->bank_conflicts ? fmt::format(" ({} conflicts)", c->bank_conflicts) : "");
  if (c->tma_copies)
    memory += fmt::format("{}TMA {} copies, {} B, {} sectors", memory.empty() ? "" : ", ", c->tma_copies, c->tma_bytes,
                          c->tma_sectors);
  if (c->swizzles) memory += fmt::format(", swizzle {}", simt::swizzle_names(c->swizzles));
  std::string branches = c->branches ? fmt::format("{}/{}", c->divergent, c->branches) : "";
  std::string efficiency =
      c->branches ? fmt::format("{:.1f}%", 100.0 * static_cast<double>(c->branches - c->divergent) / c->branches) : "";
  return fmt::format("<td class=\"cnt\">{}</td><td class=\"cnt\">{}</td><td class=\"cnt\">{}</td><td class=\"cnt\">{}</td>",
                     c->warp_instructions, branches, efficiency, memory);
}

std::string count_headers(bool has_counts) {
  if (!has_counts) return "";
  return "<th title=\"warp-level instructions executed (inst_executed)\">executed</th>"
         "<th title=\"divergent branch executions / branch executions, per warp\">divergent</th>"
         "<th title=\"100 (branches - divergent) / branches\">efficiency</th>"
         "<th title=\"global/local: 32-byte sectors per request; shared: wavefronts per request and bank conflicts "
         "(wgmma operands included); TMA: copies, global bytes and sectors; swizzle modes (docs/emulator.md, Memory metrics)\">memory</th>";
}

std::string source_pane(const KernelView& v, const SourceFileView& f,
                        const std::map<std::pair<uint32_t, uint32_t>, std::vector<const BranchMark*>>& by_source) {
  std::string out = fmt::format("<section class=\"pane source\"><h2>{}</h2>", html_escape(f.name));
  if (!f.readable)
    return out + fmt::format("<p class=\"note\">The source {} could not be read ({}): only the PTX is shown.</p></section>",
                             html_escape(f.name), html_escape(f.why_not));
  out += fmt::format("<table class=\"code\"><tr><th>line</th>{}<th>branches</th><th></th></tr>\n", count_headers(v.has_counts));
  for (uint32_t n = 1; n <= f.lines.size(); ++n) {
    auto marks_it = by_source.find({f.index, n});
    std::vector<const BranchMark*> marks = marks_it == by_source.end() ? std::vector<const BranchMark*>{} : marks_it->second;
    std::string attrs;
    if (auto p = f.ptx_lines.find(n); p != f.ptx_lines.end()) {
      std::string list;
      for (uint32_t l : p->second) list += (list.empty() ? "" : " ") + std::to_string(l);
      attrs += fmt::format(" data-ptx=\"{}\"", list);
    }
    if (!marks.empty()) attrs += fmt::format(" title=\"{}\"", html_escape(title_of(marks)));
    std::string details;
    for (const BranchMark* b : marks) details += branch_details(*b, false);
    auto c = f.counts.find(n);
    out += fmt::format("<tr id=\"src-{}-L{}\" class=\"line{}\"{}><td class=\"num\">{}</td>{}<td class=\"mark\">{}</td><td class=\"text\">{}</td></tr>\n",
                       f.index, n, verdict_rank_classes(marks), attrs, n,
                       count_cells(v.has_counts, c == f.counts.end() ? nullptr : &c->second), details,
                       html_escape(f.lines[n - 1]));
  }
  return out + "</table></section>";
}

std::string ptx_pane(const KernelView& v, const std::map<uint32_t, std::vector<const BranchMark*>>& by_ptx) {
  std::string out = fmt::format("<section class=\"pane ptx\"><h2>{}</h2>", html_escape(v.ptx_file));
  out += fmt::format("<table class=\"code\"><tr><th>line</th>{}<th>branches</th><th>source</th><th></th></tr>\n",
                     count_headers(v.has_counts));
  for (const PtxLine& l : v.ptx) {
    auto marks_it = by_ptx.find(l.line);
    std::vector<const BranchMark*> marks = marks_it == by_ptx.end() ? std::vector<const BranchMark*>{} : marks_it->second;
    std::string details;
    for (const BranchMark* b : marks) details += branch_details(*b, true);
    std::string source;
    if (l.source_line) source = fmt::format("<a href=\"#src-{0}-L{1}\">{1}</a>", l.source_file, l.source_line);
    auto c = v.ptx_counts.find(l.line);
    out += fmt::format("<tr id=\"ptx-L{}\" class=\"line{}\"{}><td class=\"num\">{}</td>{}<td class=\"mark\">{}</td><td class=\"num\">{}</td><td class=\"text\">{}</td></tr>\n",
                       l.line, verdict_rank_classes(marks),
                       marks.empty() ? "" : fmt::format(" title=\"{}\"", html_escape(title_of(marks))), l.line,
                       count_cells(v.has_counts, c == v.ptx_counts.end() ? nullptr : &c->second), details, source,
                       html_escape(l.text));
  }
  return out + "</table></section>";
}

std::string page(const std::string& title, const std::string& body, bool script) {
  return fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{}</style>\n"
                     "</head>\n<body>\n{}{}</body>\n</html>\n",
                     html_escape(title), kStyle, body, script ? fmt::format("<script>{}</script>\n", kScript) : "");
}

}  // namespace

std::string kernel_page(const KernelView& v) {
  std::map<std::pair<uint32_t, uint32_t>, std::vector<const BranchMark*>> by_source;
  std::map<uint32_t, std::vector<const BranchMark*>> by_ptx;
  for (const BranchMark& b : v.branches) {
    by_ptx[b.ptx_line].push_back(&b);
    if (b.source_line) by_source[{b.source_file, b.source_line}].push_back(&b);
  }
  std::string body = fmt::format("<h1>kernel {}</h1>\n<p class=\"meta\"><a href=\"index.html\">all kernels</a> &middot; {}</p>\n",
                                 html_escape(v.kernel), html_escape(v.ptx_file));
  std::string assumptions;
  for (const std::string& a : v.assumptions) assumptions += (assumptions.empty() ? "" : "; ") + a;
  body += fmt::format("<p class=\"meta\">Verdicts hold assuming: {}</p>\n", html_escape(assumptions));
  if (v.has_counts)
    body += fmt::format("<p class=\"meta\">Counts from the SIMT emulator, launch {}.</p>\n", html_escape(v.launch));
  else
    body += fmt::format("<p class=\"note\">No execution counts: {}</p>\n", html_escape(v.counts_note));
  if (v.sources.empty()) body += "<p class=\"note\">The PTX has no .loc line information: only the PTX is shown.</p>\n";

  body += "<table class=\"summary\"><tr><th>verdict</th><th>PTX line</th><th>source line</th><th>why</th></tr>\n";
  for (const BranchMark& b : v.branches) {
    std::string src = b.source_line ? fmt::format("<a href=\"#src-{0}-L{1}\">{1}</a>", b.source_file, b.source_line) : "";
    body += fmt::format("<tr><td class=\"v-{0}\">{0}</td><td><a href=\"#ptx-L{1}\">{1}</a></td><td>{2}</td><td>{3}</td></tr>\n",
                        html_escape(b.verdict), b.ptx_line, src, html_escape(b.reason));
  }
  body += "</table>\n<div class=\"panes\">\n";
  for (const SourceFileView& f : v.sources) body += source_pane(v, f, by_source) + "\n";
  body += ptx_pane(v, by_ptx) + "\n</div>\n";
  return page("warpsat report: " + v.kernel, body, true);
}

std::string index_page(const std::string& ptx_file, const std::vector<IndexEntry>& kernels) {
  std::string body = fmt::format("<h1>warpsat report: {}</h1>\n<table class=\"summary\"><tr><th>kernel</th><th>uniform</th>"
                                 "<th>divergent</th><th>unreachable</th><th>unknown</th><th>branch efficiency</th></tr>\n",
                                 html_escape(ptx_file));
  for (const IndexEntry& k : kernels)
    body += fmt::format("<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                        html_escape(k.page), html_escape(k.kernel), k.uniform, k.divergent, k.unreachable, k.unknown,
                        k.branch_efficiency < 0 ? "" : fmt::format("{:.1f}%", k.branch_efficiency));
  return page("warpsat report: " + ptx_file, body + "</table>\n", false);
}

}  // namespace warpsat::report
