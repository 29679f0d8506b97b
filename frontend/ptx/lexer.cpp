#include "frontend/ptx/lexer.h"

#include <fmt/format.h>

#include "frontend/diagnostics.h"

namespace warpsat::ptx {

namespace {

bool ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}
bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}
bool digit(char c) { return c >= '0' && c <= '9'; }
bool hex_digit(char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& source) : s_(text), source_(source) {}

  std::vector<Token> run() {
    if (s_.size() > kMaxPtxBytes)
      fail(1, 1, fmt::format("file is {} bytes; PTX input is limited to {} MiB", s_.size(), kMaxPtxBytes >> 20));
    std::vector<Token> out;
    out.reserve(s_.size() / 4);
    bool space = true;
    while (true) {
      space = skip_space_and_comments() || space;
      if (i_ >= s_.size()) break;
      Token t = next();
      t.space_before = space;
      space = false;
      out.push_back(t);
    }
    out.push_back(Token{Tok::End, true, line_, column(), {}});
    return out;
  }

 private:
  uint32_t column() const { return static_cast<uint32_t>(i_ - line_start_ + 1); }

  [[noreturn]] void fail(uint32_t line, uint32_t col, const std::string& msg) const {
    throw InputError({source_, line, col}, msg, line_of(s_, line));
  }

  void newline() {
    ++line_;
    line_start_ = i_ + 1;
  }

  void check_line_length() {
    if (i_ - line_start_ > kMaxLineBytes)
      fail(line_, 1, fmt::format("line {} is longer than {} KiB; this is not PTX", line_, kMaxLineBytes >> 10));
  }

  // Returns true when anything was skipped.
  bool skip_space_and_comments() {
    size_t start = i_;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == '\n') {
        newline();
        ++i_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++i_;
      } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '/') {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '*') {
        uint32_t l = line_, col = column();
        i_ += 2;
        while (i_ + 1 < s_.size() && !(s_[i_] == '*' && s_[i_ + 1] == '/')) {
          if (s_[i_] == '\n') newline();
          ++i_;
        }
        if (i_ + 1 >= s_.size()) fail(l, col, "unterminated /* comment");
        i_ += 2;
      } else {
        break;
      }
      check_line_length();
    }
    return i_ != start;
  }

  Token make(Tok k, size_t start, uint32_t col) {
    check_line_length();
    return Token{k, false, line_, col, s_.substr(start, i_ - start)};
  }

  Token next() {
    size_t start = i_;
    uint32_t col = column();
    char c = s_[i_];
    if (ident_start(c)) {
      ++i_;
      while (i_ < s_.size() && ident_char(s_[i_])) ++i_;
      if (c == '%' && i_ == start + 1) fail(line_, col, "'%' must start a register name");
      return make(Tok::Ident, start, col);
    }
    if (c == '.') {
      ++i_;
      if (i_ < s_.size() && digit(s_[i_])) {  // .5 is a float, .2d a modifier
        size_t j = i_;
        while (j < s_.size() && digit(s_[j])) ++j;
        bool modifier = j < s_.size() && ident_char(s_[j]) && s_[j] != 'e' && s_[j] != 'E';
        if (!modifier) return number(start, col);
      }
      size_t word = i_;
      while (i_ < s_.size()) {
        while (i_ < s_.size() && ident_char(s_[i_])) ++i_;
        if (i_ + 2 < s_.size() && s_[i_] == ':' && s_[i_ + 1] == ':' && ident_char(s_[i_ + 2]))
          i_ += 2;
        else
          break;
      }
      if (i_ == word) fail(line_, col, "expected a directive or modifier name after '.'");
      return make(Tok::Dot, start, col);
    }
    if (digit(c)) return number(start, col);
    if (c == '"') {
      ++i_;
      while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\n') i_ += s_[i_] == '\\' ? 2 : 1;
      if (i_ >= s_.size() || s_[i_] != '"') fail(line_, col, "unterminated string");
      ++i_;
      return make(Tok::String, start, col);
    }
    ++i_;
    switch (c) {
      case ',': return make(Tok::Comma, start, col);
      case ';': return make(Tok::Semi, start, col);
      case ':': return make(Tok::Colon, start, col);
      case '(': return make(Tok::LParen, start, col);
      case ')': return make(Tok::RParen, start, col);
      case '[': return make(Tok::LBracket, start, col);
      case ']': return make(Tok::RBracket, start, col);
      case '{': return make(Tok::LBrace, start, col);
      case '}': return make(Tok::RBrace, start, col);
      case '<': return make(Tok::Lt, start, col);
      case '>': return make(Tok::Gt, start, col);
      case '+': return make(Tok::Plus, start, col);
      case '-': return make(Tok::Minus, start, col);
      case '!': return make(Tok::Bang, start, col);
      case '|': return make(Tok::Pipe, start, col);
      case '@': return make(Tok::At, start, col);
      case '=': return make(Tok::Equals, start, col);
      default: break;
    }
    auto u = static_cast<unsigned char>(c);
    fail(line_, col, u >= 0x20 && u < 0x7f ? fmt::format("unexpected character '{}'", c)
                                           : fmt::format("unexpected byte 0x{:02x} (binary data?)", u));
  }

  // Integers in decimal, hex, octal and binary (optional U suffix); floats as
  // 0f/0F + 8 hex digits, 0d/0D + 16 hex digits, or decimal with a point or
  // exponent.
  Token number(size_t start, uint32_t col) {
    i_ = start;
    auto rest = s_.substr(start);
    if (rest.size() >= 2 && rest[0] == '0' && (rest[1] == 'f' || rest[1] == 'F' || rest[1] == 'd' || rest[1] == 'D')) {
      size_t want = (rest[1] == 'f' || rest[1] == 'F') ? 8 : 16;
      i_ += 2;
      size_t digits = 0;
      while (i_ < s_.size() && hex_digit(s_[i_])) ++i_, ++digits;
      if (digits != want)
        fail(line_, col, fmt::format("a {}-bit float literal needs exactly {} hex digits after '{}'",
                                     want * 4, want, rest.substr(0, 2)));
      return make(Tok::Float, start, col);
    }
    if (rest.size() >= 2 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X')) {
      i_ += 2;
      size_t d = i_;
      while (i_ < s_.size() && hex_digit(s_[i_])) ++i_;
      if (i_ == d) fail(line_, col, "expected hex digits after 0x");
    } else if (rest.size() >= 2 && rest[0] == '0' && (rest[1] == 'b' || rest[1] == 'B')) {
      i_ += 2;
      size_t d = i_;
      while (i_ < s_.size() && (s_[i_] == '0' || s_[i_] == '1')) ++i_;
      if (i_ == d) fail(line_, col, "expected binary digits after 0b");
    } else {
      bool is_float = false;
      while (i_ < s_.size() && digit(s_[i_])) ++i_;
      if (i_ < s_.size() && s_[i_] == '.') {
        is_float = true;
        ++i_;
        while (i_ < s_.size() && digit(s_[i_])) ++i_;
      }
      if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
        size_t save = i_++;
        if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
        if (i_ < s_.size() && digit(s_[i_])) {
          is_float = true;
          while (i_ < s_.size() && digit(s_[i_])) ++i_;
        } else {
          i_ = save;
        }
      }
      if (is_float) {
        if (i_ < s_.size() && ident_char(s_[i_])) fail(line_, column(), "unexpected character after a number");
        return make(Tok::Float, start, col);
      }
    }
    if (i_ < s_.size() && s_[i_] == 'U') ++i_;
    if (i_ < s_.size() && ident_char(s_[i_])) fail(line_, column(), "unexpected character after a number");
    return make(Tok::Int, start, col);
  }

  std::string_view s_;
  const std::string& source_;
  size_t i_ = 0;
  size_t line_start_ = 0;
  uint32_t line_ = 1;
};

}  // namespace

std::vector<Token> lex(std::string_view text, const std::string& source) { return Lexer(text, source).run(); }

const char* describe(Tok t) {
  switch (t) {
    case Tok::End: return "end of file";
    case Tok::Ident: return "a name";
    case Tok::Dot: return "a directive";
    case Tok::Int: return "an integer";
    case Tok::Float: return "a float literal";
    case Tok::String: return "a string";
    case Tok::Comma: return "','";
    case Tok::Semi: return "';'";
    case Tok::Colon: return "':'";
    case Tok::LParen: return "'('";
    case Tok::RParen: return "')'";
    case Tok::LBracket: return "'['";
    case Tok::RBracket: return "']'";
    case Tok::LBrace: return "'{'";
    case Tok::RBrace: return "'}'";
    case Tok::Lt: return "'<'";
    case Tok::Gt: return "'>'";
    case Tok::Plus: return "'+'";
    case Tok::Minus: return "'-'";
    case Tok::Bang: return "'!'";
    case Tok::Pipe: return "'|'";
    case Tok::At: return "'@'";
    case Tok::Equals: return "'='";
  }
  return "?";
}

}  // namespace warpsat::ptx
