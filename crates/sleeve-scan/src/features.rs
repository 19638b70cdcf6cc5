//! Stage 4: the hidden facts on the canonical card image (PX_PER_MM pixels per millimetre,
//! upright): the dark areas (their mask in `features/dark.rs`), where glare hides them, and each
//! ring's hidden flag here; the red rings (`rings`) and the cross (`cross`) are read beside them
//! and gathered in `read`.

use image::{GrayImage, RgbImage};

use crate::geom::polygon_area;
use crate::hidden::{WASHED_CHROMA, mark_hidden, mark_lit_hidden_in, ring_red, with_lit_holes};
use crate::join;
use crate::pixels::{blobs, chroma, colour_at, luma, open_square};
use crate::ring_profile::refit_arc;
use crate::scan::{CrossAt, Hook, PX_PER_MM};
use crate::shaded::{SHADED_LEAST, rings_in_dark};

mod beside;
use beside::glare_on_dark;
mod dark;
pub use dark::{dark_mask, dark_mask_and_unsure};

/// What the canonical card shows: rings (with a confidence), dark areas, the cross (with a
/// confidence).
pub struct Found {
    pub hooks: (Vec<Hook>, f64),
    /// Each ring's confidence (in `hooks.0`'s order).
    pub ring_conf: Vec<f64>,
    /// Places where a ring may be missed (mm): red ink that no ring explains, glare over a dark
    /// area (`glare_on_dark`) or just beside one (`beside`), an area washed out to grey
    /// (`washed_dark`), and a ring the dark test judged whose stroke is not seen round it
    /// (`rings_in_dark`).
    pub missed_at: Vec<[f64; 2]>,
    /// Rings whose centre is less than 1 mm from the traced dark areas' edge (the contract keeps
    /// centres 1 mm away, so the trace is doubtful there), or within 8 mm of glare on an area
    /// or just beside one (`beside`),
    /// or hidden only because glare lit their centre to grey (`hidden::mark_lit_hidden_in`), or
    /// left not hidden with their centre lit to grey just inside an area's hull (the same), or
    /// hidden because glare lit their centre with an area's rim past its hull (`lit_short`), or
    /// only by a region glare washed out to grey, or centred in a small dark region, taken as a
    /// small near-black area or left out as too small or too light (`dark_mask_and_unsure`):
    /// their hidden flags are in doubt.
    pub hidden_doubt: Vec<usize>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
    pub cross: (Option<CrossAt>, f64),
}

/// Everything on the canonical card. The two cores share the work: the dark areas against the
/// paper's wide level on one, its near level and the red rings on the other; then the rings'
/// dark-red search and hidden flags (`rings_and_flags`) on one, the cross's inks (against the
/// paper right beside them, `cross::InkMasks`) and the dark areas' outlines on the other; last,
/// alone, the cross read from its inks and the settled rings.
pub fn read(canon: &RgbImage) -> Found {
    let grid = PaperGrid::new(canon);
    let ((reference, (dark, unsure)), (near, (rated, stray_red))) = join(
        || {
            let reference = grid.reference(36.0);
            let (dark, unsure) = dark_mask_and_unsure(canon, &reference);
            (reference, (dark, unsure))
        },
        || (grid.reference(6.0), crate::rings::rings(canon)),
    );
    let washed_regions = washed_dark(canon, &reference, &dark);
    // The mask before the join, kept only when there is something to join.
    let unjoined = (!washed_regions.is_empty()).then(|| dark.clone());
    let dark = join_washed(dark, &washed_regions, canon);
    let masks = Masks {
        reference: &reference,
        dark: &dark,
        unjoined: unjoined.as_ref(),
        unsure: &unsure,
    };
    // The cross's inks need only the card, the paper's near level and the dark areas: found
    // beside the rings' work.
    let ((inks, dark_areas), (rings, for_cross)) = join(
        || {
            (
                crate::cross::InkMasks::of(canon, &near, &dark),
                dark_polygons(&dark),
            )
        },
        || rings_and_flags(canon, &masks, &washed_regions, rated, stray_red),
    );
    let RingsRead {
        hooks,
        ring_conf,
        missed_at,
        hidden_doubt,
    } = rings;
    Found {
        hooks,
        ring_conf,
        missed_at,
        hidden_doubt,
        dark_areas,
        cross: inks.read(canon, &for_cross),
    }
}

