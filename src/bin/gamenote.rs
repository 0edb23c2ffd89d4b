//! `gamenote`: check, convert, show and count the records of Pylos, GIPF, three-man chess
//! and Pylon. The contract (commands, flags, exit codes, JSON fields) is in docs/cli.md.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use std::io::Write;

use gamenote::cli::{apply_overrides, check_files, print_report, problem, CheckOptions, GameId};
use gamenote::record::{convert, positions, Record};
use gamenote::stream::Limits;
use gamenote::{Game, Mode};

#[derive(Parser)]
#[command(
    name = "gamenote",
    version,
    about = "Read, check, write and convert game records"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Clone)]
struct Common {
    /// The game: pylos (default: from the [Game] tag or the file extension)
    #[arg(long)]
    game: Option<String>,
    /// Rule set and options, as in the [Rules] tag (e.g. alignment,takeback=optional)
    #[arg(long)]
    rules: Option<String>,
    /// Board size, for games that have one
    #[arg(long)]
    size: Option<u32>,
    /// Annotation mismatches (markers, reserve counts, results) are warnings, not errors
    #[arg(long)]
    lenient: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Check that every record parses and every move is legal (exit 0 yes, 1 no, 2 usage)
    Check {
        /// Record files
        #[arg(required = true)]
        files: Vec<String>,
        #[command(flatten)]
        common: Common,
        /// One JSON object per record, one per line
        #[arg(long)]
        json: bool,
        /// Worker threads (default: all cores)
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Rewrite a record in another style
    Convert {
        /// Record file
        file: String,
        #[command(flatten)]
        common: Common,
        /// The style to write (pylos: canonical, compact, numeric, with +markers)
        #[arg(long)]
        style: String,
        /// Output file (default: standard output)
        #[arg(short = 'o', long = "output")]
        output: Option<String>,
    },
    /// Show the position after a ply (default: the end)
    Show {
        /// Record file
        file: String,
        #[command(flatten)]
        common: Common,
        /// Ply to show (0 = the start)
        #[arg(long)]
        ply: Option<usize>,
        /// text, svg, json or fen
        #[arg(long, default_value = "text")]
        format: String,
    },
    /// Write a self-contained HTML viewer of the record (first record of the file)
    Html {
        /// Record file
        file: String,
        #[command(flatten)]
        common: Common,
        /// Output file (default: standard output)
        #[arg(short = 'o', long = "output")]
        output: Option<String>,
    },
    /// Write generated records: legal games, or near misses with --illegal
    Generate {
        #[command(flatten)]
        common: Common,
        /// How many records
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Seed of the first record (record i uses seed + i)
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Plies per game (at most; games may end sooner)
        #[arg(long, default_value_t = 40)]
        plies: usize,
        /// Make each record a near miss: one thing wrong, described in a comment before it
        #[arg(long)]
        illegal: bool,
        /// Output: a file, or a directory (one file per record) if it ends with '/' or exists
        /// as one (default: standard output)
        #[arg(short = 'o', long = "output")]
        output: Option<String>,
    },
    /// List the legal moves at the end of the record
    Moves {
        /// Record file
        file: String,
        #[command(flatten)]
        common: Common,
    },
    /// Count the leaves of the move tree from the start position
    Perft {
        /// Depth in plies
        depth: u32,
        #[command(flatten)]
        common: Common,
        /// Print each first move with its count
        #[arg(long)]
        divide: bool,
    },
}

/// A failure that ends the command: the message and the exit code.
struct Fail(String, u8);

fn usage(msg: impl std::fmt::Display) -> Fail {
    Fail(msg.to_string(), 2)
}

fn overrides(c: &Common) -> Vec<(String, String)> {
    let mut v = Vec::new();
    if let Some(r) = &c.rules {
        v.push(("Rules".to_string(), r.clone()));
    }
    if let Some(n) = c.size {
        v.push(("Size".to_string(), n.to_string()));
    }
    v
}

fn mode(c: &Common) -> Mode {
    if c.lenient {
        Mode::Lenient
    } else {
        Mode::Strict
    }
}

fn read(file: &str) -> Result<String, Fail> {
    let bytes = std::fs::read(file).map_err(|e| usage(format!("{file}: cannot read: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        Fail(
            format!("{file}: the file is not UTF-8 text (invalid byte at offset {at})"),
            1,
        )
    })
}

fn game_of(c: &Common, file: &str, text: &str) -> Result<GameId, Fail> {
    match &c.game {
        Some(g) => GameId::from_name(g).ok_or_else(|| usage(format!("unknown game \"{g}\""))),
        None => GameId::detect(file, text).ok_or_else(|| {
            usage(format!(
                "{file}: cannot tell the game: give --game, a [Game] tag or a known extension"
            ))
        }),
    }
}

use gamenote::with_game;

fn check(files: &[String], c: &Common, json: bool, threads: Option<usize>) -> Result<u8, Fail> {
    let game = match &c.game {
        Some(g) => {
            Some(GameId::from_name(g).ok_or_else(|| usage(format!("unknown game \"{g}\"")))?)
        }
        None => None,
    };
    let overrides = overrides(c);
    let threads = threads
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1);
    let opts = CheckOptions {
        game,
        overrides: &overrides,
        mode: mode(c),
        threads,
        limits: Limits::default(),
    };
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut err = stderr.lock();
    let totals = check_files(files, &opts, |r| print_report(r, json, &mut out, &mut err));
    if !json {
        let _ = writeln!(
            out,
            "{} records, {} ok, {} failed",
            totals.records,
            totals.ok,
            totals.records - totals.ok
        );
    }
    let _ = out.flush();
    Ok(if totals.ok == totals.records { 0 } else { 1 })
}

