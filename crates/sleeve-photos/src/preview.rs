//! A small preview of a photo as shown, optionally with its truth drawn over it (card corners,
//! ring outlines, dark-area outlines, the cross) for a person to check that the truth sits on
//! the picture.

use image::imageops::{FilterType, resize};
use image::{Rgb, RgbImage};

use crate::Photo;
use crate::geom::{Homography, P, p};
use crate::photo::CARD_CORNERS;

fn dot(img: &mut RgbImage, q: P, colour: [u8; 3], r: i64) {
    for dy in -r..=r {
        for dx in -r..=r {
            let (x, y) = (q.x.round() as i64 + dx, q.y.round() as i64 + dy);
            if x >= 0 && y >= 0 && (x as u32) < img.width() && (y as u32) < img.height() {
                img.put_pixel(x as u32, y as u32, Rgb(colour));
            }
        }
    }
}

/// Draws a path given in card mm, mapped into the preview.
fn path(img: &mut RgbImage, hom: &Homography, k: f64, pts: &[P], colour: [u8; 3]) {
    for s in pts.windows(2) {
        for i in 0..=40 {
            let q = s[0] + (s[1] - s[0]) * (f64::from(i) / 40.0);
            dot(img, hom.apply(q) * k, colour, 0);
        }
    }
}

/// A square of `size` px at (`x`, `y`) of the shown photo, at full resolution.
pub fn crop(photo: &Photo, x: u32, y: u32, size: u32) -> RgbImage {
    let (w, h) = photo.shown.dimensions();
    let (x, y) = (x.min(w - 1), y.min(h - 1));
    image::imageops::crop_imm(&photo.shown, x, y, size.min(w - x), size.min(h - y)).to_image()
}

/// The shown photo scaled to at most `max` px, with the truth over it when `overlay`.
pub fn preview(photo: &Photo, max: u32, overlay: bool) -> RgbImage {
    let (w, h) = photo.shown.dimensions();
    let k = (f64::from(max) / f64::from(w.max(h))).min(1.0);
    let (pw, ph) = (
        ((f64::from(w) * k).round() as u32).max(1),
        ((f64::from(h) * k).round() as u32).max(1),
    );
    let mut img = resize(&photo.shown, pw, ph, FilterType::Triangle);
    if !overlay {
        return img;
    }
    let hom = Homography::from_points(CARD_CORNERS, photo.camera.corners);
    let truth = photo.truth();
    let marks: [[u8; 3]; 4] = [[255, 0, 255], [0, 255, 255], [255, 255, 0], [255, 255, 255]];
    for (c, colour) in truth.card.corners_px.iter().zip(marks) {
        dot(&mut img, p(c[0], c[1]) * k, colour, 3);
    }
    for hk in &truth.hooks {
        let ring: Vec<P> = (0..=48)
            .map(|i| p(hk.x, hk.y) + P::polar(f64::from(i) * 0.1309) * (hk.r + 1.0))
            .collect();
        path(
            &mut img,
            &hom,
            k,
            &ring,
            if hk.hidden {
                [255, 160, 0]
            } else {
                [0, 255, 0]
            },
        );
    }
    for area in &truth.dark_areas {
        let mut pts: Vec<P> = area.iter().map(|q| p(q[0], q[1])).collect();
        pts.push(pts[0]);
        path(&mut img, &hom, k, &pts, [0, 200, 255]);
    }
    if let Some(c) = &truth.cross {
        let q = hom.apply(p(c.x, c.y)) * k;
        dot(&mut img, q, [255, 0, 255], 2);
    }
    img
}