/// The rings' part of `Found` (its fields of the same names), as `rings_and_flags` reads it.
struct RingsRead {
    hooks: (Vec<Hook>, f64),
    ring_conf: Vec<f64>,
    missed_at: Vec<[f64; 2]>,
    hidden_doubt: Vec<usize>,
}

/// The masks the rings' hidden flags are read against: the paper's wide level, the dark areas,
/// the dark areas before regions glare washed out were joined to them (when there were any),
/// and the small dark regions of doubtful kind (`dark_mask_and_unsure`).
struct Masks<'a> {
    reference: &'a GrayImage,
    dark: &'a GrayImage,
    unjoined: Option<&'a GrayImage>,
    unsure: &'a GrayImage,
}

/// The rings (the red test's `rated`, with dark-red ones found in the dark areas), their hidden
/// flags and doubts, and the places a ring may be missed; and the rings as the cross stage sees
/// them.
fn rings_and_flags(
    canon: &RgbImage,
    masks: &Masks,
    washed_regions: &[Vec<usize>],
    rated: Vec<crate::rings::RingFit>,
    stray_red: Vec<[f64; 2]>,
) -> (RingsRead, Vec<(Hook, f64)>) {
    let dark = masks.dark;
    let lit_beside = beside::glare_beside_dark(canon, masks.reference, dark);
    let w = canon.width() as usize;
    let washed: Vec<[f64; 2]> = washed_regions.iter().map(|b| centre_mm(b, w)).collect();
    // Dark-red rings too faint for the red test, inside the dark areas, and the dark-red arcs
    // of rings the red test saw only in part.
    // (Lit holes in the areas taken in: glare greys a dark area round a ring's centre.)
    let (searched, lit_hulls) = with_lit_holes(dark, canon);
    let (mut rated, unseen) = rings_in_dark(canon, &searched, rated);
    let (for_cross, unreadable) = settle_rings(canon, &mut rated);
    let mut list: Vec<Hook> = rated.iter().map(|r| r.0.clone()).collect();
    let ring_conf: Vec<f64> = rated.iter().map(|r| r.1).collect();
    let worst = ring_conf.iter().copied().fold(1.0, f64::min);
    // The red test leaves every flag false but those of rings read over lit grey.
    let over_grey: Vec<usize> = (0..list.len()).filter(|&i| list[i].hidden).collect();
    mark_hidden(&mut list, dark);
    // Centres hidden only by a region glare washed out to grey: read through glare, in doubt.
    let washed_hidden: Vec<usize> = masks.unjoined.map_or_else(Vec::new, |unjoined| {
        let mut plain = list.clone();
        mark_hidden(&mut plain, unjoined);
        (0..list.len())
            .filter(|&i| list[i].hidden && !plain[i].hidden)
            .collect()
    });
    // A centre whose part of an area glare lit to grey right up to the area's edge.
    let (lit, lit_near) = mark_lit_hidden_in(&mut list, dark, canon, &lit_hulls);
    // A centre glare lit with the area's rim, past the mask's hull.
    let lit_short = crate::lit_short::mark_lit_short(&mut list, dark, canon);
    // A ring read over a dark area glare lit to grey (`lit_grey`) lies in that area.
    for &i in &over_grey {
        list[i].hidden = true;
    }
    // Glare over a dark area washes out a dark-red ring there: a ring may be missed in it, and a
    // hidden flag near it is in doubt. So does an area washed out to grey as a whole, and a part
    // of one lit past the mask's reach (`beside`; held-out photo 1,005,084 of the second
    // generator, split H24, missed such a ring with no warning).
    // (A washed region joined to its area is usually found again as glare on it: one place.)
    let mut glare: Vec<[f64; 2]> = glare_on_dark(canon, dark);
    for c in lit_beside.into_iter().chain(washed) {
        if glare
            .iter()
            .all(|g| (c[0] - g[0]).hypot(c[1] - g[1]) >= 8.0)
        {
            glare.push(c);
        }
    }
    let near_glare = |h: &Hook| glare.iter().any(|g| (h.x - g[0]).hypot(h.y - g[1]) < 8.0);
    let hidden_doubt = (0..list.len())
        .filter(|&i| {
            near_edge(dark, [list[i].x, list[i].y], 1.0)
                || near_glare(&list[i])
                || lit.contains(&i)
                || lit_near.contains(&i)
                || lit_short.contains(&i)
                || washed_hidden.contains(&i)
                || over_grey.contains(&i)
                || crate::lit_grey::lit_centre(canon, [list[i].x, list[i].y])
                || in_mask(masks.unsure, [list[i].x, list[i].y])
        })
        .collect();
    let missed_at = stray_red
        .into_iter()
        .chain(glare)
        .chain(unseen)
        .chain(unreadable)
        .collect();
    let read = RingsRead {
        hooks: (list, worst),
        ring_conf,
        missed_at,
        hidden_doubt,
    };
    (read, for_cross)
}

