"""gamenote.to_arrow against `gamenote export --to parquet` read back with pyarrow.

Needs pyarrow and a `gamenote` built with the `parquet` feature (GAMENOTE, else
target/release/gamenote); .ci/run runs it after building one. Without pyarrow or that
binary the tests are skipped (and say so)."""

import io
import os
import subprocess
from pathlib import Path

import pytest

import gamenote as g

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

ROOT = Path(__file__).resolve().parents[2]
GAMENOTE = os.environ.get("GAMENOTE", str(ROOT / "target" / "release" / "gamenote"))
GAMES = ["pylos", "gipf", "threeman", "pylon"]


def run(*args):
    p = subprocess.run([GAMENOTE, *map(str, args)], capture_output=True, text=True)
    assert p.returncode == 0, (args, p.returncode, p.stderr[-2000:])
    return p


@pytest.fixture(scope="module")
def binary():
    if not Path(GAMENOTE).exists():
        pytest.skip(f"no gamenote binary at {GAMENOTE}")
    p = subprocess.run([GAMENOTE, "export", "-", "--to", "parquet", "-o", os.devnull],
                       input="", capture_output=True, text=True)
    if p.returncode == 2 and "parquet" in p.stderr:
        pytest.skip(f"{GAMENOTE} was built without the parquet feature")
    return GAMENOTE


def parquet_tables(files, tmp_path):
    out = tmp_path / "out.parquet"
    run("export", *files, "--to", "parquet", "--plies", "-o", out)
    return pq.read_table(out), pq.read_table(tmp_path / "out.plies.parquet")


def assert_equal(files, tmp_path, source=None):
    records, plies = parquet_tables(files, tmp_path)
    source = [str(f) for f in files] if source is None else source
    got = g.to_arrow(source)
    got_plies = g.to_arrow(source, plies=True)
    assert got.schema == records.schema
    assert got_plies.schema == plies.schema
    assert got.num_rows == records.num_rows
    assert got_plies.num_rows == plies.num_rows
    assert got.equals(records), "records table differs from the Parquet export"
    assert got_plies.equals(plies), "plies table differs from the Parquet export"
    return got, got_plies


@pytest.mark.parametrize("game", GAMES)
def test_to_arrow_equals_parquet_export(binary, tmp_path, game):
    good, bad = tmp_path / f"good.{game}", tmp_path / f"bad.{game}"
    run("generate", "--game", game, "--count", 300, "--seed", 3, "-o", good)
    run("generate", "--game", game, "--count", 100, "--seed", 9, "--illegal", "-o", bad)
    records, plies = assert_equal([good, bad], tmp_path)
    assert records.num_rows == 400
    ok = records.column("ok").to_pylist()
    assert ok[:300] == [True] * 300
    assert ok[300:].count(True) == 0
    assert plies.num_rows == sum(records.column("plies").to_pylist())


def test_to_arrow_mixed_game_file(binary, tmp_path):
    parts = []
    for i, game in enumerate(GAMES):
        f = tmp_path / f"one.{game}"
        run("generate", "--game", game, "--count", 5, "--seed", 11 + i, "-o", f)
        parts.append(f.read_text())
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("\n".join(parts))
    records, _ = assert_equal([mixed], tmp_path)
    assert records.column("game").to_pylist() == [gm for gm in GAMES for _ in range(5)]
    assert records.column("record").to_pylist() == list(range(1, 21))
    assert all(records.column("ok").to_pylist())


def test_to_arrow_shipped_records(binary, tmp_path):
    files = sorted(
        f for d in ("examples/records", "tests/data") for f in (ROOT / d).rglob("*")
        if f.is_file() and f.suffix != ".md"
    )

    def readable(f):
        # Files whose game nothing tells are not exported (export exits 2, to_arrow raises).
        try:
            g.to_arrow(str(f))
            return True
        except OSError:
            return False

    files = [f for f in files if readable(f)]
    assert len(files) >= 15
    records, _ = assert_equal(files, tmp_path)
    assert records.num_rows >= len(files)


def test_to_arrow_file_object_and_pathlike(binary, tmp_path):
    f = tmp_path / "a.pylos"
    run("generate", "--game", "pylos", "--count", 20, "--seed", 5, "-o", f)
    records, plies = parquet_tables([f], tmp_path)
    # os.PathLike is read as its path.
    assert g.to_arrow(f).equals(records)
    # A file object: named by name=, its game told by game= (or by its name's extension).
    with open(f, "rb") as fh:
        got = g.to_arrow(fh, name=str(f))
    assert got.equals(records)
    got = g.to_arrow(io.StringIO(f.read_text()), game="pylos", name=str(f), plies=True)
    assert got.equals(plies)


def test_to_arrow_values_and_errors(tmp_path):
    text = '[Game "Pylos"]\n1b2 1c3 *\n\n[Game "Pylos"]\n1b2 1b2 *\n'
    t = g.to_arrow(io.BytesIO(text.encode()), game="pylos", name="x.pylos")
    assert t.num_rows == 2
    rows = t.to_pylist()
    assert rows[0]["moves_canonical"] == ["1b2", "1c3"]
    assert (rows[0]["ok"], rows[0]["plies"], rows[0]["file"]) == (True, 2, "x.pylos")
    assert (rows[1]["ok"], rows[1]["error_kind"], rows[1]["error_line"], rows[1]["error_column"],
            rows[1]["error_ply"]) == (False, "illegal", 5, 5, 2)
    p = g.to_arrow(io.BytesIO(text.encode()), game="pylos", plies=True)
    assert p.num_rows == 3
    assert p.column("legal_moves").to_pylist()[0] == 16
    with pytest.raises(OSError):
        g.to_arrow(tmp_path / "missing.pylos")
    with pytest.raises(TypeError):
        g.to_arrow(io.BytesIO(b"1b2 *"))


def test_arrow_stream_taken_once():
    s = g.arrow_stream(io.BytesIO(b"1b2 1c3 *\n"), game="pylos")
    assert pa.table(s).num_rows == 1
    with pytest.raises(RuntimeError):
        pa.table(s)
