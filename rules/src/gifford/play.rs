//! Applying a legal Gifford action, and what the rules then do by
//! themselves: a side with no man left loses (G-6), a man due that cannot
//! be placed is lost in time (G-2), and the game is judged (G-5 … G-7).

use super::action::{Action, Arrival, Shade};
use super::event::Event as GiffordEvent;
use super::position::{BACK_TRAVELS, Gifford, Node, Ply, Timeline, kings, ply_of};
use crate::chess::{Piece, Role};
use crate::{ActionError, Color, Event, Outcome, Reason, Rule, Status};

impl Node {
    /// The moment after `action`, which must be legal here; the turn
    /// passes. A man leaving or arriving resets the fifty-move count
    /// (decision 5).
    pub(super) fn after(&self, action: &Action) -> Node {
        let us = self.mover();
        let mut next = self.clone();
        let mut setup = self.pos.setup();
        match *action {
            Action::Move { mv } => {
                next.pos.play_unchecked(&mv);
                return next;
            }
            Action::Forward { from, arrival } => {
                if let Some(piece) = setup.board.discard(from) {
                    let shade = (piece.role == Role::Bishop).then(|| Shade::of(from));
                    next.pending.push(Arrival {
                        due: arrival,
                        color: us,
                        role: piece.role,
                        shade,
                        from,
                    });
                    next.pending.sort();
                }
                // G-8: a king leaving e1 takes the castling rights with it.
                setup.castling = setup.castling.after_touching(from);
            }
            Action::Back { from, .. } => {
                setup.board.discard(from);
                setup.castling = setup.castling.after_touching(from);
            }
            Action::Arrive { role, to } => {
                let n = self.number();
                next.pending.retain(|a| !(a.color == us && a.due == n));
                setup.board.set(to, Piece::new(us, role));
            }
            Action::Place { to } => {
                setup.board.set(to, Piece::new(us, Role::King));
            }
        }
        setup.turn = us.other();
        setup.ep_square = None;
        setup.halfmoves = 0;
        if us == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        next.pos = setup.position_lenient();
        next
    }
}

/// Applies `action` if it is legal now; returns the events the rules
/// caused by themselves.
pub(super) fn apply(game: &mut Gifford, action: &Action) -> Result<Vec<Event>, ActionError> {
    game.check_legal(action)?;
    apply_legal(game, action)
}

/// Applies `action`, already found legal now.
pub(super) fn apply_legal(game: &mut Gifford, action: &Action) -> Result<Vec<Event>, ActionError> {
    let us = game.node.mover();
    let before = game.node.clone();
    let last = game.timelines.len().saturating_sub(1);
    if let Action::Back { to_move, .. } = *action {
        // G-4: the game returns to the moment the mover was to make move
        // `to_move` in the present line of play, in a new timeline.
        let start = ply_of(to_move, us);
        let Some(past) = game.line_node(start).cloned() else {
            return Err(ActionError::illegal(
                Rule::G_4,
                format!("move {to_move} is not in this timeline's past"),
            ));
        };
        let end = before.after(action);
        let number = game.timelines.len() + 1;
        let event = Event::from(GiffordEvent::KingBack {
            color: us,
            to_move,
            timeline: number,
        });
        if let Some(tl) = game.timelines.get_mut(last) {
            tl.plies.push(Ply {
                before,
                action: *action,
                events: vec![event.to_string()],
            });
            tl.end = Some(end);
        }
        game.timelines.push(Timeline {
            parent: Some(last),
            start,
            plies: Vec::new(),
            end: None,
        });
        game.node = past;
        game.placing = true;
        game.backs_used[us.index()] = game.backs_used[us.index()].saturating_add(1);
        return Ok(vec![event]);
    }
    game.node = before.after(action);
    game.placing = false;
    let events = game.begin_turn();
    if let Some(tl) = game.timelines.get_mut(last) {
        tl.plies.push(Ply {
            before,
            action: *action,
            events: events.iter().map(ToString::to_string).collect(),
        });
    }
    Ok(events)
}

