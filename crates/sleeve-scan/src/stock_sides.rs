//! A side traced on a table's line outside the card: on a checked cloth a check's edge can run
//! beside the card a millimetre or more out, and an outline that still shows the laces may take
//! it for one side. The card's unprinted border is light stock all round (nothing is printed
//! within 1 mm of its edge), so just inside every right side lies stock of one colour; just
//! inside a side traced out on the table lies table or film. Such a side, when it is already
//! doubted (by the film margin check, or because the stage the outline came from caps every
//! side), moves in to where, walking inward, the stock begins along it, and stays doubted. Sure
//! sides are left alone: light falls off across the card, and the stock's colour is compared
//! between sides (the median of all four, which two wrong sides would spoil). A doubted side's
//! band that is that stock in one hue, lit up to 30 % brighter or darker, is stock too.

use image::RgbImage;

use crate::geom::{Line, line_through, ransac_line, side_frame, side_px_per_mm};
use crate::pixels::channel_diff as diff;
use crate::scan::rgb_at;

/// Places along each side (its middle 76 %) the stock is looked for at.
const PLACES: usize = 32;

/// The band just inside a side that is its stock when the side is right (mm).
pub(crate) const BAND: (f64, f64) = (0.3, 0.8);

/// How far (largest channel, 0..1) a side's band may lie from the stock's colour and still be
/// stock, and how far the colour just outside where the stock begins must lie from it.
const SAME: f64 = 0.06;
const APART: f64 = 0.12;

/// How far in (mm) the stock is sought, and the least move that counts.
const REACH_MM: f64 = 14.0;
const LEAST_MM: f64 = 1.0;

/// The share of the places that must put the stock's start on one line.
const ON_LINE: f64 = 0.4;

/// The most each moved side agrees: under the card's doubt threshold.
pub(crate) const MOVED_AGREE: f64 = 0.85;
const _: () = assert!(MOVED_AGREE < crate::scan::DOUBT_CARD);

/// How far outside a side (mm) its profiles start: far enough for the card's edge beyond a side
/// traced on the art (`stock_out`).
pub(crate) const OUTSIDE_MM: f64 = 6.5;

/// One place across a side: its point on the side, the inward normal in pixels per mm, and the
/// colours from `OUTSIDE_MM` outside to `REACH_MM` inside, every 0.1 mm.
pub(crate) type Across = ([f64; 2], [f64; 2], Vec<[f64; 3]>);

fn mean(cs: &[[f64; 3]]) -> [f64; 3] {
    let mut m = [0.0; 3];
    for c in cs {
        for i in 0..3 {
            m[i] += c[i] / cs.len().max(1) as f64;
        }
    }
    m
}

/// The colours across side `k` of `quad` at `PLACES` places, from `OUTSIDE_MM` outside to
/// `REACH_MM` inside, every 0.1 mm, with the place's point on the side and the inward normal
/// scaled to pixels per mm.
pub(crate) fn profiles(img: &RgbImage, quad: &[[f64; 2]; 4], k: usize) -> Vec<Across> {
    let (a, b) = (quad[k], quad[(k + 1) % 4]);
    let mm = side_px_per_mm(quad, k);
    let (_, n) = side_frame(quad, k);
    let step = [n[0] * mm, n[1] * mm];
    (0..PLACES)
        .map(|i| {
            let s = 0.12 + 0.76 * (i as f64 + 0.5) / PLACES as f64;
            let base = [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s];
            let prof = (0..=((REACH_MM + OUTSIDE_MM) * 10.0) as usize)
                .map(|j| {
                    let d = j as f64 / 10.0 - OUTSIDE_MM;
                    rgb_at(img, base[0] + step[0] * d, base[1] + step[1] * d)
                })
                .collect();
            (base, step, prof)
        })
        .collect()
}

