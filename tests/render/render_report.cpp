// Shows that `warpsat report`'s HTML pages work in a real browser: headless
// Chromium loads the page of examples/kernels/branches_nested.cu, its console
// must stay free of errors, and the DOM Chromium dumps must carry the verdict
// classes on the right source and PTX lines. A page with a deliberate script
// error is the control: its error must show up in the same log.
//
//   render_report WARPSAT EXAMPLES_DIR LAUNCH_TOML SCRATCH_DIR
//
// Exit 0 pass, 1 fail, 77 skip (Chromium not installed).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <string>

#include "browser.h"

namespace {

int failures = 0;
void expect(bool ok, const std::string& what) {
  std::cout << (ok ? "ok:   " : "FAIL: ") << what << "\n";
  if (!ok) ++failures;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

struct Loaded {
  std::string dom, log;
};

// The DOM after the page's scripts ran, and Chromium's log (console
// messages are logged as "CONSOLE" lines, uncaught exceptions among them).
Loaded load(const std::string& browser, const std::string& page, const std::string& dir, const std::string& profile) {
  std::string dom = dir + "/dom.html", log = dir + "/chromium.log";
  std::string cmd = "timeout 120 " + browser +
                    " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
                    " --disable-component-update --disable-sync --disable-dev-shm-usage --enable-logging=stderr --v=0"
                    " --user-data-dir=" +
                    profile + " --dump-dom file://" + page + " >" + dom + " 2>" + log;
  int rc = std::system(cmd.c_str());
  Loaded l{slurp(dom), slurp(log)};
  if (l.dom.find("</html>") == std::string::npos)
    throw std::runtime_error("chromium dumped no DOM (exit status " + std::to_string(rc) + ") for " + page);
  return l;
}

bool console_error(const std::string& log) {
  return std::regex_search(log, std::regex("CONSOLE\\(|Uncaught|console\\.error"));
}

// The class attribute of the element with this id, or "" when there is none.
std::string classes_of(const std::string& dom, const std::string& id) {
  std::smatch m;
  std::regex re("<tr id=\"" + id + "\" class=\"([^\"]*)\"");
  return std::regex_search(dom, m, re) ? m[1].str() : "";
}

bool has_class(const std::string& classes, const std::string& c) {
  return std::regex_search(classes, std::regex("(^| )" + c + "( |$)"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: render_report WARPSAT EXAMPLES_DIR LAUNCH_TOML SCRATCH_DIR\n";
    return 2;
  }
  std::string browser = warpsat::render::find_chromium();
  if (browser.empty()) {
    std::cout << "SKIP: chromium is not installed (apt-get install chromium)\n";
    return 77;
  }
  std::string warpsat = argv[1], examples = argv[2], launch = argv[3];
  std::filesystem::path dir = std::filesystem::absolute(argv[4]) / "render_report";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "profile");
  std::string d = dir.string(), profile = (dir / "profile").string();
  try {
    std::string ptx = examples + "/kernels/ptx/branches_nested.sm_80.ptx";
    if (std::system((warpsat + " report " + ptx + " --launch " + launch + " -o " + d + "/out >/dev/null").c_str()) != 0)
      throw std::runtime_error("warpsat report failed");

    std::ofstream(d + "/broken.html") << "<!DOCTYPE html><html><body><script>undefined_function();</script></body></html>\n";
    Loaded control = load(browser, d + "/broken.html", d, profile);
    expect(console_error(control.log), "the control page's script error shows in Chromium's log");

    Loaded page = load(browser, d + "/out/branches_nested.html", d, profile);
    expect(!console_error(page.log), "the kernel page loads without console errors");
    // branches_nested.cu, .file 1: line 24 `if (lane < 16u)` splits warps,
    // line 26 `if ((lane & 16u) == 0u)` is uniform among the lanes that reach it.
    std::string l24 = classes_of(page.dom, "src-1-L24"), l26 = classes_of(page.dom, "src-1-L26");
    expect(has_class(l24, "divergent"), "source line 24 (if (lane < 16u)) is marked divergent: '" + l24 + "'");
    expect(has_class(l26, "uniform") && !has_class(l26, "divergent"),
           "source line 26 ((lane & 16u) == 0u) is marked uniform only: '" + l26 + "'");
    std::string l20 = classes_of(page.dom, "src-1-L20");
    expect(l20 == "line", "source line 20 (no branch) carries no verdict: '" + l20 + "'");
    // PTX line 50: `@%p2 bra $L__BB0_6;`, the branch of line 24.
    std::string p50 = classes_of(page.dom, "ptx-L50");
    expect(has_class(p50, "divergent"), "PTX line 50 (the branch of line 24) is marked divergent: '" + p50 + "'");
    expect(page.dom.find("the condition holds") != std::string::npos,
           "the witness speaks of the source condition");
    expect(page.dom.find("<th title=\"warp-level instructions executed") != std::string::npos,
           "the launch's execution counts are shown");

    Loaded index = load(browser, d + "/out/index.html", d, profile);
    expect(!console_error(index.log), "the index page loads without console errors");
    expect(index.dom.find("href=\"branches_nested.html\"") != std::string::npos, "the index links the kernel's page");
  } catch (const std::exception& e) {
    std::cout << "FAIL: " << e.what() << "\n";
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
