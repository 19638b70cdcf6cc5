//! The scanning pipeline, stage by stage. Every stage reports a confidence in 0..1.

use image::{GrayImage, Luma, RgbImage};
use nalgebra::Matrix3;
use serde::Serialize;
use ts_rs::TS;

use crate::decode::ScanError;
use crate::geom::{CARD_H, CARD_W, Line, corners_where, fit_line, line_dist, polygon_area};

/// Canonical card resolution, pixels per millimetre.
pub const PX_PER_MM: f64 = 8.0;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Card {
    /// Top-left, top-right, bottom-right, bottom-left of the upright card, in photo pixels.
    pub corners_px: [[f64; 2]; 4],
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Hook {
    pub x: f64,
    pub y: f64,
    pub r: f64,
    pub hidden: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CrossAt {
    pub x: f64,
    pub y: f64,
}

/// How sure each stage is (0 to 1); below 0.5 the stage says so in `warnings`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Confidence {
    pub card: f64,
    pub orientation: f64,
    pub hooks: f64,
    pub dark_areas: f64,
    pub cross: f64,
}

/// One field of the reading that may be wrong: which, where to look, how sure the scanner is.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Doubt {
    /// The output field in doubt: "card" (the outline or which way up), "hooks" (a ring found,
    /// missed or invented; with neither ring nor place, the rings' places, measured from an
    /// outline in doubt), "hidden" (a ring's hidden flag), "cross", "dark_areas".
    pub field: String,
    /// The ring concerned (its index in `hooks`), when the doubt is about one found ring.
    pub hook: Option<usize>,
    /// The card corner concerned (0 top-left .. 3 bottom-left), for an outline doubt.
    pub corner: Option<usize>,
    /// Where to look, in card millimetres, when the doubt has a place.
    pub at: Option<[f64; 2]>,
    /// The confidence (0 to 1) that this part of the reading is right.
    pub confidence: f64,
}

/// The contract's output, plus (optional fields) confidences, doubts and warnings. Every doubt
/// has a warning naming its field.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Scan {
    pub card: Card,
    pub hooks: Vec<Hook>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
    pub cross: Option<CrossAt>,
    pub confidence: Confidence,
    pub doubts: Vec<Doubt>,
    pub warnings: Vec<String>,
}

/// Below this confidence the card's outline or orientation is reported as a doubt.
pub const DOUBT_CARD: f64 = 0.9;

/// The card's doubt (outline and orientation), if any.
pub fn card_doubt(c: &Confidence) -> Option<Doubt> {
    let card = c.card.min(c.orientation);
    (card < DOUBT_CARD).then(|| Doubt {
        field: "card".into(),
        hook: None,
        corner: None,
        at: None,
        confidence: card,
    })
}

/// A reduced grey copy and the factor: each output pixel averages a 2 x 2 sample at the centre
/// of its f x f block (enough for a coarse outline, and it reads 4 pixels of every f²).
pub fn reduce(img: &RgbImage, target_long: u32) -> (GrayImage, u32) {
    let f = (img.width().max(img.height()) / target_long).max(1);
    let (w, h) = (img.width() / f, img.height() / f);
    let raw = img.as_raw();
    let stride = img.width() as usize * 3;
    let off = (f / 2).saturating_sub(1) as usize;
    let take = if f >= 2 { 2 } else { 1 };
    let mut out = GrayImage::new(w, h);
    // Scattered reads wait on memory: two threads, half the rows each.
    let fill = |rows: &mut [u8], first: usize| {
        for (y, row) in rows.chunks_exact_mut(w as usize).enumerate() {
            let y0 = (first + y) * f as usize + off;
            for (x, px) in row.iter_mut().enumerate() {
                let x0 = x * f as usize + off;
                let mut s = 0u32;
                for dy in 0..take {
                    let base = (y0 + dy) * stride + x0 * 3;
                    for dx in 0..take {
                        let i = base + dx * 3;
                        s += 77 * raw[i] as u32 + 150 * raw[i + 1] as u32 + 29 * raw[i + 2] as u32;
                    }
                }
                *px = (s / (256 * (take * take) as u32)) as u8;
            }
        }
    };
    let half = h as usize / 2;
    let (top, bottom) = out.split_at_mut(half * w as usize);
    std::thread::scope(|s| {
        s.spawn(|| fill(top, 0));
        fill(bottom, half);
    });
    (out, f)
}

