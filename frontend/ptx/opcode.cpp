#include "frontend/ptx/opcode.h"

#include <algorithm>
#include <array>

namespace warpsat::ptx {

namespace {
struct Info {
  std::string_view spelling;
  OpcodeKind kind;
  WritesFirst writes;
};

constexpr Info kInfo[] = {
#define X(id, spelling, kind, writes) {spelling, OpcodeKind::kind, WritesFirst::writes},
#include "frontend/ptx/opcodes.def"
#undef X
};
constexpr size_t kCount = sizeof(kInfo) / sizeof(kInfo[0]);

// opcodes.def is sorted by spelling, so lookup is a binary search.
constexpr bool sorted() {
  for (size_t i = 1; i < kCount; ++i)
    if (!(kInfo[i - 1].spelling < kInfo[i].spelling)) return false;
  return true;
}
static_assert(sorted(), "opcodes.def must be sorted by spelling");
}  // namespace

Opcode lookup_opcode(std::string_view base) {
  auto it = std::lower_bound(std::begin(kInfo), std::end(kInfo), base,
                             [](const Info& i, std::string_view b) { return i.spelling < b; });
  if (it == std::end(kInfo) || it->spelling != base) return Opcode::Unknown;
  return static_cast<Opcode>(it - std::begin(kInfo));
}

std::string_view spelling(Opcode op) {
  auto i = static_cast<size_t>(op);
  return i < kCount ? kInfo[i].spelling : "?";
}

OpcodeKind opcode_kind(Opcode op) {
  auto i = static_cast<size_t>(op);
  return i < kCount ? kInfo[i].kind : OpcodeKind::Misc;
}

WritesFirst writes_first_operand(Opcode op) {
  auto i = static_cast<size_t>(op);
  return i < kCount ? kInfo[i].writes : WritesFirst::Special;
}

}  // namespace warpsat::ptx
