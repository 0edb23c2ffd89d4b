"""Read, check, write and convert the written records of Pylos, GIPF, three-man chess
and Pylon.

>>> import gamenote
>>> rec = next(gamenote.reads("1b2 1c3 *", game="pylos"))
>>> rec.check().ok, rec.moves(), rec.moves("numeric")
(True, ['1b2', '1c3'], ['6', '11'])
"""

from ._native import (
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
    games,
    generate,
    near_misses,
    read,
    reads,
    shard_ranges,
    styles,
)

__all__ = [
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
    "games",
    "generate",
    "near_misses",
    "read",
    "reads",
    "shard_ranges",
    "styles",
]