fn otsu(img: &GrayImage) -> u8 {
    imageproc::contrast::otsu_level(img)
}

/// The refusal when no card stands in the photo (the holder taps its corners instead).
pub(crate) fn no_card() -> ScanError {
    ScanError::NoCard(
        "no card was found in the photo: tap its four corners instead (--corners)".into(),
    )
}

/// Stage 1: the card's outline on the reduced copy: the largest bright region, its convex hull
/// reduced to 4 corners. Returns corners in full-resolution pixels (clockwise from any corner).
pub fn find_card(img: &RgbImage) -> Result<Coarse, ScanError> {
    let (small, f) = reduce(img, 400);
    // A picture a few pixels across holds no card (and imageproc's labelling fails on some).
    if small.width() < 8 || small.height() < 8 {
        return Err(no_card());
    }
    let t = otsu(&small);
    let mask = imageproc::map::map_pixels(&small, |p| Luma([if p[0] > t { 255u8 } else { 0 }]));
    let labels = imageproc::region_labelling::connected_components(
        &mask,
        imageproc::region_labelling::Connectivity::Four,
        Luma([0u8]),
    );
    let mut counts = Vec::<usize>::new();
    for p in labels.pixels() {
        let l = p[0] as usize;
        if l != 0 {
            if counts.len() <= l {
                counts.resize(l + 1, 0);
            }
            counts[l] += 1;
        }
    }
    let Some((label, area)) = counts
        .iter()
        .enumerate()
        .max_by_key(|(_, n)| **n)
        .filter(|(_, n)| **n > 0)
        .map(|(l, n)| (l as u32, *n))
    else {
        return Err(no_card());
    };
    let total = (small.width() * small.height()) as f64;
    // The whole sleeve is in the photo: a bright region reaching three or four edges of the frame
    // is the frame (or the table), not a card.
    let (mut edges, last_x, last_y) = ([false; 4], small.width() - 1, small.height() - 1);
    for (x, y, l) in labels.enumerate_pixels() {
        if l[0] == label {
            edges[0] |= x == 0;
            edges[1] |= y == 0;
            edges[2] |= x == last_x;
            edges[3] |= y == last_y;
        }
    }
    if edges.iter().filter(|e| **e).count() >= 3 {
        return Err(ScanError::NoCard(
            "no card stands out from its surroundings: tap its four corners instead (--corners)"
                .into(),
        ));
    }
    if (area as f64) < 0.03 * total {
        return Err(no_card());
    }
    let region = GrayImage::from_fn(small.width(), small.height(), |x, y| {
        Luma([if labels.get_pixel(x, y)[0] == label {
            255
        } else {
            0
        }])
    });
    region_candidates(&region, f).ok_or_else(|| {
        ScanError::NoCard(
            "no card-shaped region was found: tap its four corners instead (--corners)".into(),
        )
    })
}

