// Errors about the user's input. Library code throws InputError; cli/ prints it
// as `file:line:col: error: ...` and exits with code 2.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace warpsat {

struct SourceLocation {
  std::string file;       // path as the user gave it; empty for command-line options
  uint32_t line = 0;      // 1-based; 0 when unknown
  uint32_t column = 0;    // 1-based; 0 when unknown
};

class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, std::string message, std::string source_line = {});

  const SourceLocation& where() const { return where_; }
  const std::string& message() const { return message_; }
  const std::string& source_line() const { return source_line_; }
  // `file:line:col: error: message`, followed by the offending line and a
  // caret under the column when the line is known.
  std::string render() const;

 private:
  SourceLocation where_;
  std::string message_;
  std::string source_line_;
};

// Errors in command-line options have no file position; they print as
// `warpsat: error: ...`.
InputError command_line_error(const std::string& message);

// The `line`-th line (1-based) of `text`, without its newline; empty if absent.
// Long lines are cut so a diagnostic never repeats megabytes of input.
std::string line_of(std::string_view text, uint32_t line);

}  // namespace warpsat
