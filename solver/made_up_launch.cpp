#include "solver/made_up_launch.h"
#include "solver/witness_windows.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>

#include "emulator/simt/launch.h"
#include "encodings/parameter_terms.h"
#include "encodings/query_timer.h"
#include "frontend/analysis/cfg.h"
#include "frontend/analysis/def_use.h"
#include "frontend/analysis/reaching_defs.h"
#include "frontend/assumption.h"
#include "frontend/kernel_params.h"
#include "frontend/ptx/target_limits.h"

namespace warpsat {

namespace {

// splitmix64's finaliser: independent draws from consecutive inputs.
uint64_t splitmix(uint64_t x) {
  x ^= x >> 30, x *= 0xbf58476d1ce4e5b9ull, x ^= x >> 27, x *= 0x94d049bb133111ebull, x ^= x >> 31;
  return x;
}

// The register a memory operand's address starts from, if any.
std::optional<ptx::RegId> address_register(const ptx::Instruction& ins, size_t at) {
  if (at < ins.operands.size() && ins.operands[at].kind == ptx::Operand::Kind::Address &&
      !ins.operands[at].elements.empty() && ins.operands[at].elements[0].kind == ptx::Operand::Kind::Register)
    return ins.operands[at].elements[0].reg;
  return std::nullopt;
}

bool global_or_generic(const ptx::Instruction& ins) {
  std::optional<ptx::StateSpace> space = ins.space();
  return !space || *space == ptx::StateSpace::Global || *space == ptx::StateSpace::Generic;
}

// Walks back from registers to the parameters they derive from, flow-
// insensitively: every definition of a register counts, which may mark a
// pointer that only shares arithmetic with another, never misses one.
class BackwardWalk {
 public:
  explicit BackwardWalk(const ptx::Function& k) : k_(k) {
    for (uint32_t i = 0; i < k.instructions.size(); ++i)
      for (ptx::RegId r : analysis::def_use(k, k.instructions[i]).defs) defs_[r].push_back(i);
  }
  // Marks in `params` each parameter an ld.param on the way reads. With
  // `at_load`, a global or generic load met on the way is handed to it and
  // not walked through (the value came from memory, not from arithmetic).
  void walk(std::vector<ptx::RegId> work, std::vector<bool>& params,
            const std::function<void(uint32_t)>& at_load = {}) const {
    std::set<ptx::RegId> seen;
    while (!work.empty()) {
      ptx::RegId r = work.back();
      work.pop_back();
      if (!seen.insert(r).second) continue;
      auto it = defs_.find(r);
      if (it == defs_.end()) continue;
      for (uint32_t i : it->second) {
        const ptx::Instruction& d = k_.instructions[i];
        if (d.op == ptx::Opcode::Ld && d.space() == ptx::StateSpace::Param)
          for (const ptx::Operand& o : d.operands)
            if (o.kind == ptx::Operand::Kind::Address && !o.elements.empty() &&
                o.elements[0].kind == ptx::Operand::Kind::Symbol)
              if (const ptx::Variable* p = k_.find_param(o.elements[0].text))
                params[static_cast<size_t>(p - k_.params.data())] = true;
        if (at_load && d.op == ptx::Opcode::Ld && global_or_generic(d)) {
          at_load(i);
          continue;
        }
        for (ptx::RegId u : analysis::def_use(k_, d).uses) work.push_back(u);
      }
    }
  }

