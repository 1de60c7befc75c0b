//! GIF's LZW, fast on runs.
//!
//! Replay frames are mostly runs: the card, flat squares, and above all the
//! transparent "unchanged" index around what moved. A run of one byte is
//! coded as growing strings `b`, `bb`, `bbb`, ... that the table learns in
//! order, so the encoder remembers each byte's longest run string and jumps
//! over a whole run at once instead of looking every byte up. Elsewhere it
//! is the classic hashed LZW, with giflib's code-size and clear rules.

/// Largest code; the table is cleared before it is reached.
const MAX_CODE: u16 = 4095;
const SLOTS: usize = 1 << 13;

struct Table {
    /// Open addressing; each slot packs epoch << 32 | (prefix << 8 | byte)
    /// << 12 | code, and is empty unless its epoch is the table's.
    slots: Vec<u64>,
    epoch: u16,
    /// For each byte, the codes of its run strings: `runs[b][k]` is the
    /// code of `b` repeated `k + 1` times (`runs[b][0] = b`).
    runs: Vec<Vec<u16>>,
}

impl Table {
    fn new() -> Table {
        Table {
            slots: vec![0; SLOTS],
            epoch: 1,
            runs: (0..256).map(|b| vec![b as u16]).collect(),
        }
    }

    fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.slots.fill(0);
            self.epoch = 1;
        }
        for (b, r) in self.runs.iter_mut().enumerate() {
            r.clear();
            r.push(b as u16);
        }
    }

    #[inline]
    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - 13)) as usize
    }

    #[inline]
    fn get(&self, prefix: u16, byte: u8) -> Option<u16> {
        let key = (prefix as u32) << 8 | byte as u32;
        let want = (self.epoch as u64) << 32 | (key as u64) << 12;
        let mut i = Table::slot(key);
        loop {
            let s = self.slots[i];
            if s >> 32 != self.epoch as u64 {
                return None;
            }
            if s & !0xfff == want {
                return Some((s & 0xfff) as u16);
            }
            i = (i + 1) & (SLOTS - 1);
        }
    }

    #[inline]
    fn insert(&mut self, prefix: u16, byte: u8, code: u16) {
        let key = (prefix as u32) << 8 | byte as u32;
        let mut i = Table::slot(key);
        while self.slots[i] >> 32 == self.epoch as u64 {
            i = (i + 1) & (SLOTS - 1);
        }
        self.slots[i] = (self.epoch as u64) << 32 | (key as u64) << 12 | (code as u64 & 0xfff);
    }
}

/// How many of the first `limit` bytes of `s` are `b`, in a row.
#[inline]
fn run_len(s: &[u8], b: u8, limit: usize) -> usize {
    let s = &s[..limit.min(s.len())];
    let pattern = u64::from_ne_bytes([b; 8]);
    let mut n = 0;
    let mut words = s.chunks_exact(8);
    for c in words.by_ref() {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let w = u64::from_ne_bytes(w);
        let d = w ^ pattern;
        if d != 0 {
            let same = if cfg!(target_endian = "little") {
                d.trailing_zeros()
            } else {
                d.leading_zeros()
            } / 8;
            return n + same as usize;
        }
        n += 8;
    }
    n + words.remainder().iter().take_while(|&&x| x == b).count()
}

/// Bits packed least significant first.
struct Bits {
    out: Vec<u8>,
    acc: u32,
    n: u32,
}

impl Bits {
    #[inline]
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= (code as u32) << self.n;
        self.n += width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }
}

/// Encodes `data` (indices below `1 << min_size`) as a GIF image's LZW
/// data: the minimum code size byte, then the codes (not yet cut into
/// sub-blocks).
pub(crate) fn encode(data: &[u8], min_size: u8) -> Vec<u8> {
    let min_size = min_size.clamp(2, 8);
    let clear = 1u16 << min_size;
    let end = clear + 1;
    let first = clear + 2;
    let mut table = Table::new();
    let mut bits = Bits {
        out: Vec::with_capacity(data.len() / 8 + 16),
        acc: 0,
        n: 0,
    };
    bits.out.push(min_size);
    let base_width = min_size as u32 + 1;
    let mut width = base_width;
    let mut next = first;
    let put = |bits: &mut Bits, code: u16, width: &mut u32, next: u16| {
        bits.put(code, *width);
        if next >= (1 << *width) && *width < 12 {
            *width += 1;
        }
    };
    put(&mut bits, clear, &mut width, next);
    let Some((&b0, rest)) = data.split_first() else {
        put(&mut bits, end, &mut width, next);
        if bits.n > 0 {
            bits.out.push(bits.acc as u8);
        }
        return bits.out;
    };
    let mut omega = b0 as u16;
    // Whether omega is a run string of `run.0`, `run.1` bytes long.
    let mut run: Option<(u8, usize)> = Some((b0, 1));
    let mut i = 0;
    while i < rest.len() {
        let c = rest[i];
        if let Some((b, k)) = run
            && c == b
        {
            // Jump along the run as far as the table knows run strings.
            let known = table.runs[b as usize].len();
            if k < known {
                let ahead = run_len(&rest[i..], b, known - k);
                let k2 = k + ahead;
                omega = table.runs[b as usize][k2 - 1];
                run = Some((b, k2));
                i += ahead;
                continue;
            }
        }
        if let Some(code) = table.get(omega, c) {
            omega = code;
            run = None;
            i += 1;
            continue;
        }
        put(&mut bits, omega, &mut width, next);
        if next >= MAX_CODE {
            put(&mut bits, clear, &mut width, next);
            table.clear();
            next = first;
            width = base_width;
        } else {
            table.insert(omega, c, next);
            if let Some((b, k)) = run
                && c == b
                && k == table.runs[b as usize].len()
            {
                table.runs[b as usize].push(next);
            }
            next += 1;
        }
        omega = c as u16;
        run = Some((c, 1));
        i += 1;
    }
    put(&mut bits, omega, &mut width, next);
    put(&mut bits, end, &mut width, next);
    if bits.n > 0 {
        bits.out.push(bits.acc as u8);
    }
    bits.out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(z: &[u8]) -> Vec<u8> {
        let mut d = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, z[0]);
        d.decode(&z[1..]).unwrap()
    }

    #[test]
    fn round_trips_runs_and_noise() {
        let mut seed = 11u32;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let mut cases: Vec<Vec<u8>> = vec![vec![], vec![5], vec![255; 100_000], vec![0, 0, 0, 1]];
        for len in [10, 1000, 70_000, 300_000] {
            cases.push((0..len).map(|_| rnd() as u8).collect());
            cases.push((0..len).map(|i| ((i / 37) % 5) as u8 * 50).collect());
            cases.push(
                (0..len)
                    .map(|_| {
                        if rnd() % 20 == 0 {
                            (rnd() % 255) as u8
                        } else {
                            255
                        }
                    })
                    .collect(),
            );
            let mut runs = Vec::new();
            while runs.len() < len {
                let b = (rnd() % 4) as u8;
                let n = (rnd() % 3000) as usize;
                runs.extend(std::iter::repeat_n(b, n));
            }
            cases.push(runs);
        }
        for data in &cases {
            assert_eq!(&decode(&encode(data, 8)), data, "{} bytes", data.len());
        }
        let small: Vec<u8> = (0..5000).map(|_| (rnd() % 4) as u8).collect();
        assert_eq!(decode(&encode(&small, 2)), small);
    }
}