/// The mean colour of a profile from `lo` to `hi` mm inside (negative: outside).
pub(crate) fn window(prof: &[[f64; 3]], lo: f64, hi: f64) -> [f64; 3] {
    let at = |mm: f64| (((mm + OUTSIDE_MM) * 10.0).round().max(0.0) as usize).min(prof.len() - 1);
    mean(&prof[at(lo)..=at(hi)])
}

/// The outline with each doubted side (agreeing under the card's doubt threshold) whose inner
/// band lies `APART` from the stock the other sides show moved in to where the stock begins
/// along it, when that start lies on a line (`ON_LINE` of the places) `LEAST_MM` to `REACH_MM`
/// inside at both ends; the moved sides agree at most `MOVED_AGREE`. The stock's colour is the
/// median of the four sides' bands (the middle two of four). None when no side moves or the
/// moved lines do not meet.
pub fn moved_in(
    img: &RgbImage,
    (quad, agree): ([[f64; 2]; 4], [f64; 4]),
) -> Option<([[f64; 2]; 4], [f64; 4])> {
    let all: Vec<_> = (0..4).map(|k| profiles(img, &quad, k)).collect();
    let bands = bands(&all, BAND);
    let stock = median_of_four(&bands);
    sides_moved((quad, agree), |k| {
        if agree[k] >= crate::scan::DOUBT_CARD || !unlike_stock(bands[k], stock) {
            return None;
        }
        stock_start(&all[k], stock, &quad, k)
    })
}

/// The outline with each side `k` for which `line_for(k)` gives a line moved onto it, agreeing at
/// most `MOVED_AGREE`; the other sides as they came. None when no side moves or the lines do not
/// meet.
pub(crate) fn sides_moved(
    (quad, agree): ([[f64; 2]; 4], [f64; 4]),
    mut line_for: impl FnMut(usize) -> Option<Line>,
) -> Option<([[f64; 2]; 4], [f64; 4])> {
    let mut lines = [([0.0; 2], [0.0; 2]); 4];
    for (k, line) in lines.iter_mut().enumerate() {
        *line = line_through(quad[k], quad[(k + 1) % 4])?;
    }
    let mut out_agree = agree;
    let mut moved = false;
    for k in 0..4 {
        if let Some(line) = line_for(k) {
            lines[k] = line;
            out_agree[k] = out_agree[k].min(MOVED_AGREE);
            moved = true;
        }
    }
    if !moved {
        return None;
    }
    Some((crate::geom::corners_where(&lines, 1e-6)?, out_agree))
}

/// Each side's mean colour over its places from `lo` to `hi` mm inside (negative: outside).
pub(crate) fn bands(all: &[Vec<Across>], (lo, hi): (f64, f64)) -> Vec<[f64; 3]> {
    all.iter()
        .map(|side| {
            let each: Vec<[f64; 3]> = side.iter().map(|(_, _, p)| window(p, lo, hi)).collect();
            mean(&each)
        })
        .collect()
}

/// The median of four sides' colours, channel by channel (the middle two's mean): the stock's
/// colour when the bands are the ones just inside the sides (`BAND`).
pub(crate) fn median_of_four(bands: &[[f64; 3]]) -> [f64; 3] {
    std::array::from_fn(|c| {
        let mut v: Vec<f64> = bands.iter().map(|b| b[c]).collect();
        v.sort_by(f64::total_cmp);
        (v[1] + v[2]) / 2.0
    })
}

/// How much darker or lighter (a factor) the stock may look at one side than the median of the
/// four: the contract lets light fall off by up to 30 % across the card.
pub(crate) const FALL_OFF: f64 = 0.7;

/// How near (largest channel) a side's band must lie to the stock scaled to the band's
/// brightness to be the same stock lit differently. Far tighter than `APART`: a grey-green table
/// 0.63 times as bright as a cream stock lies 0.043 from it so scaled (1,000,199).
const LIT_SAME: f64 = 0.025;

