//! The Discord adapter: a thin serenity/poise layer over the [`host`].
//!
//! Everything a player can do is a slash command (`commands.rs`,
//! `community.rs`) or a button (`components.rs`); both hand plain values
//! to the host (`caller.rs`: who and where) and post its reply. Buttons
//! carry the host's stable choice ids as their custom ids and are routed by
//! id in the event handler, never by in-memory collectors, so a button
//! keeps working after a restart.
//!
//! One word for one idea: the host returns a [`Reply`]; the adapter
//! *posts* it. A `Post` (`post.rs`) is a reply in Discord's terms (limits,
//! files, buttons, mentions), `post_reply` (`threads.rs`) answers an
//! interaction with one (in the game's thread where it belongs, opened,
//! replaced or given up for the channel as Discord allows), and an
//! `Interaction` (`interaction.rs`) keeps the answer on Discord's clock.
//! `run.rs` is how every command does all three.
//! Everything the bot says unasked, and what follows an interaction's
//! answer, is an announcement the host committed into its outbox with the
//! change it reports; a background task (`outbox.rs`) posts them in order
//! per game, exactly once (nonces), by the process serving the server.
//! Another (`notices.rs`) asks the host to do what is due (reminders,
//! timeouts, tournament rounds); their announcements go the same way: by
//! DM first, in the game's thread when the DM is refused. The gateway's
//! thread and channel events keep each game's place true (`places.rs`).
//!
//! Every answer, post, thread and DM is sent by the adapter's REST client
//! (`rest/`, tuned by [`RestPolicy`]), which waits out rate limits as
//! Discord says and repeats a failed request only where a repeat cannot do
//! it twice; serenity's own client registers the commands and answers
//! autocomplete. docs/discord.md ("Behaviour under failure") says what the
//! bot does when Discord misbehaves.
//!
//! The REST clients can be pointed at another base URL (`DISCORD_API_BASE`,
//! a fake Discord in tests); the gateway URL then comes from that base's
//! `/gateway`, so the same binary runs against Discord or a stand-in.
//!
//! The adapter sees the host alone: never the store, never a particular
//! variant (variant options are built from `Variant::ALL`, `options.rs`).
//! What it offers other crates: [`serve`] (for `chronomate serve`),
//! [`start`] with [`BotOptions`] (for tests against a fake Discord), and
//! [`all_commands`].
//!
//! [`host`]: chronomate_host
//! [`Reply`]: chronomate_host::Reply

#![warn(missing_docs, unreachable_pub)]

mod caller;
mod catalogue;
mod commands;
mod community;
mod components;
mod heartbeats;
mod help;
mod interaction;
mod metrics;
mod notices;
mod options;
mod outbox;
mod places;
mod post;
mod rest;
mod run;
mod running;
mod threads;

pub use rest::{Policy as RestPolicy, RestSetupError};
pub use running::Running;

use chronomate_host::{Host, HostConfig, Span};
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, HttpBuilder};

use chronomate_host::Alongside;
use chronomate_host::config::{Config, Secret, ShardRange};

/// What every command and event handler can reach.
pub struct Data {
    /// The host every command is answered by.
    pub(crate) host: Arc<Host>,
    /// Discord's REST API, as the adapter sends it.
    pub(crate) rest: Arc<rest::Rest>,
    /// Game threads: opening, posting with fallbacks, closing.
    pub(crate) threads: Arc<threads::Threads>,
    /// The outbox's poster in this process.
    pub(crate) outbox: Arc<outbox::Outbox>,
    /// This process's counters (served with `METRICS_ADDR`).
    pub(crate) metrics: Arc<metrics::Metrics>,
    /// How long an interaction may wait for the host before it is deferred.
    pub(crate) defer_after: Duration,
    /// Host work in progress at once: see [`Data::work`].
    pub(crate) lanes: Arc<tokio::sync::Semaphore>,
    /// The bot's own user: challenging it is playing Chronomate.
    pub(crate) me: serenity::UserId,
    /// Held until the framework is dropped, which is when every shard has
    /// closed and every interaction in flight is answered:
    /// [`Running::shutdown`] waits for that.
    _lifeline: tokio::sync::mpsc::Sender<()>,
}