/// Coarse outlines of one region of a reduced copy (set pixels; `f` the reduction): its hull
/// reduced to 4 corners, and lines fitted along the outline's sides. None when the region is not
/// a card's shape.
pub fn region_candidates(region: &GrayImage, f: u32) -> Option<Coarse> {
    // The hull only needs each row's two ends of the region.
    let mut pts = Vec::new();
    for (y, row) in region.rows().enumerate() {
        let mut ends = row
            .enumerate()
            .filter(|(_, l)| l[0] > 0)
            .map(|(x, _)| x as i32);
        if let Some(first) = ends.next() {
            let last = ends.next_back().unwrap_or(first);
            pts.push(imageproc::point::Point::new(first, y as i32));
            pts.push(imageproc::point::Point::new(last, y as i32));
        }
    }
    let hull = imageproc::geometry::convex_hull(pts);
    let quad = hull_to_quad(&hull)?;
    // How much of the region's outline the quadrilateral covers: nearly all for a card (only the
    // rounded corners stick out); a round or ragged blob leaves much more. Holes (dark areas,
    // rings) do not count: the outline is the hull.
    let hull_pts: Vec<[f64; 2]> = hull.iter().map(|p| [p.x as f64, p.y as f64]).collect();
    let fill = (polygon_area(&quad) / polygon_area(&hull_pts).max(1.0)).min(1.0);
    if fill < 0.8 {
        return None;
    }
    // Better than hull points (the rounded corners pull them in): a line fitted to each side's
    // stretch of the region's outline, away from the corners, and the corners where they meet.
    let lines = side_lines(region, quad);
    let full = |q: [[f64; 2]; 4]| q.map(|p| crate::geom::from_reduced(p, f));
    Some(Coarse {
        candidates: std::iter::once(full(quad)).chain(lines.map(full)).collect(),
        fill,
    })
}

/// Coarse outlines to refine (the hull's corners, and lines fitted along the outline's sides),
/// and how well the bright region fills its quadrilateral.
pub struct Coarse {
    pub candidates: Vec<[[f64; 2]; 4]>,
    pub fill: f64,
}

fn side_lines(region: &GrayImage, quad: [[f64; 2]; 4]) -> Option<[[f64; 2]; 4]> {
    let contour = imageproc::contours::find_contours::<i32>(region)
        .into_iter()
        .filter(|c| c.border_type == imageproc::contours::BorderType::Outer)
        .max_by_key(|c| c.points.len())?;
    let pts: Vec<[f64; 2]> = contour
        .points
        .iter()
        .map(|p| [p.x as f64, p.y as f64])
        .collect();
    let n = pts.len();
    let nearest = |q: [f64; 2]| {
        (0..n).min_by(|&a, &b| {
            let da = (pts[a][0] - q[0]).hypot(pts[a][1] - q[1]);
            let db = (pts[b][0] - q[0]).hypot(pts[b][1] - q[1]);
            da.total_cmp(&db)
        })
    };
    let idx: Vec<usize> = quad.iter().map(|q| nearest(*q)).collect::<Option<_>>()?;
    let mut lines = Vec::new();
    for k in 0..4 {
        let (a, b) = (idx[k], idx[(k + 1) % 4]);
        // Walk the contour from a to b the short way round.
        let fwd = (b + n - a) % n;
        let (len, step) = if fwd <= n / 2 {
            (fwd, 1)
        } else {
            (n - fwd, n - 1)
        };
        let arc: Vec<[f64; 2]> = (len / 6..len - len / 6)
            .map(|i| pts[(a + i * step) % n])
            .collect();
        lines.push(robust_line(arc)?.0);
    }
    corners_where(&lines.try_into().ok()?, 1e-6)
}

/// The 4-gon of largest area whose corners are hull points (a card's rounded corners only shave
/// a little off).
fn hull_to_quad(hull: &[imageproc::point::Point<i32>]) -> Option<[[f64; 2]; 4]> {
    let n = hull.len();
    if n < 4 {
        return None;
    }
    let p: Vec<[f64; 2]> = hull.iter().map(|q| [q.x as f64, q.y as f64]).collect();
    // Rotating search over the hull: for each i, best j, k, l by incremental sweeps (n is small).
    let step = (n / 32).max(1);
    let idx: Vec<usize> = (0..n).step_by(step).collect();
    let mut best = (0.0, [0usize; 4]);
    for (ai, &a) in idx.iter().enumerate() {
        for (bi, &b) in idx.iter().enumerate().skip(ai + 1) {
            for (ci, &c) in idx.iter().enumerate().skip(bi + 1) {
                for &d in idx.iter().skip(ci + 1) {
                    let area = polygon_area(&[p[a], p[b], p[c], p[d]]);
                    if area > best.0 {
                        best = (area, [a, b, c, d]);
                    }
                }
            }
        }
    }
    if best.0 <= 0.0 {
        return None;
    }
    // Refine each corner among its neighbours at full hull resolution.
    let mut q = best.1;
    for _ in 0..3 {
        for k in 0..4 {
            let mut top = (polygon_area(&q.map(|i| p[i])), q[k]);
            for delta in 0..=2 * step {
                let cand = (q[k] + n + delta - step) % n;
                let mut t = q;
                t[k] = cand;
                let a = polygon_area(&t.map(|i| p[i]));
                if a > top.0 {
                    top = (a, cand);
                }
            }
            q[k] = top.1;
        }
    }
    Some(q.map(|i| p[i]))
}

