#!/usr/bin/env bash
# Writes the launch files of the CUTLASS kernels the emulator runs end to
# end (examples/cutlass/launch/, examples/cutlass/README.md "Launch files"):
# examples/cutlass/host is compiled against the CUTLASS headers by nvcc and
# asked, for each kernel and problem, for the Params that CUTLASS's own
# GemmKernel::to_underlying_arguments makes (their layout by offsetof and
# sizeof, the tensor maps cuTensorMapEncodeTiled was asked for, the
# pointers), the grid, block, cluster and shared memory. It needs no GPU
# and no driver (the program stands in for cuTensorMapEncodeTiled).
# It never runs at build or test time and downloads nothing: without nvcc
# or the CUTLASS checkout it says so and exits 0 leaving the files alone.
# Compiling takes 3 to 6 minutes on a loaded 2-core machine.
#
# Usage: scripts/generate_cutlass_launches.sh
# Environment: CUTLASS_DIR (default /work/cutlass, NVIDIA/cutlass
# 7107b05535f8977f5ecb9d01ee203205b1fd9bc4), NVCC (default
# /usr/local/cuda/bin/nvcc), BUILD (default build/cutlass-host).
set -euo pipefail
cd "$(dirname "$0")/.."

cutlass="${CUTLASS_DIR:-/work/cutlass}"
nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
build="${BUILD:-build/cutlass-host}"
host=examples/cutlass/host
ptx=examples/cutlass/ptx
out=examples/cutlass/launch

if [ ! -x "$nvcc" ]; then
  echo "generate_cutlass_launches: no nvcc at $nvcc (set NVCC): nothing regenerated"
  exit 0
fi
if [ ! -f "$cutlass/include/cutlass/cutlass.h" ]; then
  echo "generate_cutlass_launches: no CUTLASS checkout at $cutlass (set CUTLASS_DIR): nothing regenerated"
  exit 0
fi

mkdir -p "$build" "$out"
flags=(-std=c++17 -arch=sm_90a --expt-relaxed-constexpr -DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL -DNDEBUG
       -I "$cutlass/include" -I "$cutlass/tools/util/include" -Xcompiler -Wno-invalid-offsetof
       -diag-suppress 20012)