impl Data {
    /// Runs host work in one of a few lanes (twice as many as the machine
    /// has cores, at least four), first come first served. Game work is
    /// mostly CPU work (rules, renders): with hundreds of interactions at
    /// once, running it all together leaves no thread free to keep
    /// Discord's clock, and deferrals go out late (measured: p99 of the
    /// first answer 2.0 s instead of 1.3 s in a burst). Interactions
    /// waiting for a lane cost nothing, their deferral goes out on time,
    /// and a game's moves are taken in the order they came.
    pub(crate) async fn work<F: std::future::Future>(&self, work: F) -> F::Output {
        let _lane = self.lanes.acquire().await.ok();
        work.await
    }
}

/// How many host operations run at once.
fn lanes() -> usize {
    std::thread::available_parallelism()
        .map(|n| 2 * n.get())
        .unwrap_or(4)
        .max(4)
}

/// The error type of commands and handlers. Errors a player caused are not
/// errors here: the host answers them with a reply. What lands here is a
/// failure of Discord or of the database; it is logged, and the player is
/// told that nothing was lost.
pub type Error = anyhow::Error;
/// The poise context of our commands.
pub(crate) type Context<'a> = poise::Context<'a, Data, Error>;

/// The only gateway intent the bot needs: GUILDS (not privileged) keeps the
/// cache of channels and threads. Slash commands, buttons and autocomplete
/// arrive as interactions, which need no intent at all, and the bot never
/// reads message content.
pub(crate) const INTENTS: GatewayIntents = GatewayIntents::GUILDS;

/// How long the host may take before an interaction is deferred: well
/// inside Discord's 3 seconds, leaving time for the deferral itself.
pub const DEFER_AFTER: Duration = Duration::from_millis(1200);

/// Why the bot could not start or had to stop.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// No token: the bot cannot log in.
    #[error(
        "DISCORD_TOKEN is not set.\n\
         To get one: open https://discord.com/developers/applications, create an application,\n\
         then Bot > Reset Token, and put DISCORD_TOKEN=... in .env or the environment\n\
         (docs/discord.md walks through it, with the invite link).\n\
         To play without Discord: chronomate console"
    )]
    NoToken,
    /// `DISCORD_API_BASE` is no http(s) URL.
    #[error("DISCORD_API_BASE must be an http:// or https:// URL, not {0:?}")]
    BadApiBase(String),
    /// The host could not open its database.
    #[error("cannot open the games: {0}")]
    Host(String),
    /// The async runtime could not start.
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    /// Discord (the gateway, or serenity's REST client) failed.
    #[error("Discord: {0}")]
    Discord(Box<serenity::Error>),
    /// The adapter's REST client could not be built.
    #[error("cannot set up the REST client: {0}")]
    Rest(RestSetupError),
    /// The metrics endpoint cannot listen where `METRICS_ADDR` says.
    #[error("cannot serve metrics at METRICS_ADDR={0}: {1}")]
    Metrics(std::net::SocketAddr, std::io::Error),
    /// The token was refused over REST (`GET /gateway/bot`, asked first
    /// when the bot runs every recommended shard).
    #[error("Discord refused the token (authentication failed: {0}); check DISCORD_TOKEN")]
    Unauthorized(Box<serenity::Error>),
}

impl From<serenity::Error> for ServeError {
    fn from(e: serenity::Error) -> ServeError {
        let unauthorized = matches!(&e, serenity::Error::Http(h)
            if h.status_code() == Some(serenity::http::StatusCode::UNAUTHORIZED));
        if unauthorized {
            ServeError::Unauthorized(Box::new(e))
        } else {
            ServeError::Discord(Box::new(e))
        }
    }
}

