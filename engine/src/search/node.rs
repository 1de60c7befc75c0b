//! One node of the search below the root: negamax alpha-beta with a
//! transposition table, null-move pruning, move ordering (the table's move,
//! winning captures, killers, history, then losing captures), and late-move
//! reductions. Where the domain trusts its evaluation
//! ([`Domain::pruning`], FIDE chess), also reverse futility pruning
//! (a node whose evaluation stands far above beta is cut), futility and
//! late-move pruning of quiet moves near the horizon, pruning of moves
//! that lose material by the static exchange, and reductions by a
//! logarithmic table.

use super::table::{EXACT, LOWER, NO_MOVE, UPPER, from_table, to_table};
use super::{Domain, INFINITY, MATE_BOUND, Search};
use crate::score::terminal;

/// Reverse futility: a node `depth` plies from the horizon whose static
/// evaluation beats beta by this much a ply is cut.
const REVERSE_FUTILITY: i32 = 90;
/// Deepest node cut by reverse futility.
const REVERSE_FUTILITY_DEPTH: i32 = 6;
/// Futility: quiet moves of a node `depth` (1 to 3) plies from the horizon
/// are skipped where its evaluation plus this margin stays below alpha.
const FUTILITY: [i32; 4] = [0, 150, 280, 400];
/// Late-move pruning: quiet moves a node `depth` (1 to 4) plies from the
/// horizon searches at most, past which the rest are skipped.
const LATE_MOVES: [usize; 5] = [0, 5, 8, 13, 20];

/// Deepest node whose moves are pruned by the static exchange, and the
/// material they may lose: a quiet move this times the depth squared, a
/// capture this times the depth.
const SEE_DEPTH: i32 = 6;
const SEE_QUIET: i32 = 25;
const SEE_CAPTURE: i32 = 100;

/// Shallowest node reduced for having no table move.
const IIR_DEPTH: i32 = 4;
/// History scores stay within plus or minus this.
const HISTORY_MAX: i32 = 1 << 14;

/// Ordering classes, highest first.
const TABLE_MOVE: i64 = 1 << 50;
const GOOD_CAPTURE: i64 = 1 << 40;
const FIRST_KILLER: i64 = 1 << 39;
const SECOND_KILLER: i64 = 1 << 38;
const BAD_CAPTURE: i64 = -(1 << 30);

/// The reduction of a quiet move searched `searched` moves into a node
/// `depth` plies from the horizon: `0.75 + ln(depth) ln(searched) / 2.25`,
/// rounded down (the table most engines since Stockfish use).
fn reduction(depth: i32, searched: usize) -> i32 {
    if depth < 2 || searched < 2 {
        return 0;
    }
    let r = 0.75 + f64::from(depth).ln() * (searched as f64).ln() / 2.25;
    r as i32
}

/// Moves picked one at a time before the rest of a list is sorted.
const PICKED: usize = 3;

/// Brings the move to search next to `list[next]`: the highest order, ties
/// in the list's order. Most cuts come from the first moves, so the first
/// [`PICKED`] are picked one at a time and only a node that goes on past
/// them sorts the rest; either way the moves come in the same order.
fn pick<D: Domain>(list: &mut [Candidate<D>], next: usize) {
    let key = |c: &Candidate<D>| (std::cmp::Reverse(c.order), c.index);
    if next < PICKED {
        if let Some(best) = (next..list.len()).min_by_key(|&i| key(&list[i])) {
            list.swap(next, best);
        }
    } else if next == PICKED {
        list[next..].sort_unstable_by_key(key);
    }
}

/// Lists a node lends to the nodes below it once done with them: a search
/// visits millions of nodes, and allocating each one's lists anew cost
/// about 7% of FIDE chess's search.
pub(super) struct Spare<D: Domain> {
    pub(super) moves: Vec<Vec<D::Move>>,
    candidates: Vec<Vec<Candidate<D>>>,
    children: Vec<Vec<Option<D::State>>>,
    slots: Vec<Vec<usize>>,
}

impl<D: Domain> Default for Spare<D> {
    fn default() -> Self {
        Spare {
            moves: Vec::new(),
            candidates: Vec::new(),
            children: Vec::new(),
            slots: Vec::new(),
        }
    }
}

/// One move of a node's list. Kept small: a list is sorted, and the
/// children made ahead (where the domain orders by them) lie beside it.
struct Candidate<D: Domain> {
    index: usize,
    mv: D::Move,
    /// Its child's place among the node's children made ahead, if made.
    child: Option<usize>,
    order: i64,
    /// A capture or promotion: never pruned or reduced as a quiet move.
    tactical: bool,
    /// The table's move or a killer: ordered early, not reduced.
    special: bool,
}

