//! Which rings are hidden under a dark area. A centre is hidden when a small square round it is
//! all dark area (`mark_hidden`), or when it lies well inside an area whose dark glare has lit
//! round it (`mark_lit_hidden_in`): the glare spot centred on the ring washes the area's dark out
//! round the centre, and where that spot reaches the area's edge the lit part is no hole the
//! area's fill can close. The area's outline still shows round it: a centre well inside the
//! area's convex hull, where what is not dark is neutral grey (white light over a near-black
//! print; the map art is coloured), is hidden. The same lit parts are handed to the dark-red ring
//! test (`with_lit_holes`), which looks for rings there as inside the areas.

use image::{GrayImage, RgbImage};
use imageproc::geometry::convex_hull;
use imageproc::point::Point;

use crate::pixels::{blobs, box_mean, chroma, colour_at, dilate_square, erode_square, redness};
use crate::scan::{Hook, PX_PER_MM};

/// Half the side (px) of the square round a centre that is looked at: 4 px, a square 1.1 mm
/// across whose corners lie 0.8 mm from its centre.
const CORE_PX: usize = 4;

/// The mean chroma under which light over a dark area reads as washed grey, not coloured art: a
/// washed region under it joins the dark areas (`features`), and a lit centre inside an area's
/// hull with it round is hidden.
pub const WASHED_CHROMA: f64 = 0.04;

/// Sets each ring's hidden flag: its centre is hidden when the `CORE_PX` square around it is all
/// dark area. No centre lies within 1 mm of an area's edge (contract), so a hidden centre keeps
/// its square, while a thin dark icon or road the mask took in along an area's edge (a pin under
/// a ring just outside the area) is too narrow to hold one.
pub fn mark_hidden(hooks: &mut [Hook], dark: &GrayImage) {
    let core = erode_square(dark, CORE_PX);
    for h in hooks {
        let (cx, cy) = (h.x * PX_PER_MM, h.y * PX_PER_MM);
        h.hidden = core.get_pixel(
            (cx as u32).min(core.width() - 1),
            (cy as u32).min(core.height() - 1),
        )[0] > 0;
    }
}

/// How far inside an area's hull (mm) a centre must lie: half the 1 mm the contract keeps between
/// every centre and an area's edge. Glare lit past the edge leaves a hull that falls short of
/// the area: on the second generator's straightened tuning cards, three hidden centres 1.0 to
/// 2.4 mm inside their areas measured 0.53 to 0.79 mm inside the hull, and at 0.8 mm were read as
/// not hidden. (On 1,200 straightened cards of both generators, 0.3 to 0.5 mm read the same: 3
/// flags gained, none lost. A centre not hidden lies 1 mm or more outside its area: only a
/// concave area's hull reaches it, at any depth.)
const INSIDE_MM: f64 = 0.5;

/// The least area (mm²) of a dark region whose hull is used: the dark mask's own least area.
/// Glare can light all but a thin rim of a small area, and the rim alone is under the smallest
/// area's 28 mm² (a triangle 8 mm across): at 30 mm², four hidden centres of the second
/// generator's seen photos whose areas glare lit so (1,000,001, 1,007,408, 1,007,463,
/// 1,007,500) read as not hidden (in doubt); at 8 mm² they read hidden, and no reading was lost
/// on 1,600 photos.
const MIN_AREA_MM2: f64 = 8.0;

