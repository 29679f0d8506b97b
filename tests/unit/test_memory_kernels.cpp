// The memory counts written next to each access of the memory example
// kernels (examples/kernels/{transpose,matvec,histogram_shared,reduce_*}.cu,
// `// EXPECT-MEM: CLASS KEY=VALUE ... ; CLASS ...`, derived by hand in each
// file's header) against the emulator on the committed PTX of nvcc 13
// (sm_80, sm_90) and clang 14, exactly; and each kernel's result.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "emulator/simt/emulator.h"
#include "emulator/simt/line_metrics.h"
#include "frontend/ptx/parser.h"

using namespace warpsat;
using namespace warpsat::simt;

namespace {

std::string kernels_dir() { return std::string(WARPSAT_SOURCE_DIR) + "/examples/kernels"; }

struct Expectation {
  uint32_t line = 0;
  std::string cls;
  std::map<std::string, double> values;
};

std::vector<Expectation> read_expectations(const std::string& stem) {
  std::ifstream in(kernels_dir() + "/" + stem + ".cu");
  REQUIRE(in);
  std::vector<Expectation> out;
  std::string text;
  for (uint32_t n = 1; std::getline(in, text); ++n) {
    size_t at = text.find("// EXPECT-MEM:");
    if (at == std::string::npos) continue;
    std::stringstream groups(text.substr(at + 14));
    std::string group;
    while (std::getline(groups, group, ';')) {
      std::stringstream words(group);
      Expectation e{n, "", {}};
      words >> e.cls;
      for (std::string kv; words >> kv;) {
        size_t eq = kv.find('=');
        REQUIRE(eq != std::string::npos);
        e.values[kv.substr(0, eq)] = std::stod(kv.substr(eq + 1));
      }
      REQUIRE(!e.cls.empty());
      out.push_back(e);
    }
  }
  return out;
}

MemClass class_of(const std::string& key) {
  for (size_t i = 0; i < kMemClassCount; ++i)
    if (key == mem_class_key(static_cast<MemClass>(i))) return static_cast<MemClass>(i);
  FAIL("unknown class ", key);
  return MemClass::GlobalLoad;
}

double value_of(const AccessCounters& a, const std::string& key) {
  auto per = [&](uint64_t v) { return a.requests ? static_cast<double>(v) / static_cast<double>(a.requests) : -1.0; };
  if (key == "requests") return static_cast<double>(a.requests);
  if (key == "sectors") return static_cast<double>(a.sectors);
  if (key == "wavefronts") return static_cast<double>(a.wavefronts);
  if (key == "ways") return static_cast<double>(a.max_ways);
  if (key == "sectors/request") return per(a.sectors);
  if (key == "wavefronts/request") return per(a.wavefronts);
  if (key == "serial/request") return per(a.atomic_serial);
  FAIL("unknown key ", key);
  return 0;
}

std::vector<uint8_t> words(const std::vector<uint32_t>& v) {
  std::vector<uint8_t> b(v.size() * 4);
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}
std::vector<uint8_t> u32(uint32_t v) { return words({v}); }
std::vector<uint32_t> as_words(const std::vector<uint8_t>& b) {
  std::vector<uint32_t> v(b.size() / 4);
  std::memcpy(v.data(), b.data(), b.size());
  return v;
}

// The launch each file's header gives for its EXPECTs, and its result.
struct Case {
  Launch launch;
  std::function<void(const RunResult&)> check;
};

Case launch_for(const std::string& stem) {
  Case c;
  Launch& l = c.launch;
  l.kernel = stem;
  if (stem.rfind("transpose", 0) == 0) {
    std::vector<uint32_t> in(64 * 64);
    for (uint32_t i = 0; i < in.size(); ++i) in[i] = i * 7 + 1;
    l.block[0] = 32, l.block[1] = 8, l.grid[0] = 2, l.grid[1] = 2;
    l.args = {KernelArgument::buffer(words(in), "in"), KernelArgument::buffer(std::vector<uint8_t>(64 * 64 * 4), "out"),
              KernelArgument::scalar(u32(64), "width"), KernelArgument::scalar(u32(64), "height")};
    c.check = [in](const RunResult& r) {
      std::vector<uint32_t> out = as_words(r.buffers[1]);
      for (uint32_t y = 0; y < 64; ++y)
        for (uint32_t x = 0; x < 64; ++x) REQUIRE(out[x * 64 + y] == in[y * 64 + x]);
    };
  } else if (stem.rfind("matvec", 0) == 0) {
    std::vector<uint32_t> a(64 * 64), x(64);
    for (uint32_t i = 0; i < a.size(); ++i) a[i] = i % 13;
    for (uint32_t i = 0; i < x.size(); ++i) x[i] = i + 1;
    bool row_major = stem == "matvec_row_major";
    l.block[0] = 32, l.grid[0] = 2;
    l.args = {KernelArgument::buffer(words(a), "A"), KernelArgument::buffer(words(x), "x"),
              KernelArgument::buffer(std::vector<uint8_t>(64 * 4), "y"), KernelArgument::scalar(u32(64), "m"),
              KernelArgument::scalar(u32(64), "n")};
    c.check = [a, x, row_major](const RunResult& r) {
      std::vector<uint32_t> y = as_words(r.buffers[2]);
      for (uint32_t i = 0; i < 64; ++i) {
        uint32_t sum = 0;
        for (uint32_t j = 0; j < 64; ++j) sum += (row_major ? a[i * 64 + j] : a[j * 64 + i]) * x[j];
        REQUIRE(y[i] == sum);
      }
    };
  } else if (stem == "histogram_shared") {
    std::vector<uint32_t> in(256);
    for (uint32_t i = 0; i < in.size(); ++i) in[i] = i / 32;
    l.block[0] = 256;
    l.args = {KernelArgument::buffer(words(in), "in"), KernelArgument::buffer(std::vector<uint8_t>(256 * 4), "bins"),
              KernelArgument::scalar(u32(256), "n")};
    c.check = [](const RunResult& r) {
      std::vector<uint32_t> bins = as_words(r.buffers[1]);
      for (uint32_t b = 0; b < 256; ++b) REQUIRE(bins[b] == (b < 8 ? 32u : 0u));
    };
  } else {
    std::vector<uint32_t> in(256);
    for (uint32_t i = 0; i < in.size(); ++i) in[i] = i * 3 + 1;
    l.block[0] = 256;
    l.args = {KernelArgument::buffer(words(in), "in"), KernelArgument::buffer(std::vector<uint8_t>(4), "out"),
              KernelArgument::scalar(u32(256), "n")};
    c.check = [in](const RunResult& r) {
      uint32_t sum = 0;
      for (uint32_t v : in) sum += v;
      REQUIRE(as_words(r.buffers[1])[0] == sum);
    };
  }
  return c;
}

const char* kStems[] = {"transpose_naive",  "transpose_padded",  "transpose_swizzled", "matvec_row_major",
                        "matvec_col_major", "histogram_shared", "reduce_interleaved", "reduce_sequential"};

void check_flavour(const std::string& flavour) {
  for (const char* stem : kStems) {
    std::string path = fmt::format("{}/ptx/{}.{}.ptx", kernels_dir(), stem, flavour);
    CAPTURE(path);
    ptx::Module m = ptx::read_module(path);
    Case c = launch_for(stem);
    EmulatorOptions o;
    o.memory_metrics = true;
    RunResult r = run_kernel(m, c.launch, o);
    c.check(r);
    std::vector<LineMetrics> lines = per_source_line(r.metrics, m, LineAttribution::Innermost);
    std::vector<Expectation> expected = read_expectations(stem);
    REQUIRE(!expected.empty());
    for (const Expectation& e : expected) {
      const LineMetrics* line = nullptr;
      for (const LineMetrics& l : lines)
        if (l.line == e.line && std::string(m.file_path(l.file)).ends_with(std::string(stem) + ".cu")) line = &l;
      INFO(stem, ".cu:", e.line, " ", e.cls);
      REQUIRE(line != nullptr);
      // clang 14 writes no inlined_at: the shim's atomicAdd is on the shim's
      // own line, the only access of its class there.
      if (!line->memory[class_of(e.cls)].any() && flavour.starts_with("clang"))
        for (const LineMetrics& l : lines)
          if (std::string(m.file_path(l.file)).ends_with("clang_cuda_shim.h") && l.memory[class_of(e.cls)].any())
            line = &l;
      const AccessCounters& a = line->memory[class_of(e.cls)];
      REQUIRE(a.requests > 0);
      for (const auto& [key, want] : e.values) {
        INFO(key);
        CHECK(value_of(a, key) == doctest::Approx(want).epsilon(1e-12));
      }
    }
  }
}

}  // namespace

TEST_CASE("memory kernels: nvcc sm_80 PTX matches every EXPECT-MEM") { check_flavour("sm_80"); }
TEST_CASE("memory kernels: nvcc sm_90 PTX matches every EXPECT-MEM") { check_flavour("sm_90"); }
TEST_CASE("memory kernels: clang sm_80 PTX matches every EXPECT-MEM") { check_flavour("clang.sm_80"); }
