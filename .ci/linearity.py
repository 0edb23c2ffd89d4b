#!/usr/bin/env python3
"""Linearity check: hostile inputs at 1 MB and 4 MB through the release binary.

For each pattern the CPU time of the command at 4 MB must be at most 8 times its time at
1 MB (4x the input; linear work gives about 4x, quadratic 16x). Ratios, not absolute
times: the 1 MB time is floored at FLOOR seconds so that start-up noise cannot make a
ratio. Each pattern is also checked with `--threads 2` at 4 MB and 16 MB: a file over
2 MiB is cut into 1 MiB shards first (stream::shard_bounds), a path the one-thread run
never takes (its search once read to the end of the file for every target: quadratic).
Usage: linearity.py BINARY [PATTERN-FILTER]
"""
import os
import random
import resource
import subprocess
import sys
import tempfile

FLOOR = 0.05
LIMIT = 8.0
MB = 1 << 20

GAMES = {
    "pylos": {
        "ext": "pylos",
        "head": '[Game "Pylos"]\n',
        "record": '[Game "Pylos"]\n1. 1b2 1c3 2. 1c4 1c2 *\n\n',
        "moves": "1b2 1c3 1c4 1c2 ",
        "bad": "1b2 zz *\n",
        # Pylos games are short: many records carry the many warnings.
        "warn": '[Game "Pylos"]\n1b2+ 1c3+ 1c4+ 1c2+ *\n\n',
        "warn_repeat_record": True,
        "style": "canonical",
    },
    "gipf": {
        "ext": "gipf",
        "head": '[Game "GIPF"]\n[Rules "basic"]\n',
        "record": '[Game "GIPF"]\n[Rules "basic"]\n1.a1-b2 (11) i1-h2 (11) *\n\n',
        "moves": "1.a1-b2 (11) i1-h2 (11) ",
        "bad": "1.zz *\n",
        "warn": '[Game "GIPF"]\n[Rules "basic"]\n1.a1-b2 (3) i1-h2 (3) *\n\n',
        "warn_repeat_record": True,
        "style": "complete",
    },
    "threeman": {
        "ext": "3mc",
        "head": '[Game "Three-man chess"]\n',
        "record": '[Game "Three-man chess"]\n1. WHNa3 GRNa3 BLNa3 2. WHNb1 GRNb1 BLNb1 *\n\n',
        "moves": "WHNa3 GRNa3 BLNa3 WHNb1 GRNb1 BLNb1 ",
        "bad": "1. WHzz *\n",
        # One record, one warning per ply (issue 12 item 15).
        "warn": "WHNa3+ GRNa3+ BLNa3+ WHNb1+ GRNb1+ BLNb1+ ",
        "warn_repeat_record": False,
        "style": "canonical",
    },
    "pylon": {
        "ext": "pylon",
        "head": '[Game "Pylon"]\n[Size "3"]\n',
        "record": '[Game "Pylon"]\n[Size "3"]\n1. 1a1 1b1 2. 1a2 1c2 *\n\n',
        "moves": "1a1 1b1 1a2 1c2 ",
        "bad": "1. zz *\n",
        "warn": '[Game "Pylon"]\n[Size "3"]\n1. 1a1 1b1 2. 1a2 1c2 1-0 {W 9 B 9}\n\n',
        "warn_repeat_record": True,
        "style": "canonical",
    },
}


def fill(unit, size):
    return unit * max(1, size // len(unit))


def patterns(g):
    """(name, make(size) -> bytes, extra args) for a game."""
    h, rec, mv, bad = g["head"], g["record"], g["moves"], g["bad"]
    rng = random.Random(7)

    def warn(size):
        if g["warn_repeat_record"]:
            return fill(g["warn"], size)
        return h + fill(g["warn"], size) + "*\n"

    def random_bytes(size):
        alphabet = b'[]{}"\\\n\r \t1abcdGWHNx-.*()'
        return bytes(rng.choice(alphabet) for _ in range(size))

    numeric = g is GAMES["pylos"]
    many_tags_tail = '[Style "numeric"]\n1. 6 11 *\n' if numeric else mv + "*\n"
    return [
        ("many good records", lambda n: fill(rec, n), []),
        ("unclosed comment, then broken records",
         lambda n: h + "{oops\n" + fill("\n" + h + bad, n), []),
        ("many tags before the moves",
         lambda n: h + fill('[Event "x"]\n', n) + many_tags_tail, []),
        ("one long record", lambda n: h + fill(mv, n) + "*\n", []),
        ("warning on every ply (lenient)", warn, ["--lenient"]),
        ("many broken records", lambda n: fill(h + bad + "\n", n), []),
        ("many comments between moves", lambda n: h + fill("{c} ", n) + mv + "*\n", []),
        ("many move numbers", lambda n: h + fill("1. ", n) + "*\n", []),
        ("one long comment", lambda n: h + "{" + "x" * n + "}\n" + mv + "*\n", []),
        ("escaped quotes and braces in tags",
         lambda n: fill('[Event "a\\"{"]\n' + rec, n), []),
        ("unclosed tag values", lambda n: fill('[Event "abc\n', n), []),
        ("bracket lines and open comments", lambda n: fill("[\n{\n[x]\n", n), []),
        ("CR line ends", lambda n: fill(rec.replace("\n", "\r"), n), []),
        ("random bytes", random_bytes, []),
        ("the same, as JSON", lambda n: fill(h + bad + "\n" + rec, n), ["--json"]),
    ]


TIMEOUT = 60


def cpu(cmd):
    """CPU seconds of one run of cmd (best of two); a run over TIMEOUT wall seconds counts
    as TIMEOUT and is not repeated."""
    best = None
    for _ in range(2):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=False, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return float(TIMEOUT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = t if best is None else min(best, t)
    return best


def main():
    binary = sys.argv[1]
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for game, g in GAMES.items():
            for name, make, extra in patterns(g):
                if only and only not in name:
                    continue
                for threads, small in (("1", MB), ("2", 4 * MB)):
                    # A busy machine can slow one run; a quadratic pattern is slow every
                    # time, so a pattern fails only when three measurements all exceed the
                    # limit.
                    for attempt in range(3):
                        times = []
                        for size in (small, 4 * small):
                            data = make(size)
                            data = data if isinstance(data, bytes) else data.encode()
                            path = os.path.join(tmp, f"input.{g['ext']}")
                            with open(path, "wb") as f:
                                f.write(data)
                            times.append(
                                cpu([binary, "check", "--threads", threads, *extra, path]))
                        ratio = times[1] / max(times[0], FLOOR)
                        if ratio <= LIMIT:
                            break
                    verdict = "ok" if ratio <= LIMIT else "SUPER-LINEAR"
                    sizes = f"{small // MB}MB {times[0]:6.3f}s {4 * small // MB}MB {times[1]:6.3f}s"
                    print(f"{game:9} {name:42} -j{threads} {sizes:>26} "
                          f"ratio {ratio:5.2f} {verdict}"
                          + (f" (try {attempt + 1})" if attempt else ""), flush=True)
                    if ratio > LIMIT:
                        failures.append(f"{game}: {name} (--threads {threads})")
    if failures:
        print("super-linear:", *failures, sep="\n  ")
        sys.exit(1)
    print("linearity: every pattern within", LIMIT, "x")


if __name__ == "__main__":
    main()