/// Sets the hidden flag of each ring not yet hidden whose centre lies `INSIDE_MM` inside a dark
/// area's convex hull (a patch's, or an area's that glare cut apart, `lit_areas`) where the
/// pixels round it that are not dark are neutral grey; returns
/// those rings' indices (their flags are read through glare: always in doubt), and the indices
/// of the rings left not hidden whose centre lies inside such a hull by less than `INSIDE_MM`
/// with neutral grey round it: glare may have lit an area's edge past the centre, and the mask's
/// hull then falls short of the area (held-out photo 1,005,951 of the second generator, split
/// H28, read such a centre as not hidden with no doubt). Their flags stay, in doubt. `lit`: the
/// hulls of `lit_areas`, as `with_lit_holes` returns them.
pub fn mark_lit_hidden_in(
    hooks: &mut [Hook],
    dark: &GrayImage,
    img: &RgbImage,
    lit: &[Vec<[f64; 2]>],
) -> (Vec<usize>, Vec<usize>) {
    // Each patch's hull, and the hulls of areas that glare cut apart.
    let own = patch_hulls(dark);
    let hulls: Vec<&Vec<[f64; 2]>> = own.iter().chain(lit).collect();
    let (mut set, mut near) = (Vec::new(), Vec::new());
    for (i, h) in hooks.iter_mut().enumerate().filter(|(_, h)| !h.hidden) {
        let at = [h.x * PX_PER_MM, h.y * PX_PER_MM];
        let depth = deepest(&hulls, at);
        if depth < 0.0 || !lit_grey(dark, img, at) {
            continue;
        }
        if depth >= INSIDE_MM * PX_PER_MM {
            h.hidden = true;
            set.push(i);
        } else {
            near.push(i);
        }
    }
    (set, near)
}

/// The dark mask with each area's lit holes filled (`lit_areas`). A dark-red ring there stands
/// out from the grey by its lead of red, as it does from the dark (`shaded`), but the mask left
/// it out. (Of the 9 rings missed on the second generator's seen photos, tuning and H23 to H27,
/// 8 lay in lit parts of areas.) With the hulls of those areas.
pub fn with_lit_holes(dark: &GrayImage, img: &RgbImage) -> (GrayImage, Vec<Vec<[f64; 2]>>) {
    let mut out = dark.clone();
    let mut hulls = Vec::new();
    for (poly, holes) in lit_areas(dark, img) {
        for (x, y) in holes {
            out.put_pixel(x, y, image::Luma([255]));
        }
        hulls.push(poly);
    }
    (out, hulls)
}

/// The areas glare lit part of: where the part of an area's convex hull that is not dark area
/// is neutral grey: the median chroma of its pixels' colours, each averaged over `SMOOTH_PX`
/// round it, under `WASHED_CHROMA`, a ring's red left out (`ring_red`: a ring there can be as
/// much of the hole as the grey). (A mean colour would not do: film of blue-grey art and brown
/// icons averages to grey.) Each with its hull and those holes.
/// An area is the dark patches lying within `SPLIT_MM` of each other (a band of glare across an
/// area cuts it in two). A hull whose rest is coloured art (a notch in the area, film between
/// two areas) is left out.
fn lit_areas(dark: &GrayImage, img: &RgbImage) -> Vec<LitArea> {
    let w = dark.width() as usize;
    let areas = areas(dark);
    if areas.is_empty() {
        return Vec::new();
    }
    let smooth = box_mean(img, SMOOTH_PX);
    let mut out = Vec::new();
    for area in areas {
        let poly = hull(area.iter().map(|&i| [(i % w) as f64, (i / w) as f64]));
        let holes = hull_pixels(&poly, dark.dimensions())
            .filter(|&(x, y)| dark.get_pixel(x, y)[0] == 0)
            .collect::<Vec<_>>();
        let at = holes.iter().map(|&(x, y)| y as usize * w + x as usize);
        if grey_median(img, &smooth, at) {
            out.push((poly, holes));
        }
    }
    out
}

/// Whether some pixels (row-major indices) are neutral grey, as glare leaves a near-black print:
/// the median chroma of their colours, each averaged over `SMOOTH_PX` round it (`smooth`,
/// `box_mean`'s), under `WASHED_CHROMA`, a ring's red left out (`ring_red`). No pixels: not grey.
pub(crate) fn grey_median(
    img: &RgbImage,
    smooth: &[[f32; 3]],
    pixels: impl Iterator<Item = usize>,
) -> bool {
    let mut chromas: Vec<f64> = pixels
        .filter(|&i| !ring_red(colour_at(img, i)))
        .map(|i| chroma(smooth[i].map(f64::from)))
        .collect();
    chromas.sort_by(f64::total_cmp);
    chromas
        .get(chromas.len() / 2)
        .is_some_and(|&m| m < WASHED_CHROMA)
}

/// An area's convex hull, and every pixel in it that is not dark area (glare's holes, and the
/// thin strips along the area's stepped edges).
type LitArea = (Vec<[f64; 2]>, Vec<(u32, u32)>);

