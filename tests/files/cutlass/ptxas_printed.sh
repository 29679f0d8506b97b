#!/bin/sh
# ptxas -arch=sm_90a on what `warpsat print` writes for each PTX file given:
# prints "ptxas accepts the printed <file>" or its errors. Exit 77 (skip)
# without ptxas (PTXAS, else /usr/local/cuda/bin/ptxas, else on PATH).
warpsat="$1"
scratch="$2"
shift 2
ptxas="${PTXAS:-/usr/local/cuda/bin/ptxas}"
[ -x "$ptxas" ] || ptxas="$(command -v ptxas || true)"
if [ -z "$ptxas" ] || [ ! -x "$ptxas" ]; then
  echo "SKIP: ptxas not found (set PTXAS)"
  exit 77
fi
for f in "$@"; do
  name=$(basename "$f")
  "$warpsat" print "$f" > "$scratch/$name" || { echo "warpsat print failed on $name"; continue; }
  # -O0: whether ptxas accepts the text is the question, not its code.
  if errors=$("$ptxas" -O0 -arch=sm_90a "$scratch/$name" -o /dev/null 2>&1); then
    echo "ptxas accepts the printed $name"
  else
    echo "$errors" | grep -v 'C7510' | head -n 5
  fi
done
