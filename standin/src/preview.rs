//! Preview images for `/edu-sharing/preview?nodeId=…`: a small PNG per node
//! id (a colour and a circle derived from the id), so that a view shows
//! pictures in the demo. Deterministic: the same id gives the same bytes.
//!
//! A minimal PNG encoder: 8-bit palette, one zlib stream of stored
//! (uncompressed) deflate blocks, so it needs no compression library.

/// Width and height of a preview (16:10, like WLO's thumbnails).
pub const WIDTH: usize = 160;
pub const HEIGHT: usize = 100;

/// The PNG of a node's preview.
pub fn png(node_id: &str) -> Vec<u8> {
    let hash = fnv1a(node_id.as_bytes());
    let hue = (hash % 360) as f32;
    let palette = [
        hsl(hue, 0.55, 0.55),
        hsl(hue, 0.60, 0.78),
        hsl((hue + 30.0) % 360.0, 0.50, 0.35),
        [255, 255, 255],
    ];
    let cx = 40 + (hash >> 9) as usize % 80;
    let cy = 30 + (hash >> 17) as usize % 30;
    let r = 18 + (hash >> 25) as usize % 14;
    let mut raw = Vec::with_capacity((WIDTH + 1) * HEIGHT);
    for y in 0..HEIGHT {
        raw.push(0); // filter: none
        for x in 0..WIDTH {
            let (dx, dy) = (x.abs_diff(cx), y.abs_diff(cy));
            let index = if y >= HEIGHT - 16 {
                2
            } else if dx * dx + dy * dy <= r * r {
                if dx * dx + dy * dy <= (r / 3) * (r / 3) { 3 } else { 1 }
            } else {
                0
            };
            raw.push(index);
        }
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend((WIDTH as u32).to_be_bytes());
    header.extend((HEIGHT as u32).to_be_bytes());
    header.extend([8, 3, 0, 0, 0]); // 8 bits, palette, deflate, no filter, no interlace
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette.concat());
    chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend(kind);
    out.extend(data);
    let crc = crc32(&out[start..]);
    out.extend(crc.to_be_bytes());
}

/// A zlib stream of stored deflate blocks (at most 65535 bytes each).
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let mut blocks = data.chunks(65_535).peekable();
    if blocks.peek().is_none() {
        out.extend([1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        out.push(u8::from(blocks.peek().is_none()));
        let len = block.len() as u16;
        out.extend(len.to_le_bytes());
        out.extend((!len).to_le_bytes());
        out.extend(block);
    }
    out.extend(adler32(data).to_be_bytes());
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    (b << 16) | a
}

fn fnv1a(data: &[u8]) -> u32 {
    data.iter()
        .fold(0x811c_9dc5u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

fn hsl(h: f32, s: f32, l: f32) -> [u8; 3] {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    [r, g, b].map(|v| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_known_values() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn a_preview_is_a_png_of_the_stated_size() {
        let png = png("446417dc-8f74-4cb4-a0ef-c53cffc6f2f5");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&png[12..16], b"IHDR");
        assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), WIDTH as u32);
        assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), HEIGHT as u32);
        assert!(png.ends_with(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82]));
        assert_eq!(png, super::png("446417dc-8f74-4cb4-a0ef-c53cffc6f2f5"));
        assert_ne!(png, super::png("another"));
    }
}
