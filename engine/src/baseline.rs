//! Two baseline players to measure the engine against (issue 16): a
//! random mover and a greedy one-ply material player, and [`Player`], who
//! plays a side in a match: an engine level or one of them.
//!
//! Both work for every variant through the rules face, like the engine,
//! and both are seeded: the same state and seed give the same action.

use std::fmt;
use std::str::FromStr;

use chronomate_rules::{Game, Rules, Visitor};

use crate::eval::generic;
use crate::rng::{Rng, mix};
use crate::{Level, LevelError, Limits, choose, think};

/// The most actions the greedy player judges in one state: where a state
/// has more (a multiverse turn with time travel open has up to a million,
/// Many Worlds thousands), it judges a seeded uniform sample of this many.
pub const GREEDY_WIDTH: usize = 4_096;

/// Who plays a side: the engine at a level, or a baseline.
///
/// Reads and prints as `1` to `8`, `random` or `greedy`; for tuning the
/// levels, a level with some of its settings replaced ([`Tuned`]): `4@120`
/// is level 4 at temperature 120 instead of its own, `4@120/1` the same
/// held to depth 1, `4@/2g300` level 4's temperature at depth 2, glancing
/// at 300 moves in 1000.
///
/// ```
/// use chronomate_engine::{Level, Player};
///
/// assert_eq!("random".parse::<Player>().unwrap(), Player::Random);
/// assert_eq!("8".parse::<Player>().unwrap(), Player::Engine(Level::MAX));
/// assert_eq!(Player::Greedy.to_string(), "greedy");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The engine at this level (see [`choose`]).
    Engine(Level),
    /// The engine at this level with some of its settings replaced.
    Tuned(Level, Tuned),
    /// Uniform over the legal actions ([`random_action`]).
    Random,
    /// The best material after one action ([`greedy_action`]).
    Greedy,
}

impl Player {
    /// This player's action now, in canonical notation; `None` once the
    /// game is over. `millis` caps the engine's time (the baselines take
    /// none to speak of).
    pub fn choose(self, game: &Game, seed: u64, millis: Option<u64>) -> Option<String> {
        match self {
            Player::Engine(level) => choose(game, level, seed, millis),
            Player::Tuned(level, tuned) => {
                let limits = Limits {
                    temperature: tuned.temperature,
                    depth: tuned.depth,
                    nodes: tuned.nodes,
                    glance: tuned.glance,
                    glance_temperature: tuned.glance_temperature,
                    watch: tuned.watch,
                    look: tuned.look,
                    quiescence: tuned.quiescence,
                    ..Limits::level(level, millis)
                };
                think(game, &limits, seed).map(|t| t.action)
            }
            Player::Random => random_action(game, seed),
            Player::Greedy => greedy_action(game, seed),
        }
    }
}

impl From<Level> for Player {
    fn from(level: Level) -> Player {
        Player::Engine(level)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Engine(level) => write!(f, "{level}"),
            Player::Tuned(level, tuned) => write!(f, "{level}@{tuned}"),
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
        }
    }
}

impl FromStr for Player {
    type Err = LevelError;
    /// `random`, `greedy` (any case), a level, 1 to 8, or a level with
    /// settings replaced, `4@120/1g300` ([`Tuned`]).
    fn from_str(s: &str) -> Result<Player, LevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            _ => match s.split_once('@') {
                Some((level, tuned)) => {
                    let tuned = tuned
                        .parse()
                        .map_err(|()| LevelError(s.chars().take(20).collect()))?;
                    Ok(Player::Tuned(level.parse()?, tuned))
                }
                None => s.parse().map(Player::Engine),
            },
        }
    }
}

/// Settings of a level replaced, for tuning the levels: written
/// `TEMPERATURE[/DEPTH][nNODES][gGLANCE[tTEMPERATURE]][wWATCH][kCOUNT[rREACH]][qTURNS]`
/// (each part optional, at least one given): a temperature in centipawns
/// ([`Limits::temperature`]), a depth ([`Limits::depth`]), a node budget
/// ([`Limits::nodes`], in the variant's own nodes), a share of glances
/// per mille ([`Limits::glance`]) and their temperature
/// ([`Limits::glance_temperature`]), and a chance per mille of watching
/// for a move that wins at once ([`Limits::watch`]), and the shallow look
/// its choice is held to ([`Limits::look`]: `k0` every move, `k5r150` the
/// five best within 150 centipawns), and the turns of captures searched
/// past the horizon ([`Limits::quiescence`]: `6@q1` is level 6 answering
/// a capture at its horizon once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tuned {
    /// The softmax temperature over root scores, in centipawns.
    pub temperature: Option<u32>,
    /// The search depth, in actions.
    pub depth: Option<u32>,
    /// The node budget, in the variant's nodes.
    pub nodes: Option<u64>,
    /// The share of moves played at a glance, per mille.
    pub glance: Option<u16>,
    /// The temperature of those glances, in centipawns.
    pub glance_temperature: Option<u32>,
    /// The chance per mille of watching for a move that wins at once.
    pub watch: Option<u16>,
    /// The shallow look: how many of its best, how far below its best.
    pub look: Option<(u16, u32)>,
    /// Turns of captures searched past the horizon.
    pub quiescence: Option<u32>,
}

