// bench/gpu/replay: runs launches that `warpsat run --gpu-replay DIR` wrote
// on a real GPU, through the CUDA driver API, and compares every buffer the
// kernel leaves with the emulator's, byte for byte (docs/gpu-replay.md).
//
//   replay [--time N] [--save SAVE] [--parse-only] DIR...     exit 0: every buffer equal; 1: a difference; 2: an error
//
// Each DIR is one launch: the same PTX (JIT-compiled by the driver for the
// GPU at hand), grid, block, cluster and dynamic shared memory, the same
// initial buffers, the parameters' bytes with device addresses and tensor
// maps (cuTensorMapEncodeTiled) put where the emulator put its own. Run it
// under `ncu` to get the hardware's counters for `warpsat compare-profile`:
// launches are profiled in the order of the DIRs, IDs 0, 1, ...
//
// Standalone on purpose: it needs only cuda.h and libcuda, so that it builds
// with nvcc (or any C++17 compiler) on a GPU machine that has none of
// warpsat's dependencies.
#include <cuda.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(CUresult r, const std::string& what) {
  if (r == CUDA_SUCCESS) return;
  const char* name = nullptr;
  const char* text = nullptr;
  cuGetErrorName(r, &name);
  cuGetErrorString(r, &text);
  throw Failure(what + ": " + (name ? name : "?") + " (" + (text ? text : "?") + ")");
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Failure("cannot read " + path);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

struct Buffer {
  bool present = false;
  uint64_t size = 0;
  std::string type, name;
  int64_t alias_of = -1;
  CUdeviceptr address = 0;
};

struct TensorMapDesc {
  uint64_t buffer = 0;
  std::string type;
  uint32_t rank = 1;
  uint64_t dims[5], strides[5];
  uint32_t box[5], element_strides[5];
  std::string interleave, swizzle, l2, oob;
  uint64_t offset = 0;
};

struct Slot {
  uint64_t offset = 0;
  bool pointer = true;
  uint64_t index = 0;  // buffer or tensor map
  uint64_t at = 0;     // a pointer's bytes into its buffer
};

// An address held inside a buffer (a pointer array): buffer `target`'s plus
// `at`, at `offset` of buffer `in`.
struct PointerIn {
  uint64_t in = 0, offset = 0, target = 0, at = 0;
};

struct Arg {
  bool is_buffer = false;
  uint64_t buffer = 0;
  std::vector<uint8_t> bytes;
  std::vector<Slot> slots;
};

struct Replay {
  std::string dir, kernel;
  unsigned grid[3], block[3], cluster[3];
  bool non_portable = false;
  uint64_t dynamic_shared = 0;
  std::vector<Buffer> buffers;
  std::vector<TensorMapDesc> maps;
  std::vector<Arg> args;
  std::vector<PointerIn> pointers_in;
};

