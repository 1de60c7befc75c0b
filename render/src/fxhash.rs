//! A small fast hasher for the renderer's caches (keys are a few machine
//! words; no untrusted keys, so no need for SipHash's flood resistance).

use std::collections::HashMap as StdMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The multiply-rotate hash rustc uses (FxHash).
#[derive(Default, Clone, Copy)]
pub(crate) struct Fx(u64);

const K: u64 = 0xf135_7aea_2e62_a9c5;

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(K);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

pub(crate) type HashMap<K, V> = StdMap<K, V, BuildHasherDefault<Fx>>;
