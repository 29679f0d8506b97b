// warpsat against LLVM 14's divergence analysis on the branch kernels
// (examples/kernels/branches_*.cu): every source line whose branches LLVM
// calls uniform must be proved uniform by warpsat, and warpsat must prove
// more. LLVM's verdicts come from the committed printouts
// examples/kernels/llvm/<stem>.divergence.txt (bench/llvm_divergence/compare.sh
// --update writes them, --check, a CTest, compares them with opt), so this
// needs no LLVM. The tables are in docs/benchmarks.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "frontend/assumption.h"
#include "frontend/diagnostics.h"
#include "frontend/llvm_divergence.h"
#include "frontend/ptx/parser.h"
#include "frontend/read_file.h"
#include "solver/branch_analysis.h"
#include "tests/unit/input_error_text.h"

using namespace warpsat;
using testing::input_error_text;

namespace {

// A function of two conditional branches in k.cu, the second inlined from
// inc.h at k.cu:9, and a third whose location is line 0 (compiler-made).
constexpr const char* kModule = R"(; ModuleID = 'k.cu'
define void @k(i32 %0) !dbg !4 {
  %2 = icmp eq i32 %0, 0, !dbg !7
  br i1 %2, label %3, label %4, !dbg !8

3:
  switch i32 %0, label %4 [
    i32 1, label %4
  ], !dbg !9

4:
  br i1 %2, label %5, label %5, !dbg !10

5:
  ret void, !dbg !7
}

!1 = !DIFile(filename: "dir/k.cu", directory: ".")
!2 = !DIFile(filename: "inc.h", directory: "")
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, unit: !0)
!5 = distinct !DISubprogram(name: "helper, inlined", scope: !2, file: !2, line: 5, unit: !0)
!6 = distinct !DILexicalBlock(scope: !4, file: !1, line: 2, column: 3)
!7 = !DILocation(line: 3, column: 1, scope: !4)
!8 = !DILocation(line: 3, column: 5, scope: !6)
!9 = !DILocation(line: 7, column: 2, scope: !5, inlinedAt: !11)
!10 = !DILocation(line: 0, scope: !4)
!11 = distinct !DILocation(line: 9, column: 4, scope: !6)
)";

// What opt prints for it, with metadata numbered as for a second function
// (which is what LLVM 14 does: only the first function's numbers agree).
constexpr const char* kPrintout = R"('Divergence Analysis' for function 'k':
           i32 %0

           :
                 %2 = icmp eq i32 %0, 0, !dbg !20
                 br i1 %2, label %3, label %4, !dbg !21

           :
DIVERGENT:       switch i32 %0, label %4 [
    i32 1, label %4
  ], !dbg !22

           :
DIVERGENT:       br i1 %2, label %5, label %5, !dbg !23
)";


}  // namespace

TEST_CASE("LLVM divergence printout: branches, verdicts and inlined source lines") {
  std::vector<llvm_ir::ConditionalBranch> bs = llvm_ir::read_divergence(kPrintout, "k.txt", kModule, "k.ll");
  REQUIRE(bs.size() == 3);
  CHECK(bs[0].function == "k");
  CHECK(!bs[0].divergent);
  CHECK(bs[0].line == 3);
  CHECK(bs[0].file == "dir/k.cu");  // from the lexical block's file
  CHECK(bs[0].printout_line == 6);
  CHECK(bs[1].divergent);
  CHECK(bs[1].text == "switch i32 %0, label %4 [");
  CHECK(bs[1].line == 9);  // the call site in k.cu, not inc.h:7
  CHECK(bs[1].file == "dir/k.cu");
  CHECK(bs[2].divergent);
  CHECK(bs[2].line == 0);
  std::map<uint32_t, bool> lines = llvm_ir::divergent_by_line(bs, "/k.cu");
  CHECK(lines == std::map<uint32_t, bool>{{3, false}, {9, true}});
  CHECK(llvm_ir::divergent_by_line(bs, "/other.cu").empty());
}