 private:
  const ptx::Function& k_;
  std::map<ptx::RegId, std::vector<uint32_t>> defs_;
};

// Per parameter of `k`: whether the address of a global (or generic) atom
// or red derives from it (a tile counter, a histogram's bins).
std::vector<bool> atomic_targets(const ptx::Function& k) {
  std::vector<bool> out(k.params.size(), false);
  std::vector<ptx::RegId> work;
  for (const ptx::Instruction& ins : k.instructions)
    if ((ins.op == ptx::Opcode::Atom || ins.op == ptx::Opcode::Red) && global_or_generic(ins))
      if (auto r = address_register(ins, ins.op == ptx::Opcode::Atom ? 1 : 0)) work.push_back(*r);
  BackwardWalk(k).walk(std::move(work), out);
  return out;
}

// Per parameter of `k`: whether words loaded through it make the address
// of another global (or generic) load: offsets and partitions (a merge
// sort's merge path, a segmented sort's segments, CSR rows), which hold
// ascending words in a real launch.
std::vector<bool> index_buffers(const ptx::Function& k) {
  BackwardWalk walk(k);
  std::vector<bool> bases(k.params.size(), false), out(k.params.size(), false);
  std::vector<ptx::RegId> addresses, index_addresses;
  for (const ptx::Instruction& ins : k.instructions)
    if (ins.op == ptx::Opcode::Ld && global_or_generic(ins))
      if (auto r = address_register(ins, 1)) addresses.push_back(*r);
  walk.walk(std::move(addresses), bases, [&](uint32_t load) {
    if (auto r = address_register(k.instructions[load], 1)) index_addresses.push_back(*r);
  });
  walk.walk(std::move(index_addresses), out, [](uint32_t) {});
  return out;
}

}  // namespace

MadeUpLaunches::MadeUpLaunches(const ptx::Module& m, const ptx::Function& kernel, const LaunchSpec& spec)
    : m_(m),
      k_(kernel),
      spec_(spec),
      counters_(atomic_targets(kernel)),
      unsigned_params_(unsigned_scalar_params(kernel)),
      index_buffers_(index_buffers(kernel)),
      tiles_(analysis::tile_shape(kernel)),
      dynamic_shared_bytes_(spec.dynamic_shared_bytes.value_or(ptx::max_dynamic_shared_bytes(m, kernel))),
      large_struct_(takes_large_struct(kernel)) {
  // Any struct larger than one pointer: the fields of CUTLASS's Params, and
  // a small struct's pointer field (CUB's streaming context, whose
  // d_num_selected_in every tile's scatter loads) that a refill with random
  // words points nowhere (random_data).
  bool has_struct = std::any_of(kernel.params.begin(), kernel.params.end(), [](const ptx::Variable& p) {
    return !p.dims.empty() && p.size_bytes() > 8;
  });
  if (has_struct && kernel.has_body) {
    analysis::Cfg cfg = analysis::build_cfg(kernel, m.source);
    struct_fields_ = analysis::struct_field_uses(kernel, analysis::reaching_definitions(kernel, cfg, m.source));
  }
}

simt::Launch MadeUpLaunches::shape(const uint32_t block[3], const uint32_t grid[3], uint64_t scalar_seed) const {
  simt::DefaultLaunchOptions dl;
  std::copy(block, block + 3, dl.block);
  std::copy(grid, grid + 3, dl.grid);
  dl.dynamic_shared_bytes = dynamic_shared_bytes_;
  simt::Launch l = simt::default_launch(m_, k_, dl);
  // The bytes of a made-up struct hold no tensor map the emulator knows.
  l.opaque_tensor_maps = true;
  std::copy(spec_.cluster, spec_.cluster + 3, l.cluster);
  for (size_t i = 0; i < l.args.size(); ++i) {
    auto& a = l.args[i];
    // Seed 3 keeps buffers zero: counters and tile queues start at zero,
    // so a kernel that takes its tile from one works on the first tile,
    // and the small sizes of seed 1 make it a partial one.
    if (a.kind == simt::KernelArgument::Kind::Buffer && scalar_seed != 0 && scalar_seed != 3 && a.bytes.empty())
      a.patches.emplace_back(0, varied_words(scalar_seed * 7919 + i));
    if (a.kind != simt::KernelArgument::Kind::Scalar) continue;
    std::optional<uint64_t> fixed = i < spec_.param_values.size() ? spec_.param_values[i] : std::nullopt;
    if (scalar_seed != 0 && !k_.params[i].dims.empty() && a.bytes.size() >= 8 && !fixed) {
      // Seed 2 varies structs larger than one pointer: an 8-byte struct
      // is most often a pointer (an array of one, a queue).
      bool varied = scalar_seed == 2 && a.bytes.size() > 8;
      if (scalar_seed >= 4) {
        fill_struct(a.bytes, StructFill::SmallWords, i + 131 * scalar_seed);
        if (i < struct_fields_.size())
          fill_fields(a.bytes, struct_fields_[i], scalar_seed, i, uint64_t{grid[0]} * grid[1] * grid[2],
                      std::max({1u, l.cluster[0], l.cluster[1], l.cluster[2]}));
      } else {
        fill_struct(a.bytes, varied ? StructFill::Varied : StructFill::Pointers, i);
        if (i < struct_fields_.size() && !large_struct_) point_fields(a.bytes, struct_fields_[i], i);
      }
      continue;
    }
    uint64_t scalars = scalar_seed == 3 ? 1 : scalar_seed;
    uint64_t v = fixed ? *fixed : scalars == 0 ? 0 : (scalars * 2654435761u + i * 97) % 1000 + 1;
    std::memcpy(a.bytes.data(), &v, std::min<size_t>(a.bytes.size(), 8));
  }
  return l;
}

void MadeUpLaunches::fill_struct(std::vector<uint8_t>& bytes, StructFill fill, uint64_t seed) {
  if (fill == StructFill::Varied) {
    std::vector<uint8_t> w = varied_words(7919 * seed + 3);
    std::copy_n(w.begin(), std::min(w.size(), bytes.size()), bytes.begin());
    return;
  }
  uint64_t x = seed * 0x9e3779b97f4a7c15ull + 7;
  for (size_t at = 0; at + 8 <= bytes.size(); at += 8) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    uint64_t v = (uint64_t{0x100 + (seed * 16 + at / 8) % 0xe00} << 36) | (16 * (x % 64 + 1));
    if (fill == StructFill::SmallWords) v = (x >> 8 & 1 ? (x >> 9) % 16 + 1 : 0) | uint64_t{x >> 20 & 1 ? (x >> 21) % 16 + 1 : 0} << 32;
    if (fill == StructFill::SmallIntegers)
      v = (x >> 8) % (x & 1 ? 64 : 4096) | ((x >> 32) % (x & 2 ? 64 : 4096)) << 32;
    if (fill == StructFill::Floats) {
      // Magnitudes from 2^-8 to 2^8: a level among the data, or a scale
      // small enough that a bin stays inside a histogram.
      auto draw = [](uint64_t y) {
        return std::bit_cast<uint32_t>(std::ldexp(1.0f + static_cast<float>(y & 0xfff) / 4096.0f,
                                                  static_cast<int>(y >> 12 & 15) - 8));
      };
      v = uint64_t{draw(x >> 16)} << 32 | draw(x >> 40);
    }
    std::memcpy(bytes.data() + at, &v, 8);
  }
}