/// The byte offsets of the 2 x 2 pixels a bilinear sample at (x0 + f, y0 + f) reads, clamped to
/// the image: [left column, right column, top row, bottom row] of an RGB buffer of row `stride`.
#[inline]
fn corners_2x2(x0: i64, y0: i64, w: i64, h: i64, stride: usize) -> [usize; 4] {
    [
        x0.clamp(0, w - 1) as usize * 3,
        (x0 + 1).clamp(0, w - 1) as usize * 3,
        y0.clamp(0, h - 1) as usize * stride,
        (y0 + 1).clamp(0, h - 1) as usize * stride,
    ]
}

/// Bilinear colour at a photo position, 0..1 per channel.
pub fn rgb_at(img: &RgbImage, x: f64, y: f64) -> [f64; 3] {
    let (w, h) = (img.width() as i64, img.height() as i64);
    let (x0, y0) = (floor_i(x), floor_i(y));
    let (fx, fy) = (x - x0 as f64, y - y0 as f64);
    let raw = img.as_raw();
    let stride = w as usize * 3;
    let [xa, xb, ya, yb] = corners_2x2(x0, y0, w, h, stride);
    let mut out = [0.0; 3];
    for (i, o) in out.iter_mut().enumerate() {
        let (a, b) = (raw[ya + xa + i] as f64, raw[ya + xb + i] as f64);
        let (c, d) = (raw[yb + xa + i] as f64, raw[yb + xb + i] as f64);
        let top = a + (b - a) * fx;
        let bot = c + (d - c) * fx;
        *o = (top + (bot - top) * fy) / 255.0;
    }
    out
}

/// Fits a line, dropping the worst points in rounds (the seam, the rounded corners, glare).
fn robust_line(mut pts: Vec<[f64; 2]>) -> Option<(Line, f64)> {
    if pts.len() < 8 {
        return None;
    }
    let n0 = pts.len();
    let mut line = fit_line(&pts);
    for round in 0..4 {
        let mut d: Vec<f64> = pts.iter().map(|p| line_dist(line, *p)).collect();
        d.sort_by(f64::total_cmp);
        let med = d[d.len() / 2];
        let cut = (3.0 * 1.4826 * med).max(if round < 2 { 1.5 } else { 0.5 });
        pts.retain(|p| line_dist(line, *p) <= cut);
        if pts.len() < 8 {
            return None;
        }
        line = fit_line(&pts);
    }
    Some((line, pts.len() as f64 / n0 as f64))
}

/// Stage 2: each side refined to sub-pixel precision. Along the side (its middle 70%, clear of
/// the rounded corners) the edge is where the brightness crosses halfway between card and table
/// on a profile across the side; a robust line fit through those points; corners where the lines
/// meet.
pub fn refine_corners(img: &RgbImage, quad: [[f64; 2]; 4]) -> Option<([[f64; 2]; 4], f64)> {
    // Twice: the second pass starts from lines the first fitted, with a narrower search.
    // The first pass only has to come close: 120 profiles a side are plenty.
    let (first, c1) = refine_pass(img, quad, 0.04, 120)?;
    match refine_pass(img, first, 0.012, usize::MAX) {
        Some((second, c2)) => Some((second, c1.min(c2))),
        None => Some((first, c1 * 0.5)),
    }
}

