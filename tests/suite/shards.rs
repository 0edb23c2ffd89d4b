//! Shards of a file (`stream::shard_bounds`, `stream::shards`): read shard by shard, a file
//! gives the pieces, records, lines, columns and byte offsets it gives read whole — on every
//! shipped record file, generated archives of each game (legal games and near misses), and
//! hostile bytes (comments left open, tag lines inside comments, tags that never close, bad
//! bytes, every kind of line end).

use std::io::Cursor;

use gamenote::generate::{legal_game, near_miss};
use gamenote::stream::{Item, Limits, Reader, RecordReader, count_lines, shard_bounds, shards};
use gamenote::visit::Summarize;
use gamenote::{Game, gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

/// Every piece of `bytes`, read whole and shard by shard with `count` targets: equal.
fn assert_same_cut(name: &str, bytes: &[u8], count: usize, limits: Limits) {
    let whole: Vec<_> = RecordReader::with_limits(bytes, limits).collect();
    let parts = shards(&mut Cursor::new(bytes), count).unwrap();
    assert!(!parts.is_empty() && parts.len() <= count.max(1), "{name}");
    assert_eq!(parts[0].start, 0, "{name}");
    assert_eq!(parts.last().unwrap().end, bytes.len() as u64, "{name}");
    let mut sharded = Vec::new();
    for (i, s) in parts.iter().enumerate() {
        if i > 0 {
            assert_eq!(s.start, parts[i - 1].end, "{name}: shards cover the file");
            assert!(s.start > parts[i - 1].start, "{name}");
        }
        let before = &bytes[..s.start as usize];
        assert_eq!(s.lines_before, count_lines(before).unwrap(), "{name}");
        let reader = s.record_reader(Cursor::new(bytes), limits).unwrap();
        sharded.extend(reader);
    }
    assert_eq!(
        sharded.len(),
        whole.len(),
        "{name}: {count} shards, {parts:?}"
    );
    for (k, (a, b)) in sharded.iter().zip(&whole).enumerate() {
        assert_eq!(a, b, "{name}: piece {k} with {count} shards {parts:?}");
    }
}

/// The records as a visitor sees them (verdicts with lines and columns, junk), read whole
/// and shard by shard.
fn assert_same_items<G: Game>(name: &str, bytes: &[u8], count: usize) {
    let mut check = Summarize::default();
    let mut whole = Vec::new();
    let mut reader = Reader::new(bytes);
    while let Some(item) = reader.read_item::<G, _>(&mut check) {
        whole.push(item);
    }
    let mut sharded: Vec<Item<_>> = Vec::new();
    for s in shards(&mut Cursor::new(bytes), count).unwrap() {
        let mut reader = s.reader(Cursor::new(bytes), Limits::default()).unwrap();
        while let Some(item) = reader.read_item::<G, _>(&mut check) {
            sharded.push(item);
        }
    }
    assert_eq!(sharded, whole, "{name}: {count} shards");
}

fn generated<G: Game>(records: u64, misses: bool) -> String {
    let mut out = String::new();
    for rules in G::variants() {
        for seed in 0..records {
            let game = legal_game::<G>(&rules, 1 + (seed as usize * 7) % 60, seed);
            let text = match misses.then(|| near_miss(&game, seed)).flatten() {
                Some(miss) => miss.text,
                None => game.record.to_string(),
            };
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&text);
        }
    }
    out
}

#[test]
fn shipped_records_shard_as_whole() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/records");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 10);
    let mut all = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let name = f.display().to_string();
        for count in [1, 2, 3, 5, 8, 32, 200] {
            assert_same_cut(&name, &bytes, count, Limits::default());
        }
        all.extend_from_slice(&bytes);
        all.push(b'\n');
    }
    // Every shipped record in one archive, as `cat` makes it.
    for count in [2, 7, 50, 1000] {
        assert_same_cut("all shipped records", &all, count, Limits::default());
    }
}

