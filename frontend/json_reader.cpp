#include "frontend/json_reader.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace warpsat {

namespace {

constexpr size_t kMaxJsonBytes = size_t{256} << 20;
constexpr size_t kMaxDepth = 64;  // traces nest three deep; anything deeper is a mistake

// Counts the characters nlohmann's parser has consumed, so each SAX event
// knows where in the text it happened.
struct CountingIterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  const char* p = nullptr;
  size_t* consumed = nullptr;
  reference operator*() const { return *p; }
  CountingIterator& operator++() {
    ++p;
    ++*consumed;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator t = *this;
    ++*this;
    return t;
  }
  bool operator==(const CountingIterator& o) const { return p == o.p; }
  bool operator!=(const CountingIterator& o) const { return p != o.p; }
};

bool is_number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// Builds a JsonNode tree from SAX events; the position of each value is
// recovered from the number of characters consumed when its event fires.
class Builder : public nlohmann::json_sax<nlohmann::json> {
 public:
  Builder(std::string_view text, const size_t& consumed) : text_(text), consumed_(consumed) {}

  bool null() override { return scalar(JsonNode::Kind::Null, literal_start(4)); }
  bool boolean(bool v) override {
    JsonNode n;
    n.kind = JsonNode::Kind::Boolean;
    n.boolean = v;
    return add(std::move(n), literal_start(v ? 4 : 5));
  }
  bool number_integer(number_integer_t v) override { return integer(v); }
  bool number_unsigned(number_unsigned_t v) override {
    if (v > static_cast<number_unsigned_t>(INT64_MAX)) return number(JsonNode::Kind::Float);
    return integer(static_cast<int64_t>(v));
  }
  bool number_float(number_float_t, const string_t&) override { return number(JsonNode::Kind::Float); }
  bool string(string_t& s) override {
    JsonNode n;
    n.kind = JsonNode::Kind::String;
    n.text = std::move(s);
    return add(std::move(n), string_start());
  }
  bool binary(binary_t&) override { return false; }
  bool start_object(std::size_t) override { return open(JsonNode::Kind::Object); }
  bool start_array(std::size_t) override { return open(JsonNode::Kind::Array); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    size_t at = string_start();
    JsonNode& o = stack_.back();
    o.keys.push_back(std::move(k));
    o.key_lines.push_back(0);
    o.key_columns.push_back(static_cast<uint32_t>(at));  // offsets for now; turned into positions later
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    error_offset_ = position == 0 ? 0 : position - 1;
    error_ = e.what();
    // nlohmann's message repeats the position; keep only what went wrong.
    if (size_t colon = error_.find(": ", error_.find("column")); colon != std::string::npos)
      error_ = error_.substr(colon + 2);
    return false;
  }

  JsonNode root;
  std::string error_;
  size_t error_offset_ = 0;
  bool too_deep = false;

 private:
  bool integer(int64_t v) {
    JsonNode n;
    n.kind = JsonNode::Kind::Integer;
    n.integer = v;
    size_t start = number_start();
    n.text = std::string(text_.substr(start, number_end() - start));
    return add(std::move(n), start);
  }
  bool number(JsonNode::Kind k) {
    JsonNode n;
    n.kind = k;
    size_t start = number_start();
    n.text = std::string(text_.substr(start, number_end() - start));
    return add(std::move(n), start);
  }
  bool scalar(JsonNode::Kind k, size_t start) {
    JsonNode n;
    n.kind = k;
    return add(std::move(n), start);
  }
  // A number's event fires after one character of lookahead.
  size_t number_end() const {
    size_t end = consumed_;
    if (end > 0 && end <= text_.size() && !is_number_char(text_[end - 1])) --end;
    return end;
  }
  size_t number_start() const {
    size_t s = number_end();
    while (s > 0 && is_number_char(text_[s - 1])) --s;
    return s;
  }
  size_t literal_start(size_t length) const { return consumed_ >= length ? consumed_ - length : 0; }
  // A string's event fires right after its closing quote.
  size_t string_start() const {
    size_t s = consumed_ >= 2 ? consumed_ - 2 : 0;
    while (s > 0) {
      if (text_[s] == '"') {
        size_t backslashes = 0;
        while (s >= 1 + backslashes && text_[s - 1 - backslashes] == '\\') ++backslashes;
        if (backslashes % 2 == 0) break;
      }
      --s;
    }
    return s;
  }
  bool open(JsonNode::Kind k) {
    if (stack_.size() >= kMaxDepth) {
      too_deep = true;
      error_offset_ = consumed_ - 1;
      return false;
    }
    JsonNode n;
    n.kind = k;
    n.line = static_cast<uint32_t>(consumed_ - 1);  // an offset until finish()
    stack_.push_back(std::move(n));
    return true;
  }
  bool close() {
    JsonNode n = std::move(stack_.back());
    stack_.pop_back();
    size_t start = n.line;
    return add(std::move(n), start);
  }
  bool add(JsonNode n, size_t start_offset) {
    n.line = static_cast<uint32_t>(start_offset);  // an offset until finish()
    if (stack_.empty())
      root = std::move(n);
    else
      stack_.back().items.push_back(std::move(n));
    return true;
  }

