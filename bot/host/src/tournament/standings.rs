//! Scores and tiebreaks: Sonneborn-Berger for round robins, Buchholz and
//! median Buchholz for Swiss. Scores are kept in half points, so every sum
//! is exact.

use chronomate_model::GameResult;

/// How a board ended, from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BoardResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Both lose (a tournament game aborted without a result).
    BothLose,
    /// A Swiss bye: one point, no opponent.
    Bye,
    /// A round-robin rest (odd number of players): no points.
    Rest,
    /// Still being played.
    Pending,
}

impl BoardResult {
    /// A board whose game (or forfeit) ended with `result`.
    pub(crate) const fn of(result: GameResult) -> BoardResult {
        match result {
            GameResult::WhiteWins => BoardResult::WhiteWins,
            GameResult::BlackWins => BoardResult::BlackWins,
            GameResult::Draw => BoardResult::Draw,
        }
    }

    /// Half points for (white, black).
    pub(crate) fn points2(self) -> (i64, i64) {
        match self {
            BoardResult::WhiteWins => (2, 0),
            BoardResult::BlackWins => (0, 2),
            BoardResult::Draw => (1, 1),
            BoardResult::Bye => (2, 0),
            BoardResult::BothLose | BoardResult::Rest | BoardResult::Pending => (0, 0),
        }
    }

    /// `1-0`, `½-½`, `bye`...
    pub(crate) fn words(self) -> &'static str {
        match self {
            BoardResult::WhiteWins => "1-0",
            BoardResult::BlackWins => "0-1",
            BoardResult::Draw => "½-½",
            BoardResult::BothLose => "0-0",
            BoardResult::Bye => "bye",
            BoardResult::Rest => "rest",
            BoardResult::Pending => "…",
        }
    }
}

/// One board as played, players by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    pub round: usize,
    pub white: usize,
    pub black: Option<usize>,
    pub result: BoardResult,
}

/// Which tiebreaks to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tiebreaks {
    SonnebornBerger,
    Buchholz,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Standing {
    pub player: usize,
    /// 1-based; equal for players tied on score and every tiebreak.
    pub rank: usize,
    pub score2: i64,
    /// Sonneborn-Berger, or Buchholz and median Buchholz.
    pub tiebreaks: Vec<f64>,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub byes: usize,
}

/// `2½`, `3`, `0`.
pub(crate) fn points_words(score2: i64) -> String {
    let whole = score2 / 2;
    match (score2 % 2 != 0, whole) {
        (false, w) => w.to_string(),
        (true, 0) => "½".to_owned(),
        (true, w) => format!("{w}½"),
    }
}

