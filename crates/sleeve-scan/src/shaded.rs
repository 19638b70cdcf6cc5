//! Hook rings inside dark areas that the red test misses. Over a near-black area a ring is a
//! dark red whose lead of red over green and blue is a few levels, and blur and noise leave no
//! single pixel clearly red. Within each dark area the lead is averaged over a small window and
//! compared with the area's own usual lead (its tint), and what stands out is fitted as rings by
//! the same judge as the red test's. What stands out beside a ring the red test saw only in part
//! (half over the paper, half over an area) is that ring's other arc, and the two are refitted
//! together. A candidate whose stroke is seen all round its circle (`ring_profile`) is refitted
//! through it and kept even when the averaged lead saw only arcs of it (glare over the area).

use image::{GrayImage, RgbImage};

use crate::pixels::blobs;
use crate::ring_profile::{refit, seen_enough};
use crate::rings::{RingFit, judge_ring, merge_split, one_at_a_time};
use crate::scan::{Hook, PX_PER_MM};

/// The averaging window's half width (px): 0.6 mm across.
const HALF: i64 = 2;

/// How far in from a dark area's edge (px, 0.6 mm) the lead is read.
const RIM: i64 = 5;

/// How far (levels of 255) the averaged lead must stand above the area's usual lead.
const STANDS_OUT: f64 = 4.0;

/// The least judged confidence kept: on the tuning photos of the second generator (seeds 0 to
/// 799, straightened with their true corners) every ring judged below it was invented (15 of
/// 15), and 13 of the 15 judged at or above it were right. A ring of the red test judged below
/// it is an arc fitted poorly too (`features::read` refits it through its stroke).
pub const SHADED_LEAST: f64 = 0.3;

/// The most a ring found this way is trusted: its red is faint, so it is named as a doubt.
pub const SHADED_CONF: f64 = 0.55;

/// Prefix sums over the picture of the red lead of the dark pixels and of the dark pixels
/// themselves (one row and column of zeros first): window sums in O(1).
struct LeadSums {
    w: usize,
    h: usize,
    lead: Vec<i64>,
    count: Vec<i64>,
}

impl LeadSums {
    fn new(img: &RgbImage, dark: &GrayImage) -> LeadSums {
        let (w, h) = (img.width() as usize, img.height() as usize);
        let (raw, mask) = (img.as_raw(), dark.as_raw());
        let (mut lead, mut count) = (vec![0i64; (w + 1) * (h + 1)], vec![0i64; (w + 1) * (h + 1)]);
        for y in 0..h {
            let (mut row_lead, mut row_count) = (0i64, 0i64);
            for x in 0..w {
                let i = y * w + x;
                if mask[i] > 0 {
                    let p = &raw[3 * i..3 * i + 3];
                    row_lead += p[0] as i64 - p[1].max(p[2]) as i64;
                    row_count += 1;
                }
                let k = (y + 1) * (w + 1) + x + 1;
                lead[k] = lead[k - w - 1] + row_lead;
                count[k] = count[k - w - 1] + row_count;
            }
        }
        LeadSums { w, h, lead, count }
    }

    /// The sums of the lead and of dark pixels over the square of half width `r` round pixel
    /// `i` (clipped to the picture).
    fn window(&self, i: usize, r: i64) -> (i64, i64) {
        let (w, h) = (self.w, self.h);
        let (x, y) = ((i % w) as i64, (i / w) as i64);
        let (x0, y0) = ((x - r).max(0) as usize, (y - r).max(0) as usize);
        let (x1, y1) = (
            (x + r + 1).min(w as i64) as usize,
            (y + r + 1).min(h as i64) as usize,
        );
        let sum = |t: &[i64]| {
            t[y1 * (w + 1) + x1] - t[y0 * (w + 1) + x1] - t[y1 * (w + 1) + x0]
                + t[y0 * (w + 1) + x0]
        };
        (sum(&self.lead), sum(&self.count))
    }

    /// The mean lead of the dark pixels in the averaging window round pixel `i`.
    fn mean(&self, i: usize) -> f64 {
        let (l, n) = self.window(i, HALF);
        l as f64 / n.max(1) as f64
    }

    /// Whether the square of half width `RIM` round pixel `i` is all dark: the blurred rim of an
    /// area, where the paper's own red lead bleeds in, is left out (a hidden ring's centre is
    /// 1 mm inside; its stroke may cross the rim, and is seen inside it).
    fn inside(&self, i: usize) -> bool {
        self.window(i, RIM).1 == (2 * RIM + 1) * (2 * RIM + 1)
    }
}

