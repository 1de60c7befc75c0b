//! Pairings: Berger tables for round robins, score groups for Swiss.
//!
//! Players are indices into the caller's list. A board with no black is a
//! bye (Swiss: one point) or a rest (round robin with an odd number of
//! players: no points).

/// One board of a round: `black` is `None` for a bye or a rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pub white: usize,
    pub black: Option<usize>,
}

/// Every round of a round robin of `n` players by the Berger tables (FIDE
/// Handbook C.05, Annex 1): player `n - 1` (or the rest, with an odd
/// number) stays on board 1 and alternates colours, the others advance by
/// n/2 seats each round. A double round robin plays the table again with
/// colours reversed.
pub(crate) fn round_robin(n: usize, double: bool) -> Vec<Vec<Board>> {
    if n < 2 {
        return Vec::new();
    }
    // With an odd number of players the last seat is the rest.
    let m = n + n % 2;
    let rest = (n % 2 == 1).then_some(m - 1);
    let fixed = m - 1;
    let mut rounds = Vec::with_capacity(m - 1);
    for r in 0..m - 1 {
        // Seat s holds player (s + r·m/2) mod (m-1).
        let seat = |s: usize| (s + r * (m / 2)) % (m - 1);
        let mut boards = Vec::with_capacity(m / 2);
        // Board 1: the fixed player is black in odd rounds (r even, 0-based).
        let (w, b) = if r % 2 == 0 {
            (seat(0), fixed)
        } else {
            (fixed, seat(0))
        };
        boards.push((w, b));
        for k in 1..m / 2 {
            boards.push((seat(k), seat(m - 1 - k)));
        }
        let round = boards
            .into_iter()
            .map(|(w, b)| match rest {
                Some(x) if b == x => Board {
                    white: w,
                    black: None,
                },
                Some(x) if w == x => Board {
                    white: b,
                    black: None,
                },
                _ => Board {
                    white: w,
                    black: Some(b),
                },
            })
            // The rest, if any, is listed last.
            .collect::<Vec<_>>();
        let (mut games, rests): (Vec<Board>, Vec<Board>) =
            round.into_iter().partition(|b| b.black.is_some());
        games.extend(rests);
        rounds.push(games);
    }
    if double {
        let second: Vec<Vec<Board>> = rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|b| match b.black {
                        Some(black) => Board {
                            white: black,
                            black: Some(b.white),
                        },
                        None => *b,
                    })
                    .collect()
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

/// How many rounds a round robin of `n` players has.
pub(crate) fn round_robin_rounds(n: usize, double: bool) -> usize {
    if n < 2 {
        0
    } else {
        (n + n % 2 - 1) * if double { 2 } else { 1 }
    }
}

/// The most Swiss rounds for `n` players: at most half the (even-rounded)
/// field, so that a pairing without a repeat or a second bye always exists
/// (Dirac: everyone still has half the field left to meet), and at most
/// three more than a knockout would need (⌈log₂ n⌉ + 3), where the search
/// for a pairing in score groups stays quick.
pub(crate) fn swiss_max_rounds(n: usize) -> usize {
    let m = n + n % 2;
    let log = usize::BITS - n.saturating_sub(1).leading_zeros();
    (m / 2).min(log as usize + 3).max(1)
}

/// A player as a Swiss round sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SwissPlayer {
    /// Score in half points.
    pub score2: i64,
    /// Pairing number: the lower, the higher ranked on equal scores.
    pub seed: usize,
    /// Everyone they were paired with.
    pub opponents: Vec<usize>,
    /// Their colours so far, in order: `true` for white.
    pub colours: Vec<bool>,
    pub had_bye: bool,
    /// Withdrawn players are not paired.
    pub active: bool,
}

impl SwissPlayer {
    fn balance(&self) -> i64 {
        self.colours.iter().map(|&w| if w { 1 } else { -1 }).sum()
    }

    /// +1: should have white next; -1: black; 0: no preference.
    fn wants(&self) -> i64 {
        let b = self.balance();
        let n = self.colours.len();
        if b != 0 {
            -b.signum()
        } else if n >= 1 {
            if self.colours[n - 1] { -1 } else { 1 }
        } else {
            0
        }
    }

    /// The colour they must have: white at two blacks more than whites,
    /// black at two whites more.
    fn must(&self) -> Option<bool> {
        match self.balance() {
            b if b >= 2 => Some(false),
            b if b <= -2 => Some(true),
            _ => None,
        }
    }

    fn strong(&self) -> bool {
        let n = self.colours.len();
        self.balance().abs() >= 1 || (n >= 2 && self.colours[n - 1] == self.colours[n - 2])
    }
}