/// For each side of `quad`, the share of its places whose band just inside (`BAND`) is the stock
/// the four sides show (their bands' median), lit as it may be (`unlike_stock`).
pub(crate) fn stock_shares(img: &RgbImage, quad: &[[f64; 2]; 4]) -> [f64; 4] {
    let all: Vec<_> = (0..4).map(|j| profiles(img, quad, j)).collect();
    let stock = median_of_four(&bands(&all, BAND));
    std::array::from_fn(|k| {
        let like = all[k]
            .iter()
            .filter(|(_, _, p)| !unlike_stock(window(p, BAND.0, BAND.1), stock))
            .count();
        like as f64 / all[k].len().max(1) as f64
    })
}

/// Whether a side's band is not the stock: `APART` from it in some channel, and not the same
/// stock lit up to `FALL_OFF` brighter or darker (`LIT_SAME`), so the lit side of a card whose
/// light falls off (H49 1,010,073: bands from 0.75 to 0.56 in red, one hue) keeps its stock.
fn unlike_stock(band: [f64; 3], stock: [f64; 3]) -> bool {
    let (b, s) = (band.iter().sum::<f64>(), stock.iter().sum::<f64>());
    let lit = b / s.max(1e-9);
    let relit = (FALL_OFF..=1.0 / FALL_OFF).contains(&lit)
        && diff(band, stock.map(|c| c * lit)) <= LIT_SAME;
    diff(band, stock) > APART && !relit
}

/// Where, walking inward from side `k`, the stock begins along it: on each profile the first
/// offset from `LEAST_MM` on whose next half mm the colour is the stock's (`SAME`) while the
/// half mm before it is not (`APART`); a robust line through those points, kept when it holds
/// `ON_LINE` of the places and lies, along the side's inward normal, at most `REACH_MM` inside
/// at both ends of the side, at least `LEAST_MM` inside at one of them, and no more than 1 mm
/// outside at the other (a table's line crossing the card's edge near one corner, and the
/// trace's slack).
fn stock_start(side: &[Across], stock: [f64; 3], quad: &[[f64; 2]; 4], k: usize) -> Option<Line> {
    let pts: Vec<[f64; 2]> = side
        .iter()
        .filter_map(|(base, step, prof)| {
            let mut d = LEAST_MM;
            while d <= REACH_MM - 0.6 {
                let inside = window(prof, d + 0.1, d + 0.6);
                let before = window(prof, d - 0.6, d - 0.1);
                if diff(inside, stock) <= SAME && diff(before, stock) > APART {
                    return Some([base[0] + step[0] * d, base[1] + step[1] * d]);
                }
                d += 0.1;
            }
            None
        })
        .collect();
    let (line, ta, tb) = line_along(&pts, quad, k)?;
    let inside = |t: f64| (-1.0..=REACH_MM).contains(&t);
    (inside(ta) && inside(tb) && ta.max(tb) >= LEAST_MM).then_some(line)
}