/// The rings of the red test (`known`, with their points) joined by rings whose centres lie in
/// a dark area (`dark`, set pixels, the picture's size), each with its confidence.
/// - A candidate found here that touches no known ring (rings never touch one another) is added
///   when judged at `SHADED_LEAST` or more, or when its stroke is seen all round
///   (`seen_enough`, which then places it), capped at `SHADED_CONF`, unless it touches one
///   already added.
/// - One that touches a known ring is the same ring's other arc (a ring half over the paper,
///   half over an area, is seen red on one side and only dark red on the other): seen all round,
///   it takes the place of a known ring judged below `SHADED_LEAST`; otherwise the two arcs are
///   fitted together, and the joint fit takes the known ring's place when it is judged better
///   than the known ring alone (`joined`).
/// - One that touches no ring, judged a ring but not refitted at all (`refit`: its stroke seen at
///   under a third of the directions round it, lost at the picture's border, or refitted out of
///   the contract's radii), is not read: its centre (mm) is returned apart, a place where a ring
///   may be missed. (On the second generator's tuning photos 0 to 999 this took out two
///   invented rings, in near-black areas, and no true one.)
pub fn rings_in_dark(
    img: &RgbImage,
    dark: &GrayImage,
    known: Vec<RingFit>,
) -> (Vec<(Hook, f64)>, Vec<[f64; 2]>) {
    let mut out: Vec<(Hook, f64)> = Vec::with_capacity(known.len());
    let mut unseen = Vec::new();
    if dark.dimensions() != img.dimensions() {
        out.extend(known.into_iter().map(|(h, c, _)| (h, c)));
        return (out, unseen);
    }
    let sums = LeadSums::new(img, dark);
    let found: Vec<RingFit> = blobs(dark)
        .into_iter()
        .flat_map(|area| area_rings(&sums, area))
        .collect();
    let (w, h) = (sums.w, sums.h);
    let in_dark = |hook: &Hook| {
        let (x, y) = (hook.x * PX_PER_MM, hook.y * PX_PER_MM);
        x >= 0.0
            && y >= 0.0
            && (x as usize) < w
            && (y as usize) < h
            && dark.as_raw()[y as usize * w + x as usize] > 0
    };
    let mut known = known;
    let mut added = Vec::new();
    for (hook, conf, pts) in merge_split(found) {
        // A candidate whose stroke is seen all round its circle is refitted through it and
        // kept, however the averaged lead judged it (`ring_profile`).
        let profile = refit(img, &hook);
        let refit = seen_enough(profile.clone());
        let was_refit = refit.is_some();
        let (hook, conf) = match refit {
            Some(h) => (h, SHADED_CONF),
            None => (hook, conf),
        };
        let touching = known
            .iter()
            .position(|k| (k.0.x - hook.x).hypot(k.0.y - hook.y) <= k.0.r + hook.r);
        // A second candidate refitted onto a ring already added here is that ring again.
        if touching.is_none()
            && added
                .iter()
                .any(|(a, _): &(Hook, f64)| (a.x - hook.x).hypot(a.y - hook.y) <= a.r + hook.r)
        {
            continue;
        }
        match touching {
            Some(k) if known[k].1 < SHADED_LEAST && was_refit => {
                known[k] = (hook, SHADED_CONF, pts);
            }
            Some(k) => {
                if let Some(better) = joined(&known[k], &pts) {
                    known[k] = better;
                }
            }
            // Judged a ring by the averaged lead, but its stroke stands out at under a third of
            // the directions round it: no ring is read there, only a doubt that one is missed.
            None if profile.is_none() && conf >= SHADED_LEAST && in_dark(&hook) => {
                unseen.push([hook.x, hook.y]);
            }
            None if conf >= SHADED_LEAST && in_dark(&hook) => {
                added.push((hook, conf.min(SHADED_CONF)));
            }
            None => {}
        }
    }
    out.extend(known.into_iter().map(|(h, c, _)| (h, c)));
    out.extend(added);
    (out, unseen)
}

/// A known ring (`ring`) fitted together with an arc found in a dark area beside it (`arc`, its
/// weights scaled to at most 1 like the red test's): the joint ring, capped at `SHADED_CONF`,
/// when it is judged above the known ring's own confidence; otherwise None. Only a known ring
/// judged below `SHADED_LEAST` (a short arc, fitted wide) is refitted: the averaged lead spreads
/// an arc's points unevenly across the stroke, so a fair red ring is better fitted alone (on the
/// tuning photos of the second generator, 0 to 999, the one ring judged at or above it that a
/// joint fit moved was moved 0.3 mm away from the truth).
fn joined(ring: &RingFit, arc: &[(f64, f64, f64)]) -> Option<RingFit> {
    if ring.1 >= SHADED_LEAST {
        return None;
    }
    let top = arc.iter().map(|p| p.2).fold(f64::MIN_POSITIVE, f64::max);
    let mut pts = ring.2.clone();
    pts.extend(arc.iter().map(|&(x, y, wt)| (x, y, wt / top)));
    let (hook, conf) = judge_ring(&pts)?;
    (conf > ring.1).then(|| (hook, conf.min(SHADED_CONF), pts))
}

