// Splits PTX text into tokens. Positions are kept for diagnostics; the text
// itself is never copied (tokens view into it).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace warpsat::ptx {

enum class Tok : uint8_t {
  End,
  Ident,   // a, %r1, $L__BB0_1, _ (the sink)
  Dot,     // .b32, .shared::cluster, .version (text includes the dot)
  Int,     // 12, 0x1f, 017, 0b101, 12U
  Float,   // 0f3F800000, 0d3FF0000000000000, 1.5, 2e-3
  String,  // "..." (text includes the quotes)
  Comma, Semi, Colon, LParen, RParen, LBracket, RBracket, LBrace, RBrace, Lt, Gt, Plus, Minus, Bang, Pipe, At,
  Equals,
};

struct Token {
  Tok kind = Tok::End;
  bool space_before = false;  // whitespace or a comment separates it from the previous token
  uint32_t line = 0, column = 0;
  std::string_view text;
};

// Limits that keep memory bounded on hostile input.
inline constexpr size_t kMaxPtxBytes = size_t{256} << 20;
inline constexpr size_t kMaxLineBytes = size_t{1} << 20;

// Throws InputError at the offending character for anything that is no PTX
// token (binary data, an unterminated comment or string, an overlong line).
std::vector<Token> lex(std::string_view text, const std::string& source);

const char* describe(Tok t);  // "identifier", "';'", ...

}  // namespace warpsat::ptx
