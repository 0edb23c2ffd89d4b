//! Pylon's shortcuts for the common case read as the general code did: the score comment
//! against the former reader (built on `str::parse`), and the `[Size]` and `[Rules]` values.

use gamenote::pylon::{Rules, parse_size, score_comment};

/// The score comment reader as it was before its byte-by-byte rewrite.
fn former(c: &str) -> Option<(u32, u32)> {
    fn num(s: &str) -> Option<(u32, &str)> {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 || n > 9 {
            return None;
        }
        Some((s[..n].parse().ok()?, &s[n..]))
    }
    fn sp(s: &str) -> &str {
        s.trim_start_matches([' ', '\t'])
    }
    let s = sp(c).strip_prefix('W')?;
    let (w, s) = num(sp(s))?;
    let s = sp(s).strip_prefix('B')?;
    let (b, s) = num(sp(s))?;
    sp(s).is_empty().then_some((w, b))
}

#[test]
fn score_comment_reads_as_before() {
    let parts = [
        "",
        " ",
        "\t",
        "W",
        "B",
        "w",
        "0",
        "7",
        "17",
        "007",
        "123456789",
        "1234567890",
        "x",
        "é",
        "\n",
        "-1",
        "+2",
    ];
    let mut n = 0;
    for a in parts {
        for b in parts {
            for c in parts {
                for d in parts {
                    for s in [
                        format!("{a}{b}{c}{d}"),
                        format!("W{a}{b}B{c}{d}"),
                        format!("{a}W{b}B{c}{d}"),
                        format!("W {a} B {b}{c}{d}"),
                    ] {
                        assert_eq!(score_comment(&s), former(&s), "{s:?}");
                        n += 1;
                    }
                }
            }
        }
    }
    assert!(n > 300_000);
    assert_eq!(score_comment(" W 17 B 14\t"), Some((17, 14)));
}

#[test]
fn size_and_rules_values_read_as_before() {
    for n in 0..=40u8 {
        for v in [
            n.to_string(),
            format!(" {n}"),
            format!("+{n}"),
            format!("0{n}"),
        ] {
            let want = v
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (2..=26).contains(n) && !v.trim().starts_with('+'));
            assert_eq!(parse_size(&v).ok(), want, "{v:?}");
        }
    }
    assert!(parse_size("").is_err() && parse_size("a").is_err() && parse_size("1").is_err());
    assert_eq!("standard".parse::<Rules>(), Ok(Rules::default()));
}
