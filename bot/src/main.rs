//! `chronomate`: the bot, the console and the offline tools.
//!
//! The subcommands and the lines they print are a contract that scripts rely
//! on; README documents them. Exit codes: 0 success, 1 an operational error
//! (unreadable file, database), 2 bad input (usage, an illegal action).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use chronomate::config::{Config, ShardRange};
use chronomate::host::migrate::{MigrateError, migrate_database};
use chronomate::tools;
use chronomate_render::{RenderOptions, render_png};
use chronomate_rules::chess::{Position, perft_divide};
use chronomate_rules::{Options, Variant};
use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "chronomate",
    version,
    about = "Correspondence time-travel chess, in Discord or a terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN).
    Serve {
        /// Run only these gateway shards, FIRST-LAST (or one, N); with
        /// several processes on one PostgreSQL database, each runs a range.
        /// Overrides SHARDS and SHARD_TOTAL (environment or .env). Without
        /// either: every shard Discord recommends.
        #[arg(long, requires = "shard_total", value_name = "FIRST-LAST")]
        shards: Option<String>,
        /// How many shards the bot has in all (with --shards).
        #[arg(long, requires = "shards", value_name = "N")]
        shard_total: Option<String>,
    },
    /// Copy a whole history into an empty database (e.g. SQLite to
    /// PostgreSQL), check each table's count and replay every game there.
    MigrateDb {
        /// The database to copy: sqlite://chronomate.db or postgres://...
        #[arg(long, value_name = "URL")]
        from: String,
        /// The empty database to copy into.
        #[arg(long, value_name = "URL")]
        to: String,
    },
    /// Play in the terminal: slash commands, one per line, from stdin.
    Console,
    /// Apply a record and print each action in canonical notation.
    Replay {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead of lines.
        #[arg(long)]
        json: bool,
    },
    /// List the legal actions after a record, one per line.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Draw the state after a record as a PNG.
    Render {
        #[command(flatten)]
        game: GameArgs,
        /// Where to write the PNG.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// The whole game (every branch or timeline), not just the present.
        #[arg(long)]
        snapshot: bool,
        /// Show the board from the other side.
        #[arg(long)]
        flip: bool,
        /// Colour theme.
        #[arg(long)]
        theme: Option<String>,
    },
    /// Count the leaf nodes of the FIDE move tree to DEPTH.
    Perft {
        /// Start from this position instead of the initial one.
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each first move too.
        #[arg(long)]
        divide: bool,
        depth: u32,
    },
}

/// Which game a record belongs to.
#[derive(Args)]
struct GameArgs {
    /// standard, traveler, gifford, multiverse, temporal or manyworlds.
    variant: String,
    /// The record: a file, or `-` (or nothing) for stdin.
    file: Option<PathBuf>,
    /// The variant's options, as `key:value` words (`branches:21`).
    #[arg(long, default_value = "")]
    options: String,
    /// The game's random seed (multiverse collapse).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// A failure with its exit code; the message goes to stderr.
struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    fn input(message: impl std::fmt::Display) -> Failure {
        Failure {
            code: 2,
            message: message.to_string(),
        }
    }

    fn operational(message: impl std::fmt::Display) -> Failure {
        Failure {
            code: 1,
            message: message.to_string(),
        }
    }
}

/// Writes a line of a tool's output. A closed pipe (`chronomate moves ... |
/// head`) ends the command quietly and successfully: the reader has what
/// it wanted.
macro_rules! out {
    ($($arg:tt)*) => {
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            return if e.kind() == std::io::ErrorKind::BrokenPipe {
                Ok(())
            } else {
                Err(Failure::operational(format!("cannot write the output: {e}")))
            };
        }
    };
}

fn main() -> ExitCode {
    let result = run(Cli::parse());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("error: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// The settings from `.env` and the environment, for the commands that
/// use them (the offline tools do not).
fn config() -> Result<Config, Failure> {
    Config::from_env().map_err(Failure::input)
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        None => start_default(&config()?),
        Some(Command::Serve {
            shards,
            shard_total,
        }) => {
            let mut config = config()?;
            if let (Some(range), Some(total)) = (shards, shard_total) {
                config.shards = Some(ShardRange::parse(&range, &total).map_err(Failure::input)?);
            }
            chronomate::discord::serve(config).map_err(Failure::operational)
        }
        Some(Command::MigrateDb { from, to }) => migrate_db(&from, &to),
        Some(Command::Console) => console(&config()?),
        Some(Command::Replay { game, json }) => replay(&game, json),
        Some(Command::Moves { game }) => moves(&game),
        Some(Command::Render {
            game,
            output,
            snapshot,
            flip,
            theme,
        }) => render(&game, &output, snapshot, flip, theme.as_deref()),
        Some(Command::Perft { fen, divide, depth }) => perft(fen.as_deref(), divide, depth),
    }
}

/// `chronomate migrate-db --from URL --to URL`: a line per table, then
/// `ok: N games replayed`. A target that is not empty (or is the source)
/// is refused before anything is written (exit 2); a failed copy leaves
/// the target empty (exit 1).
fn migrate_db(from: &str, to: &str) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::operational(format!("cannot start the async runtime: {e}")))?;
    match runtime.block_on(migrate_database(from, to)) {
        Ok(migrated) => {
            for line in migrated.lines() {
                out!("{line}");
            }
            Ok(())
        }
        Err(e @ MigrateError::Refused(_)) => Err(Failure::input(e)),
        Err(e) => Err(Failure::operational(e)),
    }
}