/// How the bot is started (`chronomate serve` reads them from its
/// configuration).
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// The bot's token.
    pub token: Secret,
    /// Another REST base (a fake Discord); `None`: Discord itself.
    pub api_base: Option<String>,
    /// Register the commands in this guild only (instant), else globally.
    pub guild_id: Option<u64>,
    /// How often to look for due reminders and timeouts; `None`: never
    /// (tests call [`Running::tick`] themselves).
    pub tick_every: Option<Duration>,
    /// See [`DEFER_AFTER`]; tests set 0 to take the deferred path.
    pub defer_after: Duration,
    /// How hard REST requests are tried.
    pub rest_policy: RestPolicy,
    /// Where to serve Prometheus metrics; `None`: nowhere.
    pub metrics_addr: Option<std::net::SocketAddr>,
}

impl BotOptions {
    pub(crate) fn from_config(config: &Config) -> Result<BotOptions, ServeError> {
        let token = config.discord_token.clone().ok_or(ServeError::NoToken)?;
        if let Some(base) = &config.discord_api_base {
            check_api_base(base)?;
        }
        Ok(BotOptions {
            token,
            api_base: config.discord_api_base.clone(),
            guild_id: config.guild_id,
            tick_every: Some(config.tick_every),
            defer_after: DEFER_AFTER,
            rest_policy: rest::Policy::default(),
            metrics_addr: config.metrics_addr,
        })
    }
}

/// The adapter's REST client ([`rest`]): Discord, or the other base.
pub(crate) fn build_rest(options: &BotOptions) -> Result<rest::Rest, ServeError> {
    let base = match &options.api_base {
        Some(base) => check_api_base(base)?,
        None => "https://discord.com",
    };
    rest::Rest::new(base, options.token.expose(), options.rest_policy.clone())
        .map_err(ServeError::Rest)
}

/// serenity's REST client (registration, autocomplete, poise's error
/// replies). With another base, serenity's ratelimiter must be off
/// (it ignores the proxy otherwise; serenity #1739): the stand-in is
/// expected to do its own limiting. Against Discord it stays on, so 429s
/// are waited out and retried by serenity.
pub(crate) fn build_http(options: &BotOptions) -> Result<serenity::Http, ServeError> {
    let mut builder = HttpBuilder::new(options.token.expose());
    if let Some(base) = &options.api_base {
        builder = builder
            .proxy(check_api_base(base)?)
            .ratelimiter_disabled(true);
    }
    Ok(builder.build())
}

