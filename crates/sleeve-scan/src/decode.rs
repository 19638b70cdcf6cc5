//! Decoding a photo: only complete JPEG and PNG files, within the byte and pixel limits.

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};

/// Files above this many bytes are refused unread.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;
/// Images above this many pixels are refused before decoding.
pub const MAX_PIXELS: u64 = 50_000_000;

/// Why a photo gave no answer. `Unreadable` is exit status 2, `NoCard` exit status 3.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScanError {
    #[error("{0}")]
    Unreadable(String),
    #[error("{0}")]
    NoCard(String),
}

impl ScanError {
    pub fn exit_code(&self) -> u8 {
        match self {
            ScanError::Unreadable(_) => 2,
            ScanError::NoCard(_) => 3,
        }
    }
}

fn unreadable<T>(why: impl Into<String>) -> Result<T, ScanError> {
    Err(ScanError::Unreadable(why.into()))
}

const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";
const PNG_IEND: &[u8] = b"\0\0\0\0IEND\xaeB`\x82";

/// Which format the bytes claim, and whether the file reaches its end marker.
fn sniff(bytes: &[u8]) -> Result<ImageFormat, ScanError> {
    if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        // A complete JPEG ends with the EOI marker (some writers pad with zero bytes after it).
        let end = bytes.iter().rposition(|&b| b != 0).unwrap_or(0);
        if end < 1 || bytes[end - 1..=end] != [0xff, 0xd9] {
            return unreadable("the JPEG file is truncated (it does not reach its end marker)");
        }
        Ok(ImageFormat::Jpeg)
    } else if bytes.starts_with(PNG_MAGIC) {
        if !bytes.ends_with(PNG_IEND) {
            return unreadable("the PNG file is truncated (it does not reach its IEND chunk)");
        }
        Ok(ImageFormat::Png)
    } else {
        unreadable("the file is not a JPEG or PNG image")
    }
}

/// Decodes a photo to RGB with its EXIF orientation applied.
pub fn decode(bytes: &[u8]) -> Result<RgbImage, ScanError> {
    if bytes.is_empty() {
        return unreadable("the file is empty");
    }
    if bytes.len() > MAX_BYTES {
        return unreadable(format!(
            "the file is {:.1} MB; photos up to {} MB are read",
            bytes.len() as f64 / 1048576.0,
            MAX_BYTES / 1048576
        ));
    }
    let format = sniff(bytes)?;
    let (w, h) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|e| ScanError::Unreadable(format!("the image header cannot be read: {e}")))?;
    let pixels = w as u64 * h as u64;
    if pixels == 0 {
        return unreadable("the image has no pixels");
    }
    if pixels > MAX_PIXELS {
        return unreadable(format!(
            "the photo is {:.1} megapixels; up to {} megapixels are read",
            pixels as f64 / 1e6,
            MAX_PIXELS / 1_000_000
        ));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(w);
    limits.max_image_height = Some(h);
    limits.max_alloc = Some(pixels * 4 + (16 << 20));
    reader.limits(limits);
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| ScanError::Unreadable(format!("the image cannot be decoded: {e}")))?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let img = DynamicImage::from_decoder(decoder)
        .map_err(|e| ScanError::Unreadable(format!("the image is damaged: {e}")))?;
    Ok(oriented(img.into_rgb8(), orientation))
}

/// The photo turned upright by its EXIF orientation, as `DynamicImage::apply_orientation` does
/// it; the quarter turns (a portrait phone photo) copied a 64-pixel block at a time, which keeps
/// both pictures' rows in the cache where a pixel-by-pixel turn of 12 MP does not.
fn oriented(mut img: RgbImage, orientation: Orientation) -> RgbImage {
    use image::imageops::{flip_horizontal_in_place, flip_vertical_in_place, rotate180_in_place};
    let (w, h) = (img.width() as usize, img.height() as usize);
    // Quarter turns: where input (x, y) lands in the turned picture (h wide, w high).
    match orientation {
        Orientation::NoTransforms => img,
        Orientation::Rotate180 => {
            rotate180_in_place(&mut img);
            img
        }
        Orientation::FlipHorizontal => {
            flip_horizontal_in_place(&mut img);
            img
        }
        Orientation::FlipVertical => {
            flip_vertical_in_place(&mut img);
            img
        }
        Orientation::Rotate90 => turned(&img, |x, y| (h - 1 - y, x)),
        Orientation::Rotate270 => turned(&img, |x, y| (y, w - 1 - x)),
        Orientation::Rotate90FlipH => turned(&img, |x, y| (y, x)),
        Orientation::Rotate270FlipH => turned(&img, |x, y| (h - 1 - y, w - 1 - x)),
    }
}

