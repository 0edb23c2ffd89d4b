"""Reading from file objects: one shared by threads, one that calls back into its reader, an
interrupt or error raised inside read(), junk numbered as `gamenote check` numbers it; the
Dask helpers refuse bad arguments before any work."""

import subprocess
import sys
import textwrap

import pytest

import gamenote as g

REC = b'[Game "Pylos"]\n\n1b2 1c3 *\n\n'


def run(code: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Runs `code` in a fresh interpreter, so that a hang fails the test instead of pytest."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True, text=True, timeout=timeout,
    )


def test_records_of_a_file_object_shared_by_two_threads_all_come_once(tmp_path):
    # Two threads drain one Records over an unbuffered file: the file's read() releases
    # the GIL, and a thread waiting for the reader must not hold it (this hung).
    path = tmp_path / "shared.pylos"
    path.write_bytes(REC * 3000)
    p = run(f"""
        import threading, gamenote
        f = open({str(path)!r}, "rb", buffering=0)
        it = gamenote.read(f, game="pylos")
        seen = [[], []]
        def work(i):
            for r in it:
                seen[i].append(r.index)
        ts = [threading.Thread(target=work, args=(i,)) for i in range(2)]
        for t in ts: t.start()
        for t in ts: t.join()
        print(sorted(seen[0] + seen[1]) == list(range(1, 3001)))
    """)
    assert (p.returncode, p.stdout, p.stderr) == (0, "True\n", "")


def test_next_from_inside_the_sources_read_raises_instead_of_hanging():
    # As a generator does ("generator already executing"): a ValueError, not a deadlock.
    p = run("""
        import gamenote
        class Evil:
            def __init__(s): s.it = None; s.k = 0
            def read(s, n=-1):
                s.k += 1
                if s.k == 2:
                    try:
                        next(s.it)
                    except ValueError as e:
                        print("inner", type(e).__name__, e)
                return b'[Game "Pylos"]\\n\\n1b2 *\\n\\n' if s.k < 4 else b""
        e = Evil(); e.it = gamenote.read(e)
        print(len(list(e.it)))
    """, timeout=30)
    assert p.returncode == 0, p.stderr
    assert p.stdout == (
        "inner ValueError the records are already being read (next() called from inside "
        "the source's read())\n3\n"
    )


@pytest.mark.parametrize("exc", [KeyboardInterrupt, SystemExit])
def test_an_interrupt_raised_by_read_is_not_turned_into_a_record_error(exc):
    class Interrupted:
        def __init__(self):
            self.k = 0

        def read(self, n=-1):
            self.k += 1
            if self.k == 1:
                return REC
            raise exc()

    # The record before the interrupt is not known to be complete (its movetext could go
    # on), so the interrupt comes first: as itself, not as a GamenoteError of the record.
    it = g.read(Interrupted())
    with pytest.raises(exc):
        next(it)


def test_an_error_raised_by_read_is_a_gamenote_error_with_its_place():
    class Broken:
        def __init__(self):
            self.k = 0

        def read(self, n=-1):
            self.k += 1
            if self.k == 1:
                return REC
            raise OSError("disk gone")

    # The record before the error is not known to be complete: the error, placed after it.
    it = g.read(Broken())
    with pytest.raises(g.GamenoteError) as e:
        next(it)
    assert (e.value.kind, e.value.line, e.value.column) == ("io", 5, 1)
    assert str(e.value) == "5:1: expected readable input, found an I/O error: OSError: disk gone"
    with pytest.raises(StopIteration):
        next(it)


@pytest.mark.parametrize(
    "tail, found",
    [
        ('[Game "Pylos"]\n\n1b2 1b2 *\n', '"[Game"'),
        ("garbage\n", '"garbage"'),
        ("1b2 1c3 *\n", '"1b2"'),
    ],
)
def test_a_record_made_of_two_records_or_junk_does_not_check_ok(tail, found):
    # Record(text) of more than one record checked only the first (ok) while moves() and
    # tags raised at the second: the verdict is that parse error.
    rec = g.Record(REC.decode() + tail)
    c = rec.check()
    assert not c.ok
    assert (c.error.kind, c.error.line, c.error.column) == ("parse", 5, 1)
    assert c.error.message == f"expected the end of the record, found {found}"
    with pytest.raises(g.GamenoteError) as e:
        rec.moves()
    assert (e.value.line, e.value.column, e.value.message) == (5, 1, c.error.message)