fn first_record<G: Game>(file: &str, text: &str, c: &Common) -> Result<Record<G>, Fail> {
    let mut rec = Record::<G>::parse(text).map_err(|e| Fail(e.render(file, text), 1))?;
    apply_overrides(&mut rec, &overrides(c));
    Ok(rec)
}

fn convert_cmd<G: Game>(file: &str, text: &str, c: &Common, style: &str) -> Result<String, Fail> {
    let style: G::Style = style.parse().map_err(usage)?;
    let mut out = String::new();
    for (i, parsed) in Record::<G>::parse_all(text).into_iter().enumerate() {
        let mut rec = parsed.map_err(|e| Fail(e.render(file, text), 1))?;
        apply_overrides(&mut rec, &overrides(c));
        let converted = convert(&rec, style, mode(c))
            .map_err(|e| Fail(problem(file, text, &e, 0).rendered, 1))?;
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&converted.to_string());
    }
    Ok(out)
}

fn show_cmd<G: Game>(
    file: &str,
    text: &str,
    c: &Common,
    ply: Option<usize>,
    format: &str,
) -> Result<String, Fail> {
    let rec = first_record::<G>(file, text, c)?;
    let (all, r) = positions(&rec, mode(c));
    if let Some(e) = &r.error {
        eprintln!("{}", problem(file, text, e, 0).rendered);
    }
    let n = ply.unwrap_or(all.len() - 1);
    let pos = all.get(n).ok_or_else(|| {
        usage(format!(
            "--ply {n}: the record has {} legal plies",
            all.len() - 1
        ))
    })?;
    match format {
        "text" => {
            let mut s = pos.to_string();
            if !s.ends_with('\n') {
                s.push('\n');
            }
            Ok(s)
        }
        "fen" => G::position_string(pos)
            .map(|s| s + "\n")
            .ok_or_else(|| usage(format!("{} has no position string", G::NAME))),
        "json" => Ok(format!(
            "{{\"game\":{},\"ply\":{},\"to_move\":{},\"outcome\":{},\"diagram\":{}}}\n",
            gamenote::cli::json_str(G::NAME),
            n,
            G::to_move(pos),
            G::outcome(pos).map_or("null".into(), |o| gamenote::cli::json_str(
                &G::write_result(gamenote::GameResult::Decided(o))
            )),
            gamenote::cli::json_str(&pos.to_string())
        )),
        "svg" => {
            let last = n.checked_sub(1).and_then(|i| r.moves.get(i));
            G::svg(pos, last).ok_or_else(|| usage(format!("{} has no SVG picture yet", G::NAME)))
        }
        other => Err(usage(format!(
            "unknown format \"{other}\" (expected text, svg, json or fen)"
        ))),
    }
}

fn moves_cmd<G: Game>(file: &str, text: &str, c: &Common) -> Result<String, Fail> {
    let rec = first_record::<G>(file, text, c)?;
    let r = gamenote::record::replay(&rec, mode(c));
    if let Some(e) = &r.error {
        return Err(Fail(problem(file, text, e, 0).rendered, 1));
    }
    let mut moves = Vec::new();
    G::legal_moves(&r.end, &mut moves);
    let mut out = String::new();
    for m in &moves {
        out.push_str(&G::notate(&r.end, m, G::Style::default()).to_string());
        out.push('\n');
    }
    Ok(out)
}

fn html_cmd<G: Game>(file: &str, text: &str, c: &Common) -> Result<String, Fail> {
    let rec = first_record::<G>(file, text, c)?;
    Ok(gamenote::html::viewer(&rec, mode(c)))
}

fn generate_cmd<G: Game>(
    c: &Common,
    count: usize,
    seed: u64,
    plies: usize,
    illegal: bool,
) -> Result<Vec<String>, Fail> {
    use gamenote::generate::{legal_game, near_miss};
    let tags = overrides(c);
    let rules = match G::rules_from_tags(&tags) {
        Ok(r) => r,
        // A game whose records must name their rules (GIPF) plays its first variant.
        Err(_) if tags.is_empty() => G::variants().into_iter().next().unwrap_or_default(),
        Err(e) => return Err(usage(e)),
    };
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let s = seed.wrapping_add(i as u64);
        let game = legal_game::<G>(&rules, plies, s);
        if illegal {
            match near_miss(&game, s) {
                Some(m) => {
                    let e = &m.expected;
                    let what = match (e.ply, e.at) {
                        (Some(p), _) => format!("{} at ply {p}", e.kind),
                        (None, Some((l, col))) => format!("{} at {l}:{col}", e.kind),
                        (None, None) => e.kind.to_string(),
                    };
                    out.push(format!(
                        "{{near miss: {}; expected {what}}}\n{}",
                        m.mutation, m.text
                    ));
                }
                None => out.push(game.record.to_string()),
            }
        } else {
            out.push(game.record.to_string());
        }
    }
    Ok(out)
}