Replay read_replay(const std::string& dir) {
  Replay r;
  r.dir = dir;
  std::ifstream in(dir + "/launch.txt");
  if (!in) throw Failure("cannot read " + dir + "/launch.txt (written by warpsat run --gpu-replay)");
  std::string key;
  int version = 0;
  in >> key >> version;
  // Version 2 added pointers into a buffer's middle and pointers held in buffers.
  if (key != "warpsat-gpu-replay" || (version != 1 && version != 2))
    throw Failure(dir + "/launch.txt: not a version-1 or version-2 replay");
  size_t n = 0;
  while (in >> key) {
    if (key == "kernel") in >> r.kernel;
    else if (key == "grid") in >> r.grid[0] >> r.grid[1] >> r.grid[2];
    else if (key == "block") in >> r.block[0] >> r.block[1] >> r.block[2];
    else if (key == "cluster") in >> r.cluster[0] >> r.cluster[1] >> r.cluster[2] >> r.non_portable;
    else if (key == "dynamic_shared") in >> r.dynamic_shared;
    else if (key == "buffers") { in >> n; r.buffers.resize(n); }
    else if (key == "buffer") {
      size_t i = 0;
      std::string size;
      in >> i >> size;
      if (i >= r.buffers.size()) throw Failure(dir + ": buffer index out of range");
      if (size == "none") continue;
      Buffer& b = r.buffers[i];
      b.present = true;
      b.size = std::stoull(size);
      in >> b.type >> b.alias_of >> b.name;
    } else if (key == "pointer_in") {
      PointerIn p;
      in >> p.in >> p.offset >> p.target >> p.at;
      if (p.in >= r.buffers.size() || p.target >= r.buffers.size()) throw Failure(dir + ": pointer_in out of range");
      r.pointers_in.push_back(p);
    } else if (key == "tensor_maps") { in >> n; r.maps.resize(n); }
    else if (key == "tensor_map") {
      size_t i = 0;
      in >> i;
      if (i >= r.maps.size()) throw Failure(dir + ": tensor map index out of range");
      TensorMapDesc& t = r.maps[i];
      in >> t.buffer >> t.type >> t.rank;
      for (auto& v : t.dims) in >> v;
      for (auto& v : t.strides) in >> v;
      for (auto& v : t.box) in >> v;
      for (auto& v : t.element_strides) in >> v;
      in >> t.interleave >> t.swizzle >> t.l2 >> t.oob >> t.offset;
    } else if (key == "args") { in >> n; r.args.resize(n); }
    else if (key == "arg") {
      size_t i = 0;
      std::string kind;
      in >> i >> kind;
      if (i >= r.args.size()) throw Failure(dir + ": argument index out of range");
      Arg& a = r.args[i];
      if (kind == "buffer") {
        a.is_buffer = true;
        in >> a.buffer;
      } else {
        size_t size = 0, slots = 0;
        in >> size >> slots;
        a.bytes = read_bytes(dir + "/arg-" + std::to_string(i) + ".bin");
        if (a.bytes.size() != size) throw Failure(dir + ": arg-" + std::to_string(i) + ".bin has the wrong size");
        for (size_t s = 0; s < slots; ++s) {
          Slot slot;
          std::string word, what;
          in >> word >> slot.offset >> what >> slot.index;
          if (word != "slot") throw Failure(dir + ": expected a slot line");
          slot.pointer = what == "pointer";
          if (slot.pointer && version >= 2) in >> slot.at;
          a.slots.push_back(slot);
        }
      }
    } else {
      throw Failure(dir + "/launch.txt: unknown key '" + key + "'");
    }
    if (!in) throw Failure(dir + "/launch.txt: malformed near '" + key + "'");
  }
  return r;
}

CUtensorMapDataType map_type(const std::string& t) {
  static const std::map<std::string, CUtensorMapDataType> kTypes = {
      {"u8", CU_TENSOR_MAP_DATA_TYPE_UINT8},        {"u16", CU_TENSOR_MAP_DATA_TYPE_UINT16},
      {"u32", CU_TENSOR_MAP_DATA_TYPE_UINT32},      {"s32", CU_TENSOR_MAP_DATA_TYPE_INT32},
      {"u64", CU_TENSOR_MAP_DATA_TYPE_UINT64},      {"s64", CU_TENSOR_MAP_DATA_TYPE_INT64},
      {"f16", CU_TENSOR_MAP_DATA_TYPE_FLOAT16},     {"f32", CU_TENSOR_MAP_DATA_TYPE_FLOAT32},
      {"f64", CU_TENSOR_MAP_DATA_TYPE_FLOAT64},     {"bf16", CU_TENSOR_MAP_DATA_TYPE_BFLOAT16},
      {"f32_ftz", CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ}, {"tf32", CU_TENSOR_MAP_DATA_TYPE_TFLOAT32},
      {"tf32_ftz", CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ}};
  auto it = kTypes.find(t);
  if (it == kTypes.end()) throw Failure("unknown tensor map type " + t);
  return it->second;
}

CUtensorMap encode(const TensorMapDesc& t, CUdeviceptr base) {
  CUtensorMap map;
  cuuint64_t dims[5], strides[4];
  cuuint32_t box[5], estrides[5];
  for (unsigned i = 0; i < 5; ++i) {
    dims[i] = t.dims[i];
    box[i] = t.box[i];
    estrides[i] = t.element_strides[i];
  }
  for (unsigned i = 0; i < 4; ++i) strides[i] = t.strides[i + 1];
  auto pick = [](const std::string& v, const char* a, const char* b, const char* c, int fallback) {
    if (v == a) return 1;
    if (v == b) return 2;
    if (c && v == c) return 3;
    return fallback;
  };
  auto interleave = static_cast<CUtensorMapInterleave>(pick(t.interleave, "16B", "32B", nullptr, 0));
  auto swizzle = static_cast<CUtensorMapSwizzle>(pick(t.swizzle, "32B", "64B", "128B", 0));
  auto l2 = static_cast<CUtensorMapL2promotion>(pick(t.l2, "64B", "128B", "256B", 0));
  auto oob = t.oob == "nan" ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
  check(cuTensorMapEncodeTiled(&map, map_type(t.type), t.rank, reinterpret_cast<void*>(base + t.offset), dims, strides,
                               box, estrides, interleave, swizzle, l2, oob),
        "cuTensorMapEncodeTiled");
  return map;
}