def test_junk_is_numbered_as_gamenote_check_numbers_it():
    # Junk after a record was handed out as a Record that took a number: later records
    # were numbered past `gamenote check`'s (record 3 where check says 2), and the junk's
    # message named the wrong record. Junk is now raised where it stands, takes no number,
    # and the records after it come next, as `gamenote check --json` reports them.
    text = REC.decode() + "garbage here\n" + '[Game "Pylos"]\n\n1b2 1c3 *\n\n1b2 *\n'
    it = g.reads(text)
    got = []
    while True:
        try:
            r = next(it)
        except StopIteration:
            break
        except g.GamenoteError as e:
            got.append(("junk", e.kind, e.line, e.column, e.message))
        else:
            got.append((r.index, r.check().ok, r.line))
    assert got == [
        (1, True, 1),
        ("junk", "parse", 5, 1,
         'expected a tag pair or the end of input, found "garbage"'),
        (2, True, 6),
        ("junk", "parse", 10, 1,
         'expected a tag pair or the end of input, found "1b2"'),
    ]


class NoCluster:
    """A Dask client that fails the test if any work is sent to it."""

    def __getattr__(self, name):
        raise AssertionError(f"work was sent to the cluster ({name}) before the arguments were checked")


@pytest.mark.parametrize(
    "kw, message",
    [
        ({"keep": "bogus"}, "keep is 'bogus': expected 'failed' or 'all'"),
        ({"mode": "bogus"}, 'unknown mode "bogus": expected "strict" or "lenient"'),
        ({"game": "chess"}, 'unknown game "chess": expected one of pylos, gipf, threeman, pylon'),
    ],
)
def test_check_archive_refuses_bad_arguments_before_any_work(tmp_path, kw, message):
    # keep="bogus" was taken as "failed"; a bad mode or game failed on every worker.
    from gamenote.dask import check_archive

    path = tmp_path / "a.pylos"
    path.write_bytes(REC)
    with pytest.raises(ValueError) as e:
        check_archive(NoCluster(), str(path), count=2, **kw)
    assert str(e.value) == message


@pytest.mark.parametrize("kw", [{"mode": "bogus"}, {"game": "chess"}])
def test_export_archive_with_a_bad_argument_deletes_nothing(tmp_path, kw):
    # With existing_data_behavior="delete_matching", a misspelt mode emptied the dataset's
    # directory, then every worker failed.
    from gamenote.dask import export_archive

    path = tmp_path / "a.pylos"
    path.write_bytes(REC)
    out = tmp_path / "dataset"
    out.mkdir()
    (out / "part-00000.parquet").write_bytes(b"an earlier run")
    with pytest.raises(ValueError):
        export_archive(NoCluster(), str(path), str(out), count=2,
                       existing_data_behavior="delete_matching", **kw)
    assert (out / "part-00000.parquet").read_bytes() == b"an earlier run"


def test_to_arrow_of_an_unnamed_file_object_tells_the_game_as_export_of_stdin(tmp_path):
    # A mixed archive through a file object: TypeError without game=, and with game= every
    # record of another game became an error row; `gamenote export -` takes the game from
    # the first record's [Game] tag, as a path's reading does.
    import io

    text = ('[Game "GIPF"]\n[Rules "basic"]\n\n*\n\n' + REC.decode()) * 3
    path = tmp_path / "mixed.txt"
    path.write_text(text)
    whole = g.to_arrow(str(path))
    got = g.to_arrow(io.BytesIO(text.encode()), name=str(path))
    assert got.equals(whole)
    assert got.column("game").to_pylist() == ["gipf", "pylos"] * 3
    assert got.column("ok").to_pylist() == [True] * 6
    with pytest.raises(TypeError) as e:
        g.to_arrow(io.BytesIO(b"1b2 *"))
    assert str(e.value) == (
        "to_arrow of a file object needs game= unless its first record's [Game] tag or its "
        "name tells the game"
    )


@pytest.mark.parametrize("exc", [KeyboardInterrupt, SystemExit])
def test_an_interrupt_raised_by_read_stops_to_arrow(exc):
    # It became a row with an I/O error and to_arrow returned a table.
    class Interrupted:
        def __init__(self):
            self.k = 0

        def read(self, n=-1):
            self.k += 1
            if self.k == 1:
                return REC
            raise exc()

    with pytest.raises(exc):
        g.to_arrow(Interrupted(), game="pylos")
