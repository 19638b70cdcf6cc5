//! A side turned about one of its corners. Near a corner a dark area, a road or a check of the
//! table can meet the card's edge at a small angle, and the side traced along the card's edge
//! at one end then runs off along that line: in over the art, or out over the table. The film
//! margin check cannot bring it back, since its profiles reach only 7 mm out and 3 mm in, and at
//! the far end the card's edge lies further off than that. What gives such a side away is the
//! card's unprinted stock (`stock_sides`): just inside a right side it lies all along, just
//! inside a turned one only near one end. A doubted side with the stock just inside at few of its
//! places is tried turned: its far corner put at set distances along its other side's line, each
//! trial checked against the film margin again. A trial's line is taken only if it has the stock
//! just inside nearly all along; it stays doubted.

use image::RgbImage;

use crate::geom::{Line, line_through, side_frame, side_px_per_mm};
use crate::scan::DOUBT_CARD;
use crate::stock_sides::{sides_moved, stock_shares};

/// A doubted side is tried turned when it has the stock just inside at no more than
/// `FEW_STOCK` of its places; a trial's line is taken only with the stock just inside at
/// `NEW_STOCK` of its places. (Tried without the stock, on 2,400 of the second generator's seen
/// photos, 1,000,000-399 and H45-H53, the stage took 16 right sides off the card's edge: there
/// the old side had the stock inside at 97 to 100 % of its places and the new one at 0 to 81 %;
/// on the two it turned back right, H59's 1,012,044 and 1,012,121, 9 and 25 % before and 100 %
/// after.)
const FEW_STOCK: f64 = 0.5;
const NEW_STOCK: f64 = 0.9;

/// How far (mm, square to the side, inward positive) the far corner is put for each trial: the
/// film margin check then finds the card's edge within 7 mm outside or 3 mm inside, so trials
/// about 4 mm apart leave no gap.
const REACH_MM: [f64; 10] = [-20.0, -15.0, -11.0, -7.0, -3.5, 3.5, 7.0, 11.0, 15.0, 20.0];

/// The least a trial's turned side must agree with its profiles: the stock is the stronger
/// evidence. (Seen second-generator photos, 3,400: tried only on the side that agrees least,
/// under 0.75, and taken from 0.6, 3,328 right; tried on every doubted side and taken from 0.3,
/// 3,332, none lost. H47's 1,009,746 and H49's 1,010,133, doubted at 0.85 before, turned back
/// onto edges whose trials agree 0.21 to 0.35 and 0.29 to 0.42.)
const LEAST_AGREE: f64 = 0.3;

/// The least a corner must move (mm) for a new line to count: else it is the same outline.
const LEAST_MOVE_MM: f64 = 1.0;

/// The most a turned side agrees: under the card's doubt threshold.
const TURNED_AGREE: f64 = 0.85;
const _: () = assert!(TURNED_AGREE < DOUBT_CARD);

/// The outline with one doubted side turned back (see the module's note): of the doubted sides
/// with the stock just inside at no more than `FEW_STOCK` of their places, the first, fewest
/// first, that a trial turns back (`turn`). The other sides stay as they were; the turned one
/// agrees at most `TURNED_AGREE`.
pub(crate) fn turned(
    img: &RgbImage,
    (quad, agree): ([[f64; 2]; 4], [f64; 4]),
) -> Option<([[f64; 2]; 4], [f64; 4])> {
    if agree.iter().all(|&a| a >= DOUBT_CARD) {
        return None;
    }
    let shares = stock_shares(img, &quad);
    let mut sides: Vec<usize> = (0..4)
        .filter(|&k| agree[k] < DOUBT_CARD && shares[k] <= FEW_STOCK)
        .collect();
    sides.sort_by(|&a, &b| shares[a].total_cmp(&shares[b]));
    sides.into_iter().find_map(|k| {
        let (out, got) = turn(img, &quad, k)?;
        let mut agree = agree;
        agree[k] = got.min(TURNED_AGREE);
        Some((out, agree))
    })
}