#[test]
fn generated_archives_shard_as_whole() {
    let archives = [
        (
            "pylos",
            generated::<Pylos>(40, false),
            generated::<Pylos>(40, true),
        ),
        (
            "gipf",
            generated::<Gipf>(25, false),
            generated::<Gipf>(25, true),
        ),
        (
            "threeman",
            generated::<ThreeMan>(40, false),
            generated::<ThreeMan>(40, true),
        ),
        (
            "pylon",
            generated::<Pylon>(25, false),
            generated::<Pylon>(25, true),
        ),
    ];
    for (name, legal, misses) in &archives {
        for count in [2, 3, 16, 100] {
            assert_same_cut(name, legal.as_bytes(), count, Limits::default());
            assert_same_cut(name, misses.as_bytes(), count, Limits::default());
        }
    }
    let (_, pylos, pylos_misses) = &archives[0];
    for count in [2, 9, 64] {
        assert_same_items::<Pylos>("pylos", pylos.as_bytes(), count);
        assert_same_items::<Pylos>("pylos near misses", pylos_misses.as_bytes(), count);
    }
    let (_, gipf, gipf_misses) = &archives[1];
    assert_same_items::<Gipf>("gipf", gipf.as_bytes(), 13);
    assert_same_items::<Gipf>("gipf near misses", gipf_misses.as_bytes(), 13);
    let (_, tm, tm_misses) = &archives[2];
    assert_same_items::<ThreeMan>("threeman", tm.as_bytes(), 13);
    assert_same_items::<ThreeMan>("threeman near misses", tm_misses.as_bytes(), 13);
    let (_, pylon, pylon_misses) = &archives[3];
    assert_same_items::<Pylon>("pylon", pylon.as_bytes(), 13);
    assert_same_items::<Pylon>("pylon near misses", pylon_misses.as_bytes(), 13);
}

/// Pieces of hostile archives, joined at random.
const FRAGMENTS: &[&[u8]] = &[
    b"[Game \"Pylos\"]\n",
    b"[Event \"a]b{c}\\\"d\"]\n",
    b"{an open comment\n",
    b"{ closed }\n",
    b"[Tag \"in a comment?\"]\n",
    b"1b2 1c3 *\n",
    b"1b2 {c\n[X \"y\"]\n} 1c3 *\n",
    b"\n",
    b"\r\n",
    b"\r",
    b"junk line\n",
    b"  [Indented \"x\"]\r\n",
    b"\xEF\xBB\xBF[Game \"Pylos\"]\n",
    b"}\n",
    b"{ [Mid \"line\"] }\n",
    b"[not a tag\n",
    b"\0\n",
    b"\xff\n",
    b"[Game \"Pylos\"]",
    b"[X \"never closed\n",
    b"[X \"a\\",
    b"1a1 [Y \"z\"] *\n",
    b"1b2 1b2 *\n",
    b"{",
    b"[",
];

fn hostile(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut out = Vec::new();
    for _ in 0..len {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        out.extend_from_slice(FRAGMENTS[(x >> 33) as usize % FRAGMENTS.len()]);
    }
    out
}

#[test]
fn hostile_bytes_shard_as_whole() {
    for seed in 0..40 {
        let bytes = hostile(seed, 120);
        let name = format!("hostile {seed}: {:?}", String::from_utf8_lossy(&bytes));
        // A target at every byte: every line start is tried as a place to cut.
        for count in [2, 5, 17, bytes.len()] {
            assert_same_cut(&name, &bytes, count, Limits::default());
            assert_same_cut(&name, &bytes, count, Limits::default().max_record_bytes(40));
        }
        assert_same_items::<Pylos>(&name, &bytes, bytes.len());
    }
}

