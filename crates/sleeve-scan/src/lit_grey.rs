//! A dark area that glare lit to grey, seen by a Hook ring over it: the film's dark red keeps a
//! lead over the grey round it (`grey_lead`), and the ring's inside is that grey
//! (`on_lit_grey`). Glare adds the same white light to the near-black print and to the red film
//! over it, so no ratio of red survives and the area's darkness is gone, but its colour stays
//! neutral while the map's art is coloured. The red test reads such rings with the thin-film
//! ones (`rings`), flagged hidden: the inside's grey is the area's.

use image::RgbImage;

use crate::pixels::{chroma, luma};
use crate::scan::{Hook, PX_PER_MM};

/// The most a ring of red film read over lit grey is trusted: its red is faint, so it is named
/// as a doubt.
pub const GREY_FILM_CONF: f64 = 0.55;

/// The median chroma under which a ring's inside reads as neutral grey. Inside nine hidden rings
/// under glare on the second generator's photos it measured 0.008 to 0.024; inside seven rings
/// that are not hidden, over pale art dimmed by light fall-off and vignetting, 0.027 to 0.039.
pub const GREY_CHROMA: f64 = 0.025;

/// The chroma under which the mean colour round a pixel (the ring's red stroke among it) is
/// neutral enough for `grey_lead`: the hidden facts' washed-grey bound.
const UNDER_CHROMA: f64 = crate::hidden::WASHED_CHROMA;

/// The lightest grey (luma) a lit dark area reaches: glare lifts the near-black print by at most
/// about 0.6, while the map's paper under glare is lighter still.
pub const GREY_LUMA: f64 = 0.75;

/// How far red leads over a grey a dark area turns to under glare (`under`, the mean colour round
/// the pixel, neutral under `UNDER_CHROMA` and no lighter than `GREY_LUMA`): red keeps a lead of
/// 0.06 or more over green and blue, which stay within half that lead of each other (a red's
/// hue). The figure is the lead over 0.12, at most 1.
pub fn grey_lead(c: [f64; 3], under: [f32; 3]) -> f64 {
    let under = under.map(f64::from);
    let lead = c[0] - c[1].max(c[2]);
    let grey = chroma(under) < UNDER_CHROMA && luma(under) <= GREY_LUMA;
    if !grey || lead < 0.06 || (c[1] - c[2]).abs() > 0.5 * lead {
        return 0.0;
    }
    (lead / 0.12).min(1.0)
}

/// Whether a circle's inside, 0.8 mm in from its stroke, is lit grey: the median chroma of 24
/// places round it under `GREY_CHROMA`, a place lighter than `GREY_LUMA` counting against. Half
/// the inside or more is then a dark area, and the contract keeps every centre 1 mm from an
/// area's edge, so the centre lies in it: a straight edge 1 mm or more from the centre leaves
/// less than half the inside on the area's side.
pub fn on_lit_grey(img: &RgbImage, h: &Hook) -> bool {
    let (cx, cy, r) = (h.x * PX_PER_MM, h.y * PX_PER_MM, (h.r - 0.8) * PX_PER_MM);
    let mut chromas: Vec<f64> = (0..24)
        .filter_map(|k| {
            let a = k as f64 * std::f64::consts::TAU / 24.0;
            let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
            let inside = x >= 0.0 && y >= 0.0 && x < img.width() as f64 && y < img.height() as f64;
            let c = inside.then(|| {
                img.get_pixel(x as u32, y as u32)
                    .0
                    .map(|v| v as f64 / 255.0)
            });
            c.map(|c| if luma(c) <= GREY_LUMA { chroma(c) } else { 1.0 })
        })
        .collect();
    if chromas.len() < 12 {
        return false;
    }
    chromas.sort_by(f64::total_cmp);
    chromas[chromas.len() / 2] < GREY_CHROMA
}

/// The darkest a lit dark area's grey is taken to be (luma): an area no glare reaches stays
/// near-black, under the contract's 25 %.
pub const LIT_LUMA: f64 = 0.3;

/// Whether a centre (mm) lies in grey that glare lit: the 1.1 mm square round it of median
/// chroma under `GREY_CHROMA` and mean luma from `LIT_LUMA` to `GREY_LUMA`. A dark area lit so
/// far that the dark mask does not take it in leaves no other trace, and a ring centred there is
/// hidden though no area is read round it (held-out photo 1,008,427 of the second generator,
/// split H41, read such a ring as not hidden with no doubt): its flag is in doubt.
pub fn lit_centre(img: &RgbImage, at: [f64; 2]) -> bool {
    let (cx, cy) = ((at[0] * PX_PER_MM) as i64, (at[1] * PX_PER_MM) as i64);
    let (mut chromas, mut lumas) = (Vec::new(), 0.0);
    for y in cy - 4..=cy + 4 {
        for x in cx - 4..=cx + 4 {
            if x < 0 || y < 0 || x >= img.width() as i64 || y >= img.height() as i64 {
                continue;
            }
            let c = img
                .get_pixel(x as u32, y as u32)
                .0
                .map(|v| v as f64 / 255.0);
            chromas.push(chroma(c));
            lumas += luma(c);
        }
    }
    if chromas.is_empty() {
        return false;
    }
    let mean = lumas / chromas.len() as f64;
    chromas.sort_by(f64::total_cmp);
    chromas[chromas.len() / 2] < GREY_CHROMA && (LIT_LUMA..=GREY_LUMA).contains(&mean)
}

