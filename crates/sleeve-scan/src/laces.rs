//! Which way up the card is: the laces, a dark-brown right triangle (about RGB 90, 50, 20) in the
//! upright card's bottom-right corner, its right angle 2 mm in from the bottom and right edges,
//! legs 8 mm along them. Confirmed by shape and colour, not by darkness alone: inside the triangle
//! the colour, measured against the plain card stock beside it (so light fall-off and white
//! balance cancel), is dark and brown (red well above blue); the stock between the triangle and
//! the card's edges and the art just beyond its long side are not. A dark area (near-black, red
//! about equal to blue) or light brown map art does not look like the laces.

use image::RgbImage;

use crate::geom::{CARD_H, CARD_W, apply, homography};
use crate::scan::rgb_at;

/// Whether a point of the upright card (mm) lies on the laces, the triangle (50, 88), (58, 88),
/// (58, 80), grown by `grown` mm all round (for blur).
pub(crate) fn on_laces(u: f64, v: f64, grown: f64) -> bool {
    u + v >= 138.0 - grown * std::f64::consts::SQRT_2 && u <= 58.0 + grown && v <= 88.0 + grown
}

/// How far inside the card's bottom and right edges the laces' legs run (mm).
pub(crate) const INSET: f64 = 2.0;

/// The laces' right angle, in upright card millimetres, and their leg length.
const RIGHT_ANGLE: [f64; 2] = [CARD_W - INSET, CARD_H - INSET];
pub(crate) const LEG: f64 = 8.0;

/// Below this score no corner shows the laces clearly.
const CLEAR: f64 = 0.5;

/// From this lead of one end's laces score over the other's, under `CLEAR`, the score picks the
/// end against the loose look, the doubt kept: glare washing the laces leaves part of the
/// triangle's shape, while light-brown art in the far corner can outweigh the washed brown in
/// the loose look (H54's 1,011,119: the laces scored 0.41 against 0 and the card was read
/// upside down). On the 3,300 seen photos of both generators only that photo's reading changed.
const LEANS: f64 = 0.1;

/// At or under this laces score at both ends, neither keeps the laces' colour: glare blending the
/// triangle towards white greys it (H51's 1,010,451: on the straightened card the laces' median
/// is (138, 120, 109) on a stock of (195, 188, 166); they scored 0 at both ends, and the loose
/// look picked the wrong one), and the
/// triangle's shade, hue aside (`shade_like`), picks the end when it leans (`LEANS`); the
/// doubt stays. On the 3,300 seen photos of both generators only that photo's reading changed.
const COLOURLESS: f64 = 0.05;

/// Sample points (card mm, upright) inside the triangle, in the plain stock between it and the
/// card's edges, and in the art just beyond its long side; each kept 0.6 mm or more from the
/// triangle's edges so blur does not mix them.
fn points() -> [Vec<[f64; 2]>; 3] {
    let [ax, ay] = RIGHT_ANGLE;
    let (mut inside, mut stock, mut beyond) = (Vec::new(), Vec::new(), Vec::new());
    let mut v = ay - LEG;
    while v <= ay {
        let mut u = ax - LEG;
        while u <= ax {
            // Distance inward from the long side (u + v = ax + ay - LEG), and from the legs.
            let from_long = (u + v - (ax + ay - LEG)) / std::f64::consts::SQRT_2;
            if from_long >= 0.8 && u <= ax - 0.8 && v <= ay - 0.8 {
                inside.push([u, v]);
            }
            if (-2.2..=-1.0).contains(&from_long) && u <= ax - 1.0 && v <= ay - 1.0 {
                beyond.push([u, v]);
            }
            u += 0.5;
        }
        v += 0.5;
    }
    let mut s = 0.0;
    while s <= LEG - 1.0 {
        // The 2 mm of stock beside each leg, 0.6 mm from the card's edge: art may begin 1 mm in,
        // and blur carries a frame line printed there onto the band's middle line (H46
        // 1,009,518: the laces scored 0.17 on the card's own outline, which then grew past it).
        stock.push([ax + 1.4, ay - LEG + 0.5 + s]);
        stock.push([ax - LEG + 0.5 + s, ay + 1.4]);
        s += 0.5;
    }
    [inside, stock, beyond]
}

