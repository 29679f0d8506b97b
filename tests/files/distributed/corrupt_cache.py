# Turns the divergent verdicts of one kernel in a verdict cache into
# "uniform" (as a wrong or stale entry would have them), for cache.test.
# Usage: corrupt_cache.py CACHE.db KERNEL
import json
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
for key, value in list(db.execute("SELECT key, value FROM verdicts WHERE kernel = ?", (sys.argv[2],))):
    entry = json.loads(value)
    kernel = json.loads(entry["wire"])
    for branch in kernel["branches"]:
        if branch["verdict"] == 1:  # divergent
            branch["verdict"] = 0  # uniform
            branch.pop("witness", None)
    entry["wire"] = json.dumps(kernel)
    db.execute("UPDATE verdicts SET value = ? WHERE key = ?", (json.dumps(entry), key))
db.commit()
