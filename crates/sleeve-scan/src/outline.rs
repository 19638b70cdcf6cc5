//! The card's outline from colour edges, whatever the table's brightness: on a reduced colour
//! copy, the table is everything the photo's border reaches without crossing an edge; the card
//! is the largest region left, closed all round (four sides together, not a bright patch).

use image::{GrayImage, Luma, RgbImage};

use crate::scan::{Coarse, region_candidates};

/// A reduced colour copy (each pixel the mean of a 2 x 2 sample at the centre of its f x f
/// block), lightly smoothed, and the factor f.
fn reduce_rgb(img: &RgbImage, target_long: u32) -> (RgbImage, u32) {
    let f = (img.width().max(img.height()) / target_long).max(1);
    let (w, h) = (img.width() / f, img.height() / f);
    let off = (f / 2).saturating_sub(1);
    let take = if f >= 2 { 2 } else { 1 };
    let small = RgbImage::from_fn(w, h, |x, y| {
        let mut s = [0u32; 3];
        for dy in 0..take {
            for dx in 0..take {
                let p = img.get_pixel(x * f + off + dx, y * f + off + dy);
                for c in 0..3 {
                    s[c] += p[c] as u32;
                }
            }
        }
        image::Rgb(s.map(|v| (v / (take * take)) as u8))
    });
    (box3(&small), f)
}

/// A 3 x 3 mean (edges clamped): noise and JPEG blocks smoothed before edges are measured.
fn box3(img: &RgbImage) -> RgbImage {
    let (w, h) = (img.width() as i64, img.height() as i64);
    RgbImage::from_fn(img.width(), img.height(), |x, y| {
        let mut s = [0u32; 3];
        for dy in -1..=1 {
            for dx in -1..=1 {
                let p = img.get_pixel(
                    (x as i64 + dx).clamp(0, w - 1) as u32,
                    (y as i64 + dy).clamp(0, h - 1) as u32,
                );
                for c in 0..3 {
                    s[c] += p[c] as u32;
                }
            }
        }
        image::Rgb(s.map(|v| (v / 9) as u8))
    })
}

/// The colour edge strength of each pixel: the largest change of any channel across it.
fn edges(small: &RgbImage) -> GrayImage {
    let (w, h) = (small.width(), small.height());
    GrayImage::from_fn(w, h, |x, y| {
        let at = |x: u32, y: u32| small.get_pixel(x.min(w - 1), y.min(h - 1)).0;
        let (l, r) = (at(x.saturating_sub(1), y), at(x + 1, y));
        let (u, d) = (at(x, y.saturating_sub(1)), at(x, y + 1));
        let g = (0..3)
            .map(|c| {
                (l[c] as i32 - r[c] as i32)
                    .abs()
                    .max((u[c] as i32 - d[c] as i32).abs())
            })
            .max()
            .unwrap_or(0);
        Luma([g.min(255) as u8])
    })
}

/// The region the border's flood does not reach through pixels whose edge strength is below
/// `t`: its largest 4-connected part, unless it touches the border.
fn enclosed(grad: &GrayImage, t: u8) -> Option<GrayImage> {
    let (w, h) = (grad.width() as usize, grad.height() as usize);
    let g = grad.as_raw();
    let mut table = vec![false; w * h];
    let mut stack: Vec<usize> = Vec::new();
    for i in 0..w * h {
        let (x, y) = (i % w, i / w);
        if (x == 0 || y == 0 || x == w - 1 || y == h - 1) && g[i] < t {
            table[i] = true;
            stack.push(i);
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let mut go = |j: usize| {
            if !table[j] && g[j] < t {
                table[j] = true;
                stack.push(j);
            }
        };
        if x > 0 {
            go(i - 1);
        }
        if x + 1 < w {
            go(i + 1);
        }
        if y > 0 {
            go(i - w);
        }
        if y + 1 < h {
            go(i + w);
        }
    }
    let rest = GrayImage::from_fn(w as u32, h as u32, |x, y| {
        Luma([if table[y as usize * w + x as usize] {
            0
        } else {
            255
        }])
    });
    let blob = crate::features::blobs(&rest)
        .into_iter()
        .max_by_key(|b| b.len())?;
    if (blob.len() as f64) < 0.03 * (w * h) as f64 {
        return None;
    }
    let touches = blob.iter().any(|&i| {
        let (x, y) = (i % w, i / w);
        x == 0 || y == 0 || x == w - 1 || y == h - 1
    });
    if touches {
        return None;
    }
    let mut region = GrayImage::new(w as u32, h as u32);
    for i in blob {
        region.as_mut()[i] = 255;
    }
    Some(region)
}

/// Coarse outlines from colour edges at a few edge strengths (a faint card edge on a light table
/// needs a low one; a busy table a higher one).
pub fn edge_candidates(img: &RgbImage) -> Vec<Coarse> {
    let (small, f) = reduce_rgb(img, 400);
    let grad = edges(&small);
    [10u8, 16, 26]
        .iter()
        .filter_map(|&t| enclosed(&grad, t))
        .filter_map(|r| region_candidates(&r, f))
        .collect()
}