void MadeUpLaunches::fill_fields(std::vector<uint8_t>& bytes, const std::vector<analysis::StructField>& fields,
                                 uint64_t seed, size_t param, uint64_t ctas, uint32_t cluster_side) {
  uint64_t pointers = 0;
  for (const analysis::StructField& f : fields) {
    if (f.offset + f.bytes > bytes.size()) continue;
    uint64_t v = 0;
    switch (f.use) {
      case analysis::FieldUse::Address:
        v = made_up_field_pointer(param, pointers++);
        break;
      case analysis::FieldUse::Float:
        if (seed == 4 || seed == 6) v = f.bytes == 8 ? std::bit_cast<uint64_t>(1.0) : std::bit_cast<uint32_t>(1.0f);
        break;
      case analysis::FieldUse::Integer:
      case analysis::FieldUse::Multiplier:
        // 64-bit: the persistent tile schedulers' tile total and their fast
        // divisions. One tile per CTA, whatever the grid: a CTA with no work
        // in a cluster whose others have some leaves them waiting forever on
        // its consumers (CUTLASS's host rounds the tile count to whole
        // clusters). Seed 5 on grids of up to 16 CTAs: two, so that a
        // ping-pong kernel's second consumer gets one (on larger grids the
        // second tile would spend the replay's step budget). 32-bit:
        // problem sizes, tile counts, shifts: 8 (one partial tile), 40
        // (two k-tiles of 32), or with seed 6 the cluster's longest side:
        // a grouped GEMM's group count and cluster shape, whose tile total
        // is then a few whole clusters' tiles per group instead of 40x40
        // (its problem shapes are in memory, one tile each, the fast
        // divisions' divisor a tile: fill_fast_divisions); a cluster whose
        // CTAs do not all get a tile waits forever at the producers' tail.
        v = f.bytes == 1   ? 0
            : f.bytes == 8 ? (seed == 5 && ctas <= 16 ? 2 * ctas : ctas)
            : seed == 4    ? 8
            : seed == 6    ? cluster_side
                           : 40;
        break;
    }
    std::memcpy(bytes.data() + f.offset, &v, f.bytes);
  }
  // Seed 6 alone: the made-up members of seeds 4 and 5 happen to give the
  // non-grouped schedulers tiles that run (CUTLASS 48: 69 uniform verdicts
  // validated with them, 30 with these); a grouped GEMM needs these.
  if (seed == 6) fill_fast_divisions(bytes, fields);
}

void MadeUpLaunches::point_fields(std::vector<uint8_t>& bytes, const std::vector<analysis::StructField>& fields,
                                  size_t param) {
  uint64_t pointers = 0;
  for (const analysis::StructField& f : fields) {
    if (f.bytes != 8 || f.offset + 8 > bytes.size()) continue;
    if (f.use == analysis::FieldUse::Address) {
      uint64_t v = made_up_field_pointer(param, pointers++);
      std::memcpy(bytes.data() + f.offset, &v, 8);
    } else if (f.use == analysis::FieldUse::Integer) {
      // A 64-bit integer beside pointers is an item count or offset (CUB's
      // total_previous_num_items, added to the input pointer): a random
      // word of 2^40 and more sends every load past device memory.
      uint64_t v = 0;
      std::memcpy(&v, bytes.data() + f.offset, 8);
      v %= 4096;
      std::memcpy(bytes.data() + f.offset, &v, 8);
    }
  }
}

bool takes_large_struct(const ptx::Function& f) {
  return std::any_of(f.params.begin(), f.params.end(),
                     [](const ptx::Variable& p) { return !p.dims.empty() && p.size_bytes() >= kLargeStructBytes; });
}

std::optional<Witness> with_wild_words_zeroed(const Witness& w) {
  constexpr uint64_t kAddressLimit = uint64_t{1} << 48;
  Witness tame = w;
  bool changed = false;
  for (auto& [name, bytes] : tame.aggregates)
    for (size_t at = 0; at + 8 <= bytes.size(); at += 8) {
      uint64_t word = 0;
      std::memcpy(&word, bytes.data() + at, 8);
      if (word < kAddressLimit) continue;
      std::memset(bytes.data() + at, 0, 8);
      changed = true;
    }
  if (!changed) return std::nullopt;
  return tame;
}

FastDivision cutlass_fast_division(uint64_t d, unsigned bits) {
  if (bits == 32) {
    // FastDivmod(int d): quotient = d != 1 ? umulhi(x, multiplier) >> shift : x.
    if (d <= 1) return {0, 0, 0};
    uint32_t p = 31 + static_cast<uint32_t>(std::bit_width(d - 1));
    return {static_cast<uint32_t>(((uint64_t{1} << p) + d - 1) / d), p - 32, 0};
  }
  // FastDivmodU64(d): quotient = (multiplier ? umul64hi(x + round_up, multiplier) : x) >> shift.
  if (d == 0) return {1, 0, 0};
  uint32_t shift = static_cast<uint32_t>(std::bit_width(d) - 1);
  if ((d & (d - 1)) == 0) return {0, shift, 0};
  unsigned __int128 p = static_cast<unsigned __int128>(uint64_t{1} << shift) << 64;
  uint64_t lo = static_cast<uint64_t>(p / d);
  uint64_t m = static_cast<uint64_t>((p + (uint64_t{1} << shift)) / d);
  return {m, shift, lo == m ? 1u : 0u};
}

namespace {

template <class T>
void put(std::vector<uint8_t>& bytes, uint32_t at, T v) {
  if (at + sizeof(T) <= bytes.size()) std::memcpy(bytes.data() + at, &v, sizeof(T));
}

}  // namespace

