//! `chronomate`: the bot, the console and the offline tools.
//!
//! The subcommands and the lines they print are a contract that scripts rely
//! on; docs/cli.md documents them. Exit codes: 0 success, 1 an operational error
//! (unreadable file, database), 2 bad input (usage, an illegal action).

mod cli;
mod tools;

use std::io::Write;
use std::process::ExitCode;

use crate::tools::{MatchSettings, Opponent, UciClient};
use chronomate_engine::Player;
use chronomate_host::config::{Config, ShardRange};
use chronomate_host::migrate::{MigrateError, migrate_database};
use chronomate_render::{GifOptions, RenderOptions, render_png};
use chronomate_rules::chess::{Position, perft_divide};
use chronomate_rules::{Options, Variant};
use clap::Parser;

use crate::cli::{Cli, Command, EngineArgs, GameArgs};

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
            chronomate_discord::serve(config.clone(), web_page(&config))
                .map_err(Failure::operational)
        }
        Some(Command::MigrateDb { from, to }) => migrate_db(&from, &to),
        Some(Command::Console) => console(&config()?),
        Some(Command::Status) => status(&config()?),
        Some(Command::Replay { game, json }) => replay(&game, json),
        Some(Command::Moves { game }) => moves(&game),
        Some(Command::Render {
            game,
            output,
            snapshot,
            flip,
            theme,
        }) => render(&game, &output, snapshot, flip, theme.as_deref()),
        Some(Command::Gif {
            game,
            output,
            flip,
            theme,
            delay,
        }) => gif(&game, &output, flip, theme.as_deref(), delay),
        Some(Command::Perft { fen, divide, depth }) => perft(fen.as_deref(), divide, depth),
        Some(Command::Turns { game, cap }) => turns(&game, cap),
        Some(Command::Play { game, engine }) => play(&game, &engine),
        Some(Command::Match {
            variant,
            white,
            black,
            games,
            millis,
            seed,
            options,
            against_uci,
            uci_options,
            uci_args,
            max_actions,
        }) => run_match(
            &variant,
            white,
            black,
            games,
            millis,
            seed,
            &options,
            against_uci.as_deref(),
            &uci_options,
            &uci_args,
            max_actions,
        ),
        Some(Command::Uci) => {
            tools::serve_uci(std::io::stdin().lock()).map_err(Failure::operational)
        }
        Some(Command::Fiveduci) => {
            tools::serve_fiveduci(std::io::stdin().lock()).map_err(Failure::operational)
        }
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
    chronomate_discord::serve(config.clone(), web_page(config)).map_err(Failure::operational)
}

/// `chronomate status`: a line each (see
/// [`chronomate_host::Upkeep::status_lines`]).
fn status(config: &Config) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::operational(format!("cannot start the async runtime: {e}")))?;
    let lines = runtime.block_on(async {
        let host = chronomate_host::Host::open(&config.database_url).await?;
        host.upkeep().status_lines().await
    });
    for line in lines.map_err(Failure::operational)? {
        out!("{line}");
    }
    Ok(())
}

fn console(config: &Config) -> Result<(), Failure> {
    chronomate_console::main(config, web_page(config)).map_err(Failure::operational)
}

/// The web page beside Discord or the console, where `WEB_ADDR` is not
/// `off`. An address it cannot listen on (taken by another process) costs
/// the page, never the bot: it says so in the log and goes on.
fn web_page(config: &Config) -> chronomate_host::Alongside {
    let web = config.web_addr.map(|addr| chronomate_web::WebConfig {
        addr,
        public_url: config.public_url.clone(),
    });
    Box::new(move |host| {
        let Some(web) = web else { return };
        tokio::spawn(async move {
            match chronomate_web::serve(host, &web).await {
                Ok(served) => {
                    tracing::info!(addr = %served.addr, url = %served.public_url, "the web page is served");
                }
                Err(e) => tracing::warn!(error = %e, "the web page is not served"),
            }
        });
    })
}

/// Parses the variant, options and record of a command: the options are
/// `--options`, or else those the record's headers set.
fn load_input(args: &GameArgs) -> Result<(Variant, Options, String), Failure> {
    let variant: Variant = args.variant.parse().map_err(Failure::input)?;
    let text = tools::read_input(args.file.as_deref())
        .map_err(|e| Failure::operational(format!("cannot read the record: {e}")))?;
    let options = tools::record_options(variant, &args.options, &text).map_err(Failure::input)?;
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
        return Err(stopped_at(e));
    }
    if !json {
        match (&report.result, &report.to_move) {
            (Some(result), _) => out!("result: {result}"),
            (None, Some(side)) if report.owed.is_empty() => out!("to move: {side}"),
            (None, Some(side)) => {
                let owed: Vec<String> = report.owed.iter().map(ToString::to_string).collect();
                out!("to move: {side} on {}", owed.join(", "))
            }
            (None, None) => {}
        }
    }
    Ok(())
}

