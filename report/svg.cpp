#include "report/svg.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "frontend/time_unit.h"

namespace warpsat::svg {

std::string escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

Document::Document(double width, double height) : width_(width), height_(height) {}

void Document::rect(double x, double y, double w, double h, std::string_view fill, std::string_view title,
                    std::string_view stroke, double stroke_width) {
  ++shapes_;
  body_ += fmt::format(R"(<rect x="{:.2f}" y="{:.2f}" width="{:.2f}" height="{:.2f}" fill="{}")", x, y, w, h, fill);
  if (!stroke.empty()) body_ += fmt::format(R"( stroke="{}" stroke-width="{:.1f}")", stroke, stroke_width);
  if (title.empty())
    body_ += "/>\n";
  else
    body_ += fmt::format("><title>{}</title></rect>\n", escape(title));
}

void Document::line(double x1, double y1, double x2, double y2, std::string_view stroke, double width) {
  ++shapes_;
  body_ += fmt::format(R"(<line x1="{:.2f}" y1="{:.2f}" x2="{:.2f}" y2="{:.2f}" stroke="{}" stroke-width="{:.1f}"/>)",
                       x1, y1, x2, y2, stroke, width) +
           "\n";
}

void Document::text(double x, double y, std::string_view content, double size, std::string_view anchor,
                    std::string_view fill, bool bold) {
  ++shapes_;
  body_ += fmt::format(R"(<text x="{:.2f}" y="{:.2f}" font-size="{:.1f}" text-anchor="{}" fill="{}"{}>{}</text>)", x, y,
                       size, anchor, fill, bold ? R"( font-weight="bold")" : "", escape(content)) +
           "\n";
}

std::string Document::finish() const {
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" viewBox=\"0 0 {0:.0f} {1:.0f}\" "
      "font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
      "<rect x=\"0\" y=\"0\" width=\"{0:.0f}\" height=\"{1:.0f}\" fill=\"white\"/>\n{2}</svg>\n",
      width_, height_, body_);
}

std::string scale_colour(double t) {
  static constexpr std::array<std::array<int, 3>, 5> stops = {
      {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
  t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * (stops.size() - 1);
  size_t i = std::min(static_cast<size_t>(t), stops.size() - 2);
  double f = t - static_cast<double>(i);
  auto mix = [&](int c) { return static_cast<int>(std::lround(stops[i][c] + f * (stops[i + 1][c] - stops[i][c]))); };
  return fmt::format("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2));
}

std::string time_label(double value, std::string_view unit) {
  auto per = seconds_per_unit(unit);
  if (!per) return fmt::format("{:.4g} {}", value, unit);
  double seconds = value * *per;
  static constexpr std::pair<double, const char*> units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
  for (auto [scale, name] : units)
    if (std::abs(seconds) >= scale || scale == 1e-9) return fmt::format("{:.4g} {}", seconds / scale, name);
  return fmt::format("{:.4g} s", seconds);
}

}  // namespace warpsat::svg
