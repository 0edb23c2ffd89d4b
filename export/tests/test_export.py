"""`gamenote export` read back with pyarrow and DuckDB, against `gamenote check --json`.

Run from .ci/run in a venv with duckdb, pyarrow and pytest:
    GAMENOTE=path/to/gamenote (built with --features parquet) pytest export/tests/test_export.py
Inputs: every shipped record (examples/records, tests/data) and, per game, 10,000 generated
legal games and 1,000 generated near misses.
"""
import json
import os
import pathlib
import subprocess

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMENOTE = os.path.abspath(os.environ.get("GAMENOTE", str(ROOT / "target" / "release" / "gamenote")))
GAMES = ["pylos", "gipf", "threeman", "pylon"]


def run(*args, ok=(0,)):
    p = subprocess.run([GAMENOTE, *map(str, args)], capture_output=True, text=True)
    assert p.returncode in ok, (args, p.returncode, p.stderr[-2000:])
    return p


def check_json(files):
    p = run("check", "--json", "--threads", "1", *files, ok=(0, 1, 2))
    return [json.loads(line) for line in p.stdout.splitlines()], p.returncode


def export(files, out, to="parquet"):
    p = run("export", *files, "--to", to, "--plies", "-o", out, ok=(0, 2))
    return p


def shipped():
    files = sorted(
        f for d in ("examples/records", "tests/data") for f in (ROOT / d).rglob("*")
        if f.is_file() and f.suffix != ".md"
    )
    assert len(files) >= 15
    return files


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    d = tmp_path_factory.mktemp("gen")
    out = {}
    for g in GAMES:
        good, bad = d / f"good.{g}", d / f"bad.{g}"
        run("generate", "--game", g, "--count", 10000, "--seed", 1, "-o", good)
        run("generate", "--game", g, "--count", 1000, "--seed", 7, "--illegal", "-o", bad)
        out[g] = [good, bad]
    return out


def assert_same_as_check(files, tmp_path, expect_plies=None):
    reports, check_code = check_json(files)
    # Junk after a record is reported by check but is no record: no row.
    reports = [r for r in reports if not r.get("junk")]
    out = tmp_path / "out.parquet"
    p = export(files, out)
    assert p.returncode == (2 if check_code == 2 else 0)
    plies_path = tmp_path / "out.plies.parquet"
    assert plies_path.exists()

    # pyarrow: the schema and every row against check.
    table = pq.read_table(out)
    plies = pq.read_table(plies_path)
    assert table.schema.field("tags").type == pa.map_(pa.string(), pa.string()) or \
        pa.types.is_map(table.schema.field("tags").type)
    assert pa.types.is_list(table.schema.field("moves").type)
    assert table.schema.field("record").type == pa.int64()
    assert plies.schema.field("seat").type == pa.int32()
    rows = table.to_pylist()
    assert len(rows) == len(reports)
    for row, rep in zip(rows, reports):
        key = (rep["file"], rep["record"])
        assert (row["file"], row["record"]) == key
        assert row["ok"] == rep["ok"], key
        assert row["plies"] == rep["plies"], key
        assert len(row["moves_canonical"]) == row["plies"], key
        reached = row["outcome"] if row["outcome"] is not None else (row["result"] if row["ok"] else None)
        assert reached == rep["result"], key
        assert row["warnings"] == len(rep["warnings"]), key
        err = rep["error"]
        if err is None:
            assert row["error_kind"] is None, key
        else:
            got = (row["error_kind"], row["error_line"], row["error_column"],
                   row["error_ply"], row["error_message"])
            assert got == (err["kind"], err["line"], err["column"], err["ply"], err["message"]), key

    # DuckDB: the totals, and the plies table against the records table.
    con = duckdb.connect()
    con.execute(f"CREATE VIEW r AS SELECT * FROM read_parquet('{out}')")
    con.execute(f"CREATE VIEW p AS SELECT * FROM read_parquet('{plies_path}')")
    n, good, total_plies = con.execute(
        "SELECT count(*), coalesce(sum(ok::INT), 0), coalesce(sum(plies), 0) FROM r").fetchone()
    assert n == len(reports)
    assert good == sum(r["ok"] for r in reports)
    assert total_plies == sum(r["plies"] for r in reports)
    assert con.execute("SELECT count(*) FROM p").fetchone()[0] == total_plies
    # Each record's plies are numbered 1..plies, and its canonical moves are the plies' ones.
    bad = con.execute("""
        SELECT count(*) FROM r LEFT JOIN (
            SELECT file, record, count(*) AS n, max(ply) AS last, list(move_canonical ORDER BY ply) AS ms
            FROM p GROUP BY file, record) q USING (file, record)
        WHERE coalesce(q.n, 0) <> r.plies OR coalesce(q.last, 0) <> r.plies
           OR (r.plies > 0 AND q.ms <> r.moves_canonical)
    """).fetchone()[0]
    assert bad == 0
    assert con.execute(
        "SELECT count(*) FROM p WHERE legal_moves < 1 OR move_canonical IS NULL").fetchone()[0] == 0
    # The outcome after the last ply of a finished good record is the record's outcome.
    assert con.execute("""
        SELECT count(*) FROM r JOIN p USING (file, record)
        WHERE r.ok AND p.ply = r.plies AND p.outcome IS DISTINCT FROM r.outcome
    """).fetchone()[0] == 0
    # Every tag map holds the record's [Game] tag when it has one.
    if expect_plies is not None:
        assert total_plies >= expect_plies

    # JSON lines: the same rows.
    jl = tmp_path / "out.jsonl"
    export(files, jl, to="jsonl")
    jrows = [json.loads(l) for l in jl.read_text().splitlines()]
    assert len(jrows) == len(rows)
    for a, b in zip(jrows, rows):
        b = dict(b)
        b["tags"] = dict(b["tags"])
        assert a == b
    jplies = (tmp_path / "out.plies.jsonl").read_text().splitlines()
    assert len(jplies) == total_plies
    assert json.loads(jplies[0]) == plies.slice(0, 1).to_pylist()[0] if total_plies else True
    return rows, reports


