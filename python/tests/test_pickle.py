"""Records and positions pickle (to ship them to Dask workers as values) and copy, for all
four games; the shard functions refuse ranges that are no ranges."""

import copy
import pickle

import pytest

import gamenote as g

GAMES = ["pylos", "gipf", "threeman", "pylon"]


def roundtrips(x):
    return [pickle.loads(pickle.dumps(x, protocol=p)) for p in (2, pickle.HIGHEST_PROTOCOL)] + [
        copy.copy(x), copy.deepcopy(x)]


@pytest.mark.parametrize("game", GAMES)
def test_records_pickle_and_copy_as_what_they_are_written_as(game, tmp_path):
    legal = list(g.generate(game, count=3, seed=5, plies=60))
    misses = [m.record for m in g.near_misses(game, count=3, seed=5)]
    path = tmp_path / f"a.{game}"
    path.write_text("\n\n".join(str(r) for r in legal + misses))
    read = list(g.read(str(path)))
    lenient = list(g.read(str(path), mode="lenient"))
    assert len(read) == 6
    for rec in legal + misses + read + lenient + [legal[0].convert()]:
        for back in roundtrips(rec):
            assert back == rec and hash(back) == hash(rec)
            assert type(back) is g.Record
            assert (back.game, back.text, back.index, back.line, back.offset) == (
                rec.game, rec.text, rec.index, rec.line, rec.offset)
            assert str(back) == str(rec)
            # The verdict is made again from the text and place: the same, to the column.
            assert back.check().to_json() == rec.check().to_json()
    # The 4th record read starts on a later line and offset: kept through a pickle.
    fourth = pickle.loads(pickle.dumps(read[3]))
    assert fourth.line == read[3].line > 1 and fourth.offset == read[3].offset > 0
    assert fourth.check().error.line == read[3].check().error.line
    # Equality looks at what is pickled: a record read elsewhere, or in another mode, differs.
    assert read[0] != legal[0] and read[0] != lenient[0] and read[0] != read[1]
    assert read[0] != str(read[0])