/// The most steps the pairing search may take before giving up: first
/// keeping every colour balance within two, then without that rule.
const STRICT_BUDGET: usize = 200_000;
const BUDGET: usize = 2_000_000;

/// Pairs one Swiss round: players ranked by score then seed, each paired
/// within their score group where possible (top half against bottom half),
/// never twice with the same opponent; with an odd number, the
/// lowest-ranked player who has had no bye gets it. `None` when no such
/// pairing exists (or the search ran past its budget).
pub(crate) fn swiss_round(players: &[SwissPlayer], round: usize) -> Option<Vec<Board>> {
    search(players, round, true, STRICT_BUDGET).or_else(|| search(players, round, false, BUDGET))
}

fn search(
    players: &[SwissPlayer],
    round: usize,
    strict: bool,
    budget: usize,
) -> Option<Vec<Board>> {
    let mut ranking: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    ranking.sort_by_key(|&i| (-players[i].score2, players[i].seed, i));
    let mut steps = 0;
    if ranking.len() % 2 == 1 {
        let candidates: Vec<usize> = ranking
            .iter()
            .rev()
            .copied()
            .filter(|&i| !players[i].had_bye)
            .collect();
        for bye in candidates {
            let rest: Vec<usize> = ranking.iter().copied().filter(|&i| i != bye).collect();
            let mut pairs = Vec::new();
            if pair(players, &rest, &mut pairs, &mut steps, strict, budget) {
                let mut boards = boards(players, &ranking, pairs, round);
                boards.push(Board {
                    white: bye,
                    black: None,
                });
                return Some(boards);
            }
            if steps > budget {
                return None;
            }
        }
        None
    } else {
        let mut pairs = Vec::new();
        pair(players, &ranking, &mut pairs, &mut steps, strict, budget)
            .then(|| boards(players, &ranking, pairs, round))
    }
}

/// Backtracking: pairs the first of `list` with the best possible partner.
fn pair(
    players: &[SwissPlayer],
    list: &[usize],
    out: &mut Vec<(usize, usize)>,
    steps: &mut usize,
    strict: bool,
    budget: usize,
) -> bool {
    let Some((&a, rest)) = list.split_first() else {
        return true;
    };
    *steps += 1;
    if *steps > budget {
        return false;
    }
    let pa = &players[a];
    // a's score group within the list, and a's ideal partner: half the
    // group further down.
    let group = list
        .iter()
        .take_while(|&&i| players[i].score2 == pa.score2)
        .count();
    let ideal = group / 2;
    let mut candidates: Vec<(usize, usize)> = rest
        .iter()
        .enumerate()
        .filter(|(_, b)| !pa.opponents.contains(b))
        .filter(|&(_, &b)| !strict || pa.must().is_none() || pa.must() != players[b].must())
        .map(|(j, &b)| (j, b))
        .collect();
    candidates.sort_by_key(|&(j, b)| {
        let pb = &players[b];
        let clash = pa.strong() && pb.strong() && pa.wants() == pb.wants() && pa.wants() != 0;
        (
            (pa.score2 - pb.score2).abs(),
            clash,
            (j + 1).abs_diff(ideal.max(1)),
        )
    });
    for (j, b) in candidates {
        let remaining: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != j)
            .map(|(_, &x)| x)
            .collect();
        out.push((a, b));
        if pair(players, &remaining, out, steps, strict, budget) {
            return true;
        }
        out.pop();
        if *steps > budget {
            return false;
        }
    }
    false
}

