//! The command line: its subcommands and their arguments, as clap reads
//! them. What each does is in `main.rs` and `tools/`.

use std::path::PathBuf;

use chronomate_engine::{Level, Player};
use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "chronomate",
    version,
    about = "Correspondence time-travel chess, in Discord or a terminal"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Command>,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
    /// What an operator sees at a glance: the outbox's depth and oldest
    /// entry, the engine's queue, the timed jobs due and each shard's last
    /// heartbeat (from DATABASE_URL).
    Status,
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
    /// Print the engine's action after a record.
    Play {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Play the engine against itself (or a UCI engine) and print the score.
    Match {
        /// The variant's id (standard, 5d, ...: README lists them).
        variant: String,
        /// The player the score is counted for: a level (1 to 8), `random`
        /// (uniform over the legal actions) or `greedy` (the most material
        /// after one action).
        #[arg(long, value_parser = parse_player)]
        white: Player,
        /// The opponent: a level, `random` or `greedy`; not with
        /// --against-uci.
        #[arg(long, value_parser = parse_player, required_unless_present = "against_uci")]
        black: Option<Player>,
        /// How many games.
        #[arg(long)]
        games: u32,
        /// Milliseconds a move at most (with --against-uci, also the UCI
        /// engine's movetime; 100 if not given).
        #[arg(long)]
        millis: Option<u64>,
        /// Game i (from 0) uses seed S+i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The variant's options, as `key:value` words.
        #[arg(long, default_value = "")]
        options: String,
        /// Play --white's level against this UCI engine (standard only).
        #[arg(long, value_name = "PATH")]
        against_uci: Option<PathBuf>,
        /// A UCI option for that engine, NAME=VALUE (repeatable).
        #[arg(long = "uci-option", value_name = "NAME=VALUE")]
        uci_options: Vec<String>,
        /// A command-line argument for that engine (repeatable).
        #[arg(long = "uci-arg", value_name = "ARG", allow_hyphen_values = true)]
        uci_args: Vec<String>,
        /// Actions after which an unfinished game is scored a draw.
        #[arg(long, default_value_t = 600)]
        max_actions: usize,
    },
    /// Speak UCI on stdin and stdout (standard chess), for chess GUIs and
    /// tournament managers.
    Uci,
    /// Speak 5DUCI on stdin and stdout (5D chess), for 5DUCI hosts
    /// (ftxi's autoplay and Elo matchmaker) and 5D interfaces.
    #[command(name = "5duci")]
    Fiveduci,
    /// Draw a record as an animated GIF: the start, then one frame per
    /// action, the last held.
    Gif {
        #[command(flatten)]
        game: GameArgs,
        /// Where to write the GIF.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// Show the boards from the other side.
        #[arg(long)]
        flip: bool,
        /// Colour theme.
        #[arg(long)]
        theme: Option<String>,
        /// How long each frame shows, in milliseconds.
        #[arg(long, default_value_t = 800)]
        delay: u32,
    },
    /// Count the distinct legal turns at each position of a record: the
    /// start, then after each action (the 5D perft); one line each.
    Turns {
        #[command(flatten)]
        game: GameArgs,
        /// Count no further than N at each position.
        #[arg(long, default_value_t = 1000, value_name = "N")]
        cap: usize,
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
pub(crate) struct GameArgs {
    /// The variant's id (standard, 5d, ...: README lists them).
    pub(crate) variant: String,
    /// The record: a file, or `-` (or nothing) for stdin.
    pub(crate) file: Option<PathBuf>,
    /// The variant's options, as `key:value` words (`branches:21`).
    #[arg(long, default_value = "")]
    pub(crate) options: String,
    /// The game's random seed (multiverse collapse).
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
}

/// How the engine thinks.
#[derive(Args)]
pub(crate) struct EngineArgs {
    /// 1 (a beginner) to 8 (the engine's best).
    #[arg(long, default_value = "8", value_parser = parse_level)]
    pub(crate) level: Level,
    /// Milliseconds to think at most (the level's budget otherwise).
    #[arg(long)]
    pub(crate) millis: Option<u64>,
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse()
        .map_err(|e: chronomate_engine::LevelError| e.to_string())
}

fn parse_player(text: &str) -> Result<Player, String> {
    text.parse().map_err(|_: chronomate_engine::LevelError| {
        format!(
            "{:?} is not a player: choose a level, 1 (weakest) to 8 (strongest), random or greedy",
            text.chars().take(20).collect::<String>()
        )
    })
}
