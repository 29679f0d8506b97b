# Turns the divergent verdicts of one kernel in a verdict cache into
# "uniform" (as a wrong or stale entry would have them), for cache.test.
# Usage: corrupt_cache.py CACHE.db KERNEL
import json
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
for key, value in list(db.execute("SELECT key, value FROM verdicts WHERE kernel = ?", (sys.argv[2],))):
    # The instructions' positions, a newline, the kernel's verdicts (cli/branch_cache.cpp).
    positions, wire = value.split("\n", 1)
    kernel = json.loads(wire)
    for branch in kernel["branches"]:
        if branch["verdict"] == 1:  # divergent
            branch["verdict"] = 0  # uniform
            branch.pop("witness", None)
    db.execute("UPDATE verdicts SET value = ? WHERE key = ?", (positions + "\n" + json.dumps(kernel), key))
db.commit()