/// Colours for each pair: the one with fewer whites gets white; then the
/// one who had black last; then the higher ranked gets the colour that
/// alternates with the round.
fn boards(
    players: &[SwissPlayer],
    ranking: &[usize],
    pairs: Vec<(usize, usize)>,
    round: usize,
) -> Vec<Board> {
    let rank = |i: usize| ranking.iter().position(|&x| x == i).unwrap_or(usize::MAX);
    pairs
        .into_iter()
        .map(|(a, b)| {
            let (pa, pb) = (&players[a], &players[b]);
            let a_white = match pb
                .balance()
                .cmp(&pa.balance())
                .then(pa.wants().cmp(&pb.wants()))
            {
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Equal => {
                    let a_higher = rank(a) <= rank(b);
                    let hi = if a_higher { a } else { b };
                    let hi_white = match players[hi].colours.last() {
                        Some(&w) => !w,
                        None => round % 2 == 1,
                    };
                    a_higher == hi_white
                }
            };
            if a_white {
                Board {
                    white: a,
                    black: Some(b),
                }
            } else {
                Board {
                    white: b,
                    black: Some(a),
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    use chronomate_rules::rng::SplitMix64;

    #[test]
    fn berger_six() {
        let r = round_robin(6, false);
        let show: Vec<String> = r
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|b| format!("{}-{}", b.white + 1, b.black.map_or(0, |x| x + 1)))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(
            show,
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
    }

    #[test]
    fn round_robins_meet_everyone_once_with_balanced_colours() {
        for n in 3..=12 {
            for double in [false, true] {
                let rounds = round_robin(n, double);
                assert_eq!(rounds.len(), round_robin_rounds(n, double));
                let cycles = if double { 2 } else { 1 };
                let mut met = std::collections::HashMap::new();
                let mut whites = vec![0usize; n];
                let mut games = vec![0usize; n];
                for round in &rounds {
                    let mut seen = HashSet::new();
                    for b in round {
                        assert!(seen.insert(b.white), "n={n}: twice in a round");
                        if let Some(black) = b.black {
                            assert!(seen.insert(black));
                            *met.entry((b.white.min(black), b.white.max(black)))
                                .or_insert(0) += 1;
                            whites[b.white] += 1;
                            games[b.white] += 1;
                            games[black] += 1;
                        }
                    }
                    assert_eq!(seen.len(), n, "n={n}: everyone is in every round");
                }
                for a in 0..n {
                    for b in a + 1..n {
                        assert_eq!(met.get(&(a, b)), Some(&cycles), "n={n}: {a}-{b}");
                    }
                    assert_eq!(games[a], (n - 1) * cycles);
                    let half = games[a] as f64 / 2.0;
                    assert!(
                        (whites[a] as f64 - half).abs() <= 1.0,
                        "n={n} double={double}: player {a} has {} whites of {}",
                        whites[a],
                        games[a]
                    );
                }
            }
        }
    }

    #[test]
    fn swiss_never_repeats_and_gives_at_most_one_bye() {
        // Repeatable random results.
        let mut rng = SplitMix64::new(7);
        for n in 5..=64 {
            for trial in 0..3 {
                let rounds = swiss_max_rounds(n).min(if trial == 0 { 99 } else { 7 });
                let mut players: Vec<SwissPlayer> = (0..n)
                    .map(|i| SwissPlayer {
                        seed: i,
                        active: true,
                        ..SwissPlayer::default()
                    })
                    .collect();
                let mut met = HashSet::new();
                for round in 1..=rounds {
                    let boards = swiss_round(&players, round)
                        .unwrap_or_else(|| panic!("n={n} round {round}: no pairing"));
                    let mut seen = HashSet::new();
                    let mut byes = 0;
                    for b in &boards {
                        assert!(seen.insert(b.white));
                        match b.black {
                            Some(black) => {
                                assert!(seen.insert(black));
                                assert!(
                                    met.insert((b.white.min(black), b.white.max(black))),
                                    "n={n} round {round}: {}-{black} again",
                                    b.white
                                );
                                let r = rng.next_u64() % 3;
                                let (sw, sb) = [(2, 0), (1, 1), (0, 2)][r as usize];
                                players[b.white].score2 += sw;
                                players[black].score2 += sb;
                                players[b.white].opponents.push(black);
                                players[black].opponents.push(b.white);
                                players[b.white].colours.push(true);
                                players[black].colours.push(false);
                            }
                            None => {
                                byes += 1;
                                assert!(!players[b.white].had_bye, "n={n}: a second bye");
                                players[b.white].had_bye = true;
                                players[b.white].score2 += 2;
                            }
                        }
                    }
                    assert_eq!(seen.len(), n);
                    assert_eq!(byes, n % 2);
                }
                for p in &players {
                    let balance = p.balance().abs();
                    assert!(
                        balance <= 2,
                        "n={n}: colour balance {balance} in {:?}",
                        p.colours
                    );
                }
            }
        }
    }

    #[test]
    fn swiss_first_round_is_top_half_against_bottom_half() {
        let players: Vec<SwissPlayer> = (0..8)
            .map(|i| SwissPlayer {
                seed: i,
                active: true,
                ..SwissPlayer::default()
            })
            .collect();
        let boards = swiss_round(&players, 1).unwrap();
        let pairs: Vec<(usize, usize)> = boards
            .iter()
            .map(|b| {
                let black = b.black.unwrap();
                (b.white.min(black), b.white.max(black))
            })
            .collect();
        assert_eq!(pairs, [(0, 4), (1, 5), (2, 6), (3, 7)]);
    }

    #[test]
    fn swiss_reports_an_impossible_round() {
        // Four players who have all met: no pairing is left.
        let mut players: Vec<SwissPlayer> = (0..4)
            .map(|i| SwissPlayer {
                seed: i,
                active: true,
                ..SwissPlayer::default()
            })
            .collect();
        for (i, p) in players.iter_mut().enumerate() {
            p.opponents = (0..4).filter(|&j| j != i).collect();
        }
        assert_eq!(swiss_round(&players, 4), None);
    }
}