#[test]
fn open_comment_merges_shards_rather_than_splitting() {
    // A comment left open before the middle, with no tag line after it: the whole rest of
    // the file is one piece, so the shards after the comment are merged into one.
    let mut text = "[Game \"Pylos\"]\n1b2 *\n\n".repeat(200);
    text.push_str("[Game \"Pylos\"]\n1b2 {never closed\n");
    text.push_str(&"[Not a tag line\n1b2 1c3\n".repeat(200));
    let ranges = shard_bounds(&mut Cursor::new(text.as_bytes()), 8).unwrap();
    // Targets at eighths of 9,233 bytes: three fall among the 200 closed records (4,400
    // bytes), the other four inside the open comment; each resumes at the record after the
    // next line start (a line start may be in a record's tags).
    assert_eq!(text.len(), 9233);
    let starts: Vec<u64> = ranges.iter().map(|r| r.start).collect();
    assert_eq!(starts, [0, 1166, 2332, 3476]);
    assert_same_cut("open comment", text.as_bytes(), 8, Limits::default());
    // A tag line inside the comment ends it: shards resume there.
    let mut text2 = text.clone();
    text2.push_str("[Event \"after\"]\n1c3 *\n");
    text2.push_str(&"[Game \"Pylos\"]\n1b2 *\n\n".repeat(200));
    let ranges = shard_bounds(&mut Cursor::new(text2.as_bytes()), 8).unwrap();
    assert!(ranges.len() >= 4, "{ranges:?}");
    assert_same_cut(
        "open comment then tags",
        text2.as_bytes(),
        8,
        Limits::default(),
    );
}

#[test]
fn one_record_is_one_shard() {
    let text = format!("[Game \"Pylos\"]\n{}*\n", "1b2 1c3 {x}\n".repeat(1000));
    let ranges = shard_bounds(&mut Cursor::new(text.as_bytes()), 4).unwrap();
    assert_eq!(ranges, vec![(0..text.len() as u64)]);
    assert_eq!(
        shard_bounds(&mut Cursor::new(&b""[..]), 4).unwrap(),
        vec![(0..0)]
    );
}

/// A seekable reader that counts the bytes read through it.
struct Counting<'a> {
    inner: Cursor<&'a [u8]>,
    read: u64,
}

impl std::io::Read for Counting<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

impl std::io::Seek for Counting<'_> {
    fn seek(&mut self, pos: std::io::SeekFrom) -> std::io::Result<u64> {
        self.inner.seek(pos)
    }
}

#[test]
fn a_file_with_no_boundary_is_searched_once_not_once_a_target() {
    // One record of tags alone, 4 MB, cut for 1,000 targets (check's 1 MiB shards of a 1 GB
    // file): every target would find no boundary before the end. Each search read to the
    // end again (quadratic: `check --threads 2` of 200 MB of tag lines took 310 s, 410 MB);
    // the first search that reaches the end now ends the cutting.
    let text = "[T \"v\"]\n".repeat(500_000);
    let mut input = Counting {
        inner: Cursor::new(text.as_bytes()),
        read: 0,
    };
    let ranges = shard_bounds(&mut input, 1000).unwrap();
    assert_eq!(ranges, vec![(0..text.len() as u64)]);
    assert!(
        input.read <= 2 * text.len() as u64,
        "read {} bytes of {}",
        input.read,
        text.len()
    );
    // The same with a record before it: the first shard ends nowhere, still one range.
    let text = format!("[Game \"Pylos\"]\n1b2 *\n\n{text}");
    let mut input = Counting {
        inner: Cursor::new(text.as_bytes()),
        read: 0,
    };
    assert_eq!(shard_bounds(&mut input, 1000).unwrap().len(), 1);
    assert!(input.read <= 2 * text.len() as u64, "read {}", input.read);
}

