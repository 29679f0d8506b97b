// A data-race detector for the SIMT emulator, in the manner of
// `compute-sanitizer --tool racecheck`, for shared and global memory. The
// rules (what orders two accesses) are in docs/emulator.md, "Race detection".
//
// The emulator calls the hooks of RaceDetector only when
// EmulatorOptions::racecheck is set, so a run without it pays one untaken
// branch per memory access and nothing else.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "frontend/ptx/ir.h"

namespace warpsat::simt {

struct Exec;
struct Op;
struct Launch;
struct Program;

enum class RaceSpace : uint8_t { Shared, Global };
std::string_view to_string(RaceSpace s);  // "shared", "global"

// One side of a race, as the report names it.
struct RaceAccess {
  uint64_t cta = 0;        // linear CTA index (x fastest)
  uint32_t thread = 0;     // linear thread index in the CTA
  uint32_t cta_xyz[3] = {0, 0, 0};
  uint32_t thread_xyz[3] = {0, 0, 0};
  bool write = false;      // a store, or an atomic's update
  bool atomic = false;     // atom or red
  std::string function;    // the PTX function holding the instruction
  uint32_t instruction = 0;  // its index in that function
  uint32_t ptx_line = 0;
  ptx::DebugLoc loc;       // the `.loc` in effect (0: none)
  std::string kind() const;  // "read", "write" or "atomic"
};

// Two conflicting accesses to the same byte with nothing ordering them.
// Byte-level conflicts of the same two instructions with the same kinds in
// the same space are merged into one Race: `first_address` and the accesses
// are the first conflict found, `conflicts` counts the byte conflicts seen
// (a write meets at most the last write and two reads of each byte, so
// many concurrent readers count as two).
struct Race {
  RaceSpace space = RaceSpace::Shared;
  uint64_t first_address = 0;  // shared: offset in the CTA's shared memory; global: device address
  // Shared memory in a launch with clusters of several CTAs: the CTA whose
  // memory it is (distributed shared memory lets its peers access it).
  bool cluster_shared = false;
  uint32_t shared_block_xyz[3] = {0, 0, 0};
  RaceAccess first, second;    // in the emulator's execution order
  uint64_t conflicts = 0;      // bytes in conflict, over all thread pairs
  // "RAW", "WAR" or "WAW" (an atomic counts as a write), as racecheck names hazards.
  std::string hazard() const;
};

// One line: "RAW race on shared memory at 0x0: write by thread (0,0,0) of
// block (0,0,0) at PTX line 36 (source line 7), read by ...".
std::string to_string(const Race& r);
// " of block (1,0,0)" for shared memory in a cluster launch, else "".
std::string shared_block_text(const Race& r);

struct RaceReport {
  std::vector<Race> races;  // in the order they were first found
  uint64_t conflicts = 0;   // over all races
  bool empty() const { return races.empty(); }
};

// The shadow state of a run. One per launch, owned by the emulator's
// RunState; clusters of CTAs run one after another, so begin_cluster resets
// the per-cluster part (clocks, shared-memory shadows) and global memory's
// shadow persists. Warps are numbered across the cluster (rank x warps per
// CTA + warp), so one vector clock orders accesses within a CTA and across
// its peers (distributed shared memory, global memory).
class RaceDetector {
 public:
  RaceDetector(const ptx::Module& module, const Launch& launch, const Program& program);
  ~RaceDetector();