/// `http(s)://host[:port]`, without a trailing slash.
fn check_api_base(base: &str) -> Result<&str, ServeError> {
    let base = base.trim().trim_end_matches('/');
    let rest = base
        .strip_prefix("http://")
        .or_else(|| base.strip_prefix("https://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => Ok(base),
        _ => Err(ServeError::BadApiBase(base.to_owned())),
    }
}

/// The bot's commands, as registered with Discord.
pub fn all_commands() -> Vec<poise::Command<Data, Error>> {
    let mut all = commands::all();
    all.extend(community::all());
    for command in &mut all {
        catalogue::describe(command);
    }
    all
}

/// Connects to Discord (or the stand-in) and starts serving `host` on
/// every shard Discord recommends. Commands are registered once the
/// gateway says READY.
pub async fn start(options: BotOptions, host: Arc<Host>) -> Result<Running, ServeError> {
    start_shards(options, host, None).await
}

/// [`start`], running only the shards of `shards` (several processes on
/// one PostgreSQL database each run a range; Discord sends each server's
/// events to the shard `(guild_id >> 22) % total`). `None`: every shard
/// Discord recommends (`GET /gateway/bot`).
pub(crate) async fn start_shards(
    options: BotOptions,
    host: Arc<Host>,
    shards: Option<ShardRange>,
) -> Result<Running, ServeError> {
    let http = build_http(&options)?;
    let rest = Arc::new(build_rest(&options)?);
    // Alive for the other processes before the first post or command: what
    // a dead predecessor held goes out now, not when its hold lapses.
    let serving = shards.map_or("every shard".to_owned(), |r| format!("shards {r}"));
    host.upkeep()
        .register_process(&serving)
        .await
        .map_err(|e| ServeError::Host(e.to_string()))?;
    let threads = Arc::new(threads::Threads::new(rest.clone(), host.clone()));
    let metrics = Arc::new(metrics::Metrics::new());
    let (outbox, cleaner) = outbox::Outbox::new(threads.clone(), shards, metrics.clone());
    let mut tasks = vec![tokio::spawn(cleaner), tokio::spawn(outbox.clone().run())];
    if let Some(addr) = options.metrics_addr {
        let listener = metrics::listen(addr)
            .await
            .map_err(|e| ServeError::Metrics(addr, e))?;
        // The port it got, when asked for any (`127.0.0.1:0`).
        let addr = listener.local_addr().unwrap_or(addr);
        tracing::info!(%addr, "serving metrics at /metrics");
        tasks.push(tokio::spawn(metrics::serve(
            listener,
            metrics.clone(),
            host.clone(),
        )));
    }
    let guild_id = options.guild_id;
    let defer_after = options.defer_after;
    let (lifeline, lifeline_ended) = tokio::sync::mpsc::channel(1);
    let setup_host = host.clone();
    let setup_threads = threads.clone();
    let (setup_outbox, setup_metrics) = (outbox.clone(), metrics.clone());
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: all_commands(),
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |framework, event| Box::pin(components::on_event(framework, event)),
            allowed_mentions: Some(post::allowed_mentions()),
            ..Default::default()
        })
        // Nothing needs the owner list; skip the extra request.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                register(ctx, framework, guild_id).await;
                tracing::info!(user = %ready.user.name, "connected to Discord");
                Ok(Data {
                    host: setup_host,
                    rest,
                    threads: setup_threads,
                    outbox: setup_outbox,
                    metrics: setup_metrics,
                    defer_after,
                    lanes: Arc::new(tokio::sync::Semaphore::new(lanes())),
                    me: ready.user.id,
                    _lifeline: lifeline,
                })
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http, INTENTS)
        .framework(framework)
        .event_handler(RateLimits)
        .await?;
    let shard_manager = client.shard_manager.clone();
    quick_restarts(&shard_manager);
    tasks.push(tokio::spawn(heartbeats::record_heartbeats(
        shard_manager.clone(),
        host.clone(),
        shards.map(|r| r.total),
    )));
    let client_task = tokio::spawn(async move {
        match shards {
            // serenity's range is inclusive of its end.
            Some(r) => client.start_shard_range(r.first..r.last, r.total).await,
            None => client.start_autosharded().await,
        }
    });
    if let Some(every) = options.tick_every {
        tasks.push(tokio::spawn(outbox::run_ticker(outbox.clone(), every)));
    }
    host.engine_play()
        .start()
        .await
        .map_err(|e| ServeError::Host(e.to_string()))?;
    Ok(Running {
        shard_manager,
        outbox,
        client: client_task,
        tasks,
        lifeline_ended,
    })
}

/// Makes a shard that must identify anew (op 9 INVALID_SESSION that cannot
/// be resumed, a missed heartbeat ACK, a failed resume) reconnect at once
/// instead of after 5 seconds of deafness.
///
/// In serenity 0.12.5 such a shard asks the manager to restart it and the
/// manager waits, up to 5 seconds, for the shard to confirm its own
/// shutdown, which it cannot do while it waits for the manager. After
/// every restart the manager queues one confirmation more than it used, so
/// only the first restart of a process waits: one confirmation queued at
/// start makes the first as quick as the rest. (Discord's own limit of one
/// IDENTIFY per 5 seconds is still kept by serenity's shard queuer.)
fn quick_restarts(manager: &serenity::ShardManager) {
    manager.shutdown_finished(serenity::ShardId(0));
}

