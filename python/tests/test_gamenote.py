"""The Python package against the library: every promise of docs/python.md, for all four games."""

import io
from pathlib import Path

import pytest

import gamenote as g

ROOT = Path(__file__).resolve().parents[2]

# (file, records, ok) as `gamenote check --json` counts them.
ARCHIVE = [
    ("examples/records/gf1-basic-2.gipf", 1, 1),
    ("examples/records/gf1-standard-0.gipf", 1, 1),
    ("examples/records/gf1-tournament-0.gipf", 1, 1),
    ("examples/records/gf1-tournament-3.gipf", 1, 1),
    ("examples/records/guide-tournament-opening.gipf", 1, 1),
    ("examples/records/pylon-spec.pylon", 1, 1),
    ("examples/records/pylon-worked-examples.pylon", 7, 7),
    ("examples/records/pylos-seed.pylos", 1, 1),
    ("examples/records/threeman-random-game.3mc", 1, 1),
    ("examples/records/threeman-short-game.3mc", 1, 1),
    ("tests/data/endings/finished.gipf", 1, 1),
    ("tests/data/endings/finished.pylon", 1, 1),
    ("tests/data/gipf/basic_25.gipf.txt", 25, 25),
    ("tests/data/gipf/bench.gipf", 75, 75),
    ("tests/data/gipf/comment-endings.gipf", 4, 4),
    ("tests/data/gipf/standard_25.gipf.txt", 25, 25),
    ("tests/data/gipf/tournament_25.gipf.txt", 25, 25),
]

GAMES = ["pylos", "gipf", "threeman", "pylon"]

# The start position of each game: its string, the legal moves there and two of them.
STARTS = {
    "pylos": ("................/........./..../. w 15 15", 16, ["1a1", "1b1"]),
    "gipf": (
        "X..O...........O.....X...........X..O W=12 lostW=0 B=12 lostB=0 next=o",
        30,
        ["a1-c3 (11)", "b3 (11)"],
    ),
    "threeman": (
        "Black 8/8/8/8/BpBpBpBpBpBpBpBp/BrBnBbBkBqBbBnBr Gray 8/8/8/8/GpGpGpGpGpGpGpGp/"
        "GrGnGbGkGqGbGnGr White 8/8/8/8/WpWpWpWpWpWpWpWp/WrWnWbWkWqWbWnWr W KQ/KQ/KQ - - WGB 0 1",
        20,
        ["WHh3", "WHh4"],
    ),
    "pylon": (
        "6 ..................................../........................./................/"
        "........./..../. w",
        36,
        ["1a1", "1b1"],
    ),
}


def test_games_and_styles():
    assert g.games() == GAMES
    assert g.styles("threeman") == ["short", "long"]
    assert g.styles("GIPF") == ["complete", "short", "text"]
    with pytest.raises(ValueError, match="unknown game"):
        g.styles("chess")


@pytest.mark.parametrize("path,records,ok", ARCHIVE)
def test_every_shipped_record_reads_and_checks(path, records, ok):
    recs = list(g.read(ROOT / path))
    assert len(recs) == records
    assert sum(r.check().ok for r in recs) == ok
    assert [r.index for r in recs] == list(range(1, records + 1))
    for r in recs:
        # Parsed, converted to every style and read back: the same moves, still legal.
        assert r.moves() and isinstance(r.tags, dict)
        for style in g.styles(r.game):
            out = r.convert(style)
            back = next(g.reads(str(out)))
            assert back.game == r.game
            assert back.check().ok, (path, style, back.check())
            assert back.moves() == r.moves(style)
        assert str(r.position()) == str(next(g.reads(str(r.convert()))).position())


