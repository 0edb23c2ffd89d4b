"""Python's reading of junk after a record and past the 16 MiB record limit: kept records,
junk numbered and placed as `gamenote check` and the JSON lines export say."""
import io
import json
import os
import subprocess
from pathlib import Path

import pytest
import gamenote as g

ROOT = Path(__file__).resolve().parents[2]
GAMENOTE = os.environ.get("GAMENOTE", str(ROOT / "target" / "release" / "gamenote"))
LIMIT = 16 * 2**20

REC = '[Game "Pylos"]\n\n1b2 *\n'


def test_a_record_before_junk_past_the_length_limit_is_kept():
    text = REC + "x" * (16 * 2**20 + 10) + "\n"
    it = g.reads(text, name="hy.pylos")
    got = []
    while True:
        try:
            r = next(it)
        except StopIteration:
            break
        except g.GamenoteError as e:
            got.append(("junk", e.line, e.column))
        else:
            got.append((r.index, r.check().ok, r.line))
    # As `gamenote check` reports it: "hy.pylos record 1: ok", then
    # "hy.pylos:4:1: junk after record 1: …".
    assert got == [(1, True, 1), ("junk", 4, 1)]


def test_many_junk_parts_take_no_numbers():
    text = "".join(REC + "junk%d\n\n" % i for i in range(2000))
    it = g.reads(text)
    records, junk, last = 0, 0, None
    while True:
        try:
            r = next(it)
        except StopIteration:
            break
        except g.GamenoteError as e:
            junk += 1
            last = (e.line, e.column, e.message)
        else:
            records += 1
            assert r.index == records
    assert (records, junk) == (2000, 2000)
    assert last == (
        9999,
        1,
        'expected a tag pair or the end of input, found "junk1999"',
    )


# Junk past the 16 MiB record limit: each input as `gamenote check` reports it, in order, with
# records numbered as it numbers them (a piece that fails as too long takes a number; junk
# takes none).
TOO_LONG = "expected a record of at most 16777216 bytes, found a longer record"
# Junk's message names no record: the record it follows is the field (as in check --json).
JUNK = 'expected a tag pair or the end of input, found "' + "x" * 24 + '…"'
X = "x" * (LIMIT + 10) + "\n"
CASES = {
    # A record, then junk that takes the piece past the limit.
    "after": (REC + X, [(1, True, 1), ("error", 4, 1, JUNK.format(1))]),
    # Junk past the limit before the first record: one too-long record (1), then record 2.
    "before": (X + REC, [("error", 1, 1, TOO_LONG), (2, True, 2)]),
    # Between two records: the first kept, the junk, the second.
    "between": (REC + X + REC, [(1, True, 1), ("error", 4, 1, JUNK.format(1)), (2, True, 5)]),
    # A record itself past the limit: one too-long error, numbered, nothing else lost.
    "long": (
        REC + '[Game "Pylos"]\n\n{' + "y" * (LIMIT + 10) + "} 1b2 *\n" + REC,
        [(1, True, 1), ("error", 4, 1, TOO_LONG), (3, True, 7)],
    ),
}


def items(it):
    got = []
    while True:
        try:
            r = next(it)
        except StopIteration:
            return got
        except g.GamenoteError as e:
            assert not isinstance(e, g.UnknownGameError)
            got.append(("error", e.line, e.column, e.message))
        else:
            got.append((r.index, r.check().ok, r.line))


@pytest.mark.parametrize("case", sorted(CASES))
def test_junk_past_the_length_limit_as_check_reports_it(case, tmp_path):
    text, want = CASES[case]
    assert items(g.reads(text, name="hy.pylos")) == want
    assert items(g.reads(text.encode())) == want, "bytes, the game from the [Game] tag"
    path = tmp_path / "hy.pylos"
    path.write_text(text)
    assert items(g.read(path)) == want, "a path"
    assert items(g.read(str(path), game="pylos")) == want
    with open(path, "rb") as f:
        assert items(g.read(f)) == want, "a binary file object"
    assert items(g.read(io.StringIO(text), name="hy.pylos")) == want, "a text file object"


def test_a_record_kept_before_the_limit_has_its_own_text():
    text = REC + X + REC
    it = g.reads(text)
    first = next(it)
    assert (first.text, first.offset, first.line) == ('[Game "Pylos"]\n\n1b2 *', 0, 1)
    assert first.moves() == ["1b2"]
    with pytest.raises(g.GamenoteError) as e:
        next(it)
    assert (e.value.line, e.value.column, e.value.kind) == (4, 1, "parse")
    second = next(it)
    assert (second.index, second.line, second.offset) == (2, 5, len(REC + X))
    assert second.text.startswith('[Game "Pylos"]')


@pytest.fixture(scope="module")
def binary():
    if not Path(GAMENOTE).exists():
        pytest.skip(f"no gamenote binary at {GAMENOTE}")
    return GAMENOTE


@pytest.mark.parametrize("case", sorted(CASES))
def test_junk_past_the_length_limit_as_the_command_line_checks_it(binary, case, tmp_path):
    text, want = CASES[case]
    path = tmp_path / "hy.pylos"
    path.write_text(text)
    p = subprocess.run([binary, "check", "--json", path], capture_output=True, text=True)
    lines = [json.loads(line) for line in p.stdout.splitlines()]
    got = []
    for r in lines:
        if "record" not in r:
            continue
        e = r.get("error")
        if e and (e.get("junk") or not r.get("plies")):
            got.append(("error", e["line"], e["column"], e["message"]))
        else:
            got.append((r["record"], e is None))
    assert got == [w if w[0] == "error" else w[:2] for w in want], p.stdout[-3000:]


@pytest.mark.parametrize("case", sorted(CASES))
def test_to_arrow_past_the_length_limit_equals_the_jsonl_export(binary, case, tmp_path):
    pa = pytest.importorskip("pyarrow")
    text, want = CASES[case]
    path = tmp_path / "hy.pylos"
    path.write_text(text)
    out = tmp_path / "out.jsonl"
    p = subprocess.run([binary, "export", path, "--to", "jsonl", "-o", out],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    # One row a record, as `check` numbers them; junk is no row.
    records = [w for w in want if w[0] != "error" or w[3] == TOO_LONG]
    assert [r["record"] for r in rows] == list(range(1, len(records) + 1))
    assert [r["ok"] for r in rows] == [w[0] != "error" for w in records]
    for r in rows:
        r["tags"] = list(r["tags"].items())
    assert g.to_arrow(path).to_pylist() == rows
    with open(path, "rb") as f:
        assert g.to_arrow(f, name=str(path)).to_pylist() == rows
