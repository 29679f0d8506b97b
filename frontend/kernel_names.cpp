#include "frontend/kernel_names.h"

#include <cxxabi.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>

// libiberty.h (which demangle.h includes) declares basename() unless told
// <string.h> has: its declaration clashes with glibc's C++ one.
#define HAVE_DECL_BASENAME 1
#include <demangle.h>  // libiberty
#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

bool opens(char c) { return c == '<' || c == '(' || c == '[' || c == '{'; }
bool closes(char c) { return c == '>' || c == ')' || c == ']' || c == '}'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The name of a demangled declaration without its return type and its
// parameter list: "void ns::f<int>(float*)" -> "ns::f<int>".
std::string_view declared_name(std::string_view d) {
  d = trim(d);
  // A member function's qualifiers after its parameters ("() const").
  for (bool again = true; again;) {
    again = false;
    for (std::string_view q : {" const", " volatile", " &&", " &", " noexcept"})
      if (d.ends_with(q)) {
        d = trim(d.substr(0, d.size() - q.size()));
        again = true;
      }
  }
  if (!d.empty() && d.back() == ')') {
    int depth = 0;
    for (size_t i = d.size(); i-- > 0;) {
      if (closes(d[i])) ++depth;
      if (opens(d[i]) && --depth == 0) {
        // "(anonymous namespace)::f" starts with a parenthesis that is no parameter list.
        if (i > 0) d = trim(d.substr(0, i));
        break;
      }
    }
  }
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < d.size(); ++i) {
    if (opens(d[i])) ++depth;
    else if (closes(d[i]) && depth > 0) --depth;
    else if (depth == 0 && d[i] == ' ') start = i + 1;
  }
  return d.substr(start);
}