objects=()
for src in kernel_48_tf32.cu kernel_fp16_pingpong.cu kernel_bf16_cooperative.cu kernel_int8_pingpong.cu kernel_54_fp8.cu kernel_49_stream_k.cu kernel_49_pingpong.cu kernel_56_ptr_array.cu kernel_57_grouped.cu main.cpp launch_writer.cpp tensor_map_recorder.cpp; do
  obj="$build/${src%.*}.o"
  objects+=("$obj")
  # Compiled again only when its source, a header of host/ or (for a kernel) src/ is newer than the object.
  deps=("$host/$src" "$host"/*.h)
  case "$src" in *.cu) deps+=(examples/cutlass/src/*) ;; esac
  if [ -f "$obj" ] && [ -z "$(find "${deps[@]}" -newer "$obj" | head -1)" ]; then continue; fi
  rm -f "$obj"
  "$nvcc" "${flags[@]}" -c "$host/$src" -o "$obj" &
done
wait
for obj in "${objects[@]}"; do [ -f "$obj" ] || { echo "generate_cutlass_launches: $obj did not compile" >&2; exit 1; }; done
"$nvcc" -o "$build/cutlass_launch" "${objects[@]}"

# The GEMM kernel of a PTX file: its cutlass::device_kernel entry (of two,
# the one whose name holds $2: 56 and 57 have a cooperative and a ping-pong).
entry() { grep -o '^\.entry _ZN7cutlass13device_kernel[^(]*' "$ptx/$1.ptx" | cut -d' ' -f2 | grep -e "${2:-.}"; }

# make LABEL PTX-NAME OUT.toml ENTRY M N K ALPHA BETA SEED [BATCHES | GROUPS]:
# writes the file twice (another process: other addresses, other stack and
# heap contents), and fails unless both are the same byte for byte.
make() {
  local label="$1" file="$2" toml="$3" e="$4"
  shift 4
  "$build/cutlass_launch" "$label" "${@:1:6}" "$e" "$ptx/$file.ptx" "$toml" "${@:7}"
  "$build/cutlass_launch" "$label" "${@:1:6}" "$e" "$ptx/$file.ptx" "$build/again.toml" "${@:7}"
  if ! cmp -s "$toml" "$build/again.toml"; then
    echo "generate_cutlass_launches: $toml is not reproducible (a second run wrote other bytes):" >&2
    diff "$toml" "$build/again.toml" | head -20 >&2
    exit 1
  fi
  echo "wrote $toml (a second run wrote the same bytes)"
}

# kernel label, PTX name, launch-file prefix
kernels=("48_tf32 48_hopper_warp_specialized_gemm 48_tf32_cooperative"
         "fp16_pingpong fp16_pingpong_c1x1 fp16_pingpong"
         "54_fp8 54_hopper_fp8_warp_specialized_gemm 54_fp8_cooperative"
         "bf16_cooperative bf16_cooperative_c2x1 bf16_cooperative"
         "int8_pingpong int8_pingpong_c1x1 int8_pingpong")
# M N K alpha beta seed: one problem of whole tiles, one with partial tiles
# in M, N and K (every kernel's alignment holds: M and K multiples of 16).
problems=("256 256 128 2 0.5 1" "208 136 80 -1 2 7")
for k in "${kernels[@]}"; do
  read -r label file prefix <<<"$k"
  e="$(entry "$file")"
  for p in "${problems[@]}"; do
    read -r m n kk alpha beta seed <<<"$p"
    make "$label" "$file" "$out/${prefix}_${m}x${n}x${kk}.toml" "$e" "$m" "$n" "$kk" "$alpha" "$beta" "$seed"
  done
done

# Launches for branch replays only (bench/cutlass_branches.sh with
# REPLAY_LAUNCHES=1), not checked against a host GEMM: CONSTANT_DATA=1 gives
# every input element one value, so that a file stays a few KB at any size.
# Example 54 with eight k-tiles runs its FP8 mainloop's steady state (the two
# problems above have one); FP16 ping-pong with two strided batches and
# beta read per batch from memory (a batch stride and a pointer) runs the
# epilogue's multiple-batch scalar.
CONSTANT_DATA=1 make 54_fp8 54_hopper_fp8_warp_specialized_gemm "$out/54_fp8_cooperative_256x256x1024_constant.toml" \
  "$(entry 54_hopper_fp8_warp_specialized_gemm)" 256 256 1024 2 0.5 1
CONSTANT_DATA=1 make fp16_pingpong_beta_per_batch fp16_pingpong_c1x1 \
  "$out/fp16_pingpong_beta_per_batch_128x128x64x2_constant.toml" "$(entry fp16_pingpong_c1x1)" 128 128 64 2 0.5 1 2
# With beta's batch stride and no pointer, beta = 0 runs the multiple-batch
# scalar's other path (is_zero() before the scalar is read). Beta = 0.5
# deadlocks: the epilogue's load warp takes beta as zero and loads no C, its
# consumers read beta and wait for C (tests/files/cutlass/beta-stride-deadlock.test);
# so does example 54's FP8 epilogue (below).
CONSTANT_DATA=1 make fp16_pingpong_beta_stride fp16_pingpong_c1x1 \
  "$out/fp16_pingpong_beta_stride_zero_128x128x64x2_constant.toml" "$(entry fp16_pingpong_c1x1)" 128 128 64 2 0 1 2
CONSTANT_DATA=1 make 54_fp8_beta_stride 54_hopper_fp8_warp_specialized_gemm \
  "$out/54_fp8_cooperative_beta_stride_zero_256x256x128_constant.toml" "$(entry 54_hopper_fp8_warp_specialized_gemm)" \
  256 256 128 2 0 1
# The BF16 and INT8 kernels' and example 49's ping-pong kernel's
# multiple-batch beta, as FP16's above: from memory per batch, and the
# stride alone with beta = 0.
for k in "bf16_cooperative bf16_cooperative_c2x1" "int8_pingpong int8_pingpong_c1x1" \
         "49_pingpong 49_collective_builder Pingpong"; do
  read -r label file which <<<"$k"
  CONSTANT_DATA=1 make "${label}_beta_per_batch" "$file" "$out/${label}_beta_per_batch_128x128x64x2_constant.toml" \
    "$(entry "$file" "${which:-.}")" 128 128 64 2 0.5 1 2
  CONSTANT_DATA=1 make "${label}_beta_stride" "$file" "$out/${label}_beta_stride_zero_128x128x64x2_constant.toml" \
    "$(entry "$file" "${which:-.}")" 128 128 64 2 0 1 2
done
CONSTANT_DATA=1 make 54_fp8_beta_stride 54_hopper_fp8_warp_specialized_gemm \
  tests/files/cutlass/54_fp8_beta_stride_256x256x128.toml "$(entry 54_hopper_fp8_warp_specialized_gemm)" 256 256 128 2 0.5 1
CONSTANT_DATA=1 make fp16_pingpong_beta_stride fp16_pingpong_c1x1 \
  tests/files/cutlass/fp16_pingpong_beta_stride_128x128x64x2.toml "$(entry fp16_pingpong_c1x1)" 128 128 64 2 0.5 1 2

# Example 49's ping-pong kernel (its fifth), on the two problems above.
e="$(entry 49_collective_builder Pingpong)"
make 49_pingpong 49_collective_builder "$out/49_pingpong_256x256x128.toml" "$e" 256 256 128 2 0.5 1
make 49_pingpong 49_collective_builder "$out/49_pingpong_208x136x80.toml" "$e" 208 136 80 -1 2 7

# Example 49's stream-K kernel on a GPU of 4 SMs: fewer output tiles than
# SMs, so CUTLASS's scheduler splits each tile's K loop among CTAs, which
# add their partial sums through the workspace (whole tiles; partial ones
# in M, N and K).
e="$(entry 49_collective_builder StreamK)"
SM_COUNT=4 make 49_stream_k 49_collective_builder "$out/49_stream_k_256x128x1024_4sms.toml" "$e" 256 128 1024 2 0.5 1
SM_COUNT=4 make 49_stream_k 49_collective_builder "$out/49_stream_k_200x120x1000_4sms.toml" "$e" 200 120 1000 -1 2 7
# The same kernel with the scheduler's split-K decomposition (in three) on 4
# SMs: a CTA of the first cluster waits for a split the second computes, so
# the two clusters must be resident side by side (docs/emulator.md,
# "Thread-block clusters").
SM_COUNT=4 make 49_stream_k_split_k 49_collective_builder "$out/49_split_k_256x128x1024_4sms.toml" "$e" \
  256 128 1024 2 0.5 1
SM_COUNT=4 make 49_stream_k_split_k 49_collective_builder "$out/49_split_k_200x120x1000_4sms.toml" "$e" \
  200 120 1000 -1 2 7
# Split-K in three, for branch replays (constant data, below), on an H100's
# 132 SMs: 5 more uniform verdicts of the kernel run (the stream-K scheduler's
# split-K paths); its nondeterministic reduction and data-parallel rasters
# added none.
CONSTANT_DATA=1 make 49_stream_k_split_k 49_collective_builder "$out/49_stream_k_split_k_256x128x1024_constant.toml" \
  "$e" 256 128 1024 2 0.5 1
# Stream-K with more than two waves of tiles on 4 to 6 SMs: data-parallel
# tiles beside the stream-K ones (CUTLASS gives stream-K the last
# sm_count + tiles % sm_count), and K loops split unevenly.
for c in "640 256 1024 4" "1024 256 512 4" "640 384 768 6" "768 256 1536 5"; do
  read -r m n k sms <<<"$c"
  SM_COUNT=$sms CONSTANT_DATA=1 make 49_stream_k 49_collective_builder \
    "$out/49_stream_k_${m}x${n}x${k}_${sms}sms_constant.toml" "$e" "$m" "$n" "$k" 2 0.5 1
done
# Stream-K on 4 SMs with two batches and the epilogue's multiple-batch
# beta (per batch from memory; the stride alone with beta = 0), as the
# ping-pong kernels' above.
SM_COUNT=4 CONSTANT_DATA=1 make 49_stream_k_beta_per_batch 49_collective_builder \
  "$out/49_stream_k_beta_per_batch_256x128x1024x2_4sms_constant.toml" "$e" 256 128 1024 2 0.5 1 2
SM_COUNT=4 CONSTANT_DATA=1 make 49_stream_k_beta_stride 49_collective_builder \
  "$out/49_stream_k_beta_stride_zero_256x128x1024x2_4sms_constant.toml" "$e" 256 128 1024 2 0 1 2

# Examples 56 (pointer-array batched: L batches of one problem, whole tiles
# and partial ones) and 57 (grouped: groups of different shapes, each M a
# multiple of 8 and K of 16, the kernel's alignments; partial tiles in every
# group of the second file), each with its two kernels, cooperative and
# ping-pong (the host labels of the second end in _pingpong).
for schedule in cooperative pingpong; do
  label_suffix=""; [ "$schedule" = pingpong ] && label_suffix=_pingpong
  entry_name=Cooperative; [ "$schedule" = pingpong ] && entry_name=Pingpong
  e="$(entry 56_hopper_ptr_array_batched_gemm "$entry_name")"
  make "56_ptr_array$label_suffix" 56_hopper_ptr_array_batched_gemm "$out/56_ptr_array_${schedule}_256x256x128x2.toml" \
    "$e" 256 256 128 2 0.5 1 2
  make "56_ptr_array$label_suffix" 56_hopper_ptr_array_batched_gemm "$out/56_ptr_array_${schedule}_208x136x80x3.toml" \
    "$e" 208 136 80 -1 2 7 3
  e="$(entry 57_hopper_grouped_gemm "$entry_name")"
  make "57_grouped$label_suffix" 57_hopper_grouped_gemm "$out/57_grouped_${schedule}_2groups.toml" "$e" \
    0 0 0 2 0.5 1 256x128x128,136x200x80
  make "57_grouped$label_suffix" 57_hopper_grouped_gemm "$out/57_grouped_${schedule}_3groups.toml" "$e" \
    0 0 0 -1 2 7 200x72x48,64x264x144,120x136x16
  # A GPU of 4 SMs: CUTLASS launches fewer persistent CTAs than tiles, and
  # each takes its next tile in the same group or the next one
  # (advance_to_next_work), which no launch above does.
  SM_COUNT=4 make "57_grouped$label_suffix" 57_hopper_grouped_gemm "$out/57_grouped_${schedule}_3groups_4sms.toml" \
    "$e" 0 0 0 -1 2 7 200x72x48,64x264x144,120x136x16
done
