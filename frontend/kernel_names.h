// Kernel names a person can read: a CUTLASS kernel's mangled name is ~920
// characters, repeated on every line that named it. Names are demangled
// (the C++ ABI's abi::__cxa_demangle) and shortened the way Nsight Compute
// shows them: no return type or parameter list, and template arguments
// below the first level as "<…>" (`cutlass::device_kernel<GemmUniversal<…>>`),
// with a stable short id where two kernels of a module shorten alike.
// `--kernel` takes any of these spellings, or a unique part of one.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace warpsat {

// The Itanium-demangled name, or the name itself when it is not mangled.
std::string demangle_kernel_name(std::string_view name);

// Nsight Compute's short form of a (mangled or plain) kernel name:
// "void ns::f<ns2::A<int>, 3>(float*)" -> "ns::f<A<…>, 3>". At most about
// `max_length` characters: beyond it, trailing template arguments become "…".
std::string short_kernel_name(std::string_view name, size_t max_length = 100);

// Four (or more) hex digits of a hash of the mangled name: the same for the
// same kernel in every run and every module.
std::string kernel_name_id(std::string_view mangled, size_t digits = 4);

// The names of a module's kernels as output shows them: short (with " #id"
// where two or more shorten alike, enough digits to tell them apart), or
// the mangled names themselves with `full` (--full-names).
class KernelNames {
 public:
  KernelNames() = default;
  KernelNames(const std::vector<std::string>& mangled, bool full);
  // The name to show for `mangled` (itself when it is not one of the module's).
  std::string display(std::string_view mangled) const;
  bool full() const { return full_; }

 private:
  std::vector<std::string> mangled_, shown_;
  bool full_ = false;
};

// The kernels of `mangled` that `query` names, in order of preference: the
// mangled name; else the demangled name, the short name (with or without its
// id) or the function name alone; else those whose mangled or demangled name
// contains `query`. The first tier with a match is returned (empty: none).
std::vector<size_t> match_kernel_names(const std::vector<std::string>& mangled, std::string_view query);

// The one kernel `query` names (match_kernel_names), or a command-line error
// that lists the candidates (`what` is "kernel", or "kernel or function").
size_t select_kernel_name(const std::vector<std::string>& mangled, std::string_view query, std::string_view what,
                          std::string_view where);

}  // namespace warpsat
