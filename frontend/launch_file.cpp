#include "frontend/launch_file.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "frontend/read_file.h"
#include "frontend/toml_reader.h"

namespace warpsat {

namespace {

struct TypeRow {
  const char* name;
  unsigned bytes;
  bool is_float, is_signed;
};
constexpr TypeRow kTypeRows[] = {{"u8", 1, false, false},  {"u16", 2, false, false}, {"u32", 4, false, false},
                                 {"u64", 8, false, false}, {"s8", 1, false, true},   {"s16", 2, false, true},
                                 {"s32", 4, false, true},  {"s64", 8, false, true},  {"b8", 1, false, false},
                                 {"b16", 2, false, false}, {"b32", 4, false, false}, {"b64", 8, false, false},
                                 {"f16", 2, true, true},   {"bf16", 2, true, true},  {"f32", 4, true, true},
                                 {"f64", 8, true, true}};

bool is_bits(const ElementType& t) { return t.name[0] == 'b' && t.name != "bf16"; }

}  // namespace

std::optional<ElementType> parse_element_type(const std::string& n) {
  std::string name = n;
  if (name.size() >= 2 && name[0] == 'i') name[0] = 's';  // Rust/ZLUDA spelling
  for (const TypeRow& r : kTypeRows)
    if (name == r.name) return ElementType{r.name, r.bytes, r.is_float, r.is_signed};
  return std::nullopt;
}

const std::vector<std::string>& element_type_names() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> v;
    for (const TypeRow& r : kTypeRows) v.emplace_back(r.name);
    return v;
  }();
  return kNames;
}

bool scalar_type_fits(ptx::ScalarType param, const ElementType& given) {
  if (ptx::bit_width(param) != 8 * given.bytes) return false;
  if (ptx::is_bits(param) || is_bits(given)) return true;
  if (ptx::is_float(param)) return given.is_float && given.name == ptx::to_string(param);
  if (ptx::is_signed_int(param) || ptx::is_unsigned_int(param)) return !given.is_float;
  return false;
}

std::string fitting_types(ptx::ScalarType param) {
  std::string list;
  for (const std::string& name : element_type_names())
    if (scalar_type_fits(param, *parse_element_type(name))) list += (list.empty() ? "" : ", ") + name;
  return list.empty() ? "none" : list;
}

namespace {

uint64_t width_mask(unsigned bytes) { return bytes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * bytes)) - 1; }

// Rounds a double to binary16 / bfloat16 bits, nearest even.
uint16_t to_half_bits(double d, bool bf16) {
  float f = static_cast<float>(d);
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if (bf16) {
    if ((x & 0x7fffffff) > 0x7f800000) return static_cast<uint16_t>((x >> 16) | 0x40);
    x += 0x7fff + ((x >> 16) & 1);
    return static_cast<uint16_t>(x >> 16);
  }
  uint32_t sign = (x >> 16) & 0x8000;
  int exp = static_cast<int>((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff) return static_cast<uint16_t>(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31) return static_cast<uint16_t>(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000;
    unsigned shift = static_cast<unsigned>(14 - exp);
    uint32_t half = mant >> shift, rem = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = (static_cast<uint32_t>(exp) << 10) | (mant >> 13), rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1))) ++half;
  return static_cast<uint16_t>(sign | half);
}

// splitmix64: a fixed, documented generator, so a seed gives the same data everywhere.
uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void put(std::vector<uint8_t>& out, uint64_t bits, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) out.push_back(static_cast<uint8_t>(bits >> (8 * i)));
}

class LaunchReader {
 public:
  LaunchReader(std::string text, std::string source, uint64_t max_launch_bytes)
      : r_(std::move(text), source), source_(std::move(source)), max_launch_bytes_(max_launch_bytes) {}

