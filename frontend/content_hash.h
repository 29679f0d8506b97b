// A SHA-1 digest of named fields, as 40 hex digits: the fingerprint that
// says two runs had the same inputs, options and version (`--shard`,
// `warpsat merge`), and the key of a cached verdict (`--cache`). Not for
// secrets: it tells apart what differs by accident, not by design.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace warpsat {

class ContentHash {
 public:
  ContentHash();
  ~ContentHash();
  ContentHash(const ContentHash&) = delete;
  ContentHash& operator=(const ContentHash&) = delete;

  // Each field is length-prefixed, so that ("ab", "c") and ("a", "bc") differ.
  ContentHash& add(std::string_view field);
  ContentHash& add(std::string_view name, std::string_view value);
  // The bytes of a file (InputError when it cannot be read).
  ContentHash& add_file(const std::string& path);
  std::string hex();  // ends the hash: no add after it

 private:
  struct State;
  std::unique_ptr<State> state_;
};

std::string content_hash(std::string_view text);

}  // namespace warpsat
