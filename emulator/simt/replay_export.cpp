#include "emulator/simt/replay_export.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "frontend/diagnostics.h"

#include <fmt/format.h>

namespace warpsat::simt {

namespace {

namespace fs = std::filesystem;

void write_bytes(const fs::path& p, const uint8_t* data, uint64_t size) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  if (data != nullptr && size != 0) out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out) throw InputError({p.string(), 0, 0}, "cannot write the file");
}

void write_zeros(const fs::path& p, uint64_t size) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  std::vector<char> zeros(std::min<uint64_t>(size, uint64_t{1} << 20), 0);
  for (uint64_t left = size; left != 0 && out;) {
    uint64_t n = std::min<uint64_t>(left, zeros.size());
    out.write(zeros.data(), static_cast<std::streamsize>(n));
    left -= n;
  }
  if (!out) throw InputError({p.string(), 0, 0}, "cannot write the file");
}

// Names in the manifest are single words: the replay program reads it with >>.
std::string word(const std::string& s) {
  std::string w = s.empty() ? "-" : s;
  for (char& c : w)
    if (c == ' ' || c == '\t' || c == '\n') c = '_';
  return w;
}

}  // namespace

void write_replay_directory(const std::string& dir, const ReplayExport& e) {
  fs::path d(dir);
  std::error_code ec;
  fs::create_directories(d, ec);
  if (ec) throw InputError({dir, 0, 0}, fmt::format("cannot create the directory: {}", ec.message()));
  const Launch& l = e.launch;
  {
    std::ofstream ptx(d / "kernel.ptx", std::ios::trunc);
    ptx << e.ptx_text;
    if (!ptx) throw InputError({(d / "kernel.ptx").string(), 0, 0}, "cannot write the file");
  }
  // Buffers in one index space: the arguments' (by argument index), then
  // Launch::buffers.
  auto global = [&](BufferRef r) { return r.named ? l.args.size() + r.index : r.index; };
  std::string m = "warpsat-gpu-replay 2\n";
  m += fmt::format("kernel {}\n", l.kernel);
  m += fmt::format("grid {} {} {}\nblock {} {} {}\n", l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2]);
  m += fmt::format("cluster {} {} {} {}\n", l.cluster[0], l.cluster[1], l.cluster[2], l.cluster_non_portable ? 1 : 0);
  m += fmt::format("dynamic_shared {}\n", l.dynamic_shared_bytes);
  const size_t n_buffers = l.args.size() + l.buffers.size();
  m += fmt::format("buffers {}\n", n_buffers);
  for (size_t g = 0; g < n_buffers; ++g) {
    const bool named = g >= l.args.size();
    const KernelArgument& a = named ? l.buffers[g - l.args.size()] : l.args[g];
    const std::string type = named ? e.named_types.at(g - l.args.size()) : e.arg_types.at(g);
    const std::vector<uint8_t>* after = named ? &e.final_named.at(g - l.args.size()) : &e.final_args.at(g);
    if (a.kind != KernelArgument::Kind::Buffer) {
      m += fmt::format("buffer {} none\n", g);
      continue;
    }
    m += fmt::format("buffer {} {} {} {} {}\n", g, a.size(), word(type), a.alias_of, word(a.name));
    if (a.alias_of >= 0) continue;
    // Addresses held in the buffer (CUTLASS's pointer arrays): the replay
    // writes its own there, in the input and in the expected bytes alike.
    for (const auto& [offset, ref] : a.pointer_slots)
      m += fmt::format("pointer_in {} {} {} {}\n", g, offset, global(ref), ref.at);
    // The initial contents, with any patches a replay launch would apply.
    std::vector<uint8_t> before = a.bytes;
    if (before.empty() && !a.patches.empty()) before.assign(a.size(), 0);
    for (const auto& [offset, bytes] : a.patches)
      for (size_t i = 0; i < bytes.size() && offset + i < before.size(); ++i) before[offset + i] = bytes[i];
    if (before.empty())
      write_zeros(d / fmt::format("input-{}.bin", g), a.size());
    else
      write_bytes(d / fmt::format("input-{}.bin", g), before.data(), before.size());
    write_bytes(d / fmt::format("expected-{}.bin", g), after->data(), after->size());
  }
  m += fmt::format("tensor_maps {}\n", l.tensor_maps.size());
  for (size_t t = 0; t < l.tensor_maps.size(); ++t) {
    const TensorMapSpec& s = l.tensor_maps[t].spec;
    // The GPU replay encodes tiled maps only (cuTensorMapEncodeTiled).
    if (s.mode != TensorMapSpec::Mode::Tiled)
      throw InputError({(d / "launch.txt").string(), 0, 0},
                       fmt::format("tensor map '{}' is an im2col map, which the GPU replay does not encode", s.name));
    m += fmt::format("tensor_map {} {} {} {}", t, global(l.tensor_maps[t].buffer), to_string(s.type), s.rank);
    for (unsigned i = 0; i < 5; ++i) m += fmt::format(" {}", s.dims[i]);
    for (unsigned i = 0; i < 5; ++i) m += fmt::format(" {}", s.strides[i]);
    for (unsigned i = 0; i < 5; ++i) m += fmt::format(" {}", s.box[i]);
    for (unsigned i = 0; i < 5; ++i) m += fmt::format(" {}", s.element_strides[i]);
    m += fmt::format(" {} {} {} {} {}\n", to_string(s.interleave), to_string(s.swizzle), to_string(s.l2_promotion),
                     to_string(s.oob_fill), s.offset);
  }
  m += fmt::format("args {}\n", l.args.size());
  for (size_t i = 0; i < l.args.size(); ++i) {
    const KernelArgument& a = l.args[i];
    if (a.kind == KernelArgument::Kind::Buffer) {
      m += fmt::format("arg {} buffer {}\n", i, a.alias_of >= 0 ? a.alias_of : static_cast<int64_t>(i));
      continue;
    }
    m += fmt::format("arg {} bytes {} {}\n", i, a.bytes.size(), a.pointer_slots.size() + a.tensor_map_slots.size());
    for (const auto& [offset, ref] : a.pointer_slots)
      m += fmt::format("slot {} pointer {} {}\n", offset, global(ref), ref.at);
    for (const auto& [offset, map] : a.tensor_map_slots) m += fmt::format("slot {} tensor_map {}\n", offset, map);
    write_bytes(d / fmt::format("arg-{}.bin", i), a.bytes.data(), a.bytes.size());
  }
  std::ofstream out(d / "launch.txt", std::ios::trunc);
  out << m;
  if (!out) throw InputError({(d / "launch.txt").string(), 0, 0}, "cannot write the file");
}

}  // namespace warpsat::simt
