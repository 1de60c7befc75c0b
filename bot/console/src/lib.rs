//! `chronomate console`: the slash commands typed in a terminal, one per
//! line, for local (hot-seat) play and scripted tests.
//!
//! Reads stdin to its end and exits 0; prints each reply on stdout as
//! plain lines:
//!
//! - the reply's text;
//! - `image: PATH` for each picture, written under `IMAGES_DIR`;
//! - `choice: ID (Label)` for each button (`/choose ID` presses it), and
//!   for each option of the guided picker (`/move` with no action):
//!   `choice: pick:7:0:ng1- (knight on g1: 2 actions)`;
//! - `ping: @name` for each player the reply calls;
//! - `refused: WHY` when the host said no (nothing changed);
//! - `error: WHY` for a line that is no command (nothing changed) or a
//!   storage failure;
//! - `notice: TEXT` for reminders and timeouts, checked before each line.
//!
//! Chronomate's own moves (`/challenge @chronomate VARIANT level:N`) are
//! printed as they are played, like replies (its text, `image:` and
//! `ping:` lines), between the replies to what is typed: the engine thinks
//! off the runtime, so a line typed meanwhile is answered at once. At the
//! end of the input the console waits until Chronomate has answered, then
//! exits.
//!
//! The console delivers the outbox as Discord does: what a reply reports
//! is recorded as delivered once printed, and whatever else the outbox
//! holds (Chronomate's moves, what a console that stopped mid-command left)
//! is printed as it comes.
//!
//! Besides the slash commands: `/as NAME` switches who is typing
//! (hot-seat), `/choose ID` presses a button, `/images on|off` switches
//! board pictures, `/wait` waits until Chronomate has answered every game
//! where it is to move (for scripts), `/quit` ends early.
//!
//! A reply is printed only after what it reports is committed.

#![warn(missing_docs, unreachable_pub)]

mod help;
mod parse;
mod words;

use chronomate_host::{
    Alongside, Caller, Command as HostCommand, Host, HostConfig, HostError, Notice, NoticeKind,
    Place, Player, PlayerKey, Reply, TournamentTerms,
};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use chronomate_host::config::Config;

use parse::{Command, TournamentCommand, parse_line};

/// The console's place: one server, one channel, so that server settings
/// work too.
const CONSOLE_GUILD: &str = "console";

/// Who types when nobody said `/as`.
const DEFAULT_PLAYER: &str = "player";