  LaunchFile read() {
    const toml::table& t = r_.root();
    r_.reject_unknown_keys(t, {"kernel", "grid", "block", "dynamic_shared_bytes", "param", "description", "cluster",
                               "cluster_non_portable", "buffer", "tensor_map"});
    LaunchFile l;
    l.source = source_;
    l.text = r_.text();
    l.kernel = r_.optional_string(t, "kernel");
    triple(t, "grid", l.grid, (int64_t{1} << 31) - 1);
    if (const toml::node* g = t.get("grid")) l.grid_line = g->source().begin.line, l.grid_column = g->source().begin.column;
    triple(t, "block", l.block, 1024);
    if (uint64_t threads = uint64_t{l.block[0]} * l.block[1] * l.block[2]; threads > 1024)
      r_.fail(*t.get("block"), fmt::format("a block has at most 1024 threads; {}x{}x{} = {}", l.block[0],
                                           l.block[1], l.block[2], threads));
    if (l.block[2] > 64) r_.fail(*t.get("block"), "block z is at most 64");
    if (l.grid[1] > 65535 || l.grid[2] > 65535) r_.fail(*t.get("grid"), "grid y and z are at most 65535");
    auto dynamic_shared = r_.optional_integer(t, "dynamic_shared_bytes", 0, 1 << 20);
    l.dynamic_shared_bytes = static_cast<uint64_t>(dynamic_shared.value_or(0));
    l.dynamic_shared_given = dynamic_shared.has_value();
    if (const toml::node* c = t.get("cluster")) {
      triple(t, "cluster", l.cluster, 16);
      for (uint32_t& d : l.cluster) d = std::max<uint32_t>(d, 1);
      l.cluster_line = c->source().begin.line;
      l.cluster_column = c->source().begin.column;
      if (uint64_t n = uint64_t{l.cluster[0]} * l.cluster[1] * l.cluster[2]; n > 16)
        r_.fail(*c, fmt::format("a cluster has at most 16 CTAs; {}x{}x{} = {}", l.cluster[0], l.cluster[1],
                                l.cluster[2], n));
    }
    if (const toml::node* n = t.get("cluster_non_portable")) {
      auto v = n->value_exact<bool>();
      if (!v) r_.fail(*n, "'cluster_non_portable' must be true or false");
      l.cluster_non_portable = *v;
    }
    const toml::array* params = tables(t, "param");
    const toml::array* buffers = tables(t, "buffer");
    if (params) check_counted_launch_bytes(*params, "buffer");
    if (buffers) check_counted_launch_bytes(*buffers, nullptr);
    if (params)
      for (const toml::node& n : *params) l.params.push_back(param(*n.as_table()));
    if (buffers)
      for (const toml::node& n : *buffers) l.buffers.push_back(named_buffer(*n.as_table()));
    if (const toml::array* maps = tables(t, "tensor_map"))
      for (const toml::node& n : *maps) l.tensor_maps.push_back(tensor_map(*n.as_table()));
    resolve_names(l);
    return l;
  }

