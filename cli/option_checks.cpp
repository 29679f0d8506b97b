#include "cli/option_checks.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "frontend/diagnostics.h"
#include "frontend/nearest_name.h"
#include "frontend/shape.h"

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
    std::string c = nearest_name(first, subs);
    return c.empty() ? fmt::format("'{}' is not a subcommand", first)
                     : fmt::format("'{}' is not a subcommand; did you mean '{}'?", first, c);
  }
  std::vector<std::string> names, shorts;
  for (const CLI::Option* o : chosen->get_options()) {
    for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
    for (const std::string& n : o->get_snames()) shorts.push_back("-" + n);
  }
  auto known = [](const std::vector<std::string>& v, const std::string& a) {
    return std::find(v.begin(), v.end(), a) != v.end();
  };
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") break;  // what follows is positional
    if (a.size() < 2 || a[0] != '-') continue;
    a = a.substr(0, a.find('='));
    if (known(names, a) || known(shorts, a)) continue;
    std::string c;
    if (a.rfind("--", 0) == 0) {
      if (a.size() > 2) c = nearest_name(a, names);
    } else if (a.size() == 2) {
      // A one-letter option is only a typo of another in the other case
      // (-J for -j): every short name is within an edit or two of any other.
      for (const std::string& sn : shorts)
        if (std::tolower(static_cast<unsigned char>(sn[1])) == std::tolower(static_cast<unsigned char>(a[1]))) c = sn;
    } else if (!std::isdigit(static_cast<unsigned char>(a[1]))) {
      c = nearest_name("-" + a, names);  // a long option with one dash: -blok
    }
    if (!c.empty()) return fmt::format("did you mean '{}' for '{}'?", c, a);
  }
  return {};
}

CLI::Option* add_shape_option(CLI::App* sub, const std::string& name, std::vector<uint32_t>& out,
                              const std::string& help) {
  return sub
      ->add_option_function<std::string>(
          name,
          [&out, name](const std::string& text) {
            out.clear();
            try {
              for (uint64_t v : parse_shape(text, name, 1, 3)) out.push_back(static_cast<uint32_t>(v));
            } catch (const InputError& e) {
              throw CLI::ValidationError(e.message());  // reported while parsing, as every option error is
            }
          },
          help)
      ->type_name("XxYxZ|X,Y,Z");
}

}  // namespace warpsat::cli