def test_every_shipped_record(tmp_path):
    rows, reports = assert_same_as_check(shipped(), tmp_path)
    assert len(rows) > 50
    # Records of each game are there, with rules read from their tags.
    games = {r["game"] for r in rows}
    assert games == set(GAMES)
    assert all(r["rules"] for r in rows if r["ok"])


@pytest.mark.parametrize("game", GAMES)
def test_generated_games_and_near_misses(game, generated, tmp_path):
    rows, reports = assert_same_as_check(generated[game], tmp_path, expect_plies=10000)
    assert len(rows) == 11000
    assert sum(r["ok"] for r in rows) == 10000
    assert all(r["game"] == game for r in rows)
    failed = [r for r in rows if not r["ok"]]
    assert len(failed) == 1000
    assert all(r["error_line"] >= 1 and r["error_column"] >= 1 for r in failed)


def test_without_the_feature_parquet_is_a_usage_error_and_jsonl_works(tmp_path):
    plain = os.environ.get("GAMENOTE_PLAIN")
    if not plain:
        pytest.skip("GAMENOTE_PLAIN (a gamenote built without --features parquet) not given")
    rec = ROOT / "examples" / "records" / "pylos-seed.pylos"
    p = subprocess.run([plain, "export", rec, "--to", "parquet", "-o", tmp_path / "x.parquet"],
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert "cargo install --path cli --features parquet" in p.stderr
    assert not (tmp_path / "x.parquet").exists()


def hostile(d):
    """Hostile inputs, each a file: the bytes, and (records, ok) as check counts them."""
    big = b"x" * (5 << 20)
    cases = {
        "empty.pylos": (b"", 0, 0),
        "junk.pylos": (b"this is not a record at all\n%%%% ]]] {{\n", 1, 0),
        "bomcrlf.pylos": (b'\xef\xbb\xbf[Game "Pylos"]\r\n\r\n1b2 1c3 *\r\n\r\n'
                          b'[Game "Pylos"]\r\n\r\n1b2 1b2 *\r\n', 2, 1),
        "nul.pylos": (b'[Game "Pylos"]\n\n1b2 1c3 *\n\n[Game "Pylos"]\n\n1b2 \x00 1c3 *\n\n'
                      b'[Game "Pylos"]\n\n1a1 *\n', 3, 2),
        "utf8.pylos": (b'[Game "Pylos"]\n[Event "\xff\xfe"]\n\n1b2 1c3 *\n\n'
                       b'[Game "Pylos"]\n\n1b2 *\n', 2, 1),
        "mixed.pylos": (b'[Game "Pylos"]\n\n1b2 1c3 *\n\n[Game "GIPF"]\n[Rules "basic"]\n\n*\n\n'
                        b'[Game "Three-man chess"]\n\n*\n\n[Game "Pylon"]\n[Size "3"]\n\n*\n\n'
                        b'[Game "Pylos"]\n\n1b2 1c3 *\n\nstray junk\n', 5, 5),
        "comment.pylos": (b'[Game "Pylos"]\n\n1b2 {' + big + b'} 1c3 *\n\n[Game "Pylos"]\n\n{'
                          + b"y\n" * (5 << 19) + b'} 1b2 *\n\n[Game "Pylos"]\n\n1b2 *\n', 3, 1),
    }
    out = {}
    for name, (data, records, ok) in cases.items():
        (d / name).write_bytes(data)
        out[name] = (d / name, records, ok)
    return out


@pytest.mark.parametrize("name", ["empty.pylos", "junk.pylos", "bomcrlf.pylos", "nul.pylos",
                                  "utf8.pylos", "mixed.pylos", "comment.pylos"])
def test_hostile_inputs_read_back_as_check_counts_them(name, tmp_path):
    path, records, ok = hostile(tmp_path)[name]
    rows, reports = assert_same_as_check([path], tmp_path)
    assert (len(rows), sum(r["ok"] for r in rows)) == (records, ok)
    con = duckdb.connect()
    assert con.execute(
        f"SELECT count(*), coalesce(sum(ok::INT), 0) FROM read_parquet('{tmp_path / 'out.parquet'}')"
    ).fetchone() == (records, ok)
    if name == "mixed.pylos":
        assert [r["game"] for r in rows] == ["pylos", "gipf", "threeman", "pylon", "pylos"]
        # The junk after the last record is reported by check, and is no row.
        assert check_json([path])[0][-1]["junk"] is True


def test_parquet_to_standard_output_is_the_file(tmp_path):
    """`-o -` writes the Parquet file to standard output (the writer never seeks): the same
    bytes as `-o FILE`, the summary on standard error; `--plies -o -` is a usage error."""
    rec = ROOT / "examples" / "records" / "pylos-seed.pylos"
    p = subprocess.run([GAMENOTE, "export", rec, "--to", "parquet", "-o", "-"],
                       capture_output=True, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert not (tmp_path / "-").exists()
    run("export", rec, "--to", "parquet", "-o", tmp_path / "f.parquet")
    assert p.stdout == (tmp_path / "f.parquet").read_bytes()
    n = pq.read_table(tmp_path / "f.parquet").num_rows
    assert p.stderr.decode() == f"{n} records, {n} ok, 0 failed: standard output\n"
    p = subprocess.run([GAMENOTE, "export", rec, "--to", "parquet", "--plies", "-o", "-"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert (p.returncode, p.stdout) == (2, "")
    assert "--plies -o -" in p.stderr
    assert list(tmp_path.iterdir()) == [tmp_path / "f.parquet"]


def test_pages_wait_in_temporary_files_and_row_groups_are_large(generated, tmp_path):
    """The command's Parquet sink spills a row group's pages to TMPDIR: row groups are up to
    1,048,576 rows (pyarrow's default), so 10,000 games' plies fit in one, with the same rows
    as the JSON lines export."""
    good = generated["pylos"][0]
    spill = tmp_path / "spill"
    spill.mkdir()
    out = tmp_path / "g.parquet"
    p = subprocess.run([GAMENOTE, "export", good, "--plies", "--to", "parquet", "-o", out],
                       capture_output=True, text=True, env={**os.environ, "TMPDIR": str(spill)})
    assert p.returncode == 0, p.stderr
    plies = pq.ParquetFile(tmp_path / "g.plies.parquet")
    assert plies.metadata.num_row_groups == -(-plies.metadata.num_rows // 1_048_576)
    assert pq.ParquetFile(out).metadata.num_row_groups == 1
    # The temporary files have no name and are gone.
    assert list(spill.iterdir()) == []
    run("export", good, "--plies", "--to", "jsonl", "-o", tmp_path / "g.jsonl")
    with open(tmp_path / "g.plies.jsonl") as f:
        assert sum(1 for _ in f) == plies.metadata.num_rows


@pytest.mark.parametrize("where", ["missing", "file"])
def test_a_temporary_directory_that_cannot_be_used_is_an_error(where, tmp_path):
    """TMPDIR a missing directory, or a file: exit 2, the directory and the system's error
    named, and no success summary."""
    src = tmp_path / "one.pylos"
    src.write_text('[Game "Pylos"]\n\n1b2 1c3 *\n')
    tmp = tmp_path / "nowhere"
    if where == "file":
        tmp.write_text("not a directory")
    p = subprocess.run([GAMENOTE, "export", src, "--to", "parquet", "-o", tmp_path / "o.parquet"],
                       capture_output=True, text=True, env={**os.environ, "TMPDIR": str(tmp)})
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert p.stdout == ""
    assert f"cannot use a temporary file in {tmp}: " in p.stderr, p.stderr
    assert "records" not in p.stderr
    # The output, unreadable without its footer, is not left behind.
    assert not (tmp_path / "o.parquet").exists()
