// run_kernel (emulator.h): the launch checked, its buffers, parameters and
// tensor maps placed, its program decoded, its clusters ordered and run by
// the scheduler (scheduler.cpp), and the result assembled.
#include "emulator/simt/emulator.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "emulator/simt/async_state.h"
#include "emulator/simt/cluster.h"
#include "emulator/simt/decode.h"
#include "emulator/simt/run_state.h"
#include "emulator/simt/scheduler.h"
#include "frontend/ptx/target_limits.h"

namespace warpsat::simt {

namespace {

void check_launch(const ptx::Module& m, const Launch& l, const ptx::Function& k) {
  if (l.args.size() != k.params.size())
    throw InputError({m.source, k.pos.line, k.pos.column},
                     fmt::format("kernel {} has {} parameter(s); the launch gives {}", k.name, k.params.size(),
                                 l.args.size()));
  for (int d = 0; d < 3; ++d)
    if (l.block[d] == 0 || l.grid[d] == 0) throw command_line_error("grid and block dimensions must be at least 1");
  if (uint64_t{l.block[0]} * l.block[1] * l.block[2] > 1024)
    throw command_line_error("a block has at most 1024 threads");
  // What cudaLaunchKernel refuses (compute capability 7.0 and later): a grid
  // of 2^32-1 blocks along x is no launch, whatever the --max-ctas budget.
  if (l.grid[0] > 0x7fffffffu || l.grid[1] > 65535 || l.grid[2] > 65535)
    throw command_line_error(fmt::format("grid {}x{}x{}: x is at most 2147483647, y and z at most 65535", l.grid[0],
                                         l.grid[1], l.grid[2]));
  if (l.block[2] > 64)
    throw command_line_error(fmt::format("block {}x{}x{}: z is at most 64", l.block[0], l.block[1], l.block[2]));
}

// Where basic blocks start, for counting paths: at a label's instruction
// (a branch target, or where straight-line code runs into one) and at a
// function's first instruction (a call).
std::vector<std::vector<bool>> block_starts(const ptx::Module& m) {
  std::vector<std::vector<bool>> starts(m.functions.size());
  for (size_t fi = 0; fi < m.functions.size(); ++fi) {
    const ptx::Function& f = m.functions[fi];
    starts[fi].assign(f.instructions.size(), false);
    if (!f.instructions.empty()) starts[fi][0] = true;
    for (const ptx::Label& l : f.labels)
      if (l.instruction < f.instructions.size()) starts[fi][l.instruction] = true;
  }
  return starts;
}

}  // namespace

const ptx::Function& find_kernel(const ptx::Module& m, const std::string& name) {
  const ptx::Function* only = nullptr;
  size_t entries = 0;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry && f.has_body) {
      ++entries;
      only = &f;
      if (f.name == name) return f;
    }
  if (name.empty() && entries == 1) return *only;
  std::string list;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry) list += (list.empty() ? "" : ", ") + std::string(f.name);
  throw command_line_error(name.empty() ? fmt::format("{} has {} kernels ({}); name one", m.source, entries, list)
                                        : fmt::format("{} has no kernel '{}' (kernels: {})", m.source, name, list));
}

