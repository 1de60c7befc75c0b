//! TT-2 support matching (and the matching TT-6 needs): can every left
//! vertex be given its own right vertex out of its allowed set?
//!
//! Right vertices are a side's 16 original men, so each allowed set is a
//! 16-bit mask. Kuhn's augmenting paths: at most 16 x 16 steps.

/// Whether each set in `sets` can be assigned a distinct member of itself.
pub(crate) fn all_matched(sets: &[u16]) -> bool {
    if sets.len() > 16 {
        return false;
    }
    let mut owner = [u8::MAX; 16];
    for left in 0..sets.len() {
        let mut visited = 0u16;
        if !augment(left, sets, &mut owner, &mut visited) {
            return false;
        }
    }
    true
}

fn augment(left: usize, sets: &[u16], owner: &mut [u8; 16], visited: &mut u16) -> bool {
    let mut options = sets[left] & !*visited;
    while options != 0 {
        let right = options.trailing_zeros() as usize;
        options &= options - 1;
        *visited |= 1 << right;
        let holder = owner[right];
        if holder == u8::MAX || augment(holder as usize, sets, owner, visited) {
            owner[right] = left as u8;
            return true;
        }
    }
    false
}

/// TT-2: whether the side's recorded explosions plus a new one with
/// candidate supports `new` can all be matched to distinct supports.
pub(crate) fn explosion_allowed(records: &[u16], new: u16) -> bool {
    let mut sets = [0u16; 17];
    let n = records.len().min(16);
    sets[..n].copy_from_slice(&records[..n]);
    sets[n] = new;
    all_matched(&sets[..=n])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_supports_are_needed() {
        assert!(all_matched(&[]));
        assert!(all_matched(&[0b1, 0b11]));
        assert!(!all_matched(&[0b1, 0b1]));
        assert!(all_matched(&[0b11, 0b01]));
        assert!(!all_matched(&[0b11, 0b11, 0b11]));
        assert!(!explosion_allowed(&[0b10], 0b10));
        assert!(explosion_allowed(&[0b11], 0b10));
        assert!(!all_matched(&[0]));
    }
}
