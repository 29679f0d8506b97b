#include "frontend/assumption.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat {

namespace {

class Parser {
 public:
  explicit Parser(const std::string& s) : s_(s) {}

  std::unique_ptr<AssumptionExpr> parse() {
    auto e = binary(0);
    skip();
    if (i_ != s_.size()) fail("unexpected text");
    return e;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError({"--assume", 1, static_cast<uint32_t>(i_ + 1)},
                     fmt::format("{} in '{}'", what, s_.size() > 80 ? s_.substr(0, 77) + "..." : s_), s_);
  }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool accept(const std::string& op) {
    skip();
    if (s_.compare(i_, op.size(), op) == 0) {
      // Do not read '<' of '<=' as '<', or '&' of '&&' as '&'.
      i_ += op.size();
      return true;
    }
    return false;
  }

  // Precedence climbing, lowest first.
  static constexpr const char* kLevels[][6] = {
      {"||", nullptr}, {"&&", nullptr}, {"==", "!=", nullptr}, {"<=", ">=", "<", ">", nullptr},
      {"+", "-", nullptr}, {"*", "/", "%", nullptr}};

  // The parser and every walk over the tree (evaluate, rename, the Z3
  // translation) recurse once per nesting level, so an assumption such as
  // 10,000 '(' would overflow the stack. No real assumption nests this deep.
  static constexpr int kMaxDepth = 200;
  struct DepthGuard {
    Parser& p;
    explicit DepthGuard(Parser& parser) : p(parser) {
      if (++p.depth_ > kMaxDepth) p.fail(fmt::format("nested more than {} levels deep", kMaxDepth));
    }
    ~DepthGuard() { --p.depth_; }
  };

  std::unique_ptr<AssumptionExpr> binary(int level) {
    if (level == 6) return unary();
    auto left = binary(level + 1);
    for (;;) {
      const char* matched = nullptr;
      for (int k = 0; kLevels[level][k]; ++k)
        if (accept(kLevels[level][k])) {
          matched = kLevels[level][k];
          break;
        }
      if (!matched) return left;
      auto node = std::make_unique<AssumptionExpr>();
      node->kind = AssumptionExpr::Kind::Binary;
      node->op = matched;
      node->args.push_back(std::move(left));
      node->args.push_back(binary(level + 1));
      // A chain a+b+c+... builds a left-deep tree: bound its depth as well.
      if (++chain_ > kMaxDepth * 50) fail(fmt::format("more than {} operators", kMaxDepth * 50));
      if (std::string_view(matched) == "/" || std::string_view(matched) == "%") {
        const AssumptionExpr& d = *node->args[1];
        if (d.kind == AssumptionExpr::Kind::Number && d.value == 0)
          fail(fmt::format("'{}' by zero", matched));
      }
      left = std::move(node);
    }
  }

  std::unique_ptr<AssumptionExpr> unary() {
    DepthGuard guard(*this);
    skip();
    if (accept("!")) {
      auto n = std::make_unique<AssumptionExpr>();
      n->kind = AssumptionExpr::Kind::Not;
      n->args.push_back(unary());
      return n;
    }
    if (accept("-")) {
      auto n = std::make_unique<AssumptionExpr>();
      n->kind = AssumptionExpr::Kind::Neg;
      n->args.push_back(unary());
      return n;
    }
    if (accept("(")) {
      auto e = binary(0);
      if (!accept(")")) fail("expected ')'");
      return e;
    }
    skip();
    auto n = std::make_unique<AssumptionExpr>();
    if (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
      size_t start = i_;
      while (i_ < s_.size() && std::isalnum(static_cast<unsigned char>(s_[i_]))) ++i_;
      try {
        size_t used = 0;
        n->value = std::stoll(s_.substr(start, i_ - start), &used, 0);
        if (used != i_ - start) throw std::invalid_argument("");
      } catch (const std::exception&) {
        i_ = start;
        fail("bad number");
      }
      return n;
    }
    if (i_ < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == '%')) {
      size_t start = i_;
      if (s_[i_] == '%') ++i_;  // %ntid.x is accepted too
      while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == '.' ||
                                s_[i_] == '$'))
        ++i_;
      n->kind = AssumptionExpr::Kind::Name;
      n->name = s_.substr(start, i_ - start);
      if (n->name[0] == '%') n->name.erase(0, 1);
      return n;
    }
    fail("expected a number, a name such as ntid.x, or '('");
  }

  const std::string& s_;
  size_t i_ = 0;
  int depth_ = 0;
  int chain_ = 0;
};

}  // namespace