def test_archive_of_every_record_as_one_file(tmp_path):
    # Named .gipf: its first record has no [Game] tag, so the name tells the default game,
    # as `gamenote check archive.gipf` tells it.
    whole = tmp_path / "archive.gipf"
    # The one shipped record with no tags at all gets its [Game] tag, or it would read as
    # part of the record before it (as `gamenote check` reads it too).
    texts = [(ROOT / p).read_text() for p, _, _ in ARCHIVE]
    texts = [t if t.lstrip().startswith(("[", "{")) else '[Game "Pylos"]\n\n' + t for t in texts]
    whole.write_text("\n".join(texts))
    recs = list(g.read(whole))
    assert len(recs) == sum(n for _, n, _ in ARCHIVE)
    assert all(r.check().ok for r in recs)
    counts = {gid: sum(r.game == gid for r in recs) for gid in GAMES}
    # Records without a [Game] tag naming a game take the default (gipf here).
    assert counts == {"pylos": 1, "gipf": 160, "threeman": 2, "pylon": 9}


def test_mixed_game_file_each_record_its_own_game():
    text = (
        '[Game "Pylos"]\n\n1b2 1c3 *\n\n'
        '[Game "GIPF"]\n[Rules "standard"]\n\n1. b3 (11) *\n\n'
        '[Game "Three-man chess"]\n\n1. WHh3 GRh3 BLh3 *\n\n'
        '[Game "Pylon"]\n\n1b2 *\n\n'
        "[Event \"no game tag\"]\n\n1c3 *\n"
    )
    # No game=: the first record's tag tells the default, each record's own tag wins.
    recs = list(g.reads(text))
    assert [r.game for r in recs] == ["pylos", "gipf", "threeman", "pylon", "pylos"]
    assert [r.line for r in recs] == [1, 5, 10, 14, 18]
    assert [r.check().ok for r in recs] == [True] * 5
    assert [r.check().plies for r in recs] == [2, 1, 3, 1, 1]
    # A first record with no [Game] tag, no game= and no name to tell the game by.
    with pytest.raises(g.UnknownGameError) as e:
        list(g.reads(text[text.index("[Event"):]))
    assert (e.value.line, e.value.column) == (1, 1)
    assert [r.game for r in g.reads(text[text.index("[Event"):], name="x.pylon")] == ["pylon"]


def test_game_is_the_command_lines_game_option():
    # game= is `gamenote --game`: the game of records without a [Game] tag, and a record
    # tagged with another game fails at its tag's value (numbered, as `check` numbers it).
    text = (
        '[Game "Pylos"]\n\n1b2 1c3 *\n\n'
        '[Game "GIPF"]\n[Rules "standard"]\n\n1. b3 (11) *\n\n'
        "[Event \"no game tag\"]\n\n1c3 *\n"
    )
    got = []
    it = g.reads(text, game="pylos", name="m.txt")
    while True:
        try:
            r = next(it)
        except StopIteration:
            break
        except g.GamenoteError as e:
            got.append((e.kind, e.line, e.column, e.message))
        else:
            got.append((r.index, r.game, r.check().ok))
    assert got == [
        (1, "pylos", True),
        ("parse", 5, 8, 'expected the game given, "Pylos" (--game pylos), found "GIPF"'),
        (3, "pylos", True),
    ]
    # The same through Record(): a record tagged with another game than game=.
    with pytest.raises(g.GamenoteError) as e:
        g.Record('[Game "GIPF"]\n\n*\n', game="pylos")
    assert (e.value.line, e.value.column) == (1, 8)
    assert g.Record('[Game "GIPF"]\n\n*\n').game == "gipf"
    assert g.Record("1b2 *", game="pylos").game == "pylos"


def test_read_from_path_file_object_text_and_bytes(tmp_path):
    text = '[Game "Pylos"]\n1b2 1c3 *\n\n[Game "Pylos"]\n1b2 1b2 *\n'
    p = tmp_path / "a.pylos"
    p.write_text(text)
    sources = [
        g.read(str(p)),
        g.read(p),
        g.read(io.BytesIO(text.encode())),
        g.read(io.StringIO(text)),
        g.reads(text),
        g.reads(text.encode()),
    ]
    with open(p, "rb") as f:
        sources.append(g.read(f))
        for records in sources:
            got = [(r.index, r.line, r.check().ok, r.check().plies) for r in records]
            assert got == [(1, 1, True, 2), (2, 4, False, 1)]
    # A path's extension gives the default game.
    q = tmp_path / "b.3mc"
    q.write_text("1. WHh3 GRh3 BLh3 *\n")
    assert next(g.read(q)).game == "threeman"
    with pytest.raises(OSError):
        g.read(tmp_path / "missing.pylos")


