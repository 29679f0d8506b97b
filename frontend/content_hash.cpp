#include "frontend/content_hash.h"

#include <boost/uuid/detail/sha1.hpp>
#include <fmt/format.h>

#include <fstream>
#include <vector>

#include "frontend/diagnostics.h"

namespace warpsat {

struct ContentHash::State {
  boost::uuids::detail::sha1 sha;
};

ContentHash::ContentHash() : state_(std::make_unique<State>()) {}
ContentHash::~ContentHash() = default;

ContentHash& ContentHash::add(std::string_view field) {
  std::string length = fmt::format("{}:", field.size());
  state_->sha.process_bytes(length.data(), length.size());
  state_->sha.process_bytes(field.data(), field.size());
  return *this;
}

ContentHash& ContentHash::add(std::string_view name, std::string_view value) { return add(name).add(value); }

// In pieces: an input may be a launch's gigabyte of data.
ContentHash& ContentHash::add_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw command_line_error("cannot read " + path);
  std::vector<char> buffer(size_t{1} << 20);
  uint64_t total = 0;
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    std::streamsize got = in.gcount();
    if (got <= 0) break;
    state_->sha.process_bytes(buffer.data(), static_cast<size_t>(got));
    total += static_cast<uint64_t>(got);
  }
  if (in.bad()) throw command_line_error("cannot read " + path);
  return add(fmt::format("file of {} bytes", total));
}

std::string ContentHash::hex() {
  boost::uuids::detail::sha1::digest_type digest;
  state_->sha.get_digest(digest);
  std::string out;
  for (unsigned word : digest) out += fmt::format("{:08x}", word);
  return out;
}

std::string content_hash(std::string_view text) { return ContentHash().add(text).hex(); }

}  // namespace warpsat
