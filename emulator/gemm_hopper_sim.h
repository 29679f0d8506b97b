// The hopper model (docs/models.md) executed event by event: one tile's
// mainloop by the async recurrence with Hopper's transfer times, then the
// persistent tile scheduler's walk over a CTA's tiles (cooperative or
// ping-pong), stream-K units piece by piece with their fix-up, and the HBM
// floor. The independent re-derivation of the closed form that the encoding
// uses (encodings/gemm_closed_form.h).
#pragma once

#include "emulator/gemm_ws_sim.h"

namespace warpsat {

// Throws InputError when the configuration is not an sm90 one or out of range.
Schedule simulate_hopper(const GemmShape& shape, const TileConfig& config, const Machine& machine);

}  // namespace warpsat