fn start_default(config: &Config) -> Result<(), Failure> {
    if config.discord_token.is_none() {
        eprintln!(
            "No DISCORD_TOKEN is set.\n\
             - To play in this terminal: chronomate console\n\
             - To run the Discord bot: put DISCORD_TOKEN=... in .env (see README), then chronomate serve"
        );
        return console(config);
    }
    chronomate::discord::serve(config.clone()).map_err(Failure::operational)
}

fn console(config: &Config) -> Result<(), Failure> {
    chronomate::console::main(config).map_err(Failure::operational)
}

/// Parses the variant, options and record of a command.
fn load_input(args: &GameArgs) -> Result<(Variant, Options, String), Failure> {
    let variant: Variant = args.variant.parse().map_err(Failure::input)?;
    let options = Options::parse(variant, &args.options).map_err(Failure::input)?;
    let text = tools::read_input(args.file.as_deref())
        .map_err(|e| Failure::operational(format!("cannot read the record: {e}")))?;
    Ok((variant, options, text))
}

fn replay(args: &GameArgs, json: bool) -> Result<(), Failure> {
    let (variant, options, text) = load_input(args)?;
    let (_, report) =
        tools::replay_record(variant, options, args.seed, &text).map_err(Failure::input)?;
    if json {
        let out = serde_json::to_string_pretty(&report).map_err(Failure::operational)?;
        out!("{out}");
    } else {
        for event in &report.opening_events {
            out!("{{{event}}}");
        }
        for step in &report.steps {
            out!("{}", step.notation);
            for event in &step.events {
                out!("{{{event}}}");
            }
        }
    }
    if let Some(e) = &report.error {
        return Err(Failure::input(format!(
            "action {} ({:?}): {}",
            e.index, e.text, e.reason
        )));
    }
    if !json {
        match (&report.result, &report.to_move) {
            (Some(result), _) => out!("result: {result}"),
            (None, Some(side)) if report.owed.is_empty() => out!("to move: {side}"),
            (None, Some(side)) => out!("to move: {side} on {}", report.owed.join(", ")),
            (None, None) => {}
        }
    }
    Ok(())
}

fn moves(args: &GameArgs) -> Result<(), Failure> {
    let (variant, options, text) = load_input(args)?;
    let game = tools::replay(variant, options, args.seed, &text).map_err(Failure::input)?;
    for action in game.legal_actions() {
        out!("{action}");
    }
    Ok(())
}

fn render(
    args: &GameArgs,
    output: &std::path::Path,
    snapshot: bool,
    flip: bool,
    theme: Option<&str>,
) -> Result<(), Failure> {
    let mut options = RenderOptions {
        flip,
        ..RenderOptions::default()
    };
    if let Some(name) = theme {
        options.theme = name.parse().map_err(Failure::input)?;
    }
    let (variant, game_options, text) = load_input(args)?;
    let game = tools::replay(variant, game_options, args.seed, &text).map_err(Failure::input)?;
    let view = if snapshot {
        game.snapshot()
    } else {
        game.view()
    };
    let png = render_png(&view, &options).map_err(Failure::operational)?;
    std::fs::write(output, png)
        .map_err(|e| Failure::operational(format!("cannot write {}: {e}", output.display())))
}

fn perft(fen: Option<&str>, divide: bool, depth: u32) -> Result<(), Failure> {
    let position = match fen {
        Some(fen) => Position::from_fen(fen).map_err(Failure::input)?,
        None => Position::default(),
    };
    if divide {
        let mut total = 0;
        for (uci, nodes) in perft_divide(&position, depth) {
            out!("{uci}: {nodes}");
            total += nodes;
        }
        out!("{total}");
    } else {
        out!("{}", chronomate_rules::chess::perft(&position, depth));
    }
    Ok(())
}
