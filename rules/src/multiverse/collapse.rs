//! The seeded draws of the collapse (E-9).
//!
//! Draw number `n` of a game with seed `s` comes from ChaCha8 seeded with
//! `s` on stream `n`, so a draw depends on nothing but (seed, draw index):
//! the state keeps only the count of draws made, serde round trips keep
//! it, and a replay of the record makes the same draws in the same order.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A uniform number below `n` (0 for `n` 0), from draw `index` of `seed`.
/// Rejection sampling keeps it exactly uniform.
pub(crate) fn uniform(seed: u64, index: u64, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let n = n as u64;
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return (x % n) as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_depend_on_seed_and_index_only() {
        assert_eq!(uniform(7, 3, 1000), uniform(7, 3, 1000));
        let a: Vec<usize> = (0..32).map(|i| uniform(7, i, 1000)).collect();
        let b: Vec<usize> = (0..32).map(|i| uniform(8, i, 1000)).collect();
        assert_ne!(a, b);
        assert!(a.iter().all(|&x| x < 1000));
        assert_eq!(uniform(1, 1, 1), 0);
        assert_eq!(uniform(1, 1, 0), 0);
    }
}