void MadeUpLaunches::fill_fast_divisions(std::vector<uint8_t>& bytes, const std::vector<analysis::StructField>& fields) {
  for (const analysis::StructField& f : fields) {
    if (f.use != analysis::FieldUse::Multiplier || f.offset < f.bytes) continue;
    uint32_t divisor_at = f.offset - f.bytes, shift_at = f.offset + f.bytes;
    FastDivision d = cutlass_fast_division(kMadeUpDivisor, f.bytes * 8);
    if (f.bytes == 4) {
      put(bytes, divisor_at, static_cast<int32_t>(kMadeUpDivisor));
      put(bytes, f.offset, static_cast<uint32_t>(d.multiplier));
      put(bytes, shift_at, d.shift);
    } else if (f.bytes == 8) {
      put(bytes, divisor_at, uint64_t{kMadeUpDivisor});
      put(bytes, f.offset, d.multiplier);
      put(bytes, shift_at, d.shift);
      put(bytes, shift_at + 4, d.round_up);
    }
  }
  // FastDivmodU64Pow2 {u64 divisor; u32 shift} has no multiplier and keeps
  // the fill above: a divisor of 1 there (a cluster of one along that axis)
  // made every seed-6 launch of CUTLASS 48 and the BF16 kernel, whose
  // clusters are 4x2 and 2x1, deadlock.
}

// 32-bit words, half of them small integers and half floats in [0, 256),
// so that branches on loaded data (a bin, a threshold, a flag) split
// somewhere and the replay sees it (all-zero memory sends every lane one
// way).
std::vector<uint8_t> MadeUpLaunches::varied_words(uint64_t seed) {
  constexpr size_t kWords = 16384;
  std::vector<uint8_t> out(kWords * 4);
  uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
  for (size_t w = 0; w < kWords; ++w) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    float f = static_cast<float>(x >> 40 & 0xffff) / 256.0f;
    uint32_t v = (x & 1) ? static_cast<uint32_t>(x >> 8 & 63) : std::bit_cast<uint32_t>(f);
    std::memcpy(out.data() + 4 * w, &v, 4);
  }
  return out;
}

simt::Launch MadeUpLaunches::witness(const Witness& w, std::string& unset) const {
  simt::Launch l = shape(w.block, w.grid, 0);
  // Buffers the witness does not place get a window of their own, far from
  // the witness's (branch_analysis.cpp puts those from 2^40 on, 2^34 apart,
  // each pointer in its window's first 2^30 bytes). A buffer reaches to
  // its window's end, so loads outside the slice (a grid-stride loop over
  // a billion items) stay inside it; untouched pages cost nothing.
  // (Less 64 KiB: the emulator keeps a guard gap after each allocation.)
  constexpr uint64_t kWindowBytes = kWindowStride - (uint64_t{1} << 30) - (uint64_t{1} << 16);
  uint64_t spare = kSpareWindowBase;
  for (auto& a : l.args)
    if (a.kind == simt::KernelArgument::Kind::Buffer) {
      a.fixed_address = spare;
      a.zero_bytes = kWindowBytes;
      a.bytes.clear();
      spare += kWindowStride;
    }
  for (size_t i = 0; i < k_.params.size(); ++i) {
    std::string name(k_.params[i].name);
    // A struct the slice does not read (a tile-state queue passed by
    // value) still leads somewhere: pointer-like slots, lazily mapped.
    if (!k_.params[i].dims.empty() && l.args[i].kind == simt::KernelArgument::Kind::Scalar &&
        l.args[i].bytes.size() >= 8 && !user_fixed(i))
      fill_struct(l.args[i].bytes, StructFill::Pointers, i);
    for (const auto& [n, bytes] : w.aggregates)
      if (n == name && l.args[i].kind == simt::KernelArgument::Kind::Scalar)
        std::copy_n(bytes.begin(), std::min(bytes.size(), l.args[i].bytes.size()), l.args[i].bytes.begin());
    for (const auto& [n, v] : w.params) {
      if (n != name) continue;
      simt::KernelArgument& a = l.args[i];
      if (a.kind == simt::KernelArgument::Kind::Buffer) {
        a.fixed_address = v;
        a.zero_bytes = kWindowBytes;
      } else {
        std::memcpy(a.bytes.data(), &v, std::min<size_t>(a.bytes.size(), 8));
      }
    }
  }
  // The loaded values the witness chose, written where it loaded them: in
  // a pointer parameter's buffer, or else in a buffer that fills the
  // witness window the load lies in, where no parameter's buffer is (the
  // pointer fields of a struct, witness_windows.h, and pointers loaded
  // from memory).
  unset.clear();
  auto window_buffer = [&](uint64_t address, uint64_t n) -> simt::KernelArgument* {
    if (address < kWitnessWindowBase || address >= witness_window(kWitnessWindows)) return nullptr;
    uint64_t lo = witness_window((address - kWitnessWindowBase) / kWitnessWindowStride);
    uint64_t bytes = kWitnessWindowStride - (uint64_t{1} << 16);  // the emulator's guard gap
    if (address + n > lo + bytes) return nullptr;
    for (const simt::KernelArgument& a : l.args)
      if (a.kind == simt::KernelArgument::Kind::Buffer && a.fixed_address >= lo && a.fixed_address < lo + kWitnessWindowStride)
        return nullptr;
    for (simt::KernelArgument& b : l.buffers)
      if (b.fixed_address == lo) return &b;
    simt::KernelArgument& b = l.buffers.emplace_back();
    b.kind = simt::KernelArgument::Kind::Buffer;
    b.name = fmt::format("witness window {}", (lo - kWitnessWindowBase) / kWitnessWindowStride);
    b.fixed_address = lo;
    b.zero_bytes = bytes;
    return &b;
  };
  // What a struct's pointer field the witness placed points to, before the
  // loaded values: 64 KiB of pointers to lazily mapped memory of their own
  // where the kernel reads pointers through it (ptr_A[batch], the
  // epilogue's beta_ptr_array[batch] that the split does not read), else
  // varied words (problem shapes), as lazily mapped memory would hold.
  for (size_t i = 0; i < k_.params.size() && i < struct_fields_.size(); ++i)
    for (const analysis::StructField& f : struct_fields_[i]) {
      const std::vector<uint8_t>& bytes = l.args[i].bytes;
      if (f.use != analysis::FieldUse::Address || f.bytes != 8 || f.offset + 8 > bytes.size() ||
          l.args[i].kind != simt::KernelArgument::Kind::Scalar)
        continue;
      uint64_t at = 0;
      std::memcpy(&at, bytes.data() + f.offset, 8);
      simt::KernelArgument* b = window_buffer(at, 8);
      if (!b) continue;
      // An array of pointers reaches as far as any index a witness's small
      // parameters can make (small_params: up to 2^16): a batch index of
      // 56,322 read a null pointer past 64 KiB of them.
      std::vector<uint8_t> words = f.points_to_pointers ? std::vector<uint8_t>(8 * (size_t{1} << 16))
                                                        : varied_words(7919 * i + f.offset);
      uint64_t window = (b->fixed_address - kWitnessWindowBase) / kWitnessWindowStride;
      if (f.points_to_pointers)
        for (size_t j = 0; j * 8 < words.size(); ++j) {
          uint64_t p = kPointeeBase + window * kPointeeWindowStride + j * kPointeeStride;
          std::memcpy(words.data() + 8 * j, &p, 8);
        }
      words.resize(std::min<uint64_t>(words.size(), b->fixed_address + b->zero_bytes - at));
      b->patches.emplace_back(at - b->fixed_address, std::move(words));
    }
  for (const Witness::Load& ld : w.loads) {
    bool placed = false;
    std::vector<uint8_t> bytes(ld.bits / 8);
    std::memcpy(bytes.data(), &ld.value, std::min<size_t>(bytes.size(), 8));
    for (auto& a : l.args)
      if (a.kind == simt::KernelArgument::Kind::Buffer && a.fixed_address && ld.address >= a.fixed_address &&
          ld.address + ld.bits / 8 <= a.fixed_address + a.zero_bytes) {
        a.patches.emplace_back(ld.address - a.fixed_address, bytes);
        placed = true;
      }
    if (!placed && (ld.space == "global" || ld.space == "generic"))
      if (simt::KernelArgument* b = window_buffer(ld.address, ld.bits / 8)) {
        b->patches.emplace_back(ld.address - b->fixed_address, bytes);
        placed = true;
      }
    // Shared memory and memory the kernel writes first hold what the
    // kernel puts there: the replay runs with the kernel's own values,
    // and only a split it shows counts.
    if (!placed && ld.space != "param" && ld.space != "const" && unset.empty())
      unset = fmt::format("the witness loads {} memory at 0x{:x}, which a replay cannot set", ld.space, ld.address);
  }
  return l;
}