def test_reading_is_lazy():
    class Counting(io.BytesIO):
        reads = 0

        def read(self, n=-1):
            Counting.reads += 1
            return super().read(min(n, 1 << 16))

    one = '[Game "Pylos"]\n1b2 *\n\n'
    f = Counting((one * 100_000).encode())
    records = g.read(f)
    assert next(records).check().ok
    assert Counting.reads < 10  # about 2.3 MB: read in 64 KiB blocks, only the first ones


def test_check_error_fields_and_exception():
    r = next(g.reads("[Game \"Pylos\"]\n\n1b2 1b2 *\n"))
    c = r.check()
    assert not c and not c.ok and c.plies == 1
    e = c.error
    assert (e.kind, e.line, e.column, e.ply) == ("illegal", 3, 5, 2)
    assert e.message.startswith("ply 2 (1b2): ")
    assert str(e).startswith("3:5: ply 2 (1b2): ")
    assert e.rendered.startswith("<string>:3:5: ")
    with pytest.raises(g.GamenoteError) as err:
        c.raise_for_error()
    assert (err.value.kind, err.value.line, err.value.column, err.value.ply) == ("illegal", 3, 5, 2)
    assert isinstance(err.value, ValueError)
    assert c.to_json().startswith('{"file":"<string>","record":1,"ok":false,"plies":1,')


def test_checks_outlive_their_records_and_write_the_command_lines_json(tmp_path):
    """A record's check is kept in the record as read (shared, not copied, by `check()`):
    checks kept past their records and the reader's next records say what
    `gamenote check --json` says of the same file, line for line."""
    path = tmp_path / "a.pylos"
    path.write_text('[Game "Pylos"]\n1b2 1c3 *\n\n[Game "Pylos"]\n1b2 1b2 *\n\n[Game "Pylos"]\n1b2 1c3 1d4 *\n')
    checks = [r.check() for r in g.read(path)]
    assert [(c.ok, c.plies, c.result) for c in checks] == [(True, 2, "*"), (False, 1, None), (True, 3, "*")]
    e = checks[1].error
    assert (e.kind, e.line, e.column, e.ply, e.message) == ("illegal", 5, 5, 2, "ply 2 (1b2): 1b2 is occupied")
    assert [c.to_json() for c in checks] == [
        f'{{"file":"{path}","record":1,"ok":true,"plies":2,"result":"*","error":null,"warnings":[]}}',
        f'{{"file":"{path}","record":2,"ok":false,"plies":1,"result":null,"error":{{"kind":"illegal","line":5,'
        f'"column":5,"ply":2,"message":"ply 2 (1b2): 1b2 is occupied"}},"warnings":[]}}',
        f'{{"file":"{path}","record":3,"ok":true,"plies":3,"result":"*","error":null,"warnings":[]}}',
    ]
    assert repr(checks[0]) == "<Check ok: 2 plies, result *, 0 warnings>"
    assert repr(checks[1]) == "<Check illegal at 5:5 (ply 2): ply 2 (1b2): 1b2 is occupied>"


def test_parse_error_position():
    r = next(g.reads("1b2 zz *", game="pylos"))
    e = r.check().error
    assert (e.kind, e.line, e.column, e.ply) == ("parse", 1, 5, 2)
    with pytest.raises(g.GamenoteError) as err:
        r.moves()
    assert (err.value.line, err.value.column) == (1, 5)


