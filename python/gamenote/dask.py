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
see docs/scale.md. :func:`export_archive` turns the archive into a Parquet dataset the same
way, one file per shard written by the worker that read it:

>>> from gamenote.dask import export_archive                    # doctest: +SKIP
>>> export_archive(client, "/shared/archive.pylos", "/shared/archive.parquet")  # doctest: +SKIP
{'records': 1280000, 'ok': 1279000, 'failed': 1000, 'files': [...]}
"""

from __future__ import annotations

import json
import os
import shutil
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ._native import (
    check_range_json,
    reads,
    count_range_lines,
    count_range_records,
    shard_arrow_stream,
    shard_ranges,
)

__all__ = [
    "shards",
    "check_shard",
    "number",
    "check_archive",
    "export_shard",
    "export_archive",
]


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
    if keep not in ("failed", "all"):
        raise ValueError(f"keep is {keep!r}: expected 'failed' or 'all'")
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
    _check_arguments(game, mode, keep)
    paths, starts, ends, lines_before = _plan(client, path, count)
    futures = client.map(
        check_shard, paths, starts, ends, lines_before,
        game=game, mode=mode, keep=keep, pure=False,
    )
    return number(client.gather(futures))


def _check_arguments(game: Optional[str], mode: str, keep: str = "failed") -> None:
    """Raises ValueError for an unknown game, mode or ``keep`` on the client, before any
    work is sent (or any file of ``out_dir`` deleted), as the workers would raise it."""
    if keep not in ("failed", "all"):
        raise ValueError(f"keep is {keep!r}: expected 'failed' or 'all'")
    reads("", game=game, mode=mode)


def _plan(
    client: Any, path: str, count: Optional[int]
) -> Tuple[List[str], List[int], List[int], List[int]]:
    """The shards of the file at ``path``, ``count`` of them at most (default four per worker
    thread): each one's path, start and end, and the line ends before it, counted on the
    workers."""
    if count is None:
        count = 4 * (sum(client.nthreads().values()) or 1)
    ranges = shards(path, count)
    paths = [path] * len(ranges)
    starts = [s for s, _ in ranges]
    ends = [e for _, e in ranges]
    lines = client.gather(client.map(count_range_lines, paths, starts, ends, pure=False))
    return paths, starts, ends, _running(lines)[0]


def _running(counts: Sequence[int]) -> Tuple[List[int], int]:
    """The running totals before each count, and the total."""
    before, total = [], 0
    for n in counts:
        before.append(total)
        total += n
    return before, total


def _prepare(out_dir: str, existing_data_behavior: str) -> None:
    """Makes ``out_dir`` ready for a dataset, as ``existing_data_behavior`` says."""
    os.makedirs(out_dir, exist_ok=True)
    held = sorted(os.listdir(out_dir))
    if not held or existing_data_behavior == "overwrite_or_ignore":
        return
    if existing_data_behavior == "error":
        raise FileExistsError(
            f"could not write to {out_dir}: the directory is not empty (it holds "
            f"{held[0]!r}{' and more' if len(held) > 1 else ''}) and existing_data_behavior "
            "is 'error'; pass 'overwrite_or_ignore' or 'delete_matching'"
        )
    for name in held:
        p = os.path.join(out_dir, name)
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p)
        else:
            os.remove(p)


def _count_records(path: str, start: int, end: int, lines_before: int,
                   game: Optional[str], mode: str) -> int:
    return count_range_records(path, start, end, lines_before, game=game, mode=mode)


def export_shard(
    path: str,
    start: int,
    end: int,
    lines_before: int,
    records_before: int,
    out: str,
    plies: bool = False,
    game: Optional[str] = None,
    mode: str = "strict",
) -> Dict[str, Any]:
    """Exports the records of bytes ``start..end`` (a shard, with ``lines_before`` line
    ends and ``records_before`` records before it) to the Parquet file ``out``: the rows of
    ``gamenote export --to parquet`` on the whole file for these records (the records
    table, or the plies table with ``plies=True``), numbered and placed as there. The
    table crosses from Rust to pyarrow uncopied and ``pyarrow.parquet`` writes it, one row
    group per batch. Returns the file's name, its rows and the records' counts."""
    import pyarrow
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    table = pyarrow.table(
        shard_arrow_stream(path, start, end, lines_before, records_before,
                           plies=plies, game=game, mode=mode)
    )
    pq.write_table(table, out, compression="snappy")
    if plies:
        return {"file": out, "rows": table.num_rows}
    ok = table.column("ok")
    good = int(pc.sum(ok).as_py() or 0)
    return {"file": out, "rows": table.num_rows, "records": table.num_rows, "ok": good}


def export_archive(
    client: Any,
    path: str,
    out_dir: str,
    count: Optional[int] = None,
    plies: bool = False,
    game: Optional[str] = None,
    mode: str = "strict",
    existing_data_behavior: str = "error",
) -> Dict[str, Any]:
    """Exports the archive at ``path`` (a path every worker can open) on the Dask
    ``client``'s cluster to a Parquet dataset in ``out_dir`` (a directory every worker can
    write, made if missing): ``count`` shards (default four per worker thread), their line
    ends and records counted on the workers (a pass that reads syntax only), then each
    shard exported by a worker to ``part-NNNNN.parquet``, its records numbered as in the
    whole file. Read the dataset with ``pyarrow.dataset.dataset(out_dir)``, DuckDB's
    ``read_parquet('out_dir/*.parquet')`` or Spark. Returns the totals and the files, in
    file order.

    ``existing_data_behavior`` says what becomes of what ``out_dir`` already holds, as
    ``pyarrow.dataset.write_dataset``'s keyword of that name does: ``"error"`` (the
    default) raises ``FileExistsError`` if it holds anything, before any work is sent;
    ``"overwrite_or_ignore"`` overwrites the files of the names written and leaves every
    other file (an earlier run's ``part-*.parquet`` beyond this run's count stay, and a
    reader of the directory sees their rows too); ``"delete_matching"`` deletes everything
    in ``out_dir`` first (without partitions the whole directory is the one leaf that
    matches), so the dataset holds this run's rows only."""
    if existing_data_behavior not in ("error", "overwrite_or_ignore", "delete_matching"):
        raise ValueError(
            f"existing_data_behavior is {existing_data_behavior!r}: expected 'error', "
            "'overwrite_or_ignore' or 'delete_matching'"
        )
    _check_arguments(game, mode)
    _prepare(out_dir, existing_data_behavior)
    paths, starts, ends, lines_before = _plan(client, path, count)
    counted = client.map(
        _count_records, paths, starts, ends, lines_before,
        game=game, mode=mode, pure=False,
    )
    records_before, total = _running(client.gather(counted))
    outs = [os.path.join(out_dir, f"part-{i:05d}.parquet") for i in range(len(paths))]
    futures = client.map(
        export_shard, paths, starts, ends, lines_before, records_before, outs,
        plies=plies, game=game, mode=mode, pure=False,
    )
    done = client.gather(futures)
    out: Dict[str, Any] = {"rows": sum(d["rows"] for d in done), "files": [d["file"] for d in done]}
    if not plies:
        out["records"] = sum(d["records"] for d in done)
        out["ok"] = sum(d["ok"] for d in done)
        out["failed"] = out["records"] - out["ok"]
        if out["records"] != total:
            raise RuntimeError(
                f"the shards exported {out['records']} records where {total} were counted"
            )
    return out