unsigned element_bytes(const std::string& type) {
  std::string digits;
  for (char c : type)
    if (c >= '0' && c <= '9') digits += c;
  unsigned bits = digits.empty() ? 8 : static_cast<unsigned>(std::stoul(digits));
  return std::max(1u, bits / 8);
}

double element_value(const std::string& type, const uint8_t* p) {
  if (type == "f32") { float f; std::memcpy(&f, p, 4); return f; }
  if (type == "f64") { double f; std::memcpy(&f, p, 8); return f; }
  uint64_t bits = 0;
  std::memcpy(&bits, p, element_bytes(type));
  if (type == "f16") {
    int e = (bits >> 10) & 31, m = bits & 1023;
    double v = e == 0 ? std::ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(1024 + m, e - 25);
    return (bits & 0x8000) ? -v : v;
  }
  if (type == "bf16") { uint32_t w = static_cast<uint32_t>(bits) << 16; float f; std::memcpy(&f, &w, 4); return f; }
  if (type[0] == 's' || type[0] == 'i') {
    unsigned sh = 64 - 8 * element_bytes(type);
    return static_cast<double>(static_cast<int64_t>(bits << sh) >> sh);
  }
  return static_cast<double>(bits);
}

struct Outcome {
  bool equal = true;
  double milliseconds = -1;
};

