//! A side traced on the art's edge, or on a frame line printed inside it, with the card's
//! unprinted stock still outside it. The card's border is light stock all round (nothing is
//! printed within 1 mm of its edge), so walking out from a right side one meets the film over the
//! table at once; walking out from a side traced on the art one crosses the art's last line (if
//! any), then a band of that stock, then the card's edge. Over a light grey table the stock and
//! the film differ mostly in hue (a warm cream against a cool grey), which the film check and the
//! second look can miss: a printed frame 2.4 mm inside the edge then passes for the card's edge
//! with its film (H57 1,011,619: that side agreed 0.92). Such a side moves out to where the stock
//! ends, when the film just outside at least two other sides can be told from the stock (so that
//! it can be on this photo at all); it is then doubted.

use image::RgbImage;

use crate::geom::Line;
use crate::stock_sides::{
    Across, BAND, FALL_OFF, OUTSIDE_MM, bands, line_along, median_of_four, profiles, sides_moved,
    window,
};

/// How far out (mm) the stock's band may begin beyond the traced side: past an art's frame line
/// and its blur.
const START_MM: f64 = 3.0;

/// The narrowest band of stock (mm) that counts: the contract leaves 1 mm unprinted, less blur.
const LEAST_BAND_MM: f64 = 0.8;

/// How far out (mm) a side may move: the art's border and a frame line inside it.
const MOVE_MM: (f64, f64) = (0.8, 5.5);

/// The most (mm) the moved side's two ends may differ in how far they moved: the card's edge
/// runs nearly parallel to the art's.
const SLANT_MM: f64 = 1.0;

/// How near in hue (largest share of a channel in the colour's sum) a colour must lie to the
/// stock to be stock, and how far apart two colours must lie in hue to be a step; the brightness
/// between them may step instead (`LIGHT_STEP`, as a ratio's logarithm: H56 1,011,586's stock
/// and film lie 0.117 apart, measured as 0.098 across the blurred step). (Seen photos of the
/// second generator, 3,000: at 0.1, 2,934 right; at 0.085, 2,936; at 0.07, three right sides
/// moved out.)
const HUE_SAME: f64 = 0.01;
const HUE_STEP: f64 = 0.012;
const LIGHT_STEP: f64 = 0.085;

/// A colour's hue as each channel's share of their sum.
fn hue(c: [f64; 3]) -> [f64; 3] {
    let s = (c[0] + c[1] + c[2]).max(1e-6);
    c.map(|v| v / s)
}

fn hue_diff(a: [f64; 3], b: [f64; 3]) -> f64 {
    crate::pixels::channel_diff(hue(a), hue(b))
}

fn light(c: [f64; 3]) -> f64 {
    (c[0] + c[1] + c[2]).max(1e-6)
}

/// Whether `c` is the stock (`stock`) in hue, lit up to `FALL_OFF` brighter or darker.
fn is_stock(c: [f64; 3], stock: [f64; 3]) -> bool {
    let lit = light(c) / light(stock);
    hue_diff(c, stock) <= HUE_SAME && (FALL_OFF..=1.0 / FALL_OFF).contains(&lit)
}

/// Whether two colours differ in hue (`HUE_STEP`) or in brightness (`LIGHT_STEP`).
fn stepped(a: [f64; 3], b: [f64; 3]) -> bool {
    hue_diff(a, b) > HUE_STEP || (light(a) / light(b)).ln().abs() > LIGHT_STEP
}

/// The mean colour from `a` to `b` mm outside the side (a < b).
fn out(prof: &[[f64; 3]], a: f64, b: f64) -> [f64; 3] {
    window(prof, -b, -a)
}

