//! A legal turn found cheaply, before the whole search: whether the side
//! to move has a legal turn (F-10) is asked of every turn that checks, to
//! decide mate, and the answer is nearly always yes. The search proves it
//! by listing and making every board move of every playable board first;
//! a few plain turns, each judged whole as a submitted turn is, often
//! prove it for a fraction of that.

use super::super::action::Move;
use super::super::position::FiveD;

/// How many plain turns are tried.
const TRIES: usize = 4;

/// Whether one of a few plain turns is legal: a move on each board the
/// side to move owes (F-5), none a jump, each leaving no royal man
/// attacked on its own board, royal men's moves first (a check is most
/// often met by the king); the `r`-th try takes each board's `r`-th move.
/// `true` proves that a legal turn exists; `false` proves nothing.
pub(crate) fn plain_turn_exists(game: &FiveD) -> bool {
    if game.status.is_over() {
        return false;
    }
    let owed = game.owed();
    if owed.is_empty() {
        return false;
    }
    // Each owed board's first TRIES plain moves, royal men's first: only
    // those are made, so only those are checked for safety.
    let mut lists: Vec<Vec<Move>> = Vec::with_capacity(owed.len());
    for line in owed {
        let royals = game
            .end(line)
            .and_then(|end| game.board(line, end))
            .map_or(0, |b| b.royals(game.to_move));
        let plain: Vec<Move> = game
            .moves_on(line)
            .into_iter()
            .filter(|mv| !mv.is_jump())
            .collect();
        let royal = |mv: &&Move| royals & (1 << mv.from.cell) != 0;
        let moves: Vec<Move> = plain
            .iter()
            .filter(royal)
            .chain(plain.iter().filter(|mv| !royal(mv)))
            .filter(|mv| !game.exposes_royal(mv))
            .take(TRIES)
            .copied()
            .collect();
        if moves.is_empty() {
            return false;
        }
        lists.push(moves);
    }
    let exposure = game.exposure();
    let tries = lists.iter().map(Vec::len).max().unwrap_or(0);
    (0..tries).any(|r| {
        let mut draft = game.draft();
        lists
            .iter()
            .all(|moves| draft.make(&moves[r % moves.len()]).is_ok())
            && draft.submittable_under(&exposure)
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::pgn;
    use super::super::hypercuboid::Search;
    use super::*;

    /// A plain turn is found only where the whole search finds a legal
    /// turn, never in a mate or stalemate; and it is found in most
    /// positions of the corpus, in check too (where mates are decided).
    #[test]
    fn a_plain_turn_is_found_only_where_the_search_finds_one() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fived/data/own");
        let (mut positions, mut found, mut in_check, mut found_in_check) = (0, 0, 0, 0);
        for entry in std::fs::read_dir(dir).expect("the corpus") {
            let path = entry.expect("a file").path();
            let text = std::fs::read_to_string(&path).expect("a game of the corpus");
            for game in pgn::replayed(&text) {
                let plain = plain_turn_exists(&game);
                let any = Search::new(&game).next().is_some();
                assert!(
                    !plain || any,
                    "{}: a plain turn where none is legal",
                    path.display()
                );
                positions += 1;
                found += usize::from(plain);
                if game.is_check() {
                    in_check += 1;
                    found_in_check += usize::from(plain);
                }
            }
        }
        assert!(
            positions > 300 && found * 2 > positions,
            "{found} of {positions}"
        );
        assert!(found_in_check > 0, "none of {in_check} in check");
    }
}
