// How many elements a vector operand `{a, b, ...}` may have, instruction by
// instruction, as the PTX ISA (8.7) defines them; a longer list is what
// ptxas rejects and the tools would otherwise carry through every pass (a
// `mov.b32` of 100,000 registers). The element counts:
//
// - any instruction with a `.vN` modifier (ld, st, ldu, mov, atom, red,
//   multimem, st.async, red.async, tex, suld, sust, ...): its data vectors
//   have exactly N elements (coordinates inside `[...]` are not its data);
// - mov without `.vN` packs or unpacks: 2 or 4 elements; ld, ldu and st
//   without `.vN` take no vector;
// - ldmatrix, stmatrix: exactly the `.x1/.x2/.x4` count, twice it for
//   .m16n16;
// - wgmma.mma_async: the accumulator d has N/2 registers (.f32, .s32
//   accumulators) or N/4 (.f16) for shape m64nNkK, and an A fragment in
//   registers has 4;
// - tcgen05.ld, tcgen05.st: at most the shape's registers per `.xM` times M
//   (32x32b, 16x64b, 16x32bx2: 1; 16x128b: 2; 16x256b: 4), so at most 128;
// - cp.async.bulk.tensor and the other tensor copies: at most 5 coordinates
//   inside `[...]`, at most 3 im2col offsets outside;
// - tex, tld4, suld, sust and other coordinates inside `[...]`: at most 4;
// - mma, wmma and every other instruction: at most 8 (the largest fragment:
//   mma.m8n8k4 with .f32 accumulators, wmma's m16n16k16).
#include "frontend/ptx/vector_checks.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat::ptx {

namespace {

// N of a `.vN` modifier, or 0.
size_t vector_modifier(const Instruction& ins) {
  for (std::string_view m : ins.modifiers)
    if (m == "v2") return 2;
    else if (m == "v4") return 4;
    else if (m == "v8") return 8;
  return 0;
}

std::optional<size_t> number_after(std::string_view text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return std::nullopt;
  size_t n = 0;
  const char* begin = text.data() + prefix.size();
  auto [end, ec] = std::from_chars(begin, text.data() + text.size(), n);
  if (ec != std::errc() || end == begin) return std::nullopt;
  return n;
}

// wgmma's accumulator: N/2 registers of .f32 or .s32, N/4 of .f16x2.
std::optional<size_t> wgmma_accumulator(const Instruction& ins) {
  for (size_t i = 0; i < ins.modifiers.size(); ++i) {
    std::string_view m = ins.modifiers[i];
    if (!m.starts_with("m64n")) continue;
    std::string_view rest = m.substr(4);
    size_t k = rest.find('k');
    if (k == std::string_view::npos) return std::nullopt;
    std::optional<size_t> n = number_after(rest.substr(0, k), "");
    if (!n || i + 1 >= ins.modifiers.size()) return std::nullopt;
    std::string_view dtype = ins.modifiers[i + 1];
    if (dtype == "f16") return *n / 4;
    if (dtype == "f32" || dtype == "s32") return *n / 2;
    return std::nullopt;
  }
  return std::nullopt;
}

// tcgen05.ld/st: registers per `.xM` for the shape, times M.
std::optional<size_t> tcgen05_registers(const Instruction& ins) {
  size_t per = 0, times = 0;
  for (std::string_view m : ins.modifiers) {
    if (m == "32x32b" || m == "16x64b" || m == "16x32bx2") per = 1;
    else if (m == "16x128b") per = 2;
    else if (m == "16x256b") per = 4;
    else if (std::optional<size_t> x = number_after(m, "x")) times = *x;
  }
  if (!per || !times) return std::nullopt;
  return per * times;
}

std::string_view shape_of(const Instruction& ins) {
  for (std::string_view m : ins.modifiers)
    if (m.starts_with("m64n")) return m;
  return "";
}

struct Limit {
  size_t most;
  bool exact;
  std::string why;
  size_t or_exactly = 0;  // a second size an exact limit allows
};

// The limit for a vector operand of `ins`: its `index` among the top-level
// operands, or inside `[...]` (an address's coordinates).
Limit limit_for(const Instruction& ins, size_t index, bool in_address) {
  std::string name(ins.name);
  bool tensor = ins.has("tensor");
  if (in_address) {
    if (tensor) return {5, false, "tensor coordinates of " + name};
    return {4, false, "coordinates of " + name};
  }
  if (size_t n = vector_modifier(ins)) return {n, true, fmt::format("'{}' with .v{}", name, n)};
  if (ins.name == "mov") return {4, true, "'mov' (packing or unpacking)", 2};
  if (ins.name == "ld" || ins.name == "ldu" || ins.name == "st") return {0, true, "'" + name + "' without .v2/.v4/.v8"};
  if (ins.name == "ldmatrix" || ins.name == "stmatrix") {
    // A 16x16 matrix of bytes takes two registers a thread (ptxas agrees).
    size_t per = ins.has("m16n16") ? 2 : 1;
    std::string shape;
    for (std::string_view m : ins.modifiers)
      if (m == "m8n8" || m == "m8n16" || m == "m16n8" || m == "m16n16") shape = "." + std::string(m);
    for (size_t n : {1, 2, 4})
      if (ins.has(fmt::format("x{}", n))) return {n * per, true, fmt::format("'{}{}' with .x{}", name, shape, n)};
    return {4 * per, false, "'" + name + "'"};
  }
  if (ins.name == "wgmma") {
    if (index == 0)
      if (std::optional<size_t> d = wgmma_accumulator(ins)) return {*d, true, "the accumulator of wgmma." + std::string(shape_of(ins))};
    if (index == 1) return {4, true, "wgmma's A fragment"};
    return {128, false, "wgmma"};
  }
  if (ins.name == "tcgen05" && (ins.has("ld") || ins.has("st"))) {
    if (std::optional<size_t> r = tcgen05_registers(ins)) return {*r, false, "tcgen05 of this shape and .x count"};
    return {128, false, "tcgen05"};
  }
  if (tensor) return {3, false, "im2col offsets of " + name};
  return {8, false, "'" + name + "'"};
}

class VectorChecker {
 public:
  explicit VectorChecker(const Module& m) : m_(m) {}