 private:
  void triple(const toml::table& t, std::string_view key, uint32_t (&out)[3], int64_t max) {
    const toml::node* n = t.get(key);
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a || a->empty() || a->size() > 3) r_.fail(*n, fmt::format("'{}' must be [x, y, z]", key));
    for (size_t i = 0; i < a->size(); ++i) out[i] = static_cast<uint32_t>(r_.integer_value(*a->get(i), key, 1, max));
  }

  ElementType element_type(const toml::table& t) {
    std::string name = r_.require_string(t, "type");
    auto type = parse_element_type(name);
    if (!type) r_.fail(*t.get("type"), fmt::format("unknown type '{}' (u8..u64, s8..s64, b8..b64, f16, bf16, f32, f64)", name));
    return *type;
  }

  // A number written as a TOML integer, float or string, converted to `type`'s
  // bits from the text as written (value_bits says what it accepts).
  uint64_t number(const toml::node& n, const ElementType& type) {
    std::string text = r_.number_text(n);
    std::string why;
    auto bits = value_bits(type, text, &why);
    if (!bits) r_.fail(n, fmt::format("'{}' is not a valid {} value: {}", text, type.name, why));
    return *bits;
  }

  // An array of tables written [[key]], or null when absent.
  const toml::array* tables(const toml::table& t, std::string_view key) {
    const toml::node* p = t.get(key);
    if (!p) return nullptr;
    const toml::array* a = p->as_array();
    if (!a) r_.fail(*p, fmt::format("'{}' must be an array of tables: write [[{}]]", key, key));
    for (const toml::node& n : *a)
      if (!n.as_table()) r_.fail(n, fmt::format("each [[{}]] must be a table", key));
    return a;
  }

  LaunchParam param(const toml::table& pt) {
    r_.reject_unknown_keys(pt, {"buffer", "scalar", "struct", "name", "tensor_map"});
    LaunchParam p;
    p.line = pt.source().begin.line;
    p.name = r_.optional_string(pt, "name").value_or("");
    const toml::node* b = pt.get("buffer");
    const toml::node* s = pt.get("scalar");
    const toml::node* by_value = pt.get("struct");
    const toml::node* map = pt.get("tensor_map");
    if ((b != nullptr) + (s != nullptr) + (by_value != nullptr) + (map != nullptr) != 1)
      r_.fail(pt, "a [[param]] has exactly one of 'buffer', 'scalar', 'struct' or 'tensor_map'");
    const toml::node& value = b ? *b : s ? *s : by_value ? *by_value : *map;
    p.value_line = value.source().begin.line;
    p.value_column = value.source().begin.column;
    p.value_source = line_of(r_.text(), p.value_line);
    if (map) {
      auto name = map->value_exact<std::string>();
      if (!name) r_.fail(*map, "'tensor_map' names a [[tensor_map]]: tensor_map = \"name\"");
      p.tensor_map = NameRef{*name, 0, p.value_line, p.value_column};
      p.type_line = p.value_line, p.type_column = p.value_column, p.type_source = p.value_source;
      return p;
    }
    if (s) {
      const toml::table* st = s->as_table();
      if (!st) r_.fail(*s, "'scalar' must be a table such as { type = \"s32\", value = \"1000\" }");
      r_.reject_unknown_keys(*st, {"type", "value"});
      ScalarParam sp{element_type(*st), 0};
      note_type_place(p, *st);
      const toml::node* v = st->get("value");
      if (!v) r_.fail_missing(*st, "value");
      sp.bits = number(*v, sp.type);
      p.scalar = sp;
      return p;
    }
    const char* key = b ? "buffer" : "struct";
    const toml::table* bt = value.as_table();
    if (!bt) r_.fail(value, fmt::format("'{}' must be a table such as {{ type = \"u32\", count = 16, fill = 0 }}", key));
    BufferParam contents = contents_of(value, *bt, key, by_value != nullptr);
    note_type_place(p, *bt);
    if (by_value) {
      p.pointers = placements(*bt, "pointers", "buffer");
      p.tensor_maps = placements(*bt, "tensor_maps", "map");
    }
    (b ? p.buffer : p.by_value) = std::move(contents);
    return p;
  }

  // pointers = [{ offset = 8, buffer = "C" }], tensor_maps = [{ offset = 64, map = "tmA" }]
  std::vector<NameRef> placements(const toml::table& t, std::string_view key, std::string_view name_key,
                                  uint64_t max_offset = 32764) {
    std::vector<NameRef> out;
    const toml::node* n = t.get(key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    if (!a) r_.fail(*n, fmt::format("'{}' must be an array such as [{{ offset = 0, {} = \"name\" }}]", key, name_key));
    for (const toml::node& e : *a) {
      const toml::table* et = e.as_table();
      if (!et) r_.fail(e, fmt::format("each entry of '{}' is {{ offset = ..., {} = \"name\" }}", key, name_key));
      const bool pointer = name_key == "buffer";
      if (pointer) r_.reject_unknown_keys(*et, {"offset", name_key, "at"});
      else r_.reject_unknown_keys(*et, {"offset", name_key});
      NameRef ref;
      ref.offset = static_cast<uint64_t>(r_.require_integer(*et, "offset", 0, static_cast<int64_t>(max_offset)));
      ref.name = r_.require_string(*et, name_key);
      if (pointer) ref.at = static_cast<uint64_t>(r_.optional_integer(*et, "at", 0, kMaxBufferBytes).value_or(0));
      ref.line = e.source().begin.line;
      ref.column = e.source().begin.column;
      out.push_back(std::move(ref));
    }
    return out;
  }

  NamedBuffer named_buffer(const toml::table& bt) {
    NamedBuffer b;
    b.name = r_.require_string(bt, "name");
    if (b.name.empty()) r_.fail(*bt.get("name"), "a [[buffer]]'s name is not empty");
    b.line = bt.source().begin.line;
    b.column = bt.source().begin.column;
    b.contents = contents_of(bt, bt, "[[buffer]]", false, true);
    // A device array of pointers (CUTLASS's pointer-array and grouped GEMMs
    // find each batch's matrices through one).
    b.pointers = placements(bt, "pointers", "buffer", kMaxBufferBytes);
    return b;
  }

  TensorMapEntry tensor_map(const toml::table& t) {
    r_.reject_unknown_keys(t, {"name", "buffer", "type", "dims", "strides", "box", "element_strides", "interleave",
                               "swizzle", "l2_promotion", "oob_fill", "offset", "mode", "lower_corner",
                               "upper_corner", "channels_per_pixel", "pixels_per_column", "placeholder"});
    TensorMapEntry e;
    TensorMapSpec& m = e.spec;
    e.line = t.source().begin.line;
    e.column = t.source().begin.column;
    m.name = r_.require_string(t, "name");
    m.buffer = r_.require_string(t, "buffer");
    e.buffer_line = t.get("buffer")->source().begin.line;
    e.buffer_column = t.get("buffer")->source().begin.column;
    std::string type = r_.require_string(t, "type");
    auto ty = parse_tensor_map_type(type);
    if (!ty) {
      std::string names;
      for (const std::string& n : tensor_map_type_names()) names += (names.empty() ? "" : ", ") + n;
      r_.fail(*t.get("type"), fmt::format("unknown tensor map type '{}' ({})", type, names));
    }
    m.type = *ty;
    std::vector<uint64_t> dims = list(t, "dims", 1, 5, true);
    m.rank = static_cast<uint32_t>(dims.size());
    std::copy(dims.begin(), dims.end(), m.dims);
    m.strides[0] = element_bytes(m.type);
    std::vector<uint64_t> strides = list(t, "strides", m.rank - 1, m.rank - 1, m.rank > 1);
    std::copy(strides.begin(), strides.end(), m.strides + 1);
    using S = TensorMapSpec;
    m.mode = choice<S::Mode>(t, "mode", {{"tiled", S::Mode::Tiled}, {"im2col", S::Mode::Im2col}});
    if (m.mode == S::Mode::Im2col) {
      im2col_fields(t, m);
    } else {
      for (const char* key : {"lower_corner", "upper_corner", "channels_per_pixel", "pixels_per_column"})
        if (const toml::node* n = t.get(key))
          r_.fail(*n, fmt::format("'{}' belongs to im2col maps (mode = \"im2col\")", key));
      std::vector<uint64_t> box = list(t, "box", m.rank, m.rank, true);
      for (uint32_t d = 0; d < m.rank; ++d) m.box[d] = static_cast<uint32_t>(std::min<uint64_t>(box[d], UINT32_MAX));
    }
    if (t.get("element_strides")) {
      std::vector<uint64_t> es = list(t, "element_strides", m.rank, m.rank, true);
      for (uint32_t d = 0; d < m.rank; ++d) m.element_strides[d] = static_cast<uint32_t>(std::min<uint64_t>(es[d], UINT32_MAX));
    }
    m.interleave = choice<S::Interleave>(t, "interleave", {{"none", S::Interleave::None}, {"16B", S::Interleave::B16},
                                                           {"32B", S::Interleave::B32}});
    m.swizzle = choice<S::Swizzle>(t, "swizzle", {{"none", S::Swizzle::None}, {"32B", S::Swizzle::B32},
                                                  {"64B", S::Swizzle::B64}, {"128B", S::Swizzle::B128}});
    m.l2_promotion = choice<S::L2Promotion>(t, "l2_promotion", {{"none", S::L2Promotion::None},
                                                                {"64B", S::L2Promotion::B64},
                                                                {"128B", S::L2Promotion::B128},
                                                                {"256B", S::L2Promotion::B256}});
    m.oob_fill = choice<S::OobFill>(t, "oob_fill", {{"zero", S::OobFill::Zero}, {"nan", S::OobFill::Nan}});
    m.offset = static_cast<uint64_t>(r_.optional_integer(t, "offset", 0, INT64_MAX).value_or(0));
    if (const toml::node* p = t.get("placeholder")) {
      auto v = p->value_exact<bool>();
      if (!v) r_.fail(*p, "'placeholder' must be true or false");
      m.placeholder = *v;
    }
    if (auto p = tensor_map_problem(m)) {
      const toml::node* at = t.get(p->key);
      if (!at) r_.fail(t, p->message);
      r_.fail(*at, p->message);
    }
    return e;
  }

  // cuTensorMapEncodeIm2col's fields in place of `box`: the bounding box's
  // corners in the spatial dimensions (W first) and the pixels and channels
  // one copy moves.
  void im2col_fields(const toml::table& t, TensorMapSpec& m) {
    if (const toml::node* n = t.get("box"))
      r_.fail(*n, "an im2col map has no 'box': a copy moves pixels_per_column x channels_per_pixel elements");
    if (m.rank < 3)
      r_.fail(*t.get("dims"), fmt::format("an im2col tensor map has 3 to 5 dimensions (C, W, (H, (D,)) N), not {}",
                                          m.rank));
    const size_t spatial = m.rank - 2;
    for (auto [key, out] : {std::pair{"lower_corner", m.lower_corner}, std::pair{"upper_corner", m.upper_corner}}) {
      const toml::node* n = t.get(key);
      if (!n) r_.fail_missing(t, key);
      const toml::array* a = n->as_array();
      if (!a || a->size() != spatial)
        r_.fail(*n, fmt::format("'{}' must be an array of {} integer(s), one per spatial dimension (W first)", key,
                                spatial));
      size_t i = 0;
      for (const toml::node& e : *a) out[i++] = static_cast<int32_t>(r_.integer_value(e, key, INT32_MIN, INT32_MAX));
    }
    m.channels_per_pixel =
        static_cast<uint32_t>(r_.optional_integer(t, "channels_per_pixel", 0, UINT32_MAX).value_or(0));
    m.pixels_per_column = static_cast<uint32_t>(r_.optional_integer(t, "pixels_per_column", 0, UINT32_MAX).value_or(0));
    for (const char* key : {"channels_per_pixel", "pixels_per_column"})
      if (!t.get(key)) r_.fail_missing(t, key);
  }

  std::vector<uint64_t> list(const toml::table& t, std::string_view key, size_t min, size_t max, bool required) {
    const toml::node* n = t.get(key);
    if (!n) {
      if (required) r_.fail_missing(t, key);
      return {};
    }
    const toml::array* a = n->as_array();
    if (!a || a->size() < min || a->size() > max)
      r_.fail(*n, min == max ? fmt::format("'{}' must be an array of {} integer(s)", key, min)
                             : fmt::format("'{}' must be an array of {} to {} integers", key, min, max));
    std::vector<uint64_t> out;
    for (const toml::node& e : *a) out.push_back(static_cast<uint64_t>(r_.integer_value(e, key, 0, INT64_MAX)));
    return out;
  }

  template <typename E>
  E choice(const toml::table& t, std::string_view key, std::initializer_list<std::pair<const char*, E>> options) {
    const toml::node* n = t.get(key);
    if (!n) return options.begin()->second;
    auto v = n->value_exact<std::string>();
    std::string names;
    for (const auto& [name, value] : options) {
      if (v && *v == name) return value;
      names += fmt::format("{}\"{}\"", names.empty() ? "" : ", ", name);
    }
    r_.fail(*n, fmt::format("'{}' is one of {}", key, names));
  }

  // Every name a launch file refers to exists, and what it names fits.
  void resolve_names(const LaunchFile& l) {
    auto fail_at = [&](uint32_t line, uint32_t column, const std::string& message) {
      r_.fail_at_line(line, column, message);
    };
    std::map<std::string, uint64_t> buffer_bytes;  // name -> size
    std::map<std::string, int> buffer_count;
    for (const NamedBuffer& b : l.buffers) {
      if (buffer_count[b.name]++) fail_at(b.line, b.column, fmt::format("a second [[buffer]] named '{}'", b.name));
      buffer_bytes[b.name] = b.contents.bytes.size();
    }
    for (const LaunchParam& p : l.params)
      if (p.buffer && !p.name.empty()) ++buffer_count[p.name], buffer_bytes[p.name] = p.buffer->bytes.size();
    std::map<std::string, const TensorMapEntry*> maps;
    for (const TensorMapEntry& e : l.tensor_maps) {
      if (!maps.emplace(e.spec.name, &e).second)
        fail_at(e.line, e.column, fmt::format("a second [[tensor_map]] named '{}'", e.spec.name));
      auto it = buffer_bytes.find(e.spec.buffer);
      if (it == buffer_bytes.end())
        fail_at(e.buffer_line, e.buffer_column,
                fmt::format("no buffer named '{}': name a [[buffer]], or a [[param]] with a buffer and name = \"{}\"",
                            e.spec.buffer, e.spec.buffer));
      if (buffer_count[e.spec.buffer] > 1)
        fail_at(e.buffer_line, e.buffer_column, fmt::format("several buffers are named '{}'", e.spec.buffer));
      if (!e.spec.placeholder && e.spec.extent_bytes() > it->second)
        fail_at(e.line, e.column, fmt::format("tensor map '{}' covers {} bytes of buffer '{}' (offset, dims and "
                                              "strides), which has {}",
                                              e.spec.name, e.spec.extent_bytes(), e.spec.buffer, it->second));
    }
    // A pointer: its buffer exists, is named once, and holds byte `at`.
    auto check_target = [&](const NameRef& r) {
      if (!buffer_bytes.count(r.name))
        fail_at(r.line, r.column, fmt::format("no buffer named '{}' for this pointer", r.name));
      if (buffer_count[r.name] > 1) fail_at(r.line, r.column, fmt::format("several buffers are named '{}'", r.name));
      if (r.at > buffer_bytes[r.name])
        fail_at(r.line, r.column, fmt::format("at = {} is past the end of buffer '{}' ({} bytes)", r.at, r.name,
                                              buffer_bytes[r.name]));
    };
    for (const NamedBuffer& b : l.buffers)
      for (const NameRef& r : b.pointers) {
        check_target(r);
        if (r.offset % 8 || r.offset + 8 > b.contents.bytes.size())
          fail_at(r.line, r.column, fmt::format("an 8-byte pointer at offset {} does not fit buffer '{}' ({} bytes), "
                                                "or is not 8-byte aligned",
                                                r.offset, b.name, b.contents.bytes.size()));
      }
    for (const LaunchParam& p : l.params) {
      auto known_map = [&](const NameRef& r) {
        if (!maps.count(r.name)) fail_at(r.line, r.column, fmt::format("no [[tensor_map]] named '{}'", r.name));
      };
      if (p.tensor_map) known_map(*p.tensor_map);
      uint64_t bytes = p.by_value ? p.by_value->bytes.size() : 0;
      for (const NameRef& r : p.tensor_maps) {
        known_map(r);
        if (r.offset % 64 || r.offset + 128 > bytes)
          fail_at(r.line, r.column, fmt::format("a tensor map takes 128 bytes at a multiple of 64; offset {} in a "
                                                "struct of {} bytes",
                                                r.offset, bytes));
      }
      for (const NameRef& r : p.pointers) {
        check_target(r);
        if (r.offset % 4 || r.offset + 4 > bytes)
          fail_at(r.line, r.column, fmt::format("a pointer at offset {} does not fit a struct of {} bytes, or is not "
                                                "aligned",
                                                r.offset, bytes));
      }
    }
  }

  void note_type_place(LaunchParam& p, const toml::table& t) {
    const auto& at = t.get("type")->source().begin;
    p.type_line = at.line;
    p.type_column = at.column;
    p.type_source = line_of(r_.text(), p.type_line);
  }

  // The bytes of a buffer or of a struct passed by value.
  BufferParam contents_of(const toml::node& b, const toml::table& bt, const char* key, bool placements = false,
                          bool named = false) {
    if (placements)
      r_.reject_unknown_keys(bt, {"type", "hex", "values", "count", "fill", "random_seed", "min", "max", "file",
                                  "pointers", "tensor_maps"});
    else if (named)
      r_.reject_unknown_keys(bt, {"type", "hex", "values", "count", "fill", "random_seed", "min", "max", "file", "name",
                                  "pointers"});
    else
      r_.reject_unknown_keys(bt, {"type", "hex", "values", "count", "fill", "random_seed", "min", "max", "file"});
    BufferParam buf{element_type(bt), {}, ""};
    const unsigned w = buf.type.bytes;
    int sources = (bt.get("hex") != nullptr) + (bt.get("values") != nullptr) + (bt.get("file") != nullptr) +
                  (bt.get("fill") != nullptr) + (bt.get("random_seed") != nullptr);
    if (sources != 1)
      r_.fail(b, fmt::format("a {} has exactly one of: hex, values, file, fill (with count), random_seed (with count)", key));
    if (const toml::node* list = bt.get("hex") ? bt.get("hex") : bt.get("values")) {
      bool hex = bt.get("hex") != nullptr;
      const toml::array* a = list->as_array();
      if (!a) r_.fail(*list, "expected an array");
      for (const toml::node& e : *a) {
        if (hex) {
          auto str = e.value_exact<std::string>();
          if (!str || !str->starts_with("0x")) r_.fail(e, "hex values are strings such as \"0x3f800000\"");
          auto bits = value_bits(ElementType{"u64", 8, false, false}, *str);
          if (!bits || (*bits & ~width_mask(w)) != 0) r_.fail(e, fmt::format("'{}' does not fit {} bytes", *str, w));
          put(buf.bytes, *bits, w);
        } else {
          put(buf.bytes, number(e, buf.type), w);
        }
        check_size(buf.bytes.size(), e);
      }
      count_launch_bytes(buf.bytes.size(), *list);
      buf.origin = hex ? "hex" : "values";
    } else if (const toml::node* f = bt.get("file")) {
      auto path = f->value_exact<std::string>();
      if (!path) r_.fail(*f, "'file' must be a path string");
      if (path->empty()) r_.fail(*f, "'file' is an empty path");
      std::filesystem::path full = std::filesystem::path(source_).parent_path() / *path;
      std::string data;
      try {
        data = read_file(full.string(), kMaxBufferBytes);
      } catch (const InputError& e) {
        // Point at the launch file's line: the buffer file alone does not say which parameter wanted it.
        r_.fail(*f, fmt::format("file '{}': {}", *path, e.message()));
      }
      if (data.size() % w != 0) r_.fail(*f, fmt::format("{} has {} bytes, not a multiple of {}", *path, data.size(), w));
      count_launch_bytes(data.size(), *f);
      buf.bytes.assign(data.begin(), data.end());
      buf.origin = "file " + *path;
    } else {
      int64_t count = r_.require_integer(bt, "count", 0, static_cast<int64_t>(kMaxBufferBytes / w));
      check_size(static_cast<uint64_t>(count) * w, *bt.get("count"));
      count_launch_bytes(static_cast<uint64_t>(count) * w, *bt.get("count"));
      buf.bytes.reserve(static_cast<size_t>(count) * w);
      if (const toml::node* fill = bt.get("fill")) {
        uint64_t bits = number(*fill, buf.type);
        for (int64_t i = 0; i < count; ++i) put(buf.bytes, bits, w);
        buf.origin = "fill";
      } else {
        uint64_t seed = static_cast<uint64_t>(r_.require_integer(bt, "random_seed", 0, INT64_MAX));
        random_fill(buf, bt, count, seed);
      }
    }
    return buf;
  }

  // Integers: uniform over [min, max] (default the type's range). Floats:
  // uniform over [min, max) (default [0, 1)).
  void random_fill(BufferParam& buf, const toml::table& bt, int64_t count, uint64_t seed) {
    uint64_t state = seed;
    const ElementType& t = buf.type;
    if (t.is_float) {
      double lo = 0, hi = 1;
      // A bound that is no number (min = "a") is an error, not the default.
      auto bound = [&](const char* key, double fallback) {
        const toml::node* n = bt.get(key);
        if (!n) return fallback;
        std::optional<double> v = n->value<double>();
        if (!v || !std::isfinite(*v)) r_.fail(*n, fmt::format("'{}' must be a finite number", key));
        return *v;
      };
      lo = bound("min", 0);
      hi = bound("max", 1);
      if (!(lo < hi)) r_.fail(bt, "'min' must be less than 'max'");
      for (int64_t i = 0; i < count; ++i) {
        double u = static_cast<double>(splitmix64(state) >> 11) / 9007199254740992.0;
        double v = lo + (hi - lo) * u;
        uint64_t bits;
        if (t.bytes == 8) std::memcpy(&bits, &v, 8);
        else if (t.bytes == 4) {
          float f = static_cast<float>(v);
          uint32_t b32;
          std::memcpy(&b32, &f, 4);
          bits = b32;
        } else bits = to_half_bits(v, t.name == "bf16");
        put(buf.bytes, bits, t.bytes);
      }
    } else {
      int64_t tmin = t.is_signed ? (t.bytes == 8 ? INT64_MIN : -(int64_t{1} << (8 * t.bytes - 1))) : 0;
      int64_t tmax = t.bytes == 8 ? INT64_MAX : (t.is_signed ? (int64_t{1} << (8 * t.bytes - 1)) - 1
                                                             : (int64_t{1} << (8 * t.bytes)) - 1);
      bool full = !bt.get("min") && !bt.get("max");
      int64_t lo = bt.get("min") ? r_.integer_value(*bt.get("min"), "min", tmin, tmax) : tmin;
      int64_t hi = bt.get("max") ? r_.integer_value(*bt.get("max"), "max", tmin, tmax) : tmax;
      if (lo > hi) r_.fail(bt, "'min' must not exceed 'max'");
      uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
      for (int64_t i = 0; i < count; ++i) {
        uint64_t r = splitmix64(state);
        uint64_t v = full ? r : static_cast<uint64_t>(lo) + (span == 0 ? r : r % span);
        put(buf.bytes, v & width_mask(t.bytes), t.bytes);
      }
    }
    buf.origin = fmt::format("random_seed {}", seed);
  }

  void check_size(uint64_t bytes, const toml::node& at) {
    if (bytes > kMaxBufferBytes) r_.fail(at, fmt::format("a buffer is limited to {} MiB", kMaxBufferBytes >> 20));
  }

  // The buffers given by a count (fill, random_seed) summed before any is
  // made: three of 1 GiB each would otherwise be in memory before the
  // third passed the limit. What is malformed is skipped here and reported
  // where the buffer is read.
  void check_counted_launch_bytes(const toml::array& params, const char* key) {
    for (const toml::node& n : params) {
      const toml::table* pt = n.as_table();
      const toml::node* b = !pt ? nullptr : key ? pt->get(key) : pt;
      const toml::table* bt = b ? b->as_table() : nullptr;
      const toml::node* type = bt ? bt->get("type") : nullptr;
      const toml::node* count = bt ? bt->get("count") : nullptr;
      if (!type || !count) continue;
      std::optional<ElementType> t = parse_element_type(type->value_or(std::string()));
      std::optional<int64_t> c = count->value_exact<int64_t>();
      if (!t || !c || *c < 0 || static_cast<uint64_t>(*c) > kMaxBufferBytes / t->bytes) continue;
      counted_total_ += static_cast<uint64_t>(*c) * t->bytes;
      check_launch_total(counted_total_, *count);
    }
  }

  // Before a buffer's bytes are made: the launch's total so far, within the limit.
  void count_launch_bytes(uint64_t bytes, const toml::node& at) {
    launch_bytes_ += bytes;
    check_launch_total(launch_bytes_, at);
  }

  void check_launch_total(uint64_t total, const toml::node& at) {
    if (total > max_launch_bytes_)
      r_.fail(at, fmt::format("the buffers up to this one take {} bytes, over the limit of {} per launch; raise it "
                              "with --max-launch-bytes",
                              total, max_launch_bytes_));
  }

  TomlReader r_;
  std::string source_;
  uint64_t max_launch_bytes_;
  uint64_t launch_bytes_ = 0;
  uint64_t counted_total_ = 0;  // buffers given by a count, of [[param]] and [[buffer]] together
};

}  // namespace

