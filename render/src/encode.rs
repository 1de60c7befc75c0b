//! PNG encoding: indexed images with the theme's palette (boards), RGB
//! (tables).
//!
//! Indexed images are written by hand (signature, IHDR, PLTE, one IDAT,
//! IEND) around [`crate::deflate`]'s stream, which finds the repeats board
//! images are made of at memory speed; when that is not small enough the
//! `png` crate's zlib at level 9 tries harder.

use crate::RenderError;
use crate::canvas::Canvas;
use crate::deflate;

fn err(e: impl std::fmt::Display) -> RenderError {
    RenderError::Encode(e.to_string())
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// Encodes an indexed canvas as an 8-bit palette PNG, fast. `tile` is a
/// horizontal period worth looking back by (a board's square), 0 for none.
pub(crate) fn png_indexed(cv: &Canvas, tile: usize) -> Vec<u8> {
    let (w, h) = (cv.w as u32, cv.h as u32);
    let z = deflate::zlib_scanlines(&cv.px, cv.w as usize, tile);
    let palette = cv.pal.bytes();
    let mut out = Vec::with_capacity(z.len() + palette.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    // 8 bits, palette colour, deflate, adaptive filtering, no interlace.
    ihdr.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &palette);
    chunk(&mut out, b"IDAT", &z);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Encodes an indexed canvas with the `png` crate's zlib at `level`
/// (slower, smaller: the fallback for images over the byte limit).
pub(crate) fn png_indexed_small(cv: &Canvas, level: u8) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, cv.w as u32, cv.h as u32);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(cv.pal.bytes());
        enc.set_filter(png::Filter::NoFilter);
        enc.set_deflate_compression(png::DeflateCompression::Level(level));
        let mut w = enc.write_header().map_err(err)?;
        w.write_image_data(&cv.px).map_err(err)?;
        w.finish().map_err(err)?;
    }
    Ok(out)
}

/// Encodes an RGB buffer as an 8-bit RGB PNG at zlib `level`.
pub(crate) fn png_rgb(w: u32, h: u32, px: &[u8], level: u8) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(png::DeflateCompression::Level(level));
        enc.set_filter(png::Filter::Adaptive);
        let mut wr = enc.write_header().map_err(err)?;
        wr.write_image_data(px).map_err(err)?;
        wr.finish().map_err(err)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::Indexed;
    use crate::theme::Theme;

    fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Indexed);
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn indexed_pngs_decode_to_their_pixels() {
        let pal = Indexed::of(Theme::Calm);
        let mut seed = 7u32;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let n = pal.colors.len() as u32;
        for (w, h) in [(1, 1), (2, 3), (17, 9), (300, 40), (4096, 3), (40000, 2)] {
            for kind in 0..4 {
                let mut cv = Canvas::new(w, h, 0, pal);
                for (i, p) in cv.px.iter_mut().enumerate() {
                    let i = i as u32;
                    *p = (match kind {
                        0 => rnd() % n,
                        1 => (i / 7) % 3,
                        2 => (i % w as u32) / 16 % 2 * 9 + u32::from(rnd() % 50 == 0),
                        _ => 200 + rnd() % 3,
                    } % n) as u8;
                }
                for tile in [0, 2, 16] {
                    let png_bytes = png_indexed(&cv, tile);
                    let (dw, dh, px) = decode(&png_bytes);
                    assert_eq!((dw, dh), (w as u32, h as u32));
                    assert_eq!(px, cv.px, "{w}x{h} kind {kind} tile {tile}");
                }
                let (_, _, px) = decode(&png_indexed_small(&cv, 9).unwrap());
                assert_eq!(px, cv.px);
            }
        }
    }
}
