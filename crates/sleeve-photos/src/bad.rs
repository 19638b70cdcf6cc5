//! Files for the scanner's error paths, each with the exit status the contract asks for: status 2
//! for a file that is not a complete image (empty, not an image, truncated, corrupt) or is larger than
//! 50 megapixels, status 3 for a readable photo with no card in it.

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder};

use crate::photo::Camera;
use crate::photo::{Format, sample_camera};
use crate::rng::{CAMERA, CARD, Draw};
use crate::scene::sample_scene;
use crate::{develop, encode};

pub struct BadFile {
    pub name: &'static str,
    pub bytes: Vec<u8>,
    /// The exit status the contract asks of the scanner.
    pub status: i32,
    pub why: &'static str,
}

/// The bad files for a seed. `oversize` adds a 50.4-megapixel PNG (slow to write).
pub fn bad_files(seed: u64, oversize: bool) -> Vec<BadFile> {
    let scene = sample_scene(&mut Draw::new(seed, CARD));
    let cam = smallest(&sample_camera(&mut Draw::new(seed, CAMERA), &scene));
    let photo = encode(
        &develop(Some(&scene), &cam, seed),
        Format::Jpeg(90),
        None,
        false,
    );
    let cut = photo.len() * 3 / 5;
    let photo_png = encode(
        &develop(Some(&scene), &cam.scaled(0.3), seed),
        Format::Png,
        None,
        false,
    );
    let table = develop(None, &cam, seed);
    let mut out = vec![
        BadFile {
            name: "empty.jpg",
            bytes: Vec::new(),
            status: 2,
            why: "an empty file",
        },
        BadFile {
            name: "not-an-image.jpg",
            bytes: b"Second star to the right, and straight on till morning.\n".repeat(40),
            status: 2,
            why: "text named like a photo",
        },
        BadFile {
            name: "truncated.jpg",
            bytes: photo[..cut].to_vec(),
            status: 2,
            why: "a sleeve photo cut off at 60%",
        },
        BadFile {
            name: "corrupt.png",
            bytes: corrupt_png(&photo_png),
            status: 2,
            why: "a sleeve photo with damaged pixel data",
        },
        BadFile {
            name: "no-card.jpg",
            bytes: encode(&table, Format::Jpeg(90), None, false),
            status: 3,
            why: "the bare table: a readable photo with no card",
        },
    ];
    if oversize {
        let (w, h) = (7200u32, 7000u32);
        let mut bytes = Vec::new();
        let grey = vec![128u8; (w * h) as usize];
        PngEncoder::new(&mut bytes)
            .write_image(&grey, w, h, ExtendedColorType::L8)
            .expect("in memory");
        out.push(BadFile {
            name: "oversize.png",
            bytes,
            status: 2,
            why: "50.4 megapixels (over the 50 limit)",
        });
    }
    out
}

/// The camera shrunk to the smallest photo the contract still allows (1 megapixel, card long
/// sides of 1,000 px), so the bad files are quick to make.
fn smallest(cam: &Camera) -> Camera {
    let c = cam.corners;
    let long = c[1].dist(c[2]).min(c[3].dist(c[0]));
    let mp = f64::from(cam.width) * f64::from(cam.height);
    let k = (1001.0 / long).max((1.0e6 / mp).sqrt() * 1.002).min(1.0);
    cam.scaled(k)
}

/// Flips bytes in the middle of the first IDAT chunk: the file keeps its size and its end, but
/// its checksum and compressed stream no longer hold.
fn corrupt_png(png: &[u8]) -> Vec<u8> {
    let mut out = png.to_vec();
    let at = png
        .windows(4)
        .position(|w| w == b"IDAT")
        .expect("a PNG has pixel data");
    let len = u32::from_be_bytes([png[at - 4], png[at - 3], png[at - 2], png[at - 1]]) as usize;
    for k in 0..16 {
        out[at + 4 + len / 2 + k] ^= 0x5a;
    }
    out
}