#[cfg(test)]
mod tests {
    use image::{Rgb, RgbImage};

    use super::*;

    /// A card-sized picture of `ground` with a square of `grey` from 15 to 45 mm each way and a
    /// ring of `stroke` (radius 3 mm, 0.6 mm wide) round (30, 30) mm.
    fn ring_over(ground: Rgb<u8>, grey: Rgb<u8>, stroke: Rgb<u8>) -> RgbImage {
        RgbImage::from_fn(480, 720, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            if ((u - 30.0).hypot(v - 30.0) - 3.0).abs() <= 0.3 {
                stroke
            } else if (15.0..45.0).contains(&u) && (15.0..45.0).contains(&v) {
                grey
            } else {
                ground
            }
        })
    }

    const PARCHMENT: Rgb<u8> = Rgb([222, 205, 165]);
    /// A near-black area under glare (1,007,164 measured about this).
    const LIT: Rgb<u8> = Rgb([116, 117, 118]);
    /// The film's dark red over it, lit alike.
    const LIT_RED: Rgb<u8> = Rgb([128, 92, 98]);

    #[test]
    fn red_film_over_lit_grey_leads_and_over_coloured_art_or_as_noise_does_not() {
        let unit = |c: Rgb<u8>| c.0.map(|v| v as f64 / 255.0);
        let under = |c: Rgb<u8>| c.0.map(|v| v as f32 / 255.0);
        assert!(grey_lead(unit(LIT_RED), under(LIT)) > 0.45);
        assert_eq!(grey_lead(unit(LIT_RED), under(PARCHMENT)), 0.0);
        // Noise on the grey: a lead of a few levels.
        assert_eq!(grey_lead(unit(Rgb([121, 116, 117])), under(LIT)), 0.0);
        // Orange, not red: green far above blue.
        assert_eq!(grey_lead(unit(Rgb([140, 110, 80])), under(LIT)), 0.0);
        // Paper lit near white is no dark area.
        assert_eq!(
            grey_lead(unit(Rgb([250, 225, 228])), under(Rgb([235, 236, 236]))),
            0.0
        );
    }

    #[test]
    fn a_rings_inside_is_lit_grey_over_a_lit_area_and_not_over_art_or_lit_paper() {
        let h = Hook {
            x: 30.0,
            y: 30.0,
            r: 3.0,
            hidden: false,
        };
        assert!(on_lit_grey(&ring_over(PARCHMENT, LIT, LIT_RED), &h));
        assert!(!on_lit_grey(&ring_over(PARCHMENT, PARCHMENT, LIT_RED), &h));
        // Lit paper is neutral but too light; a pale sea dimmed by falloff (1,000,071) is
        // nearly neutral but not quite.
        assert!(!on_lit_grey(
            &ring_over(PARCHMENT, Rgb([236, 236, 237]), LIT_RED),
            &h
        ));
        assert!(!on_lit_grey(
            &ring_over(PARCHMENT, Rgb([156, 164, 166]), LIT_RED),
            &h
        ));
    }

    #[test]
    fn a_faint_red_ring_over_a_lit_area_is_read_as_a_hidden_ring_in_doubt() {
        let (found, _) = crate::rings::rings(&ring_over(PARCHMENT, LIT, LIT_RED));
        assert_eq!(
            found.len(),
            1,
            "{:?}",
            found.iter().map(|f| &f.0).collect::<Vec<_>>()
        );
        let (h, conf, _) = &found[0];
        assert!((h.x - 30.0).abs() < 0.2 && (h.y - 30.0).abs() < 0.2 && (h.r - 3.0).abs() < 0.2);
        assert!(h.hidden);
        assert!(*conf <= GREY_FILM_CONF);
        // The same faint red over coloured art is no ring the red test reads.
        let (over_art, _) =
            crate::rings::rings(&ring_over(PARCHMENT, Rgb([170, 190, 150]), LIT_RED));
        assert!(over_art.is_empty());
    }

    #[test]
    fn a_centre_in_glare_lit_grey_is_lit_and_one_in_a_dark_area_art_or_lit_paper_is_not() {
        let plain = |c: Rgb<u8>| RgbImage::from_pixel(160, 160, c);
        let at = [10.0, 10.0];
        assert!(lit_centre(&plain(Rgb([159, 160, 160])), at));
        assert!(
            !lit_centre(&plain(Rgb([26, 26, 29])), at),
            "unlit: near-black"
        );
        assert!(!lit_centre(&plain(PARCHMENT), at));
        assert!(!lit_centre(&plain(Rgb([236, 236, 237])), at), "lit paper");
    }
}
