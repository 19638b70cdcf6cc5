//! Stage 4: the hidden facts on the canonical card image (PX_PER_MM pixels per millimetre,
//! upright): red rings, dark areas, the cross.

use image::{GrayImage, Luma, RgbImage};
use imageproc::region_labelling::{Connectivity, connected_components};

use crate::geom::{Line, fit_line, intersect, line_dist, polygon_area};
use crate::scan::{CrossAt, Hook, PX_PER_MM};

fn ch(p: &image::Rgb<u8>) -> [f64; 3] {
    p.0.map(|c| c as f64 / 255.0)
}

/// Luminance (Rec. 601 weights) of a colour in 0..1.
pub fn luma(c: [f64; 3]) -> f64 {
    0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
}

/// Redness that survives glare and shadow: how far red stands above the larger of green and
/// blue, relative to red itself. Parchment ≈ 0.05, laces ≈ 0.4, a ring ≈ 0.85 on the card and
/// over a dark area alike.
pub fn redness(c: [f64; 3]) -> f64 {
    if c[0] < 0.08 {
        return 0.0;
    }
    (c[0] - c[1].max(c[2])) / c[0]
}

/// The brightest luminance in a square window around each pixel, on a coarse grid: the local
/// reference level of the card's paper (glare and fall-off included).
pub fn local_reference(img: &RgbImage, window_mm: f64) -> GrayImage {
    let cell = (PX_PER_MM as u32 * 2).max(1);
    let (gw, gh) = (img.width().div_ceil(cell), img.height().div_ceil(cell));
    let mut grid = vec![0.0f64; (gw * gh) as usize];
    for (x, y, p) in img.enumerate_pixels() {
        let i = ((y / cell) * gw + x / cell) as usize;
        // The 90th-percentile stand-in: the brightest non-red pixel of the cell.
        let c = ch(p);
        if redness(c) < 0.5 {
            grid[i] = grid[i].max(luma(c));
        }
    }
    let r = ((window_mm * PX_PER_MM) / cell as f64 / 2.0).ceil() as i64;
    let mut out = GrayImage::new(img.width(), img.height());
    let mut coarse = vec![0.0f64; grid.len()];
    for gy in 0..gh as i64 {
        for gx in 0..gw as i64 {
            let mut m: f64 = 0.0;
            for dy in -r..=r {
                for dx in -r..=r {
                    let (x, y) = (gx + dx, gy + dy);
                    if x >= 0 && y >= 0 && x < gw as i64 && y < gh as i64 {
                        m = m.max(grid[(y as u32 * gw + x as u32) as usize]);
                    }
                }
            }
            coarse[(gy as u32 * gw + gx as u32) as usize] = m;
        }
    }
    for (x, y, p) in out.enumerate_pixels_mut() {
        *p = Luma([(coarse[((y / cell) * gw + x / cell) as usize] * 255.0) as u8]);
    }
    out
}

/// The dark areas: pixels darker than half the local paper level (dark-red ring pixels count,
/// bright red does not). An opening by about 2 mm and a minimum size decide which dark regions
/// are dark areas (not strokes of the cross, the laces or thin marks); each chosen region is then
/// kept whole, so its corners stay sharp (reconstruction, not the opened shape).
pub fn dark_mask(img: &RgbImage, reference: &GrayImage) -> GrayImage {
    let mut raw = GrayImage::new(img.width(), img.height());
    for (x, y, p) in img.enumerate_pixels() {
        let c = ch(p);
        let refl = reference.get_pixel(x, y)[0] as f64 / 255.0;
        let level = 0.5 * refl.max(0.2);
        let dark =
            (luma(c) < level && redness(c) < 0.5) || (redness(c) > 0.3 && c[0] < level + 0.15);
        raw.put_pixel(x, y, Luma([if dark { 255 } else { 0 }]));
    }
    let k = (PX_PER_MM * 0.9) as u8;
    let opened = imageproc::morphology::open(&raw, imageproc::distance_transform::Norm::LInf, k);
    let seeds = connected_components(&opened, Connectivity::Eight, Luma([0u8]));
    let mut area = std::collections::HashMap::<u32, u32>::new();
    for l in seeds.pixels() {
        if l[0] != 0 {
            *area.entry(l[0]).or_default() += 1;
        }
    }
    // Dark areas are 8 mm across or more.
    let min_area = (20.0 * PX_PER_MM * PX_PER_MM) as u32;
    let regions = connected_components(&raw, Connectivity::Eight, Luma([0u8]));
    let mut keep = std::collections::HashSet::new();
    for (x, y, l) in seeds.enumerate_pixels() {
        if l[0] != 0 && area[&l[0]] >= min_area {
            keep.insert(regions.get_pixel(x, y)[0]);
        }
    }
    GrayImage::from_fn(raw.width(), raw.height(), |x, y| {
        let l = regions.get_pixel(x, y)[0];
        Luma([if l != 0 && keep.contains(&l) { 255 } else { 0 }])
    })
}