Assumption parse_assumption(const std::string& text) { return {text, Parser(text).parse()}; }

int64_t evaluate(const AssumptionExpr& e, const std::vector<std::pair<std::string, int64_t>>& values) {
  switch (e.kind) {
    case AssumptionExpr::Kind::Number: return e.value;
    case AssumptionExpr::Kind::Name:
      for (const auto& [n, v] : values)
        if (n == e.name) return v;
      throw std::out_of_range("unknown name " + e.name);
    case AssumptionExpr::Kind::Not: return evaluate(*e.args[0], values) == 0;
    // Arithmetic wraps (two's complement, as 64-bit machine words do) rather
    // than overflow, which C++ leaves undefined.
    case AssumptionExpr::Kind::Neg: return static_cast<int64_t>(0 - static_cast<uint64_t>(evaluate(*e.args[0], values)));
    case AssumptionExpr::Kind::Binary: {
      int64_t a = evaluate(*e.args[0], values), b = evaluate(*e.args[1], values);
      uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
      const std::string& op = e.op;
      if (op == "+") return static_cast<int64_t>(ua + ub);
      if (op == "-") return static_cast<int64_t>(ua - ub);
      if (op == "*") return static_cast<int64_t>(ua * ub);
      bool overflows = a == INT64_MIN && b == -1;
      if (op == "/") return b == 0 ? 0 : overflows ? INT64_MIN : a / b;
      if (op == "%") return b == 0 || overflows ? 0 : a % b;
      if (op == "==") return a == b;
      if (op == "!=") return a != b;
      if (op == "<") return a < b;
      if (op == "<=") return a <= b;
      if (op == ">") return a > b;
      if (op == ">=") return a >= b;
      if (op == "&&") return a && b;
      return a || b;
    }
  }
  return 0;
}

int64_t parameter_value(const uint8_t* bytes, size_t size, bool is_unsigned) {
  size = std::min<size_t>(size, 8);
  uint64_t v = 0;
  for (size_t i = 0; i < size; ++i) v |= uint64_t{bytes[i]} << (8 * i);
  if (!is_unsigned && size > 0 && size < 8 && (v >> (8 * size - 1) & 1)) v |= ~uint64_t{0} << (8 * size);
  return static_cast<int64_t>(v);
}

namespace {
// Recurses once per level, as the parser does: at most kMaxDepth.
std::unique_ptr<AssumptionExpr> clone(const AssumptionExpr& e) {
  auto out = std::make_unique<AssumptionExpr>();
  out->kind = e.kind;
  out->value = e.value;
  out->name = e.name;
  out->op = e.op;
  for (const auto& a : e.args) out->args.push_back(clone(*a));
  return out;
}
}  // namespace

Assumption::Assumption(const Assumption& other)
    : text(other.text), expr(other.expr ? clone(*other.expr) : nullptr) {}

Assumption& Assumption::operator=(const Assumption& other) {
  if (this != &other) *this = Assumption(other);
  return *this;
}

void rename(AssumptionExpr& e, const std::string& from, const std::string& to) {
  if (e.kind == AssumptionExpr::Kind::Name && e.name == from) e.name = to;
  for (auto& a : e.args) rename(*a, from, to);
}

std::vector<std::string> names_in(const AssumptionExpr& e) {
  std::vector<std::string> out;
  if (e.kind == AssumptionExpr::Kind::Name) out.push_back(e.name);
  for (const auto& a : e.args)
    for (std::string& n : names_in(*a))
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(std::move(n));
  return out;
}

