// The source condition behind a PTX branch and its polarity
// (frontend/source_condition.h), on the committed nvcc and clang PTX of
// examples/kernels, whose .file lines name the .cu files of this repository.
#include <doctest/doctest.h>

#include <cstring>
#include <map>
#include <optional>

#include "emulator/simt/emulator.h"
#include "emulator/simt/launch.h"
#include "emulator/simt/state.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/parser.h"
#include "frontend/source_condition.h"

using namespace warpsat;

namespace {

struct Seen {
  std::string text;
  bool holds_when_taken;
};

// Source line -> the condition of its branches; a line whose branches
// disagree on the text is recorded as "?".
std::map<uint32_t, std::vector<std::optional<Seen>>> conditions(const std::string& ptx) {
  ptx::Module m = ptx::read_module(std::string(WARPSAT_SOURCE_DIR) + "/examples/kernels/ptx/" + ptx);
  SourceFiles sources(m, {WARPSAT_SOURCE_DIR});
  std::map<uint32_t, std::vector<std::optional<Seen>>> out;
  for (const ptx::Function& f : m.functions)
    for (uint32_t i = 0; i < f.instructions.size(); ++i) {
      const ptx::Instruction& ins = f.instructions[i];
      if (ins.name != "bra" || !ins.has_guard) continue;
      std::optional<SourceCondition> c = source_condition(f, i, sources);
      out[ins.loc.line].push_back(c ? std::optional<Seen>(Seen{c->text, c->holds_when_taken}) : std::nullopt);
    }
  return out;
}

}  // namespace

TEST_CASE("source condition: nvcc's `@p bra` skips the if-body, so the condition holds when not taken") {
  auto c = conditions("branches_nested.sm_80.ptx");
  // if (lane < 16u) {  ->  setp.gt.u32 %p2, %r3, 15; @%p2 bra (skip the body)
  REQUIRE(c[24].size() == 1);
  REQUIRE(c[24][0]);
  CHECK(c[24][0]->text == "lane < 16u");
  CHECK_FALSE(c[24][0]->holds_when_taken);
  // if (data[i] > 7u) with a one-statement body on the next line
  REQUIRE(c[33][0]);
  CHECK(c[33][0]->text == "data[i] > 7u");
  CHECK_FALSE(c[33][0]->holds_when_taken);
  // if (...) return;  ->  @%p1 bra to the kernel's ret: taken means the condition holds
  REQUIRE(c[17][0]);
  CHECK(c[17][0]->text == "blockDim.y * blockDim.z != 1u");
  CHECK(c[17][0]->holds_when_taken);
}

TEST_CASE("source condition: every decided polarity of the branch examples agrees across compilers") {
  // clang and nvcc lay blocks out differently: a polarity read off the
  // layout that disagrees between them for the same line and condition would
  // be a guess.
  size_t compared = 0;
  for (const char* stem : {"branches_nested", "branches_data", "branches_params", "branches_loops", "branches_2d",
                           "branches_thread_bound", "branches_warp_aligned"}) {
    CAPTURE(stem);
    auto nvcc = conditions(std::string(stem) + ".sm_80.ptx");
    auto clang = conditions(std::string(stem) + ".clang.sm_80.ptx");
    size_t decided = 0;
    for (const auto& [line, list] : nvcc) {
      CAPTURE(line);
      for (const auto& a : list) {
        if (!a) continue;
        ++decided;
        auto it = clang.find(line);
        if (it == clang.end()) continue;
        for (const auto& b : it->second)
          if (b && b->text == a->text && it->second.size() == 1 && list.size() == 1) {
            ++compared;
            CHECK(b->holds_when_taken == a->holds_when_taken);
          }
      }
    }
    CHECK(decided > 0);
  }
  MESSAGE(compared, " lines decided by both compilers");
  CHECK(compared >= 10);
}

TEST_CASE("source condition: none without line information") {
  ptx::Module m = ptx::read_module(std::string(WARPSAT_SOURCE_DIR) +
                                   "/examples/kernels/ptx/branches_nested.nolineinfo.sm_80.ptx");
  SourceFiles sources(m, {WARPSAT_SOURCE_DIR});
  size_t branches = 0;
  for (const ptx::Function& f : m.functions)
    for (uint32_t i = 0; i < f.instructions.size(); ++i) {
      if (f.instructions[i].name == "bra" && f.instructions[i].has_guard) ++branches;
      CHECK_FALSE(source_condition(f, i, sources));
    }
  CHECK(branches > 0);
}

TEST_CASE("source condition: where warpsat says it holds, the thread ran the if-body (emulator, branches_nested)") {
  // Each `if` below ORs tag[k] = 1 << k into the thread's out[] word as the
  // first, unconditional statement of its body, so out[] says which bodies
  // a thread ran: the polarity is checked against execution, not layout.
  const std::string dir = WARPSAT_SOURCE_DIR;
  ptx::Module m = ptx::read_module(dir + "/examples/kernels/ptx/branches_nested.sm_80.ptx");
  SourceFiles sources(m, {dir});
  const ptx::Function& f = simt::find_kernel(m, "branches_nested");
  const auto function = static_cast<uint32_t>(&f - m.functions.data());
  const std::map<uint32_t, unsigned> body_tag{{24, 0}, {26, 1}, {28, 2}, {33, 3}, {37, 4}, {39, 5}};
  std::map<uint32_t, SourceCondition> by_instruction;
  for (uint32_t i = 0; i < f.instructions.size(); ++i) {
    const ptx::Instruction& ins = f.instructions[i];
    if (ins.name != "bra" || !ins.has_guard || !body_tag.count(ins.loc.line)) continue;
    std::optional<SourceCondition> c = source_condition(f, i, sources);
    CAPTURE(ins.loc.line);
    REQUIRE(c);
    by_instruction.emplace(i, *c);
  }
  REQUIRE(by_instruction.size() == body_tag.size());

  simt::Launch launch = simt::launch_from_file(m, read_launch_file(dir + "/tests/files/report/branches_nested.toml"));
  REQUIRE(launch.block[1] == 1);
  REQUIRE(launch.block[2] == 1);
  std::map<uint32_t, std::map<uint64_t, bool>> holds;  // source line -> global thread -> condition held
  simt::EmulatorOptions options;
  options.on_branch = [&](const simt::Cta& cta, const simt::Warp& warp, uint32_t fn, uint32_t instruction,
                          uint32_t active, uint32_t taken) {
    auto it = by_instruction.find(instruction);
    if (fn != function || it == by_instruction.end()) return false;
    for (uint32_t lane = 0; lane < 32; ++lane)
      if (active >> lane & 1u) {
        uint64_t thread = uint64_t{cta.id[0]} * launch.block[0] + warp.id * 32 + lane;
        holds[it->second.line][thread] = (taken >> lane & 1u) == (it->second.holds_when_taken ? 1u : 0u);
      }
    return false;
  };
  simt::RunResult run = simt::run_kernel(m, launch, options);
  const std::vector<uint8_t>& out = run.buffers[2];
  for (const auto& [line, tag] : body_tag) {
    CAPTURE(line);
    REQUIRE_FALSE(holds[line].empty());
    size_t held = 0;
    for (const auto& [thread, h] : holds[line]) {
      CAPTURE(thread);
      uint32_t word = 0;
      std::memcpy(&word, out.data() + 4 * thread, 4);
      CHECK(((word >> tag) & 1u) == (h ? 1u : 0u));
      held += h;
    }
    // Lines 24, 37 and 39 split warps: both outcomes must have been seen.
    if (line == 24 || line == 37 || line == 39) CHECK((held > 0 && held < holds[line].size()));
  }
}