simt::Launch MadeUpLaunches::random_data(const Witness& w, const RandomDataPlan& plan) const {
  simt::Launch l = shape(w.block, w.grid, 0);
  if (plan.declared_block)
    for (int d = 0; d < 3; ++d) l.block[d] = std::max<uint32_t>(k_.maxntid[d], 1);
  uint64_t round = plan.round;
  // Where buffer parameter p points: the witness's address as a plain
  // value (nothing is allocated, so every access maps varied words lazily),
  // or, for a pointer the slice does not read (a tile counter behind an
  // atomic, an output), a window of its own.
  auto address_of = [&](size_t p, bool* read = nullptr) {
    uint64_t v = kSpareWindowBase + p * kWindowStride;
    for (const auto& [n, x] : w.params)
      if (n == k_.params[p].name) {
        v = x;
        if (read) *read = true;
      }
    return v;
  };
  for (size_t i = 0; i < k_.params.size(); ++i) {
    simt::KernelArgument& a = l.args[i];
    std::string name(k_.params[i].name);
    if (a.kind == simt::KernelArgument::Kind::Buffer) {
      bool read = false;
      uint64_t v = address_of(i, &read);
      std::optional<uint32_t> word;
      if (!read && plan.unread_buffers && (!plan.counters_only || counters_[i])) word = plan.unread_buffers;
      if (plan.one_word_buffer && plan.one_word_buffer->first == i) word = plan.one_word_buffer->second;
      if (word) {
        a.fixed_address = v;
        a.bytes.resize(size_t{1} << 16);
        for (size_t b = 0; b + 4 <= a.bytes.size(); b += 4) std::memcpy(a.bytes.data() + b, &*word, 4);
        continue;
      }
      if (plan.ramp_buffer && plan.ramp_buffer->param == i) {
        a.fixed_address = v;
        a.bytes.resize(size_t{1} << 16);
        const RandomDataPlan::Ramp& r = *plan.ramp_buffer;
        for (size_t b = 0, k = 0; b + r.word_bytes <= a.bytes.size(); b += r.word_bytes, ++k) {
          uint64_t x = k * r.step;
          std::memcpy(a.bytes.data() + b, &x, r.word_bytes);
        }
        continue;
      }
      // One word past where the ramp's own parameter points.
      if (plan.ramp_buffer && plan.ramp_buffer->next_param == i)
        v = address_of(plan.ramp_buffer->param) + plan.ramp_buffer->word_bytes;
      a.kind = simt::KernelArgument::Kind::Scalar;
      a.bytes.assign(std::max<uint64_t>(k_.params[i].size_bytes(), 1), 0);
      std::memcpy(a.bytes.data(), &v, std::min<size_t>(a.bytes.size(), 8));
      continue;
    }
    for (const auto& [n, x] : w.params)
      if (n == name) std::memcpy(a.bytes.data(), &x, std::min<size_t>(a.bytes.size(), 8));
    bool fixed = user_fixed(i);
    if (round > 1 && !fixed && k_.params[i].dims.empty() && ptx::is_float(k_.params[i].type)) {
      // A float parameter: the model's value went through inexact terms.
      uint64_t x = (round * 0x9e3779b97f4a7c15ull) ^ (i * 0xbf58476d1ce4e5b9ull);
      x ^= x >> 29, x *= 0x94d049bb133111ebull, x ^= x >> 32;
      float f = static_cast<float>(x & 0xffff) / 256.0f;
      if (a.bytes.size() == 8) {
        double d = f;
        std::memcpy(a.bytes.data(), &d, 8);
      } else if (a.bytes.size() == 4) {
        std::memcpy(a.bytes.data(), &f, 4);
      }
    }
    if (!k_.params[i].dims.empty() && a.bytes.size() >= 8 && !fixed) {
      // The first round keeps the struct the model chose; the others
      // refill it, mostly with floats (the model's float values are the
      // ones not exact).
      // An 8-byte struct is most often a pointer: unless the model put it
      // in device memory, it points somewhere a lazy replay can follow.
      bool chosen = false;  // the witness's model chose this struct's bytes
      for (const auto& [n, bytes] : w.aggregates)
        if (n == name) {
          std::copy_n(bytes.begin(), std::min(bytes.size(), a.bytes.size()), a.bytes.begin());
          chosen = true;
        }
      uint64_t first = 0;
      std::memcpy(&first, a.bytes.data(), 8);
      bool pointer = a.bytes.size() == 8;
      bool refilled = round > 1 || !chosen;
      if (pointer && (round > 1 || simt::window_of(first) != simt::Window::Device))
        fill_struct(a.bytes, StructFill::Pointers, i + round * 131 + plan.struct_seed);
      else if (!pointer && round > 1)
        fill_struct(a.bytes,
                    round == 3   ? StructFill::Varied
                    : round == 5 ? StructFill::Pointers
                    : round == 7 ? StructFill::SmallIntegers
                                 : StructFill::Floats,
                    i + round * 131 + plan.struct_seed);
      // A field the kernel loads through leads to lazily mapped memory in a
      // struct of made-up bytes: random words there (or the zeros of the
      // exploration's first round) fault at the first load through it. On
      // a fresh CUB DeviceSelect::Unique sweep every exploration run
      // faulted in its first tile's scatter, loading through the streaming
      // context's null d_num_selected_in. The model's own struct (a
      // witness's first round) keeps what it chose.
      if (!pointer && refilled && !large_struct_ && i < struct_fields_.size())
        point_fields(a.bytes, struct_fields_[i], i);
    }
  }
  return l;
}

