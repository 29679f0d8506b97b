// `profile --format hypa-csv`: HyPA's CSV layout (seed 000; its `-csv`
// output), so that what reads HyPA's files by column name or position reads
// warpsat's. One `;`-separated, fully quoted row per PTX file; what each
// column means here, and where it differs from HyPA, is docs/hypa-csv.md.
#pragma once

#include <string>
#include <vector>

#include "emulator/simt/profile.h"
#include "frontend/ptx/ir.h"

namespace warpsat::cli {

// HyPA's header line, byte for byte, with its newline; with async_columns
// (`--async-columns`), Hopper's asynchronous work in all and per warp role
// after HyPA's 15, then with `memory` warpsat's memory columns (full mode;
// docs/hypa-csv.md, "Extra columns").
std::string hypa_csv_header(bool memory = false, bool async_columns = false);

// The row of one file from its kernels' profiles, in module order. The sums
// are over the kernels that could be profiled; one that could not leaves an
// empty entry in the per-kernel list (column 14).
std::string hypa_csv_row(const ptx::Module& m, const std::vector<const simt::KernelProfile*>& kernels,
                         bool with_memory = false, bool async_columns = false);

}  // namespace warpsat::cli
