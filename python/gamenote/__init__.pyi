"""Read, check, write and convert the written records of Pylos, GIPF, three-man chess and Pylon."""

import os
from typing import IO, TYPE_CHECKING, Any, Iterator, List, Optional, Sequence, Tuple, Union

if TYPE_CHECKING:
    import pyarrow

__all__ = [
    "ArrowStream",
    "Check",
    "GamenoteError",
    "Generated",
    "NearMiss",
    "Position",
    "Problem",
    "Record",
    "Records",
    "UnknownGameError",
    "check_range_json",
    "count_range_lines",
    "count_range_records",
    "games",
    "generate",
    "near_misses",
    "read",
    "reads",
    "shard_arrow_stream",
    "shard_ranges",
    "styles",
    "arrow_stream",
    "to_arrow",
]

class GamenoteError(ValueError):
    """A record, move or position that does not read or breaks the rules."""

    kind: str
    """One word of the library's `ErrorKind`, the same as `gamenote check --json` writes:
    `parse`, `illegal`, `mismatch`, `setup`, `limit` or `io`."""
    line: int
    """1-based line in the source."""
    column: int
    """1-based column in the source."""
    ply: Optional[int]
    """1-based ply of the offending move, when there is one."""
    message: str
    """The message in words."""
    rendered: str
    """The message with the file name, line and column (and the caret when known)."""

class UnknownGameError(GamenoteError):
    """A record whose game nothing tells: no [Game] tag of its own, no `game` keyword, and
    neither the source's first record nor its name's extension."""

class Problem:
    """An error or a warning of a check, with its place. `str()` gives `line:column: message`.

    Pickles and copies as its fields; equal (and hashed) by them."""

    kind: str
    line: int
    column: int
    ply: Optional[int]
    message: str
    rendered: str
    def exception(self) -> GamenoteError:
        """The exception this problem raises."""
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

class Check:
    """The verdict on one record; true when the record parsed and every move was legal.

    Pickles and copies as its report (what `to_json` writes, the rendered problems
    included); equal (and hashed) by it."""

    ok: bool
    plies: int
    """Moves replayed legally."""
    result: Optional[str]
    """The result the replay reached (`1-0`, `*`, ...)."""
    error: Optional[Problem]
    """The first error, if any."""
    warnings: List[Problem]
    """Mismatches accepted in lenient reading."""
    def to_json(self) -> str:
        """The report as `gamenote check --json` writes it."""
    def raise_for_error(self) -> None:
        """Raises the error as a `GamenoteError`, if there is one."""
    def __bool__(self) -> bool: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

