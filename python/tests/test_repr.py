"""What `repr()` says reads back and does not leak Rust's spelling; every public method has a
docstring."""
import pytest
import gamenote as g


@pytest.mark.parametrize(
    "game,rules",
    [
        ("gipf", "tournament"),
        ("gipf", "basic"),
        ("gipf", "standard,last-gipf=white-loses"),
        ("pylon", "standard,suicide=group"),
        ("pylos", "alignment,takeback=optional"),
        ("pylos", None),
        ("threeman", None),
    ],
)
def test_a_positions_repr_reads_back_as_the_same_position(game, rules):
    # repr() of a tournament GIPF position left its rules out: eval() of it raised
    # GamenoteError ("opening= is for the tournament game"), and other rules read back
    # as the defaults, with other legal moves.
    p = g.Position.start(game, rules=rules)
    p = p.play(p.legal_moves()[0])
    q = eval(repr(p), {"Position": g.Position})
    assert q == p
    assert q.legal_moves() == p.legal_moves()
    assert q.outcome == p.outcome
    if rules is None:
        assert repr(p) == f"Position({str(p)!r}, game={game!r})".replace("'", '"')


def test_a_position_of_default_rules_has_no_rules_in_its_repr():
    p = g.Position.start("pylos")
    assert repr(p) == 'Position("................/........./..../. w 15 15", game="pylos")'
    t = g.Position.start("gipf", rules="tournament")
    assert repr(t).endswith(', game="gipf", rules="tournament")')


def test_a_near_miss_repr_speaks_python():
    # It printed Rust's Option: "at ply Some(24), line None, column None".
    nm = next(g.near_misses("pylos", count=1))
    assert (nm.kind, nm.ply, nm.line, nm.column) == ("mismatch", 24, None, None)
    assert repr(nm) == (
        "<NearMiss formation marker that the move does not make: "
        "expected mismatch at ply=24, line=None, column=None>"
    )
    assert "Some(" not in repr(nm)


def test_every_public_method_has_a_docstring():
    # Record._repr_svg_ and Position._repr_svg_ had none.
    for cls in (g.Record, g.Position, g.Check, g.Problem, g.NearMiss, g.Records, g.Generated):
        for name in dir(cls):
            if name.startswith("__"):
                continue
            attr = getattr(cls, name)
            if callable(attr):
                assert (attr.__doc__ or "").strip(), f"{cls.__name__}.{name}"
