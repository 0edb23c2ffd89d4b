"""Set-ups through the package: set-ups that decide the game, impossible set-ups and records
that say their set-up twice."""
import copy
import pickle

import pytest
import gamenote as g

STUCK = "bwwwwwwwwwwwwwwb/bbbbwbbbb/..../. w 0 5"


def test_a_pylos_position_that_decides_the_game_has_its_outcome():
    # White to move, stuck: Black has won. It read with no outcome and no legal move.
    p = g.Position(STUCK, game="pylos")
    assert p.outcome == "0-1"
    assert p.legal_moves() == []
    assert str(p) == STUCK + " 0-1"
    assert p == g.Position(STUCK + " 0-1", game="pylos")
    assert hash(p) == hash(g.Position(STUCK + " 0-1", game="pylos"))
    assert pickle.loads(pickle.dumps(p)) == p
    assert copy.deepcopy(p).outcome == "0-1"
    # The record of it says the same.
    rec = next(g.reads('[Position "%s"]\n\n0-1\n' % STUCK, game="pylos"))
    assert rec.check().ok and rec.position().outcome == "0-1"


def test_a_full_gipf_board_is_refused():
    with pytest.raises(g.GamenoteError) as e:
        g.Position("o" * 37 + " W=5 lostW=0 B=5 lostB=0 next=x", game="gipf", rules="basic")
    assert (e.value.line, e.value.column) == (1, 1)
    assert "expected at most 36 pieces on the board" in str(e.value)


def test_a_second_position_tag_is_an_error_at_its_value():
    text = (
        '[Game "Pylos"]\n[Position "................/........./..../. w 15 15"]\n'
        '[Position "w...b.........../........./..../. w 14 14"]\n\n1. 1b2 *\n'
    )
    it = g.reads(text + '\n[Game "Pylos"]\n\n1b2 *\n')
    with pytest.raises(g.GamenoteError) as e:
        next(it)
    assert (e.value.kind, e.value.line, e.value.column) == ("parse", 3, 12)
    assert e.value.message.startswith("expected the value of the record's first [Position] tag")
    # It takes its number, as in `gamenote check`, and the next record is read.
    rec = next(it)
    assert (rec.index, rec.check().ok) == (2, True)