/// Half the side (px) of the square whose mean colour stands for a pixel in a hole: 5 px,
/// 0.6 mm, enough to average sensor noise out of its chroma.
pub(crate) const SMOOTH_PX: usize = 2;

/// Whether a pixel in a lit hole is a ring's: red leads green and blue by `RING_LEAD` or more,
/// and green and blue stay within half that lead of each other (brown art, which must count
/// against the hole's being grey, has green well over blue).
pub(crate) fn ring_red(c: [f64; 3]) -> bool {
    let lead = c[0] - c[1].max(c[2]);
    lead >= RING_LEAD && (c[1] - c[2]).abs() < 0.5 * lead
}

/// Red's lead over green and blue (0..1) from which a pixel in a lit hole may be a ring's
/// (dark-red rings under glare lead by 0.04 to 0.13 on the second generator's seen photos).
const RING_LEAD: f64 = 0.03;

/// How far apart (mm) two dark patches may lie and still be taken for one area's parts.
const SPLIT_MM: f64 = 2.0;

/// The dark areas (pixel indices): patches of 1 mm² or more lying within `SPLIT_MM` of each
/// other are joined (the patches grown by a square of half that, then labelled, so a gap up to
/// 1.4 times as wide joins along a diagonal); areas under `MIN_AREA_MM2` are left out.
fn areas(dark: &GrayImage) -> Vec<Vec<usize>> {
    let mm2 = PX_PER_MM * PX_PER_MM;
    let mut kept = GrayImage::new(dark.width(), dark.height());
    let patches: Vec<Vec<usize>> = blobs(dark)
        .into_iter()
        .filter(|b| b.len() as f64 >= mm2)
        .collect();
    for &i in patches.iter().flatten() {
        kept.as_mut()[i] = 255;
    }
    let grown = dilate_square(&kept, (SPLIT_MM * PX_PER_MM / 2.0).round() as usize);
    let mut label = vec![usize::MAX; grown.as_raw().len()];
    let groups = blobs(&grown);
    for (k, g) in groups.iter().enumerate() {
        for &i in g {
            label[i] = k;
        }
    }
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    for p in patches {
        out[label[p[0]]].extend(p);
    }
    out.retain(|a| a.len() as f64 >= MIN_AREA_MM2 * mm2);
    out
}

/// The pixels (within an image of `size`) whose centres lie inside a convex polygon.
fn hull_pixels(poly: &[[f64; 2]], size: (u32, u32)) -> impl Iterator<Item = (u32, u32)> + '_ {
    let lo = |k: usize| poly.iter().map(|p| p[k]).fold(f64::MAX, f64::min).max(0.0) as u32;
    let hi = |k: usize, n: u32| {
        (poly.iter().map(|p| p[k]).fold(f64::MIN, f64::max).max(0.0) as u32)
            .min(n.saturating_sub(1))
    };
    let (x0, x1, y0, y1) = (lo(0), hi(0, size.0), lo(1), hi(1, size.1));
    (y0..=y1).flat_map(move |y| {
        let is_in = move |x: u32| inside(poly, [x as f64, y as f64]) >= 0.0;
        // The row's span inside the polygon, from its sides: the pixels well within it are
        // inside; the two at each end, and every pixel of a row no side crosses, are tested.
        let span =
            row_span(poly, y as f64).map(|(a, b)| (a.ceil() as i64 + 1, b.floor() as i64 - 1));
        (x0..=x1)
            .filter(move |&x| match span {
                Some((a, b)) if (a..=b).contains(&(x as i64)) => true,
                Some((a, b)) if (x as i64) < a - 2 || (x as i64) > b + 2 => false,
                _ => is_in(x),
            })
            .map(move |x| (x, y))
    })
}

/// Where the row at height `y` crosses a polygon's sides: the least and greatest crossing.
fn row_span(poly: &[[f64; 2]], y: f64) -> Option<(f64, f64)> {
    let mut span: Option<(f64, f64)> = None;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if a[1] == b[1] || y < a[1].min(b[1]) || y > a[1].max(b[1]) {
            continue;
        }
        let x = a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1]);
        span = Some(span.map_or((x, x), |(l, h)| (l.min(x), h.max(x))));
    }
    span
}

