//! Perft: counting the leaves of the tree of legal moves, the standard
//! test of a move generator.

use super::Position;

/// The number of move sequences of exactly `depth` legal moves from `pos`
/// (1 at depth 0). The last ply is counted, not played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            pos.for_each_legal_move(|mv| {
                let mut child = *pos;
                child.play_unchecked(&mv);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
    }
}

/// [`perft`] split by first move: each legal move in UCI with the count of
/// sequences it starts, in move-generation order. Empty at depth 0.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(&mv);
            (mv.uci().to_string(), perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_counts_from_the_start() {
        let start = Position::new();
        assert_eq!(perft(&start, 0), 1);
        assert_eq!(perft(&start, 1), 20);
        assert_eq!(perft(&start, 2), 400);
        assert_eq!(perft(&start, 3), 8_902);
        let divide = perft_divide(&start, 2);
        assert_eq!(divide.len(), 20);
        assert!(divide.iter().all(|(_, n)| *n == 20));
        assert!(perft_divide(&start, 0).is_empty());
    }
}
