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
