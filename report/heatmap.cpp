#include "report/heatmap.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>
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

// An estimate of a label's width in the SVG's sans-serif font, generous
// enough that labels placed this far apart never touch.
double label_width(const std::string& text, double size) { return 0.62 * size * static_cast<double>(text.size()); }

// Every how many cells a label fits: 1 when each cell can carry its own.
size_t label_step(const std::vector<int64_t>& values, double cell, double size) {
  double widest = 0;
  for (int64_t v : values) widest = std::max(widest, label_width(std::to_string(v), size));
  return std::max<size_t>(1, static_cast<size_t>(std::ceil((widest + 6) / cell)));
}
}  // namespace

std::string tiling_heatmap_svg(const GemmShape& shape, const Machine& machine, const SearchSpace& space,
                               const TileConfig& best, GemmModel model) {
  const size_t rows = space.tm.size(), cols = space.tn.size();
  std::vector<std::optional<int64_t>> total(rows * cols);
  std::vector<int64_t> scratch, distinct;
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      TileConfig cfg = cell_config(space, machine, best, space.tm[r], space.tn[c]);
      if (exceeded_limit(cfg, machine) != Limit::None) continue;
      int64_t t = evaluate(shape, cfg, machine, scratch, model).total;
      total[r * cols + c] = t;
      distinct.push_back(t);
    }
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  // Colour by the logarithm of the rank among the distinct totals, not by
  // value: on a linear scale the configurations within a few percent of
  // the optimum, the ones worth looking at, all came out the same dark
  // colour. By log-rank the best, the second and the tenth are far apart,
  // and the slow half shares the light end.
  auto rank_shade = [&](size_t rank) {
    return distinct.size() > 1 ? std::log1p(static_cast<double>(rank)) / std::log(static_cast<double>(distinct.size()))
                               : 0.0;
  };
  auto shade = [&](int64_t t) {
    return rank_shade(static_cast<size_t>(std::lower_bound(distinct.begin(), distinct.end(), t) - distinct.begin()));
  };
  const double cell = std::clamp(560.0 / static_cast<double>(std::max(rows, cols)), 28.0, 110.0);
  const double left = 90, top = 104, bar = 24, legend = 250;
  const std::string title = fmt::format("predicted total over (TM, TN) at TK = {}, D = {}", best.tile.tk, best.stages);
  const std::string subtitle = fmt::format("M={} N={} K={}, machine {}; darker is faster", shape.m, shape.n, shape.k,
                                           machine.name);
  const double width = std::max({left + cell * static_cast<double>(cols) + legend, 40 + label_width(title, 15),
                                 40 + label_width(subtitle, 12)}),
               height = std::max(top + cell * static_cast<double>(rows) + 60, top + 330);
  svg::Document doc(width, height);
  doc.text(20, 26, title, 15, "start", "#222", true);
  doc.text(20, 46, subtitle, 12);
  const bool labels = cell >= 44;
  const double axis_font = 12;
  // Axis titles once, the values alone beside the cells, thinned where
  // they would not fit ("TN 112TN 128TN 144" ran together at 35-pixel cells).
  doc.text(left + cell * static_cast<double>(cols) / 2, top - 30, "TN", axis_font, "middle", "#222", true);
  doc.text(left - 8, top - 10, "TM", axis_font, "end", "#222", true);
  const size_t col_step = label_step(space.tn, cell, axis_font);
  const size_t row_step = std::max<size_t>(1, static_cast<size_t>(std::ceil((axis_font + 4) / cell)));
  for (size_t r = 0; r < rows; ++r) {
    double y = top + cell * static_cast<double>(r);
    if (r % row_step == 0) doc.text(left - 8, y + cell / 2 + 4, std::to_string(space.tm[r]), axis_font, "end");
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
      double f = shade(*t);
      double slower = distinct.front() > 0 ? 100.0 * static_cast<double>(*t - distinct.front()) /
                                                 static_cast<double>(distinct.front())
                                           : 0.0;
      doc.rect(x, y, cell, cell, svg::scale_colour(f),
               tip + fmt::format("total {} {} (+{:.1f}% over the best)", *t, machine.time_unit, slower), "white", 1);
      if (labels)
        doc.text(x + cell / 2, y + cell / 2 + 4, svg::time_label(static_cast<double>(*t), machine.time_unit),
                 std::min(12.0, cell / 6), "middle", f > 0.6 ? "#222" : "white");
    }
  }
  for (size_t c = 0; c < cols; c += col_step)
    doc.text(left + cell * (static_cast<double>(c) + 0.5), top - 8, std::to_string(space.tn[c]), axis_font, "middle");
  // The optimum.
  auto r = std::find(space.tm.begin(), space.tm.end(), best.tile.tm) - space.tm.begin();
  auto c = std::find(space.tn.begin(), space.tn.end(), best.tile.tn) - space.tn.begin();
  if (static_cast<size_t>(r) < rows && static_cast<size_t>(c) < cols) {
    double x = left + cell * static_cast<double>(c), y = top + cell * static_cast<double>(r);
    doc.rect(x + 2, y + 2, cell - 4, cell - 4, "none",
             fmt::format("optimum {} D={}", to_string(best.tile), best.stages), "#e8112d", 4);
    if (labels) doc.text(x + cell / 2, y + cell - 5, "optimum", std::min(11.0, cell / 5), "middle", "#e8112d", true);
  }
  // The legend: the colour bar by rank, labelled with the totals at its
  // quartiles, then what the outline and the grey cells mean.
  double bx = left + cell * static_cast<double>(cols) + 24, by = top, bh = 200;
  doc.text(bx, by - 10, "legend", 12, "start", "#222", true);
  for (int i = 0; i < 50; ++i) doc.rect(bx, by + bh * i / 50.0, bar, bh / 50.0 + 0.5, svg::scale_colour(i / 49.0));
  // Ticks at ranks 1, 2, 10, 100 and the last, where they do not crowd.
  double last_tick = -100;
  std::optional<size_t> last_rank;
  for (size_t rank : {size_t{0}, size_t{1}, size_t{9}, size_t{99}, distinct.size() - 1}) {
    if (distinct.empty() || rank >= distinct.size() || (last_rank && rank <= *last_rank)) continue;
    double y = by + rank_shade(rank) * bh;
    bool end = rank == 0 || rank == distinct.size() - 1;
    if (!end && (y - last_tick < 16 || by + bh - y < 16)) continue;
    last_tick = y;
    last_rank = rank;
    std::string name = rank == 0                   ? "best"
                       : rank == distinct.size() - 1 ? "worst"
                       : rank == 1                   ? "2nd"
                                                     : fmt::format("{}th", rank + 1);
    doc.line(bx + bar, y, bx + bar + 4, y, "#222");
    doc.text(bx + bar + 8, y + 4,
             fmt::format("{} {}", name, svg::time_label(static_cast<double>(distinct[rank]), machine.time_unit)), 11);
  }
  doc.text(bx, by + bh + 20, fmt::format("colour: log of the rank among {} totals", distinct.size()), 11);
  doc.rect(bx, by + bh + 34, 18, 18, "none", "", "#e8112d", 3);
  doc.text(bx + 26, by + bh + 47, "the optimum", 11);
  doc.rect(bx, by + bh + 60, 18, 18, "#f4f4f4", "", "#bbbbbb", 0.5);
  doc.text(bx + 26, by + bh + 73, "over a machine limit", 11);
  return doc.finish();
}

}  // namespace warpsat
