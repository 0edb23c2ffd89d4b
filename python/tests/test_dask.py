"""The Dask recipe (gamenote.dask) on a local cluster of two worker processes: the same
code a cluster of machines runs, checked against `gamenote check --json` on the whole
file."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import gamenote
from gamenote.dask import check_archive, export_archive, shards

distributed = pytest.importorskip("dask.distributed")

ROOT = Path(__file__).resolve().parents[2]


def cli() -> str:
    for p in (os.environ.get("GAMENOTE_BIN"), ROOT / "target/release/gamenote", ROOT / "target/debug/gamenote"):
        if p and Path(p).exists():
            return str(p)
    pytest.skip("no gamenote binary built (cargo build --release)")


def archive(path: Path) -> None:
    """Legal games and near misses of Pylos, shipped records, junk, an open comment and a
    tag line inside a comment: about 3 MB."""
    parts = []
    for rec in (ROOT / "examples/records/pylos-seed.pylos",):
        parts.append(rec.read_text())
    for i, g in enumerate(gamenote.generate("pylos", count=3000, seed=7)):
        parts.append(str(g))
        if i % 97 == 0:
            parts.append('[Game "Pylos"]\n\n1b2 {open\n[Event "inside"]\n1c3 *\n\nstray junk\n')
        if i % 131 == 0:
            parts.append('[Game "Pylos"]\n\n1b2 1b2 *\n')
    for m in gamenote.near_misses("pylos", count=500, seed=3):
        parts.append(str(m.record))
    path.write_text("\n\n".join(parts) + '\n[Game "Pylos"]\n1b2 {never closed\n[Not a tag\n')


def test_local_cluster_checks_shards_as_the_whole_file(tmp_path):
    path = tmp_path / "archive.pylos"
    archive(path)
    whole = [json.loads(l) for l in subprocess.run(
        [cli(), "check", "--json", "--threads", "1", str(path)],
        capture_output=True, text=True, check=False,
    ).stdout.splitlines()]
    expected_failed = [v for v in whole if not v["ok"]]
    records = sum(1 for v in whole if not v.get("junk"))
    ok = sum(1 for v in whole if v["ok"])
    junk = sum(1 for v in whole if v.get("junk"))
    assert len(shards(str(path), 16)) >= 8
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.nthreads()) == 2
        totals, failed = check_archive(client, str(path), count=16)
        totals_all, every = check_archive(client, str(path), count=5, keep="all")
    assert totals == {"records": records, "ok": ok, "failed": records - ok, "junk": junk}
    assert totals_all == totals
    assert junk > 0 and records - ok > 0
    assert failed == expected_failed
    assert every == whole


def mixed_archive(path: Path) -> None:
    """Two games in one file, each record read as its own [Game] tag says: legal games
    and near misses of Pylos and GIPF, a record that breaks off at a bad byte's stop, junk
    after a record, and an open comment at the end."""
    parts = []
    for i, (p, g) in enumerate(zip(gamenote.generate("pylos", count=800, seed=11),
                                   gamenote.generate("gipf", count=800, seed=12))):
        parts.append(str(p))
        parts.append(str(g))
        if i % 53 == 0:
            parts.append('[Game "Pylos"]\n\n1b2 1b2 *\n\nstray junk\n')
    for m in gamenote.near_misses("pylos", count=150, seed=5):
        parts.append(str(m.record))
    for m in gamenote.near_misses("gipf", count=150, seed=6):
        parts.append(str(m.record))
    path.write_text("\n\n".join(parts) + '\n[Game "GIPF"]\n1. {never closed\n')


def test_local_cluster_exports_shards_as_the_whole_file(tmp_path):
    pyarrow = pytest.importorskip("pyarrow")
    dataset = pytest.importorskip("pyarrow.dataset")
    path = tmp_path / "mixed.pylos"
    mixed_archive(path)
    whole = [json.loads(l) for l in subprocess.run(
        [cli(), "check", "--json", "--threads", "1", str(path)],
        capture_output=True, text=True, check=False,
    ).stdout.splitlines()]
    records = [v for v in whole if not v.get("junk")]
    failed = [(v["file"], v["record"], v["error"]["line"], v["error"]["column"])
              for v in records if not v["ok"]]
    games = {v.get("game") for v in records}
    out = tmp_path / "mixed.parquet"
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.nthreads()) == 2
        done = export_archive(client, str(path), str(out), count=12)
    assert len(done["files"]) >= 8, done["files"]
    assert all(Path(f).parent == out for f in done["files"])
    ok = sum(1 for v in records if v["ok"])
    assert (done["records"], done["ok"], done["failed"]) == (len(records), ok, len(records) - ok)
    table = dataset.dataset(str(out), format="parquet").to_table()
    assert table.num_rows == len(records)
    rows = table.sort_by("record").to_pylist()
    assert [r["record"] for r in rows] == list(range(1, len(records) + 1))
    got = [(r["file"], r["record"], r["error_line"], r["error_column"]) for r in rows if not r["ok"]]
    assert len(failed) > 300, len(failed)
    assert got == failed
    assert {r["game"] for r in rows} == {"pylos", "gipf"}, games
    # Every column as the whole file's table has it.
    assert table.sort_by("record").equals(gamenote.to_arrow(str(path)))


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as c:
        yield c


def whole_file(path):
    """`gamenote check --json` on the whole file: its verdicts and the totals."""
    whole = [json.loads(l) for l in subprocess.run(
        [cli(), "check", "--json", "--threads", "1", str(path)],
        capture_output=True, text=True, check=False,
    ).stdout.splitlines()]
    records = sum(1 for v in whole if not v.get("junk"))
    ok = sum(1 for v in whole if v["ok"])
    junk = sum(1 for v in whole if v.get("junk"))
    return whole, {"records": records, "ok": ok, "failed": records - ok, "junk": junk}


EDGES = {
    # more shards than records
    "three.pylos": b'[Game "Pylos"]\n\n1b2 1c3 *\n\n[Game "Pylos"]\n\n1b2 1b2 *\n\n'
                   b'[Game "Pylos"]\n\n1b2 *\n\nstray junk\n',
    "empty.pylos": b"",
    "junk.pylos": b"this is not a record at all\n%%%% ]]] {{\n",
    "comments.pylos": b"{only a comment}\n\n{and another}\n",
    "blank.pylos": b"\n\n   \n\r\n",
}


@pytest.mark.parametrize("name", sorted(EDGES))
def test_edge_archives_total_as_check(name, client, tmp_path):
    pytest.importorskip("pyarrow")
    dataset = pytest.importorskip("pyarrow.dataset")
    path = tmp_path / name
    path.write_bytes(EDGES[name])
    whole, expected = whole_file(path)
    totals, every = check_archive(client, str(path), count=16, keep="all")
    assert totals == expected
    assert every == whole
    out = tmp_path / "out"
    done = export_archive(client, str(path), str(out), count=16)
    assert (done["records"], done["ok"], done["failed"]) == (
        expected["records"], expected["ok"], expected["failed"])
    table = dataset.dataset(str(out), format="parquet").to_table()
    assert table.num_rows == expected["records"]
    assert table.sort_by("record").equals(gamenote.to_arrow(str(path)))
    # Whatever the count, as many shards as records at most (one for an empty file).
    assert 1 <= len(shards(str(path), 16)) <= max(1, expected["records"] + expected["junk"])


def test_edge_archive_counts(tmp_path):
    """The exact totals of the edge archives, as `gamenote check` gives them."""
    got = {}
    for name, data in EDGES.items():
        p = tmp_path / name
        p.write_bytes(data)
        got[name] = whole_file(p)[1]
    assert got["three.pylos"] == {"records": 3, "ok": 2, "failed": 1, "junk": 1}
    assert got["empty.pylos"] == {"records": 0, "ok": 0, "failed": 0, "junk": 0}
    assert got["junk.pylos"] == {"records": 1, "ok": 0, "failed": 1, "junk": 0}
    # Comments alone are one record of no moves; blank space alone is none.
    assert got["comments.pylos"] == {"records": 1, "ok": 1, "failed": 0, "junk": 0}
    assert got["blank.pylos"] == {"records": 0, "ok": 0, "failed": 0, "junk": 0}


def test_export_archive_into_a_directory_of_an_earlier_run(client, tmp_path):
    """An earlier run's `part-*.parquet` files (more shards than this run's) were left, and
    the dataset read back held their rows twice. Now `existing_data_behavior` is
    pyarrow.dataset.write_dataset's: 'error' (default), 'overwrite_or_ignore',
    'delete_matching'."""
    dataset = pytest.importorskip("pyarrow.dataset")
    path = tmp_path / "small.pylos"
    path.write_text("\n\n".join(str(g) for g in gamenote.generate("pylos", count=200, seed=3)))
    out = tmp_path / "ds"
    first = export_archive(client, str(path), str(out), count=8)
    assert first["records"] == 200
    old = sorted(os.listdir(out))
    assert len(old) >= 4, old

    def rows():
        return dataset.dataset(str(out), format="parquet").to_table().num_rows

    # 'error': nothing written, the earlier files untouched.
    with pytest.raises(FileExistsError, match="not empty.*existing_data_behavior is 'error'"):
        export_archive(client, str(path), str(out), count=2)
    assert sorted(os.listdir(out)) == old and rows() == 200

    # 'overwrite_or_ignore': the names written are overwritten, the others stay (pyarrow's
    # meaning: the dataset then holds the old shards' rows as well).
    done = export_archive(client, str(path), str(out), count=2,
                          existing_data_behavior="overwrite_or_ignore")
    assert [os.path.basename(f) for f in done["files"]] == old[:len(done["files"])]
    assert sorted(os.listdir(out)) == old
    assert rows() > 200

    # 'delete_matching': the directory emptied first, only this run's rows.
    (out / "notes.txt").write_text("stale")
    done = export_archive(client, str(path), str(out), count=2,
                          existing_data_behavior="delete_matching")
    assert sorted(os.listdir(out)) == sorted(os.path.basename(f) for f in done["files"])
    assert rows() == 200
    assert dataset.dataset(str(out), format="parquet").to_table().sort_by("record").equals(
        gamenote.to_arrow(str(path)))

    with pytest.raises(ValueError, match="existing_data_behavior is 'replace'"):
        export_archive(client, str(path), str(out), existing_data_behavior="replace")
