"""Python says every failure as the library and `gamenote check --json` do: the same kind
word (`gamenote::ErrorKind`), line and column in the whole source, and junk's record as a
number, never written into its message."""

import json

import pytest

import gamenote as g

GOOD = '[Game "Pylos"]\n\n1b2 1c3 *\n'


def test_a_set_up_error_is_setup_as_in_check_json():
    rec = g.Record('[Game "Pylos"]\n[Rules "chess"]\n1b2 *\n')
    c = rec.check()
    assert (c.error.kind, c.error.line, c.error.column) == ("setup", 2, 9)
    assert json.loads(c.to_json())["error"]["kind"] == "setup"


def test_an_unknown_game_tag_is_an_error_at_its_value():
    text = GOOD + '\n[Event "x"]\n[Game "Chess"]\n\n1. e4 e5 *\n'
    it = g.reads(text)
    assert next(it).index == 1
    with pytest.raises(g.GamenoteError) as e:
        next(it)
    assert (e.value.kind, e.value.line, e.value.column) == ("parse", 6, 8)
    assert '"Chess"' in e.value.message and "Three-man chess" in e.value.message
    with pytest.raises(g.GamenoteError) as e:
        g.Record('[Game "Chess"]\n\n1. e4 e5 *\n')
    assert (e.value.line, e.value.column) == (1, 8)


def test_junk_names_its_record_by_number_not_in_its_message():
    it = g.reads(GOOD + "stray words\n\n" + GOOD + "more junk\n")
    got = []
    while True:
        try:
            r = next(it)
        except StopIteration:
            break
        except g.GamenoteError as e:
            got.append((e.kind, e.line, e.message, e.rendered.split("\n")[0]))
        else:
            got.append(r.index)
    assert got == [
        1,
        ("parse", 4, 'expected a tag pair or the end of input, found "stray"',
         '<string>:4:1: junk after record 1: expected a tag pair or the end of input, found "stray"'),
        2,
        ("parse", 9, 'expected a tag pair or the end of input, found "more"',
         '<string>:9:1: junk after record 2: expected a tag pair or the end of input, found "more"'),
    ]
