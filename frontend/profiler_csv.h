// The CSV that `cutlass_profiler --operation=gemm --output=FILE.csv` writes
// (tools/profiler in NVIDIA/cutlass: performance_report.cpp,
// operation_profiler.cu, gemm_operation_profiler.cu; docs/traces.md lists
// every column). One row per profiled kernel and problem:
//
//   Problem,Provider,OperationKind,Operation,Disposition,Status,
//   gemm_kind,m,n,k,A,B,C,D,alpha,beta,split_k_mode,split_k_slices,
//   batch_count,raster_order,runtime_input_datatype_a,
//   runtime_input_datatype_b,use_pdl,enable_sm90_mixed_dtype_shuffle_test,
//   swizzle_size,op_class,accum,cta_m,cta_n,cta_k,cluster_m,cluster_n,
//   cluster_k,cluster_m_fallback,cluster_n_fallback,cluster_k_fallback,
//   stages,warps_m,warps_n,warps_k,inst_m,inst_n,inst_k,min_cc,max_cc,
//   Bytes,Flops,Flops/Byte,Runtime,GB/s,GFLOPs
//
// (pivot tags, --tags, come first). Runtime is in milliseconds. A CUTLASS 3
// kernel's schedule and tile scheduler are only in its procedural name (the
// Operation column: "..._128x256x64_2x1x1_0_tnn_align8_stream_k_
// warpspecialized_cooperative_epi_tma"); stages 0 means CUTLASS's automatic
// stage count. The reader takes the columns it needs by name, so a file
// with other arguments or pivot tags reads the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/csv_reader.h"
#include "frontend/gemm_problem.h"

namespace warpsat {

struct ProfilerRow {
  uint32_t line = 0;
  GemmShape shape;
  TileConfig config;          // stages 0: CUTLASS's automatic count (resolve_auto_stages)
  std::string operation;      // the kernel's procedural name
  std::string operand;        // A's type as the profiler writes it ("bf16")
  double runtime_ms = 0;
};

struct ProfilerCsv {
  std::string source;
  std::vector<ProfilerRow> rows;          // CUTLASS kernels that ran (Status success)
  std::vector<std::string> skipped;       // "line 7: cuBLAS row (no tile)", ...
};

// Whether a table is the profiler's: it has Operation, Runtime and cta_m columns.
bool is_profiler_csv(const CsvTable& t);
// Throws InputError at file:line:col on a malformed row the reader uses.
ProfilerCsv parse_profiler_csv(const CsvTable& t);

// A stage count of 0 becomes what StageCountAutoCarveout gives the kernel on `m`.
void resolve_auto_stages(TileConfig& c, const Machine& m);

}  // namespace warpsat