impl fmt::Display for Tuned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(t) = self.temperature {
            write!(f, "{t}")?;
        }
        if let Some(d) = self.depth {
            write!(f, "/{d}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, "n{n}")?;
        }
        if let Some(g) = self.glance {
            write!(f, "g{g}")?;
        }
        if let Some(t) = self.glance_temperature {
            write!(f, "t{t}")?;
        }
        if let Some(w) = self.watch {
            write!(f, "w{w}")?;
        }
        if let Some((count, reach)) = self.look {
            write!(f, "k{count}r{reach}")?;
        }
        if let Some(q) = self.quiescence {
            write!(f, "q{q}")?;
        }
        Ok(())
    }
}

impl FromStr for Tuned {
    type Err = ();
    fn from_str(s: &str) -> Result<Tuned, ()> {
        fn part<T: FromStr>(p: Option<&str>) -> Result<Option<T>, ()> {
            p.map(|p| p.trim().parse().map_err(|_| ())).transpose()
        }
        let (s, quiescence) = match s.split_once('q') {
            Some((rest, q)) => (rest, Some(q)),
            None => (s, None),
        };
        let (s, look) = match s.split_once('k') {
            Some((rest, k)) => (rest, Some(k)),
            None => (s, None),
        };
        let look = match look {
            Some(k) => {
                let (count, reach) = k.split_once('r').unwrap_or((k, "10000"));
                Some((part(Some(count))?.ok_or(())?, part(Some(reach))?.ok_or(())?))
            }
            None => None,
        };
        let (s, watch) = match s.split_once('w') {
            Some((rest, w)) => (rest, Some(w)),
            None => (s, None),
        };
        let (rest, glance) = match s.split_once('g') {
            Some((rest, g)) => (rest, Some(g)),
            None => (s, None),
        };
        let (glance, glance_temperature) = match glance.and_then(|g| g.split_once('t')) {
            Some((g, t)) => (Some(g), Some(t)),
            None => (glance, None),
        };
        let (rest, nodes) = match rest.split_once('n') {
            Some((rest, n)) => (rest, Some(n)),
            None => (rest, None),
        };
        let (temperature, depth) = match rest.split_once('/') {
            Some((t, d)) => (t, Some(d)),
            None => (rest, None),
        };
        let tuned = Tuned {
            temperature: part(Some(temperature).filter(|t| !t.trim().is_empty()))?,
            depth: part(depth)?,
            nodes: part(nodes)?,
            glance: part(glance)?,
            glance_temperature: part(glance_temperature)?,
            watch: part(watch)?,
            look,
            quiescence: part(quiescence)?,
        };
        match tuned {
            Tuned {
                glance: Some(1001..),
                ..
            }
            | Tuned {
                watch: Some(1001..),
                ..
            }
            | Tuned { nodes: Some(0), .. } => Err(()),
            t if t == Tuned::default() => Err(()),
            t => Ok(t),
        }
    }
}

/// A legal action drawn uniformly from all of them, in canonical
/// notation; `None` once the game is over. The same state and seed give
/// the same action.
pub fn random_action(game: &Game, seed: u64) -> Option<String> {
    unless_over(game, Random { seed })
}

/// `visitor`'s action for the game's state; `None` once it is over.
fn unless_over<V: Visitor<Output = Option<String>>>(game: &Game, visitor: V) -> Option<String> {
    if game.status().is_over() {
        None
    } else {
        game.visit(visitor)
    }
}

struct Random {
    seed: u64,
}

impl Visitor for Random {
    type Output = Option<String>;
    fn visit<R: Rules>(self, state: &R) -> Option<String> {
        let actions = state.legal_actions();
        let mut rng = Rng::new(mix(self.seed, 0x7a4d_0e11));
        let action = actions.get(rng.below(actions.len()))?;
        Some(state.notation(action))
    }
}

