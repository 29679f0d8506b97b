#!/bin/sh
# Writes, for each launch of bench/gpu/replays.list, bench/gpu/fp8_probes.py and
# bench/gpu/tma_edge_probes.py (or the names given), what bench/gpu/replay runs on a GPU:
# `warpsat run --gpu-replay OUT/NAME`.
# A launch the emulator cannot finish is left out with a message (a kernel
# that deadlocks on the emulator could hang the GPU).
#   bench/gpu/export_replays.sh OUT [NAME...]       (from the repository root)
set -u
out=${1:?usage: bench/gpu/export_replays.sh OUT [NAME...]}
shift
warpsat=${WARPSAT:-build/cli/warpsat}
mkdir -p "$out/gen"
# Random-valued copies of the CUTLASS launches (bench/gpu/random_launch.py):
# their sums are not exact, so they test the tensor cores' rounding.
for s in 208x136x80 256x256x128; do
  python3 bench/gpu/random_launch.py examples/cutlass/launch/48_tf32_cooperative_$s.toml "$out/gen/cutlass48_tf32_random_$s.toml" --buffers A,B,C
  python3 bench/gpu/random_launch.py examples/cutlass/launch/fp16_pingpong_$s.toml "$out/gen/cutlass_fp16_pingpong_random_$s.toml" --buffers A,B,C
  python3 bench/gpu/random_launch.py examples/cutlass/launch/54_fp8_cooperative_$s.toml "$out/gen/cutlass54_fp8_random_$s.toml" --buffers A,B,C
done
python3 bench/gpu/random_launch.py examples/cutlass/launch/56_ptr_array_cooperative_208x136x80x3.toml "$out/gen/cutlass56_fp16_random_208x136x80x3.toml" --buffers A0,A1,A2,B0,B1,B2,C0,C1,C2
python3 bench/gpu/random_launch.py examples/cutlass/launch/57_grouped_cooperative_2groups.toml "$out/gen/cutlass57_fp8_random_2groups.toml" --buffers A0,A1,B0,B1,C0,C1 --e5m2 B0,B1
python3 bench/gpu/random_launch.py examples/cutlass/launch/56_ptr_array_pingpong_208x136x80x3.toml "$out/gen/cutlass56_fp16_pingpong_random_208x136x80x3.toml" --buffers A0,A1,A2,B0,B1,B2,C0,C1,C2
python3 bench/gpu/random_launch.py examples/cutlass/launch/57_grouped_pingpong_3groups.toml "$out/gen/cutlass57_fp8_pingpong_random_3groups.toml" --buffers A0,A1,A2,B0,B1,B2,C0,C1,C2 --e5m2 B0,B1,B2
# The fp8 tensor-core probes (bench/gpu/fp8_probes.py): mma.sync and wgmma
# on random e4m3 and e5m2 codes; their list names the generated launches.
python3 bench/gpu/fp8_probes.py "$out/gen/fp8" --seed 7
# TMA boxes across the tensor's edge, with and without multicast (ncu's bytes).
python3 bench/gpu/tma_edge_probes.py "$out/gen/edge"
{ grep -v '^#' bench/gpu/replays.list; sed 's/^\([a-z0-9_]*\) /fp8_\1 /' "$out/gen/fp8/probes.list"
  cat "$out/gen/edge/probes.list"; } | while read -r name ptx launch; do
  [ -n "$name" ] || continue
  case "$launch" in @gen/*) launch="$out/gen/${launch#@gen/}" ;; esac
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  if "$warpsat" run "$ptx" --launch "$launch" --gpu-replay "$out/$name" --format json > /dev/null 2> "$out/$name.err"; then
    echo "$name" >> "$out/index"; rm -f "$out/$name.err"
    echo "exported $name"
  else
    echo "skipped $name: the emulator did not finish it ($(head -c 300 "$out/$name.err"))" >&2
    rm -rf "$out/$name"
  fi
done
