#!/bin/sh
# Runs ptxas on every invalid PTX file in this folder and compares its
# verdict with the file's `PTXAS:` line (rejects, or accepts with the reason
# warpsat is stricter), for the file's own .target (sm_80 when it names no
# sm_XX). Exit 77 (skip) without ptxas.
dir="$1"
ptxas="${PTXAS:-/usr/local/cuda/bin/ptxas}"
[ -x "$ptxas" ] || ptxas="$(command -v ptxas || true)"
if [ -z "$ptxas" ] || [ ! -x "$ptxas" ]; then
  echo "SKIP: ptxas not found (set PTXAS)"
  exit 77
fi
n=0
bad=0
for f in "$dir"/*.ptx; do
  want=$(sed -n 's|^// PTXAS: \([a-z]*\).*|\1|p' "$f" | head -n 1)
  arch=$(sed -n 's|^\.target \(sm_[0-9]*[af]\{0,1\}\).*|\1|p' "$f" | head -n 1)
  if "$ptxas" -arch="${arch:-sm_80}" "$f" -o /dev/null >/dev/null 2>&1; then got=accepts; else got=rejects; fi
  n=$((n + 1))
  if [ "$want" != "$got" ]; then
    echo "MISMATCH $(basename "$f"): ptxas $got, the file says $want"
    bad=$((bad + 1))
  fi
done
echo "ptxas agrees with $((n - bad)) of $n files"
