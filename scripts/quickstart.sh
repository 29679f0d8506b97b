#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages), builds warpsat, and then
#   build     stops (build/cli/warpsat is ready)
#   examples  runs the main job on the bundled examples
#   test      runs the whole test suite (what .ci/run does)
#   sanitize  runs the whole test suite under AddressSanitizer and UBSan
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-}"
case "$mode" in
  build | examples | test | sanitize) ;;
  *) echo "usage: $0 build|examples|test|sanitize" >&2; exit 2 ;;
esac

# chromium and zlib1g-dev are for the test that renders warpsat's SVG pictures
# in a real browser (tests/render/render_svg.cpp); it skips without them.
# libsqlite3-dev is the verdict cache's (cache/); slurm-wlm and munge are for
# the test that runs shards as a Slurm job array on a one-node Slurm
# (tests/files/distributed/slurm.test), which skips where they cannot start.
packages=(build-essential cmake ninja-build libz3-dev z3 libboost-graph-dev libtomlplusplus-dev doctest-dev
          libcli11-dev nlohmann-json3-dev libfmt-dev libsqlite3-dev zlib1g-dev libiberty-dev chromium slurm-wlm munge)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs="$(nproc 2>/dev/null || echo 2)"
build_dir=build
cmake_args=(-G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo)
if [ "$mode" = sanitize ]; then
  build_dir=build-sanitize
  cmake_args+=(-DWARPSAT_SANITIZE=ON -DWARPSAT_BUILD_BENCH=OFF)
fi
cmake -S . -B "$build_dir" "${cmake_args[@]}" >/dev/null
cmake --build "$build_dir" -j "$jobs"

case "$mode" in
  build) ;;
  examples)
    warpsat="$build_dir/cli/warpsat"
    for problem in examples/problems/*.toml; do
      echo "== warpsat tile --problem $problem"
      "$warpsat" tile --problem "$problem"
      echo
    done
    echo "== warpsat simulate --problem examples/problems/seed001-table1-1.toml"
    "$warpsat" simulate --problem examples/problems/seed001-table1-1.toml
    echo
    # Profiles without a GPU: every example kernel's nvcc sm_80 PTX.
    kernels=()
    for cu in examples/kernels/*.cu; do kernels+=("examples/kernels/ptx/$(basename "$cu" .cu).sm_80.ptx"); done
    echo "== warpsat profile examples/kernels/ptx/<every example>.sm_80.ptx"
    "$warpsat" profile "${kernels[@]}"
    # Branch uniformity, under each kernel's own '// ASSUME:' lines.
    for cu in examples/kernels/branches_*.cu; do
      ptx="examples/kernels/ptx/$(basename "$cu" .cu).sm_80.ptx"
      assume=()
      while IFS= read -r a; do assume+=(--assume "$a"); done < <(sed -n 's|^// ASSUME: ||p' "$cu")
      echo
      echo "== warpsat branches $ptx ${assume[*]}"
      "$warpsat" branches "$ptx" "${assume[@]}"
    done
    ;;
  test | sanitize)
    ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
    ;;
esac