/// The action after which the mover has the most material, in canonical
/// notation; `None` once the game is over.
///
/// Material is the engine's plain count from the view (pawn 100, knight
/// 320, bishop 330, rook 500, queen 900, unicorn 250; averaged over the
/// boards, men in hand and away in time counted at a discount), the same
/// for every variant. An action that wins the game counts above any
/// material, one that loses below, a draw as even material. Ties are
/// broken at random by the seed; where a state has more than
/// [`GREEDY_WIDTH`] actions, a seeded sample of that many is judged. The
/// same state and seed give the same action.
pub fn greedy_action(game: &Game, seed: u64) -> Option<String> {
    unless_over(game, Greedy { seed })
}

struct Greedy {
    seed: u64,
}

impl Visitor for Greedy {
    type Output = Option<String>;
    fn visit<R: Rules>(self, state: &R) -> Option<String> {
        let mover = state.turn().color;
        let mut actions = state.legal_actions();
        let mut rng = Rng::new(mix(self.seed, 0x063e_ed11));
        rng.sample(&mut actions, GREEDY_WIDTH);
        let mut best: Vec<&R::Action> = Vec::new();
        let mut best_score = i64::MIN;
        for action in &actions {
            let mut next = state.clone();
            if next.apply(action).is_err() {
                continue;
            }
            let score = match next.status().outcome() {
                Some(outcome) => match outcome.winner {
                    Some(winner) if winner == mover => i64::MAX,
                    Some(_) => i64::MIN + 1,
                    None => 0,
                },
                None => {
                    let turn = next.turn();
                    let material = i64::from(generic(&next.view(), &turn));
                    if turn.color == mover {
                        material
                    } else {
                        -material
                    }
                }
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(action);
            }
        }
        let action = best.get(rng.below(best.len()))?;
        Some(state.notation(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chronomate_rules::Variant;

    #[test]
    fn players_read_and_print() {
        for text in [
            "random",
            "greedy",
            "1",
            "8",
            "4@120",
            "4@120/1",
            "4@/2g300",
            "4@g1000t250",
            "4@n5000",
            "4@80/3n20000g200",
            "3@w500",
            "3@250g300t100w0",
            "6@q1",
            "6@35k3r120q2",
        ] {
            let player: Player = text.parse().unwrap();
            assert_eq!(player.to_string(), text);
        }
        assert_eq!("Greedy".parse::<Player>(), Ok(Player::Greedy));
        assert!("9".parse::<Player>().is_err());
        assert!("randomly".parse::<Player>().is_err());
        assert!("4@".parse::<Player>().is_err());
        assert!("4@10/x".parse::<Player>().is_err());
        assert!("4@g1001".parse::<Player>().is_err());
        assert!("4@w1001".parse::<Player>().is_err());
        assert!("4@wx".parse::<Player>().is_err());
        assert!("4@n0".parse::<Player>().is_err());
        assert!("4@/".parse::<Player>().is_err());
        assert!("9@10".parse::<Player>().is_err());
    }

    #[test]
    fn baselines_are_legal_and_seeded() {
        for &variant in Variant::ALL {
            let game = Game::new(variant, 3);
            for player in [Player::Random, Player::Greedy] {
                let a = player.choose(&game, 5, None).unwrap();
                assert_eq!(player.choose(&game, 5, None), Some(a.clone()));
                let mut next = game.clone();
                next.play(&a).unwrap();
            }
        }
    }

    #[test]
    fn random_spreads_over_the_actions() {
        let game = Game::new(Variant::Standard, 0);
        let seen: std::collections::HashSet<String> = (0..200)
            .filter_map(|seed| random_action(&game, seed))
            .collect();
        assert!(seen.len() >= 15, "{seen:?}");
    }

    #[test]
    fn greedy_takes_the_most() {
        let game = Game::replay(Variant::Standard, 0, ["e4", "e5", "Nf3", "Qg5", "d3"]).unwrap();
        // Black's queen can take a pawn (Qxg2) or a bishop (Qxc1): the
        // greedy player takes the most, and does not look at the reply.
        assert_eq!(greedy_action(&game, 0).as_deref(), Some("Qxc1"));
    }

    #[test]
    fn greedy_mates_when_it_can() {
        // Fool's mate: Qh4# wins, above any material.
        let game = Game::replay(Variant::Standard, 0, ["f3", "e5", "g4"]).unwrap();
        assert_eq!(greedy_action(&game, 0).as_deref(), Some("Qh4#"));
    }
}
