#include "report/heatmap.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "emulator/gemm_ws_sim.h"
#include "report/svg.h"

namespace warpsat {

namespace {
// The configuration a cell shows: the optimum's TK, depth and kernel variant
// at (TM, TN); under CUTLASS's automatic stage count, that tile's own depth.
TileConfig cell_config(const SearchSpace& space, const Machine& machine, const TileConfig& best, int64_t tm,
                       int64_t tn) {
  TileConfig c{{tm, tn, best.tile.tk}, best.stages, best.variant};
  if (space.auto_stages) c.stages = depth_range(space, c.tile, c.variant, machine).first;
  return c;
}
}  // namespace

std::string tiling_heatmap_svg(const GemmShape& shape, const Machine& machine, const SearchSpace& space,
                               const TileConfig& best, GemmModel model) {
  const size_t rows = space.tm.size(), cols = space.tn.size();
  std::vector<std::optional<int64_t>> total(rows * cols);
  std::vector<int64_t> scratch;
  int64_t lo = INT64_MAX, hi = 0;
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      TileConfig cfg = cell_config(space, machine, best, space.tm[r], space.tn[c]);
      if (exceeded_limit(cfg, machine) != Limit::None) continue;
      int64_t t = evaluate(shape, cfg, machine, scratch, model).total;
      total[r * cols + c] = t;
      lo = std::min(lo, t), hi = std::max(hi, t);
    }
  const double cell = std::clamp(560.0 / static_cast<double>(std::max(rows, cols)), 28.0, 110.0);
  const double left = 110, top = 90, bar = 24;
  const double width = left + cell * static_cast<double>(cols) + 150,
               height = top + cell * static_cast<double>(rows) + 80;
  svg::Document doc(width, height);
  doc.text(20, 26, fmt::format("predicted total over (TM, TN) at TK = {}, D = {}", best.tile.tk, best.stages), 15,
           "start", "#222", true);
  doc.text(20, 46,
           fmt::format("M={} N={} K={}, machine {}; darker is faster; the optimum is outlined", shape.m, shape.n,
                       shape.k, machine.name),
           12);
  const bool labels = cell >= 44;
  for (size_t r = 0; r < rows; ++r) {
    double y = top + cell * static_cast<double>(r);
    doc.text(left - 8, y + cell / 2 + 4, fmt::format("TM {}", space.tm[r]), 12, "end");
    for (size_t c = 0; c < cols; ++c) {
      double x = left + cell * static_cast<double>(c);
      const auto& t = total[r * cols + c];
      std::string tip = fmt::format("{}x{}x{} D={}: ", space.tm[r], space.tn[c], best.tile.tk, best.stages);
      if (!t) {
        TileConfig cfg = cell_config(space, machine, best, space.tm[r], space.tn[c]);
        doc.rect(x, y, cell, cell, "#f4f4f4", tip + "over the limit: " + describe_limit(cfg, machine), "#bbbbbb", 0.5);
        if (labels) doc.text(x + cell / 2, y + cell / 2 + 4, "smem", 10, "middle", "#999");
        continue;
      }
      double f = hi > lo ? static_cast<double>(*t - lo) / static_cast<double>(hi - lo) : 0.0;
      doc.rect(x, y, cell, cell, svg::scale_colour(f), tip + fmt::format("total {} {}", *t, machine.time_unit), "white",
               1);
      if (labels)
        doc.text(x + cell / 2, y + cell / 2 + 4, svg::time_label(static_cast<double>(*t), machine.time_unit),
                 std::min(12.0, cell / 6), "middle", f > 0.6 ? "#222" : "white");
    }
  }
  for (size_t c = 0; c < cols; ++c)
    doc.text(left + cell * (static_cast<double>(c) + 0.5), top - 8, fmt::format("TN {}", space.tn[c]), 12, "middle");
  // The optimum.
  auto r = std::find(space.tm.begin(), space.tm.end(), best.tile.tm) - space.tm.begin();
  auto c = std::find(space.tn.begin(), space.tn.end(), best.tile.tn) - space.tn.begin();
  if (static_cast<size_t>(r) < rows && static_cast<size_t>(c) < cols) {
    double x = left + cell * static_cast<double>(c), y = top + cell * static_cast<double>(r);
    doc.rect(x + 2, y + 2, cell - 4, cell - 4, "none",
             fmt::format("optimum {} D={}", to_string(best.tile), best.stages), "#e8112d", 4);
    doc.text(x + cell / 2, y + cell + 14, "optimum", 11, "middle", "#e8112d", true);
  }
  // Colour bar.
  double bx = left + cell * static_cast<double>(cols) + 30, by = top,
         bh = std::max(120.0, cell * static_cast<double>(rows));
  for (int i = 0; i < 50; ++i) doc.rect(bx, by + bh * i / 50.0, bar, bh / 50.0 + 0.5, svg::scale_colour(i / 49.0));
  if (hi >= lo && lo != INT64_MAX) {
    doc.text(bx + bar + 6, by + 10, svg::time_label(static_cast<double>(lo), machine.time_unit), 11);
    doc.text(bx + bar + 6, by + bh, svg::time_label(static_cast<double>(hi), machine.time_unit), 11);
  }
  return doc.finish();
}

}  // namespace warpsat
