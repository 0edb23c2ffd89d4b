"""Paths and names as Python hands them over: str with surrogate escapes, bytes, os.PathLike,
and a file object's bytes name, which tells the game by its extension."""
import os
import sys

import pytest
import gamenote as g

RECORD = b'[Game "Pylos"]\n\n1b2 1c3 *\n\n[Game "Pylos"]\n\n1b2 zz *\n'

needs_posix_names = pytest.mark.skipif(
    sys.platform == "win32" or sys.getfilesystemencoding() != "utf-8",
    reason="file names of any bytes are a POSIX matter",
)


@needs_posix_names
def test_a_path_that_is_not_utf8_is_read_as_the_cli_reads_it(tmp_path):
    # `gamenote check` reads a file of any name; gamenote.read and to_arrow raised
    # UnicodeEncodeError for the str os.listdir gives (with surrogate escapes) and
    # TypeError for bytes, while shard_ranges read it.
    raw = os.fsencode(str(tmp_path)) + b"/bad\xff.pylos"
    with open(raw, "wb") as f:
        f.write(RECORD)
    as_str = os.fsdecode(raw)
    for source in (as_str, raw):
        recs = g.read(source)
        first = next(recs)
        assert first.moves() == ["1b2", "1c3"]
        with pytest.raises(g.GamenoteError):
            next(recs).check().raise_for_error()
        t = g.to_arrow(source)
        assert t.column("ok").to_pylist() == [True, False]
        assert t.column("error_column").to_pylist() == [None, 5]
        assert t.column("file").to_pylist() == [raw.decode("utf-8", "replace")] * 2
    assert g.to_arrow([as_str, raw]).num_rows == 4


def test_a_bytes_path_tells_the_game_by_its_extension(tmp_path):
    # No [Game] tag: the extension of the path tells the game, given as str or bytes.
    p = tmp_path / "a.pylos"
    p.write_bytes(b"1b2 1c3 *\n")
    for source in (str(p), os.fsencode(str(p))):
        assert [r.game for r in g.read(source)] == ["pylos"]
        assert g.to_arrow(source).column("plies").to_pylist() == [2]


def test_a_file_object_opened_by_a_bytes_name_tells_the_game_by_it(tmp_path):
    # open(b"a.pylos").name is bytes: it was dropped for "<file>", so a record without a
    # [Game] tag had no game, though the same file opened by its str name had one.
    p = tmp_path / "a.pylos"
    p.write_bytes(b"1b2 1c3 *\n")
    with open(os.fsencode(str(p)), "rb") as f:
        assert [r.game for r in g.read(f)] == ["pylos"]
    with open(os.fsencode(str(p)), "rb") as f:
        assert g.to_arrow(f).column("plies").to_pylist() == [2]
