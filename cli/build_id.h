#pragma once

namespace warpsat::cli {

// The version and, in a git checkout, the commit warpsat was built from
// ("0.1.0+g1234abcd5678", ".dirty" appended for uncommitted changes): what
// a shard's mark and a verdict cache's key name as the version, so that
// shards or cached verdicts of other code are refused or missed, not mixed
// (cmake/BuildId.cmake writes its definition at every build).
const char* build_id();

}  // namespace warpsat::cli