/// The record replayed, refused as `replay` refuses it.
fn replayed(args: &GameArgs) -> Result<chronomate_rules::Game, Failure> {
    let (variant, options, text) = load_input(args)?;
    let (game, report) =
        tools::replay_record(variant, options, args.seed, &text).map_err(Failure::input)?;
    if let Some(e) = &report.error {
        return Err(stopped_at(e));
    }
    Ok(game)
}

fn play(args: &GameArgs, engine: &EngineArgs) -> Result<(), Failure> {
    let game = replayed(args)?;
    if let Some(outcome) = game.status().outcome() {
        return Err(Failure::input(format!("the game is over: {outcome}")));
    }
    let seed = args.seed ^ (game.record().len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let action = chronomate_engine::choose(&game, engine.level, seed, engine.millis)
        .ok_or_else(|| Failure::input("no action: the game is over"))?;
    out!("{action}");
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn run_match(
    variant: &str,
    white: Player,
    black: Option<Player>,
    games: u32,
    millis: Option<u64>,
    seed: u64,
    options: &str,
    against_uci: Option<&std::path::Path>,
    uci_options: &[String],
    uci_args: &[String],
    max_actions: usize,
) -> Result<(), Failure> {
    let variant: Variant = variant.parse().map_err(Failure::input)?;
    let options = Options::parse(variant, options).map_err(Failure::input)?;
    let opponent = match (against_uci, black) {
        (Some(path), None) => {
            if !tools::uci_speaks(variant) {
                return Err(Failure::input("--against-uci plays standard chess only"));
            }
            let mut pairs = Vec::new();
            for o in uci_options {
                let (name, value) = o.split_once('=').ok_or_else(|| {
                    Failure::input(format!("--uci-option {o:?}: write NAME=VALUE"))
                })?;
                pairs.push((name.trim().to_owned(), value.trim().to_owned()));
            }
            let client = UciClient::start(path, uci_args, &pairs).map_err(Failure::operational)?;
            Opponent::Uci {
                client: Box::new(client),
                movetime: millis.unwrap_or(100),
            }
        }
        (None, Some(player)) => Opponent::Player(player),
        (Some(_), Some(_)) => {
            return Err(Failure::input("give --black or --against-uci, not both"));
        }
        (None, None) => return Err(Failure::input("give --black LEVEL or --against-uci PATH")),
    };
    let mut settings = MatchSettings {
        variant,
        options,
        player: white,
        opponent,
        games,
        millis: millis.or(against_uci.map(|_| 100)),
        seed,
        max_actions,
    };
    let mut stdout = std::io::stdout().lock();
    tools::run_match(&mut settings, &mut stdout).map_err(Failure::operational)?;
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

fn gif(
    args: &GameArgs,
    output: &std::path::Path,
    flip: bool,
    theme: Option<&str>,
    delay: u32,
) -> Result<(), Failure> {
    let mut options = GifOptions {
        delay_ms: delay,
        ..GifOptions::default()
    };
    options.frame.flip = flip;
    if let Some(name) = theme {
        options.frame.theme = name.parse().map_err(Failure::input)?;
    }
    let (variant, game_options, text) = load_input(args)?;
    let gif = tools::record_gif(variant, game_options, args.seed, &text, &options).map_err(
        |e| match e {
            tools::GifError::Record(e) => Failure::input(e),
            tools::GifError::Render(e) => Failure::operational(e),
        },
    )?;
    std::fs::write(output, &gif.bytes)
        .map_err(|e| Failure::operational(format!("cannot write {}: {e}", output.display())))?;
    let mut line = format!("frames: {} of {}", gif.frames_used, gif.frames_total);
    if gif.sampled {
        line.push_str(&format!(", every {}", gif.step));
    }
    if gif.shrunk {
        line.push_str(", smaller boards");
    }
    out!("{line}");
    Ok(())
}

/// `chronomate turns VARIANT [FILE] [--cap N]`: the capped count of legal
/// turns at the start and after each action, one a line (`0` where there
/// is none); an action that does not apply ends it as `replay` does.
fn turns(args: &GameArgs, cap: usize) -> Result<(), Failure> {
    let (variant, options, text) = load_input(args)?;
    let counted = tools::count_turns(variant, options, args.seed, &text, cap.max(1))
        .map_err(Failure::input)?;
    for count in &counted.counts {
        out!("{count}");
    }
    counted
        .error
        .as_ref()
        .map_or(Ok(()), |e| Err(stopped_at(e)))
}

/// A record's action that does not apply: bad input.
fn stopped_at(e: &tools::ReplayFailure) -> Failure {
    Failure::input(format!("action {} ({:?}): {}", e.index, e.text, e.reason))
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