ExplorationRun MadeUpLaunches::exploration(uint64_t i, uint64_t seed) const {
  // splitmix64 of (seed, i, stream, draw): each draw independent of the
  // others. The pointers' offsets draw from a stream of their own, so that
  // the launch, scalars and data a seed gives do not move with them.
  uint64_t draws[3] = {0, 0, 0};
  auto draw = [&](unsigned stream) {
    return splitmix(seed * 0x9e3779b97f4a7c15ull + i * 0xbf58476d1ce4e5b9ull + ++draws[stream] * 0x94d049bb133111ebull +
                    stream * 0xd6e8feb86659fd93ull);
  };
  auto next = [&] { return draw(0); };
  bool sweep = i < kExplorationSweep;
  ExplorationRun run;
  Witness& w = run.launch;
  uint32_t declared[3] = {std::max(1u, k_.maxntid[0]), std::max(1u, k_.maxntid[1]), std::max(1u, k_.maxntid[2])};
  uint64_t most = k_.maxntid[0] ? uint64_t{declared[0]} * declared[1] * declared[2] : 256;
  uint64_t pick = next() % 4;
  if (spec_.concrete_block) {
    std::copy(spec_.block, spec_.block + 3, w.block);
  } else if (k_.maxntid[0] && (sweep || pick < 2)) {
    std::copy(declared, declared + 3, w.block);
  } else if (sweep || pick == 2) {
    w.block[0] = static_cast<uint32_t>(std::min<uint64_t>(128, most));
  } else {
    w.block[0] = static_cast<uint32_t>(1 + next() % most);
  }
  uint32_t ctas = static_cast<uint32_t>(1 + next() % 3);
  for (int d = 0; d < 3; ++d) w.grid[d] = spec_.concrete_grid ? spec_.grid[d] : d == 0 ? ctas : 1;
  w.cta[0] = w.grid[0] - 1;
  uint64_t threads = uint64_t{w.block[0]} * w.block[1] * w.block[2] * w.grid[0];
  simt::Launch plain = shape(w.block, w.grid, 0);
  // One run in eight past the sweep (on a stream of its own, so that the
  // other runs stay as they were): scalars consistent with the grid's
  // tiles, as a real launch passes them. A tile count is the CTA count,
  // any other scalar an item count that gives the last CTA a partial tile
  // of one of the kernel's tile sizes (analysis::tile_shape). CUB's select
  // sweep reached its later partial tile's scatter only in such launches.
  std::optional<uint64_t> tile;
  if (!sweep && !tiles_.tile_sizes.empty() && draw(2) % 8 == 0)
    tile = tiles_.tile_sizes[draw(2) % tiles_.tile_sizes.size()];
  for (size_t p = 0; p < k_.params.size(); ++p) {
    // Pointers off a 16-byte boundary, half the time past the sweep:
    // library code loads vectors only from aligned ones and takes another
    // path (with its own partial-tile branches) otherwise.
    if (plain.args[p].kind == simt::KernelArgument::Kind::Buffer && !sweep && !user_fixed(p)) {
      uint64_t x = draw(1);
      if (x % 2) w.params.emplace_back(std::string(k_.params[p].name), kSpareWindowBase + p * kWindowStride + 4 * (1 + (x >> 8) % 3));
      continue;
    }
    if (!k_.params[p].dims.empty() || plain.args[p].kind != simt::KernelArgument::Kind::Scalar || user_fixed(p))
      continue;
    // One draw in eight is 0, 1 or 2: a tile count or loop count at its
    // edge. Library kernels take the tile count beside the item count, and
    // only a count of one makes the first CTA's tile the last, partial one
    // (CUB's RLE and select sweeps: a single small input, the commonest
    // real launch), which independent draws below 64 met once in a hundred
    // runs. On CUB's third held-out module 91.5% -> 98.8% decided.
    uint64_t x = next();
    uint64_t v = x % 8 == 0   ? (x >> 8) % 3
                 : x % 4 == 0 ? (x >> 8) % 64
                              : (x >> 8) % ((x % 4 == 1 ? 4 : 24) * threads + 1);
    if (tile) v = tiles_.tile_counts[p] ? ctas : (ctas - 1) * *tile + 1 + draw(2) % *tile;
    w.params.emplace_back(std::string(k_.params[p].name), v);
  }
  // Memory of one word everywhere (all zeros, all ones) opens the fast
  // paths library code takes when a whole tile agrees (every key in one
  // radix bin, every item flagged).
  using Fill = simt::LazyFill;
  uint64_t fill_draw = sweep ? 0 : next();
  uint64_t fill = fill_draw % 6;
  run.plan.round = sweep ? 1 + i % 7 : 1 + next() % 7;
  // Each run its own struct contents: thresholds a struct passes (a
  // histogram's levels) must fall among the data for lanes to split.
  run.plan.struct_seed = next() % 65536 * 1021;
  run.plan.fill = fill < 3    ? Fill{}
                  : fill == 3 ? Fill{Fill::Kind::Sparse, static_cast<uint32_t>(fill_draw >> 32 & 1) * 4}
                              : Fill{Fill::Kind::Word, fill == 4 ? 0u : ~0u};
  return run;
}