/// What stops the console.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// The async runtime could not start.
    #[error("cannot start the runtime: {0}")]
    Runtime(io::Error),
    /// The host failed to open its database or start Chronomate's play (a
    /// refusal is printed, and never stops the console).
    #[error(transparent)]
    Host(#[from] HostError),
    /// The terminal could not be read or written.
    #[error("cannot read or write the terminal: {0}")]
    Io(#[from] io::Error),
}

/// A console session: the host, who is typing, where images go.
pub(crate) struct Session {
    host: Host,
    images_dir: PathBuf,
    player: Player,
}

impl Session {
    pub(crate) fn new(host: Host, images_dir: impl Into<PathBuf>) -> Session {
        Session {
            host,
            images_dir: images_dir.into(),
            player: Player::console(DEFAULT_PLAYER),
        }
    }

    pub(crate) fn host(&self) -> &Host {
        &self.host
    }

    pub(crate) fn player(&self) -> &Player {
        &self.player
    }

    fn caller(&self) -> Caller {
        Caller {
            player: self.player.clone(),
            place: Place::new(Some(CONSOLE_GUILD), Some("console"), None),
            manager: true,
            answer: None,
        }
    }

    /// Runs the scheduler at the current time; the notices as lines.
    pub(crate) async fn tick(&self) -> Vec<String> {
        match self.host.upkeep().tick(self.host.now()).await {
            Ok(notices) => notices.iter().flat_map(|n| self.notice_lines(n)).collect(),
            Err(e) => vec![format!("error: {e}")],
        }
    }

    fn notice_lines(&self, n: &Notice) -> Vec<String> {
        n.reply
            .text
            .lines()
            .map(|l| format!("notice: {l}"))
            .collect()
    }

    /// Handles one line; `None` means the session should end.
    pub(crate) async fn line(&mut self, line: &str) -> Option<Vec<String>> {
        let command = match parse_line(line) {
            Ok(Some(c)) => c,
            Ok(None) => return Some(Vec::new()),
            Err(e) => return Some(vec![format!("error: {e}")]),
        };
        let caller = self.caller();
        let host = &self.host;
        let result = match command {
            Command::Quit => return None,
            Command::Help => {
                let mut help = Reply::text(help::help_text());
                help.private = true;
                Ok(help)
            }
            Command::As(name) => {
                self.player = Player::console(&name);
                Ok(Reply::text(format!("You are {name}.")))
            }
            Command::ChallengeFrom { terms, record } => {
                let text = match std::fs::read_to_string(&record) {
                    Ok(text) => text,
                    Err(e) => {
                        return Some(vec![format!(
                            "error: cannot read {}: {e}",
                            record.display()
                        )]);
                    }
                };
                match terms.with_record(&text) {
                    Ok(terms) => host.execute(&caller, HostCommand::Challenge(terms)).await,
                    Err(r) => Err(r.into()),
                }
            }
            Command::Wait => {
                // Its moves are printed as they come, right after this.
                host.engine_play().idle().await;
                Ok(Reply::default())
            }
            Command::Tournament(TournamentCommand::Create(words)) => {
                match TournamentTerms::parse(&words, host.now()) {
                    Ok(terms) => {
                        host.execute(&caller, HostCommand::TournamentCreate(terms))
                            .await
                    }
                    Err(r) => Err(r.into()),
                }
            }
            Command::Images(on) => {
                let config = HostConfig {
                    images: on,
                    ..self.host.config().clone()
                };
                self.host = self.host.clone().with_config(config);
                Ok(Reply::text(if on {
                    "Board images on."
                } else {
                    "Board images off."
                }))
            }
            shared => match shared.for_the_host() {
                Ok(command) => host.execute(&caller, command).await,
                // Every console-only command is handled above.
                Err(own) => return Some(vec![format!("error: {own:?} is the console's own")]),
            },
        };
        Some(match result {
            Ok(reply) => {
                let mut lines = self.reply_lines(&reply);
                // Printed: what it reports is delivered.
                let printed = [&reply.announced[..], &reply.follows[..]].concat();
                if let Err(e) = self.host.outbox().announced(&printed).await {
                    lines.push(format!("error: storage failed: {e}"));
                }
                lines
            }
            Err(HostError::Refused(r)) => vec![format!("refused: {r}")],
            Err(HostError::Store(e)) => vec![format!("error: storage failed: {e}")],
            Err(HostError::System(e)) => vec![format!("error: {e}")],
        })
    }

    /// Prints what the outbox holds (Chronomate's moves, and whatever a
    /// console that stopped mid-command left), recording each as
    /// delivered: its lines.
    pub(crate) async fn outbox(&self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let due = match self.host.outbox().due_announcements(None, 64).await {
                Ok(due) => due,
                Err(e) => {
                    lines.push(format!("error: {e}"));
                    return lines;
                }
            };
            if due.is_empty() {
                return lines;
            }
            for a in due {
                lines.extend(self.announcement_lines(&a.notice));
                if let Err(e) = self.host.outbox().announced(&[a.id]).await {
                    lines.push(format!("error: {e}"));
                    return lines;
                }
            }
        }
    }

    /// An announcement as lines: a game's news as a reply, the scheduler's
    /// as `notice:` lines; a thread to close or a warning about Discord's
    /// permissions means nothing here.
    fn announcement_lines(&self, n: &Notice) -> Vec<String> {
        match n.kind {
            NoticeKind::Played | NoticeKind::Post => self.reply_lines(&n.reply),
            NoticeKind::Close | NoticeKind::Warning => Vec::new(),
            NoticeKind::Reminder
            | NoticeKind::TimeForfeit
            | NoticeKind::Aborted
            | NoticeKind::ChallengeExpired
            | NoticeKind::Tournament => self.notice_lines(n),
        }
    }

    fn reply_lines(&self, reply: &Reply) -> Vec<String> {
        let mut lines: Vec<String> = reply.text.lines().map(str::to_owned).collect();
        for image in &reply.images {
            match write_image(&self.images_dir, &image.name, &image.png) {
                Ok(path) => lines.push(format!("image: {}", path.display())),
                Err(e) => lines.push(format!("error: cannot write {}: {e}", image.name)),
            }
        }
        if let Some(link) = &reply.link {
            lines.push(format!("link: {} ({})", link.url, link.label));
        }
        if let Some(menu) = &reply.menu {
            for o in &menu.options {
                lines.push(format!(
                    "choice: {} ({}: {})",
                    menu.choice(o),
                    o.label,
                    o.detail
                ));
            }
        }
        for c in &reply.choices {
            lines.push(format!("choice: {} ({})", c.id, c.label));
        }
        for key in &reply.pings {
            match key {
                PlayerKey::Console(name) => lines.push(format!("ping: @{name}")),
                other => lines.push(format!("ping: @{other}")),
            }
        }
        lines
    }
}