namespace {

// The 1-based column of the first use of `name` as a whole word in `text`.
uint32_t column_of(const std::string& text, const std::string& name) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    size_t end = at + name.size();
    bool starts = at == 0 || (!word(text[at - 1]) && text[at - 1] != '%') ||
                  (text[at - 1] == '%' && (at < 2 || !word(text[at - 2])));
    if (starts && (end == text.size() || !word(text[end]))) return static_cast<uint32_t>(at + 1);
  }
  return 1;
}

// "n (param2, branches_thread_bound_param_2)" for each scalar parameter.
std::string parameter_names(const ptx::Function& k, const SourceParameterNames* source) {
  std::vector<std::string> out;
  for (size_t i = 0; i < k.params.size(); ++i) {
    if (!k.params[i].dims.empty()) continue;
    const std::string* s = source && i < source->names.size() && !source->names[i].empty() ? &source->names[i] : nullptr;
    out.push_back(s ? fmt::format("{} (param{}, {})", *s, i, k.params[i].name)
                    : fmt::format("param{} ({})", i, k.params[i].name));
  }
  if (out.empty()) return "it has no scalar parameters";  // aggregates are no names
  std::string list;
  for (size_t i = 0; i < out.size(); ++i) list += (i ? ", " : "") + out[i];
  return fmt::format("its parameters: {}{}", list,
                     source ? fmt::format(" (source names from {})", source->where)
                            : std::string(" (no source names: no readable CUDA declaration of the kernel behind the "
                                          "PTX's .file/.loc lines; nvcc -lineinfo and --source-root give them)"));
}

}  // namespace

std::vector<Assumption> assumptions_for_kernel(const std::vector<std::string>& texts, const ptx::Function& k,
                                               const SourceParameterNames* source) {
  static const std::set<std::string> kDimensions = {"ntid.x", "ntid.y", "ntid.z", "nctaid.x", "nctaid.y", "nctaid.z"};
  std::vector<Assumption> out;
  for (const std::string& text : texts) {
    Assumption a = parse_assumption(text);
    auto fail = [&](const std::string& name, const std::string& what) {
      throw InputError({"--assume", 1, column_of(text, name)},
                       fmt::format("{} in '{}'", what, text.size() > 80 ? text.substr(0, 77) + "..." : text), text);
    };
    for (const std::string& n : names_in(*a.expr)) {
      if (kDimensions.count(n)) continue;
      // Every parameter the name can mean, by each of its three forms.
      std::set<size_t> meant;
      for (size_t i = 0; i < k.params.size(); ++i) {
        if (k.params[i].name == n) meant.insert(i);
        if (source && i < source->names.size() && source->names[i] == n) meant.insert(i);
      }
      if (n.rfind("param", 0) == 0 && n.size() > 5 && n.size() < 10 &&
          n.find_first_not_of("0123456789", 5) == std::string::npos && std::stoul(n.substr(5)) < k.params.size())
        meant.insert(std::stoul(n.substr(5)));
      if (meant.size() > 1) {
        std::string which;
        for (size_t i : meant) which += fmt::format("{}param{} ({})", which.empty() ? "" : " and ", i, k.params[i].name);
        fail(n, fmt::format("'{}' names two parameters of kernel {}, {}; {}", n, k.name, which,
                            parameter_names(k, source)));
      }
      if (meant.empty())
        fail(n, fmt::format("'{}' is neither a launch dimension (ntid.x, ..., nctaid.z) nor a parameter of kernel {}; {}",
                            n, k.name, parameter_names(k, source)));
      const ptx::Variable& p = k.params[*meant.begin()];
      if (!p.dims.empty())
        fail(n, fmt::format("parameter '{}' of kernel {} is an aggregate (a byte array); assumptions name scalar "
                            "parameters only",
                            p.name, k.name));
      if (n != p.name) rename(*a.expr, n, std::string(p.name));
    }
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace warpsat