// `text` with every namespace or class qualifier dropped:
// "(cute::GMMA::Major)0" -> "(Major)0", "cuda::std::plus" -> "plus".
std::string unqualified(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "::") == 0) {
      if (out.ends_with("(anonymous namespace)")) {
        out.resize(out.size() - std::string_view("(anonymous namespace)").size());
      } else {
        while (!out.empty() && (std::isalnum(static_cast<unsigned char>(out.back())) || out.back() == '_'))
          out.pop_back();
      }
      ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

// Splits "a, b<c, d>, e" at its top-level commas.
std::vector<std::string_view> split_arguments(std::string_view args) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (opens(args[i])) ++depth;
    else if (closes(args[i]) && depth > 0) --depth;
    else if (depth == 0 && args[i] == ',') {
      out.push_back(trim(args.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(trim(args.substr(start)));
  return out;
}

// One template argument, one level down: its name unqualified, its own
// template arguments as "<…>".
std::string short_argument(std::string_view arg) {
  std::string out;
  int depth = 0;
  size_t plain = 0;  // start of the text not yet copied
  for (size_t i = 0; i < arg.size(); ++i) {
    if (arg[i] == '<') {
      if (depth++ == 0) {
        out += unqualified(arg.substr(plain, i - plain)) + "<…";
      }
    } else if (arg[i] == '>' && depth > 0) {
      if (--depth == 0) {
        out += '>';
        plain = i + 1;
      }
    } else if (opens(arg[i]) && depth > 0) {
      ++depth;
    } else if (closes(arg[i]) && depth > 1) {
      --depth;
    }
  }
  if (depth == 0) out += unqualified(arg.substr(plain));
  return out;
}

struct Component {
  std::string name;                 // as written, qualifier-free
  std::vector<std::string> args;    // shortened template arguments
  bool templated = false;
};

// "ns::f<A<int>, 3>" as its components, split at top-level "::".
std::vector<Component> components(std::string_view name) {
  std::vector<Component> out(1);
  int angle = 0, other = 0;  // template brackets; parentheses and the rest
  size_t args_start = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (angle == 0 && other == 0 && name.compare(i, 2, "::") == 0) {
      out.emplace_back();
      ++i;
      continue;
    }
    if (c == '<' && other == 0 && angle++ == 0) {
      args_start = i + 1;
      out.back().templated = true;
      continue;
    }
    if (c == '>' && other == 0 && angle > 0 && --angle == 0) {
      for (std::string_view a : split_arguments(name.substr(args_start, i - args_start)))
        if (!a.empty()) out.back().args.push_back(short_argument(a));
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++other;
    if ((c == ')' || c == ']' || c == '}') && other > 0) --other;
    // "(anonymous namespace)" and "{lambda(int)#1}" are names too.
    if (angle == 0) out.back().name += c;
  }
  return out;
}

std::string render(const std::vector<Component>& parts, size_t keep_args, bool elide_middle) {
  std::string out;
  for (size_t p = 0; p < parts.size(); ++p) {
    if (elide_middle && p > 0 && p + 1 < parts.size()) {
      if (p == 1) out += "::…";
      continue;
    }
    if (p) out += "::";
    const Component& c = parts[p];
    out += c.name;
    if (!c.templated) continue;
    bool last = p + 1 == parts.size();
    size_t n = last ? std::min(keep_args, c.args.size()) : c.args.size();
    out += '<';
    for (size_t i = 0; i < n; ++i) out += (i ? ", " : "") + c.args[i];
    if (n < c.args.size()) out += n ? ", …" : "…";
    out += '>';
  }
  return out;
}

// The function's own name: "ns::f<int>" -> "f".
std::string function_name(std::string_view mangled) {
  std::vector<Component> parts = components(declared_name(demangle_kernel_name(mangled)));
  return parts.back().name;
}

std::string without_blanks(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += c;
  return out;
}

}  // namespace

std::string demangle_kernel_name(std::string_view name) {
  int status = 0;
  std::string z(name);
  std::unique_ptr<char, decltype(&std::free)> d(abi::__cxa_demangle(z.c_str(), nullptr, nullptr, &status), &std::free);
  if (status == 0 && d) return d.get();
  // libstdc++'s demangler stops at 2,048 levels of recursion, which CUTLASS's
  // GemmUniversal<CollectiveMma<...>, CollectiveEpilogue<...>> names pass.
  // libiberty's without that limit recurses at most once per character, so
  // it is given names of a bounded length only (a hostile name cannot
  // exhaust the stack: 4,096 levels of its small frames fit in any thread's).
  constexpr size_t kUnlimitedDemangleMaxLength = 4096;
  if (name.starts_with("_Z") && name.size() <= kUnlimitedDemangleMaxLength) {
    std::unique_ptr<char, decltype(&std::free)> deep(
        cplus_demangle(z.c_str(), DMGL_PARAMS | DMGL_TYPES | DMGL_NO_RECURSE_LIMIT), &std::free);
    if (deep) return deep.get();
  }
  return z;
}

std::string short_kernel_name(std::string_view name, size_t max_length) {
  std::string demangled = demangle_kernel_name(name);
  if (demangled == name && !name.starts_with("_Z")) return std::string(name);  // extern "C": already short
  std::vector<Component> parts = components(declared_name(demangled));
  size_t all = parts.back().args.size();
  std::string out = render(parts, all, false);
  // Too long: fewer trailing arguments, then the qualifiers between the
  // first and the last elided.
  for (size_t keep = all; out.size() > max_length && keep-- > 0;) out = render(parts, keep, false);
  if (out.size() > max_length) out = render(parts, 0, true);
  return out;
}

std::string kernel_name_id(std::string_view mangled, size_t digits) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a: fixed, so ids are stable
  for (char c : mangled) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return fmt::format("{:016x}", h).substr(0, std::clamp<size_t>(digits, 1, 16));
}

KernelNames::KernelNames(const std::vector<std::string>& mangled, bool full) : mangled_(mangled), full_(full) {
  if (full) {
    shown_ = mangled;
    return;
  }
  std::map<std::string, std::vector<size_t>> alike;
  for (size_t i = 0; i < mangled.size(); ++i) {
    shown_.push_back(short_kernel_name(mangled[i]));
    alike[shown_.back()].push_back(i);
  }
  for (const auto& [name, group] : alike) {
    if (group.size() < 2) continue;
    for (size_t digits = 4; digits <= 16; ++digits) {
      std::map<std::string, size_t> ids;
      for (size_t i : group) ++ids[kernel_name_id(mangled[i], digits)];
      bool distinct = std::all_of(ids.begin(), ids.end(), [](const auto& x) { return x.second == 1; });
      if (!distinct && digits < 16) continue;
      for (size_t i : group) shown_[i] = name + " #" + kernel_name_id(mangled[i], digits);
      break;
    }
  }
}

std::string KernelNames::display(std::string_view mangled) const {
  for (size_t i = 0; i < mangled_.size(); ++i)
    if (mangled_[i] == mangled) return shown_[i];
  return full_ ? std::string(mangled) : short_kernel_name(mangled);
}

std::vector<size_t> match_kernel_names(const std::vector<std::string>& mangled, std::string_view query) {
  std::vector<size_t> out;
  auto tier = [&](auto matches) {
    for (size_t i = 0; i < mangled.size(); ++i)
      if (matches(i)) out.push_back(i);
    return !out.empty();
  };
  std::string q = std::string(trim(query));
  if (q.empty()) return out;
  if (tier([&](size_t i) { return mangled[i] == q; })) return out;
  KernelNames shown(mangled, false);
  std::vector<std::string> demangled;
  for (const std::string& m : mangled) demangled.push_back(demangle_kernel_name(m));
  std::string bare = without_blanks(q);
  if (tier([&](size_t i) {
        return without_blanks(demangled[i]) == bare || without_blanks(declared_name(demangled[i])) == bare ||
               without_blanks(shown.display(mangled[i])) == bare || without_blanks(short_kernel_name(mangled[i])) == bare;
      }))
    return out;
  if (tier([&](size_t i) { return function_name(mangled[i]) == q; })) return out;
  tier([&](size_t i) {
    // The shown name too: a part of it copied from a table ("...Kernel<…> #389a").
    return mangled[i].find(q) != std::string::npos || demangled[i].find(q) != std::string::npos ||
           without_blanks(demangled[i]).find(bare) != std::string::npos ||
           without_blanks(shown.display(mangled[i])).find(bare) != std::string::npos;
  });
  return out;
}

size_t select_kernel_name(const std::vector<std::string>& mangled, std::string_view query, std::string_view what,
                          std::string_view where) {
  std::vector<size_t> found = match_kernel_names(mangled, query);
  if (found.size() == 1) return found[0];
  KernelNames shown(mangled, false);
  std::vector<size_t> listed = found;
  if (listed.empty())
    for (size_t i = 0; i < mangled.size(); ++i) listed.push_back(i);
  std::string list;
  constexpr size_t kListed = 12;
  for (size_t n = 0; n < listed.size() && n < kListed; ++n) {
    const std::string& m = mangled[listed[n]];
    std::string s = shown.display(m);
    list += fmt::format("\n  {}{}", s, s == m ? "" : fmt::format("  ({})", m.size() > 120 ? m.substr(0, 117) + "..." : m));
  }
  if (listed.size() > kListed) list += fmt::format("\n  ... and {} more", listed.size() - kListed);
  if (found.empty())
    throw command_line_error(fmt::format("no {} in {} matches '{}' (by mangled or demangled name, or part of one); "
                                         "{} has:{}",
                                         what, where, query, where, list));
  throw command_line_error(fmt::format("'{}' matches {} {}s in {}; give more of the name, or the mangled name:{}", query,
                                       found.size(), what, where, list));
}

}  // namespace warpsat