namespace {

std::optional<uint64_t> refuse(std::string* why, std::string reason) {
  if (why) *why = std::move(reason);
  return std::nullopt;
}

std::string range_text(const ElementType& t) {
  if (t.is_signed && t.bytes == 8) return "-9223372036854775808 to 9223372036854775807";
  if (t.is_signed) return fmt::format("{} to {}", -(int64_t{1} << (8 * t.bytes - 1)), (int64_t{1} << (8 * t.bytes - 1)) - 1);
  return fmt::format("0 to {}", width_mask(t.bytes));
}

// "-12", "+7", "300": an integer literal, as opposed to "3.5", "1e6" or "inf".
bool integer_syntax(const std::string& text) {
  size_t i = text[0] == '-' || text[0] == '+' ? 1 : 0;
  return i < text.size() && text.find_first_not_of("0123456789", i) == std::string::npos;
}

// The bits of `d` in a float type, rounded to nearest.
uint64_t float_bits(const ElementType& t, double d) {
  if (t.bytes == 8) {
    uint64_t b;
    std::memcpy(&b, &d, 8);
    return b;
  }
  if (t.bytes == 4) {
    float f = static_cast<float>(d);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  return to_half_bits(d, t.name == "bf16");
}

std::optional<uint64_t> integer_bits(const ElementType& type, const std::string& text, std::string* why) {
  const std::string range = fmt::format("out of range of {} ({})", type.name, range_text(type));
  if (!integer_syntax(text)) {
    // A float literal is taken only when it names a whole number exactly.
    char* end = nullptr;
    long double v = std::strtold(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return refuse(why, "not a number");
    if (!std::isfinite(v) || v != std::trunc(v))
      return refuse(why, fmt::format("not an integer; a {} takes integers", type.name));
    if (v < -9223372036854775808.0L || v >= 18446744073709551616.0L) return refuse(why, range);
    return integer_bits(type, v < 0 ? std::to_string(static_cast<int64_t>(v)) : std::to_string(static_cast<uint64_t>(v)),
                        why);
  }
  errno = 0;
  char* end = nullptr;
  if (text[0] == '-') {
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (errno || !type.is_signed) return refuse(why, range);
    if (type.bytes < 8 && v < -(int64_t{1} << (8 * type.bytes - 1))) return refuse(why, range);
    return static_cast<uint64_t>(v) & width_mask(type.bytes);
  }
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  uint64_t limit = type.is_signed ? width_mask(type.bytes) >> 1 : width_mask(type.bytes);
  if (errno || v > limit) return refuse(why, range);
  return v;
}

std::optional<uint64_t> float_literal_bits(const ElementType& type, const std::string& text, std::string* why) {
  if (integer_syntax(text)) {
    // An integer must survive the conversion: 16777217 is no f32.
    errno = 0;
    long double exact = text[0] == '-' ? static_cast<long double>(std::strtoll(text.c_str(), nullptr, 10))
                                       : static_cast<long double>(std::strtoull(text.c_str(), nullptr, 10));
    if (errno) return refuse(why, fmt::format("too large to check as an integer; write it as a float literal such as 1e30"));
    uint64_t bits = float_bits(type, static_cast<double>(exact));
    double back = float_bits_value(type, bits);
    if (static_cast<long double>(back) != exact || static_cast<long double>(static_cast<double>(exact)) != exact)
      return refuse(why, fmt::format("not exactly representable as {} (nearest: {}); write it as a float literal to round",
                                     type.name, back));
    return bits;
  }
  char* end = nullptr;
  // strtof for f32 rounds once, from the decimal text; through a double it could round twice.
  double d = type.bytes == 4 ? static_cast<double>(std::strtof(text.c_str(), &end)) : std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return refuse(why, "not a number");
  uint64_t bits = float_bits(type, d);
  double back = float_bits_value(type, bits);
  bool literal_infinite = text.find_first_of("iI") != std::string::npos;
  bool literal_nan = text.find_first_of("nN") != std::string::npos && !literal_infinite;
  if (std::isinf(back) && !literal_infinite) return refuse(why, fmt::format("overflows {}", type.name));
  if (back == 0 && !literal_nan && text.find_first_of("123456789") < text.find_first_of("eE"))
    return refuse(why, fmt::format("underflows {} to 0", type.name));
  return bits;
}

}  // namespace

std::optional<uint64_t> value_bits(const ElementType& type, const std::string& text, std::string* why) {
  if (text.empty()) return refuse(why, "empty");
  if (text.starts_with("0x") || text.starts_with("0X")) {
    if (text.size() == 2 || text.size() > 18) return refuse(why, "not a hex bit pattern");
    uint64_t v = 0;
    for (char c : text.substr(2)) {
      int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
              : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
      if (d < 0) return refuse(why, "not a hex bit pattern");
      v = v * 16 + static_cast<uint64_t>(d);
    }
    if ((v & ~width_mask(type.bytes)) != 0) return refuse(why, fmt::format("wider than {} bits", 8 * type.bytes));
    return v;
  }
  if (type.is_float) return float_literal_bits(type, text, why);
  return integer_bits(type, text, why);
}

double float_bits_value(const ElementType& type, uint64_t bits) {
  if (type.bytes == 8) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  if (type.bytes == 4 || type.name == "bf16") {
    uint32_t b = type.bytes == 4 ? static_cast<uint32_t>(bits) : static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  bool negative = bits & 0x8000;
  unsigned exp = (bits >> 10) & 0x1f, mant = bits & 0x3ff;
  double v = exp == 0    ? std::ldexp(mant, -24)
             : exp == 31 ? (mant ? std::nan("") : INFINITY)
                         : std::ldexp(mant | 0x400, static_cast<int>(exp) - 25);
  return negative ? -v : v;
}

LaunchFile parse_launch_file(std::string text, const std::string& source, uint64_t max_launch_bytes) {
  return LaunchReader(std::move(text), source, max_launch_bytes).read();
}

LaunchFile read_launch_file(const std::string& path, uint64_t max_launch_bytes) {
  return parse_launch_file(read_file(path, 4u << 20), path, max_launch_bytes);
}

}  // namespace warpsat
