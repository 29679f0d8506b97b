#include "zluda_harness.h"

#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "emulator/simt/emulator.h"
#include "frontend/launch_file.h"
#include "frontend/ptx/parser.h"

namespace warpsat::testing {

namespace {

std::vector<uint8_t> to_bytes(const nlohmann::json& buf, unsigned& width) {
  auto type = parse_element_type(buf["type"].get<std::string>());
  width = type->bytes;
  std::vector<uint8_t> out;
  for (const auto& h : buf["hex"]) {
    uint64_t v = std::stoull(h.get<std::string>(), nullptr, 16);
    for (unsigned i = 0; i < width; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  return out;
}

// IEEE equality for floats (+0 == -0, NaN never equal), bit equality otherwise.
bool equal(const std::string& type, uint64_t a, uint64_t b) {
  if (type == "f32") {
    float x, y;
    uint32_t ax = static_cast<uint32_t>(a), bx = static_cast<uint32_t>(b);
    std::memcpy(&x, &ax, 4);
    std::memcpy(&y, &bx, 4);
    return x == y;
  }
  if (type == "f64") {
    double x, y;
    std::memcpy(&x, &a, 8);
    std::memcpy(&y, &b, 8);
    return x == y;
  }
  if (type == "f16") {
    bool anan = (a & 0x7c00) == 0x7c00 && (a & 0x3ff), bnan = (b & 0x7c00) == 0x7c00 && (b & 0x3ff);
    if (anan || bnan) return false;
    if ((a & 0x7fff) == 0 && (b & 0x7fff) == 0) return true;
    return a == b;
  }
  return a == b;
}

}  // namespace

std::vector<ZludaOutcome> run_zluda_corpus(const std::string& dir, const ZludaOptions& options) {
  std::vector<ZludaOutcome> out;
  std::ifstream in(dir + "/manifest.json");
  if (!in) return out;
  nlohmann::json manifest = nlohmann::json::parse(in);
  for (const auto& t : manifest["tests"]) {
    ZludaOutcome o;
    o.name = t["name"].get<std::string>();
    if (!options.only.empty() && o.name != options.only) continue;
    try {
      ptx::Module m = ptx::read_module(dir + "/" + t["ptx"].get<std::string>());
      simt::Launch l;
      l.kernel = t["kernel"].get<std::string>();
      l.block[0] = options.block_dim_x ? options.block_dim_x : t["block_dim_x"].get<uint32_t>();
      l.grid[0] = t["grid_dim_x"].get<uint32_t>();
      l.dynamic_shared_bytes = 1024;
      unsigned out_width = 0, in_width = 0;
      simt::KernelArgument output = simt::KernelArgument::buffer({}, "output");
      std::vector<uint8_t> expected = to_bytes(t["output"], out_width);
      output.bytes.assign(expected.size(), 0);
      size_t params = t["kernel_params"].get<size_t>();
      if (t["input"].is_null()) {
        l.args.push_back(output);
        if (params > 1) {
          simt::KernelArgument alias = output;
          alias.alias_of = 0;
          l.args.push_back(alias);
        }
      } else {
        simt::KernelArgument input = simt::KernelArgument::buffer(to_bytes(t["input"], in_width), "input");
        l.args.push_back(input);
        l.args.push_back(output);
      }
      l.args.resize(params);
      simt::RunResult r = simt::run_kernel(m, l);
      const std::vector<uint8_t>& got = r.buffers[t["input"].is_null() ? 0 : 1];
      std::string type = t["output"]["type"].get<std::string>();
      o.passed = true;
      for (size_t i = 0; i + out_width <= expected.size(); i += out_width) {
        uint64_t a = 0, b = 0;
        std::memcpy(&a, got.data() + i, out_width);
        std::memcpy(&b, expected.data() + i, out_width);
        if (!equal(type, a, b)) {
          o.passed = false;
          o.detail = fmt::format("element {}: got 0x{:0{}x}, expected 0x{:0{}x}", i / out_width, a, 2 * out_width, b,
                                 2 * out_width);
          break;
        }
      }
    } catch (const std::exception& e) {
      o.detail = e.what();
    }
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace warpsat::testing
