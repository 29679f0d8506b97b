#include <doctest/doctest.h>

#include <string>

#include "frontend/diagnostics.h"
#include "frontend/ptx/parser.h"
#include "frontend/ptx/printer.h"

using namespace warpsat;
using namespace warpsat::ptx;

namespace {
const char* kHeader = ".version 8.5\n.target sm_90\n.address_size 64\n";

Module parse(const std::string& body) { return parse_module(kHeader + body, "t.ptx"); }

std::string error_of(const std::string& text) {
  try {
    parse_module(text, "t.ptx");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

void check_round_trip(const Module& m) {
  std::string printed = print_module(m);
  Module again = parse_module(printed, "printed.ptx");
  std::string diff;
  CHECK_MESSAGE(same_ir(m, again, &diff), diff, "\n", printed);
}
}  // namespace

TEST_CASE("module header, entry parameters and performance directives") {
  Module m = parse(R"(
.visible .entry k(.param .u64 .ptr .global .align 16 out, .param .align 8 .b8 s[16], .param .u32 n)
.maxntid 256, 1, 1
.minnctapersm 2
{
  ret;
})");
  CHECK(m.version_major == 8);
  CHECK(m.version_minor == 5);
  CHECK(m.targets[0] == "sm_90");
  const Function& f = m.functions[0];
  CHECK(f.is_entry);
  CHECK(f.linkage == Linkage::Visible);
  REQUIRE(f.params.size() == 3);
  CHECK(f.params[0].ptr);
  CHECK(f.params[0].ptr_space == StateSpace::Global);
  CHECK(f.params[0].ptr_align == 16);
  CHECK(f.params[1].dims == std::vector<uint64_t>{16});
  CHECK(f.params[1].align == 8);
  CHECK(f.maxntid[0] == 256);
  CHECK(f.minnctapersm == 2);
  check_round_trip(m);
}

TEST_CASE("opcodes keep every modifier, including :: qualifiers") {
  Module m = parse(R"(
.entry k(.param .u64 p) {
  .reg .b64 %rd<3>;
  .reg .b32 %r<3>;
  .shared .align 128 .b8 smem[1024];
  cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [smem], [%rd1, {%r1, %r2}], [%rd2];
  redux.sync.min.u32 %r1, %r2, 0xffffffff;
})");
  const Function& f = m.functions[0];
  const Instruction& cp = f.instructions[0];
  CHECK(cp.name == "cp");
  CHECK(cp.op == Opcode::Cp);
  REQUIRE(cp.modifiers.size() == 7);
  CHECK(cp.modifiers[3] == "2d");
  CHECK(cp.modifiers[4] == "shared::cluster");
  CHECK(cp.modifiers[6] == "mbarrier::complete_tx::bytes");
  REQUIRE(cp.operands.size() == 3);
  CHECK(cp.operands[1].kind == Operand::Kind::Address);
  CHECK(cp.operands[1].elements.size() == 2);  // base and the coordinate vector
  const Instruction& redux = f.instructions[1];
  CHECK(redux.op == Opcode::Redux);
  CHECK(redux.type() == ScalarType::U32);
  CHECK(redux.operands.size() == 3);
  check_round_trip(m);
}

TEST_CASE("what ptxas rejects is an input error at its position") {
  auto error_of = [](const char* body) {
    try {
      parse(body);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error_of(".entry k() {\n  .reg .b32 %r<3>;\n  frobnicate.u32 %r1, %r2;\n}").find(
            ":6:3: error: unknown instruction 'frobnicate'") != std::string::npos);
  CHECK(error_of(".entry k() {\n  .reg .b32 %r<3>;\n  add.u32 %r1, %r2, %r1, %r2;\n}").find(
            "'add' takes 3 operand(s), found 4") != std::string::npos);
  CHECK(error_of(".entry k() { ret; }\n.entry k() { ret; }").find("'k' is defined twice (first at line 4)") !=
        std::string::npos);
  CHECK(error_of(".entry k() .reqntid 0, 1, 1 { ret; }").find("a thread count of 0") != std::string::npos);
  CHECK(error_of(".entry k() .maxntid 256 { ret; }").empty());  // one component: the others absent
  CHECK(error_of(".entry k() .maxntid 2048 { ret; }").find("more than 1024 threads") != std::string::npos);
  CHECK(error_of(".entry k() { .shared .b8 sm[4294967296]; ret; }").find("4294967296 bytes of shared memory") !=
        std::string::npos);
  CHECK(error_of(".global .b32 g[4294967296][4294967296];\n.entry k() { ret; }").find("is larger than") !=
        std::string::npos);
  // A declaration followed by the definition is one function.
  CHECK(error_of(".func f();\n.func f() { ret; }\n.entry k() { call f; ret; }").empty());
}

TEST_CASE("immediates in every PTX spelling") {
  Module m = parse(R"(
.entry k() {
  .reg .b32 %r<9>;
  .reg .f32 %f<3>;
  .reg .f64 %fd<2>;
  mov.b32 %r1, 0x1F;
  mov.b32 %r2, 017;
  mov.b32 %r3, 0b101;
  mov.b32 %r4, -42;
  mov.b32 %r5, 4294967295U;
  mov.f32 %f1, 0f3F800000;
  mov.f32 %f2, 0F40490FDB;
  mov.f64 %fd1, 0d3FF0000000000000;
  mov.b32 %r6, WARP_SZ;
})");
  const auto& ins = m.functions[0].instructions;
  CHECK(ins[0].operands[1].value == 31);
  CHECK(ins[1].operands[1].value == 15);
  CHECK(ins[2].operands[1].value == 5);
  CHECK(ins[3].operands[1].value == -42);
  CHECK(ins[4].operands[1].value == 4294967295);
  CHECK(ins[5].operands[1].kind == Operand::Kind::Float);
  CHECK(ins[5].operands[1].float_bits == 32);
  CHECK(ins[5].operands[1].value == 0x3F800000);
  CHECK(ins[6].operands[1].value == 0x40490FDB);
  CHECK(ins[7].operands[1].float_bits == 64);
  CHECK(ins[7].operands[1].value == 0x3FF0000000000000);
  CHECK(ins[8].operands[1].value == 32);
  check_round_trip(m);
}

TEST_CASE("registers: ranges, vectors, special registers, guards, pairs and sinks") {
  Module m = parse(R"(
.entry k() {
  .reg .pred %p<3>;
  .reg .b32 %r<20>;
  .reg .v4 .f32 v;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %nctaid.z;
  mov.u32 %r19, %laneid;
  @!%p1 mov.u32 %r3, 1;
  setp.lt.s32 %p1|%p2, %r1, %r2;
  shfl.sync.idx.b32 _|%p2, %r1, 0, 31, -1;
  mov.f32 v.y, 0f00000000;
  ld.global.v2.u32 {%r4, _}, [%r5+-8];
})");
  const Function& f = m.functions[0];
  const auto& ins = f.instructions;
  CHECK(ins[0].operands[1].kind == Operand::Kind::Special);
  CHECK(ins[0].operands[1].special == SpecialReg::Tid);
  CHECK(ins[0].operands[1].component == 1);
  CHECK(ins[1].operands[1].component == 3);
  CHECK(ins[2].operands[0].reg == f.registers.size() - 2);  // %r19: the last of %r<20>, before v
  CHECK(ins[3].has_guard);
  CHECK(ins[3].guard.negated);
  CHECK(ins[4].operands[0].kind == Operand::Kind::Pair);
  CHECK(ins[5].operands[0].elements[0].kind == Operand::Kind::Sink);
  CHECK(ins[6].operands[0].component == 2);
  CHECK(ins[7].operands[1].value == -8);
  check_round_trip(m);
}

TEST_CASE("calls, prototypes, scoped blocks and brx.idx") {
  Module m = parse(R"(
.func (.param .b32 r) f(.param .b32 a);
.visible .func (.param .b32 func_retval0) f(.param .b32 a) {
  .reg .b32 %r<2>;
  ld.param.b32 %r1, [a];
  st.param.b32 [func_retval0+0], %r1;
  ret;
}
.entry k(.param .u64 p) {
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
$L_table: .branchtargets $L0, $L1;
  brx.idx %r1, $L_table;
$L0:
  { // callseq 0
  .reg .b32 temp_param_reg;
  .param .b32 param0;
  st.param.b32 [param0+0], %r2;
  .param .b32 retval0;
  call.uni (retval0), f, (param0);
  ld.param.b32 %r3, [retval0+0];
  }
$L1:
  {
  .param .b32 param0;
  .param .b32 retval0;
  prototype_1 : .callprototype (.param .b32 _) _ (.param .b32 _);
  call (retval0), %rd1, (param0), prototype_1;
  }
  ret;
})");
  REQUIRE(m.functions.size() == 3);
  CHECK(!m.functions[0].has_body);
  const Function& k = m.functions[2];
  REQUIRE(k.branch_targets.size() == 1);
  CHECK(k.branch_targets[0].labels.size() == 2);
  REQUIRE(k.prototypes.size() == 1);
  CHECK(k.prototypes[0].params.size() == 1);
  const Instruction& call = k.instructions[2];
  CHECK(call.op == Opcode::Call);
  CHECK(call.operands[0].kind == Operand::Kind::List);
  CHECK(call.operands[1].kind == Operand::Kind::Symbol);
  check_round_trip(m);
}

TEST_CASE("module variables with initialisers, .file/.loc source mapping and sections") {
  Module m = parse(R"(
.global .align 4 .b8 bytes[4] = {1, 2, 3, 4};
.const .u64 ptrs[2] = {generic(bytes), bytes+2};
.extern .shared .align 16 .b8 dyn[];
.global .f32 pi = 0f40490FDB;
.entry k() {
  .reg .b32 %r<2>;
  .loc 1 10 3
  mov.u32 %r1, 1;
  .loc 2 134 3, function_name $L__info_string0, inlined_at 1 12 5
  add.u32 %r1, %r1, 1;
  ret;
}
  .file 1 "/src/k.cu", 1700000000, 1234
  .file 2 "/cuda/include/sm_30_intrinsics.hpp"
  .section .debug_str
  {
$L__info_string0:
.b8 95,0
  }
)");
  REQUIRE(m.variables.size() == 4);
  CHECK(m.variables[0].init.items.size() == 4);
  CHECK(m.variables[1].init.items[0].kind == Initializer::Kind::Generic);
  CHECK(m.variables[1].init.items[1].value == 2);
  CHECK(m.variables[2].dims == std::vector<uint64_t>{0});
  const auto& ins = m.functions[0].instructions;
  CHECK(ins[0].loc.line == 10);
  CHECK(ins[0].loc.outer_line == 10);
  CHECK(ins[1].loc.file == 2);
  CHECK(ins[1].loc.outer_file == 1);  // the user's line the intrinsic was inlined into
  CHECK(ins[1].loc.outer_line == 12);
  CHECK(ins[0].pos.line == 12);       // the PTX line itself
  CHECK(m.file_path(1) == "/src/k.cu");
  REQUIRE(m.sections.size() == 1);
  CHECK(m.sections[0].name == ".debug_str");
  check_round_trip(m);
}

TEST_CASE("registers without % and vector operands (ZLUDA style)") {
  Module m = parse(R"(
.entry k(.param .u64 input_p) {
  .reg .u64 in_addr;
  .reg .u16 temp<4>;
  .reg .v4.u16 foo;
  ld.param.u64 in_addr, [input_p];
  ld.global.v4.u8 {temp0, temp1, temp2, temp3}, [in_addr];
  mov.v4.u16 foo, {temp1, temp2, temp3, temp0};
  st.u64 [in_addr], in_addr + 1;
})");
  const auto& ins = m.functions[0].instructions;
  CHECK(ins[1].operands[0].elements.size() == 4);
  CHECK(ins[3].operands[1].kind == Operand::Kind::Sum);
  check_round_trip(m);
}

TEST_CASE("syntax errors name file:line:col and what was expected") {
  CHECK(error_of(std::string(kHeader) + ".entry k() {\n  add.u32 %r1, %r2;\n}") ==
        "t.ptx:5:11: error: undeclared register '%r1'");
  CHECK(error_of(std::string(kHeader) + ".entry k() {\n  .reg .b32 %r<2>;\n  mov.u32 %r1, 1\n}") ==
        "t.ptx:7:1: error: expected ';' or ',' after an operand, found '}'");
  CHECK(error_of(std::string(kHeader) + ".entry k() {\n  bra $L_nowhere;\n}") ==
        "t.ptx:5:7: error: '$L_nowhere' is not a label, variable or function declared here or in an enclosing block");
  CHECK(error_of(std::string(kHeader) + ".entry k() {\n  mov.u32 %r1, %tid;\n}").starts_with("t.ptx:5:11:"));
  CHECK(error_of(".target sm_90\n.entry k() { ret; }") == "t.ptx:1:1: error: missing .version directive");
  CHECK(error_of(std::string(kHeader) + ".entry k() {\n  ret;\n") ==
        "t.ptx:4:12: error: unterminated function body: no matching '}'");
  CHECK(error_of(std::string(kHeader) + "/* never closed").starts_with("t.ptx:4:1: error: unterminated /* comment"));
  CHECK(error_of(std::string(kHeader) + ".entry k() {\n  mov.f32 %f1, 0f3F80;\n}").find("8 hex digits") !=
        std::string::npos);
}

TEST_CASE("hostile input: truncation, binary garbage, deep nesting, a 100 MB line") {
  std::string good = std::string(kHeader) + ".entry k(.param .u64 p) {\n  .reg .b64 %rd<2>;\n  ld.param.u64 %rd1, [p];\n  ret;\n}\n";
  for (size_t cut = 1; cut < good.size(); cut += 7) {
    std::string prefix = good.substr(0, cut);
    try {
      parse_module(prefix, "cut.ptx");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).starts_with("cut.ptx:"));
    }
  }
  std::string garbage = std::string(kHeader) + std::string("\x7f\x45\x4c\x46\x02\x01\x00\xff", 8);
  CHECK(error_of(garbage) == "t.ptx:4:1: error: unexpected byte 0x7f (binary data?)");
  std::string nested = std::string(kHeader) + ".entry k() {" + std::string(1000, '{') + std::string(1001, '}');
  CHECK(error_of(nested).find("nested too deeply") != std::string::npos);
  std::string long_line = std::string(kHeader) + std::string(100u << 20, 'a');
  CHECK(error_of(long_line).find("longer than 1024 KiB") != std::string::npos);
}

// CUTLASS's inline assembly repeats `LAB_WAIT:` and `.reg .pred P1;` in every
// `{ }` block; PTX scopes them (ptxas 13 accepts exactly what is accepted here).
TEST_CASE("block-scoped labels, variables and registers get unique names, uses resolve outward") {
  Module m = parse(R"(
.entry k(.param .u64 p) {
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  {
  .reg .pred P1;
  .param .b64 q;
  LAB_WAIT: setp.eq.u32 P1, %r1, 0;
  @P1 bra DONE;
  bra LAB_WAIT;
  DONE:
  }
  {
  .reg .pred P1;
  .param .b64 q;
  LAB_WAIT: setp.eq.u32 P1, %r1, 1;
  st.param.b64 [q], 0;
  @P1 bra DONE;
  @P1 bra OUT;
  {
    .reg .b32 %r<2>;
    LAB_WAIT: mov.u32 %r1, 5;
    mov.u32 %r3, 6;
    bra LAB_WAIT;
  }
  bra LAB_WAIT;
  DONE:
  }
OUT:
  ret;
})");
  const Function& f = m.functions[0];
  auto label_at = [&](std::string_view name) {
    const Label* l = f.find_label(name);
    REQUIRE(l != nullptr);
    return l->instruction;
  };
  // The first declaration of a spelling keeps it; the k-th is `spelling#k`.
  CHECK(label_at("LAB_WAIT") == 1);
  CHECK(label_at("LAB_WAIT#2") == 4);
  CHECK(label_at("LAB_WAIT#3") == 8);
  CHECK(label_at("DONE") == 4);
  CHECK(label_at("DONE#2") == 12);
  CHECK(f.find_label("OUT") != nullptr);
  auto target = [&](size_t i) { return f.instructions[i].operands[0].text; };
  CHECK(target(2) == "DONE");        // first block: its own labels
  CHECK(target(3) == "LAB_WAIT");
  CHECK(target(6) == "DONE#2");      // second block
  CHECK(target(7) == "OUT");         // a label of the enclosing body
  CHECK(target(10) == "LAB_WAIT#3"); // the innermost block's label shadows its parent's
  CHECK(target(11) == "LAB_WAIT#2"); // ... and only inside it
  CHECK(f.instructions[5].operands[0].elements[0].text == "q#2");
  REQUIRE(f.variables.size() == 2);
  CHECK(f.variables[0].name == "q");
  CHECK(f.variables[1].name == "q#2");
  // Registers: distinct ids, unique names, the source spelling for printing.
  RegId p1 = f.instructions[1].operands[0].reg, p1_again = f.instructions[4].operands[0].reg;
  CHECK(p1 != p1_again);
  CHECK(f.registers[p1].name() == "P1");
  CHECK(f.registers[p1_again].name() == "P1#2");
  CHECK(f.registers[p1_again].spelling() == "P1");
  RegId inner_r1 = f.instructions[8].operands[0].reg, outer_r3 = f.instructions[9].operands[0].reg;
  CHECK(f.registers[inner_r1].name() == "%r1#2");
  CHECK(f.registers[inner_r1].spelling() == "%r1");
  CHECK(f.registers[outer_r3].name() == "%r3");  // not in the inner %r<2>: the body's
  std::string printed = print_module(m);
  CHECK(printed.find('#') == std::string::npos);
  check_round_trip(m);
}

TEST_CASE("scoping errors: a name twice in one block, a branch into a block") {
  auto body = [](const std::string& b) {
    return std::string(kHeader) + ".entry k() {\n  .reg .b32 %r<2>;\n" + b + "\n  ret;\n}";
  };
  CHECK(error_of(body("  { L: mov.u32 %r1, 1;\n  L: ret; }")) ==
        "t.ptx:7:3: error: label 'L' is defined twice in one block (first at line 6)");
  CHECK(error_of(body("  L: mov.u32 %r1, 1;\n  L: ret;")) == "t.ptx:7:3: error: label 'L' is defined twice (first at line 6)");
  CHECK(error_of(body("  .local .b32 X;\n  X: ret;")) == "t.ptx:7:3: error: label 'X' is defined twice (first at line 6)");
  CHECK(error_of(body("  bra IN;\n  { IN: ret; }")) ==
        "t.ptx:6:7: error: 'IN' is not a label, variable or function declared here or in an enclosing block");
  CHECK(error_of(body("  { .reg .b32 %q; }\n  { .reg .b32 %q; }\n  .reg .b32 %q;\n  .reg .b32 %q;"))
            .find("register '%q' is already declared in this scope") != std::string::npos);
  // Siblings and shadows are fine, with or without the same name in the body.
  CHECK(error_of(body("  { L: bra L; }\n  L: bra L;")).empty());
}

// What the emulator and the launch files read from a Hopper kernel's IR
// (tests/files/cutlass/sm90a-forms.ptx holds every form CUTLASS 3 emits).
TEST_CASE("Hopper forms: cluster directives, tensor-map parameters, operand shapes") {
  Module m = read_module(std::string(WARPSAT_SOURCE_DIR) + "/tests/files/cutlass/sm90a-forms.ptx");
  REQUIRE(m.functions.size() == 2);
  const Function& fixed = m.functions[0];
  CHECK(fixed.reqnctapercluster[0] == 2);
  CHECK(fixed.reqnctapercluster[1] == 1);
  CHECK(fixed.reqnctapercluster[2] == 1);
  CHECK(!fixed.explicitcluster);
  CHECK(fixed.maxclusterrank == 0);
  const Function& any = m.functions[1];
  CHECK(any.explicitcluster);
  CHECK(any.maxclusterrank == 8);
  CHECK(any.reqnctapercluster[0] == 0);
  // .param .align 64 .b8 tma_load_a[128]: a CUtensorMap by value.
  const Variable& tmap = fixed.params[0];
  CHECK(tmap.align == 64);
  CHECK(tmap.type == ScalarType::B8);
  CHECK(tmap.dims == std::vector<uint64_t>{128});
  CHECK(tmap.size_bytes() == 128);
  auto find = [&](std::string_view name, std::initializer_list<std::string_view> mods) -> const Instruction& {
    for (const Instruction& ins : fixed.instructions) {
      if (ins.name != name) continue;
      bool all = true;
      for (auto mod : mods) all = all && ins.has(mod);
      if (all) return ins;
    }
    FAIL("no ", name);
    return fixed.instructions[0];
  };
  // Special registers of clusters are named, with components where PTX has them.
  auto special_of = [&](size_t i) { return fixed.instructions[i].operands[1]; };
  CHECK(special_of(6).special == SpecialReg::ClusterCtaRank);
  CHECK(special_of(7).special == SpecialReg::ClusterNCtaRank);
  CHECK(special_of(8).special == SpecialReg::ClusterId);
  CHECK(special_of(8).component == 1);
  CHECK(special_of(9).special == SpecialReg::NClusterId);
  CHECK(special_of(9).component == 2);
  CHECK(special_of(12).special == SpecialReg::IsExplicitCluster);
  // wgmma: 128 accumulators, descriptors, the scale-d predicate, immediates.
  const Instruction& big = find("wgmma", {"m64n256k16"});
  REQUIRE(big.operands.size() == 8);
  CHECK(big.operands[0].kind == Operand::Kind::Vector);
  CHECK(big.operands[0].elements.size() == 128);
  CHECK(big.operands[1].kind == Operand::Kind::Register);
  CHECK(big.operands[4].value == 1);
  CHECK(big.operands[7].value == 1);
  const Instruction& rs = find("wgmma", {"m64n8k16"});
  CHECK(rs.operands[1].kind == Operand::Kind::Vector);
  CHECK(rs.operands[1].elements.size() == 4);
  CHECK(rs.operands[5].value == -1);
  // A multicast TMA load: [dst], [map, {coordinates}], [mbarrier], mask, cache hint.
  const Instruction& load = find("cp", {"4d", "multicast::cluster", "L2::cache_hint"});
  REQUIRE(load.operands.size() == 5);
  CHECK(load.operands[1].kind == Operand::Kind::Address);
  REQUIRE(load.operands[1].elements.size() == 2);
  CHECK(load.operands[1].elements[1].kind == Operand::Kind::Vector);
  CHECK(load.operands[1].elements[1].elements.size() == 4);
  CHECK(fixed.registers[load.operands[3].reg].type == ScalarType::B16);
  // mbarrier.arrive.expect_tx with its sink; elect.sync with its pair.
  const Instruction& expect_tx = find("mbarrier", {"expect_tx", "arrive"});
  CHECK(expect_tx.operands[0].kind == Operand::Kind::Sink);
  const Instruction& elect = find("elect", {"sync"});
  CHECK(elect.operands[0].kind == Operand::Kind::Pair);
  CHECK(elect.operands[1].value == -1);
}