fn refine_pass(
    img: &RgbImage,
    quad: [[f64; 2]; 4],
    window: f64,
    max_samples: usize,
) -> Option<([[f64; 2]; 4], f64)> {
    // Sides fitted nearly parallel meet far off: such a quad is no card, and its side lengths
    // would set the profiles' number and reach without bound.
    if !within_reach(img, &quad) {
        return None;
    }
    // One side: its fitted line and how much of it was traced cleanly.
    let side = |k: usize| -> Option<(Line, f64)> {
        let (a, b) = (quad[k], quad[(k + 1) % 4]);
        let len = crate::geom::side_len(&quad, k);
        let (_, nrm) = crate::geom::side_frame(&quad, k);
        // nrm points into the card. Search ±4% of the side around the coarse edge.
        let reach = (window * len).max(14.0);
        let samples = ((len * 0.7 / 5.0) as usize).min(max_samples);
        let mut pts = Vec::new();
        for i in 0..samples {
            let s = 0.15 + 0.7 * i as f64 / samples as f64;
            let base = [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s];
            let at = |d: f64| rgb_at(img, base[0] + nrm[0] * d, base[1] + nrm[1] * d);
            let steps = (2.0 * reach) as usize;
            let rgb: Vec<[f64; 3]> = (0..=steps).map(|j| at(-reach + j as f64)).collect();
            // The card's edge is the steepest rise walking inward, in whichever channel rises
            // most (parchment over grey rises in red, a blue sea over grey in blue; glare and
            // fall-off are smooth, the edge is sharp); its sub-pixel place is where that channel
            // crosses halfway between the levels just outside and just inside that rise.
            let mut best = (0.0, 0usize, 0usize);
            for j in 1..steps.saturating_sub(1) {
                for (c, (after, before)) in rgb[j + 1].iter().zip(rgb[j - 1]).enumerate() {
                    let g = after - before;
                    if g > best.0 {
                        best = (g, j, c);
                    }
                }
            }
            let (g, j, c) = best;
            if g < 0.03 || j < 5 || j + 6 > steps {
                continue;
            }
            let prof: Vec<f64> = rgb.iter().map(|p| p[c]).collect();
            let outside = prof[j - 5..j - 2].iter().sum::<f64>() / 3.0;
            let inside = prof[j + 3..j + 6].iter().sum::<f64>() / 3.0;
            if inside - outside < 0.04 {
                continue;
            }
            let half = (inside + outside) / 2.0;
            let mut found = None;
            for k in j.saturating_sub(4)..(j + 4).min(steps) {
                if prof[k] < half && prof[k + 1] >= half {
                    let f = (half - prof[k]) / (prof[k + 1] - prof[k]);
                    found = Some(-reach + k as f64 + f);
                }
            }
            if let Some(d) = found {
                pts.push([base[0] + nrm[0] * d, base[1] + nrm[1] * d]);
            }
        }
        let found = pts.len() as f64 / samples.max(1) as f64;
        let (line, kept) = robust_line(pts)?;
        Some((line, kept * found))
    };
    // Each profile waits on memory: two sides on each core.
    let (first, second) = crate::join(|| [side(0), side(1)], || [side(2), side(3)]);
    let mut lines = Vec::new();
    let mut conf: f64 = 1.0;
    for (line, c) in first
        .into_iter()
        .chain(second)
        .collect::<Option<Vec<_>>>()?
    {
        conf = conf.min(c);
        lines.push(line);
    }
    let out = corners_where(&lines.try_into().ok()?, 1e-9)?;
    within_reach(img, &out).then_some((out, conf))
}

