#include <doctest/doctest.h>

#include <string>

#include "frontend/inline_chain.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;

TEST_CASE("a .loc inlined_at chain: innermost line, each call site, the functions .debug_str names") {
  // nvcc -lineinfo: inlined_at.cu's `if (t < n)` (line 8) in sum_below,
  // inlined into warp_part at line 17, inlined into the kernel at line 28.
  ptx::Module m = ptx::read_module(WARPSAT_SOURCE_DIR "/tests/files/branches/inlined-at.ptx");
  auto strings = debug_strings(m);
  CHECK(strings.at("$L__info_string0") == "_Z9warp_partPKjjj");
  CHECK(strings.at("$L__info_string1") == "_Z9sum_belowPKjjj");
  const ptx::Function& k = m.functions.at(0);
  const ptx::Instruction* branch = nullptr;
  for (const ptx::Instruction& ins : k.instructions)
    if (ins.op == ptx::Opcode::Bra && ins.has_guard && !branch) branch = &ins;
  REQUIRE(branch);
  CHECK(branch->loc.line == 8);
  CHECK(branch->loc.outer_line == 28);
  REQUIRE(branch->loc.inlined_at != 0);
  std::vector<SourceFrame> chain = inline_chain(m, branch->loc);
  REQUIRE(chain.size() == 3);
  CHECK(chain[0].line == 8);
  CHECK(chain[0].function == "sum_below");
  CHECK(chain[1].line == 17);
  CHECK(chain[1].function == "warp_part");
  CHECK(chain[2].line == 28);
  CHECK(chain[2].function.empty());
  CHECK(inline_chain_text(m, branch->loc, "inlined_at") ==
        "inlined_at.cu:8 (sum_below), inlined at inlined_at.cu:17 (warp_part), inlined at inlined_at.cu:28 (inlined_at)");
  // Each call site is stored once, whatever number of .loc lines name it.
  CHECK(m.inline_sites.size() == 2);
}

TEST_CASE("an inlined_at position no earlier .loc gave ends the chain there") {
  ptx::Module m = ptx::parse_module(R"(.version 7.0
.target sm_80
.address_size 64
.visible .entry k()
{
	.loc	1 5 3, function_name $L__info_string0, inlined_at 1 40 2
	ret;
}
	.file	1 "k.cu"
)",
                                    "k.ptx");
  const ptx::Instruction& ret = m.functions.at(0).instructions.at(0);
  CHECK(ret.loc.line == 5);
  CHECK(ret.loc.outer_line == 40);
  std::vector<SourceFrame> chain = inline_chain(m, ret.loc);
  REQUIRE(chain.size() == 2);
  CHECK(chain[0].function.empty());  // no .debug_str to name it
  CHECK(inline_chain_text(m, ret.loc) == "k.cu:5, inlined at k.cu:40");
}
