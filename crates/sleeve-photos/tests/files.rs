//! The files: EXIF orientation round trips through the image crate's reader, the bad files are
//! bad in the way they claim, and no art colour is red.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageReader};
use neverland_sleeve_photos::bad::bad_files;
use neverland_sleeve_photos::output::encode;
use neverland_sleeve_photos::photo::Format;
use neverland_sleeve_photos::{develop, plan};

/// Decodes a file as a viewer would: orientation applied.
fn shown(bytes: &[u8]) -> image::ImageResult<image::RgbImage> {
    let mut dec = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()?
        .into_decoder()?;
    let o = dec.orientation()?;
    let mut img = DynamicImage::from_decoder(dec)?;
    img.apply_orientation(o);
    Ok(img.to_rgb8())
}

#[test]
fn every_exif_orientation_shows_the_rendered_photo() {
    let (scene, cam) = plan(3);
    let img = develop(Some(&scene), &cam.scaled(0.08), 3);
    for tag in 1..=8u8 {
        for big_endian in [false, true] {
            let png = encode(&img, Format::Png, Some(tag), big_endian);
            assert_eq!(shown(&png).unwrap(), img, "png, tag {tag}");
            let jpg = encode(&img, Format::Jpeg(95), Some(tag), big_endian);
            let back = shown(&jpg).unwrap();
            assert_eq!(back.dimensions(), img.dimensions(), "jpeg, tag {tag}");
            let diff: f64 = back
                .as_raw()
                .iter()
                .zip(img.as_raw())
                .map(|(a, b)| f64::from(a.abs_diff(*b)))
                .sum();
            assert!(
                diff / (img.as_raw().len() as f64) < 6.0,
                "jpeg, tag {tag}: mean error {diff}"
            );
        }
    }
    // Tags that turn the picture store it turned.
    let stored = image::load_from_memory(&encode(&img, Format::Png, Some(6), false)).unwrap();
    assert_eq!(
        (stored.width(), stored.height()),
        (img.height(), img.width())
    );
}

#[test]
fn bad_files_are_bad_as_claimed() {
    let files = bad_files(11, false);
    assert_eq!(files.len(), 5);
    for f in &files {
        match f.name {
            "empty.jpg" => assert!(f.bytes.is_empty()),
            "not-an-image.jpg" => assert!(image::load_from_memory(&f.bytes).is_err()),
            "truncated.jpg" => {
                assert!(f.bytes.starts_with(&[0xff, 0xd8]), "starts as a JPEG");
                assert!(!f.bytes.ends_with(&[0xff, 0xd9]), "but has no end marker");
            }
            "corrupt.png" => {
                assert!(f.bytes.starts_with(b"\x89PNG") && f.bytes.ends_with(b"IEND\xaeB`\x82"));
                assert!(
                    image::load_from_memory(&f.bytes).is_err(),
                    "the damage is caught"
                );
            }
            "no-card.jpg" => {
                let img = shown(&f.bytes).unwrap();
                assert!(img.width() * img.height() >= 1_000_000);
                assert_eq!(f.status, 3);
            }
            other => panic!("unexpected {other}"),
        }
        if f.name != "no-card.jpg" {
            assert_eq!(f.status, 2);
        }
    }
}

fn red(c: [f32; 3]) -> bool {
    let mx = c.iter().cloned().fold(0.0, f32::max);
    let mn = c.iter().cloned().fold(255.0, f32::min);
    if mx <= 0.0 || mx == mn {
        return false;
    }
    let sat = (mx - mn) / mx;
    let hue = if mx == c[0] {
        60.0 * ((c[1] - c[2]) / (mx - mn)).rem_euclid(6.0)
    } else {
        120.0
    };
    c[0] == mx && !(20.0..=340.0).contains(&hue) && sat > 0.5
}

#[test]
fn no_art_colour_is_red() {
    for seed in 0..200 {
        let (scene, _) = plan(seed);
        let art = &scene.art;
        for c in [art.land, art.sea, art.hill, art.stock] {
            assert!(!red(c), "seed {seed}: wash {c:?}");
        }
        for m in &art.marks {
            assert!(!red(m.colour), "seed {seed}: mark {:?}", m.colour);
            // "Light map art": no mark is as dark as a dark area (under 25% luminance).
            let [r, g, b] = m.colour;
            let lum = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0;
            assert!(lum >= 0.28, "seed {seed}: mark {:?} is dark", m.colour);
        }
        assert!(
            !red(scene.laces_colour),
            "seed {seed}: the laces are brown, not red"
        );
    }
}