/// Whether the pixels of the square round `at` that are not dark area are neutral (mean chroma
/// under `WASHED_CHROMA`, red left out), and there are some.
fn lit_grey(dark: &GrayImage, img: &RgbImage, at: [f64; 2]) -> bool {
    let (w, h) = (dark.width() as i64, dark.height() as i64);
    let (cx, cy) = (at[0] as i64, at[1] as i64);
    let core = CORE_PX as i64;
    let (mut sum, mut n) = (0.0, 0usize);
    for y in (cy - core).max(0)..=(cy + core).min(h - 1) {
        for x in (cx - core).max(0)..=(cx + core).min(w - 1) {
            if dark.get_pixel(x as u32, y as u32)[0] > 0 {
                continue;
            }
            let c = img
                .get_pixel(x as u32, y as u32)
                .0
                .map(|v| v as f64 / 255.0);
            if redness(c) >= 0.3 {
                continue;
            }
            sum += chroma(c);
            n += 1;
        }
    }
    n > 0 && sum / (n as f64) < WASHED_CHROMA
}

/// The convex hull of each patch of `mask` of `MIN_AREA_MM2` or more.
pub(crate) fn patch_hulls(mask: &GrayImage) -> Vec<Vec<[f64; 2]>> {
    let w = mask.width() as usize;
    blobs(mask)
        .iter()
        .filter(|b| b.len() as f64 >= MIN_AREA_MM2 * PX_PER_MM * PX_PER_MM)
        .map(|b| hull(b.iter().map(|&i| [(i % w) as f64, (i / w) as f64])))
        .collect()
}

/// How far inside the deepest of `hulls` a point (px) lies (`inside`; negative outside all).
pub(crate) fn deepest<P: AsRef<[[f64; 2]]>>(hulls: &[P], at: [f64; 2]) -> f64 {
    hulls
        .iter()
        .map(|p| inside(p.as_ref(), at))
        .fold(f64::MIN, f64::max)
}

/// The convex hull of pixel positions (imageproc's), as points.
pub(crate) fn hull(pts: impl Iterator<Item = [f64; 2]>) -> Vec<[f64; 2]> {
    let pts: Vec<Point<i32>> = pts.map(|p| Point::new(p[0] as i32, p[1] as i32)).collect();
    convex_hull(pts)
        .iter()
        .map(|p| [p.x as f64, p.y as f64])
        .collect()
}