/// `6.25`, `4`, `3.5`.
pub(crate) fn number_words(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Standings of `n` players (seeds are their indices: the lower ranks
/// first on a complete tie) from the boards played so far.
pub(crate) fn standings(n: usize, boards: &[Played], kind: Tiebreaks) -> Vec<Standing> {
    let mut score2 = vec![0i64; n];
    let mut lines: Vec<Standing> = (0..n)
        .map(|player| Standing {
            player,
            rank: 0,
            score2: 0,
            tiebreaks: Vec::new(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            byes: 0,
        })
        .collect();
    // (opponent, own half points against them) for each game with a result.
    let mut faced: Vec<Vec<(usize, i64)>> = vec![Vec::new(); n];
    for b in boards {
        if b.white >= n || b.black.is_some_and(|x| x >= n) {
            continue;
        }
        let (w, bl) = b.result.points2();
        score2[b.white] += w;
        match (b.black, b.result) {
            (None, BoardResult::Bye) => lines[b.white].byes += 1,
            (None, _) | (_, BoardResult::Pending) => {}
            (Some(black), _) => {
                score2[black] += bl;
                for (me, them, mine) in [(b.white, black, w), (black, b.white, bl)] {
                    faced[me].push((them, mine));
                    let l = &mut lines[me];
                    l.games += 1;
                    match mine {
                        2 => l.wins += 1,
                        1 => l.draws += 1,
                        _ => l.losses += 1,
                    }
                }
            }
        }
    }
    for (i, l) in lines.iter_mut().enumerate() {
        l.score2 = score2[i];
        l.tiebreaks = match kind {
            Tiebreaks::SonnebornBerger => {
                // Each opponent's score times what was scored against them.
                let sb4: i64 = faced[i].iter().map(|&(o, mine)| score2[o] * mine).sum();
                vec![sb4 as f64 / 4.0]
            }
            Tiebreaks::Buchholz => {
                let mut opp: Vec<i64> = faced[i].iter().map(|&(o, _)| score2[o]).collect();
                let buchholz: i64 = opp.iter().sum();
                opp.sort_unstable();
                let median: i64 = if opp.len() >= 3 {
                    opp[1..opp.len() - 1].iter().sum()
                } else {
                    buchholz
                };
                vec![buchholz as f64 / 2.0, median as f64 / 2.0]
            }
        };
    }
    lines.sort_by(|a, b| {
        b.score2
            .cmp(&a.score2)
            .then_with(|| {
                b.tiebreaks
                    .partial_cmp(&a.tiebreaks)
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .then(a.player.cmp(&b.player))
    });
    for i in 0..lines.len() {
        lines[i].rank = if i > 0
            && lines[i].score2 == lines[i - 1].score2
            && lines[i].tiebreaks == lines[i - 1].tiebreaks
        {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use BoardResult::*;

    fn p(round: usize, white: usize, black: usize, result: BoardResult) -> Played {
        Played {
            round,
            white,
            black: Some(black),
            result,
        }
    }

    /// Four players, a round robin worked by hand:
    /// A beat B and C, drew D (2½); B beat C and D (2); C beat D (1);
    /// D drew A (½).
    /// SB: A = 2 (B) + 1 (C) + ½·½ (D) = 3.25; B = 1 + ½ = 1.5;
    /// C = ½ (D); D = ½·2½ = 1.25.
    #[test]
    fn sonneborn_berger_by_hand() {
        let (a, b, c, d) = (0, 1, 2, 3);
        let boards = [
            p(1, a, b, WhiteWins),
            p(1, c, d, WhiteWins),
            p(2, c, a, BlackWins),
            p(2, b, d, WhiteWins),
            p(3, a, d, Draw),
            p(3, b, c, WhiteWins),
        ];
        let s = standings(4, &boards, Tiebreaks::SonnebornBerger);
        let got: Vec<(usize, i64, f64)> = s
            .iter()
            .map(|l| (l.player, l.score2, l.tiebreaks[0]))
            .collect();
        assert_eq!(got, [(a, 5, 3.25), (b, 4, 1.5), (c, 2, 0.5), (d, 1, 1.25)]);
        assert_eq!(points_words(5), "2½");
        assert_eq!(points_words(1), "½");
        assert_eq!(number_words(3.25), "3.25");
        assert_eq!(number_words(1.5), "1.5");
        assert_eq!(number_words(4.0), "4");
    }

    /// Sonneborn-Berger breaks a tie on points: two players on 2 of 3.
    #[test]
    fn sonneborn_berger_breaks_a_tie() {
        // A beats C and D, loses to B; B beats A, draws C and D... B: 2.
        // A: 2, B: 2, C: 1 (drew B, beat D), D: 1 (drew B, beat... ) -> set:
        let (a, b, c, d) = (0, 1, 2, 3);
        let boards = [
            p(1, a, c, WhiteWins),
            p(1, b, d, Draw),
            p(2, a, d, WhiteWins),
            p(2, c, b, Draw),
            p(3, b, a, WhiteWins),
            p(3, c, d, Draw),
        ];
        // Scores: A 2, B 2, C 1, D 1.
        // SB A: C 1 + D 1 = 2. SB B: ½·1 (D) + ½·1 (C) + 2 (A) = 3.
        let s = standings(4, &boards, Tiebreaks::SonnebornBerger);
        let got: Vec<(usize, i64, f64, usize)> = s
            .iter()
            .map(|l| (l.player, l.score2, l.tiebreaks[0], l.rank))
            .collect();
        assert_eq!(
            got,
            [
                (b, 4, 3.0, 1),
                (a, 4, 2.0, 2),
                (c, 2, 1.5, 3),
                (d, 2, 1.5, 3)
            ]
        );
    }

    /// A Swiss of five players over three rounds with a bye each round,
    /// worked by hand.
    #[test]
    fn buchholz_and_median_by_hand() {
        let (a, b, c, d, e) = (0, 1, 2, 3, 4);
        let boards = [
            // Round 1: A beats C, B draws D, E bye.
            p(1, a, c, WhiteWins),
            p(1, b, d, Draw),
            Played {
                round: 1,
                white: e,
                black: None,
                result: Bye,
            },
            // Round 2: E beats A, C beats B, D bye.
            p(2, e, a, WhiteWins),
            p(2, c, b, WhiteWins),
            Played {
                round: 2,
                white: d,
                black: None,
                result: Bye,
            },
            // Round 3: A beats B, D draws E, C bye.
            p(3, a, b, WhiteWins),
            p(3, d, e, Draw),
            Played {
                round: 3,
                white: c,
                black: None,
                result: Bye,
            },
        ];
        // Scores: A 2, B ½, C 2, D 2, E 2½.
        // Buchholz (opponents only, byes add nothing):
        // A: C 2 + E 2½ + B ½ = 5; B: D 2 + C 2 + A 2 = 6; C: A 2 + B ½ = 2½;
        // D: B ½ + E 2½ = 3; E: A 2 + D 2 = 4.
        // Median (drop highest and lowest, with 3+ opponents): A: 2; B: 2;
        // others have fewer than three opponents: their Buchholz.
        let s = standings(5, &boards, Tiebreaks::Buchholz);
        let got: Vec<(usize, i64, Vec<f64>)> = s
            .iter()
            .map(|l| (l.player, l.score2, l.tiebreaks.clone()))
            .collect();
        assert_eq!(
            got,
            [
                (e, 5, vec![4.0, 4.0]),
                (a, 4, vec![5.0, 2.0]),
                (d, 4, vec![3.0, 3.0]),
                (c, 4, vec![2.5, 2.5]),
                (b, 1, vec![6.0, 2.0]),
            ]
        );
        assert_eq!(s.iter().find(|l| l.player == c).unwrap().byes, 1);
    }
}
