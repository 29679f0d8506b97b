// Shows that warpsat's SVG pictures render in a real browser: each picture is
// opened in headless Chromium, screenshotted, and the PNG decoded (zlib plus
// the PNG filters, below) to check its size, that it is not blank, and that
// the colours warpsat drew are on screen. A blank page rendered the same way
// is the control: it must come out white.
//
//   render_svg WARPSAT SCRATCH_DIR
//
// Exit 0 pass, 1 fail, 77 skip (Chromium not installed; see SKIP_RETURN_CODE
// in tests/CMakeLists.txt).
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "browser.h"

namespace {

struct Image {
  uint32_t width = 0, height = 0;
  std::vector<std::array<uint8_t, 3>> pixels;  // RGB, row by row
};

uint32_t be32(const unsigned char* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

// Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes).
Image read_png(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string data((std::istreambuf_iterator<char>(in)), {});
  const auto* d = reinterpret_cast<const unsigned char*>(data.data());
  static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (data.size() < 8 || !std::equal(signature, signature + 8, d)) throw std::runtime_error(path + " is not a PNG");
  Image img;
  int channels = 0;
  std::string idat;
  for (size_t pos = 8; pos + 12 <= data.size();) {
    uint32_t length = be32(d + pos);
    std::string type(data, pos + 4, 4);
    const unsigned char* body = d + pos + 8;
    if (pos + 12 + length > data.size()) throw std::runtime_error("truncated PNG chunk");
    if (type == "IHDR") {
      img.width = be32(body);
      img.height = be32(body + 4);
      if (body[8] != 8 || (body[9] != 2 && body[9] != 6) || body[12] != 0)
        throw std::runtime_error("unsupported PNG form (want 8-bit RGB/RGBA, not interlaced)");
      channels = body[9] == 2 ? 3 : 4;
    } else if (type == "IDAT") {
      idat.append(reinterpret_cast<const char*>(body), length);
    }
    pos += 12 + length;
  }
  size_t stride = size_t{img.width} * channels;
  std::vector<unsigned char> raw((stride + 1) * img.height);
  uLongf raw_size = raw.size();
  if (uncompress(raw.data(), &raw_size, reinterpret_cast<const Bytef*>(idat.data()), idat.size()) != Z_OK ||
      raw_size != raw.size())
    throw std::runtime_error("cannot inflate the PNG's image data");
  std::vector<unsigned char> previous(stride, 0), row(stride);
  for (uint32_t y = 0; y < img.height; ++y) {
    const unsigned char* line = raw.data() + y * (stride + 1);
    unsigned char filter = line[0];
    for (size_t x = 0; x < stride; ++x) {
      int a = x >= static_cast<size_t>(channels) ? row[x - channels] : 0, b = previous[x],
          c = x >= static_cast<size_t>(channels) ? previous[x - channels] : 0;
      int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
      int predictor = filter == 0              ? 0
                      : filter == 1            ? a
                      : filter == 2            ? b
                      : filter == 3            ? (a + b) / 2
                      : (pa <= pb && pa <= pc) ? a
                      : pb <= pc               ? b
                                               : c;
      row[x] = static_cast<unsigned char>(line[1 + x] + predictor);
    }
    for (uint32_t x = 0; x < img.width; ++x)
      img.pixels.push_back({row[x * channels], row[x * channels + 1], row[x * channels + 2]});
    previous = row;
  }
  return img;
}

int failures = 0;
void expect(bool ok, const std::string& what) {
  std::cout << (ok ? "ok:   " : "FAIL: ") << what << "\n";
  if (!ok) ++failures;
}

// The width and height attributes of the <svg> element.
std::pair<int, int> svg_size(const std::string& path) {
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  size_t svg = text.find("<svg");
  auto attribute = [&](const std::string& name) {
    size_t at = text.find(" " + name + "=\"", svg);
    if (svg == std::string::npos || at == std::string::npos || at > text.find('>', svg))
      throw std::runtime_error(path + " has no " + name + " on its <svg> element");
    return std::stoi(text.substr(at + name.size() + 3));
  };
  return {attribute("width"), attribute("height")};
}

Image render(const std::string& browser, const std::string& svg, const std::string& png, std::pair<int, int> size,
             const std::string& profile) {
  std::filesystem::remove(png);
  std::string cmd =
      "timeout 120 " + browser +
      " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
      " --disable-component-update --disable-sync --disable-dev-shm-usage --hide-scrollbars"
      " --user-data-dir=" +
      profile + " --screenshot=" + png + " --window-size=" + std::to_string(size.first) + "," +
      std::to_string(size.second) + " file://" + svg + " >/dev/null 2>&1";
  int rc = std::system(cmd.c_str());
  if (!std::filesystem::exists(png))
    throw std::runtime_error("chromium wrote no screenshot (exit status " + std::to_string(rc) + ") for " + svg);
  return read_png(png);
}

// Pixels within `tolerance` of a colour, per channel (anti-aliasing blurs edges only).
size_t count_colour(const Image& img, uint32_t rgb, int tolerance = 6) {
  size_t n = 0;
  int r = (rgb >> 16) & 255, g = (rgb >> 8) & 255, b = rgb & 255;
  for (const auto& p : img.pixels)
    if (std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance) ++n;
  return n;
}

size_t non_white(const Image& img) {
  size_t n = 0;
  for (const auto& p : img.pixels)
    if (p[0] < 245 || p[1] < 245 || p[2] < 245) ++n;
  return n;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

// Loads `svg` inline in a page whose script measures every <text> with the
// browser's own font metrics (getBBox) and writes the pairs that overlap
// into the DOM, which --dump-dom brings back: "overlaps=N; first: A | B"
// (a label reaching past the picture's edge counts too).
std::string text_overlaps(const std::string& browser, const std::string& svg, const std::string& dir,
                          const std::string& profile) {
  std::string page = dir + "/overlaps.html", dom = dir + "/overlaps.dom.html";
  std::string body = slurp(svg);
  body = body.substr(body.find("<svg"));
  std::ofstream(page) << "<!DOCTYPE html><html><body style=\"margin:0\">" << body
                      << "<pre id=\"result\"></pre><script>\n"
                         "const boxes = [...document.querySelectorAll('svg text')].map(t => [t.getBBox(), t.textContent]);\n"
                         "let n = 0, first = '';\n"
                         "for (let i = 0; i < boxes.length; ++i) for (let j = i + 1; j < boxes.length; ++j) {\n"
                         "  const [a, x] = boxes[i], [b, y] = boxes[j];\n"
                         "  if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {\n"
                         "    if (!n) first = x + ' | ' + y;\n"
                         "    ++n;\n"
                         "  }\n"
                         "}\n"
                         "const svg = document.querySelector('svg');\n"
                         "const w = svg.width.baseVal.value, h = svg.height.baseVal.value;\n"
                         "for (const [a, x] of boxes) if (a.x < 0 || a.y < 0 || a.x + a.width > w || a.y + a.height > h) {\n"
                         "  if (!n) first = x + ' | outside ' + w + 'x' + h;\n"
                         "  ++n;\n"
                         "}\n"
                         "document.getElementById('result').textContent = 'texts=' + boxes.length + '; overlaps=' + n + '; first: ' + first;\n"
                         "</script></body></html>\n";
  std::string cmd = "timeout 120 " + browser +
                    " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
                    " --disable-component-update --disable-sync --disable-dev-shm-usage --user-data-dir=" +
                    profile + " --dump-dom file://" + page + " >" + dom + " 2>/dev/null";
  int rc = std::system(cmd.c_str());
  std::string d = slurp(dom);
  size_t at = d.find("texts=");
  if (at == std::string::npos)
    throw std::runtime_error("chromium dumped no measurement (exit status " + std::to_string(rc) + ") for " + page);
  return d.substr(at, d.find('<', at) - at);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: render_svg WARPSAT SCRATCH_DIR\n";
    return 2;
  }
  std::string browser = warpsat::render::find_chromium();
  if (browser.empty()) {
    std::cout << "SKIP: chromium is not installed (apt-get install chromium)\n";
    return 77;
  }
  std::string warpsat = argv[1];
  std::filesystem::path dir = std::filesystem::absolute(argv[2]) / "render_svg";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "profile");
  std::string d = dir.string(), profile = (dir / "profile").string();
  try {
    std::string gantt = d + "/gantt.svg", heat = d + "/heat.svg", blank = d + "/blank.svg";
    if (std::system((warpsat +
                     " simulate --m 2048 --n 1024 --k 512 --tile 128x128x64 --stages 2 --machine a6000-paper --svg " +
                     gantt + " >/dev/null")
                        .c_str()) != 0 ||
        std::system((warpsat + " tile --m 1024 --n 1024 --k 1024 --machine a6000-paper --stages 2-4 --svg " + heat +
                     " >/dev/null")
                        .c_str()) != 0)
      throw std::runtime_error("warpsat failed to write the pictures");
    std::ofstream(blank) << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\"></svg>\n";

    Image b = render(browser, blank, d + "/blank.png", svg_size(blank), profile);
    expect(b.width == 400 && b.height == 300, "the blank control renders at 400x300");
    expect(non_white(b) == 0, "the blank control is white (" + std::to_string(non_white(b)) + " other pixels)");

    auto size = svg_size(gantt);
    Image g = render(browser, gantt, d + "/gantt.png", size, profile);
    size_t total = size_t{g.width} * g.height;
    expect(g.width == static_cast<uint32_t>(size.first) && g.height == static_cast<uint32_t>(size.second),
           "the Gantt chart renders at the SVG's own size " + std::to_string(size.first) + "x" +
               std::to_string(size.second));
    expect(non_white(g) > total / 20, "the Gantt chart is not blank (" + std::to_string(non_white(g)) + " of " +
                                          std::to_string(total) + " pixels drawn)");
    expect(count_colour(g, 0x4e79a7) > 1000, "load A slices are on screen (blue)");
    expect(count_colour(g, 0x59a14f) > 1000, "load B slices are on screen (green)");
    expect(count_colour(g, 0xf28e2b) > 1000, "multiply slices are on screen (orange)");

    size = svg_size(heat);
    Image h = render(browser, heat, d + "/heat.png", size, profile);
    expect(h.width == static_cast<uint32_t>(size.first) && h.height == static_cast<uint32_t>(size.second),
           "the heat map renders at the SVG's own size");
    expect(non_white(h) > size_t{h.width} * h.height / 10, "the heat map is not blank");
    expect(count_colour(h, 0x440154, 10) > 2000, "the best cell is drawn in the darkest colour");
    expect(count_colour(h, 0xe8112d, 20) > 300, "the optimum's red outline is on screen");
    std::string measured = text_overlaps(browser, heat, d, profile);
    expect(measured.find("overlaps=0;") != std::string::npos, "no two labels of the heat map overlap, none leaves the picture: " + measured);

    // Issue 28: 16 columns of 35 pixels, where "TN 112TN 128TN 144" ran
    // together, and a linear scale painted the best configurations alike.
    std::string wide = d + "/wide.svg";
    if (std::system((warpsat + " tile --m 4096 --n 4096 --k 4096 --machine h100-sxm --target generic --tm 16:256:16 --tn 16:256:16 "
                               "--tk 64 --stages 4 --svg " + wide + " >/dev/null")
                        .c_str()) != 0)
      throw std::runtime_error("warpsat failed to write the 16x16 heat map");
    measured = text_overlaps(browser, wide, d, profile);
    expect(measured.find("overlaps=0;") != std::string::npos,
           "no two labels of the 16x16 heat map overlap, none leaves the picture: " + measured);
    std::string text = slurp(wide);
    expect(text.find(">legend<") != std::string::npos && text.find("the optimum</text>") != std::string::npos,
           "the 16x16 heat map has a legend");
    size = svg_size(wide);
    Image w = render(browser, wide, d + "/wide.png", size, profile);
    // The five best configurations in five colours the eye tells apart:
    // each cell's fill is in the SVG, each must be on screen.
    std::vector<std::pair<double, std::string>> cells;  // (total, fill)
    for (size_t at = text.find("<rect"); at != std::string::npos; at = text.find("<rect", at + 1)) {
      size_t end = text.find("</rect>", at), fill = text.find("fill=\"#", at), total = text.find(": total ", at);
      if (end == std::string::npos || total == std::string::npos || total > end || fill > end) continue;
      cells.emplace_back(std::stod(text.substr(total + 8)), text.substr(fill + 6, 7));
    }
    std::sort(cells.begin(), cells.end());
    std::vector<std::string> best_fills;
    for (size_t i = 0; i < cells.size() && best_fills.size() < 5; ++i)
      if (best_fills.empty() || cells[i].second != best_fills.back()) best_fills.push_back(cells[i].second);
    bool distinct = best_fills.size() == 5;
    for (size_t i = 1; i < best_fills.size(); ++i) {
      uint32_t a = std::stoul(best_fills[i - 1].substr(1), nullptr, 16), b = std::stoul(best_fills[i].substr(1), nullptr, 16);
      int dr = int(a >> 16) - int(b >> 16), dg = int((a >> 8) & 255) - int((b >> 8) & 255), db = int(a & 255) - int(b & 255);
      distinct = distinct && std::abs(dr) + std::abs(dg) + std::abs(db) >= 6;
    }
    expect(cells.size() > 100 && distinct,
           "the five fastest configurations of " + std::to_string(cells.size()) + " have five distinct colours");
    for (const std::string& fill : best_fills)
      expect(count_colour(w, std::stoul(fill.substr(1), nullptr, 16), 2) > 200, "colour " + fill + " is on screen");
  } catch (const std::exception& e) {
    std::cout << "FAIL: " << e.what() << "\n";
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