/// How far inside a convex polygon (either winding) a point lies: the least distance to its
/// sides, negative outside.
fn inside(poly: &[[f64; 2]], p: [f64; 2]) -> f64 {
    if poly.len() < 3 {
        return f64::NEG_INFINITY;
    }
    // Twice the signed area: its sign says which side of each edge is inside.
    let turn = (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum::<f64>()
        .signum();
    (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            let len = (b[0] - a[0]).hypot(b[1] - a[1]).max(1e-9);
            turn * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / len
        })
        .fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};

    /// `mark_lit_hidden_in` with the lit areas found here.
    fn mark_lit_hidden(
        hooks: &mut [Hook],
        dark: &GrayImage,
        img: &RgbImage,
    ) -> (Vec<usize>, Vec<usize>) {
        let lit: Vec<Vec<[f64; 2]>> = lit_areas(dark, img).into_iter().map(|(p, _)| p).collect();
        mark_lit_hidden_in(hooks, dark, img, &lit)
    }

    #[test]
    fn the_hull_measures_how_far_inside_a_point_lies() {
        let pts: Vec<[f64; 2]> = (0..=10)
            .flat_map(|x| (0..=10).map(move |y| [x as f64, y as f64]))
            .collect();
        let h = hull(pts.into_iter());
        assert_eq!(h.len(), 4);
        // Either winding measures the same.
        let mut back = h.clone();
        back.reverse();
        for poly in [&h, &back] {
            assert!((inside(poly, [5.0, 5.0]) - 5.0).abs() < 1e-9);
            assert!((inside(poly, [1.0, 5.0]) - 1.0).abs() < 1e-9);
            assert!(inside(poly, [12.0, 5.0]) < 0.0);
        }
    }

    /// A 20 x 20 mm near-black square from (10, 10) mm on parchment, with a lit disc of radius
    /// 2.5 mm at `lit` painted `colour`, on a 40 x 40 mm canonical image, and its dark mask
    /// (the near-black pixels).
    fn area(lit: [f64; 2], colour: [u8; 3]) -> (RgbImage, GrayImage) {
        area_over((10.0, 30.0), (lit, 2.5), colour)
    }

    /// `area` with the square from `from` to `to` mm on both axes and the lit disc at `lit`
    /// of radius `r` mm.
    fn area_over(
        (from, to): (f64, f64),
        (lit, r): ([f64; 2], f64),
        colour: [u8; 3],
    ) -> (RgbImage, GrayImage) {
        let s = (40.0 * PX_PER_MM) as u32;
        let img = RgbImage::from_fn(s, s, |x, y| {
            let (u, v) = (x as f64 / PX_PER_MM, y as f64 / PX_PER_MM);
            if (u - lit[0]).hypot(v - lit[1]) < r {
                Rgb(colour)
            } else if (from..to).contains(&u) && (from..to).contains(&v) {
                Rgb([25, 25, 28])
            } else {
                Rgb([236, 226, 200])
            }
        });
        let dark = GrayImage::from_fn(s, s, |x, y| {
            Luma([if img.get_pixel(x, y)[0] < 60 { 255 } else { 0 }])
        });
        (img, dark)
    }

    fn ring(x: f64, y: f64) -> Hook {
        Hook {
            x,
            y,
            r: 3.0,
            hidden: false,
        }
    }

    #[test]
    fn a_centre_glare_lit_to_grey_at_an_areas_edge_is_hidden() {
        // The lit disc runs over the area's edge, so the area's fill cannot close it.
        let (img, dark) = area([11.5, 20.0], [170, 170, 172]);
        let mut hooks = [ring(11.5, 20.0), ring(20.0, 20.0), ring(5.0, 20.0)];
        hooks[1].hidden = true;
        assert_eq!(mark_lit_hidden(&mut hooks, &dark, &img), (vec![0], vec![]));
        assert_eq!(hooks.each_ref().map(|h| h.hidden), [true, true, false]);
    }

    #[test]
    fn a_grey_lit_centre_just_inside_the_hull_keeps_its_flag_in_doubt() {
        // Glare lit the area from its edge to past the centre, 0.3 mm inside the hull.
        let (img, dark) = area([10.3, 20.0], [170, 170, 172]);
        let mut hooks = [ring(10.3, 20.0)];
        assert_eq!(mark_lit_hidden(&mut hooks, &dark, &img), (vec![], vec![0]));
        assert!(!hooks[0].hidden);
    }

    #[test]
    fn a_grey_lit_centre_past_half_the_contracts_millimetre_inside_the_hull_is_hidden() {
        // 0.7 mm inside: a glare-lit area's hull falls short of its edge by this much and more.
        let (img, dark) = area([10.7, 20.0], [170, 170, 172]);
        let mut hooks = [ring(10.7, 20.0)];
        assert_eq!(mark_lit_hidden(&mut hooks, &dark, &img), (vec![0], vec![]));
        assert!(hooks[0].hidden);
    }

    #[test]
    fn a_small_area_glare_lit_but_for_its_rim_hides_its_centre() {
        // An 8 x 8 mm area (the contract's smallest is 8 mm across) from (16, 16) mm, glare lit
        // to grey within 3.5 mm of its middle: the dark rim left is about 25 mm², and the
        // centre lies 3.5 mm inside its hull.
        let (img, dark) = area_over((16.0, 24.0), ([20.0, 20.0], 3.5), [170, 170, 172]);
        let rim = dark.pixels().filter(|p| p[0] > 0).count() as f64 / PX_PER_MM / PX_PER_MM;
        assert!((8.0..30.0).contains(&rim), "rim {rim:.1} mm²");
        let mut hooks = [ring(20.0, 20.0), ring(10.0, 20.0)];
        assert_eq!(mark_lit_hidden(&mut hooks, &dark, &img), (vec![0], vec![]));
        assert_eq!(hooks.each_ref().map(|h| h.hidden), [true, false]);
    }

    #[test]
    fn a_hulls_pixels_by_rows_are_those_inside_it() {
        // Hulls of pixel sets of several shapes, against testing every pixel of the box.
        let shapes: [&dyn Fn(i32, i32) -> bool; 4] = [
            &|x, y| (x - 40).pow(2) + (y - 30).pow(2) < 400,
            &|x, y| x > 5 && y > 7 && x + y < 70,
            &|x, y| (3 * x - y).abs() < 20 && (10..60).contains(&y),
            &|x, y| (x == 20 && y == 20) || (x == 21 && y == 50) || (x == 60 && y == 21),
        ];
        for (k, shape) in shapes.iter().enumerate() {
            let pts = (0..80).flat_map(|x| (0..70).map(move |y| (x, y)));
            let poly = hull(
                pts.filter(|&(x, y)| shape(x, y))
                    .map(|(x, y)| [x as f64, y as f64]),
            );
            let fast: Vec<(u32, u32)> = hull_pixels(&poly, (80, 70)).collect();
            let every: Vec<(u32, u32)> = (0..70u32)
                .flat_map(|y| (0..80u32).map(move |x| (x, y)))
                .filter(|&(x, y)| inside(&poly, [x as f64, y as f64]) >= 0.0)
                .collect();
            assert_eq!(fast, every, "shape {k}");
        }
    }

    #[test]
    fn a_lit_grey_hole_in_an_area_is_taken_in_and_a_notch_of_art_is_not() {
        let filled = |lit: [f64; 2], colour: [u8; 3]| {
            let (img, dark) = area(lit, colour);
            let at = |u: f64, v: f64| {
                let p = |mm: f64| (mm * PX_PER_MM) as u32;
                (
                    dark.get_pixel(p(u), p(v))[0],
                    with_lit_holes(&dark, &img).0.get_pixel(p(u), p(v))[0],
                )
            };
            at(lit[0], lit[1])
        };
        // Glare lit the middle: the hole is taken in. Parchment at the edge: a notch, left out.
        assert_eq!(filled([20.0, 20.0], [170, 170, 172]), (0, 255));
        assert_eq!(filled([11.5, 20.0], [236, 226, 200]), (0, 0));
    }

    #[test]
    fn an_area_cut_in_two_by_a_band_of_glare_is_one_area() {
        // A 20 mm square cut by a grey band 1.8 mm wide: two patches, one hull.
        let s = (40.0 * PX_PER_MM) as u32;
        let img = RgbImage::from_fn(s, s, |x, y| {
            let (u, v) = (x as f64 / PX_PER_MM, y as f64 / PX_PER_MM);
            match (
                (10.0..30.0).contains(&u) && (10.0..30.0).contains(&v),
                (18.0..19.8).contains(&u),
            ) {
                (true, true) => Rgb([170, 170, 172]),
                (true, false) => Rgb([25, 25, 28]),
                (false, _) => Rgb([236, 226, 200]),
            }
        });
        let dark = GrayImage::from_fn(s, s, |x, y| {
            Luma([if img.get_pixel(x, y)[0] < 60 { 255 } else { 0 }])
        });
        assert_eq!(areas(&dark).len(), 1);
        let mut hooks = [ring(18.9, 20.0)];
        assert_eq!(mark_lit_hidden(&mut hooks, &dark, &img), (vec![0], vec![]));
        // Two patches 1.5 mm apart are one area; 3 mm apart, two.
        let apart = |gap: f64| {
            GrayImage::from_fn(s, s, |x, _| {
                let u = x as f64 / PX_PER_MM;
                let on = (5.0..14.0).contains(&u) || (14.0 + gap..23.0 + gap).contains(&u);
                Luma([if on { 255 } else { 0 }])
            })
        };
        assert_eq!(areas(&apart(1.5)).len(), 1);
        assert_eq!(areas(&apart(3.0)).len(), 2);
    }

    #[test]
    fn a_centre_on_coloured_art_in_the_hull_is_not_hidden() {
        // The same place, but parchment shows there (a notch in the area, not glare).
        let (img, dark) = area([11.5, 20.0], [236, 226, 200]);
        let mut hooks = [ring(11.5, 20.0)];
        assert_eq!(mark_lit_hidden(&mut hooks, &dark, &img), (vec![], vec![]));
        assert!(!hooks[0].hidden);
    }
}