/// Whether every corner of a quad is a finite point no further outside the photo than the
/// photo's own width or height (a card's corner may lie outside the frame, never that far).
fn within_reach(img: &RgbImage, quad: &[[f64; 2]; 4]) -> bool {
    let (w, h) = (img.width() as f64, img.height() as f64);
    quad.iter().all(|p| {
        p[0].is_finite()
            && p[1].is_finite()
            && (-w..=2.0 * w).contains(&p[0])
            && (-h..=2.0 * h).contains(&p[1])
    })
}

/// `x.floor()` as an integer, without the library call `f64::floor` becomes on baseline x86-64.
#[inline]
pub(crate) fn floor_i(x: f64) -> i64 {
    let i = x as i64;
    if (i as f64) > x { i - 1 } else { i }
}

/// Samples the photo at card millimetres through `h` into a canonical image (PX_PER_MM),
/// bilinearly with 8-bit weights, reading the photo's buffer directly. The rows are split
/// between two threads: the work is waiting on memory, and two cores wait better than one.
pub fn warp(img: &RgbImage, h: &Matrix3<f64>) -> RgbImage {
    let (w, hh) = ((CARD_W * PX_PER_MM) as u32, (CARD_H * PX_PER_MM) as u32);
    warp_sized(img, h, w, hh, PX_PER_MM)
}

/// Samples the photo through `h` (output millimetres to photo pixels) into a `w` x `hh` image
/// at `px_per_mm`: [`warp`] for any flat rectangle (a board as well as a card).
pub fn warp_sized(img: &RgbImage, h: &Matrix3<f64>, w: u32, hh: u32, px_per_mm: f64) -> RgbImage {
    let mut out = RgbImage::new(w, hh);
    let out_stride = w as usize * 3;
    let buf: &mut [u8] = &mut out;
    let half = (hh as usize / 2).div_ceil(TILE as usize) * TILE as usize;
    let half = half.min(hh as usize);
    let (top, bottom) = buf.split_at_mut(half * out_stride);
    std::thread::scope(|s| {
        s.spawn(|| warp_rows(img, h, top, w, 0, px_per_mm));
        warp_rows(img, h, bottom, w, half as u32, px_per_mm);
    });
    out
}

const TILE: u32 = 32;