TEST_CASE("LLVM divergence printout: a printout of another module is an error") {
  std::string other = kPrintout;
  other.replace(other.find("label %5, label %5"), 18, "label %4, label %5");
  CHECK(input_error_text([&] {
          llvm_ir::read_divergence(other, "k.txt", kModule, "k.ll");
        }).find("k.txt:14:1: error: conditional branch #3 of 'k' differs from k.ll") == 0);
  std::string renamed = kPrintout;
  renamed.replace(renamed.find("'k'"), 3, "'q'");
  CHECK(input_error_text([&] {
          llvm_ir::read_divergence(renamed, "k.txt", kModule, "k.ll");
        }).find("function 'q' is not defined in k.ll") != std::string::npos);
  std::string shorter = kPrintout;
  shorter.erase(shorter.rfind("DIVERGENT:"));
  CHECK(input_error_text([&] {
          llvm_ir::read_divergence(shorter, "k.txt", kModule, "k.ll");
        }).find("'k' has 3 conditional branches in k.ll but 2 here") != std::string::npos);
  CHECK(input_error_text([&] {
          llvm_ir::read_divergence("nothing\n", "k.txt", kModule, "k.ll");
        }).find("no 'Divergence Analysis' output") != std::string::npos);
  std::string dangling = kModule;
  dangling.erase(dangling.find("!11 = "));
  CHECK(input_error_text([&] {
          llvm_ir::read_divergence(kPrintout, "k.txt", dangling, "k.ll");
        }).find("inlinedAt location !11 is not in the module") != std::string::npos);
}

TEST_CASE("branch kernels: warpsat proves uniform every line LLVM's divergence analysis calls uniform, and more") {
  const std::string dir = std::string(WARPSAT_SOURCE_DIR) + "/examples/kernels";
  const char* const kernels[] = {"branches_warp_aligned", "branches_thread_bound", "branches_2d",  "branches_params",
                                 "branches_loops",        "branches_nested",       "branches_data",
                                 "branches_readonly",     "branches_unwritten",    "branches_shared",
                                 "branches_float",        "branches_histogram",    "branches_tile_queue"};
  int llvm_uniform = 0, warpsat_uniform = 0;
  for (const std::string stem : kernels) {
    const std::string txt = dir + "/llvm/" + stem + ".divergence.txt", ll = dir + "/llvm/" + stem + ".ll";
    std::map<uint32_t, bool> llvm = llvm_ir::divergent_by_line(
        llvm_ir::read_divergence(read_file(txt, 1u << 24), txt, read_file(ll, 1u << 24), ll), "/" + stem + ".cu");
    REQUIRE(!llvm.empty());

    // warpsat on clang's PTX of the same IR, any launch, under the kernel's
    // `// ASSUME:` header lines, as compare.sh runs it.
    std::vector<std::string> assume;
    {
      std::string cu = read_file(dir + "/" + stem + ".cu", 1u << 20);
      for (size_t at = cu.find("\n// ASSUME: "); at != std::string::npos; at = cu.find("\n// ASSUME: ", at + 1))
        assume.push_back(cu.substr(at + 12, cu.find('\n', at + 1) - at - 12));
    }
    ptx::Module m = ptx::read_module(dir + "/ptx/" + stem + ".clang.sm_80.ptx");
    auto k =
        std::find_if(m.functions.begin(), m.functions.end(), [&](const ptx::Function& f) { return f.name == stem; });
    REQUIRE(k != m.functions.end());
    BranchOptions o;
    o.solver.timeout_ms = 10000;  // verdicts under test, not speed
    o.launch.assumptions = assumptions_for_kernel(assume, *k);
    KernelBranches result = analyse_branches(m, *k, o);
    // A line is proved uniform when every PTX branch of it is uniform or unreachable.
    std::map<uint32_t, bool> proved;
    for (const BranchResult& b : result.branches) {
      if (!b.loc.outer_line || !m.file_path(b.loc.outer_file).ends_with("/" + stem + ".cu")) continue;
      bool u = b.verdict == BranchVerdict::Uniform || b.verdict == BranchVerdict::Unreachable;
      auto [it, fresh] = proved.emplace(b.loc.outer_line, u);
      it->second = it->second && u;
    }

    for (const auto& [line, divergent] : llvm) {
      if (divergent) continue;
      INFO(stem, ".cu:", line, " is uniform for LLVM");
      REQUIRE_MESSAGE(proved.count(line), "no PTX branch of this line in clang's PTX");
      CHECK_MESSAGE(proved[line], "warpsat does not prove it uniform");
      ++llvm_uniform;
    }
    warpsat_uniform +=
        static_cast<int>(std::count_if(proved.begin(), proved.end(), [](const auto& p) { return p.second; }));
  }
  INFO("source lines uniform for LLVM: ", llvm_uniform, ", proved uniform by warpsat: ", warpsat_uniform);
  CHECK(llvm_uniform > 0);  // the comparison is not vacuous
  CHECK(warpsat_uniform > llvm_uniform);
}
