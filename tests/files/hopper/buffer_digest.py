"""Prints "NAME sha256" of a named buffer's values in `warpsat run --format json` (stdin)."""
import hashlib
import json
import sys

name = sys.argv[1]
for b in json.load(sys.stdin)["buffers"]:
    if b.get("buffer") == name:
        print(name, hashlib.sha256(json.dumps(b["values"]).encode()).hexdigest())
