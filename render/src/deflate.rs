//! A zlib stream for indexed images, fast because it only looks where
//! board images repeat: the byte before (a run of one colour), the row
//! above (most rows of a board repeat the one before) and one tile to the
//! left (the same square again). Matches are coded with deflate's fixed
//! Huffman codes, so there are no tables to build; literals are rare.
//!
//! The stream is the PNG scanline layout: each row is a filter byte (0, no
//! filter) and then its pixels.

/// Bits written least significant first, as deflate packs them.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    #[inline]
    fn put(&mut self, v: u32, len: u32) {
        self.acc |= (v as u64) << self.n;
        self.n += len;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
        self.out
    }
}

fn reverse(code: u32, len: u32) -> u32 {
    code.reverse_bits() >> (32 - len)
}

/// The fixed Huffman code of a literal/length symbol, bit-reversed for
/// writing, and its length.
fn lit_code(sym: u32) -> (u32, u32) {
    match sym {
        0..=143 => (reverse(0x30 + sym, 8), 8),
        144..=255 => (reverse(0x190 + sym - 144, 9), 9),
        256..=279 => (reverse(sym - 256, 7), 7),
        _ => (reverse(0xC0 + sym - 280, 8), 8),
    }
}

const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// The longest deflate distance.
pub(crate) const MAX_DIST: usize = 32768;

/// Codes ready to write: literals and lengths (code, bits including extra
/// bits, all in one value) and one distance.
struct Codes {
    lit: [(u32, u32); 256],
    /// For match lengths 0..=258 (3 and up are used): code with extra bits.
    len: [(u32, u32); 259],
}

impl Codes {
    fn new() -> Codes {
        let mut lit = [(0, 0); 256];
        for (i, l) in lit.iter_mut().enumerate() {
            *l = lit_code(i as u32);
        }
        let mut len = [(0, 0); 259];
        for (l, slot) in len.iter_mut().enumerate().skip(3) {
            let i = LEN_BASE.iter().rposition(|&b| b as usize <= l).unwrap_or(0);
            let (code, n) = lit_code(257 + i as u32);
            let extra = LEN_EXTRA[i] as u32;
            let v = (l - LEN_BASE[i] as usize) as u32;
            *slot = (code | (v << n), n + extra);
        }
        Codes { lit, len }
    }

    /// The code of distance `d` (1..=32768) with its extra bits.
    fn dist(d: usize) -> (u32, u32) {
        let i = DIST_BASE
            .iter()
            .rposition(|&b| b as usize <= d)
            .unwrap_or(0);
        let code = reverse(i as u32, 5);
        let v = (d - DIST_BASE[i] as usize) as u32;
        (code | (v << 5), 5 + DIST_EXTRA[i] as u32)
    }
}

/// How many leading bytes `a` and `b` share.
#[inline]
fn common(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let word = |c: &[u8]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        u64::from_le_bytes(w)
    };
    let mut i = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let diff = word(x) ^ word(y);
        if diff != 0 {
            return i + (diff.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

/// Compresses `px` (`w` bytes a row) as a zlib stream of PNG scanlines
/// with filter 0. `tile` is a horizontal period worth trying (a square's
/// width); 0 for none.
pub(crate) fn zlib_scanlines(px: &[u8], w: usize, tile: usize) -> Vec<u8> {
    let h = px.len().checked_div(w).unwrap_or(0);
    let stride = w + 1;
    let codes = Codes::new();
    let mut bits = Bits {
        out: Vec::with_capacity(px.len() / 32 + 64),
        acc: 0,
        n: 0,
    };
    // zlib header: deflate, 32 KiB window, no dictionary, fastest.
    bits.out.extend_from_slice(&[0x78, 0x01]);
    // One final block with fixed codes.
    bits.put(0b011, 3);
    let up = (stride <= MAX_DIST).then(|| Codes::dist(stride));
    let one = Codes::dist(1);
    let left = (tile >= 2 && tile < w && tile <= MAX_DIST).then(|| (tile, Codes::dist(tile)));
    let emit = |bits: &mut Bits, mut len: usize, d: (u32, u32)| {
        while len > 0 {
            // Pieces of at most 258, none shorter than 3.
            let piece = if len > 258 { (len - 3).min(258) } else { len };
            let (c, n) = codes.len[piece];
            bits.put(c, n);
            bits.put(d.0, d.1);
            len -= piece;
        }
    };
    for r in 0..h {
        let cur = &px[r * w..(r + 1) * w];
        let prev = (r > 0).then(|| &px[(r - 1) * w..r * w]);
        // Column 0 is the filter byte; column k > 0 is cur[k - 1].
        let mut col = 0;
        // The filter byte matches the row above's; so may the row.
        let n = match (prev, up) {
            (Some(prev), Some(_)) => 1 + common(cur, prev),
            _ => 0,
        };
        if let Some(up) = up.filter(|_| n >= 3) {
            emit(&mut bits, n, up);
            col = n;
        } else {
            let (c, n) = codes.lit[0];
            bits.put(c, n);
            col += 1;
        }
        while col <= w {
            let k = col - 1;
            let b = cur[k];
            let mut best = (0, one);
            // Candidates are only measured where their first byte matches;
            // the row above first (most rows repeat it), then the run.
            if let (Some(prev), Some(up)) = (prev, up)
                && prev[k] == b
            {
                best = (common(&cur[k..], &prev[k..]), up);
            }
            if k > 0 && cur[k - 1] == b && best.0 < w - k {
                let n = common(&cur[k..], &cur[k - 1..]);
                if n > best.0 {
                    best = (n, one);
                }
            }
            if let Some((t, d)) = left
                && best.0 < 16
                && k >= t
                && cur[k - t] == b
            {
                let n = common(&cur[k..], &cur[k - t..]);
                if n > best.0 {
                    best = (n, d);
                }
            }
            if best.0 >= 3 {
                emit(&mut bits, best.0, best.1);
                col += best.0;
            } else {
                let (c, n) = codes.lit[cur[k] as usize];
                bits.put(c, n);
                col += 1;
            }
        }
    }
    // End of block.
    let (c, n) = lit_code(256);
    bits.put(c, n);
    let mut out = bits.finish();
    let mut adler = simd_adler32::Adler32::new();
    let zero = [0u8];
    for r in 0..h {
        adler.write(&zero);
        adler.write(&px[r * w..(r + 1) * w]);
    }
    out.extend_from_slice(&adler.finish().to_be_bytes());
    out
}