ExplorationRun MadeUpLaunches::exploration_of_runs(uint64_t i, uint64_t seed) const {
  // The launch and scalars of a run of exploration() far from the ones
  // explore() takes, so that these runs add to those instead of replacing
  // any (the histogram sweep's splits need the varied words they draw).
  ExplorationRun run = exploration(kExplorationSweep + (uint64_t{1} << 32) + i, seed);
  uint64_t x = splitmix((seed + 1) * 0x9e3779b97f4a7c15ull ^ (i + 1) * 0xd6e8feb86659fd93ull);
  using Fill = simt::LazyFill;
  // The parameters a launch passes as buffers (simt::default_launch's rule).
  std::vector<size_t> buffers;
  for (size_t p = 0; p < k_.params.size(); ++p)
    if (pointer_sized_param(m_, k_.params[p]) && !user_fixed(p)) buffers.push_back(p);
  std::optional<size_t> one;
  if (x % 2 == 0 || buffers.empty()) {
    // Runs of equal words of a mean length from 2 to 64: a warp's count of
    // runs anywhere from none to one per item (run-length encoding's
    // scatter tests each item slot against it).
    // A quarter of them runs of two or three words alone: a warp's 480
    // items then hold 160 to 240 non-trivial runs, the counts at which a
    // run-length encoding's two-phase scatter splits its item slots 5 and 6
    // (geometric lengths leave most runs trivial).
    run.plan.fill = (x >> 32) % 4 == 0 ? Fill{Fill::Kind::ShortRuns, 2} : Fill{Fill::Kind::Runs, 2u << (x >> 8) % 6};
  } else {
    // One buffer all zeros or all ones beside varied words, sparse words
    // or runs: a segmented sort's keys in one radix bin (its copy path)
    // beside segment offsets that vary.
    uint64_t other = (x >> 48) % 3;
    run.plan.fill = other == 0   ? Fill{}
                    : other == 1 ? Fill{Fill::Kind::Sparse, 0}
                                 : Fill{Fill::Kind::Runs, 2u << (x >> 8) % 6};
    one = (x >> 8) % buffers.size();
    run.plan.one_word_buffer = std::pair{buffers[*one], (x >> 40) % 2 ? ~0u : 0u};
  }
  // An index buffer (offsets, partitions) ascending, each in turn, its step
  // anywhere from 1 to a few thousand (a tile's items); none where the
  // kernel loads no address from memory.
  std::vector<size_t> ramps;
  for (size_t b = 0; b < buffers.size(); ++b)
    if (index_buffers_[buffers[b]] && b != one) ramps.push_back(buffers[b]);
  if (!ramps.empty()) {
    uint64_t y = splitmix(x ^ 0x2545f4914f6cdd1dull);
    uint32_t step = static_cast<uint32_t>(1 + (y >> 20) % (uint64_t{1} << (y >> 40) % 13));
    run.plan.ramp_buffer = RandomDataPlan::Ramp{ramps[i % ramps.size()], step, (y >> 56) % 2 ? 8u : 4u};
    // Half the time, the pointer parameter after the ramp's points one
    // word into it: segment ends beside their beginnings (only the
    // beginnings address memory, so only they count as index buffers).
    auto at = std::find(buffers.begin(), buffers.end(), run.plan.ramp_buffer->param);
    if (at != buffers.end() && at + 1 != buffers.end() && (y >> 60) % 2) {
      run.plan.ramp_buffer->next_param = *(at + 1);
      // Half of those, segments of whole tiles and a partial one of the
      // kernel's tile sizes, as the item counts of exploration() (the
      // log-uniform steps seldom leave a late item slot's partial tile).
      if (!tiles_.tile_sizes.empty() && (y >> 61) % 2) {
        const uint64_t tile = tiles_.tile_sizes[(y >> 8) % tiles_.tile_sizes.size()];
        run.plan.ramp_buffer->step = static_cast<uint32_t>(std::min<uint64_t>(
            tile * ((y >> 16) % 3) + 1 + (y >> 24) % tile, std::numeric_limits<uint32_t>::max()));
      }
    }
  }
  return run;
}

