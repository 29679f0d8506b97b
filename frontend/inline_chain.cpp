#include "frontend/inline_chain.h"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "frontend/kernel_names.h"

namespace warpsat {

std::map<std::string, std::string, std::less<>> debug_strings(const ptx::Module& m) {
  std::map<std::string, std::string, std::less<>> out;
  for (const ptx::Section& s : m.sections) {
    if (s.name != ".debug_str") continue;
    std::string_view body = s.body;
    std::string label, bytes;
    bool ended = true;
    for (size_t at = 0; at < body.size();) {
      while (at < body.size() && std::isspace(static_cast<unsigned char>(body[at]))) ++at;
      size_t end = at;
      while (end < body.size() && !std::isspace(static_cast<unsigned char>(body[end])) && body[end] != ',') ++end;
      std::string_view word = body.substr(at, end - at);
      if (word.empty()) {
        at = end + 1;
        continue;
      }
      if (word.back() == ':') {
        label = std::string(word.substr(0, word.size() - 1));
        bytes.clear();
        ended = false;
      } else if (word != ".b8" && !ended) {
        unsigned v = 0;
        auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
        if (ec == std::errc() && p == word.data() + word.size() && v < 256) {
          if (v == 0) {
            out[label] = bytes;
            ended = true;
          } else {
            bytes += static_cast<char>(v);
          }
        }
      }
      at = end + (end < body.size() && body[end] == ',' ? 1 : 0);
    }
  }
  return out;
}

std::vector<SourceFrame> inline_chain(const ptx::Module& m, const ptx::DebugLoc& loc) {
  std::vector<SourceFrame> out;
  if (!loc.line) return out;
  std::map<std::string, std::string, std::less<>> names;
  if (loc.inlined_at) names = debug_strings(m);
  auto callee = [&](uint32_t site) -> std::string {
    if (!site || site > m.inline_sites.size()) return "";
    auto it = names.find(m.inline_sites[site - 1].callee);
    return it == names.end() ? "" : short_kernel_name(it->second, 60);
  };
  out.push_back({loc.file, loc.line, loc.column, callee(loc.inlined_at)});
  // Each site's index is below that of every site inlined into it (the
  // parser makes them in that order), so the walk ends.
  for (uint32_t site = loc.inlined_at; site && site <= m.inline_sites.size();) {
    const ptx::InlineSite& s = m.inline_sites[site - 1];
    out.push_back({s.file, s.line, s.column, callee(s.inlined_at)});
    if (s.inlined_at >= site) break;
    site = s.inlined_at;
  }
  return out;
}

std::string inline_chain_text(const ptx::Module& m, const ptx::DebugLoc& loc, std::string_view kernel) {
  std::string out;
  std::vector<SourceFrame> chain = inline_chain(m, loc);
  if (!chain.empty() && chain.back().function.empty()) chain.back().function = kernel;
  for (const SourceFrame& f : chain) {
    std::string_view path = m.file_path(f.file);
    std::string name = path.empty() ? fmt::format(".file {}", f.file) : std::string(path.substr(path.rfind('/') + 1));
    out += fmt::format("{}{}:{}{}", out.empty() ? "" : ", inlined at ", name, f.line,
                       f.function.empty() ? "" : fmt::format(" ({})", f.function));
  }
  return out;
}

}  // namespace warpsat