/// Where the stock outside a side ends on one profile (mm out): a band of stock
/// (`LEAST_BAND_MM`) beginning within `START_MM`, then the first place where the half mm beyond
/// steps away from the half mm before, and the mm beyond that steps away too; the step placed
/// where its hue changes most within half a mm (for a step in brightness alone, anywhere in that
/// half mm). None when no band of stock begins, or it fades out
/// with no step.
fn stock_end(prof: &[[f64; 3]], stock: [f64; 3]) -> Option<f64> {
    let mut t = 0.2;
    while !is_stock(out(prof, t, t + LEAST_BAND_MM), stock) {
        t += 0.1;
        if t > START_MM {
            return None;
        }
    }
    t += LEAST_BAND_MM;
    let last = OUTSIDE_MM - 1.2;
    while t <= last {
        let before = out(prof, t - 0.6, t - 0.1);
        if !is_stock(before, stock) {
            return None;
        }
        let (after, beyond) = (out(prof, t + 0.1, t + 0.6), out(prof, t + 0.6, t + 1.1));
        if stepped(before, after) && stepped(before, beyond) {
            let steep = |s: f64| hue_diff(out(prof, s - 0.4, s), out(prof, s, s + 0.4));
            let at = (0..=5)
                .map(|i| t + i as f64 * 0.1)
                .max_by(|a, b| steep(*a).total_cmp(&steep(*b)))?;
            return Some(at);
        }
        t += 0.1;
    }
    None
}

/// The line where the stock outside side `k` ends (`stock_end` on each profile, a robust line
/// through them, `stock_sides::line_along`), when it lies `MOVE_MM` out at both ends of the
/// side, its ends' moves within `SLANT_MM` of each other.
fn edge_out(side: &[Across], stock: [f64; 3], quad: &[[f64; 2]; 4], k: usize) -> Option<Line> {
    let pts: Vec<[f64; 2]> = side
        .iter()
        .filter_map(|(base, step, prof)| {
            let t = stock_end(prof, stock)?;
            Some([base[0] - step[0] * t, base[1] - step[1] * t])
        })
        .collect();
    let (line, ia, ib) = line_along(&pts, quad, k)?;
    // How far out (mm, against the side's inward normal) the line lies at each end of the side.
    let (ta, tb) = (-ia, -ib);
    let (lo, hi) = MOVE_MM;
    let within = |t: f64| (lo..=hi).contains(&t);
    (within(ta) && within(tb) && (ta - tb).abs() <= SLANT_MM).then_some(line)
}