/// A robust line through points found along side `k` of `quad` (one a place at most), kept when
/// it holds `ON_LINE` of the places: the line, and how far in (mm, along the side's inward
/// normal) it lies at each of the side's two ends.
pub(crate) fn line_along(
    pts: &[[f64; 2]],
    quad: &[[f64; 2]; 4],
    k: usize,
) -> Option<(Line, f64, f64)> {
    let mm = side_px_per_mm(quad, k);
    let (line, inliers) = ransac_line(pts, (0.3 * mm).max(1.5))?;
    if (inliers as f64) < ON_LINE * PLACES as f64 {
        return None;
    }
    let (_, n) = side_frame(quad, k);
    let (o, d) = line;
    let cross = |u: [f64; 2], v: [f64; 2]| u[0] * v[1] - u[1] * v[0];
    let nd = cross(n, d);
    if nd.abs() < 1e-9 {
        return None;
    }
    let inward = |p: [f64; 2]| cross([o[0] - p[0], o[1] - p[1]], d) / nd / mm;
    Some((line, inward(quad[k]), inward(quad[(k + 1) % 4])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// An upright card at 8 px/mm from (80, 80) px, light stock 1.5 mm wide round a green art,
    /// the laces; a dark table and film round it, except above a line 4 mm over its top edge,
    /// where the table is light: a side traced on that line has dark table, not stock, inside.
    fn card_under_a_table_line() -> RgbImage {
        lit_card_under_a_table_line(0.0, [70, 80, 90])
    }

    /// `card_under_a_table_line` with the light falling off by `fall` from its left edge to its
    /// right, and the dark table `table`.
    fn lit_card_under_a_table_line(fall: f64, table: [u8; 3]) -> RgbImage {
        RgbImage::from_fn(640, 880, |x, y| {
            let (u, v) = ((x as f64 + 0.5 - 80.0) / 8.0, (y as f64 + 0.5 - 80.0) / 8.0);
            let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
            let lace = crate::laces::on_laces(u, v, 0.0);
            let c: [u8; 3] = match () {
                _ if outside <= 0.0 && lace => [90, 50, 20],
                _ if outside <= -1.5 => [150, 180, 140],
                _ if outside <= 0.0 => [236, 228, 210],
                _ if outside <= 2.5 => [92, 100, 110],
                _ if v < -4.0 => [205, 205, 205],
                _ => table,
            };
            let light = 1.0 - fall * (u / 60.0).clamp(0.0, 1.0);
            Rgb(c.map(|c| (c as f64 * light).round() as u8))
        })
    }

    const CARD: [[f64; 2]; 4] = [[80.0, 80.0], [560.0, 80.0], [560.0, 800.0], [80.0, 800.0]];

    #[test]
    fn a_doubted_side_on_a_table_line_outside_the_card_moves_in_to_the_stock() {
        let img = card_under_a_table_line();
        // The top side traced on the table's line, 4 mm out, and doubted.
        let out = [[80.0, 48.0], [560.0, 48.0], [560.0, 800.0], [80.0, 800.0]];
        let (got, agree) = moved_in(&img, (out, [0.5, 1.0, 1.0, 1.0])).expect("moved");
        for (g, t) in got.iter().zip(CARD) {
            assert!((g[0] - t[0]).hypot(g[1] - t[1]) < 3.0, "{got:?}");
        }
        assert!(
            agree[0] <= MOVED_AGREE && agree[1..] == [1.0; 3],
            "{agree:?}"
        );
        // Taken for sure, the side stays; the right outline has stock inside every side.
        assert_eq!(moved_in(&img, (out, [1.0; 4])), None);
        assert_eq!(moved_in(&img, (CARD, [0.5; 4])), None);
    }

    #[test]
    fn the_stock_on_the_lit_side_of_a_card_is_stock() {
        // Light falling off by 28 % across the card: the left side's stock is a third lighter
        // than the right's, and a fifth lighter than the four sides' median, one hue throughout.
        let img = lit_card_under_a_table_line(0.28, [70, 80, 90]);
        assert_eq!(moved_in(&img, (CARD, [0.5; 4])), None);
        // A side on the table's line still moves in, lit as it is; so does one over a grey-green
        // table about 0.6 times as bright as the stock, which no change of light makes stock.
        let out = [[80.0, 48.0], [560.0, 48.0], [560.0, 800.0], [80.0, 800.0]];
        for table in [[70, 80, 90], [128, 146, 136]] {
            let img = lit_card_under_a_table_line(0.28, table);
            let (got, _) = moved_in(&img, (out, [0.5, 1.0, 1.0, 1.0])).expect("moved");
            for (g, t) in got.iter().zip(CARD) {
                assert!((g[0] - t[0]).hypot(g[1] - t[1]) < 3.0, "{got:?}");
            }
        }
    }
}