fn perft_cmd<G: Game>(depth: u32, c: &Common, divide: bool) -> Result<String, Fail> {
    let tags = overrides(c);
    let start = G::setup(&tags).map_err(usage)?;
    let mut out = String::new();
    if divide {
        let mut total = 0;
        for (m, n) in gamenote::perft::divide::<G>(&start, depth, G::Style::default()) {
            out.push_str(&format!("{m}: {n}\n"));
            total += n;
        }
        out.push_str(&format!("{total}\n"));
    } else {
        out.push_str(&format!("{}\n", gamenote::perft::perft::<G>(&start, depth)));
    }
    Ok(out)
}

fn run(cli: Cli) -> Result<u8, Fail> {
    match cli.command {
        Command::Check {
            files,
            common,
            json,
            threads,
        } => check(&files, &common, json, threads),
        Command::Convert {
            file,
            common,
            style,
            output,
        } => {
            let text = read(&file)?;
            let id = game_of(&common, &file, &text)?;
            let out = with_game!(id, G => convert_cmd::<G>(&file, &text, &common, &style))?;
            match output {
                Some(path) => std::fs::write(&path, out)
                    .map_err(|e| Fail(format!("{path}: cannot write: {e}"), 2))?,
                None => print!("{out}"),
            }
            Ok(0)
        }
        Command::Show {
            file,
            common,
            ply,
            format,
        } => {
            let text = read(&file)?;
            let id = game_of(&common, &file, &text)?;
            print!(
                "{}",
                with_game!(id, G => show_cmd::<G>(&file, &text, &common, ply, &format))?
            );
            Ok(0)
        }
        Command::Html {
            file,
            common,
            output,
        } => {
            let text = read(&file)?;
            let id = game_of(&common, &file, &text)?;
            let page = with_game!(id, G => html_cmd::<G>(&file, &text, &common))?;
            match output {
                Some(path) => std::fs::write(&path, page)
                    .map_err(|e| Fail(format!("{path}: cannot write: {e}"), 2))?,
                None => print!("{page}"),
            }
            Ok(0)
        }
        Command::Generate {
            common,
            count,
            seed,
            plies,
            illegal,
            output,
        } => {
            let name = common
                .game
                .clone()
                .ok_or_else(|| usage("generate needs --game"))?;
            let id = GameId::from_name(&name)
                .ok_or_else(|| usage(format!("unknown game \"{name}\"")))?;
            let records =
                with_game!(id, G => generate_cmd::<G>(&common, count, seed, plies, illegal))?;
            let ext = GameId::ALL
                .iter()
                .find(|e| e.0 == id)
                .map_or("txt", |e| e.3);
            match output {
                Some(path) if path.ends_with('/') || std::path::Path::new(&path).is_dir() => {
                    std::fs::create_dir_all(&path)
                        .map_err(|e| Fail(format!("{path}: cannot create: {e}"), 2))?;
                    for (i, r) in records.iter().enumerate() {
                        let f = std::path::Path::new(&path).join(format!(
                            "{}-{:05}.{ext}",
                            if illegal { "near-miss" } else { "game" },
                            seed.wrapping_add(i as u64)
                        ));
                        std::fs::write(&f, r)
                            .map_err(|e| Fail(format!("{}: cannot write: {e}", f.display()), 2))?;
                    }
                }
                Some(path) => std::fs::write(&path, records.join("\n"))
                    .map_err(|e| Fail(format!("{path}: cannot write: {e}"), 2))?,
                None => print!("{}", records.join("\n")),
            }
            Ok(0)
        }
        Command::Moves { file, common } => {
            let text = read(&file)?;
            let id = game_of(&common, &file, &text)?;
            print!(
                "{}",
                with_game!(id, G => moves_cmd::<G>(&file, &text, &common))?
            );
            Ok(0)
        }
        Command::Perft {
            depth,
            common,
            divide,
        } => {
            let name = common
                .game
                .clone()
                .ok_or_else(|| usage("perft needs --game"))?;
            let id = GameId::from_name(&name)
                .ok_or_else(|| usage(format!("unknown game \"{name}\"")))?;
            print!(
                "{}",
                with_game!(id, G => perft_cmd::<G>(depth, &common, divide))?
            );
            Ok(0)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(Fail(msg, code)) => {
            eprintln!("{msg}");
            ExitCode::from(code)
        }
    }
}