namespace {

// `consumed`: the launch itself, whose buffers may go once copied.
RunResult run(const ptx::Module& module, const Launch& launch, Launch* consumed, const EmulatorOptions& options) {
  const ptx::Function& kernel = find_kernel(module, launch.kernel);
  check_launch(module, launch, kernel);
  RunState rs(module, launch, options);
  struct StepsReport {
    const RunState& rs;
    ~StepsReport() {
      if (rs.options.steps_out) *rs.options.steps_out = rs.steps;
    }
  } report{rs};
  uint64_t launch_bytes = 0;
  // Only contents the launch holds count: zero-filled buffers (zero_bytes)
  // are allocated lazily, page by page, and replays rely on that.
  std::vector<const KernelArgument*> owned;
  for (const KernelArgument& a : launch.args) owned.push_back(&a);
  for (const KernelArgument& a : launch.buffers) owned.push_back(&a);
  for (const KernelArgument* arg : owned)
    if (const KernelArgument& a = *arg; a.kind == KernelArgument::Kind::Buffer && a.alias_of < 0) {
      if (a.bytes.size() > options.max_launch_bytes || launch_bytes + a.bytes.size() > options.max_launch_bytes)
        throw command_line_error(fmt::format("the launch's buffers hold {} bytes or more, over the limit of {}; "
                                             "raise it with --max-launch-bytes",
                                             launch_bytes + a.bytes.size(), options.max_launch_bytes));
      launch_bytes += a.bytes.size();
    }
  // Buffers first (their addresses become parameter values), then the module's variables.
  rs.arg_addresses.resize(launch.args.size(), 0);
  for (size_t i = 0; i < launch.args.size(); ++i)
    if (launch.args[i].kind == KernelArgument::Kind::Buffer && launch.args[i].alias_of < 0) {
      const KernelArgument& arg = launch.args[i];
      const auto& bytes = arg.bytes;
      std::string name = arg.name.empty() ? fmt::format("param {}", i) : arg.name;
      uint64_t size = std::max<uint64_t>(arg.size(), 1);
      uint64_t addr = arg.fixed_address ? rs.memory.allocate_at(name, arg.fixed_address, size)
                                        : rs.memory.allocate(name, size);
      if (!bytes.empty()) rs.memory.find(addr, bytes.size())->write(0, bytes.data(), bytes.size());
      if (consumed && !bytes.empty()) {
        KernelArgument& mine = consumed->args[i];
        mine.zero_bytes = mine.bytes.size();
        std::vector<uint8_t>().swap(mine.bytes);
      }
      for (const auto& [offset, patch] : arg.patches)
        if (Allocation* a = rs.memory.find(addr + offset, patch.size())) a->write(addr + offset - a->base(), patch.data(), patch.size());
      rs.arg_addresses[i] = addr;
    }
  for (size_t i = 0; i < launch.args.size(); ++i) {
    int a = launch.args[i].alias_of;
    if (a >= 0 && static_cast<size_t>(a) < launch.args.size()) rs.arg_addresses[i] = rs.arg_addresses[static_cast<size_t>(a)];
  }
  std::vector<uint64_t> named_addresses;
  for (size_t i = 0; i < launch.buffers.size(); ++i) {
    const KernelArgument& b = launch.buffers[i];
    std::string name = b.name.empty() ? fmt::format("buffer {}", i) : b.name;
    uint64_t size = std::max<uint64_t>(b.size(), 1);
    uint64_t addr = b.fixed_address ? rs.memory.allocate_at(name, b.fixed_address, size) : rs.memory.allocate(name, size);
    if (!b.bytes.empty()) rs.memory.find(addr, b.bytes.size())->write(0, b.bytes.data(), b.bytes.size());
    for (const auto& [offset, patch] : b.patches)
      if (Allocation* a = rs.memory.find(addr + offset, patch.size())) a->write(addr + offset - a->base(), patch.data(), patch.size());
    named_addresses.push_back(addr);
  }
  auto buffer_address = [&](BufferRef r) -> uint64_t {
    if (r.named ? r.index >= named_addresses.size() : r.index >= rs.arg_addresses.size() || !rs.arg_addresses[r.index])
      throw command_line_error("a pointer or tensor map refers to a buffer the launch does not have");
    return r.named ? named_addresses[r.index] : rs.arg_addresses[r.index];
  };
  auto buffer_size = [&](BufferRef r) {
    const KernelArgument& b = r.named ? launch.buffers[r.index] : launch.args[r.index];
    return b.alias_of >= 0 ? launch.args[static_cast<size_t>(b.alias_of)].size() : b.size();
  };
  // Named buffers that hold other buffers' addresses (arrays of pointers).
  for (size_t i = 0; i < launch.buffers.size(); ++i)
    for (const auto& [at, ref] : launch.buffers[i].pointer_slots) {
      uint64_t address = buffer_address(ref) + ref.at;
      Allocation* a = rs.memory.find(named_addresses[i] + at, 8);
      if (!a) throw command_line_error(fmt::format("a pointer at byte {} of buffer {} passes its end", at, i));
      a->write(named_addresses[i] + at - a->base(), &address, 8);
    }
  for (const Launch::TensorMapArg& t : launch.tensor_maps) {
    if (auto p = tensor_map_problem(t.spec))
      throw command_line_error(fmt::format("tensor map '{}': {}", t.spec.name, p->message));
    if (!t.spec.placeholder && t.spec.extent_bytes() > buffer_size(t.buffer))
      throw command_line_error(fmt::format("tensor map '{}' covers {} bytes of its buffer, which has {}", t.spec.name,
                                           t.spec.extent_bytes(), buffer_size(t.buffer)));
    TensorMap& map = rs.tensor_maps.emplace_back();
    map.spec = t.spec;
    map.global_address = buffer_address(t.buffer) + t.spec.offset;
  }
  if (options.program_cache) rs.decoded = &options.program_cache->adopt(load_program(module, rs.memory));
  else rs.own_program = load_program(module, rs.memory);
  rs.kernel = rs.program().function_index(kernel.name);
  ensure_decoded(rs.program(), rs.kernel);
  uint32_t param_bytes = 0;
  std::vector<uint32_t> offsets = kernel_param_offsets(kernel, &param_bytes);
  rs.kernel_params.assign(std::max<uint32_t>(param_bytes, 1), 0);
  for (size_t i = 0; i < launch.args.size(); ++i) {
    uint64_t size = kernel.params[i].size_bytes();
    if (launch.args[i].kind == KernelArgument::Kind::Buffer) {
      std::memcpy(rs.kernel_params.data() + offsets[i], &rs.arg_addresses[i], std::min<uint64_t>(size, 8));
    } else {
      std::memcpy(rs.kernel_params.data() + offsets[i], launch.args[i].bytes.data(),
                  std::min<uint64_t>(size, launch.args[i].bytes.size()));
      unsigned pointer_bytes = module.address_size == 32 ? 4 : 8;
      for (const auto& [at, ref] : launch.args[i].pointer_slots) {
        if (at + pointer_bytes > size) throw command_line_error(fmt::format("a pointer at byte {} of parameter {} passes its end", at, i));
        uint64_t address = buffer_address(ref) + ref.at;
        std::memcpy(rs.kernel_params.data() + offsets[i] + at, &address, pointer_bytes);
      }
      for (const auto& [at, index] : launch.args[i].tensor_map_slots) {
        if (at + kTensorMapBytes > size || index >= rs.tensor_maps.size())
          throw command_line_error(fmt::format("a tensor map at byte {} of parameter {} passes its end", at, i));
        auto handle = tensor_map_handle(index);
        std::memcpy(rs.kernel_params.data() + offsets[i] + at, handle.data(), kTensorMapBytes);
      }
    }
  }
  rs.counters.resize(rs.program().functions.size());
  for (size_t f = 0; f < rs.program().functions.size(); ++f) rs.counters[f].resize(rs.program().functions[f].ops.size());
  rs.executes = options.execute_only;
  if (options.count_thread_paths) rs.block_starts = block_starts(module);
  if (options.racecheck) rs.race = std::make_unique<RaceDetector>(module, launch, rs.program());
  try {
    rs.cluster = cluster_shape(kernel, launch);
  } catch (const std::invalid_argument& e) {
    throw command_line_error(e.what());
  }
  if (!rs.program().reads_shared_async) rs.program().reads_shared_async = reads_shared_asynchronously(module);
  rs.track_proxy = *rs.program().reads_shared_async;
  // Registers per thread at launch, for setmaxnreg: the kernel's .maxnreg,
  // else the most its launch bounds allow (the SM's 64K registers over the
  // block's warps and .minnctapersm blocks), in ptxas's steps of 8, at most 255.
  {
    uint64_t threads = (uint64_t{launch.block[0]} * launch.block[1] * launch.block[2] + kWarpSize - 1) / kWarpSize * kWarpSize;
    uint64_t fit = kRegistersPerSm / (threads * std::max<uint32_t>(kernel.minnctapersm, 1)) / 8 * 8;
    rs.initial_registers = kernel.maxnreg ? kernel.maxnreg : static_cast<uint32_t>(std::min<uint64_t>(fit, 255));
  }
  rs.remap = options.shared_remap;
  if (rs.remap.active() && !rs.remap.xor_words) rs.remap.target = rs.program().dynamic_shared_offset + launch.dynamic_shared_bytes;
  if (rs.remap.active() && (rs.remap.row_bytes == 0 || (rs.remap.xor_words && (rs.remap.row_bytes % 4 != 0 ||
                                                                              ((rs.remap.row_bytes / 4) & (rs.remap.row_bytes / 4 - 1))))))
    throw command_line_error("a shared remap needs rows of a nonzero size (XOR: a power of two of 4-byte words)");
  if (options.memory_metrics && options.execute_only.empty())
    rs.memory_metrics = std::make_unique<MemoryRecorder>(rs.remap);

  uint64_t total = uint64_t{launch.grid[0]} * launch.grid[1] * launch.grid[2];
  // A kernel with no instructions never reaches the step limit, so the
  // number of CTAs has a budget of its own.
  uint64_t to_run = options.only_ctas.empty() ? total : options.only_ctas.size();
  if (to_run > options.max_ctas)
    throw command_line_error(fmt::format("the launch has {} blocks, over the limit of {}; raise it with --max-ctas",
                                         to_run, options.max_ctas));
  uint64_t shared = rs.program().dynamic_shared_offset + launch.dynamic_shared_bytes;
  if (shared > options.max_shared_bytes || launch.dynamic_shared_bytes > options.max_shared_bytes)
    throw command_line_error(fmt::format("{} bytes of shared memory per block ({} static, {} dynamic), over the "
                                         "limit of {}; raise it with --max-shared-bytes",
                                         shared, rs.program().dynamic_shared_offset, launch.dynamic_shared_bytes,
                                         options.max_shared_bytes));
  if (rs.cluster.size() > 1 && shared > kClusterOffsetMask)
    throw command_line_error(fmt::format("{} bytes of shared memory per block: a cluster's blocks have at most {} "
                                         "(shared::cluster addresses carry the CTA rank above)",
                                         shared, kClusterOffsetMask));
  // Clusters in linear order of %clusterid (x fastest), each one's CTAs
  // together, the next started beside them only when they spin
  // (run_clusters; only_ctas: the clusters holding the CTAs it lists).
  const uint32_t* cd = rs.cluster.dims;
  const uint32_t clusters[3] = {launch.grid[0] / cd[0], launch.grid[1] / cd[1], launch.grid[2] / cd[2]};
  auto cluster_of = [&](uint64_t cta) {
    uint64_t x = cta % launch.grid[0], y = (cta / launch.grid[0]) % launch.grid[1],
             z = cta / (uint64_t{launch.grid[0]} * launch.grid[1]);
    return x / cd[0] + (y / cd[1]) * clusters[0] + (z / cd[2]) * uint64_t{clusters[0]} * clusters[1];
  };
  auto members = [&](uint64_t cl, uint32_t (&id)[3]) {
    id[0] = static_cast<uint32_t>(cl % clusters[0]);
    id[1] = static_cast<uint32_t>((cl / clusters[0]) % clusters[1]);
    id[2] = static_cast<uint32_t>(cl / (uint64_t{clusters[0]} * clusters[1]));
    std::vector<uint64_t> ctas;  // by %cluster_ctarank: x fastest within the cluster
    for (uint32_t z = 0; z < cd[2]; ++z)
      for (uint32_t y = 0; y < cd[1]; ++y)
        for (uint32_t x = 0; x < cd[0]; ++x)
          ctas.push_back((id[0] * cd[0] + x) + (id[1] * cd[1] + y) * uint64_t{launch.grid[0]} +
                         (id[2] * cd[2] + z) * uint64_t{launch.grid[0]} * launch.grid[1]);
    return ctas;
  };
  std::vector<uint64_t> order;
  if (options.only_ctas.empty()) {
    order.resize(total / rs.cluster.size());
    std::iota(order.begin(), order.end(), uint64_t{0});
  } else {
    std::set<uint64_t> seen;
    for (uint64_t c : options.only_ctas)
      if (c < total && seen.insert(cluster_of(c)).second) order.push_back(cluster_of(c));
  }
  uint64_t ran = run_clusters(rs, order, rs.race ? 1
                                      : cluster_residency(kernel, launch, rs.cluster.size(), shared,
                                                          ptx::target_sm(module), options.sms),
                              members);

  RunResult r;
  r.stopped = rs.stop;
  auto add_shared = [&](const ptx::Variable& v) {
    auto at = rs.program().shared_offsets.find(v.name);
    if (v.space != ptx::StateSpace::Shared || at == rs.program().shared_offsets.end()) return;
    bool dynamic = v.linkage == ptx::Linkage::Extern || (!v.dims.empty() && v.dims[0] == 0);
    r.shared_variables.push_back({std::string(v.name), at->second, dynamic ? launch.dynamic_shared_bytes : v.size_bytes()});
  };
  for (const ptx::Variable& v : module.variables) add_shared(v);
  for (const ptx::Function& f : module.functions)
    for (const ptx::Variable& v : f.variables) add_shared(v);
  std::sort(r.shared_variables.begin(), r.shared_variables.end(),
            [](const SharedVariable& a, const SharedVariable& b) { return a.offset < b.offset; });
  r.metrics = collect_metrics(rs, ran);
  if (rs.race) r.races = rs.race->take_report();
  r.buffers.resize(launch.args.size());
  for (size_t i = 0; i < launch.args.size() && options.return_buffers; ++i)
    if (launch.args[i].kind == KernelArgument::Kind::Buffer) {
      int a = launch.args[i].alias_of;
      uint64_t n = (a >= 0 ? launch.args[static_cast<size_t>(a)] : launch.args[i]).size();
      r.buffers[i] = rs.memory.contents(rs.arg_addresses[i], n);
    }
  for (size_t i = 0; i < launch.buffers.size() && options.return_buffers; ++i)
    r.named_buffers.push_back(rs.memory.contents(named_addresses[i], launch.buffers[i].size()));
  return r;
}

}  // namespace

RunResult run_kernel(const ptx::Module& module, const Launch& launch, const EmulatorOptions& options) {
  return run(module, launch, nullptr, options);
}

RunResult run_kernel(const ptx::Module& module, Launch&& launch, const EmulatorOptions& options) {
  return run(module, launch, &launch, options);
}

}  // namespace warpsat::simt