  std::string_view text_;
  const size_t& consumed_;
  std::vector<JsonNode> stack_;
};

}  // namespace

const JsonNode* JsonNode::get(std::string_view key) const {
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return &items[i];
  return nullptr;
}

const char* JsonNode::kind_name() const {
  switch (kind) {
    case Kind::Null: return "null";
    case Kind::Boolean: return "a boolean";
    case Kind::Integer: return "an integer";
    case Kind::Float: return "a number with a fraction or exponent";
    case Kind::String: return "a string";
    case Kind::Array: return "an array";
    case Kind::Object: return "an object";
  }
  return "?";
}

JsonReader::JsonReader(std::string text, std::string source) : text_(std::move(text)), source_(std::move(source)) {
  if (text_.size() > kMaxJsonBytes)
    throw InputError({source_, 0, 0}, fmt::format("file is larger than the {} MiB limit", kMaxJsonBytes >> 20));
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  auto position = [&](size_t offset, uint32_t& line, uint32_t& column) {
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    size_t l = static_cast<size_t>(it - line_starts_.begin());  // 1-based
    line = static_cast<uint32_t>(l);
    column = static_cast<uint32_t>(offset - line_starts_[l - 1] + 1);
  };
  size_t consumed = 0;
  Builder b(text_, consumed);
  CountingIterator first{text_.data(), &consumed}, last{text_.data() + text_.size(), &consumed};
  bool ok = nlohmann::json::sax_parse(first, last, &b);
  if (!ok) {
    uint32_t line = 0, column = 0;
    position(std::min(b.error_offset_, text_.empty() ? 0 : text_.size() - 1), line, column);
    std::string message =
        b.too_deep ? fmt::format("JSON nested more than {} levels deep", kMaxDepth) : "invalid JSON: " + b.error_;
    throw InputError({source_, line, column}, message, line_of(text_, line));
  }
  // Turn the offsets the builder stored into lines and columns.
  std::vector<JsonNode*> work{&b.root};
  while (!work.empty()) {
    JsonNode* n = work.back();
    work.pop_back();
    position(n->line, n->line, n->column);
    for (size_t i = 0; i < n->keys.size(); ++i) position(n->key_columns[i], n->key_lines[i], n->key_columns[i]);
    for (JsonNode& c : n->items) work.push_back(&c);
  }
  root_ = std::move(b.root);
}

void JsonReader::fail(const JsonNode& at, const std::string& message) const { fail_at(at.line, at.column, message); }

void JsonReader::fail_at(uint32_t line, uint32_t column, const std::string& message) const {
  throw InputError({source_, line, column}, message, line_of(text_, line));
}

void JsonReader::reject_unknown_keys(const JsonNode& object, std::initializer_list<std::string_view> allowed) const {
  for (size_t i = 0; i < object.keys.size(); ++i) {
    const std::string& k = object.keys[i];
    bool known = false;
    for (auto a : allowed) known = known || k == a;
    if (!known)
      fail_at(object.key_lines[i], object.key_columns[i],
              fmt::format("unknown key '{}' (expected some of: {})", k, fmt::join(allowed, ", ")));
    for (size_t j = 0; j < i; ++j)
      if (object.keys[j] == k)
        fail_at(object.key_lines[i], object.key_columns[i], fmt::format("key '{}' appears twice", k));
  }
}

const JsonNode& JsonReader::require(const JsonNode& object, std::string_view key) const {
  if (const JsonNode* n = object.get(key)) return *n;
  fail(object, fmt::format("missing required key '{}' in this object", key));
}

const JsonNode& JsonReader::require_object(const JsonNode& node, std::string_view what) const {
  if (node.kind != JsonNode::Kind::Object)
    fail(node, fmt::format("'{}' must be an object, not {}", what, node.kind_name()));
  return node;
}

const JsonNode& JsonReader::require_array(const JsonNode& node, std::string_view what) const {
  if (node.kind != JsonNode::Kind::Array)
    fail(node, fmt::format("'{}' must be an array, not {}", what, node.kind_name()));
  return node;
}

int64_t JsonReader::integer_value(const JsonNode& n, std::string_view what, int64_t min, int64_t max) const {
  if (n.kind != JsonNode::Kind::Integer)
    fail(n, fmt::format("'{}' must be an integer within 64-bit range, not {}", what, n.kind_name()));
  if (n.integer < min || n.integer > max)
    fail(n, fmt::format("'{}' is {}; it must be in [{}, {}]", what, n.integer, min, max));
  return n.integer;
}

std::optional<int64_t> JsonReader::optional_integer(const JsonNode& object, std::string_view key, int64_t min,
                                                    int64_t max) const {
  const JsonNode* n = object.get(key);
  if (!n) return std::nullopt;
  return integer_value(*n, key, min, max);
}

std::string JsonReader::string_value(const JsonNode& n, std::string_view what) const {
  if (n.kind != JsonNode::Kind::String) fail(n, fmt::format("'{}' must be a string, not {}", what, n.kind_name()));
  return n.text;
}

}  // namespace warpsat