fn write_image(dir: &Path, name: &str, png: &[u8]) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(name);
    std::fs::write(&path, png)?;
    Ok(path)
}

/// Runs the console on stdin and stdout until stdin ends.
pub fn main(config: &Config, alongside: Alongside) -> Result<(), ConsoleError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ConsoleError::Runtime)?;
    let host_config = HostConfig {
        web_url: config.web_url(),
        ..HostConfig::default()
    };
    let host = runtime.block_on(Host::open_with(&config.database_url, host_config))?;
    runtime.block_on(host.upkeep().register_process("the console"))?;
    {
        let _inside = runtime.enter();
        alongside(std::sync::Arc::new(host.clone()));
    }
    let mut session = Session::new(host, &config.images_dir);
    let interactive = io::stdin().is_terminal();
    if interactive {
        eprintln!(
            "Chronomate console. You are {}; /as NAME switches, /help lists the commands, Ctrl-D quits.",
            session.player().name
        );
    }
    let lines = read_lines();
    let result = runtime.block_on(serve(&mut session, lines, interactive));
    runtime.block_on(session.host().close());
    result
}

/// Stdin's lines, read on a thread of their own so that Chronomate's moves
/// are printed while the console waits for input.
fn read_lines() -> tokio::sync::mpsc::UnboundedReceiver<io::Result<String>> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let line = match input.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => Ok(String::from_utf8_lossy(&buf).into_owned()),
                Err(e) => Err(e),
            };
            let failed = line.is_err();
            if tx.send(line).is_err() || failed {
                break;
            }
        }
    });
    rx
}

/// Answers lines until the input ends (or `/quit`), printing Chronomate's
/// moves as they come; then lets Chronomate finish answering.
async fn serve(
    session: &mut Session,
    mut lines: tokio::sync::mpsc::UnboundedReceiver<io::Result<String>>,
    interactive: bool,
) -> Result<(), ConsoleError> {
    session.host().engine_play().start().await?;
    let bell = session.host().outbox().bell();
    let mut out = io::stdout();
    loop {
        // Listening before the outbox is read, so that a post made while
        // it reads (Chronomate's quick reply) rings the next wait.
        let rung = bell.notified();
        tokio::pin!(rung);
        rung.as_mut().enable();
        print(&mut out, session.outbox().await)?;
        if interactive {
            eprint!("{}> ", session.player().name);
        }
        tokio::select! {
            biased;
            () = &mut rung => {}
            line = lines.recv() => {
                let line = match line {
                    None => break,
                    Some(line) => line?,
                };
                let mut printed = session.tick().await;
                match session.line(&line).await {
                    Some(more) => printed.extend(more),
                    None => return Ok(()),
                }
                print(&mut out, printed)?;
            }
        }
    }
    // The input ended: Chronomate answers what it was asked first.
    let host = session.host().clone();
    let idle = host.engine_play().idle();
    tokio::pin!(idle);
    loop {
        let rung = bell.notified();
        tokio::pin!(rung);
        rung.as_mut().enable();
        print(&mut out, session.outbox().await)?;
        tokio::select! {
            biased;
            () = &mut rung => {}
            () = &mut idle => break,
        }
    }
    print(&mut out, session.outbox().await)?;
    Ok(())
}

/// Prints lines on `out` at once.
fn print(out: &mut io::Stdout, lines: Vec<String>) -> io::Result<()> {
    let mut out = out.lock();
    for l in lines {
        writeln!(out, "{l}")?;
    }
    out.flush()
}

#[cfg(test)]
mod tests;
