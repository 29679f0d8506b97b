"""Summarises the replays of one kernel's `branches --format json`: how many
shape launches ran to the end or faulted, and how many uniform verdicts the
launches that ran reached (declared-replays-run.test)."""
import json
import re
import sys

kernel = json.load(open(sys.argv[1]))["kernels"][0]
ran, faulted, unreached, validated = 0, 0, 0, 0
for b in kernel["branches"]:
    text = b.get("validation") or ""
    if "contradict" in text:
        print("contradiction:", text)
    m = re.match(r"replayed (\d+) launch\(es\) that meet the assumptions(?: \(\d+ of them from --replay-launch\))?: (\d+) warp execution\(s\) agree"
                 r"(?: \((\d+) other launch\(es\) faulted\))?", text)
    if b["verdict"] == "uniform" and "that meet the assumptions" in text and "reached it" in text:
        unreached += 1  # "none of the N replayed launch(es) ... reached it": not validated
    if b["verdict"] != "uniform" or not m:
        continue
    ran, faulted = int(m.group(1)), int(m.group(3) or 0)
    validated += b["validated"]
    if int(m.group(2)) == 0:
        unreached += 1
print(f"shape launches: {ran} ran to the end, {faulted} faulted")
print(f"uniform verdicts validated: {validated}")
print(f"uniform verdicts no replay reached: {unreached}")
