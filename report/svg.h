// A tiny SVG writer: SVG is text, and warpsat's pictures need only
// rectangles, lines and labels. Escapes text; numbers are written with a
// fixed precision so output is deterministic.
#pragma once

#include <string>
#include <string_view>

namespace warpsat::svg {

std::string escape(std::string_view text);

class Document {
 public:
  Document(double width, double height);

  // `title` becomes a tooltip in browsers (an SVG <title> child).
  void rect(double x, double y, double w, double h, std::string_view fill, std::string_view title = {},
            std::string_view stroke = {}, double stroke_width = 0);
  void line(double x1, double y1, double x2, double y2, std::string_view stroke, double width = 1);
  // anchor: "start", "middle" or "end".
  void text(double x, double y, std::string_view content, double size = 12, std::string_view anchor = "start",
            std::string_view fill = "#222", bool bold = false);

  size_t shapes() const { return shapes_; }
  std::string finish() const;  // the whole document

 private:
  std::string body_;
  double width_, height_;
  size_t shapes_ = 0;
};

// A colour for t in [0, 1] on a perceptually even scale (viridis' stops,
// linearly interpolated): dark blue for low, yellow for high.
std::string scale_colour(double t);

// "1.73 ms", "215 us", "12 ns" for a time in seconds-per-unit `unit` (e.g. "ns").
std::string time_label(double value, std::string_view unit);

}  // namespace warpsat::svg
