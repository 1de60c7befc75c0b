//! A tiny seeded generator (the rules' SplitMix64): portable and
//! reproducible, so the same seed and level give the same action on every
//! machine.

use chronomate_rules::rng::SplitMix64;

/// The rules' [`SplitMix64`], with the draws the engine makes of it.
#[derive(Clone, Debug)]
pub(crate) struct Rng(SplitMix64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Keeps `k` elements of `items` chosen uniformly, in their original
    /// order (a partial Fisher-Yates shuffle of the indices).
    pub(crate) fn sample<T>(&mut self, items: &mut Vec<T>, k: usize) {
        if items.len() <= k {
            return;
        }
        let mut indices: Vec<usize> = (0..items.len()).collect();
        for i in 0..k {
            let j = i + self.below(indices.len() - i);
            indices.swap(i, j);
        }
        let mut keep = vec![false; items.len()];
        for &i in &indices[..k] {
            keep[i] = true;
        }
        let mut i = 0;
        items.retain(|_| {
            let kept = keep[i];
            i += 1;
            kept
        });
    }
}

/// Mixes two numbers into a seed.
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    Rng::new(a ^ b.rotate_left(29) ^ 0x2545_f491_4f6c_dd1d).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed_by_the_seed() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::new(7);
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
    }

    #[test]
    fn draws_and_samples_stay_in_bounds() {
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            assert!(r.below(7) < 7);
        }
        let mut items: Vec<u32> = (0..100).collect();
        r.sample(&mut items, 10);
        assert_eq!(items.len(), 10);
        assert!(items.windows(2).all(|w| w[0] < w[1]), "order is kept");
    }
}