impl Gifford {
    /// The game with `white` and `black` backward travels already made
    /// (at most two each), for studies and tests of G-7; judged again.
    #[must_use]
    pub fn with_backward_travels_made(mut self, white: u8, black: u8) -> Gifford {
        self.backs_used = [white.min(BACK_TRAVELS), black.min(BACK_TRAVELS)];
        if !self.status.is_over() && !self.placing {
            self.status = self.judge();
        }
        self
    }

    /// What happens by itself as the next player's move begins: a side
    /// with no man left loses (G-6, decision 7); a man due that cannot be
    /// placed is lost in time, and a king so lost loses the game (G-2);
    /// then the game is judged.
    pub(super) fn begin_turn(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        let us = self.node.mover();
        for color in [us.other(), us] {
            if self.node.board().by_color(color).is_empty() {
                events.push(GiffordEvent::NoManLeft { color }.into());
                self.status = Status::Finished(Outcome::win(color.other(), Reason::LostInTime));
                return events;
            }
        }
        if let Some(due) = self.node.due().copied()
            && self.node.drops(&due).is_empty()
        {
            self.node.pending.retain(|a| *a != due);
            events.push(GiffordEvent::LostInTime { man: due }.into());
            if due.role == Role::King {
                self.status = Status::Finished(Outcome::win(us.other(), Reason::LostInTime));
                return events;
            }
        }
        self.status = self.judge();
        events
    }

    /// How the game stands with the mover to act and no man left to lose
    /// in time: mate (G-5), stalemate, G-6's draw, and G-7's draws.
    pub(super) fn judge(&self) -> Status {
        let node = &self.node;
        let us = node.mover();
        if !self.has_action() {
            if node.in_check() {
                return Status::Finished(Outcome::win(us.other(), Reason::Checkmate));
            }
            let king_away = kings(node.board(), us).is_empty()
                || node
                    .pending
                    .iter()
                    .any(|a| a.color == us && a.role == Role::King);
            return Status::Finished(Outcome::draw(if king_away {
                Reason::NoActionLeft
            } else {
                Reason::Stalemate
            }));
        }
        // G-7: the automatic draws wait while anything can still change.
        if !node.pending.is_empty() || Color::ALL.into_iter().any(|c| self.can_travel_back(c)) {
            return Status::Ongoing;
        }
        if node.pos.is_insufficient_material() {
            return Status::Finished(Outcome::draw(Reason::InsufficientMaterial));
        }
        if self.repetitions() >= 3 {
            return Status::Finished(Outcome::draw(Reason::Repetition));
        }
        if node.pos.halfmove_clock() >= 100 {
            return Status::Finished(Outcome::draw(Reason::FiftyMoves));
        }
        Status::Ongoing
    }

    /// How often the present position has stood in the present line of
    /// play since the last capture, pawn move or travel (the present
    /// included): same men, side to move, castling and en passant, and the
    /// same men away in time (decision 5).
    fn repetitions(&self) -> usize {
        let node = &self.node;
        let key = node.pos.zobrist_hash();
        let now = node.ply();
        let clock = node.pos.halfmove_clock().min(now);
        (now - clock..=now)
            .filter_map(|ply| self.line_node(ply))
            .filter(|n| n.pos.zobrist_hash() == key && n.pending == node.pending)
            .count()
    }
}

/// Whether the side to act in `node`, in check, is mated (G-5): no arrival
/// it can place, and no legal move (travel is barred in check). A king due
/// that cannot be placed is lost in time instead, which is not mate.
pub(super) fn mated(node: &Node) -> bool {
    if let Some(due) = node.due()
        && (node.drops(due).any() || due.role == Role::King)
    {
        return false;
    }
    node.moves().is_empty()
}