def test_lenient_warnings():
    r = next(g.reads("1b2 1c3+ *", game="pylos", mode="lenient"))
    c = r.check()
    assert c.ok and c.plies == 2 and len(c.warnings) == 1
    w = c.warnings[0]
    assert (w.kind, w.line, w.column, w.ply) == ("mismatch", 1, 5, 2)
    strict = r.check(mode="strict")
    assert not strict.ok and strict.error.kind == "mismatch"
    with pytest.raises(ValueError, match="unknown mode"):
        g.reads("", mode="loose")


@pytest.mark.parametrize("game", GAMES)
def test_tags_moves_result_styles(game):
    rec = next(g.generate(game, seed=7, plies=12))
    assert rec.game == game and rec.index == 1
    assert rec.tags["Game"] == {"pylos": "Pylos", "gipf": "GIPF", "threeman": "Three-man chess", "pylon": "Pylon"}[game]
    assert rec.tag("Result") == rec.result
    assert rec.tag("Nope") is None
    check = rec.check()
    assert check.ok and check.plies == len(rec.moves())
    for style in g.styles(game):
        moves = rec.moves(style)
        assert len(moves) == len(rec.moves())
        converted = rec.convert(style)
        assert converted.moves() == moves
        assert converted.check().ok
    with pytest.raises(ValueError):
        rec.moves("no-such-style")
    assert repr(rec).startswith(f'<gamenote.Record game="{game}" index=1 line=1')
    assert str(next(g.reads(str(rec)))) == str(rec)


@pytest.mark.parametrize("game", GAMES)
def test_positions(game):
    text, count, first = STARTS[game]
    start = g.Position.start(game)
    assert str(start) == text
    assert start == g.Position(text, game=game)
    assert hash(start) == hash(g.Position(text, game=game))
    assert start.game == game and start.to_move == 0 and start.outcome is None
    legal = start.legal_moves()
    assert len(legal) == count and legal[:2] == first
    # Every style's notation of a legal move plays to the same position.
    for style in g.styles(game):
        written = start.legal_moves(style)
        assert len(written) == count
        assert start.play(written[0]) == start.play(legal[0])
    after = start.play(legal[0])
    assert after.to_move == 1 and after != start
    assert g.Position(str(after), game=game) == after
    assert start._repr_svg_().startswith("<svg") and start.svg() == start._repr_svg_()
    assert repr(start) == f'Position("{text}", game="{game}")'
    with pytest.raises(g.GamenoteError):
        start.play("zz9 not a move")
    with pytest.raises(g.GamenoteError) as e:
        g.Position("garbage", game=game)
    assert e.value.line == 1 and e.value.kind == "parse"


def test_illegal_move_in_position():
    p = g.Position.start("pylos").play("1b2")
    with pytest.raises(g.GamenoteError) as e:
        p.play("1b2")
    assert e.value.kind == "illegal"
    assert p.play("b1").to_move == 0  # the compact style reads too
    start = g.Position.start("pylos")
    assert start.play("6") == start.play("1b2") == start.play("b2")  # numeric, canonical, compact


@pytest.mark.parametrize("game", GAMES)
def test_record_positions_by_ply(game):
    rec = next(g.generate(game, seed=3, plies=10))
    n = len(rec.moves())
    assert rec.position(0) == g.Position.start(game, rules=rec.tag("Rules")) or game in ("gipf", "pylon")
    p = rec.position(0)
    for m in rec.moves():
        p = p.play(m)
    assert p == rec.position() == rec.position(n) == rec.position(-1)
    assert rec.position(1) == rec.position(0).play(rec.moves()[0])
    with pytest.raises(IndexError):
        rec.position(n + 1)
    assert rec._repr_svg_().startswith("<svg")


def test_unfinished_threeman_has_no_outcome():
    rec = next(g.read(ROOT / "examples/records/threeman-short-game.3mc"))
    assert rec.result == "*" and rec.position().outcome is None and rec.check().result == "*"


@pytest.mark.parametrize("game", ["pylos", "gipf", "pylon"])
def test_finished_game_outcome(game):
    for rec in g.generate(game, count=40, plies=400):
        end = rec.position()
        if end.outcome is not None:
            assert rec.result == end.outcome == rec.check().result
            assert end.legal_moves() == [] or game == "pylos"
            return
    pytest.fail("no finished game in 40")


