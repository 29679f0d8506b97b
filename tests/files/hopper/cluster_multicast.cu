// Clusters of two CTAs along x. Each CTA loads one half (8 rows) of its
// cluster's 16-row box of `in` and multicasts it into both CTAs' shared
// memory; each CTA's mbarrier expects `expect_bytes` (both halves, 2 KiB, when
// right). Each CTA copies the whole box to its slice of `out`. Then each CTA
// writes 100 + its rank into its peer's shared memory (mapa,
// st.shared::cluster) and, after a cluster barrier, reports in `info`: its
// %cluster_ctarank, %cluster_nctarank, %clusterid.x and what its peer wrote.
#include "hopper_ptx.cuh"

using namespace hopper;

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(64)
    cluster_multicast(const __grid_constant__ CUtensorMap in, float* out, uint32_t* info, uint32_t expect_bytes) {
  __shared__ alignas(1024) float tile[16 * 32];
  __shared__ alignas(8) uint64_t full;
  __shared__ uint32_t from_peer;
  const uint32_t rank = cluster_ctarank();
  if (threadIdx.x == 0) {
    mbarrier_init(&full, 1);
    fence_barrier_init();
  }
  cluster_sync();  // both CTAs' barriers exist before a multicast reaches them
  if (threadIdx.x == 0) {
    arrive_expect_tx(&full, expect_bytes);
    tma_load_2d_multicast(tile + rank * 8 * 32, &full, &in, 0, cluster_id_x() * 16 + rank * 8, 0x3);
  }
  wait(&full, 0);
  for (int i = threadIdx.x; i < 16 * 32; i += blockDim.x) out[blockIdx.x * 16 * 32 + i] = tile[i];
  if (threadIdx.x == 0) st_cluster(map_shared_rank(smem(&from_peer), rank ^ 1), 100 + rank);
  cluster_sync();
  if (threadIdx.x == 0) {
    info[blockIdx.x * 4 + 0] = rank;
    info[blockIdx.x * 4 + 1] = cluster_nctarank();
    info[blockIdx.x * 4 + 2] = cluster_id_x();
    info[blockIdx.x * 4 + 3] = from_peer;
  }
}