/// Fits a circle to weighted points (algebraic least squares, then a few geometric
/// Gauss–Newton steps): centre and radius.
pub fn fit_circle(pts: &[(f64, f64, f64)]) -> Option<(f64, f64, f64)> {
    if pts.len() < 6 {
        return None;
    }
    let (mut sw, mut mx, mut my) = (0.0, 0.0, 0.0);
    for &(x, y, w) in pts {
        sw += w;
        mx += w * x;
        my += w * y;
    }
    mx /= sw;
    my /= sw;
    let (mut suu, mut suv, mut svv, mut suuu, mut svvv, mut suvv, mut svuu) =
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for &(x, y, w) in pts {
        let (u, v) = (x - mx, y - my);
        suu += w * u * u;
        suv += w * u * v;
        svv += w * v * v;
        suuu += w * u * u * u;
        svvv += w * v * v * v;
        suvv += w * u * v * v;
        svuu += w * v * u * u;
    }
    let det = suu * svv - suv * suv;
    if det.abs() < 1e-12 {
        return None;
    }
    let (bu, bv) = (0.5 * (suuu + suvv), 0.5 * (svvv + svuu));
    let uc = (bu * svv - bv * suv) / det;
    let vc = (suu * bv - suv * bu) / det;
    let (mut cx, mut cy) = (uc + mx, vc + my);
    let mut r = (uc * uc + vc * vc + (suu + svv) / sw).sqrt();
    // Geometric refinement: minimise the weighted distance of points to the circle.
    for _ in 0..10 {
        let (mut jtj, mut jtr) = (
            nalgebra::Matrix3::<f64>::zeros(),
            nalgebra::Vector3::<f64>::zeros(),
        );
        for &(x, y, w) in pts {
            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt().max(1e-9);
            let res = d - r;
            let j = nalgebra::Vector3::new(-(x - cx) / d, -(y - cy) / d, -1.0);
            jtj += w * j * j.transpose();
            jtr += w * j * res;
        }
        let Some(step) = jtj.lu().solve(&(-jtr)) else {
            break;
        };
        cx += step[0];
        cy += step[1];
        r += step[2];
        if step.norm() < 1e-7 {
            break;
        }
    }
    Some((cx, cy, r))
}

/// Redness for finding rings: the ratio to red itself, or red's absolute lead over green and blue
/// (glare adds the same to every channel, so the lead survives it where the ratio does not: a
/// dark-red ring over a dark area under glare). The paper leads by about 0.05, the laces by 0.16;
/// shapes that are not rings are dropped after the circle fit.
fn ring_redness(c: [f64; 3]) -> f64 {
    let lead = c[0] - c[1].max(c[2]);
    redness(c).max((lead / 0.3).min(1.0))
}