void MadeUpLaunches::set_scalar(simt::Launch& l, size_t i, uint64_t value) const {
  if (i >= l.args.size() || l.args[i].kind != simt::KernelArgument::Kind::Scalar) return;
  std::vector<uint8_t>& bytes = l.args[i].bytes;
  for (size_t b = 0; b < bytes.size() && b < 8; ++b) bytes[b] = static_cast<uint8_t>(value >> (8 * b));
}

std::vector<std::pair<std::string, int64_t>> MadeUpLaunches::launch_values(const simt::Launch& l) const {
  std::vector<std::pair<std::string, int64_t>> v;
  const char* dims = "xyz";
  for (int d = 0; d < 3; ++d) {
    v.emplace_back(std::string("ntid.") + dims[d], l.block[d]);
    v.emplace_back(std::string("nctaid.") + dims[d], l.grid[d]);
  }
  for (size_t i = 0; i < k_.params.size() && i < l.args.size(); ++i)
    if (l.args[i].kind == simt::KernelArgument::Kind::Scalar)
      v.emplace_back(std::string(k_.params[i].name),
                     parameter_value(l.args[i].bytes.data(),
                                     std::min<size_t>(l.args[i].bytes.size(), k_.params[i].size_bytes()),
                                     unsigned_params_[i]));
  return v;
}

std::optional<std::string> MadeUpLaunches::violated_assumption(const simt::Launch& l) const {
  std::vector<std::pair<std::string, int64_t>> v = launch_values(l);
  for (const Assumption& a : spec_.assumptions) {
    try {
      if (!evaluate(*a.expr, v)) return a.text;
    } catch (const std::out_of_range&) {
      return a.text + " (names a value the launch does not have)";
    }
  }
  return std::nullopt;
}

bool MadeUpLaunches::can_meet_by_scalars(const simt::Launch& l) const {
  std::vector<std::pair<std::string, int64_t>> v = launch_values(l);
  for (const Assumption& a : spec_.assumptions) {
    bool met = false;
    try {
      met = evaluate(*a.expr, v) != 0;
    } catch (const std::out_of_range&) {
    }
    if (met) continue;
    std::vector<std::string> names = names_in(*a.expr);
    bool names_free_scalar = false;
    for (size_t i = 0; i < k_.params.size() && i < l.args.size(); ++i)
      if (l.args[i].kind == simt::KernelArgument::Kind::Scalar && !user_fixed(i) && k_.params[i].dims.empty() &&
          std::find(names.begin(), names.end(), k_.params[i].name) != names.end())
        names_free_scalar = true;
    if (!names_free_scalar) return false;
  }
  return true;
}

bool MadeUpLaunches::meet_assumptions(simt::Launch& l, unsigned timeout_ms, unsigned seed) const {
  if (!violated_assumption(l)) return true;
  // An assumption the launch breaks that names only its block, grid and
  // scalars it may not change (a CUB kernel's .maxntid against the 1024-thread
  // shape) stays broken whatever the solver picks: no Z3 context for it
  // (creating and freeing one costs milliseconds, and each replay meets
  // such shapes by the dozen).
  if (!can_meet_by_scalars(l)) return false;
  z3::context c;
  ParameterTerms params(c, k_, spec_);
  std::vector<z3::expr> ntid, nctaid;
  for (int d = 0; d < 3; ++d) {
    ntid.push_back(c.bv_val(l.block[d], 32));
    nctaid.push_back(c.bv_val(l.grid[d], 32));
  }
  z3::solver s(c);
  z3::params p(c);
  p.set("random_seed", seed);
  s.set(p);
  for (const Assumption& a : spec_.assumptions) s.add(assumption_term(params, ntid, nctaid, *a.expr) != c.bv_val(0, 64));
  // The launch's own values where the assumptions allow them.
  z3::expr_vector keep(c);
  for (const auto& [name, term] : params.free_used())
    if (std::optional<size_t> i = params.index_of(name))
      if (std::optional<uint64_t> v = scalar_argument(l, *i))
        keep.push_back(term == c.bv_val(*v, term.get_sort().bv_size()));
  try {
    QueryTimer timer(c, timeout_ms);
    z3::check_result r = z3::unsat;
    for (const z3::expr& k : keep) {  // as many as can be kept, in order
      z3::expr_vector tried(c);
      tried.push_back(k);
      if (s.check(tried) == z3::sat) s.add(k);
    }
    r = s.check();
    if (r != z3::sat) return false;
    z3::model m = s.get_model();
    for (const auto& [name, term] : params.free_used())
      if (std::optional<size_t> i = params.index_of(name)) {
        if (user_fixed(*i) || !k_.params[*i].dims.empty()) continue;
        z3::expr v = m.eval(term, true);
        uint64_t bits = 0;
        if (!v.is_numeral_u64(bits)) return false;
        set_scalar(l, *i, bits);
      }
  } catch (const z3::exception&) {
    return false;  // interrupted: no values
  }
  return !violated_assumption(l);
}

std::optional<uint64_t> MadeUpLaunches::scalar_argument(const simt::Launch& l, size_t i) const {
  const simt::KernelArgument& a = l.args[i];
  if (a.kind != simt::KernelArgument::Kind::Scalar || a.bytes.size() > 8 || !k_.params[i].dims.empty())
    return std::nullopt;
  uint64_t v = 0;
  std::memcpy(&v, a.bytes.data(), a.bytes.size());
  return v;
}

}  // namespace warpsat