@pytest.mark.parametrize("game", GAMES)
def test_generators(game):
    games = g.generate(game, count=5, seed=11, plies=20)
    assert len(games) == 5
    recs = list(games)
    assert [r.index for r in recs] == [1, 2, 3, 4, 5]
    assert all(r.check().ok for r in recs)
    again = [str(r) for r in g.generate(game, count=5, seed=11, plies=20)]
    assert again == [str(r) for r in recs]
    misses = list(g.near_misses(game, count=20, seed=11, plies=20))
    assert len(misses) == 20
    for m in misses:
        c = m.record.check()
        assert not c.ok, m
        assert c.error.kind == m.kind, m
        if m.ply is not None:
            assert c.error.ply == m.ply, m
        if m.line is not None:
            assert (c.error.line, c.error.column) == (m.line, m.column), m
    with pytest.raises(ValueError):
        g.generate(game, rules="no-such-rules")


@pytest.mark.parametrize(
    "data,line,column",
    [
        (b'[Game "Pylos"]\n1b2 \xff *\n', 2, 5),
        (b'[Game "Pylos"]\n1b2 *\n\n[Game "Pylos"]\n\x00\n', 5, 1),
        (b"\xfe\xff\x00[\x00G", 1, 1),
    ],
)
def test_hostile_bytes_raise_with_position(data, line, column):
    with pytest.raises(g.GamenoteError) as e:
        for _ in g.reads(data, game="pylos"):
            pass
    assert (e.value.line, e.value.column, e.value.kind) == (line, column, "parse")


def test_iteration_goes_on_after_a_bad_piece():
    data = b'[Game "Pylos"]\n1b2 \xff *\n\n[Game "Pylos"]\n1c3 *\n'
    records = g.reads(data)
    with pytest.raises(g.GamenoteError):
        next(records)
    assert next(records).moves() == ["1c3"]
    with pytest.raises(StopIteration):
        next(records)


def test_random_bytes_never_crash():
    import random

    rnd = random.Random(5)
    alphabet = b'[]{}"\n \t()-+*/.;x#?01234abcdefghiGRWBOXwbp\xff\x00\xc3'
    for game in GAMES:
        for _ in range(300):
            data = bytes(rnd.choice(alphabet) for _ in range(rnd.randrange(0, 120)))
            try:
                for r in g.reads(data, game=game):
                    c = r.check()
                    if c.error:
                        assert c.error.line >= 1 and c.error.column >= 1
                    try:
                        r.moves()
                        r.tags
                        str(r)
                    except g.GamenoteError as e:
                        assert e.line >= 1 and e.column >= 1
            except g.GamenoteError as e:
                assert e.line >= 1 and e.column >= 1
            try:
                g.Position(data.decode("utf-8", "replace"), game=game)
            except g.GamenoteError as e:
                assert e.line >= 1


@pytest.mark.parametrize("game", GAMES)
def test_generate_makes_the_command_lines_records(game, tmp_path):
    """Python's generators mix each record's seed as `gamenote generate` does (the largest
    seed does not wrap round to seed 0's games)."""
    import os
    import subprocess

    binary = os.environ.get("GAMENOTE", str(Path(__file__).resolve().parents[2] / "target/release/gamenote"))
    if not Path(binary).exists():
        pytest.skip(f"no gamenote binary at {binary}")
    for seed in (5, 2**64 - 1):
        out = tmp_path / f"{game}-{seed}.txt"
        subprocess.run([binary, "generate", "--game", game, "--count", "3", "--seed", str(seed), "-o", str(out)], check=True)
        mine = [str(r) for r in g.generate(game, count=3, seed=seed)]
        assert "\n".join(mine) == out.read_text()
    assert [str(r) for r in g.generate(game, count=2, seed=2**64 - 1)] != [str(r) for r in g.generate(game, count=2, seed=0)]