/// How much one colour, divided by the stock's colour, looks like the laces: 0 to 1.
fn lace_like(c: [f64; 3], stock: [f64; 3]) -> f64 {
    let n = [0, 1, 2].map(|i| c[i] / stock[i].max(0.05));
    // The laces: about (0.38, 0.22, 0.10) of a light stock; a dark area about equal in all
    // three and map browns much lighter.
    let brown = ((n[0] - n[2] - 0.08) / 0.12).clamp(0.0, 1.0);
    let dark = ((0.5 - n[1]) / 0.15).clamp(0.0, 1.0);
    brown * dark
}

/// How much one colour, divided by the stock's colour, is shaded as the laces are, whatever its
/// hue: 0 from three quarters of the stock's brightness, 1 at half or darker.
fn shade_like(c: [f64; 3], stock: [f64; 3]) -> f64 {
    let n = [0, 1, 2].map(|i| c[i] / stock[i].max(0.05));
    ((0.75 - (n[0] + n[1] + n[2]) / 3.0) / 0.25).clamp(0.0, 1.0)
}

/// How clearly the bottom-right corner of the card with these corners (TL, TR, BR, BL in the
/// photo) shows the laces: the triangle lace-like, the stock and the art beyond it not.
pub fn laces_score(img: &RgbImage, corners: &[[f64; 2]; 4]) -> f64 {
    triangle_score(img, corners, lace_like)
}

/// How clearly the bottom-right corner shows a triangle where the laces lie, `like` the laces
/// (`lace_like`, `shade_like`), the stock and the art beyond its long side not.
fn triangle_score(
    img: &RgbImage,
    corners: &[[f64; 2]; 4],
    like: fn([f64; 3], [f64; 3]) -> f64,
) -> f64 {
    let h = homography(corners);
    let at = |q: &[f64; 2]| {
        let p = apply(&h, *q);
        rgb_at(img, p[0], p[1])
    };
    let [inside, stock, beyond] = points();
    let stock_c: Vec<[f64; 3]> = stock.iter().map(at).collect();
    let mut mean = [0.0; 3];
    for c in &stock_c {
        for i in 0..3 {
            mean[i] += c[i] / stock_c.len() as f64;
        }
    }
    let avg = |pts: &[[f64; 2]]| {
        pts.iter().map(|q| like(at(q), mean)).sum::<f64>() / pts.len().max(1) as f64
    };
    // The stock must be light paper for the ratio to mean anything.
    let light = (crate::pixels::luma(mean) / 0.35).min(1.0);
    (avg(&inside) - avg(&beyond) - avg(&stock)).max(0.0) * light
}