/// The red rings: red pixels grouped into components, each fitted with a circle; the hidden flag
/// from the dark-area mask at the centre.
pub fn rings(img: &RgbImage, dark: &GrayImage) -> (Vec<Hook>, f64) {
    let mut mask = GrayImage::new(img.width(), img.height());
    let mut weight = vec![0.0f64; (img.width() * img.height()) as usize];
    for (x, y, p) in img.enumerate_pixels() {
        let c = ch(p);
        // Red ink: green and blue stay together (brown, like the laces, has green over blue).
        let r = if (c[1] - c[2]).abs() < 0.07 {
            ring_redness(c)
        } else {
            0.0
        };
        weight[(y * img.width() + x) as usize] = r;
        if r > 0.45 {
            mask.put_pixel(x, y, Luma([255]));
        }
    }
    let labels = connected_components(&mask, Connectivity::Eight, Luma([0u8]));
    let mut groups: std::collections::HashMap<u32, Vec<(f64, f64, f64)>> =
        std::collections::HashMap::new();
    for (x, y, l) in labels.enumerate_pixels() {
        if l[0] != 0 {
            // Weight by redness (a soft edge profile): the fitted radius is the stroke's middle.
            let w = weight[(y * img.width() + x) as usize];
            groups
                .entry(l[0])
                .or_default()
                .push((x as f64 + 0.5, y as f64 + 0.5, w));
        }
    }
    let mut out = Vec::new();
    let mut worst: f64 = 1.0;
    for pts in groups.values() {
        if pts.len() < (PX_PER_MM * PX_PER_MM) as usize {
            continue;
        }
        let Some((cx, cy, r)) = fit_circle(pts) else {
            continue;
        };
        let r_mm = r / PX_PER_MM;
        if !(1.5..=6.5).contains(&r_mm) {
            continue;
        }
        // A ring: its pixels lie close to the circle all round.
        let spread = pts
            .iter()
            .map(|&(x, y, _)| (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).abs())
            .sum::<f64>()
            / pts.len() as f64;
        let conf = (1.0 - spread / (0.5 * PX_PER_MM)).clamp(0.0, 1.0);
        // And its middle is empty (a filled shape, such as the laces, is not a ring).
        let inner = pts
            .iter()
            .filter(|&&(x, y, _)| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() < 0.6 * r)
            .count();
        if conf < 0.2 || inner * 20 > pts.len() {
            continue;
        }
        worst = worst.min(conf);
        let hidden = dark.get_pixel(
            (cx as u32).min(dark.width() - 1),
            (cy as u32).min(dark.height() - 1),
        )[0] > 0;
        out.push(Hook {
            x: cx / PX_PER_MM,
            y: cy / PX_PER_MM,
            r: r_mm,
            hidden,
        });
    }
    out.sort_by(|a, b| {
        (a.y, a.x)
            .partial_cmp(&(b.y, b.x))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    (out, worst)
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

/// The cross: ink (dark against the local paper, not red, away from dark areas and the laces),
/// two strokes found by fitting a line, removing its pixels, and fitting the other; the centre is
/// where the two centre lines meet. None when there is too little ink for a cross.
pub fn cross(img: &RgbImage, reference: &GrayImage, dark: &GrayImage) -> (Option<CrossAt>, f64) {
    let grown = imageproc::morphology::dilate(
        dark,
        imageproc::distance_transform::Norm::LInf,
        (PX_PER_MM * 0.7) as u8,
    );
    let mut ink = Vec::new();
    let (w, h) = (img.width(), img.height());
    let margin = (1.2 * PX_PER_MM) as u32;
    for (x, y, p) in img.enumerate_pixels() {
        if x < margin || y < margin || x >= w - margin || y >= h - margin {
            continue;
        }
        // The laces' corner.
        if x as f64 > (60.0 - 12.0) * PX_PER_MM && y as f64 > (90.0 - 12.0) * PX_PER_MM {
            continue;
        }
        let c = ch(p);
        let refl = reference.get_pixel(x, y)[0] as f64 / 255.0;
        if luma(c) < 0.62 * refl.max(0.2) && redness(c) < 0.35 && grown.get_pixel(x, y)[0] == 0 {
            ink.push([x as f64 + 0.5, y as f64 + 0.5]);
        }
    }
    let min_ink = (2.0 * 3.5 * 0.8 * PX_PER_MM * PX_PER_MM * 0.8) as usize;
    if ink.len() < min_ink {
        return (None, if ink.is_empty() { 1.0 } else { 0.8 });
    }
    let Some((l1, s1, rest)) = ransac_stroke(&ink) else {
        return (None, 0.3);
    };
    let Some((l2, s2, _)) = ransac_stroke(&rest) else {
        return (None, 0.3);
    };
    let Some(p) = intersect(l1, l2, 0.2) else {
        return (None, 0.3);
    };
    // A cross: two strokes of a marker's length that cross near both their middles.
    let shaped = |(o, d): Line, (lo, hi): (f64, f64)| {
        let len = (hi - lo) / PX_PER_MM;
        let at = (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1];
        (5.0..=13.0).contains(&len) && at > lo + 0.25 * (hi - lo) && at < hi - 0.25 * (hi - lo)
    };
    if !shaped(l1, s1) || !shaped(l2, s2) {
        return (None, 0.6);
    }
    let angle = (l1.1[0] * l2.1[0] + l1.1[1] * l2.1[1]).abs();
    let conf: f64 = (1.0 - angle).clamp(0.0, 1.0);
    (
        Some(CrossAt {
            x: p[0] / PX_PER_MM,
            y: p[1] / PX_PER_MM,
        }),
        conf,
    )
}

/// A fitted stroke: its line, the span of its pixels along the line, and the points left over.
type Stroke = (Line, (f64, f64), Vec<[f64; 2]>);

/// The strongest straight stroke among the points (deterministic RANSAC over point pairs): its
/// least-squares line, the span of its longest unbroken run of pixels along it, and the points
/// that are not on it.
fn ransac_stroke(pts: &[[f64; 2]]) -> Option<Stroke> {
    if pts.len() < 20 {
        return None;
    }
    let band = 0.9 * PX_PER_MM;
    let mut best: Option<(usize, Line)> = None;
    let n = pts.len();
    let mut state = 0x9e37_79b9u64;
    for _ in 0..300 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let i = (state >> 33) as usize % n;
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let j = (state >> 33) as usize % n;
        let (a, b) = (pts[i], pts[j]);
        let len = (b[0] - a[0]).hypot(b[1] - a[1]);
        if len < 2.0 * PX_PER_MM {
            continue;
        }
        let line = (a, [(b[0] - a[0]) / len, (b[1] - a[1]) / len]);
        let count = pts.iter().filter(|p| line_dist(line, **p) < band).count();
        if best.is_none_or(|(c, _)| count > c) {
            best = Some((count, line));
        }
    }
    let (_, line) = best?;
    let inliers: Vec<[f64; 2]> = pts
        .iter()
        .copied()
        .filter(|p| line_dist(line, *p) < band)
        .collect();
    let mut refined = fit_line(&inliers);
    for _ in 0..2 {
        let inl: Vec<[f64; 2]> = pts
            .iter()
            .copied()
            .filter(|p| line_dist(refined, *p) < 0.8 * band)
            .collect();
        if inl.len() < 10 {
            break;
        }
        refined = fit_line(&inl);
    }
    let rest: Vec<[f64; 2]> = pts
        .iter()
        .copied()
        .filter(|p| line_dist(refined, *p) >= 1.1 * band)
        .collect();
    let (o, d) = refined;
    let mut along: Vec<f64> = pts
        .iter()
        .filter(|p| line_dist(refined, **p) < band)
        .map(|p| (p[0] - o[0]) * d[0] + (p[1] - o[1]) * d[1])
        .collect();
    along.sort_by(f64::total_cmp);
    // The stroke is the longest run of pixels along the line without a gap over 2.5 mm (other
    // ink that happens to lie on the same line is not part of it; the gap allows for the band
    // cleared where the first stroke crossed the second).
    let gap = 2.5 * PX_PER_MM;
    let (mut best, mut start) = ((along[0], along[0]), along[0]);
    for w in along.windows(2) {
        if w[1] - w[0] > gap {
            start = w[1];
        }
        if w[1] - start > best.1 - best.0 {
            best = (start, w[1]);
        }
    }
    let span = best;
    Some((refined, span, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_fit_recovers_centre_and_radius_from_a_noisy_stroke() {
        // Points spread across a 6 px wide stroke around (120.3, 80.7), radius 37.25.
        let mut pts = Vec::new();
        for i in 0..720 {
            let a = i as f64 * std::f64::consts::TAU / 720.0;
            for k in -3..=3 {
                let r = 37.25 + k as f64 + 0.3 * ((i as i64 * 7 + k).rem_euclid(5)) as f64 - 0.6;
                pts.push((
                    120.3 + r * a.cos(),
                    80.7 + r * a.sin(),
                    1.0 - (k as f64).abs() / 4.0,
                ));
            }
        }
        let (cx, cy, r) = fit_circle(&pts).unwrap();
        assert!(
            (cx - 120.3).abs() < 0.02 && (cy - 80.7).abs() < 0.02,
            "{cx} {cy}"
        );
        assert!((r - 37.25).abs() < 0.05, "{r}");
        assert!(fit_circle(&pts[..3]).is_none());
    }

    #[test]
    fn redness_survives_glare_and_darkness() {
        let ring_on_paper = [0.95, 0.12, 0.10];
        let ring_on_dark = [0.24, 0.01, 0.02];
        let glare = 0.35;
        assert!(ring_redness(ring_on_paper) > 0.8);
        assert!(ring_redness(ring_on_dark) > 0.8);
        assert!(ring_redness(ring_on_dark.map(|c| c + glare)) > 0.6);
        assert!(ring_redness([0.93, 0.88, 0.76]) < 0.3, "paper");
        assert!(
            ring_redness([0.93, 0.88, 0.76].map(|c: f64| (c + glare).min(1.0))) < 0.3,
            "paper in glare"
        );
    }
}