/// Side `k` of `quad` turned back by a trial (`trials`): its check's line for that side agrees
/// at least `LEAST_AGREE`, has the stock just inside at `NEW_STOCK` of its places, and moves a
/// corner at least `LEAST_MOVE_MM`. Of those, the one that agrees most, with its agreement.
fn turn(img: &RgbImage, quad: &[[f64; 2]; 4], k: usize) -> Option<([[f64; 2]; 4], f64)> {
    trials(quad, k)
        .into_iter()
        .filter_map(|q| {
            let (got, got_agree) = crate::outline::film_sides(img, q)?;
            let side = line_through(got[k], got[(k + 1) % 4])?;
            let (out, moved) = with_side(quad, k, side)?;
            (got_agree[k] >= LEAST_AGREE
                && moved >= LEAST_MOVE_MM
                && stock_shares(img, &out)[k] >= NEW_STOCK)
                .then_some((out, got_agree[k]))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The trial outlines for side `k` of `quad`: each of its two corners in turn kept, the other
/// moved along its other side's line so that it lies `REACH_MM` square to side `k` off where it
/// was.
fn trials(quad: &[[f64; 2]; 4], k: usize) -> Vec<[[f64; 2]; 4]> {
    let px = side_px_per_mm(quad, k);
    let (_, nrm) = side_frame(quad, k);
    let mut out = Vec::new();
    for far in [k, (k + 1) % 4] {
        // The far corner's other side runs to `end`.
        let end = if far == k {
            quad[(k + 3) % 4]
        } else {
            quad[(k + 2) % 4]
        };
        let (dx, dy) = (quad[far][0] - end[0], quad[far][1] - end[1]);
        let len = dx.hypot(dy);
        let u = [dx / len, dy / len];
        // A far side nearly along side `k` (under about 17 degrees across it) would carry the
        // corner far off for each millimetre of move: no trials there.
        let across = u[0] * nrm[0] + u[1] * nrm[1];
        if across.abs() < 0.3 {
            continue;
        }
        for mm in REACH_MM {
            let s = mm * px / across;
            let mut q = *quad;
            q[far] = [quad[far][0] + u[0] * s, quad[far][1] + u[1] * s];
            out.push(q);
        }
    }
    out
}

/// The outline with side `k` on `side` and the other three sides as they were
/// (`stock_sides::sides_moved`), with how far (mm) its corners moved at most: `None` when the
/// lines do not meet.
fn with_side(quad: &[[f64; 2]; 4], k: usize, side: Line) -> Option<([[f64; 2]; 4], f64)> {
    let (out, _) = sides_moved((*quad, [0.0; 4]), |j| (j == k).then_some(side))?;
    let moved = (0..4)
        .map(|c| (out[c][0] - quad[c][0]).hypot(out[c][1] - quad[c][1]))
        .fold(0.0, f64::max);
    Some((out, moved / side_px_per_mm(quad, k)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// An upright card at 8 px/mm from (80, 80) px: light stock 1.5 mm wide round a green art,
    /// the laces; the film 2.5 mm round it a little lighter than the table (`table`), and its
    /// bright cut edge. With `bled`, the art runs to the card's right edge on its lower half.
    fn card(table: [u8; 3], bled: bool) -> RgbImage {
        RgbImage::from_fn(640, 880, |x, y| {
            let (u, v) = ((x as f64 + 0.5 - 80.0) / 8.0, (y as f64 + 0.5 - 80.0) / 8.0);
            let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
            let art =
                outside <= -1.5 || bled && outside <= 0.0 && u > 50.0 && (45.0..88.0).contains(&v);
            let c: [u8; 3] = match () {
                _ if outside <= 0.0 && crate::laces::on_laces(u, v, 0.0) => [90, 50, 20],
                _ if art => [120, 160, 110],
                _ if outside <= 0.0 => [236, 228, 210],
                _ if outside <= 2.3 => table.map(|c| c.saturating_add(14)),
                _ if outside <= 2.6 => [160, 165, 170],
                _ => table,
            };
            Rgb(c)
        })
    }

    const DARK: [u8; 3] = [70, 78, 88];

    const CARD: [[f64; 2]; 4] = [[80.0, 80.0], [560.0, 80.0], [560.0, 800.0], [80.0, 800.0]];

    /// The card's outline with its right side kept at its top corner and its bottom corner moved
    /// `dx` px along the bottom side: 8 mm is 64 px.
    fn turned_right_side(dx: f64) -> [[f64; 2]; 4] {
        [
            [80.0, 80.0],
            [560.0, 80.0],
            [560.0 + dx, 800.0],
            [80.0, 800.0],
        ]
    }

    #[test]
    fn a_side_turned_in_over_the_art_or_out_over_the_table_turns_back() {
        let img = card(DARK, false);
        for dx in [-64.0, 64.0] {
            let (got, agree) =
                turned(&img, (turned_right_side(dx), [1.0, 0.5, 1.0, 1.0])).expect("turned");
            let near = got
                .iter()
                .zip(CARD)
                .all(|(g, t)| (g[0] - t[0]).hypot(g[1] - t[1]) < 3.0);
            assert!(near, "{dx}: {got:?}");
            assert!(agree[1] <= TURNED_AGREE && agree[0] == 1.0, "{agree:?}");
        }
    }

    #[test]
    fn a_sure_side_is_not_turned() {
        // The turned side agrees 0.95, over the card's doubt threshold: sure, so never tried.
        let img = card(DARK, false);
        let agree = [1.0, 0.95, 1.0, 1.0];
        assert_eq!(turned(&img, (turned_right_side(-64.0), agree)), None);
    }

    #[test]
    fn a_side_with_the_stock_inside_is_not_tried() {
        // Over a table the stock's own colour, a side turned out over it has "stock" inside all
        // along: nothing tells it from a right one.
        let img = card([236, 228, 210], false);
        assert_eq!(
            turned(&img, (turned_right_side(64.0), [1.0, 0.5, 1.0, 1.0])),
            None
        );
    }

    #[test]
    fn a_line_without_the_stock_inside_is_not_taken() {
        // The art runs to the card's right edge on its lower half: the right edge, seen from a
        // side turned in over the art, has the stock inside at only half its places.
        let img = card(DARK, true);
        assert_eq!(
            turned(&img, (turned_right_side(-64.0), [1.0, 0.5, 1.0, 1.0])),
            None
        );
    }
}
