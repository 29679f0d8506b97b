// Memory metrics from the addresses the emulator sees: for every warp-level
// memory instruction, the requests, 32-byte sectors and 128-byte lines of
// global and local accesses, the wavefronts and bank conflicts of shared
// accesses as the hardware serves them, and the serialisation of atomics on
// one address. Exact for the PTX executed (docs/emulator.md, "Memory
// metrics"); Nsight Compute's names are beside ours where it has one.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsat::simt {

// What kind of access, in which memory. cp.async counts twice: its global
// read (GlobalAsyncCopy) and its shared write (SharedAsyncCopy);
// ldmatrix/stmatrix are shared accesses of 16-byte rows. Hopper's bulk
// copies (TMA: cp.async.bulk{.tensor}, cp.reduce.async.bulk{.tensor}) count
// on both sides too: a load's global read (GlobalTmaLoad) and its shared
// writes, one per destination CTA (SharedTmaWrite); a store's or
// reduction's shared read (SharedTmaRead) and global write (GlobalTmaStore).
// SharedWgmma: the shared-memory operands wgmma.mma_async reads through its
// matrix descriptors, once per warp-group MMA.
enum class MemClass : uint8_t {
  GlobalLoad, GlobalStore, GlobalAtomic, LocalLoad, LocalStore,
  SharedLoad, SharedStore, SharedAtomic, GlobalAsyncCopy, SharedAsyncCopy, SharedMatrixLoad, SharedMatrixStore,
  GlobalTmaLoad, GlobalTmaStore, SharedTmaWrite, SharedTmaRead, SharedWgmma,
};
inline constexpr size_t kMemClassCount = 17;

bool is_shared(MemClass c);
// The TMA classes: counted per copy in bytes, sectors and lines (global) or
// bytes (shared), with the swizzle modes in effect; no lanes, no wavefronts.
bool is_bulk(MemClass c);
const char* mem_class_name(MemClass c);  // "global load", "shared store", ...
const char* mem_class_key(MemClass c);   // "global_ld", "shared_st", ... (JSON, CSV)
// Nsight Compute's metrics for the class's requests and for its sectors
// (global, local) or wavefronts (shared); "" where it has none.
const char* ncu_requests_metric(MemClass c);
const char* ncu_sectors_metric(MemClass c);
const char* ncu_bank_conflicts_metric(MemClass c);  // shared only
// TMA: Nsight Compute's bytes counter for the class ("" where none is public).
const char* ncu_bytes_metric(MemClass c);

// The swizzle modes seen (AccessCounters::swizzles), one bit each.
enum SwizzleBit : uint8_t { kSwizzleNone = 1, kSwizzle32B = 2, kSwizzle64B = 4, kSwizzle128B = 8 };
std::string swizzle_names(uint8_t swizzles);  // "128B", "none+128B", "" for none seen

struct AccessCounters {
  uint64_t requests = 0;         // warp-level instructions with at least one lane accessing
  uint64_t lanes = 0;            // lane accesses
  uint64_t bytes_requested = 0;  // bytes the lanes asked for (a byte asked by two lanes counts twice)
  uint64_t sectors = 0;          // global/local: distinct 32-byte sectors per request, summed
  uint64_t lines = 0;            // global/local: distinct 128-byte lines per request, summed
  uint64_t wavefronts = 0;       // shared: wavefronts (passes through the 32 banks), summed
  uint64_t ideal_wavefronts = 0; // shared: the wavefronts with no conflict (one per phase that has lanes)
  uint64_t max_ways = 0;         // shared: the worst request's ways; atomics: most lanes on one address
  uint64_t atomic_serial = 0;    // atomics: per request, most lanes on one address, summed
  // Global/local loads and stores: requests of two or more lanes that all
  // access one address (a broadcast the code asks for lane by lane).
  uint64_t broadcasts = 0;
  uint64_t lowest = UINT64_MAX, highest = 0;  // shared: the offsets accessed (before any remap)
  // TMA shared writes: the sectors of global memory that reached shared
  // memory, once per destination CTA (a multicast delivers its sectors to
  // every CTA of its mask).
  uint64_t delivered_sectors = 0;
  uint8_t swizzles = 0;  // TMA and wgmma: SwizzleBit of every mode seen