/// The rings of every stage settled: a ring judged poorly (an arc fitted wide) refitted through
/// its stroke where that is seen all round, as doubted as it was; rings fitted outside the radii
/// read taken out (`rings::out_of_range`, their centres returned as places where a ring may be
/// missed); then, after a copy for the cross stage (which keeps clear of a sure ring, however
/// often it was read), one ring read twice kept once (`rings::read_twice`), in reading order.
fn settle_rings(canon: &RgbImage, rated: &mut Vec<(Hook, f64)>) -> RingsApart {
    for (hook, _) in rated.iter_mut().filter(|r| r.1 < SHADED_LEAST) {
        if let Some(better) = refit_arc(canon, hook) {
            *hook = better;
        }
    }
    let unreadable = crate::rings::out_of_range(rated);
    let for_cross = rated.clone();
    crate::rings::read_twice(rated);
    crate::rings::by_place(rated);
    (for_cross, unreadable)
}

/// The rings as the cross stage sees them, and places where a ring may be missed.
type RingsApart = (Vec<(Hook, f64)>, Vec<[f64; 2]>);

/// The brightest non-red luminance of each 2 mm cell of the canonical card (a stand-in for the
/// 90th percentile of the paper's level): the grid both reference levels are taken from.
pub struct PaperGrid {
    cell: u32,
    gw: u32,
    gh: u32,
    width: u32,
    height: u32,
    max: Vec<u8>,
}

impl PaperGrid {
    pub fn new(img: &RgbImage) -> PaperGrid {
        let cell = (PX_PER_MM as u32 * 2).max(1);
        let (gw, gh) = (img.width().div_ceil(cell), img.height().div_ceil(cell));
        let mut max = vec![0u8; (gw * gh) as usize];
        for (y, row) in img
            .as_raw()
            .chunks_exact(img.width() as usize * 3)
            .enumerate()
        {
            let gy = (y as u32 / cell * gw) as usize;
            for (x, p) in row.chunks_exact(3).enumerate() {
                let (r, g, b) = (p[0] as u32, p[1] as u32, p[2] as u32);
                // Not red: `redness` below 0.5, in integers (and near-black counts as not red).
                if r <= 20 || 2 * (r - r.min(g.max(b))) < r {
                    let l = ((299 * r + 587 * g + 114 * b) / 1000) as u8;
                    let i = gy + x / cell as usize;
                    max[i] = max[i].max(l);
                }
            }
        }
        PaperGrid {
            cell,
            gw,
            gh,
            width: img.width(),
            height: img.height(),
            max,
        }
    }

