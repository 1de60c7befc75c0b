//! [`SplitMix64`], the workspace's one small seeded generator: where the
//! rules need fixed numbers (Zobrist keys, the search for magics) and
//! where the engine and the host need choices that a seed repeats on every
//! machine.

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state stepped by a
/// fixed odd number, each state mixed into the output. Small, fast,
/// portable: the same seed gives the same numbers everywhere. Not for
/// secrets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The step between states: 2^64 divided by the golden ratio, made
    /// odd.
    pub const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

    /// The generator seeded with `seed` (its state; the first number is
    /// the mix of `seed` plus [`SplitMix64::GAMMA`]).
    #[inline]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next number: the state stepped, then mixed.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(SplitMix64::GAMMA);
        SplitMix64::mix(self.0)
    }

    /// SplitMix64's output function: a well-spread number from `z`, one to
    /// one (David Stafford's variant 13 of MurmurHash3's finaliser).
    #[inline]
    pub const fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_the_published_one() {
        // The reference implementation's first outputs from seed 0
        // (splitmix64.c, Vigna).
        let mut random = SplitMix64::new(0);
        assert_eq!(random.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(random.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(random.next_u64(), 0x06c4_5d18_8009_454f);
    }
}