/// `img` turned a quarter: input pixel (x, y) copied to `to(x, y)` of a picture as wide as `img`
/// is high, a block at a time.
fn turned(img: &RgbImage, to: impl Fn(usize, usize) -> (usize, usize)) -> RgbImage {
    const BLOCK: usize = 64;
    let (w, h) = (img.width() as usize, img.height() as usize);
    let src = img.as_raw();
    let mut out = vec![0u8; w * h * 3];
    for by in (0..h).step_by(BLOCK) {
        for bx in (0..w).step_by(BLOCK) {
            for y in by..(by + BLOCK).min(h) {
                let row = &src[y * w * 3..(y + 1) * w * 3];
                for x in bx..(bx + BLOCK).min(w) {
                    let (tx, ty) = to(x, y);
                    let j = (ty * h + tx) * 3;
                    out[j..j + 3].copy_from_slice(&row[x * 3..x * 3 + 3]);
                }
            }
        }
    }
    RgbImage::from_raw(h as u32, w as u32, out).expect("the turned picture has the same pixels")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = RgbImage::from_pixel(w, h, image::Rgb([200, 180, 150]));
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    fn jpeg(w: u32, h: u32) -> Vec<u8> {
        let img = RgbImage::from_pixel(w, h, image::Rgb([200, 180, 150]));
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), ImageFormat::Jpeg)
            .unwrap();
        out
    }

    #[test]
    fn complete_files_decode() {
        assert_eq!(decode(&png(30, 20)).unwrap().dimensions(), (30, 20));
        assert_eq!(decode(&jpeg(30, 20)).unwrap().dimensions(), (30, 20));
    }

    #[test]
    fn bad_files_are_unreadable_with_a_reason() {
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (vec![], "empty"),
            (b"hello, this is text".to_vec(), "not a JPEG or PNG"),
            (b"GIF89a.....".to_vec(), "not a JPEG or PNG"),
            (jpeg(64, 64)[..300].to_vec(), "truncated"),
            (png(64, 64)[..100].to_vec(), "truncated"),
        ];
        for (bytes, word) in cases {
            let e = decode(&bytes).unwrap_err();
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains(word), "{e}");
        }
    }

    #[test]
    fn a_corrupt_body_is_refused() {
        let mut bytes = png(64, 64);
        let n = bytes.len();
        for b in &mut bytes[60..n - 20] {
            *b ^= 0x5a;
        }
        assert_eq!(decode(&bytes).unwrap_err().exit_code(), 2);
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &b in data {
            crc ^= b as u32;
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn a_decompression_bomb_is_refused_before_decoding() {
        // A well-formed PNG header (CRC fixed) claiming 20000 x 20000 pixels.
        let mut bytes = png(1, 1);
        bytes[16..20].copy_from_slice(&20000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&20000u32.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let e = decode(&bytes).unwrap_err();
        assert!(e.to_string().contains("400.0 megapixels"), "{e}");
        assert_eq!(e.exit_code(), 2);
    }

    #[test]
    fn exif_orientation_is_applied() {
        // APP1 "Exif": a little-endian TIFF header and one IFD entry, Orientation = 6 (turn 90°).
        let mut exif = b"Exif\0\0II*\0\x08\0\0\0\x01\0".to_vec();
        exif.extend_from_slice(&[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]);
        let mut app1 = vec![0xff, 0xe1];
        app1.extend_from_slice(&((exif.len() + 2) as u16).to_be_bytes());
        app1.extend_from_slice(&exif);
        let plain = jpeg(30, 20);
        let mut bytes = plain[..2].to_vec();
        bytes.extend_from_slice(&app1);
        bytes.extend_from_slice(&plain[2..]);
        assert_eq!(decode(&plain).unwrap().dimensions(), (30, 20));
        assert_eq!(decode(&bytes).unwrap().dimensions(), (20, 30));
    }

    #[test]
    fn every_orientation_turns_the_photo_as_the_image_crate_does() {
        // Sizes across the 64-pixel blocks, not square, odd.
        let img = RgbImage::from_fn(131, 70, |x, y| {
            image::Rgb([(x * 3 + y) as u8, (y * 5) as u8, (x ^ y) as u8])
        });
        for o in [
            Orientation::NoTransforms,
            Orientation::Rotate90,
            Orientation::Rotate180,
            Orientation::Rotate270,
            Orientation::FlipHorizontal,
            Orientation::FlipVertical,
            Orientation::Rotate90FlipH,
            Orientation::Rotate270FlipH,
        ] {
            let mut theirs = DynamicImage::ImageRgb8(img.clone());
            theirs.apply_orientation(o);
            assert_eq!(oriented(img.clone(), o), theirs.into_rgb8(), "{o:?}");
        }
    }

    #[test]
    fn an_oversized_file_is_refused_unread() {
        let mut bytes = vec![0u8; MAX_BYTES + 1];
        bytes[..3].copy_from_slice(&[0xff, 0xd8, 0xff]);
        let e = decode(&bytes).unwrap_err();
        assert!(e.to_string().contains("64 MB"), "{e}");
    }

    proptest::proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..2000)) {
            let _ = decode(&bytes);
        }

        #[test]
        fn damaged_real_images_never_panic(cut in 0usize..400, flip in 0usize..400, byte: u8) {
            for mut b in [png(40, 30), jpeg(40, 30)] {
                if flip < b.len() { b[flip] ^= byte; }
                b.truncate(b.len().saturating_sub(cut));
                let _ = decode(&b);
            }
        }
    }
}
