#!/usr/bin/env python3
"""Memory bounded: each command's peak RSS on large or hostile inputs stays at most 64 MB,
whatever the size of one record (issue 20, item 14); only `html`'s page grows with the
plies it shows (at most 300 bytes a ply, checked below).

Peak RSS comes from wait4's rusage of each run, so no outside tool is needed.
Usage: memory.py BINARY [--export-only]

`export` is measured in both formats when BINARY has Parquet (built with the cli feature
`parquet`, as .ci/run builds target/gamenote-parquet), else as JSON lines only;
`--export-only` runs only the export rows (what .ci/run does with the Parquet binary).
"""
import os
import subprocess
import sys
import tempfile

MB = 1 << 20


def peak(cmd, stdout=subprocess.DEVNULL):
    """Exit code and peak RSS in bytes of one run of cmd."""
    p = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_maxrss * 1024


def has_parquet(binary, tmp):
    """True when `binary export --to parquet` is built in (else a usage error, exit 2)."""
    empty = os.path.join(tmp, "empty.pylos")
    open(empty, "w").close()
    out = os.path.join(tmp, "probe.parquet")
    return subprocess.run([binary, "export", empty, "--to", "parquet", "-o", out],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def export_rows(binary, tmp, inputs):
    """Both tables of `export`, with and without --plies, in each format the binary has."""
    formats = ["jsonl"] + (["parquet"] if has_parquet(binary, tmp) else [])
    if "parquet" not in formats:
        print("export --to parquet: not built into this binary (cli feature `parquet`), "
              "measured as jsonl only")
    rows = []
    for fmt in formats:
        for plies in ([], ["--plies"]):
            for what, f in inputs:
                out = os.path.join(tmp, f"out.{fmt}")
                rows.append((f"export --to {fmt}{''.join(' ' + p for p in plies)}: {what}",
                             [binary, "export", f, "--to", fmt, *plies, "-o", out], 64))
    return rows


def main():
    binary = sys.argv[1]
    export_only = "--export-only" in sys.argv[2:]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        def write(name, head, unit="", count=0, tail=""):
            """head, unit written count times, tail: in pieces, so that this process stays
            small (a child's peak RSS counts what it had before exec)."""
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(head)
                block = unit * 1000
                for _ in range(count // 1000):
                    f.write(block)
                f.write(unit * (count % 1000) + tail)
            return path

        small = '[Game "Pylos"]\n1. 1b2 1c3 2. 1c4 1c2 *\n\n'
        many = write("many.pylos", '[Game "Pylos"]\n1. zz *\n\n', small, 20 * MB // len(small))
        # Six knight moves that bring every knight home: legal for ever, no capture.
        knights = "WHNa3 GRNa3 BLNa3 WHNb1 GRNb1 BLNb1 "
        long3 = write("long.3mc", '[Game "Three-man chess"]\n', knights,
                      16 * MB // len(knights), "*\n")
        gipf = write("long.gipf", '[Game "GIPF"]\n[Rules "basic"]\n1.', "e2/", 3_000_000, " *\n")
        # Records at the 16 MiB limit whose moves turn illegal early: read to the end anyway.
        long_pylos = write("long.pylos", '[Game "Pylos"]\n', "1b2 1c3 ", 16 * MB // 8 - 8, "*\n")
        long_pylon = write("long.pylon", '[Game "Pylon"]\n[Size "5"]\n', "1a1 1b1 ",
                           16 * MB // 8 - 8, "*\n")
        short3 = write("short.3mc", '[Game "Three-man chess"]\n', knights, 30, "*\n")
        # Issue 20, items 11-13, at 1 MB and 16 MB: one record with a warning on every move
        # (each knight move claims a check it does not give: `--lenient` warns), one long legal three-man
        # record to convert, one GIPF half-move of many removal groups.
        checks = "WHNa3+ GRNa3+ BLNa3+ WHNb1+ GRNb1+ BLNb1+ "
        huge = {}
        # Just under the reader's 16 MiB record limit, so that the 16 MB record is read.
        for size, tag in ((1 * MB, "1m"), (16 * MB - 4096, "16m")):
            huge[tag] = {
                "warn": write(f"warn{tag}.3mc", '[Game "Three-man chess"]\n', checks,
                              size // len(checks), "*\n"),
                "three": long3 if tag == "16m" else write(
                    f"long{tag}.3mc", '[Game "Three-man chess"]\n', knights,
                    size // len(knights), "*\n"),
                "gipf": write(f"removals{tag}.gipf", '[Game "GIPF"]\n[Rules "basic"]\n1.e2',
                              "x;", size // 2, " *\n"),
            }
        rows = export_rows(binary, tmp, [
            ("20 MB of small records", many),
            ("16 MB GIPF half-move", huge["16m"]["gipf"]),
        ])
        for tag, f in huge.items():
            rows += [
                (f"check --lenient: {tag} record, a warning a move",
                 [binary, "check", "--lenient", f["warn"]], 64),
                (f"check --lenient --json: {tag} record, a warning a move",
                 [binary, "check", "--lenient", "--json", f["warn"]], 64),
                (f"convert --lenient: {tag} record, a warning a move",
                 [binary, "convert", "--lenient", "--style", "short", f["warn"]], 64),
                (f"convert: {tag} legal three-man record",
                 [binary, "convert", "--style", "long", f["three"]], 64),
                (f"show: {tag} legal three-man record", [binary, "show", f["three"]], 64),
                (f"moves: {tag} legal three-man record", [binary, "moves", f["three"]], 64),
                (f"check: {tag} GIPF half-move", [binary, "check", f["gipf"]], 64),
                (f"check --json: {tag} GIPF half-move", [binary, "check", "--json", f["gipf"]], 64),
                (f"check --syntax-only: {tag} GIPF half-move",
                 [binary, "check", "--syntax-only", f["gipf"]], 64),
                (f"convert: {tag} GIPF half-move",
                 [binary, "convert", "--style", "complete", f["gipf"]], 64),
                (f"show: {tag} GIPF half-move", [binary, "show", f["gipf"]], 64),
            ]
        # Millions of comments on one move, or after the result: check, show and moves keep
        # none of them (the first after the result only, which Pylon reads as its score);
        # the record fails at its 65,537th (record::MAX_RECORD_ITEMS).
        on_move = write("comments-move.pylos", '[Game "Pylos"]\n\n1. 1b1 ', "{c} ",
                        3_000_000, "1b2 *\n")
        after = write("comments-after.pylos", '[Game "Pylos"]\n\n1. 1b1 1b2 * ', "{c}\n",
                      3_000_000)
        for what, f in (("on a move", on_move), ("after the result", after)):
            rows += [
                (f"check: 3,000,000 comments {what}", [binary, "check", f], 64),
                (f"check --json: 3,000,000 comments {what}", [binary, "check", "--json", f], 64),
                (f"check --syntax-only: 3,000,000 comments {what}",
                 [binary, "check", "--syntax-only", f], 64),
                (f"show: 3,000,000 comments {what}", [binary, "show", f], 64),
                (f"moves: 3,000,000 comments {what}", [binary, "moves", f], 64),
            ]
        # A record of many tiny items fails at the 65,537th (record::MAX_RECORD_ITEMS):
        # each was a string of its own, and convert kept every comment (356 MB for these
        # 3,000,000), check every tag (108 MB for 16 MB of them).
        tags = write("tags.pylos", '[Game "Pylos"]\n', '[T "v"]\n', 2_000_000, "1b2 *\n")
        rows += [
            ("convert: 3,000,000 comments on a move",
             [binary, "convert", "--style", "canonical", on_move], 64),
            ("export --to jsonl: 3,000,000 comments on a move",
             [binary, "export", on_move, "--to", "jsonl", "-o", os.path.join(tmp, "c.jsonl")],
             64),
            ("check: 16 MB record of 2,000,000 tags", [binary, "check", tags], 64),
            ("check --threads 2: 16 MB record of 2,000,000 tags",
             [binary, "check", "--threads", "2", tags], 64),
            ("convert: 16 MB record of 2,000,000 tags",
             [binary, "convert", "--style", "canonical", tags], 64),
        ]
        rows += [
            ("convert: 20 MB of small records, error in record 1",
             [binary, "convert", many, "--style", "canonical"], 64),
            ("show --ply 5: 16 MB legal three-man record",
             [binary, "show", long3, "--ply", "5"], 64),
            ("check: 3,000,000 GIPF half-moves", [binary, "check", gipf], 64),
            ("check: 16 MB three-man record", [binary, "check", long3], 64),
            ("check: 16 MB Pylos record", [binary, "check", long_pylos], 64),
            ("check: 16 MB Pylon record", [binary, "check", long_pylon], 64),
            ("moves: 16 MB legal three-man record", [binary, "moves", long3], 64),
            ("check --threads 2: 16 MB three-man record",
             [binary, "check", "--threads", "2", long3], 64),
            ("html: 180-ply three-man record", [binary, "html", short3], 64),
            ("generate --count 100000", [binary, "generate", "--game", "pylos",
                                         "--count", "100000", "--seed", "1"], 64),
        ]
        if export_only:
            rows = [r for r in rows if r[0].startswith("export")]
        for name, cmd, bound in rows:
            code, rss = peak(cmd)
            ok = rss <= bound * MB
            print(f"{name:58} exit {code:3} peak {rss / MB:7.1f} MB  bound {bound} MB  "
                  f"{'ok' if ok else 'OVER'}", flush=True)
            if not ok:
                failures.append(name)
        # The page stays in proportion to the game: a fixed part and ~300 bytes a ply.
        if not export_only:
            page = os.path.join(tmp, "page.html")
            small_page = os.path.join(tmp, "small.html")
            short1 = write("one.3mc", '[Game "Three-man chess"]\n', knights, 1, "*\n")
            subprocess.run([binary, "html", short1, "-o", small_page], check=True)
            subprocess.run([binary, "html", short3, "-o", page], check=True)
            per_ply = (os.path.getsize(page) - os.path.getsize(small_page)) / (180 - 6)
            print(f"html: {per_ply:.0f} bytes a ply above the fixed part "
                  f"({os.path.getsize(small_page)} bytes)")
            if per_ply > 300:
                failures.append("html bytes per ply")
    if failures:
        print("over the bound:", *failures, sep="\n  ")
        sys.exit(1)
    print("memory: every command within its bound")


if __name__ == "__main__":
    main()