/// Logs the rate limits serenity's ratelimiter waits out (against Discord).
struct RateLimits;

#[serenity::async_trait]
impl serenity::EventHandler for RateLimits {
    async fn ratelimit(&self, data: serenity::RatelimitInfo) {
        tracing::warn!(
            method = ?data.method,
            path = %data.path,
            wait_ms = data.timeout.as_millis() as u64,
            global = data.global,
            "rate limited by Discord; waiting"
        );
    }
}

/// Registers the commands in the development guild or globally. A failure
/// is logged, not fatal: commands registered by an earlier run still work.
async fn register(
    ctx: &serenity::Context,
    framework: &poise::Framework<Data, Error>,
    guild_id: Option<u64>,
) {
    let commands = &framework.options().commands;
    let result = match guild_id {
        Some(guild) => {
            poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(guild)).await
        }
        None => poise::builtins::register_globally(ctx, commands).await,
    };
    match (result, guild_id) {
        (Ok(()), Some(guild)) => tracing::info!(
            guild,
            count = commands.len(),
            "registered commands in the guild"
        ),
        (Ok(()), None) => tracing::info!(count = commands.len(), "registered commands globally"),
        (Err(e), _) => tracing::error!(error = %e, "cannot register the commands"),
    }
}

/// Logs a failure and tells the player, so no interaction is left hanging.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    let told = match &error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %format!("{error:#}"), "command failed");
            Some((*ctx, interaction::OUR_FAULT))
        }
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::warn!(command = %ctx.command().qualified_name, description, "Discord's idea of a command differs from ours");
            Some((
                poise::Context::Application(*ctx),
                "This command changed since Discord last heard of it; please try again in a minute.",
            ))
        }
        poise::FrameworkError::ArgumentParse { ctx, error, .. } => {
            tracing::info!(command = %ctx.command().qualified_name, error = %error, "unreadable options");
            Some((*ctx, "Some options could not be read; see /help."))
        }
        _ => None,
    };
    match told {
        Some((ctx, text)) => {
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!(error = %e, "cannot report a failed command");
            }
        }
        None => {
            if let Err(e) = poise::builtins::on_error(error).await {
                tracing::warn!(error = %e, "cannot report an error");
            }
        }
    }
}

/// `chronomate serve`: reads the token, opens the games, connects and
/// serves until Ctrl-C (or a fatal gateway error).
pub fn serve(config: Config, alongside: Alongside) -> Result<(), ServeError> {
    init_tracing();
    let options = BotOptions::from_config(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        let host = open_host(&config).await?;
        alongside(host.clone());
        tracing::info!(
            api = options.api_base.as_deref().unwrap_or("https://discord.com"),
            guild = ?options.guild_id,
            database = %chronomate_host::config::redact_url(&config.database_url),
            shards = %config.shards.map_or("all recommended".to_owned(), |r| r.to_string()),
            "starting"
        );
        let mut running = start_shards(options, host, config.shards).await?;
        tokio::select! {
            result = running.wait() => result,
            () = stop_signal() => {
                tracing::info!("shutting down");
                running.shutdown().await;
                Ok(())
            }
        }
    })
}

/// Ctrl-C, or (on Unix) SIGTERM from a service manager.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn open_host(config: &Config) -> Result<Arc<Host>, ServeError> {
    let host_config = HostConfig {
        claim_for: Span::from_std(config.job_claim),
        post_lease: Span::from_std(config.post_lease),
        web_url: config.web_url(),
        ..HostConfig::default()
    };
    Host::open_with(&config.database_url, host_config)
        .await
        .map(Arc::new)
        .map_err(|e| ServeError::Host(e.to_string()))
}

/// Logs to stderr, filtered by RUST_LOG (default: info).
fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Another subscriber may be set already (tests); keep it.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
