// The PTX forms CUTLASS 3's Hopper kernels use (cute/arch/copy_sm90_tma.hpp,
// cutlass/arch/barrier.h, cute/arch/cluster_sm90.hpp), written out as inline
// assembly so that the test kernels exercise exactly those instructions.
#pragma once
#include <cuda.h>
#include <cstdint>

namespace hopper {

__device__ inline uint32_t smem(const void* p) { return static_cast<uint32_t>(__cvta_generic_to_shared(p)); }

__device__ inline void mbarrier_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)), "r"(count));
}
__device__ inline void fence_barrier_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
__device__ inline void arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(bar)), "r"(bytes));
}
__device__ inline void expect_tx(uint64_t* bar, uint32_t bytes) {  // no arrive
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)), "r"(bytes));
}
__device__ inline void arrive(uint64_t* bar) {
  asm volatile("{\n.reg .b64 state;\nmbarrier.arrive.shared::cta.b64 state, [%0];\n}" ::"r"(smem(bar)));
}
__device__ inline void arrive_remote(uint64_t* bar, uint32_t cta) {
  asm volatile("{\n.reg .b32 remAddr32;\nmapa.shared::cluster.u32 remAddr32, %0, %1;\n"
               "mbarrier.arrive.shared::cluster.b64 _, [remAddr32];\n}" ::"r"(smem(bar)), "r"(cta));
}
// ClusterBarrier::wait: a try_wait spin loop (block-scoped labels, as CUTLASS writes them).
__device__ inline void wait(uint64_t* bar, uint32_t phase) {
  asm volatile("{\n.reg .pred P1;\nLAB_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
               "@P1 bra DONE;\nbra LAB_WAIT;\nDONE:\n}" ::"r"(smem(bar)), "r"(phase));
}
__device__ inline void tma_load_2d(void* dst, uint64_t* bar, const CUtensorMap* map, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               ::"r"(smem(dst)), "l"(map), "r"(smem(bar)), "r"(x), "r"(y) : "memory");
}
__device__ inline void tma_load_2d_multicast(void* dst, uint64_t* bar, const CUtensorMap* map, int x, int y, uint16_t mask) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
               " [%0], [%1, {%4, %5}], [%2], %3;"
               ::"r"(smem(dst)), "l"(map), "r"(smem(bar)), "h"(mask), "r"(x), "r"(y) : "memory");
}
__device__ inline void tma_store_2d(const CUtensorMap* map, const void* src, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(map), "r"(smem(src)), "r"(x), "r"(y) : "memory");
}
__device__ inline void tma_reduce_add_2d(const CUtensorMap* map, const void* src, int x, int y) {
  asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(map), "r"(smem(src)), "r"(x), "r"(y) : "memory");
}
__device__ inline void tma_store_commit() { asm volatile("cp.async.bulk.commit_group;"); }
__device__ inline void tma_store_wait_read() { asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(0) : "memory"); }
__device__ inline void fence_view_async_shared() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ inline void prefetch_tma_descriptor(const CUtensorMap* map) {
  asm volatile("prefetch.tensormap [%0];" ::"l"(map) : "memory");
}
__device__ inline void cluster_arrive_relaxed() { asm volatile("barrier.cluster.arrive.relaxed.aligned;" : :); }
__device__ inline void cluster_arrive() { asm volatile("barrier.cluster.arrive.aligned;" : :); }
__device__ inline void cluster_wait() { asm volatile("barrier.cluster.wait.aligned;" : :); }
__device__ inline void cluster_sync() { cluster_arrive(); cluster_wait(); }
__device__ inline uint32_t cluster_ctarank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}
__device__ inline uint32_t cluster_nctarank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(r));
  return r;
}
__device__ inline uint32_t cluster_id_x() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(r));
  return r;
}
__device__ inline uint32_t map_shared_rank(uint32_t addr, uint32_t rank) {
  uint32_t r;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(addr), "r"(rank));
  return r;
}
__device__ inline void st_cluster(uint32_t addr, uint32_t v) {
  asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
}
__device__ inline bool elect_one_sync() {
  uint32_t pred = 0, laneid = 0;
  asm volatile("{\n.reg .b32 %%rx;\n.reg .pred %%px;\n     elect.sync %%rx|%%px, %2;\n@%%px mov.s32 %1, 1;\n"
               "     mov.s32 %0, %%rx;\n}\n" : "+r"(laneid), "+r"(pred) : "r"(0xFFFFFFFF));
  return pred;
}

}  // namespace hopper
