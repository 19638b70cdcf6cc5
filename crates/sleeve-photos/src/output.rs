//! What leaves the generator: the ground truth in the contract's output shape, the photo file
//! (JPEG or PNG, with an EXIF orientation when the camera chose one), and the bad files for the
//! scanner's error paths.

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use image::metadata::Orientation;
use image::{DynamicImage, ExtendedColorType, ImageEncoder, RgbImage};
use serde::{Deserialize, Serialize};

use crate::photo::{Camera, Format};
use crate::scene::Scene;

/// The contract's output, as the scanner should print it for this photo.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Truth {
    pub card: CardTruth,
    pub hooks: Vec<Hook>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
    pub cross: Option<CrossTruth>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardTruth {
    pub corners_px: [[f64; 2]; 4],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hook {
    pub x: f64,
    pub y: f64,
    pub r: f64,
    pub hidden: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CrossTruth {
    pub x: f64,
    pub y: f64,
}

fn round(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (v * k).round() / k
}

pub fn truth(scene: &Scene, cam: &Camera) -> Truth {
    let mm = |v: f64| round(v, 4);
    Truth {
        card: CardTruth {
            corners_px: cam.corners.map(|q| [round(q.x, 3), round(q.y, 3)]),
        },
        hooks: scene
            .rings
            .iter()
            .map(|r| Hook {
                x: mm(r.c.x),
                y: mm(r.c.y),
                r: mm(r.r),
                hidden: r.hidden,
            })
            .collect(),
        dark_areas: scene
            .dark
            .iter()
            .map(|a| a.poly.iter().map(|q| [mm(q.x), mm(q.y)]).collect())
            .collect(),
        cross: scene.cross.as_ref().map(|c| CrossTruth {
            x: mm(c.centre.x),
            y: mm(c.centre.y),
        }),
    }
}

/// A TIFF block holding only the orientation tag, in either byte order.
pub fn exif_block(tag: u8, big_endian: bool) -> Vec<u8> {
    let mut b = Vec::new();
    let u16b = |v: u16| {
        if big_endian {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        }
    };
    let u32b = |v: u32| {
        if big_endian {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        }
    };
    b.extend_from_slice(if big_endian { b"MM" } else { b"II" });
    b.extend_from_slice(&u16b(42));
    b.extend_from_slice(&u32b(8));
    b.extend_from_slice(&u16b(1));
    b.extend_from_slice(&u16b(0x0112));
    b.extend_from_slice(&u16b(3));
    b.extend_from_slice(&u32b(1));
    b.extend_from_slice(&u16b(u16::from(tag)));
    b.extend_from_slice(&[0, 0]);
    b.extend_from_slice(&u32b(0));
    b
}

/// The pixels to store so that a viewer honouring EXIF tag `tag` shows `shown`.
pub fn stored_pixels(shown: &RgbImage, tag: Option<u8>) -> RgbImage {
    let Some(o) = tag.and_then(Orientation::from_exif) else {
        return shown.clone();
    };
    let undo = match o {
        Orientation::Rotate90 => Orientation::Rotate270,
        Orientation::Rotate270 => Orientation::Rotate90,
        other => other,
    };
    let mut img = DynamicImage::ImageRgb8(shown.clone());
    img.apply_orientation(undo);
    img.to_rgb8()
}

/// Encodes the shown photo as a file in `format`, storing pixels turned for the EXIF tag.
/// `big_endian` picks the EXIF byte order.
pub fn encode(shown: &RgbImage, format: Format, exif: Option<u8>, big_endian: bool) -> Vec<u8> {
    let stored = stored_pixels(shown, exif);
    let (w, h) = stored.dimensions();
    let mut out = Vec::new();
    let result = match format {
        Format::Jpeg(q) => {
            let mut enc = JpegEncoder::new_with_quality(&mut out, q);
            if let Some(t) = exif {
                let _ = enc.set_exif_metadata(exif_block(t, big_endian));
            }
            enc.write_image(stored.as_raw(), w, h, ExtendedColorType::Rgb8)
        }
        Format::Png => {
            // Fast compression: the files are for tests, and big PNGs are slow to squeeze.
            let mut enc =
                PngEncoder::new_with_quality(&mut out, CompressionType::Fast, PngFilter::Adaptive);
            if let Some(t) = exif {
                let _ = enc.set_exif_metadata(exif_block(t, big_endian));
            }
            enc.write_image(stored.as_raw(), w, h, ExtendedColorType::Rgb8)
        }
    };
    result.expect("encoding into memory cannot fail");
    out
}