  // The cluster's CTAs by rank (one for a launch without clusters), each of
  // `warps` warps.
  void begin_cluster(const std::vector<uint64_t>& linear_ctas, uint32_t warps);
  // A lane's access of n bytes at addr (shared: offset in the shared memory
  // of the cluster's CTA `owner`, by rank; the executing CTA's own, or a
  // peer's through a shared::cluster address). Reads of atomics are ignored:
  // their update is recorded as one atomic write.
  void access(const Exec& x, const Op& op, unsigned lane, RaceSpace space, uint64_t addr, size_t n, bool write,
              uint32_t owner = 0);
  // A warp of CTA `rank` arrives at its CTA's barrier `id` (bar.sync, bar.arrive, bar.red).
  void arrive(uint32_t rank, uint32_t warp, uint32_t id);
  // Barrier `id` of CTA `rank` completes: the warps waiting at it continue.
  void release(uint32_t rank, uint32_t id, const std::vector<uint32_t>& waiting);
  // bar.warp.sync executed by `lanes` of a warp.
  void warp_sync(uint32_t rank, uint32_t warp, uint32_t lanes);
  // barrier.cluster.arrive: a release unless `.relaxed`; the phase's
  // completion, and a barrier.cluster.wait that passes (an acquire).
  void cluster_arrive(uint32_t rank, uint32_t warp, bool release);
  void cluster_complete();
  void cluster_wait(uint32_t rank, uint32_t warp);
  // mbarriers, by the owner CTA's rank and shared offset: an arrive (a
  // release unless `.relaxed`), the completion of the phase of parity
  // `parity`, a wait that found the phase of parity `parity` complete (an
  // acquire), an init (a fresh object).
  void mbarrier_arrive(uint32_t rank, uint32_t warp, uint32_t owner, uint64_t offset, bool release);
  void mbarrier_complete(uint32_t owner, uint64_t offset, uint32_t parity);
  void mbarrier_wait(uint32_t rank, uint32_t warp, uint32_t owner, uint64_t offset, uint32_t parity);
  void mbarrier_init(uint32_t owner, uint64_t offset);

  RaceReport take_report();

  // One recorded access (shadow memory holds three per byte).
  struct Record {
    uint32_t cta = UINT32_MAX;  // linear CTA; UINT32_MAX: no access
    uint16_t thread = 0;
    uint8_t write : 1 = 0, atomic : 1 = 0, rank : 6 = 0;  // rank: the CTA's in its cluster
    uint32_t epoch = 0;         // the warp's barrier epoch at the access
    uint32_t step = 0;          // the warp's instruction count (low 32 bits): same instruction?
    uint32_t active = 0;        // the warp's active lanes at the instruction
    uint32_t wsync = 0;         // the warp's bar.warp.sync count at the access
    uint32_t function = 0, instruction = 0;
    bool valid() const { return cta != UINT32_MAX; }
  };
  struct Cell {
    Record write, read[2];
  };

 private:
  struct Shadow;  // byte -> Cell, in lazily created pages
  struct MbarrierClocks {
    std::vector<uint32_t> pending, completed[2];  // joined releases: this phase's, the last phase of each parity's
  };
  uint32_t global_warp(uint32_t rank, uint32_t warp) const { return rank * warps_ + warp; }
  uint32_t* clock_of(uint32_t g) { return &clock_[size_t{g} * total_warps_]; }
  // A release: the warp's accesses so far get an epoch the clock `into` joins.
  void release_into(uint32_t g, std::vector<uint32_t>& into);
  void acquire_from(uint32_t g, const std::vector<uint32_t>& from);
  bool ordered(const Record& earlier, const Record& now) const;
  void conflict(RaceSpace space, uint32_t owner, uint64_t addr, const Record& earlier, const Record& now);
  RaceAccess describe(const Record& r) const;

  const ptx::Module& module_;
  const Launch& launch_;
  const Program& program_;
  std::vector<std::unique_ptr<Shadow>> shared_;  // per CTA of the cluster, by rank
  std::unique_ptr<Shadow> global_;
  std::vector<uint32_t> ctas_;  // the cluster's linear CTA ids, by rank
  uint32_t warps_ = 0;          // per CTA
  uint32_t total_warps_ = 0;    // in the cluster
  // Vector clocks over the cluster's warps: clock_[w * total_warps_ + v] is
  // the epoch of warp v that warp w has synchronised with; its own entry
  // counts its releases (barrier arrivals).
  std::vector<uint32_t> clock_;
  std::vector<std::array<std::vector<uint32_t>, 16>> barrier_clock_;  // per CTA: joined clocks of the arrivals
  std::vector<uint32_t> cluster_pending_, cluster_completed_;  // barrier.cluster
  std::map<std::pair<uint32_t, uint64_t>, MbarrierClocks> mbarriers_;  // (owner rank, offset)
  std::vector<uint32_t> wsync_;      // per warp: bar.warp.sync executions
  std::vector<uint32_t> synced_at_;  // [warp * 32 + lane]: the count after the last one the lane took part in
  RaceReport report_;
  std::map<std::tuple<int, uint32_t, uint32_t, uint32_t, uint32_t, int, int>, size_t> index_;  // pair -> race
};

}  // namespace warpsat::simt