/// Stage 3: which way up. `corners` go round the card; the result is the upright order
/// (TL, TR, BR, BL) and a confidence: high when one end of the card shows the laces clearly and
/// the other does not, low when neither or both do.
pub fn orient(img: &RgbImage, corners: [[f64; 2]; 4]) -> ([[f64; 2]; 4], f64) {
    // Clockwise on screen (y down), starting at the end of a long side.
    let mut c = corners;
    let cross =
        (c[1][0] - c[0][0]) * (c[2][1] - c[1][1]) - (c[1][1] - c[0][1]) * (c[2][0] - c[1][0]);
    if cross < 0.0 {
        c.reverse();
    }
    // The card is portrait: TL→TR is a short side.
    if crate::geom::long_pair_first(&c) {
        c.rotate_left(1);
    }
    let flipped = [c[2], c[3], c[0], c[1]];
    // The outline with the laces at `c`'s end or at the other, and how sure which way up it is.
    let pick = |at_c: bool, conf: f64| if at_c { (c, conf) } else { (flipped, conf) };
    let (a, b) = (laces_score(img, &c), laces_score(img, &flipped));
    let (best, other) = (a.max(b), a.min(b));
    let conf = ((best - other) / CLEAR).min(1.0) * (best / CLEAR).min(1.0);
    if best < CLEAR {
        // Neither end shows the laces where they belong (an outline a little off moves the
        // triangle): pick the end with more brown in its corner, and keep the doubt. Where that
        // turns the card against the end the laces' score prefers, which way up is in doubt
        // whatever is picked (a held-out photo, 1,004,914: laces washed by glare scored 0.49
        // against 0, light-brown art at the other end won the loose look, and the wrong end was
        // read at a confidence of 0.97), and the laces' score, when it leans (`LEANS`), picks.
        // Where neither end keeps the laces' colour (`COLOURLESS`), the triangle's shade picks
        // when it leans, in place of the loose look.
        let shade = (best <= COLOURLESS)
            .then(|| {
                (
                    triangle_score(img, &c, shade_like),
                    triangle_score(img, &flipped, shade_like),
                )
            })
            .filter(|(sa, sb)| (sa - sb).abs() >= LEANS);
        let (la, lb) = shade.unwrap_or_else(|| (loose(img, &c), loose(img, &flipped)));
        if (la >= lb) == (a >= b) {
            return pick(la >= lb, conf);
        }
        let by_laces = if best - other >= LEANS {
            a >= b
        } else {
            la >= lb
        };
        return pick(by_laces, 0.0);
    }
    pick(a >= b, conf)
}

/// How far (card mm) the laces' two legs lie outside where they belong on the upright card with
/// these corners (TL, TR, BR, BL): positive on an outline traced inside the card's edge. Each leg
/// is crossed on 4 lines; on each, its edge is where the steepest rise in brightness (from the
/// laces' dark to the stock) passes half way, measured against the light just after the rise
/// (not the brightest point anywhere, which may be glare or a white table beyond the card); a
/// leg's offset is its lines' median. None unless both legs are found and agree within
/// `LEGS_AGREE_MM` (a turned outline, or art printed off centre, moves one leg and not the other).
pub fn legs_off(img: &RgbImage, corners: &[[f64; 2]; 4]) -> Option<f64> {
    let h = homography(corners);
    let luma = |q: [f64; 2]| {
        let p = apply(&h, q);
        crate::pixels::luma(rgb_at(img, p[0], p[1]))
    };
    let [ax, ay] = RIGHT_ANGLE;
    // One line across a leg at `leg` mm: where its edge lies, relative to `leg`.
    let edge = |at: &dyn Fn(f64) -> [f64; 2], leg: f64| -> Option<f64> {
        let step = 0.05;
        let v: Vec<f64> = (0..=120)
            .map(|i| luma(at(leg - 1.5 + step * i as f64)))
            .collect();
        let (k, rise) = (6..v.len() - 6)
            .map(|k| (k, v[k + 6] - v[k - 6]))
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        if rise < 0.15 {
            return None;
        }
        // Half way from the dark before the rise to the light just after it.
        let dark = v[..k].iter().copied().fold(f64::INFINITY, f64::min);
        let light = v[k..(k + 30).min(v.len())]
            .iter()
            .copied()
            .fold(0.0, f64::max);
        let mid = (dark + light) / 2.0;
        let cross = (k - 6..v.len()).find(|&i| v[i] > mid)?;
        Some(-1.5 + step * cross as f64)
    };
    let median = |mut offs: Vec<f64>| -> Option<f64> {
        offs.sort_by(f64::total_cmp);
        (offs.len() >= 2).then(|| (offs[(offs.len() - 1) / 2] + offs[offs.len() / 2]) / 2.0)
    };
    // Across the bottom leg (down the card), then across the right leg; 1.5 to 4.5 mm from the
    // right angle, clear of the triangle's long side.
    let at_k = |k: usize| ax - 4.5 + k as f64;
    let bottom = median((0..4).filter_map(|k| edge(&|t| [at_k(k), t], ay)).collect())?;
    let right = median(
        (0..4)
            .filter_map(|k| edge(&|t| [t, ay - ax + at_k(k)], ax))
            .collect(),
    )?;
    ((bottom - right).abs() <= LEGS_AGREE_MM).then_some((bottom + right) / 2.0)
}