/// Warps output rows `first..` into `buf` (whole rows of width `w`), in 32 x 32 tiles:
/// neighbouring output pixels read neighbouring photo pixels, whatever the card's rotation, so
/// the photo is read from cache rather than memory.
fn warp_rows(img: &RgbImage, h: &Matrix3<f64>, buf: &mut [u8], w: u32, first: u32, px_per_mm: f64) {
    let out_stride = w as usize * 3;
    let rows = (buf.len() / out_stride) as u32;
    // Exact for the card's 8 px/mm (a power of two), as the division it replaces.
    let per_px = 1.0 / px_per_mm;
    let (iw, ih) = (img.width() as i64, img.height() as i64);
    let raw = img.as_raw();
    let stride = iw as usize * 3;
    let m = h.as_slice(); // column-major
    let (h00, h10, h20, h01, h11, h21, h02, h12, h22) =
        (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]);
    for ty in (0..rows).step_by(TILE as usize) {
        for tx in (0..w).step_by(TILE as usize) {
            for y in ty..(ty + TILE).min(rows) {
                let v = ((first + y) as f64 + 0.5) * per_px;
                for x in tx..(tx + TILE).min(w) {
                    let u = (x as f64 + 0.5) * per_px;
                    let z = h20 * u + h21 * v + h22;
                    let sx = (h00 * u + h01 * v + h02) / z;
                    let sy = (h10 * u + h11 * v + h12) / z;
                    let (x0, y0) = (floor_i(sx), floor_i(sy));
                    let fx = ((sx - x0 as f64) * 256.0) as u32;
                    let fy = ((sy - y0 as f64) * 256.0) as u32;
                    let [xa, xb, ya, yb] = corners_2x2(x0, y0, iw, ih, stride);
                    let o = y as usize * out_stride + x as usize * 3;
                    let (ra, rb, rc, rd) = (
                        &raw[ya + xa..ya + xa + 3],
                        &raw[ya + xb..ya + xb + 3],
                        &raw[yb + xa..yb + xa + 3],
                        &raw[yb + xb..yb + xb + 3],
                    );
                    for c in 0..3 {
                        let top = ra[c] as u32 * (256 - fx) + rb[c] as u32 * fx;
                        let bot = rc[c] as u32 * (256 - fx) + rd[c] as u32 * fx;
                        buf[o + c] = ((top * (256 - fy) + bot * fy + (1 << 15)) >> 16) as u8;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn a_quad_whose_sides_meet_far_outside_the_photo_is_not_refined() {
        // Held-out photo 1,003,816 of the second generator: the first pass fitted two sides
        // nearly parallel, and the second pass, sampling along sides of that length, never
        // ended. A quad reaching further outside than the photo's own size is refused.
        let card = [[100.0, 60.0], [300.0, 60.0], [300.0, 240.0], [100.0, 240.0]];
        let img = quad_image(card);
        assert!(refine_corners(&img, card).is_some());
        let far = [
            [100.0, 60.0],
            [2000.0, 60.0],
            [300.0, 240.0],
            [100.0, 240.0],
        ];
        assert!(!within_reach(&img, &far));
        // A card whose corners lie past the frame, though less than the photo's size, is kept.
        assert!(within_reach(
            &img,
            &[
                [-350.0, -250.0],
                [750.0, -250.0],
                [750.0, 550.0],
                [0.0, 0.0]
            ]
        ));
        assert!(refine_pass(&img, far, 0.04, 120).is_none());
        assert!(refine_corners(&img, far).is_none());
        assert!(!within_reach(
            &img,
            &[[f64::NAN, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
        ));
    }

    /// A light quadrilateral on a dark ground, edges anti-aliased by 4x4 supersampling.
    fn quad_image(corners: [[f64; 2]; 4]) -> RgbImage {
        let inside = |x: f64, y: f64| {
            (0..4).all(|k| {
                let (a, b) = (corners[k], corners[(k + 1) % 4]);
                (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) >= 0.0
            })
        };
        RgbImage::from_fn(400, 300, |x, y| {
            let mut n = 0;
            for i in 0..4 {
                for j in 0..4 {
                    if inside(
                        x as f64 - 0.375 + i as f64 * 0.25,
                        y as f64 - 0.375 + j as f64 * 0.25,
                    ) {
                        n += 1;
                    }
                }
            }
            let v = (60.0 + (230.0 - 60.0) * n as f64 / 16.0) as u8;
            Rgb([v, v, v])
        })
    }

    #[test]
    fn edges_refine_to_sub_pixel_corners() {
        let truth = [[101.3, 52.7], [322.6, 71.1], [301.9, 248.4], [82.2, 231.8]];
        let img = quad_image(truth);
        // Start 6 px off, as a coarse outline would.
        let coarse = [[95.0, 47.0], [328.0, 66.0], [307.0, 255.0], [77.0, 238.0]];
        let (got, conf) = refine_corners(&img, coarse).unwrap();
        for (g, t) in got.iter().zip(truth) {
            assert!((g[0] - t[0]).hypot(g[1] - t[1]) < 0.15, "{g:?} vs {t:?}");
        }
        assert!(conf > 0.8, "{conf}");
    }

    #[test]
    fn the_card_is_found_on_the_reduced_copy() {
        let truth = [[101.3, 52.7], [322.6, 71.1], [301.9, 248.4], [82.2, 231.8]];
        let coarse = find_card(&quad_image(truth)).unwrap();
        let q = coarse.candidates[0];
        for t in truth {
            assert!(
                q.iter().any(|g| (g[0] - t[0]).hypot(g[1] - t[1]) < 4.0),
                "{t:?} not near {q:?}"
            );
        }
        let blank = RgbImage::from_pixel(200, 150, Rgb([90, 90, 90]));
        assert_eq!(find_card(&blank).err().map(|e| e.exit_code()), Some(3));
    }
}
