#!/usr/bin/env python3
"""rust-version is true: each workspace crate declares at least the highest rust-version of
the locked crates it builds with (its normal and build dependencies, transitively).

Optional dependencies count (every feature is on); dev-dependencies are left out: they build the tests, not the crate a user compiles.
Usage: msrv.py (from the repository root).
"""
import json
import subprocess
import sys


def version(v):
    return tuple(int(x) for x in (v or "0").split("."))


meta = json.loads(subprocess.run(
    ["cargo", "metadata", "--format-version", "1", "--locked", "--all-features"],
    check=True, capture_output=True, text=True).stdout)
packages = {p["id"]: p for p in meta["packages"]}
nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
failed = False
for member in meta["workspace_members"]:
    own = packages[member]
    seen, todo, need, by = set(), [member], (), "none"
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for dep in nodes[pid]["deps"]:
            if any(k["kind"] in (None, "build") for k in dep["dep_kinds"]):
                todo.append(dep["pkg"])
        rv = packages[pid].get("rust_version")
        if pid != member and rv and version(rv) > need:
            need, by = version(rv), f'{packages[pid]["name"]} {packages[pid]["version"]}'
    declared = own.get("rust_version")
    ok = declared is not None and version(declared) >= need
    print(f'{own["name"]}: rust-version {declared}, dependencies need {".".join(map(str, need)) or "-"} ({by})')
    failed |= not ok
sys.exit(1 if failed else 0)