#[test]
fn a_long_region_without_a_boundary_is_passed_over_and_shards_resume_after_it() {
    // 20 MB of one record's tags (past the longest window read after a target, 16 MiB)
    // between runs of records: the targets inside it are given up, the ones after it cut
    // the records there, and the bytes read stay a small multiple of the file.
    let records = "[Game \"Pylos\"]\n1b2 1c3 *\n\n".repeat(40_000);
    let tags = format!(
        "[Game \"Pylos\"]\n{}1b2 *\n\n",
        "[T \"v\"]\n".repeat(2_500_000)
    );
    let text = format!("{records}{tags}{records}");
    let mut input = Counting {
        inner: Cursor::new(text.as_bytes()),
        read: 0,
    };
    let count = text.len().div_ceil(1 << 20);
    let ranges = shard_bounds(&mut input, count).unwrap();
    assert!(
        input.read <= 3 * text.len() as u64,
        "read {} bytes of {}",
        input.read,
        text.len()
    );
    let starts: Vec<u64> = ranges.iter().map(|r| r.start).collect();
    let tags_at = records.len() as u64;
    let after = tags_at + tags.len() as u64;
    assert!(starts.iter().any(|&s| s > 0 && s < tags_at), "{starts:?}");
    assert!(starts.iter().any(|&s| s > after), "{starts:?}");
    // No start inside the long record (after its first line), and every start is a record's.
    for &s in &starts {
        assert!(s <= tags_at || s >= after, "{s} in {tags_at}..{after}");
        assert!(text[s as usize..].starts_with("[Game"), "{s}");
    }
    assert_same_cut("long tags", text.as_bytes(), count, Limits::default());
}

/// A count far beyond the bytes of the input is clamped to them: no range is empty, and
/// the answer comes at once (it looped once per requested range: years at 2^62).
#[test]
fn huge_shard_counts_are_clamped_to_the_input() {
    let text = "[Game \"Pylos\"]\n\n1b2 1c3 *\n\n".repeat(200);
    let started = std::time::Instant::now();
    for count in [usize::MAX, 1 << 62, text.len() * 3] {
        let ranges = shard_bounds(&mut Cursor::new(text.as_bytes()), count).unwrap();
        assert_eq!(ranges.len(), 200, "one range a record at most");
        assert_eq!((ranges[0].start, ranges[199].end), (0, text.len() as u64));
        assert!(
            ranges
                .windows(2)
                .all(|w| w[0].end == w[1].start && w[0].start < w[0].end)
        );
        assert_eq!(
            shards(&mut Cursor::new(text.as_bytes()), count)
                .unwrap()
                .len(),
            200
        );
    }
    assert!(started.elapsed().as_secs() < 20);
    let empty = shard_bounds(&mut Cursor::new(b""), usize::MAX).unwrap();
    assert_eq!((empty.len(), empty[0].start, empty[0].end), (1, 0, 0));
}

/// An archive whose lines end in a lone `\r` (old Mac files) is sharded at its records, as
/// the cutter counts lines: the shards give the pieces, lines and offsets of the whole (the
/// search for a line start after each target looked for `\n` only, and found none).
#[test]
fn lone_cr_archives_shard_at_their_records() {
    let text = "[Game \"Pylos\"]\r\r1b2 1c3 *\r\r[Game \"Pylos\"]\r\r1b2 zz *\r\r".repeat(400);
    let ranges = shard_bounds(&mut Cursor::new(text.as_bytes()), 8).unwrap();
    assert_eq!(ranges.len(), 8, "{ranges:?}");
    for count in [2, 3, 8] {
        assert_same_cut("lone cr", text.as_bytes(), count, Limits::default());
        assert_same_items::<Pylos>("lone cr", text.as_bytes(), count);
    }
}

/// A shard made with the most lines before it (`Shard::new(.., usize::MAX)`, or one less)
/// reads its records without overflowing the line count (it panicked in a debug build at
/// the first line end and wrapped in a release build); its lines stay the largest there are.
#[test]
fn a_shard_with_usize_max_lines_before_reads_without_overflow() {
    use gamenote::stream::Shard;
    let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 zz *\n";
    for lines in [usize::MAX, usize::MAX - 1] {
        let shard = Shard::new(22, text.len() as u64, lines);
        let raw: Vec<_> = shard
            .record_reader(Cursor::new(text), Limits::default())
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(raw.len(), 1);
        assert!(raw[0].lines_before > usize::MAX / 2);
        let reader = shard.reader(Cursor::new(text), Limits::default()).unwrap();
        let records: Vec<_> = reader.records::<Pylos>().collect();
        assert_eq!(records.len(), 1);
        let err = records[0].as_ref().unwrap_err();
        assert!(err.line > usize::MAX / 2, "{err:?}");
    }
}