    /// The brightest cell in a square window of about `window_mm` around each pixel: the local
    /// reference level of the paper (glare and fall-off included).
    pub fn reference(&self, window_mm: f64) -> GrayImage {
        let (gw, gh) = (self.gw as i64, self.gh as i64);
        let r = ((window_mm * PX_PER_MM) / self.cell as f64 / 2.0).ceil() as i64;
        let mut coarse = vec![0u8; self.max.len()];
        for gy in 0..gh {
            for gx in 0..gw {
                let mut m = 0u8;
                for y in (gy - r).max(0)..=(gy + r).min(gh - 1) {
                    for x in (gx - r).max(0)..=(gx + r).min(gw - 1) {
                        m = m.max(self.max[(y * gw + x) as usize]);
                    }
                }
                coarse[(gy * gw + gx) as usize] = m;
            }
        }
        let mut out = GrayImage::new(self.width, self.height);
        for (y, row) in out.rows_mut().enumerate() {
            let gy = (y as u32 / self.cell * self.gw) as usize;
            for (x, p) in row.enumerate() {
                p[0] = coarse[gy + x / self.cell as usize];
            }
        }
        out
    }
}

/// The local reference level of the paper in a window of about `window_mm` (see `PaperGrid`).
pub fn local_reference(img: &RgbImage, window_mm: f64) -> GrayImage {
    PaperGrid::new(img).reference(window_mm)
}

/// Where glare may have washed a whole dark area out to grey (card mm): outside the dark areas,
/// regions of grey (chroma under 0.08) between 0.4 and 0.75 of the paper's wide level, still
/// there after an opening by 1 mm (so not a road, a grid line or a pen stroke), 12 mm² or more
/// of grey: each region's pixels. The map art is never grey (the contract's colours are
/// parchment, greens, blues and browns), so such a region is an area the scan cannot see into.
/// A ring's red (`ring_red`) counts with the grey: a ring drawn across a small area washed whole
/// cuts the grey inside it off from the rest, and that part alone may be under 12 mm² (H44
/// 1,009,028: a ring centred 1.2 mm inside an area's corner was read not hidden). Only the grey
/// counts towards the 12 mm²: red alone (the card's pale pink edge passes for a ring's red) is
/// no region, or its inside would be filled as an area (seen card 1,007,217 read five rings
/// hidden so). On 3,000 seen straightened cards (2,800 of the second generator): 9 cards gained,
/// none lost.
pub fn washed_dark(img: &RgbImage, reference: &GrayImage, dark: &GrayImage) -> Vec<Vec<usize>> {
    let (w, h) = (img.width(), img.height());
    let grey = GrayImage::from_fn(w, h, |x, y| {
        let p = img.get_pixel(x, y).0.map(|v| v as f64 / 255.0);
        let paper = (reference.get_pixel(x, y)[0] as f64 / 255.0).max(0.2);
        let l = luma(p);
        let grey = chroma(p) < 0.08 && l > 0.4 * paper && l < 0.75 * paper;
        let on = dark.get_pixel(x, y)[0] == 0 && (grey || ring_red(p));
        image::Luma([if on { 255 } else { 0 }])
    });
    let k = PX_PER_MM as usize;
    let opened = open_square(&grey, k);
    let least = (12.0 * PX_PER_MM * PX_PER_MM) as usize;
    blobs(&opened)
        .into_iter()
        .filter(|b| not_ring_red(img, b).count() >= least)
        .collect()
}

/// The colours of the pixels of a region that are not a ring's red.
fn not_ring_red<'a>(img: &'a RgbImage, region: &'a [usize]) -> impl Iterator<Item = [f64; 3]> + 'a {
    region
        .iter()
        .map(|&i| colour_at(img, i))
        .filter(|&c| !ring_red(c))
}

