//! The card's outline from colour edges, whatever the table's brightness: on a reduced colour
//! copy, the table is everything the photo's border reaches without crossing an edge; the card
//! is the largest region left, closed all round (four sides together, not a bright patch).

use image::{GrayImage, Luma, RgbImage};

use crate::geom::{FILM_MM, line_dist};
use crate::pixels::channel_diff;
use crate::scan::{Coarse, region_candidates};

/// A reduced colour copy (each pixel the mean of a 2 x 2 sample at the centre of its f x f
/// block), lightly smoothed, and the factor f.
pub(crate) fn reduce_rgb(img: &RgbImage, target_long: u32) -> (RgbImage, u32) {
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
/// `t` (`unreached`).
fn enclosed(grad: &GrayImage, t: u8) -> Option<GrayImage> {
    let g = grad.as_raw();
    unreached(grad.width() as usize, grad.height() as usize, |i| g[i] < t)
}

/// The largest region (8-connected) of the pixels that a flood from the photo's border, through
/// the pixels that `pass` (4-connected), does not reach; None when it is under 3 % of the picture
/// or touches the border.
pub(crate) fn unreached(w: usize, h: usize, pass: impl Fn(usize) -> bool) -> Option<GrayImage> {
    let mut table = vec![false; w * h];
    let mut stack: Vec<usize> = Vec::new();
    for (i, t) in table.iter_mut().enumerate() {
        let (x, y) = (i % w, i / w);
        if (x == 0 || y == 0 || x == w - 1 || y == h - 1) && pass(i) {
            *t = true;
            stack.push(i);
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let mut go = |j: usize| {
            if !table[j] && pass(j) {
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
    let blob = crate::pixels::blobs(&rest)
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
/// needs a low one; a busy table a higher one), on the reduced colour copy `small` (`reduce_rgb`,
/// factor `f`).
pub fn edge_candidates(small: &RgbImage, f: u32) -> Vec<Coarse> {
    let grad = edges(small);
    [10u8, 16, 26]
        .iter()
        .filter_map(|&t| enclosed(&grad, t))
        .filter_map(|r| region_candidates(&r, f))
        .collect()
}

/// How much the film's bright cut edge 2.5 mm out counts for an edge in `best_edge`, against
/// the step from film to stock (weight 1), and the most of its brightness that counts: the cut
/// edge stands 0.03 to 0.05 over its surroundings where it shows, and a brighter thin line (a
/// light gap between printed strokes) is not the film's. (Second generator, 1,600 photos seen:
/// weight 1 gave 5 more photos right, 2 gave 9, 4 gave 1; at 2, counting at most 0.05 gave 10.)
const CUT_WEIGHT: f64 = 2.0;
const CUT_MOST: f64 = 0.05;

/// Where, along one profile across a side, the card's edge most likely is, and how well the
/// evidence fits: the step from film to card stock, both sides of it plain (nothing is printed
/// within 1 mm of the card's edge; the film margin is clear for 2.5 mm), the film matching the
/// table beyond it (clear film over the same table), and light stock inside. A printed frame line,
/// a dark area or a road inside the card has card stock or art outside it, not the table, so it
/// scores low however strong its own edge is. The film's cut edge, a thin bright line 2.5 mm
/// outside the card's edge where it catches the light, counts for an edge (`CUT_WEIGHT`): a
/// checked cloth's square edge near the card, stronger than the stock's step and with plain
/// table on both sides, has none.
///
/// `prof` holds colours at `mm_step` spacing from `first_mm` (outside negative, inward positive).
fn best_edge(prof: &[[f64; 3]], first_mm: f64, mm_step: f64) -> Option<(f64, f64)> {
    let n = prof.len();
    // Prefix sums of each channel and its square: window means and spreads in O(1).
    let mut sum = vec![[0.0f64; 3]; n + 1];
    let mut sq = vec![[0.0f64; 3]; n + 1];
    for (i, p) in prof.iter().enumerate() {
        for c in 0..3 {
            sum[i + 1][c] = sum[i][c] + p[c];
            sq[i + 1][c] = sq[i][c] + p[c] * p[c];
        }
    }
    let idx = |mm: f64| ((mm - first_mm) / mm_step).round() as i64;
    let stats = |a: f64, b: f64| -> Option<([f64; 3], f64)> {
        let (i, j) = (idx(a), idx(b));
        if i < 0 || j as usize > n || j <= i {
            return None;
        }
        let (i, j) = (i as usize, j as usize);
        let k = (j - i) as f64;
        let mut mean = [0.0; 3];
        let mut spread: f64 = 0.0;
        for c in 0..3 {
            mean[c] = (sum[j][c] - sum[i][c]) / k;
            let var = (sq[j][c] - sq[i][c]) / k - mean[c] * mean[c];
            spread = spread.max(var.max(0.0).sqrt());
        }
        Some((mean, spread))
    };
    // How far each offset stands out as a thin bright line (the mean of the channels over
    // 0.3 mm, above the brighter of its surroundings 0.5 to 0.9 mm away on either side).
    let level = |a: f64, b: f64| stats(a, b).map(|(m, _)| (m[0] + m[1] + m[2]) / 3.0);
    let ridge: Vec<f64> = (0..n)
        .map(|i| {
            let c = first_mm + i as f64 * mm_step;
            let around = level(c - 0.9, c - 0.5).zip(level(c + 0.5, c + 0.9));
            match (level(c - 0.15, c + 0.15), around) {
                (Some(p), Some((l, r))) => (p - l.max(r)).max(0.0),
                _ => 0.0,
            }
        })
        .collect();
    // The brightest such line where the film's cut edge lies for an edge at `d` (2.5 mm out,
    // give or take 0.3 mm).
    let film_cut = |d: f64| -> f64 {
        let (i, j) = (idx(d - FILM_MM - 0.3), idx(d - FILM_MM + 0.3));
        (i.max(0)..=j.min(n as i64 - 1))
            .map(|k| ridge[k as usize])
            .fold(0.0, f64::max)
    };
    let mut best: Option<(f64, f64)> = None;
    let last = first_mm + (n - 1) as f64 * mm_step;
    let mut d = first_mm + 5.6;
    while d <= last - 1.0 {
        if let (Some((inside, s_in)), Some((film, s_out)), Some((far, _))) = (
            stats(d + 0.3, d + 0.9),
            stats(d - 2.0, d - 0.3),
            stats(d - 5.5, d - 3.2),
        ) {
            let step = channel_diff(inside, film);
            let dark = (0.4 - crate::pixels::luma(inside)).max(0.0);
            let score = step - 1.5 * (s_in + s_out) - 1.5 * channel_diff(film, far) - dark
                + CUT_WEIGHT * film_cut(d).min(CUT_MOST);
            if step >= 0.03 && best.is_none_or(|b| score > b.1) {
                best = Some((d, score));
            }
        }
        d += mm_step;
    }
    best
}

/// The sub-pixel place of the step near `d` (mm on the profile): where the channel that changes
/// most crosses halfway between the plain levels on either side.
fn sub_step(prof: &[[f64; 3]], first_mm: f64, mm_step: f64, d: f64) -> f64 {
    let at = |mm: f64| {
        ((mm - first_mm) / mm_step)
            .round()
            .clamp(0.0, (prof.len() - 1) as f64) as usize
    };
    let (o, i) = (at(d - 0.6), at(d + 0.6));
    let c = (0..3)
        .max_by(|&a, &b| {
            (prof[i][a] - prof[o][a])
                .abs()
                .total_cmp(&(prof[i][b] - prof[o][b]).abs())
        })
        .unwrap_or(0);
    let half = (prof[i][c] + prof[o][c]) / 2.0;
    let up = prof[i][c] > prof[o][c];
    for k in o..i {
        let (a, b) = (prof[k][c], prof[k + 1][c]);
        if (a < half) == up && (b >= half) == up && a != b {
            return first_mm + (k as f64 + (half - a) / (b - a)) * mm_step;
        }
    }
    d
}

/// The outline checked and corrected side by side from the film evidence (see `best_edge`):
/// along profiles across each side of `quad`, from 7 mm outside to 3 mm inside, the most likely
/// card edge; a robust line through those points; corners where the four lines meet. Returns the
/// corners and, for each side, the share of its profiles that agree with its line (0 when the side
/// could not be traced).
pub fn film_sides(img: &RgbImage, quad: [[f64; 2]; 4]) -> Option<([[f64; 2]; 4], [f64; 4])> {
    film_sides_with(img, quad, false)
}

/// `film_sides`, where each side may also move out to a card edge seen without the film's own
/// edge (`outer_card_edge`'s `faint_film`): a second look at the outline chosen (`second_look`
/// in `lib.rs`; for an outline with the laces only its doubted sides take it, `doubted_sides`),
/// as when the art's edge was taken for the card's over a grey table. Never sure: a side may
/// have stopped on a film lighter than the table, so every side agrees at most `FAINT_AGREE`.
pub fn film_sides_faint(img: &RgbImage, quad: [[f64; 2]; 4]) -> Option<([[f64; 2]; 4], [f64; 4])> {
    film_sides_with(img, quad, true).map(|(q, agree)| (q, agree.map(|a| a.min(FAINT_AGREE))))
}

fn film_sides_with(
    img: &RgbImage,
    quad: [[f64; 2]; 4],
    faint_film: bool,
) -> Option<([[f64; 2]; 4], [f64; 4])> {
    let side = |k: usize| -> Option<(crate::geom::Line, f64)> {
        let (a, b) = (quad[k], quad[(k + 1) % 4]);
        let px_per_mm = crate::geom::side_px_per_mm(&quad, k);
        if px_per_mm < 2.0 {
            return None;
        }
        let (_, nrm) = crate::geom::side_frame(&quad, k);
        let count = 48;
        let pts = edge_points(img, (a, b), nrm, px_per_mm, count);
        let tol = (0.25 * px_per_mm).max(1.5);
        let (line, inliers, tie) = side_line(
            (&pts, count),
            (a, b),
            tol,
            STANDS_MM * px_per_mm,
            !faint_film,
        )?;
        let mut agree = inliers as f64 / count as f64;
        if tie {
            agree = agree.min(FAINT_AGREE);
        }
        // Then, where the stock looks just like the film over the table, the film's bright cut
        // edge (`film_line`); such a side is always doubted.
        let line = match outer_card_edge(img, line, (a, b), nrm, px_per_mm, faint_film) {
            // Read from the profile averaged along the side, with no point of the side's own
            // trace at the new place: table lines that run beside the side (a plank's grain)
            // can mimic stock and film, so the move is doubted.
            Some(mm) => {
                agree = agree.min(FAINT_AGREE);
                let (o, d) = line;
                let out = mm * px_per_mm;
                ([o[0] - nrm[0] * out, o[1] - nrm[1] * out], d)
            }
            None => match crate::film_line::move_out(img, line, quad, k) {
                Some(edge) => {
                    agree = agree.min(FAINT_AGREE);
                    edge
                }
                None => line,
            },
        };
        Some((line, agree))
    };
    let (first, second) = crate::join(|| [side(0), side(1)], || [side(2), side(3)]);
    let sides: Vec<_> = first
        .into_iter()
        .chain(second)
        .collect::<Option<Vec<_>>>()?;
    let out = crate::geom::corners_where(&[sides[0].0, sides[1].0, sides[2].0, sides[3].0], 1e-6)?;
    Some((out, [sides[0].1, sides[1].1, sides[2].1, sides[3].1]))
}

/// The outline with every side that runs on the film's bright cut edge rather than on the card's
/// (`film_line::move_in`) taken 2.5 mm in, each such side agreeing at most `FAINT_AGREE`: where the
/// card stock and the table look alike, the film's edge is the only line left to trace, and nothing
/// else in the outline tells it from the card's. Every other doubted side settles 2.5 mm inside the
/// film's line when that runs 1.6 to 3.4 mm out (`film_line::settled`), or turns back 2.5 mm inside
/// it when the side runs across it, turned about a corner (`film_line::TILT`, in the same call),
/// and stays doubted. Both apply to corners a person tapped too, whose sides are checked against
/// the film margin as any outline's.
pub fn off_film_edges(
    img: &RgbImage,
    (quad, mut agree): ([[f64; 2]; 4], [f64; 4]),
) -> ([[f64; 2]; 4], [f64; 4]) {
    let mut lines = [([0.0; 2], [0.0; 2]); 4];
    let mut moved = false;
    for k in 0..4 {
        lines[k] = match crate::film_line::move_in(img, quad, k) {
            Some(line) => {
                moved = true;
                agree[k] = agree[k].min(FAINT_AGREE);
                line
            }
            None => {
                let line = (quad[k], crate::geom::side_frame(&quad, k).0);
                let doubted = agree[k] < crate::scan::DOUBT_CARD;
                match doubted.then(|| crate::film_line::settled(img, line, quad, k)) {
                    Some(Some(l)) => {
                        moved = true;
                        l
                    }
                    _ => line,
                }
            }
        };
    }
    if !moved {
        return (quad, agree);
    }
    match crate::geom::corners_where(&lines, 1e-6) {
        Some(out) => (out, agree),
        // Moved lines that no longer meet: the outline as it came, its film sides still doubted.
        None => (quad, agree),
    }
}

/// How near (mm) the robust line through a side's edge points must lie to the side as it came,
/// at both ends, for the side as it came to stand (`side_line`): the contract's tolerance for a
/// ring's centre. At 0.7 mm, a side traced 0.3 to 0.7 mm inside the card's plain edge stood with
/// every profile agreeing, and the rings beside it read up to 0.5 mm off with no doubt (H46
/// 1,009,495, silent). At 0.3, on the seen photos, second generator 3,200: that photo gained, one
/// lost (H40 1,008,226, card 26.6 px off, warned), one card off by more than 20 px now within it
/// with its places warned; first generator 600: no change. (0.4 and 0.5 read those three photos
/// the same; they were not run on the rest.)
const STANDS_MM: f64 = 0.3;

/// The line of a side from the card-edge points found across it (`pts`, on `count` profiles),
/// for the side from `a` to `b` as it came, `tol` the inlier distance in pixels: a robust line
/// through the points (`geom::ransac_line`), or the side as it came where that line lies within
/// `near` of it at both ends (its sub-pixel line stands); with the robust line's inlier count,
/// or in a tie the count of points on the side as it came.
///
/// When `ties` is set, the side as it came also stands against a line that does not cross it
/// between `a` and `b` (both ends on one side of that line) when it is backed by at least
/// `TIE_SHARE` of that line's points and `TIE_MIN` of the profiles: two parallel edges each
/// traced on part of the side (the card's edge over the light squares of a checked cloth, a band
/// just outside it over the dark ones) are a near tie the point count does not settle, and the
/// outline as it came was chosen on more than this side's points (its other sides, its laces).
/// Such a side is reported as a tie (`true`), to be doubted. Lines that cross are no tie: the
/// side as it came then runs along a table's edge across the card's.
fn side_line(
    (pts, count): (&[[f64; 2]], usize),
    (a, b): ([f64; 2], [f64; 2]),
    tol: f64,
    near: f64,
    ties: bool,
) -> Option<(crate::geom::Line, usize, bool)> {
    let (line, inliers) = crate::geom::ransac_line(pts, tol)?;
    let as_came = crate::geom::line_through(a, b)?;
    if line_dist(line, a) < near && line_dist(line, b) < near {
        return Some((as_came, inliers, false));
    }
    let backing = pts
        .iter()
        .filter(|p| line_dist(as_came, **p) <= tol)
        .count();
    let tie = ties
        && crate::geom::line_side(line, a) * crate::geom::line_side(line, b) > 0.0
        && backing as f64 >= TIE_SHARE * inliers as f64
        && backing as f64 >= TIE_MIN * count as f64;
    Some(if tie {
        (as_came, backing, true)
    } else {
        (line, inliers, false)
    })
}

/// Share of the robust line's points that the side as it came needs to stand as a near tie
/// (`side_line`): on tuning seeds 0-999 of the second generator the ties that were the card's
/// edge had 0.78 to 0.91.
const TIE_SHARE: f64 = 0.75;

/// Share of the profiles across a side that the side as it came needs to stand as a near tie.
const TIE_MIN: f64 = 0.35;

/// The most likely card edge (`best_edge`, to the sub-pixel) on each of `count` profiles across
/// the side from `a` to `b` (its middle 76 %), from 12.6 mm outside to 4.0 mm inside along the
/// inward normal `nrm`.
fn edge_points(
    img: &RgbImage,
    (a, b): ([f64; 2], [f64; 2]),
    nrm: [f64; 2],
    px_per_mm: f64,
    count: usize,
) -> Vec<[f64; 2]> {
    let (first_mm, mm_step, steps) = (-7.0 - 5.6, 0.1, 167);
    let mut pts = Vec::with_capacity(count);
    for i in 0..count {
        let s = 0.12 + 0.76 * (i as f64 + 0.5) / count as f64;
        let base = [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s];
        let prof: Vec<[f64; 3]> = (0..steps)
            .map(|j| {
                let d = (first_mm + j as f64 * mm_step) * px_per_mm;
                crate::scan::rgb_at(img, base[0] + nrm[0] * d, base[1] + nrm[1] * d)
            })
            .collect();
        if let Some((d, _)) = best_edge(&prof, first_mm, mm_step) {
            let d = sub_step(&prof, first_mm, mm_step, d) * px_per_mm;
            pts.push([base[0] + nrm[0] * d, base[1] + nrm[1] * d]);
        }
    }
    pts
}

/// How far the card stock must stand apart from the film (largest channel) for the card's edge
/// to be taken without the film's own edge (`film_sides_faint`).
const CLEAR_STOCK: f64 = 0.06;

/// The most any side of the second look's outline (`film_sides_faint`), any side moved out to
/// a card edge from the averaged profile (`outer_card_edge`) or to the film's bright cut edge
/// (`film_line`), and any side kept in a near tie (`side_line`) agrees with its line: under the
/// card's doubt threshold, so such an outline is always named.
const FAINT_AGREE: f64 = 0.85;
const _: () = assert!(FAINT_AGREE < crate::scan::DOUBT_CARD);

/// `mean_profile`'s offsets: from 7 mm outside the line, every 0.05 mm, 161 of them (to 1 mm
/// inside).
const PROFILE_FIRST_MM: f64 = -7.0;
const PROFILE_STEP_MM: f64 = 0.05;
const PROFILE_STEPS: usize = 161;

/// The mean colour across a side, from 7 mm outside its line to 1 mm inside, every 0.05 mm
/// (48 places along the side), and the step at each offset (the largest change of a channel
/// over 0.4 mm).
fn mean_profile(
    img: &RgbImage,
    (o, d): crate::geom::Line,
    (ta, tb): (f64, f64),
    nrm: [f64; 2],
    px_per_mm: f64,
) -> (Vec<[f64; 3]>, Vec<f64>) {
    let (n, places) = (PROFILE_STEPS, 48);
    let mut mean = vec![[0.0f64; 3]; n];
    for i in 0..places {
        let t = ta + (tb - ta) * (0.12 + 0.76 * (i as f64 + 0.5) / places as f64);
        let base = [o[0] + d[0] * t, o[1] + d[1] * t];
        for (k, m) in mean.iter_mut().enumerate() {
            let off = profile_mm(k) * px_per_mm;
            let c = crate::scan::rgb_at(img, base[0] + nrm[0] * off, base[1] + nrm[1] * off);
            for ch in 0..3 {
                m[ch] += c[ch] / places as f64;
            }
        }
    }
    let grad = (0..n)
        .map(|k| {
            if k < 4 || k + 4 >= n {
                return 0.0;
            }
            (0..3)
                .map(|ch| (mean[k + 4][ch] - mean[k - 4][ch]).abs())
                .fold(0.0, f64::max)
        })
        .collect();
    (mean, grad)
}

/// When a side's line is the edge of the printed art rather than the card's (a light table,
/// where the card's own edge is faint): the distance (mm) to move it outward, else None. The
/// film's step is required unless `faint_film`;
/// then stock standing `CLEAR_STOCK` apart from a film just like the table is enough.
///
/// Averaged along the side, everything outside the card's edge is plain: a band of card stock
/// (nothing is printed within 1 mm of the edge), the film (2.5 mm), the table. A line on the
/// art's edge has two steps outside it: the card's edge 0.8 to 3.4 mm out and the film's 2.5 mm
/// beyond that, with plain stock between the line and the card's edge that differs from the
/// film, while the film looks like the table it covers. A line on the card's own edge has the
/// film's step outside it and film, not stock, next to it. On the second look the plain stock
/// may end short of the line, at the art's own edge when the line was traced on a print inside
/// an art of another colour (`art_start`).
fn outer_card_edge(
    img: &RgbImage,
    line: crate::geom::Line,
    (a, b): ([f64; 2], [f64; 2]),
    inward: [f64; 2],
    px_per_mm: f64,
    faint_film: bool,
) -> Option<f64> {
    let (o, d) = line;
    let nrm = crate::geom::normal_toward(d, inward);
    let along = |p: [f64; 2]| (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1];
    let (mean, grad) = mean_profile(img, line, (along(a), along(b)), nrm, px_per_mm);
    let peak = |lo: f64, hi: f64| grad_peak(&grad, lo, hi);
    let avg = |lo: f64, hi: f64| profile_mean(&mean, lo, hi);
    let mut best: Option<(f64, f64)> = None;
    let mut at = -3.4;
    while at <= -0.8 {
        let (card, g_card) = peak(at - 0.1, at + 0.1);
        let (_, g_film) = peak(card - FILM_MM - 0.35, card - FILM_MM + 0.35);
        // On the second look the plain stock may end at the art's edge outside the traced line.
        let art = if faint_film {
            art_start(&mean, &grad, card, g_card)
        } else {
            0.0
        };
        let (_, g_between) = peak(card + 0.35, art - 0.35);
        // Card stock between the card's edge and the art, film between the film's edge and
        // the card's: the stock differs from the film more than the film from the table.
        let stock = avg(card + 0.3, art - 0.3);
        let film = avg(card - FILM_MM + 0.4, card - 0.3);
        let table = avg(card - FILM_MM - 1.6, card - FILM_MM - 0.4);
        let (stock_step, film_step) = (channel_diff(stock, film), channel_diff(film, table));
        let stock_seen = stock_step >= 0.04 && film_step < 0.5 * stock_step;
        // Over a grey table the film's own edge can be too faint to find: on the second look,
        // stock standing clearly apart from a film just like the table is enough.
        let clear = faint_film && stock_step >= CLEAR_STOCK && film_step < 0.3 * stock_step;
        let strength = if clear { g_card } else { g_card.min(g_film) };
        // On the first look, a window plain but for the slope of the line's own step is plain
        // too where the film's edge stands out (`slope_only`).
        let plain = g_between < 0.5 * strength
            || (!faint_film && slope_only(&grad, card, g_film, 0.5 * strength));
        if strength >= 0.012 && plain && stock_seen && best.is_none_or(|b| strength > b.1) {
            best = Some((card, strength));
        }
        at += 0.2;
    }
    best.map(|(card, _)| -card)
}

/// How far the film's step must stand above every step in the film and in the table beyond it
/// (`slope_only`).
const FILM_STANDS_OUT: f64 = 1.5;

/// On the first look (the traced line at 0 mm), whether the stock band between a card edge at
/// `card` mm (on `mean_profile`'s offsets) and the line is plain but for the slope of the line's
/// own step, while the film's step 2.5 mm further out (`g_film`) stands `FILM_STANDS_OUT` above
/// every step in the film and in 0.5 to 1.6 mm of the table beyond it (false where that window
/// would start before the profile does). A step is the band's own when it rises by `most` above
/// the lowest step between it and the line. The line's step, measured over 0.4 mm and blurred in
/// a soft photo, reaches into the band from its inner end: on tuning seeds 396, 866 and 954 of
/// the second generator sides traced on the art's edge, 1 to 2.3 mm inside the card's, stayed
/// there because that slope was taken for a step in the band. The film's clear step is needed:
/// without it, sides on the card's own edge moved out onto the film's edge over grain and
/// texture of the table (tuning seeds 34, 191, 503, 504 and 872).
fn slope_only(grad: &[f64], card: f64, g_film: f64, most: f64) -> bool {
    let table_from = card - FILM_MM - 1.6;
    if table_from < PROFILE_FIRST_MM {
        return false;
    }
    let around = grad_peak(grad, table_from, card - FILM_MM - 0.5)
        .1
        .max(grad_peak(grad, card - FILM_MM + 0.5, card - 0.5).1);
    let (mut low, mut rise) = (f64::INFINITY, 0.0f64);
    for &g in grad[profile_index(card + 0.35)..=profile_index(-0.35)]
        .iter()
        .rev()
    {
        low = low.min(g);
        rise = rise.max(g - low);
    }
    rise < most && g_film >= FILM_STANDS_OUT * around
}

/// The strongest step of `mean_profile`'s `grad` from `lo` to `hi` mm: its offset and strength
/// (`lo` and 0 when there is none).
fn grad_peak(grad: &[f64], lo: f64, hi: f64) -> (f64, f64) {
    (profile_index(lo)..=profile_index(hi))
        .map(|k| (profile_mm(k), grad[k]))
        .fold((lo, 0.0), |best, x| if x.1 > best.1 { x } else { best })
}

/// The offset (mm) of `mean_profile`'s output at index `k`.
fn profile_mm(k: usize) -> f64 {
    PROFILE_FIRST_MM + k as f64 * PROFILE_STEP_MM
}

/// The index in `mean_profile`'s output of the offset `mm` (an offset before the first, as the
/// table's window reaches when the card's edge is sought 3.4 mm out, saturates to index 0).
fn profile_index(mm: f64) -> usize {
    ((mm - PROFILE_FIRST_MM) / PROFILE_STEP_MM).round() as usize
}

/// The mean colour of `mean_profile`'s output from `lo` to `hi` mm.
fn profile_mean(mean: &[[f64; 3]], lo: f64, hi: f64) -> [f64; 3] {
    let (i, j) = (profile_index(lo), profile_index(hi));
    let mut m = [0.0; 3];
    for row in &mean[i..=j] {
        for c in 0..3 {
            m[c] += row[c] / (j - i + 1) as f64;
        }
    }
    m
}

/// How far (largest channel) what lies between the art's edge and the traced line must stand
/// from the stock for that edge to end the stock band (`art_start`).
const ART_APART: f64 = 0.1;

/// Where the art begins when the traced line runs inside it, on a print within the art: for a
/// card edge at `card` mm (on `mean_profile`'s offsets, of strength `g_card`), the first step
/// inward at least 0.8 mm inside it (nothing is printed within 1 mm of the card's edge) and half
/// as strong, kept when it lies 0.45 mm or more outside the line and what lies between it and the
/// line stands `ART_APART` from the stock in some channel. Else the line itself (0 mm). The step
/// is measured against the card edge's own strength (not the film's, which the plain test may
/// use as well): the art's edge must be a real step beside it. Over a grey table (seed 686 of the
/// second generator's tuning photos) a side traced 1.4 to 1.9 mm inside the edge of a beige art
/// (luma 0.66 to 0.69 against the stock's 0.79 to 0.80) was not moved out, because the art's own
/// edge lay in the stock band that must be plain. Until 6 December 2026 only art darker than the
/// stock (luma) counted: a side traced inside a pale blue frame line over white stock (second
/// generator, H43 1,008,823: the line under 0.1 darker, its red 0.2 apart) stayed 3.5 mm in.
/// Counting any channel: seen second-generator photos 2,600, +4, -0; first generator's 600, no
/// change; on the fresh H44, scored after, -1 (1,009,134: the left side moved out to the card's
/// edge, the outline then showed the laces with two sides still on a sea's edge about 1 mm in,
/// where before it showed none and was grown out to the card's, `grown_to_laces`).
fn art_start(mean: &[[f64; 3]], grad: &[f64], card: f64, g_card: f64) -> f64 {
    (profile_index(card + 0.8)..=profile_index(-0.35))
        .find(|&k| grad[k] >= 0.5 * g_card)
        .map(profile_mm)
        .filter(|&mm| {
            let between = profile_mean(mean, mm + 0.15, -0.15);
            mm <= -0.45
                && channel_diff(between, profile_mean(mean, card + 0.3, mm - 0.3)) >= ART_APART
        })
        .unwrap_or(0.0)
}

#[cfg(test)]
pub(crate) mod tests;