@pytest.mark.parametrize("game", GAMES)
def test_positions_pickle_and_copy_with_their_rules(game):
    for rec in g.generate(game, count=2, seed=9, plies=80):
        plies = rec.check().plies
        for k in sorted({0, 1, plies // 2, plies}):
            p = rec.position(k)
            for q in roundtrips(p):
                assert q == p and hash(q) == hash(p) and str(q) == str(p)
                assert q.legal_moves() == p.legal_moves()
                assert (q.to_move, q.outcome) == (p.to_move, p.outcome)


def test_position_pickle_keeps_rules_the_string_does_not_carry():
    # GIPF: basic and standard share no start, but a standard game's rules (GIPF pieces
    # may be brought in) are not in its string; Pylon: the size is in the string, the
    # suicide rule is not.
    std = g.Position.start("gipf", rules="standard")
    state = std.__reduce__()[1]
    assert state == ("gipf", str(std), [("Rules", "standard")])
    tour = g.Position.start("gipf", rules="tournament")
    assert pickle.loads(pickle.dumps(tour)).__reduce__()[1][2] == [("Rules", "tournament")]
    group = g.Position.start("pylon", rules="standard,suicide=group")
    back = pickle.loads(pickle.dumps(group))
    assert back.__reduce__()[1] == group.__reduce__()[1]
    assert ("Rules", "standard,suicide=group") in back.__reduce__()[1][2]


@pytest.mark.parametrize("call", [
    lambda p: g.count_range_lines(p, 50, 10),
    lambda p: g.check_range_json(p, 50, 10, 0),
    lambda p: g.count_range_records(p, 50, 10, 0),
    lambda p: g.shard_arrow_stream(p, 50, 10, 0, 0),
])
def test_reversed_ranges_raise_naming_both_bounds(call, tmp_path):
    p = tmp_path / "a.pylos"
    p.write_text('[Game "Pylos"]\n\n1b2 1c3 *\n' * 10)
    with pytest.raises(ValueError) as e:
        call(str(p))
    assert str(e.value) == "the byte range 50..10 is reversed: start 50 is after end 10"


def test_shard_arguments_are_checked(tmp_path):
    p = tmp_path / "a.pylos"
    p.write_text('[Game "Pylos"]\n\n1b2 1c3 *\n')
    with pytest.raises(ValueError, match=r"^the byte range -1\.\.10 has a negative bound"):
        g.count_range_lines(str(p), -1, 10)
    with pytest.raises(ValueError, match=r"^count is 0: a file is cut into at least 1 shard$"):
        g.shard_ranges(str(p), 0)
    with pytest.raises(ValueError, match=r"^count is -2"):
        g.shard_ranges(str(p), -2)
    with pytest.raises(ValueError, match=r"^lines_before is -3: it counts from 0$"):
        g.count_range_records(str(p), 0, 5, -3)
    with pytest.raises(ValueError, match=r"^records_before is -1: it counts from 0$"):
        g.shard_arrow_stream(str(p), 0, 5, 0, -1)
    # An empty range is a range: nothing in it.
    assert g.count_range_lines(str(p), 7, 7) == 0
    assert g.check_range_json(str(p), 7, 7, 0) == []
    assert g.shard_ranges(str(p), 1) == [(0, p.stat().st_size)]


def _checks(game, tmp_path):
    """Checks of every kind: ok, failed (each kind), lenient with warnings, of a record read
    from a file and of one made in another mode."""
    legal = list(g.generate(game, count=2, seed=3, plies=50))
    misses = list(g.near_misses(game, count=6, seed=3))
    path = tmp_path / f"c.{game}"
    path.write_text("\n\n".join(str(r) for r in legal + [m.record for m in misses]))
    read = list(g.read(str(path)))
    out = [r.check() for r in legal + read]
    out += [r.check(mode="lenient") for r in read]
    out += [m.record.check() for m in misses]
    return out, misses


@pytest.mark.parametrize("game", GAMES)
def test_checks_and_problems_pickle_and_copy_with_every_field(game, tmp_path):
    checks, _ = _checks(game, tmp_path)
    assert any(not c.ok for c in checks) and any(c.ok for c in checks)
    for c in checks:
        for back in roundtrips(c):
            assert type(back) is g.Check
            assert back == c and hash(back) == hash(c)
            assert back.to_json() == c.to_json()
            assert (back.ok, bool(back), back.plies, back.result) == (c.ok, bool(c), c.plies, c.result)
            assert repr(back) == repr(c)
            assert back.error == c.error and back.warnings == c.warnings
            for p in ([c.error] if c.error else []) + c.warnings:
                for q in roundtrips(p):
                    assert type(q) is g.Problem
                    assert q == p and hash(q) == hash(p)
                    assert (q.kind, q.line, q.column, q.ply, q.message, q.rendered) == (
                        p.kind, p.line, p.column, p.ply, p.message, p.rendered)
                    assert str(q) == str(p) and repr(q) == repr(p)
            if c.error:
                with pytest.raises(g.GamenoteError) as e:
                    back.raise_for_error()
                assert (e.value.line, e.value.column, e.value.kind) == (
                    c.error.line, c.error.column, c.error.kind)


def test_check_equality_is_the_report(tmp_path):
    checks, _ = _checks("pylos", tmp_path)
    bad = [c for c in checks if not c.ok]
    good = [c for c in checks if c.ok]
    assert bad[0] != good[0] and bad[0] != bad[0].error and bad[0].error != str(bad[0].error)
    assert len({c.to_json() for c in checks}) == len(set(checks))
    # A problem differs from one with another field.
    p = bad[0].error
    state = p.__reduce__()[1]
    assert state == (p.kind, p.line, p.column, p.ply, p.message, p.rendered)
    other = p.__reduce__()[0](*state[:1], state[1] + 1, *state[2:])
    assert other != p and other.line == p.line + 1
    with pytest.raises(ValueError) as e:
        p.__reduce__()[0]("nonsense", *state[1:])
    assert str(e.value) == 'unknown problem kind "nonsense": expected one of parse, illegal, mismatch, setup, limit, io'


@pytest.mark.parametrize("game", GAMES)
def test_near_misses_pickle_and_copy(game, tmp_path):
    _, misses = _checks(game, tmp_path)
    assert misses
    for m in misses:
        for back in roundtrips(m):
            assert type(back) is g.NearMiss
            assert back == m and hash(back) == hash(m)
            assert back.record == m.record
            assert (back.mutation, back.kind, back.ply, back.line, back.column) == (
                m.mutation, m.kind, m.ply, m.line, m.column)
            # The error a checker must report is still the one it reports.
            e = back.record.check().error
            assert e is not None and e.kind == m.kind
    assert len(misses) > 1 and misses[0] != misses[1]


def test_equality_with_another_type_defers_to_it(tmp_path):
    """`check == mock.ANY` (and `[checks] == [ANY, ...]` in a user's test) asks the other
    object when a Check, Problem, NearMiss, Record or Position does not know its type."""
    from unittest import mock

    checks, misses = _checks("pylos", tmp_path)
    bad = [c for c in checks if not c.ok][0]
    objects = [bad, bad.error, misses[0], misses[0].record, g.Position.start("pylos")]
    for o in objects:
        assert o == mock.ANY and [o] == [mock.ANY]
        assert (o == 1) is False and (o != 1) is True
