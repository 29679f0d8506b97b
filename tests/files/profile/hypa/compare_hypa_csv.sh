#!/bin/sh
# Compares HyPA's CSV ($1) with warpsat's hypa-csv ($2), column by column.
# Prints the layout verdict, then per column "same" or "differs" with the
# reason docs/hypa-csv.md gives; exits 1 when the header or layout differs,
# or when a column differs that has no documented reason to.
hypa=$1 warpsat=$2
if [ "$(head -n 1 "$hypa")" = "$(head -n 1 "$warpsat")" ]; then echo "header: identical"; else echo "header: DIFFERENT"; exit 1; fi
for f in "$hypa" "$warpsat"; do
  awk -F';' 'NR > 1 && (NF != 15 || $0 !~ /^"[^"]*"(;"[^"]*")*$/) { bad = 1 } END { exit bad || NR != 2 }' "$f" ||
    { echo "layout: $f is not one row of 15 quoted ';'-separated fields"; exit 1; }
done
echo "layout: one row of 15 quoted fields separated by ';' in both"
awk -F';' '
  function unq(s) { gsub(/"/, "", s); return s }
  NR == FNR { if (FNR == 1) for (i = 1; i <= NF; ++i) name[i] = unq($i); else for (i = 1; i <= NF; ++i) h[i] = unq($i); next }
  FNR == 2 {
    for (i = 1; i <= NF; ++i) w[i] = unq($i)
    sub(/.*\//, "", h[1]); sub(/.*\//, "", w[1])  # the path as each tool was given it; the file must match
    why[9] = "HyPA counts the bra.uni after a taken @p bra, and stops a thread at a not-taken guarded branch with no unconditional branch after it"
    why[10] = "HyPA never initialises its FP-instruction field"
    why[11] = "each tool counts what its own slice executed"
    why[12] = "columns 11 and 9 differ"
    why[13] = "HyPA runs kernel k as block (k,0,0)"
    why[14] = why[13]
    why[15] = "a duration"
    for (i = 1; i <= 15; ++i) {
      if (h[i] == w[i]) { print "column " i " " name[i] ": same"; continue }
      line = "column " i " " name[i] ": differs (HyPA " h[i] ", warpsat " w[i] ")"
      if (i == 14) {  # name the kernels whose path counts differ
        n = split(h[i], hp, ","); split(w[i], wp, ","); parts = ""
        for (p = 1; p < n; ++p) if (hp[p] != wp[p]) parts = parts " " p " (HyPA " hp[p] ", warpsat " wp[p] ")"
        line = "column 14 " name[i] ": differs for kernel(s)" parts
      }
      if (!(i in why)) { print line ": UNEXPLAINED"; bad = 1; continue }
      print line ": " why[i]
    }
  }
  END { exit bad }' "$hypa" "$warpsat"