/// The outline with each side that has a band of stock outside it moved out to where that stock
/// ends (`edge_out`), when the film can be told from the stock at two other sides: the band just
/// outside them (0.3 to 0.8 mm out) is not the stock's hue (the stock being the median of the
/// four sides' bands inside them, as `stock_sides`), or it steps away from the band just inside
/// them and the side itself has no stock inside it. A moved side agrees at most `MOVED_AGREE`.
/// None when no side moves or the moved lines do not meet.
pub fn moved_out(
    img: &RgbImage,
    (quad, agree): ([[f64; 2]; 4], [f64; 4]),
) -> Option<([[f64; 2]; 4], [f64; 4])> {
    let all: Vec<Vec<Across>> = (0..4).map(|k| profiles(img, &quad, k)).collect();
    let inner = bands(&all, BAND);
    let stock = median_of_four(&inner);
    let film = bands(&all, (-BAND.1, -BAND.0));
    sides_moved((quad, agree), |k| {
        // The film told from the stock at two other sides: by hue, or by a step from the stock
        // just inside them (a film of the stock's hue but darker), and then only for a side with
        // something other than the stock inside it, as a right side has the stock there.
        let others = |apart: &dyn Fn(usize) -> bool| (0..4).filter(|&j| j != k && apart(j)).count();
        let by_hue = others(&|j| !is_stock(film[j], stock)) >= 2;
        let by_step = others(&|j| stepped(inner[j], film[j])) >= 2 && !is_stock(inner[k], stock);
        if !(by_hue || by_step) {
            return None;
        }
        edge_out(&all[k], stock, &quad, k)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stock_sides::MOVED_AGREE;
    use image::Rgb;

    /// An upright card at 8 px/mm from (80, 80) px: cream stock, a brown frame line 1.9 to 2.4 mm
    /// inside the edge and the art (`art`) within it, the laces; film over the table 2.5 mm round
    /// it (`film`), its bright cut edge, and the table beyond (`table`).
    fn framed_card(art: [u8; 3], film: [u8; 3], table: [u8; 3]) -> RgbImage {
        RgbImage::from_fn(640, 880, |x, y| {
            let (u, v) = ((x as f64 + 0.5 - 80.0) / 8.0, (y as f64 + 0.5 - 80.0) / 8.0);
            let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
            let c: [u8; 3] = match () {
                _ if outside <= 0.0 && crate::laces::on_laces(u, v, 0.0) => [90, 50, 20],
                _ if outside <= -2.4 => art,
                _ if outside <= -1.9 => [140, 120, 95],
                _ if outside <= 0.0 => [201, 193, 180],
                _ if outside <= 2.3 => film,
                _ if outside <= 2.6 => [225, 225, 228],
                _ => table,
            };
            Rgb(c)
        })
    }

    const PARCHMENT: [u8; 3] = [188, 186, 174];
    const SEA: [u8; 3] = [171, 192, 209];

    const CARD: [[f64; 2]; 4] = [[80.0, 80.0], [560.0, 80.0], [560.0, 800.0], [80.0, 800.0]];

    /// The outline with its left side traced on the frame line's inner edge, 2.4 mm in.
    const ON_FRAME: [[f64; 2]; 4] = [[99.2, 80.0], [560.0, 80.0], [560.0, 800.0], [99.2, 800.0]];

    /// `ON_FRAME` moved out on `img`, every corner within 3 px of the card's: the agreements.
    fn moved_to_the_card(img: &RgbImage) -> [f64; 4] {
        let (got, agree) = moved_out(img, (ON_FRAME, [1.0; 4])).expect("moved");
        for (g, t) in got.iter().zip(CARD) {
            assert!((g[0] - t[0]).hypot(g[1] - t[1]) < 3.0, "{got:?}");
        }
        agree
    }

    #[test]
    fn a_side_on_a_frame_line_moves_out_to_where_the_stock_ends() {
        // A light grey table whose film differs from the cream stock mostly in hue: at most
        // 0.06 in any channel, under the film check's and `stock_sides`' steps.
        let img = framed_card(PARCHMENT, [189, 190, 195], [192, 193, 198]);
        let agree = moved_to_the_card(&img);
        assert!(
            agree[3] <= MOVED_AGREE && agree[..3] == [1.0; 3],
            "{agree:?}"
        );
        // The right outline has film, not stock, outside every side.
        assert_eq!(moved_out(&img, (CARD, [1.0; 4])), None);
    }

    #[test]
    fn no_side_moves_where_the_film_looks_like_the_stock() {
        // Film the stock's hue and brightness (a cream cloth under it) and a dark table beyond:
        // walking out from the traced side, the stock runs on over the film to its cut edge, a
        // step 4.7 mm out. The film outside the right sides is the stock's, so a band of stock
        // outside a side says nothing, and no side moves.
        for art in [PARCHMENT, SEA] {
            let img = framed_card(art, [203, 195, 182], [90, 80, 70]);
            assert_eq!(moved_out(&img, (ON_FRAME, [1.0; 4])), None);
        }
    }

    #[test]
    fn a_side_on_the_art_moves_out_where_the_film_is_only_darker_than_the_stock() {
        // Film over the table in the stock's own hue, 0.87 times as bright (H56 1,011,586): the
        // stock steps down to it at each right side, and the traced side has a blue sea inside.
        let img = framed_card(SEA, [175, 168, 157], [178, 171, 160]);
        let agree = moved_to_the_card(&img);
        assert!(agree[3] <= MOVED_AGREE, "{agree:?}");
        assert_eq!(moved_out(&img, (CARD, [1.0; 4])), None);
        // Parchment inside the traced side is the stock's hue: nothing says the side is on the
        // art rather than on the card's edge with a darker film beyond.
        let img = framed_card(PARCHMENT, [175, 168, 157], [178, 171, 160]);
        assert_eq!(moved_out(&img, (ON_FRAME, [1.0; 4])), None);
    }
}