class Record:
    """One record: its text as read, where it stood, parsed and checked when asked.

    `str()` writes it as the library prints records (tags, a blank line, the movetext).
    """

    def __init__(self, text: str, *, game: Optional[str] = None, mode: str = "strict") -> None:
        """One record from its text. `game` is `gamenote --game`: the game of a record
        without a [Game] tag, and a record tagged with another game raises GamenoteError at
        its tag; without it the record's game is its [Game] tag."""
    game: str
    """`pylos`, `gipf`, `threeman` or `pylon`."""
    text: str
    """The text as read."""
    index: int
    """1-based index in its source."""
    line: int
    """1-based line where the record starts in its source."""
    offset: int
    """Byte offset of the record in its source."""
    tags: dict[str, str]
    """The tags in their order (raises GamenoteError if the record does not parse)."""
    result: Optional[str]
    """The result written at the end of the record."""
    def tag(self, name: str) -> Optional[str]:
        """The value of one tag, or None."""
    def moves(self, style: Optional[str] = None) -> List[str]:
        """The moves as written, or rewritten in `style` (see `styles(game)`)."""
    def check(self, *, mode: Optional[str] = None) -> Check:
        """The one-pass check of `gamenote check` ("strict" or "lenient"; the reading's mode if None)."""
    def convert(self, style: Optional[str] = None) -> "Record":
        """The record with every move rewritten in `style` (the game's default style if None)."""
    def position(self, ply: Optional[int] = None) -> "Position":
        """The position after `ply` moves: 0 the start, None the end, negative from the end."""
    def _repr_svg_(self) -> Optional[str]: ...
    def __eq__(self, other: object, /) -> bool:
        """Equal when of the same game and mode, with the same text, from the same place
        (source name, index, line, offset): what it is pickled as."""
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickled (and copied) as game, text, mode, source name, index, line and offset; the
        check is made again when asked, with the same verdict."""
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...

class Records(Iterator[Record]):
    """The records of a source, read lazily one at a time and checked as they are read.

    An unreadable piece (not UTF-8, a NUL, too long, an I/O error), a record of no known
    game or tagged with another game than `game=`, raises GamenoteError with its line and
    column, numbered as `gamenote check` numbers it; `next()` may be called again after it.
    A record complete before bad bytes or the 16 MiB record limit is read as usual, and only
    what follows it is junk, as `gamenote check` reports it.
    """

    def __iter__(self) -> "Records": ...
    def __next__(self) -> Record:
        """The next record. An unreadable piece, or junk after a record (no record: it takes
        no number), raises `GamenoteError` with its line and column; `next()` may be called
        again after it."""
    def __repr__(self) -> str: ...

class Position:
    """A position: side to move, legal moves, play, outcome, `str()` the position string, SVG."""

    def __init__(self, text: str, *, game: str, rules: Optional[str] = None) -> None:
        """The position a position string gives (as in a [Position] tag)."""
    @staticmethod
    def start(game: str, *, rules: Optional[str] = None) -> "Position":
        """The start position of `game` under `rules` (its default rules if None)."""
    game: str
    to_move: int
    """The seat to move: 0 for the first player."""
    outcome: Optional[str]
    """`1-0`, `0-1`, `1/2-1/2`, `1-0-0`, ... once the game is over, else None."""
    def legal_moves(self, style: Optional[str] = None) -> List[str]:
        """The legal moves written in `style` (the game's default style if None)."""
    def play(self, move: str) -> "Position":
        """The position after `move`, written in any of the game's notations."""
    def svg(self) -> Optional[str]:
        """The SVG picture."""
    def _repr_svg_(self) -> Optional[str]: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickled (and copied) as the game, the position string and the tags of its rules
        (`[Rules]`, Pylon's `[Size]`), which the string does not carry."""
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...

class NearMiss:
    """A legal record with one thing made wrong, and the error a checker must report.

    Pickles and copies as its record and fields; equal (and hashed) by them."""

    record: Record
    mutation: str
    kind: str
    ply: Optional[int]
    line: Optional[int]
    column: Optional[int]
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

class Generated(Iterator):
    """Generated records (or NearMiss values), made lazily."""

    def __iter__(self) -> "Generated": ...
    def __next__(self): ...
    def __len__(self) -> int: ...

def read(
    source: Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]", IO[bytes], IO[str]],
    *,
    game: Optional[str] = None,
    mode: str = "strict",
    name: Optional[str] = None,
) -> Records:
    """Records read lazily from a path or a file object, each checked as `gamenote check`
    checks it. `game` is `gamenote --game`: the game of records without a [Game] tag, and a
    record tagged with another game raises GamenoteError at its tag; without it each
    record's game is its own [Game] tag, else the source's (its first record's tag, else
    the extension of its path or `name`)."""

def reads(
    text: Union[str, bytes], *, game: Optional[str] = None, mode: str = "strict", name: Optional[str] = None
) -> Records:
    """Records read lazily from a str or bytes; `game` as in `read` (`name`'s extension
    may tell the default game)."""

def generate(
    game: str, *, count: int = 1, seed: int = 0, plies: int = 40, rules: Optional[str] = None, size: Optional[int] = None
) -> Generated:
    """`count` legal games from `seed` (each record's seed mixed from `seed` and its index), as `gamenote generate` makes them."""

def near_misses(
    game: str, *, count: int = 1, seed: int = 0, plies: int = 40, rules: Optional[str] = None, size: Optional[int] = None
) -> Generated:
    """Near misses of `count` legal games from `seed`, as `gamenote generate --illegal` makes them."""

def games() -> List[str]:
    """The games' names: pylos, gipf, threeman, pylon."""

def styles(game: str) -> List[str]:
    """The styles a game's moves can be written in."""

def shard_ranges(path: str, count: int) -> List[Tuple[int, int]]:
    """Record-aligned byte ranges `(start, end)` of the file, at most `count` (no record is
    split; only bytes near the targets are read). Used by `gamenote.dask`. A `count` below 1
    raises ValueError.

    The functions below that take a range raise ValueError naming both bounds when
    `start` is after `end` or a bound is negative, and when a count of lines or records
    before it is negative; an empty range holds nothing."""

def count_range_lines(path: str, start: int, end: int) -> int:
    """The line ends in bytes `start..end` of the file, as the record cutter counts them."""

def count_range_records(
    path: str, start: int, end: int, lines_before: int, game: Optional[str] = None, mode: str = "strict"
) -> int:
    """The records of a shard as `gamenote check` counts them (junk is none), read for
    syntax only: what `gamenote.dask.export_archive` numbers each shard's rows from."""

def shard_arrow_stream(
    path: str,
    start: int,
    end: int,
    lines_before: int,
    records_before: int,
    *,
    plies: bool = False,
    game: Optional[str] = None,
    mode: str = "strict",
) -> ArrowStream:
    """The export table of a shard's records (records table, or plies table with
    `plies=True`), numbered and placed as in the whole file's table; read it with
    `pyarrow.table(stream)`. Used by `gamenote.dask.export_shard`."""

def check_range_json(
    path: str, start: int, end: int, lines_before: int, game: Optional[str] = None, mode: str = "strict"
) -> List[str]:
    """The verdicts on the records of a shard as `gamenote check --json` lines, not yet
    numbered (see `gamenote.dask.number`)."""

class ArrowStream:
    """An export table as an Arrow C stream (the Arrow PyCapsule interface): any consumer
    of `__arrow_c_stream__` (pyarrow.table, Polars, DuckDB) imports it without a copy; the
    stream can be taken once."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...
    def __repr__(self) -> str: ...

def arrow_stream(
    source: Union[str, bytes, "os.PathLike[str]", Sequence[Union[str, bytes, "os.PathLike[str]"]], IO[bytes], IO[str]],
    *,
    plies: bool = False,
    game: Optional[str] = None,
    mode: str = "strict",
    name: Optional[str] = None,
) -> ArrowStream:
    """The export table of `source` (records table, or plies table with `plies=True`) as an
    Arrow C stream, for consumers other than pyarrow."""

def to_arrow(
    source: Union[str, bytes, "os.PathLike[str]", Sequence[Union[str, bytes, "os.PathLike[str]"]], IO[bytes], IO[str]],
    *,
    plies: bool = False,
    game: Optional[str] = None,
    mode: str = "strict",
    name: Optional[str] = None,
) -> "pyarrow.Table":
    """The export table of `source` (a path, a list of paths or a file object) as a pyarrow
    Table, without a file: the records table (docs/export.md), or the plies table with
    `plies=True`; the same rows as `gamenote export --to parquet`. `game` is `--game` (a
    record tagged with another game is a row with its error); without it each record's game
    is its own [Game] tag, else the file's (its first record's tag, else its name's
    extension)."""
