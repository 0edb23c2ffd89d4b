"""Read, check, write and convert the written records of Pylos, GIPF, three-man chess
and Pylon.

>>> import gamenote
>>> rec = next(gamenote.reads("1b2 1c3 *", game="pylos"))
>>> rec.check().ok, rec.moves(), rec.moves("numeric")
(True, ['1b2', '1c3'], ['6', '11'])
"""

from ._native import (
    ArrowStream,
    Check,
    GamenoteError,
    Generated,
    NearMiss,
    Position,
    Problem,
    Record,
    Records,
    UnknownGameError,
    check_range_json,
    count_range_lines,
    count_range_records,
    games,
    generate,
    arrow_stream,
    near_misses,
    read,
    reads,
    shard_arrow_stream,
    shard_ranges,
    styles,
)

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


def to_arrow(source, *, plies=False, game=None, mode="strict", name=None):
    """The export table of `source` (a path, os.PathLike, a list of paths, or a file
    object) as a pyarrow Table: the records table (docs/export.md), or with `plies=True`
    the plies table; the same rows and columns as `gamenote export --to parquet` writes.
    The columns cross from Rust to pyarrow through the Arrow C stream interface, uncopied.
    Needs pyarrow (`pip install pyarrow`)."""
    import pyarrow

    stream = arrow_stream(source, plies=plies, game=game, mode=mode, name=name)
    return pyarrow.table(stream)
