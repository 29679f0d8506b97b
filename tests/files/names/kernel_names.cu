// Kernels whose mangled names demangle to templates nested two deep, as
// CUTLASS's do: two of them shorten alike (tests/files/names/).
namespace lib {
template <class T> struct Wrap { T scale; };
namespace detail {
template <class W> struct Params { float *out; int n; W w; };

template <class W>
__global__ void scale_kernel(Params<W> p)
{
    int t = threadIdx.x;
    if (t < p.n)
        p.out[t] *= static_cast<float>(p.w.scale);
}

template <class T, int N>
__global__ void fill_kernel(T *out, int n)
{
    int t = threadIdx.x;
    if (t < n)
        out[t] = T(N);
}
}  // namespace detail
}  // namespace lib

template __global__ void lib::detail::scale_kernel<lib::Wrap<float>>(lib::detail::Params<lib::Wrap<float>>);
template __global__ void lib::detail::scale_kernel<lib::Wrap<double>>(lib::detail::Params<lib::Wrap<double>>);
template __global__ void lib::detail::fill_kernel<int, 7>(int *, int);