  void instruction(const Instruction& ins) {
    size_t nth = 0;  // vector operands before this one, in the text's order
    for (size_t i = 0; i < ins.operands.size(); ++i) operand(ins, ins.operands[i], i, false, nth);
  }

 private:
  void operand(const Instruction& ins, const Operand& o, size_t index, bool in_address, size_t& nth) {
    if (o.kind == Operand::Kind::Vector) {
      Limit l = limit_for(ins, index, in_address);
      size_t n = o.elements.size();
      bool fits = l.exact ? n == l.most || (l.or_exactly && n == l.or_exactly) : n <= l.most;
      if (!fits)
        fail(ins, nth, fmt::format("a vector of {} element(s): {} takes {}", n, l.why,
                                   !l.exact         ? fmt::format("at most {}", l.most)
                                   : l.most == 0    ? std::string("none")
                                   : l.or_exactly   ? fmt::format("exactly {} or {}", l.or_exactly, l.most)
                                                    : fmt::format("exactly {}", l.most)));
      ++nth;
    }
    bool address = in_address || o.kind == Operand::Kind::Address;
    for (const Operand& e : o.elements) operand(ins, e, index, address, nth);
  }

  // At the vector's '{': the nth brace of the instruction's text (nested
  // vectors come in the text's order); at the instruction if the text says
  // otherwise.
  [[noreturn]] void fail(const Instruction& ins, size_t nth, const std::string& message) const {
    std::string_view text = *m_.text;
    SourcePos pos = ins.pos;
    size_t line_start = offset_of({ins.pos.line, 1});
    for (size_t at = offset_of(ins.pos), seen = 0; at < text.size() && text[at] != ';'; ++at) {
      if (text[at] == '\n') {
        ++pos.line;
        line_start = at + 1;
      } else if (text[at] == '{' && seen++ == nth) {
        pos.column = static_cast<uint32_t>(at - line_start + 1);
        throw InputError({m_.source, pos.line, pos.column}, message, line_of(text, pos.line));
      }
    }
    throw InputError({m_.source, ins.pos.line, ins.pos.column}, message, line_of(text, ins.pos.line));
  }

  size_t offset_of(SourcePos p) const {
    std::string_view text = *m_.text;
    size_t at = 0;
    for (uint32_t line = 1; line < p.line && at < text.size(); ++line) {
      size_t nl = text.find('\n', at);
      if (nl == std::string_view::npos) return text.size();
      at = nl + 1;
    }
    return std::min(text.size(), at + (p.column ? p.column - 1 : 0));
  }

  const Module& m_;
};

}  // namespace

void check_vector_operands(const Module& m, const Instruction& ins) {
  // Most instructions have no vector operand: nothing to look at.
  bool any = std::any_of(ins.operands.begin(), ins.operands.end(), [](const Operand& o) {
    return o.kind == Operand::Kind::Vector || o.kind == Operand::Kind::Address;
  });
  if (any) VectorChecker(m).instruction(ins);
}

}  // namespace warpsat::ptx