/// The rings fitted in one dark area (its pixel indices): its pixels away from the rim whose
/// averaged lead stands `STANDS_OUT` above the area's usual (median) lead, grouped, each group
/// judged as a ring (or, failing that, up to eight circles, `rings::MOST_RINGS`, found among its
/// points one at a time).
fn area_rings(sums: &LeadSums, area: Vec<usize>) -> Vec<RingFit> {
    let ring_px = (PX_PER_MM * PX_PER_MM) as usize;
    if area.len() < 16 * ring_px {
        return Vec::new();
    }
    let area: Vec<usize> = area.into_iter().filter(|&i| sums.inside(i)).collect();
    if area.len() < 4 * ring_px {
        return Vec::new();
    }
    let means: Vec<f64> = area.iter().map(|&i| sums.mean(i)).collect();
    let mut sorted = means.clone();
    sorted.sort_by(f64::total_cmp);
    let usual = sorted[sorted.len() / 2];
    let w = sums.w;
    let mut mask = GrayImage::new(w as u32, sums.h as u32);
    for (&i, &m) in area.iter().zip(&means) {
        if m >= usual + STANDS_OUT {
            mask.as_mut()[i] = 255;
        }
    }
    let mut found = Vec::new();
    for group in blobs(&mask) {
        if group.len() < ring_px / 2 {
            continue;
        }
        let pts: Vec<(f64, f64, f64)> = group
            .iter()
            .map(|&i| {
                let weight = (sums.mean(i) - usual) / STANDS_OUT;
                ((i % w) as f64 + 0.5, (i / w) as f64 + 0.5, weight)
            })
            .collect();
        if let Some((hook, conf)) = judge_ring(&pts) {
            found.push((hook, conf, pts));
            continue;
        }
        // Two rings side by side whose leads run together (a lit hole takes in the film between
        // them): circles found one at a time, as the red test does.
        found.extend(one_at_a_time(pts, |_, _| false, ring_px / 2).0);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Luma, Rgb};
    use neverland_chance::Chance;

    /// A 30 x 30 mm patch of parchment with a 20 mm near-black square in the middle and, when
    /// `ring`, a ring of 3.5 mm radius centred in it whose red leads by only 9 levels (a dark-red
    /// ring, blurred, over the area); sensor noise of ±4 levels throughout. Returns the picture
    /// and its dark mask.
    fn shaded_patch(ring: bool, seed: u64) -> (RgbImage, GrayImage) {
        let size = (30.0 * PX_PER_MM) as u32;
        let c = 15.0 * PX_PER_MM;
        let mut rng = Chance::from_seed(seed);
        let mut noise = || rng.below(9) as i32 - 4;
        let inside = |x: u32, y: u32| {
            let (dx, dy) = (x as f64 + 0.5 - c, y as f64 + 0.5 - c);
            dx.abs() < 10.0 * PX_PER_MM && dy.abs() < 10.0 * PX_PER_MM
        };
        let img = RgbImage::from_fn(size, size, |x, y| {
            let (dx, dy) = (x as f64 + 0.5 - c, y as f64 + 0.5 - c);
            let on_ring = ring && (dx.hypot(dy) / PX_PER_MM - 3.5).abs() < 0.3;
            let base: [i32; 3] = if !inside(x, y) {
                [226, 206, 166]
            } else if on_ring {
                [32, 20, 23]
            } else {
                [22, 24, 28]
            };
            Rgb(base.map(|v| (v + noise()).clamp(0, 255) as u8))
        });
        let dark = GrayImage::from_fn(size, size, |x, y| {
            Luma([if inside(x, y) { 255 } else { 0 }])
        });
        (img, dark)
    }

    #[test]
    fn a_faint_dark_red_ring_in_a_dark_area_is_found() {
        let (img, dark) = shaded_patch(true, 7);
        // Too faint for the red test.
        assert!(crate::rings::rings(&img).0.is_empty());
        let found = rings_in_dark(&img, &dark, Vec::new()).0;
        assert_eq!(found.len(), 1, "{found:?}");
        let (hook, _) = &found[0];
        assert!((hook.x - 15.0).hypot(hook.y - 15.0) < 0.3, "{hook:?}");
        assert!((hook.r - 3.5).abs() < 0.3, "{hook:?}");
    }

    #[test]
    fn a_plain_dark_area_has_no_ring_and_a_known_ring_is_not_found_twice() {
        for seed in 0..4 {
            let (img, dark) = shaded_patch(false, seed);
            assert!(
                rings_in_dark(&img, &dark, Vec::new()).0.is_empty(),
                "seed {seed}"
            );
        }
        let (img, dark) = shaded_patch(true, 7);
        let known = Hook {
            x: 15.1,
            y: 14.9,
            r: 3.5,
            hidden: true,
        };
        let fit = (known.clone(), 1.0, circle_points(&known, 1.0));
        let out = rings_in_dark(&img, &dark, vec![fit]).0;
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!((out[0].0.x, out[0].0.y, out[0].1), (15.1, 14.9, 1.0));
    }

    #[test]
    fn a_ring_seen_red_on_one_side_takes_its_place_from_its_dark_red_arc() {
        // The red test saw only a third of the ring (where it crosses onto the paper) and fitted
        // it too wide and off centre; the dark-red rest lies in the area. (Here the area's
        // candidate is refitted through its stroke and replaces the known ring; the joint fit
        // of both arcs, `joined`, would place it too, so this test pins neither path alone.)
        let (img, dark) = shaded_patch(true, 7);
        let truth = Hook {
            x: 15.0,
            y: 15.0,
            r: 3.5,
            hidden: true,
        };
        let seen = arc_points(&truth, 0.35, 0.65);
        let wrong = Hook {
            x: 13.9,
            y: 15.0,
            r: 4.6,
            hidden: false,
        };
        let out = rings_in_dark(&img, &dark, vec![(wrong.clone(), 0.0, seen.clone())]).0;
        assert_eq!(out.len(), 1, "{out:?}");
        let (hook, conf) = &out[0];
        assert!((hook.x - 15.0).hypot(hook.y - 15.0) < 0.3, "{hook:?}");
        assert!((hook.r - 3.5).abs() < 0.3, "{hook:?}");
        assert!(*conf > 0.0 && *conf <= SHADED_CONF, "{conf}");
        // A red ring judged fair (`SHADED_LEAST` or more) is kept as the red test fitted it.
        let out = rings_in_dark(&img, &dark, vec![(wrong, SHADED_LEAST, seen)]).0;
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(
            (out[0].0.x, out[0].0.r, out[0].1),
            (13.9, 4.6, SHADED_LEAST)
        );
    }

    #[test]
    fn two_faint_rings_nearly_touching_in_a_dark_area_are_both_found() {
        // Two dark-red rings of 3 mm radius whose 0.6 mm strokes pass 0.2 mm apart (the contract
        // only keeps rings from touching): their averaged leads run together into one group.
        let size = (30.0 * PX_PER_MM) as u32;
        let mut rng = Chance::from_seed(3);
        let centres = [[11.6, 15.0], [18.4, 15.0]];
        let inside = |u: f64, v: f64| (4.0..26.0).contains(&u) && (5.0..25.0).contains(&v);
        let img = RgbImage::from_fn(size, size, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            let on_ring = centres
                .iter()
                .any(|c| ((u - c[0]).hypot(v - c[1]) - 3.0).abs() < 0.3);
            let base: [i32; 3] = match (inside(u, v), on_ring) {
                (false, _) => [226, 206, 166],
                (true, true) => [32, 20, 23],
                (true, false) => [22, 24, 28],
            };
            Rgb(base.map(|v| (v + rng.below(9) as i32 - 4).clamp(0, 255) as u8))
        });
        let dark = GrayImage::from_fn(size, size, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / PX_PER_MM, (y as f64 + 0.5) / PX_PER_MM);
            Luma([if inside(u, v) { 255 } else { 0 }])
        });
        let found = rings_in_dark(&img, &dark, Vec::new()).0;
        for c in centres {
            assert!(
                found
                    .iter()
                    .any(|(h, _)| (h.x - c[0]).hypot(h.y - c[1]) < 0.3 && (h.r - 3.0).abs() < 0.3),
                "the ring at {c:?}: {found:?}"
            );
        }
    }

    /// Points (px) all round a ring, or over its arc from `from` to `to` turns, weight 1.
    fn arc_points(h: &Hook, from: f64, to: f64) -> Vec<(f64, f64, f64)> {
        (0..360)
            .map(|k| std::f64::consts::TAU * (from + (to - from) * k as f64 / 360.0))
            .flat_map(|a| {
                [-1.0, 0.0, 1.0].map(|d| {
                    let r = h.r * PX_PER_MM + d;
                    (
                        h.x * PX_PER_MM + r * a.cos(),
                        h.y * PX_PER_MM + r * a.sin(),
                        1.0,
                    )
                })
            })
            .collect()
    }

    fn circle_points(h: &Hook, turns: f64) -> Vec<(f64, f64, f64)> {
        arc_points(h, 0.0, turns)
    }
}