/// The dark areas with the washed grey regions: glare over part of an area lifts that part to
/// grey, and glare over a small area can lift all of it; a ring centred there is still hidden
/// (in doubt: `read` names every flag a washed region set). The area's polygon in the output
/// takes the washed part in too. Only a neutral region joins (white light over a grey area stays
/// grey: mean chroma 0.007 to 0.027 on the tuning photos), not a greyish sea (0.075 on a
/// first-generator photo). A region that touches no area joins as well: the art is never grey.
/// (Joining only regions within 1.5 mm of an area, as before, left 7 rings on small areas washed
/// whole read visible on the second generator's 800 straightened tuning cards; joining every
/// neutral region read all 7 hidden and changed no other field there.) A ring's red in the
/// region is left out of its mean chroma. The holes the join closes are filled as the mask's
/// own are, grey ones only (`dark::fill_grey_holes`).
fn join_washed(mut dark: GrayImage, washed: &[Vec<usize>], img: &RgbImage) -> GrayImage {
    if washed.is_empty() {
        return dark;
    }
    let neutral = |region: &[usize]| {
        let (sum, n) =
            not_ring_red(img, region).fold((0.0, 0usize), |(s, n), c| (s + chroma(c), n + 1));
        sum / (n.max(1) as f64) < WASHED_CHROMA
    };
    for region in washed {
        if neutral(region) {
            for &i in region {
                dark.as_mut()[i] = 255;
            }
        }
    }
    dark::fill_grey_holes(&mut dark, img);
    dark
}

/// The centre of some pixels (row-major indices in an image `w` wide), in card millimetres.
fn centre_mm(pixels: &[usize], w: usize) -> [f64; 2] {
    let n = pixels.len().max(1) as f64;
    let (sx, sy) = pixels.iter().fold((0.0, 0.0), |(x, y), &i| {
        (x + (i % w) as f64, y + (i / w) as f64)
    });
    [(sx / n + 0.5) / PX_PER_MM, (sy / n + 0.5) / PX_PER_MM]
}

/// Whether the mask is set at a point (card millimetres).
fn in_mask(mask: &GrayImage, at: [f64; 2]) -> bool {
    let (x, y) = ((at[0] * PX_PER_MM) as i64, (at[1] * PX_PER_MM) as i64);
    x >= 0
        && y >= 0
        && (x as u32) < mask.width()
        && (y as u32) < mask.height()
        && mask.get_pixel(x as u32, y as u32)[0] > 0
}

/// Whether the mask changes within `mm` of a point (card millimetres): sampled on two circles.
pub fn near_edge(mask: &GrayImage, at: [f64; 2], mm: f64) -> bool {
    let get = |u: f64, v: f64| {
        let (x, y) = ((u * PX_PER_MM) as i64, (v * PX_PER_MM) as i64);
        let x = x.clamp(0, mask.width() as i64 - 1) as u32;
        let y = y.clamp(0, mask.height() as i64 - 1) as u32;
        mask.get_pixel(x, y)[0] > 0
    };
    let centre = get(at[0], at[1]);
    (0..24).any(|k| {
        let a = k as f64 * std::f64::consts::TAU / 24.0;
        [0.5 * mm, mm]
            .iter()
            .any(|r| get(at[0] + r * a.cos(), at[1] + r * a.sin()) != centre)
    })
}

/// The dark areas as polygons in card millimetres.
pub fn dark_polygons(dark: &GrayImage) -> Vec<Vec<[f64; 2]>> {
    let contours = imageproc::contours::find_contours::<i32>(dark);
    let mut out = Vec::new();
    for c in contours {
        if c.border_type != imageproc::contours::BorderType::Outer
            || c.points.len() < (4.0 * PX_PER_MM) as usize
        {
            continue;
        }
        let simple = imageproc::geometry::approximate_polygon_dp(&c.points, 0.4 * PX_PER_MM, true);
        if simple.len() < 3 {
            continue;
        }
        let poly: Vec<[f64; 2]> = simple
            .iter()
            .map(|p| {
                [
                    (p.x as f64 + 0.5) / PX_PER_MM,
                    (p.y as f64 + 0.5) / PX_PER_MM,
                ]
            })
            .collect();
        if polygon_area(&poly) >= 20.0 {
            out.push(poly);
        }
    }
    out
}

#[cfg(test)]
mod tests;