impl<D: Domain> Search<'_, D> {
    /// Adds `bonus` (below 0: a malus) to a history slot, less the more
    /// the slot already holds, so that scores stay within
    /// [`HISTORY_MAX`] and recent results weigh more than old ones.
    fn add_history(&mut self, slot: usize, bonus: i32) {
        let h = &mut self.history[slot];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    pub(super) fn negamax(
        &mut self,
        s: &D::State,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.tick();
        if self.aborted {
            return 0;
        }
        let side = self.domain.side(s);
        if let Some(result) = self.domain.outcome(s) {
            return terminal(result, side, ply);
        }
        let key = self.domain.key(s);
        let repetition = self.domain.repetition_key(s, key);
        if self.is_repetition(repetition, ply) {
            return 0;
        }
        if ply >= super::MAX_PLY {
            return self.static_eval(s);
        }
        let in_check = self.domain.in_check(s);
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(s, alpha, beta, ply, 0);
        }
        let original_alpha = alpha;
        let pv = beta - alpha > 1;
        let mut table_move = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            table_move = e.best;
            // A PV node of a trusted search (FIDE chess) searches on: a
            // bound stored on another path would cut the line short and
            // can hide a repetition this path meets.
            if i32::from(e.depth) >= depth && !(pv && self.domain.pruning()) {
                let score = from_table(e.score, ply);
                match e.bound {
                    EXACT => return score,
                    LOWER if score >= beta => return score,
                    UPPER if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        self.path.truncate(ply);
        self.path.push(repetition);

        let pruning = self.domain.pruning() && !in_check;
        let eval = self.static_eval(s);
        // A node the table knows no move for is searched a ply shallower
        // (internal iterative reduction): without a first move to try its
        // search costs most, and a deeper visit will come back with one.
        let depth = if pruning && depth >= IIR_DEPTH && table_move == NO_MOVE {
            depth - 1
        } else {
            depth
        };

        // Reverse futility: far enough above beta that no reply near the
        // horizon brings it back.
        if pruning
            && !pv
            && depth <= REVERSE_FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && eval - REVERSE_FUTILITY * depth >= beta
        {
            return eval;
        }

        // Null move: if passing still holds beta, the position is good
        // enough to cut (not in check, not near mates, with pieces).
        if depth >= 3
            && !in_check
            && (!pruning || !pv)
            && beta.abs() < MATE_BOUND
            && eval >= beta
            && let Some(null) = self.domain.null_move(s)
        {
            let r = if pruning {
                3 + depth / 4 + ((eval - beta) / 200).min(2)
            } else if depth >= 6 {
                3
            } else {
                2
            };
            let score = -self.negamax(&null, depth - 1 - r, -beta, -beta + 1, ply + 1);
            self.path.truncate(ply + 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score.min(MATE_BOUND - 1);
            }
        }

        let mut moves = self.spare.moves.pop().unwrap_or_default();
        let truncated = self.domain.moves(s, ply, &mut moves);
        if moves.is_empty() {
            self.spare.moves.push(moves);
            return self.domain.no_moves(s, ply);
        }
        let eager = self.domain.order_by_evaluation();
        let mut list = self.spare.candidates.pop().unwrap_or_default();
        list.reserve(moves.len());
        let mut made = if eager {
            self.spare.children.pop().unwrap_or_default()
        } else {
            Vec::new()
        };
        for (index, mv) in moves.drain(..).enumerate() {
            let capture = self.domain.capture_order(s, &mv);
            let mut order: i64 = 0;
            let mut special = false;
            let mut child = None;
            if index as u16 == table_move {
                order = TABLE_MOVE;
                special = true;
            } else if let Some(c) = capture {
                order = if c >= 0 {
                    GOOD_CAPTURE + i64::from(c)
                } else {
                    BAD_CAPTURE + i64::from(c)
                };
            } else if self.killers[ply][0].as_ref() == Some(&mv) {
                order = FIRST_KILLER;
                special = true;
            } else if self.killers[ply][1].as_ref() == Some(&mv) {
                order = SECOND_KILLER;
                special = true;
            } else if let Some(slot) = self.domain.history_slot(s, &mv) {
                order = i64::from(self.history[slot]);
            }
            if eager {
                self.tick();
                let Some(c) = self.domain.play(s, &mv) else {
                    continue;
                };
                order += i64::from(self.child_eval(side, &c));
                child = Some(made.len());
                made.push(Some(c));
            }
            list.push(Candidate {
                index,
                mv,
                child,
                order,
                tactical: capture.is_some(),
                special,
            });
        }
        self.spare.moves.push(moves);
        if self.aborted {
            return 0;
        }

        let futile = pruning
            && !pv
            && depth < FUTILITY.len() as i32
            && alpha.abs() < MATE_BOUND
            && eval + FUTILITY[depth as usize] <= alpha;
        let mut best = -INFINITY;
        let mut best_index = NO_MOVE;
        let mut searched = 0;
        // Whether every move searched ended the game (asked only where the
        // moves are a sample).
        let mut all_ended = true;
        let mut quiets = 0;
        // History slots of the quiet moves searched that did not raise alpha.
        let mut failed = self.spare.slots.pop().unwrap_or_default();
        let mut next = 0;
        while next < list.len() {
            pick(&mut list, next);
            let cand = &mut list[next];
            next += 1;
            let quiet = !cand.tactical;
            let child = match cand.child {
                Some(at) => match made.get_mut(at).and_then(Option::take) {
                    Some(c) => c,
                    None => continue,
                },
                None => match self.domain.play(s, &cand.mv) {
                    Some(c) => c,
                    None => continue,
                },
            };
            let gives_check = pruning && quiet && self.domain.in_check(&child);
            // Quiet moves near the horizon that cannot raise alpha (or come
            // too late in the order to matter) are skipped, once a move has
            // been searched and no mate is at stake.
            if pruning && quiet && !gives_check && searched > 0 && best > -MATE_BOUND {
                let late = !pv
                    && (depth as usize) < LATE_MOVES.len()
                    && quiets >= LATE_MOVES[depth as usize];
                if futile || late {
                    quiets += 1;
                    continue;
                }
            }
            // Near the horizon, a move that loses material by the static
            // exchange (more the further from it) is skipped once a move
            // has been searched.
            if pruning
                && searched > 0
                && best > -MATE_BOUND
                && depth <= SEE_DEPTH
                && !gives_check
                && (quiet || cand.order < 0)
            {
                let floor = if quiet {
                    -SEE_QUIET * depth * depth
                } else {
                    -SEE_CAPTURE * depth
                };
                if self.domain.exchange(s, &cand.mv).is_some_and(|e| e < floor) {
                    quiets += usize::from(quiet);
                    continue;
                }
            }
            if truncated {
                all_ended &= self.domain.outcome(&child).is_some();
            }
            let d = depth - 1;
            let score = if searched == 0 {
                self.child_value(side, &child, d, alpha, beta, ply + 1)
            } else {
                let reduce = if !self.domain.reductions()
                    || depth < 3
                    || searched < 3
                    || !quiet
                    || cand.special
                    || in_check
                {
                    0
                } else if pruning {
                    let r = reduction(depth, searched) - i32::from(pv) - i32::from(gives_check);
                    r.clamp(0, depth - 2)
                } else {
                    1 + i32::from(searched >= 8 && depth >= 5)
                };
                let mut score =
                    self.child_value(side, &child, d - reduce, alpha, alpha + 1, ply + 1);
                if score > alpha && reduce > 0 && !self.aborted {
                    score = self.child_value(side, &child, d, alpha, alpha + 1, ply + 1);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = self.child_value(side, &child, d, alpha, beta, ply + 1);
                }
                score
            };
            self.path.truncate(ply + 1);
            if self.aborted {
                return 0;
            }
            searched += 1;
            quiets += usize::from(quiet);
            if quiet && score <= alpha {
                failed.extend(self.domain.history_slot(s, &cand.mv));
            }
            if score > best {
                best = score;
                best_index = cand.index as u16;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    if quiet {
                        let k = &mut self.killers[ply];
                        if k[0].as_ref() != Some(&cand.mv) {
                            k[1] = k[0].take();
                            k[0] = Some(cand.mv.clone());
                        }
                        // The move that cut gains history; the quiet moves
                        // searched before it, which did not, lose as much.
                        let bonus = (depth * depth).min(HISTORY_MAX / 4);
                        if let Some(slot) = self.domain.history_slot(s, &cand.mv) {
                            self.add_history(slot, bonus);
                        }
                        for slot in failed.drain(..) {
                            self.add_history(slot, -bonus);
                        }
                    }
                    break;
                }
            }
        }
        list.clear();
        self.spare.candidates.push(list);
        if eager {
            made.clear();
            self.spare.children.push(made);
        }
        failed.clear();
        self.spare.slots.push(failed);
        if searched == 0 {
            // Nothing is pruned before a first move is searched: no move
            // was playable.
            return self.domain.no_moves(s, ply);
        }
        // Where only a sample of the moves was searched, the static
        // evaluation stands for the rest (as a quiescence search's stand
        // pat does); not where every move searched ended the game, as when
        // whatever the side does stalemates the other (a Temporal king due
        // back on a cell it attacks, docs/variants/temporal.md, decision
        // 13): the rest most likely end it too.
        if truncated && best < beta && !all_ended {
            let stand = eval;
            if stand > best {
                best = stand.min(beta);
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.table
            .store(key, depth, to_table(best, ply), bound, best_index);
        best
    }
}
