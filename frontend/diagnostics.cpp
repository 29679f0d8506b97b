#include "frontend/diagnostics.h"

#include <fmt/format.h>

namespace warpsat {

namespace {
std::string location_prefix(const SourceLocation& w) {
  if (w.file.empty()) return "warpsat";
  if (w.line == 0) return w.file;
  if (w.column == 0) return fmt::format("{}:{}", w.file, w.line);
  return fmt::format("{}:{}:{}", w.file, w.line, w.column);
}
}  // namespace

InputError::InputError(SourceLocation where, std::string message, std::string source_line)
    : std::runtime_error(fmt::format("{}: error: {}", location_prefix(where), message)),
      where_(std::move(where)),
      message_(std::move(message)),
      source_line_(std::move(source_line)) {}

std::string InputError::render() const {
  std::string out = what();
  if (!source_line_.empty()) {
    out += "\n  " + source_line_;
    if (where_.column > 0 && where_.column <= source_line_.size() + 1) {
      std::string pad;
      // Keep tabs so the caret lines up under tab-indented PTX.
      for (size_t i = 0; i + 1 < where_.column; ++i) pad += source_line_[i] == '\t' ? '\t' : ' ';
      out += "\n  " + pad + "^";
    }
  }
  return out;
}

InputError command_line_error(const std::string& message) {
  return InputError(SourceLocation{"", 0, 0}, message);
}

std::string line_of(std::string_view text, uint32_t line) {
  constexpr size_t kMaxShown = 200;
  if (line == 0) return {};
  size_t pos = 0;
  for (uint32_t l = 1; l < line; ++l) {
    pos = text.find('\n', pos);
    if (pos == std::string_view::npos) return {};
    ++pos;
  }
  size_t end = text.find('\n', pos);
  std::string_view s = text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  std::string out(s.substr(0, kMaxShown));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t') c = '?';
  if (s.size() > kMaxShown) out += " ...";
  return out;
}

}  // namespace warpsat
