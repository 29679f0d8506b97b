#include "cli/option_checks.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat::cli {

namespace fs = std::filesystem;

void reject_negative_unsigned(CLI::App& app) {
  for (CLI::Option* o : app.get_options())
    if (o->get_type_name().rfind("UINT", 0) == 0)
      o->check(CLI::Validator(
          [](std::string& v) -> std::string {
            size_t i = v.find_first_not_of(" \t");
            return i != std::string::npos && v[i] == '-' ? "must not be negative" : "";
          },
          "", "NONNEGATIVE"));
  for (CLI::App* sub : app.get_subcommands({})) reject_negative_unsigned(*sub);
}

namespace {

InputError path_error(const std::string& flag, const std::string& path, const std::string& why) {
  return command_line_error(fmt::format("{} '{}': {}", flag, path, why));
}

void check_folder(const std::string& flag, const std::string& path) {
  if (path.empty()) throw path_error(flag, path, "an empty path");
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (fs::exists(st) && !fs::is_directory(st)) throw path_error(flag, path, "exists and is not a folder");
  if (!fs::exists(st)) {
    fs::create_directories(path, ec);
    if (ec) throw path_error(flag, path, fmt::format("cannot create the folder: {}", ec.message()));
  }
  if (access(path.c_str(), W_OK | X_OK) != 0) throw path_error(flag, path, "the folder is not writable");
}

void check_file(const std::string& flag, const std::string& path) {
  if (path.empty()) throw path_error(flag, path, "an empty path");
  if (path == "-") return;  // standard output
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) throw path_error(flag, path, "is a folder, not a file");
  if (fs::exists(st)) {
    if (access(path.c_str(), W_OK) != 0) throw path_error(flag, path, "the file is not writable");
    return;
  }
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty()) parent = ".";
  if (!fs::is_directory(parent, ec)) throw path_error(flag, path, fmt::format("folder '{}' does not exist", parent.string()));
  if (access(parent.c_str(), W_OK | X_OK) != 0)
    throw path_error(flag, path, fmt::format("folder '{}' is not writable", parent.string()));
}

}  // namespace

void check_output_paths(const CLI::App& sub) {
  for (const CLI::Option* o : sub.get_options()) {
    if (o->count() == 0) continue;
    const std::string name = o->get_name();
    bool folder = name == "--dump-smt2" || name == "--dot" || name == "--output-dir";
    bool file = name == "--svg" || name == "--trace" || name == "--output";
    if (!folder && !file) continue;
    for (const std::string& v : o->results()) folder ? check_folder(name, v) : check_file(name, v);
  }
}

namespace {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// The closest candidate within a third of its length (at least 2 edits).
std::string closest(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = std::string::npos;
  for (const std::string& c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_d && d <= std::max<size_t>(2, c.size() / 3)) best = c, best_d = d;
  }
  return best;
}

}  // namespace

std::string suggestion(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return {};
  std::string first = argv[1];
  std::vector<std::string> subs;
  const CLI::App* chosen = nullptr;
  for (const CLI::App* s : app.get_subcommands({})) {
    subs.push_back(s->get_name());
    if (s->get_name() == first) chosen = s;
  }
  if (!chosen) {
    if (first.empty() || first[0] == '-') return {};
    std::string c = closest(first, subs);
    return c.empty() ? fmt::format("'{}' is not a subcommand", first)
                     : fmt::format("'{}' is not a subcommand; did you mean '{}'?", first, c);
  }
  std::vector<std::string> names;
  for (const CLI::Option* o : chosen->get_options())
    for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) != 0 || a.size() < 3) continue;
    a = a.substr(0, a.find('='));
    if (std::find(names.begin(), names.end(), a) != names.end()) continue;
    std::string c = closest(a, names);
    if (!c.empty()) return fmt::format("did you mean '{}' for '{}'?", c, a);
  }
  return {};
}

}  // namespace warpsat::cli