/// How far apart (mm) the two legs' offsets may be for `legs_off` to give one.
const LEGS_AGREE_MM: f64 = 0.5;

/// Dark brown anywhere in the bottom-right 10 mm of the card: red above blue, green above blue,
/// darker than the card (a dark area is grey-black, a red ring has green about equal to blue).
fn loose(img: &RgbImage, corners: &[[f64; 2]; 4]) -> f64 {
    let h = homography(corners);
    let mut sum = 0.0;
    let mut n = 0.0;
    for i in 0..10 {
        for j in 0..10 {
            let q = [CARD_W - 10.0 + i as f64, CARD_H - 10.0 + j as f64];
            let p = apply(&h, q);
            let [r, g, b] = rgb_at(img, p[0], p[1]);
            let l = crate::pixels::luma([r, g, b]);
            if g - b > 0.03 {
                sum += (r - b).max(0.0) * (1.0 - l);
            }
            n += 1.0;
        }
    }
    sum / n
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// An upright card filling a 300 x 450 picture (5 px/mm), light stock, with `lace` painted
    /// over the laces' triangle and `far` over the same triangle in the top-left corner (turned
    /// half a turn).
    fn card(lace: [u8; 3], far: [u8; 3]) -> RgbImage {
        RgbImage::from_fn(300, 450, |x, y| {
            let (u, v) = (x as f64 / 5.0, y as f64 / 5.0);
            if on_laces(u, v, 0.0) {
                Rgb(lace)
            } else if on_laces(CARD_W - u, CARD_H - v, 0.0) {
                Rgb(far)
            } else {
                Rgb([236, 226, 200])
            }
        })
    }

    const CORNERS: [[f64; 2]; 4] = [[0.0, 0.0], [300.0, 0.0], [300.0, 450.0], [0.0, 450.0]];

    #[test]
    fn the_brown_laces_set_the_card_upright() {
        let img = card([90, 50, 20], [236, 226, 200]);
        let (order, conf) = orient(&img, CORNERS);
        assert_eq!(order, CORNERS);
        assert!(conf > 0.9, "{conf}");
        // Read upside down, it turns the card over.
        let turned = [CORNERS[2], CORNERS[3], CORNERS[0], CORNERS[1]];
        assert_eq!(orient(&img, turned).0, CORNERS);
    }

    #[test]
    fn a_near_black_triangle_is_not_the_laces_and_the_doubt_shows() {
        // A dark area where the laces would be, and none at the other end: which way up is in
        // doubt, whatever is picked.
        let img = card([30, 30, 32], [236, 226, 200]);
        assert!(orient(&img, CORNERS).1 < 0.5);
        // Laces at one end and a near-black shape at the other: the laces win, clearly.
        let img = card([90, 50, 20], [25, 25, 28]);
        let (order, conf) = orient(&img, CORNERS);
        assert_eq!(order, CORNERS);
        assert!(conf > 0.9, "{conf}");
    }

    #[test]
    fn a_loose_look_against_the_laces_score_is_in_doubt_and_a_leaning_score_picks() {
        // Laces washed out (scored under the clear level), light-brown art over the other end's
        // corner that outweighs them in the loose look: the laces' score picks, in doubt.
        let img = card([150, 100, 70], [200, 140, 60]);
        let turned = [CORNERS[2], CORNERS[3], CORNERS[0], CORNERS[1]];
        let (a, b) = (laces_score(&img, &CORNERS), laces_score(&img, &turned));
        assert!(a > 0.2 && a < CLEAR && b == 0.0, "{a} {b}");
        assert!(
            loose(&img, &turned) > loose(&img, &CORNERS),
            "the art outweighs"
        );
        // The laces' score leans towards the true end: it picks, still in doubt.
        let (order, conf) = orient(&img, CORNERS);
        assert_eq!(order, CORNERS);
        assert!(conf < 0.1, "{conf}");
    }

    #[test]
    fn laces_greyed_by_glare_are_found_by_their_shade_when_neither_end_keeps_their_colour() {
        // Laces blended towards grey, light tan art over the other end's corner: neither end
        // scores as the laces and the loose look prefers the tan; the triangle's shade picks the
        // laces' end, still in doubt, whichever way the outline came.
        let img = card([140, 125, 120], [215, 180, 120]);
        let turned = [CORNERS[2], CORNERS[3], CORNERS[0], CORNERS[1]];
        let (a, b) = (laces_score(&img, &CORNERS), laces_score(&img, &turned));
        assert!(a <= COLOURLESS && b <= COLOURLESS, "{a} {b}");
        assert!(
            loose(&img, &turned) > loose(&img, &CORNERS),
            "the tan outweighs"
        );
        for came in [CORNERS, turned] {
            let (order, conf) = orient(&img, came);
            assert_eq!(order, CORNERS);
            assert!(conf < 0.1, "{conf}");
        }
    }

    #[test]
    fn the_legs_say_how_far_short_of_the_card_an_outline_falls() {
        // The card fills 300 x 450 px (5 px/mm); an outline 1 mm inside it all round is 58 x 88
        // mm drawn as 60 x 90, so the legs' edges sit 0.98 of its mm past their places.
        let img = card([90, 50, 20], [236, 226, 200]);
        let inset = [[5.0, 5.0], [295.0, 5.0], [295.0, 445.0], [5.0, 445.0]];
        let off = legs_off(&img, &inset).expect("both legs");
        // (A pixel here is 0.2 mm.)
        assert!((off - 1.0).abs() < 0.25, "{off}");
        let exact = [[0.0, 0.0], [300.0, 0.0], [300.0, 450.0], [0.0, 450.0]];
        let off = legs_off(&img, &exact).expect("both legs");
        assert!(off.abs() < 0.25, "{off}");
        // An outline moved 1 mm up puts one leg 1 mm out and the other where it belongs: no
        // answer.
        let moved = [[0.0, -5.0], [300.0, -5.0], [300.0, 445.0], [0.0, 445.0]];
        assert_eq!(legs_off(&img, &moved), None);
    }

    #[test]
    fn laces_beside_a_blurred_frame_line_printed_1_mm_in_show_on_the_cards_outline() {
        // At 10 px/mm, a card from (60, 60) px on a grey table, the film lighter, light stock, a
        // blue frame line from 1 mm in (where art may begin) to 1.6 mm, a pale art inside it;
        // blurred by 0.2 or 0.3 mm.
        let framed = |lace: [u8; 3], sigma: f32| {
            let img = crate::tests::card_at_10_px_per_mm((720, 1020), 60.0, |u, v, laces| {
                let outside = (-u).max(u - 60.0).max(-v).max(v - 90.0);
                match () {
                    _ if outside > 2.5 => [120, 120, 125],
                    _ if outside > 0.0 => [150, 150, 155],
                    _ if laces => lace,
                    _ if outside > -1.0 => [236, 228, 210],
                    _ if outside > -1.6 => [90, 120, 190],
                    _ => [225, 220, 190],
                }
            });
            image::imageops::blur(&img, sigma)
        };
        let card = [[60.0, 60.0], [660.0, 60.0], [660.0, 960.0], [60.0, 960.0]];
        // Laces a little light, and laces lit pale: sampled on the band's middle line the
        // frame's blue counted as stock, and they scored 0.77 and 0.
        let score = laces_score(&framed([110, 70, 40], 3.0), &card);
        assert!(score > 0.95, "{score}");
        let score = laces_score(&framed([135, 95, 65], 2.0), &card);
        assert!(score >= CLEAR, "{score}");
    }
}
