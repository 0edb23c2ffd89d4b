"""Check an archive too big for one machine on a Dask cluster.

The archive is cut into record-aligned shards (no record is ever split: the same rule as
every `gamenote` command), each worker checks its shards where the archive lies (shared
storage: every worker opens the same path), and the verdicts come back numbered and
placed as ``gamenote check --json`` numbers and places them on the whole file.

>>> from dask.distributed import Client          # doctest: +SKIP
>>> from gamenote.dask import check_archive      # doctest: +SKIP
>>> client = Client("scheduler:8786")            # doctest: +SKIP
>>> totals, failed = check_archive(client, "/shared/archive.pylos")  # doctest: +SKIP
>>> totals                                       # doctest: +SKIP
{'records': 1280000, 'ok': 1279000, 'failed': 1000, 'junk': 0}

The same three steps run on a laptop's ``LocalCluster`` and on a cluster of machines;
see docs/scale.md.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ._native import check_range_json, count_range_lines, shard_ranges

__all__ = ["shards", "check_shard", "number", "check_archive"]


def shards(path: str, count: int) -> List[Tuple[int, int]]:
    """Record-aligned byte ranges ``(start, end)`` of the file, at most ``count``: only the
    bytes near ``count - 1`` targets are read."""
    return shard_ranges(path, count)


def check_shard(
    path: str,
    start: int,
    end: int,
    lines_before: int,
    game: Optional[str] = None,
    mode: str = "strict",
    keep: str = "failed",
) -> Dict[str, Any]:
    """Checks the records of bytes ``start..end`` (a shard, with ``lines_before`` line
    ends before it). Returns the counts and the verdicts kept (``"failed"`` or ``"all"``),
    each a ``gamenote check --json`` object with ``"local"``, its record's number within
    the shard (for junk: the record before it), for :func:`number`."""
    records = ok = junk = 0
    kept = []
    for line in check_range_json(path, start, end, lines_before, game=game, mode=mode):
        v = json.loads(line)
        if v.get("junk"):
            junk += 1
        else:
            records += 1
            ok += v["ok"]
        v["local"] = records
        if keep == "all" or not v["ok"]:
            kept.append(v)
    return {"records": records, "ok": ok, "junk": junk, "verdicts": kept}


def number(done: Sequence[Dict[str, Any]]) -> Tuple[Dict[str, int], List[Dict[str, Any]]]:
    """Numbers the verdicts of the shards (in file order) as ``gamenote check`` numbers
    them in the whole file, and adds up the totals."""
    before = 0
    totals = {"records": 0, "ok": 0, "failed": 0, "junk": 0}
    out = []
    for d in done:
        for v in d["verdicts"]:
            n = before + v.pop("local")
            v["record"] = n
            if v.get("junk"):
                v["error"]["message"] = f"junk after record {n}: " + v["error"]["message"]
            out.append(v)
        before += d["records"]
        totals["records"] += d["records"]
        totals["ok"] += d["ok"]
        totals["junk"] += d["junk"]
    totals["failed"] = totals["records"] - totals["ok"]
    return totals, out


def check_archive(
    client: Any,
    path: str,
    count: Optional[int] = None,
    game: Optional[str] = None,
    mode: str = "strict",
    keep: str = "failed",
) -> Tuple[Dict[str, int], List[Dict[str, Any]]]:
    """Checks the archive at ``path`` (a path every worker can open) on the Dask
    ``client``'s cluster: ``count`` shards (default four per worker thread), their line
    ends counted on the workers, then each shard checked on a worker. Returns the totals
    and the verdicts kept, numbered and placed as in the whole file."""
    if count is None:
        threads = sum(client.nthreads().values()) or 1
        count = 4 * threads
    ranges = shards(path, count)
    starts = [s for s, _ in ranges]
    ends = [e for _, e in ranges]
    paths = [path] * len(ranges)
    lines = client.gather(client.map(count_range_lines, paths, starts, ends, pure=False))
    lines_before = []
    total = 0
    for n in lines:
        lines_before.append(total)
        total += n
    futures = client.map(
        check_shard, paths, starts, ends, lines_before,
        game=game, mode=mode, keep=keep, pure=False,
    )
    return number(client.gather(futures))
