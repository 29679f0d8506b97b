#!/usr/bin/env bash
# Compares LLVM 14's divergence analysis with `warpsat branches` on the branch
# kernels (examples/kernels/branches_*.cu) and prints the markdown tables of
# docs/benchmarks.md: per annotated source line, the EXPECT truth, LLVM's
# verdict on clang's IR (examples/kernels/llvm/<stem>.ll) and warpsat's on
# clang's and nvcc's PTX of the same source.
#
# Usage:
#   bench/llvm_divergence/compare.sh [WARPSAT [COMPARE]]
#       the tables; WARPSAT defaults to build/cli/warpsat, COMPARE (the
#       bench_llvm_divergence program) to the bench/ folder of the same build.
#       Exit 1 if some line LLVM calls uniform is not proved uniform by warpsat.
#   bench/llvm_divergence/compare.sh --update
#       rewrites examples/kernels/llvm/<stem>.divergence.txt, opt's printout,
#       which tests/unit/test_llvm_divergence.cpp reads so it needs no LLVM.
#   bench/llvm_divergence/compare.sh --check
#       exit 1 if a committed .divergence.txt differs from what opt prints now.
#
# Every mode skips with exit 77 when opt is not LLVM 14: the committed IR and
# printouts are LLVM 14's (later LLVMs drop typed pointers and replace
# print<divergence> with print<uniformity>), so another version's output is not
# comparable. OPT overrides the opt program (default: opt-14, else opt).
set -euo pipefail
cd "$(dirname "$0")/../.."

mode=table
case "${1:-}" in
  --check | --update) mode="${1#--}"; shift ;;
  -h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac

kernels_dir=examples/kernels
ll_dir=$kernels_dir/llvm
ptx_dir=$kernels_dir/ptx

if [ -n "${OPT:-}" ]; then
  opt="$OPT"
elif command -v opt-14 >/dev/null 2>&1; then
  opt=opt-14
else
  opt=opt
fi
if ! command -v "$opt" >/dev/null 2>&1; then
  echo "compare.sh: skipped: $opt not found (LLVM 14's opt; set OPT=/path/to/opt)"
  exit 77
fi
opt_version="$("$opt" --version | sed -n 's/.*LLVM version \([0-9][0-9.]*\).*/\1/p' | head -n 1)"
case "$opt_version" in
  14.*) ;;
  *) echo "compare.sh: skipped: $opt is LLVM ${opt_version:-of unknown version}, not 14"; exit 77 ;;
esac

shopt -s nullglob
stems=()
for cu in "$kernels_dir"/branches_*.cu; do stems+=("$(basename "$cu" .cu)"); done
if [ ${#stems[@]} -eq 0 ]; then
  echo "compare.sh: no branches_*.cu in $kernels_dir" >&2
  exit 2
fi

# The one invocation of LLVM's analysis; its printout goes to stderr.
divergence() {
  "$opt" -passes='print<divergence>' -disable-output "$ll_dir/$1.ll" 2>&1
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

case "$mode" in
  update)
    for stem in "${stems[@]}"; do divergence "$stem" > "$ll_dir/$stem.divergence.txt"; done
    echo "compare.sh: wrote ${#stems[@]} printouts of opt $opt_version to $ll_dir"
    exit 0
    ;;
  check)
    failures=0
    for stem in "${stems[@]}"; do
      divergence "$stem" > "$work/$stem.divergence.txt"
      if ! diff -u "$ll_dir/$stem.divergence.txt" "$work/$stem.divergence.txt" > "$work/diff" 2>&1; then
        echo "FAIL $ll_dir/$stem.divergence.txt is not what opt $opt_version prints now:"
        head -n 40 "$work/diff"
        failures=$((failures + 1))
      fi
    done
    if [ "$failures" -ne 0 ]; then
      echo "compare.sh: $failures printout(s) differ; regenerate with $0 --update" >&2
      exit 1
    fi
    echo "compare.sh: the ${#stems[@]} committed printouts are what opt $opt_version prints"
    exit 0
    ;;
esac

warpsat="${1:-build/cli/warpsat}"
compare="${2:-$(dirname "$warpsat")/../bench/bench_llvm_divergence}"
for program in "$warpsat" "$compare"; do
  if ! [ -x "$program" ]; then
    echo "compare.sh: $program not found: build first (cmake -S . -B build -G Ninja && ninja -C build)" >&2
    exit 2
  fi
done

for stem in "${stems[@]}"; do
  divergence "$stem" > "$work/$stem.divergence.txt"
  # The kernel's `// ASSUME: expr` header lines restrict its parameters the
  # way its EXPECT verdicts assume; the launch is otherwise symbolic.
  assume=()
  while IFS= read -r expr; do assume+=(--assume "$expr"); done \
    < <(sed -n 's|^// ASSUME: ||p' "$kernels_dir/$stem.cu")
  "$warpsat" branches "$ptx_dir/$stem.clang.sm_80.ptx" --kernel "$stem" --format json ${assume[@]+"${assume[@]}"} \
    > "$work/$stem.clang.json"
  "$warpsat" branches "$ptx_dir/$stem.sm_80.ptx" --kernel "$stem" --format json ${assume[@]+"${assume[@]}"} \
    > "$work/$stem.nvcc.json"
done
"$compare" "$kernels_dir" "$work" "${stems[@]}"
