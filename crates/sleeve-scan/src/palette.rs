//! The card's outline as what the table is not, for a table whose own edges break every other
//! stage (a checked cloth: each check is closed by edges, and its long straight lines outvote
//! the card's). The table's colours are learnt from the photo's border, which the card seldom
//! fills; the table is everything the border reaches through pixels of those colours, whatever
//! edges lie between them; the card is the largest region left. A card whose stock matches the
//! table (parchment on light wood) leaves no region here, and the other stages read it.

use image::RgbImage;

use crate::outline::unreached;
use crate::scan::{Coarse, region_candidates};

/// Brightness steps of 15 % and tint steps of 0.05 of (brightness + 16). The table's colours are
/// widened by one step each way, so a table seen up to 15 to 30 % lighter or darker than on the
/// border still passes; where light falls off more than that the flood stops short, and the
/// region left takes in table with the card (its outline is refined and judged like any other,
/// or refused as no card's shape).
const LIGHT_STEP: f64 = 1.15;
const TINT_STEP: f64 = 0.05;
const LIGHTS: usize = 42;
const TINTS: usize = 121;

/// A colour's bin: brightness on a log scale, then two tints relative to the brightness (red
/// against green, yellow against blue), so a check seen darker keeps its bin's tints.
fn bin(p: [u8; 3]) -> usize {
    let [r, g, b] = p.map(f64::from);
    let l = (r + g + b) / 3.0;
    let light = ((l + 8.0).ln() / LIGHT_STEP.ln()) as usize;
    let tint = |t: f64| ((t / (l + 16.0) / TINT_STEP).round() as i64 + 60).clamp(0, 120) as usize;
    (light.min(LIGHTS - 1) * TINTS + tint(r - g)) * TINTS + tint((r + g) / 2.0 - b)
}

/// The table's colours: the bins of the photo's border frame (2 % of the shorter side) that
/// hold at least 0.1 % of it, widened by one step every way.
fn table_colours(small: &RgbImage) -> Vec<bool> {
    let (w, h) = (small.width(), small.height());
    let frame = (w.min(h) / 50).max(2);
    let mut count = vec![0u32; LIGHTS * TINTS * TINTS];
    let mut n = 0u32;
    for (x, y, p) in small.enumerate_pixels() {
        if x < frame || y < frame || x + frame >= w || y + frame >= h {
            count[bin(p.0)] += 1;
            n += 1;
        }
    }
    let least = (n / 1000).max(2);
    let mut colours = vec![false; count.len()];
    for (i, _) in count.iter().enumerate().filter(|(_, c)| **c >= least) {
        let (light, rest) = (i / (TINTS * TINTS), i % (TINTS * TINTS));
        let (a, b) = (rest / TINTS, rest % TINTS);
        for l in light.saturating_sub(1)..=(light + 1).min(LIGHTS - 1) {
            for a in a.saturating_sub(1)..=(a + 1).min(TINTS - 1) {
                for b in b.saturating_sub(1)..=(b + 1).min(TINTS - 1) {
                    colours[(l * TINTS + a) * TINTS + b] = true;
                }
            }
        }
    }
    colours
}

/// The largest region the table's colours do not reach from the border (set pixels), on the
/// reduced colour copy `small`.
fn not_table(small: &RgbImage) -> Option<image::GrayImage> {
    let colours = table_colours(small);
    let raw = small.as_raw();
    let pass = |i: usize| colours[bin([raw[3 * i], raw[3 * i + 1], raw[3 * i + 2]])];
    unreached(small.width() as usize, small.height() as usize, pass)
}

/// Coarse outlines of `not_table`, on the reduced colour copy `small` (`outline::reduce_rgb`,
/// factor `f`).
pub fn palette_candidates(small: &RgbImage, f: u32) -> Vec<Coarse> {
    not_table(small)
        .and_then(|r| region_candidates(&r, f))
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A reduced copy of a checked cloth (squares of 24 px, light and near-black, darkening
    /// towards the right as light falls off) with a parchment card turned 20° on it.
    fn checked_with_card(card: Rgb<u8>) -> (RgbImage, [[f64; 2]; 4]) {
        let (c, s) = (20f64.to_radians().cos(), 20f64.to_radians().sin());
        let (cx, cy, hw, hh) = (200.0, 150.0, 50.0, 75.0);
        let corners = [[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]]
            .map(|[x, y]| [cx + x * c - y * s, cy + x * s + y * c]);
        let img = RgbImage::from_fn(400, 300, |x, y| {
            let (dx, dy) = (x as f64 - cx, y as f64 - cy);
            let (u, v) = (dx * c + dy * s, -dx * s + dy * c);
            if u.abs() < hw && v.abs() < hh {
                return card;
            }
            let fall = 1.0 - 0.25 * x as f64 / 400.0;
            let level = if (x / 24 + y / 24) % 2 == 0 {
                205.0
            } else {
                35.0
            };
            Rgb([(level * fall) as u8; 3])
        });
        (img, corners)
    }

    #[test]
    fn a_card_on_a_checked_cloth_is_what_the_table_is_not() {
        let (img, truth) = checked_with_card(Rgb([226, 206, 166]));
        let fits = |quad: &[[f64; 2]; 4]| {
            truth
                .iter()
                .all(|t| quad.iter().any(|q| (q[0] - t[0]).hypot(q[1] - t[1]) < 3.0))
        };
        // The checks close on themselves: the colour-edge flood stops at every one of them.
        let edges = crate::outline::edge_candidates(&img, 1);
        assert!(!edges.iter().flat_map(|c| &c.candidates).any(fits));
        let found = palette_candidates(&img, 1);
        let quad = found.first().expect("a region").candidates[0];
        assert!(fits(&quad), "{truth:?} not found in {quad:?}");
    }

    #[test]
    fn a_card_in_the_table_s_own_colours_leaves_no_region() {
        let (img, _) = checked_with_card(Rgb([205, 205, 205]));
        assert!(palette_candidates(&img, 1).is_empty());
    }
}