// save_dir: where the GPU's contents of each buffer that differs go
// (SAVE/<launch>/gpu-I.bin), for studying the difference offline.
Outcome run(const Replay& r, unsigned timed_runs, const std::string& save_dir) {
  CUmodule module;
  std::vector<uint8_t> ptx = read_bytes(r.dir + "/kernel.ptx");
  ptx.push_back(0);
  std::vector<char> log(1 << 16, 0);
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void* values[] = {log.data(), reinterpret_cast<void*>(static_cast<uintptr_t>(log.size()))};
  CUresult loaded = cuModuleLoadDataEx(&module, ptx.data(), 2, opts, values);
  if (loaded != CUDA_SUCCESS) std::fprintf(stderr, "%s: JIT log:\n%s\n", r.dir.c_str(), log.data());
  check(loaded, r.dir + ": cuModuleLoadDataEx");
  CUfunction f;
  check(cuModuleGetFunction(&f, module, r.kernel.c_str()), r.dir + ": cuModuleGetFunction " + r.kernel);

  std::vector<Buffer> buffers = r.buffers;
  for (Buffer& b : buffers)
    if (b.present && b.alias_of < 0) check(cuMemAlloc(&b.address, std::max<uint64_t>(b.size, 1)), r.dir + ": cuMemAlloc");
  for (Buffer& b : buffers)
    if (b.present && b.alias_of >= 0) b.address = buffers.at(b.alias_of).address;
  // The emulator's addresses held in a buffer, replaced with this GPU's.
  auto put_pointers = [&](size_t i, std::vector<uint8_t>& bytes) {
    for (const PointerIn& p : r.pointers_in) {
      if (p.in != i) continue;
      CUdeviceptr v = buffers.at(p.target).address + p.at;
      if (p.offset + sizeof v > bytes.size()) throw Failure(r.dir + ": pointer_in past its buffer");
      std::memcpy(bytes.data() + p.offset, &v, sizeof v);
    }
  };
  for (size_t i = 0; i < buffers.size(); ++i) {
    Buffer& b = buffers[i];
    if (!b.present || b.alias_of >= 0) continue;
    std::vector<uint8_t> in = read_bytes(r.dir + "/input-" + std::to_string(i) + ".bin");
    if (in.size() != b.size) throw Failure(r.dir + ": input-" + std::to_string(i) + ".bin has the wrong size");
    put_pointers(i, in);
    if (b.size) check(cuMemcpyHtoD(b.address, in.data(), b.size), r.dir + ": cuMemcpyHtoD");
  }
  std::vector<CUtensorMap> maps;
  for (const TensorMapDesc& t : r.maps) maps.push_back(encode(t, buffers.at(t.buffer).address));

  std::vector<std::vector<uint8_t>> storage(r.args.size());
  std::vector<void*> params;
  for (size_t i = 0; i < r.args.size(); ++i) {
    const Arg& a = r.args[i];
    if (a.is_buffer) {
      CUdeviceptr p = buffers.at(a.buffer).address;
      storage[i].resize(sizeof p);
      std::memcpy(storage[i].data(), &p, sizeof p);
    } else {
      storage[i] = a.bytes;
      for (const Slot& s : a.slots) {
        if (s.pointer) {
          CUdeviceptr p = buffers.at(s.index).address + s.at;
          if (s.offset + sizeof p > storage[i].size()) throw Failure(r.dir + ": pointer slot past its parameter");
          std::memcpy(storage[i].data() + s.offset, &p, sizeof p);
        } else {
          if (s.offset + sizeof(CUtensorMap) > storage[i].size()) throw Failure(r.dir + ": tensor map slot past its parameter");
          std::memcpy(storage[i].data() + s.offset, &maps.at(s.index), sizeof(CUtensorMap));
        }
      }
    }
  }
  for (auto& s : storage) params.push_back(s.data());

  if (r.dynamic_shared > 48 * 1024)
    check(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(r.dynamic_shared)),
          r.dir + ": dynamic shared memory");
  if (r.non_portable) check(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1), r.dir);
  CUlaunchAttribute attr;
  std::memset(&attr, 0, sizeof attr);
  CUlaunchConfig config;
  std::memset(&config, 0, sizeof config);
  config.gridDimX = r.grid[0]; config.gridDimY = r.grid[1]; config.gridDimZ = r.grid[2];
  config.blockDimX = r.block[0]; config.blockDimY = r.block[1]; config.blockDimZ = r.block[2];
  config.sharedMemBytes = static_cast<unsigned>(r.dynamic_shared);
  if (r.cluster[0] != 0) {
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = r.cluster[0];
    attr.value.clusterDim.y = r.cluster[1];
    attr.value.clusterDim.z = r.cluster[2];
    config.attrs = &attr;
    config.numAttrs = 1;
  }
  check(cuLaunchKernelEx(&config, f, params.data(), nullptr), r.dir + ": cuLaunchKernelEx");
  check(cuCtxSynchronize(), r.dir + ": the kernel");

  Outcome out;
  for (size_t i = 0; i < buffers.size(); ++i) {
    const Buffer& b = buffers[i];
    if (!b.present || b.alias_of >= 0) continue;
    std::vector<uint8_t> got(b.size);
    if (b.size) check(cuMemcpyDtoH(got.data(), b.address, b.size), r.dir + ": cuMemcpyDtoH");
    std::vector<uint8_t> want = read_bytes(r.dir + "/expected-" + std::to_string(i) + ".bin");
    if (want.size() != got.size()) throw Failure(r.dir + ": expected-" + std::to_string(i) + ".bin has the wrong size");
    put_pointers(i, want);
    const unsigned eb = element_bytes(b.type);
    uint64_t differing = 0, first = 0;
    double max_abs = 0;
    for (uint64_t e = 0; e + eb <= got.size(); e += eb) {
      if (std::memcmp(&got[e], &want[e], eb) == 0) continue;
      if (differing++ == 0) first = e / eb;
      double d = std::fabs(element_value(b.type, &got[e]) - element_value(b.type, &want[e]));
      if (!(d <= max_abs)) max_abs = d;
    }
    std::printf("  buffer %-3zu %-10s %-5s %10llu elements: ", i, b.name.c_str(), b.type.c_str(),
                static_cast<unsigned long long>(b.size / eb));
    if (differing == 0) {
      std::printf("equal\n");
      continue;
    }
    out.equal = false;
    if (!save_dir.empty()) {
      std::string base = r.dir.substr(r.dir.find_last_of('/') + 1);
      std::string mk = "mkdir -p '" + save_dir + "/" + base + "'";
      if (std::system(mk.c_str()) == 0) {
        std::ofstream f(save_dir + "/" + base + "/gpu-" + std::to_string(i) + ".bin", std::ios::binary);
        f.write(reinterpret_cast<const char*>(got.data()), static_cast<std::streamsize>(got.size()));
      }
    }
    std::printf("%llu differ (first at element %llu: gpu %.9g, emulator %.9g; largest difference %.9g)\n",
                static_cast<unsigned long long>(differing), static_cast<unsigned long long>(first),
                element_value(b.type, &got[first * eb]), element_value(b.type, &want[first * eb]), max_abs);
  }

  if (timed_runs != 0) {
    CUevent start, stop;
    check(cuEventCreate(&start, 0), "cuEventCreate");
    check(cuEventCreate(&stop, 0), "cuEventCreate");
    std::vector<float> times;
    for (unsigned k = 0; k < timed_runs + 2; ++k) {
      check(cuEventRecord(start, nullptr), "cuEventRecord");
      check(cuLaunchKernelEx(&config, f, params.data(), nullptr), r.dir + ": cuLaunchKernelEx");
      check(cuEventRecord(stop, nullptr), "cuEventRecord");
      check(cuEventSynchronize(stop), r.dir + ": the kernel");
      float ms = 0;
      check(cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
      if (k >= 2) times.push_back(ms);  // two warm-ups
    }
    std::sort(times.begin(), times.end());
    out.milliseconds = times[times.size() / 2];
    cuEventDestroy(start);
    cuEventDestroy(stop);
  }
  for (Buffer& b : buffers)
    if (b.present && b.alias_of < 0 && b.address) cuMemFree(b.address);
  cuModuleUnload(module);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned timed_runs = 0;
  bool parse_only = false;
  std::string save_dir;  // read every DIR, touch no GPU (a check where there is none)
  std::vector<std::string> dirs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--time" && i + 1 < argc) timed_runs = static_cast<unsigned>(std::stoul(argv[++i]));
    else if (a == "--parse-only") parse_only = true;
    else if (a == "--save" && i + 1 < argc) save_dir = argv[++i];
    else if (a == "-h" || a == "--help") {
      std::printf("usage: replay [--time N] DIR...   (DIRs written by warpsat run --gpu-replay)\n");
      return 0;
    } else dirs.push_back(a);
  }
  if (dirs.empty()) {
    std::fprintf(stderr, "usage: replay [--time N] DIR...\n");
    return 2;
  }
  if (parse_only) {
    int bad = 0;
    for (const std::string& d : dirs) try {
        Replay r = read_replay(d);
        size_t bytes = 0;
        for (const Buffer& b : r.buffers) bytes += b.present ? b.size : 0;
        std::printf("%s: %s, %zu buffers (%zu bytes), %zu tensor maps, %zu arguments\n", d.c_str(), r.kernel.substr(0, 40).c_str(),
                    r.buffers.size(), bytes, r.maps.size(), r.args.size());
      } catch (const Failure& e) {
        std::printf("%s: ERROR %s\n", d.c_str(), e.what());
        bad = 1;
      }
    return bad ? 2 : 0;
  }
  try {
    check(cuInit(0), "cuInit");
    CUdevice dev;
    check(cuDeviceGet(&dev, 0), "cuDeviceGet");
    char name[256] = {0};
    cuDeviceGetName(name, sizeof name, dev);
    CUcontext ctx;
    check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
    std::printf("device: %s\n", name);
    bool all_equal = true, any_error = false;
    for (const std::string& d : dirs) {
      std::printf("%s\n", d.c_str());
      try {
        Replay r = read_replay(d);
        Outcome o = run(r, timed_runs, save_dir);
        all_equal = all_equal && o.equal;
        std::printf("  => %s", o.equal ? "EQUAL" : "DIFFERENT");
        if (o.milliseconds >= 0) std::printf(", median of %u launches: %.3f us", timed_runs, 1000.0 * o.milliseconds);
        std::printf("\n");
      } catch (const Failure& e) {
        any_error = true;
        std::printf("  => ERROR: %s\n", e.what());
        // A launch failure poisons the context: start the next one on a fresh one.
        cuDevicePrimaryCtxRelease(dev);
        cuDevicePrimaryCtxReset(dev);
        check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
        check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
      }
      std::fflush(stdout);
    }
    return any_error ? 2 : all_equal ? 0 : 1;
  } catch (const Failure& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
