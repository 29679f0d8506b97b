// "Did you mean ...?": the registered name closest to a mistyped one, for
// subcommands and options (cli/option_checks) and bundled machine names
// (frontend/machine).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace warpsat {

// Levenshtein distance: insertions, deletions and substitutions cost 1.
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate `word` is a prefix of (the closest of those); else the candidate closest to `word`, when it is within
// a third of the candidate's length (at least 2 edits). Ties go to the
// earlier candidate; empty when none is near enough to be a typo.
std::string nearest_name(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace warpsat