  uint64_t bytes_moved() const { return sectors * 32; }
  uint64_t bank_conflicts() const { return wavefronts - ideal_wavefronts; }
  bool any() const { return requests != 0; }
  AccessCounters& operator+=(const AccessCounters& o);
};

// The emulator's value beside the class's ncu_sectors_metric (sectors,
// shared wavefronts, or a TMA load's box bytes / 32 at each destination, as
// an H200 counts them) and beside its ncu_bytes_metric (those sectors' bytes,
// as ncu counts them).
uint64_t ncu_sectors_value(MemClass c, const AccessCounters& a);
uint64_t ncu_bytes_value(MemClass c, const AccessCounters& a);

struct MemoryMetrics {
  bool measured = false;  // full mode only: slices mode skips most accesses
  std::array<AccessCounters, kMemClassCount> by_class{};
  AccessCounters& operator[](MemClass c) { return by_class[static_cast<size_t>(c)]; }
  const AccessCounters& operator[](MemClass c) const { return by_class[static_cast<size_t>(c)]; }
  bool any() const;
  // Global and local: requested / moved bytes, in percent (nvprof's
  // gld/gst_efficiency: over 100 when lanes share bytes); 0 without traffic.
  double efficiency(MemClass c) const;
  MemoryMetrics& operator+=(const MemoryMetrics& o);
};

// One class of accesses of one instruction.
struct ClassCounters {
  MemClass cls;
  AccessCounters counters;
};

// How a decoded instruction touches memory (Op::mem_access).
// Bulk and Wgmma are counted by their handlers (exec_tma.cpp, wgmma_async.cpp),
// which alone know the box and the descriptors; the tag only says that the
// instruction has counters to collect.
enum class MemAccess : uint8_t { None, Load, Store, Atomic, AsyncCopy, MatrixLoad, MatrixStore, Bulk, Wgmma };

// The counting rules, on one warp instruction's lane addresses (byte
// addresses; `mask` the lanes that access, `bytes` per lane). Exposed for
// the unit tests and for `advise`'s estimates.
struct SectorCount {
  uint32_t sectors = 0, lines = 0;
};
SectorCount count_sectors(const uint64_t* address, uint32_t mask, unsigned bytes);
struct WavefrontCount {
  uint32_t wavefronts = 0, ideal = 0, ways = 0;  // ways: the worst phase's
};
// Shared memory: 32 banks of 4 bytes. Accesses of up to 4 bytes are served
// for the whole warp at once, 8-byte ones in two phases of 16 lanes, 16-byte
// ones in four phases of 8 lanes (larger: 32 / (bytes / 4) lanes a phase).
// In a phase, a bank serves one 4-byte word per wavefront, to every lane
// that reads it (broadcast). Atomics alike: an H200 serves a warp's atomics
// on one word in one wavefront (ncu, docs/gpu-replay.md).
WavefrontCount count_wavefronts(const uint64_t* address, uint32_t mask, unsigned bytes);
// The number of distinct values among n (sorted in place when they are not already).
uint32_t count_distinct(uint64_t* v, size_t n);
// Most lanes of `mask` on one address.
uint32_t same_address_lanes(const uint64_t* address, uint32_t mask);
// Whether every lane of `mask` accesses the same address (a broadcast).
bool one_address(const uint64_t* address, uint32_t mask);

// A shared array's addresses moved one to one (`advise`'s re-run): the rows
// of [base, base + bytes), each `row_bytes` long, are placed from `target`
// with `pad_bytes` after each row; or, with `xor_words`, each 4-byte word's
// column (within a row of 32 words) is XORed with the row index mod 32.
// Everything outside the array keeps its address.
struct SharedRemap {
  uint64_t base = 0, bytes = 0, row_bytes = 0, pad_bytes = 0, target = 0;
  bool xor_words = false;
  bool active() const { return bytes != 0; }
  uint64_t extra_bytes() const;  // shared memory the moved array takes at `target`
  uint64_t apply(uint64_t offset) const {
    if (offset < base || offset - base >= bytes) return offset;
    uint64_t o = offset - base, row = o / row_bytes, col = o % row_bytes;
    if (xor_words) return base + row * row_bytes + ((((col / 4) ^ (row % 32)) % (row_bytes / 4)) * 4) + col % 4;
    return target + row * (row_bytes + pad_bytes) + col;
  }
};

}  // namespace warpsat::simt
