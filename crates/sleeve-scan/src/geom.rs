//! Small plane geometry shared by the stages: lines fitted by total least squares, and the
//! homography between card millimetres and photo pixels (the scanner's own; the test-photo
//! generator borrows it, never the other way round).

use nalgebra::{Matrix3, Vector3};

/// The card's size in millimetres (the contract's 60 x 90 mm, portrait).
pub const CARD_W: f64 = 60.0;
pub const CARD_H: f64 = 90.0;
/// The sleeve film's clear margin around the card (contract): 2.5 mm.
pub const FILM_MM: f64 = 2.5;

/// A line as a point on it and a unit direction.
pub type Line = ([f64; 2], [f64; 2]);

/// Total least-squares line through points.
pub fn fit_line(pts: &[[f64; 2]]) -> Line {
    let n = pts.len() as f64;
    let (mx, my) = (
        pts.iter().map(|p| p[0]).sum::<f64>() / n,
        pts.iter().map(|p| p[1]).sum::<f64>() / n,
    );
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for p in pts {
        let (dx, dy) = (p[0] - mx, p[1] - my);
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    ([mx, my], [angle.cos(), angle.sin()])
}

/// Area of a simple polygon (shoelace formula), whatever its winding.
pub fn polygon_area(q: &[[f64; 2]]) -> f64 {
    let n = q.len();
    (0..n)
        .map(|i| q[i][0] * q[(i + 1) % n][1] - q[(i + 1) % n][0] * q[i][1])
        .sum::<f64>()
        .abs()
        / 2.0
}

/// Distance from a point to a line.
pub fn line_dist(line: Line, p: [f64; 2]) -> f64 {
    line_side(line, p).abs()
}

/// Signed distance from a point to a line: points on opposite sides of it have opposite signs.
pub fn line_side((o, d): Line, p: [f64; 2]) -> f64 {
    (p[0] - o[0]) * d[1] - (p[1] - o[1]) * d[0]
}

/// The line from `a` through `b` (origin `a`, unit direction), unless the two points coincide.
pub fn line_through(a: [f64; 2], b: [f64; 2]) -> Option<Line> {
    let len = (b[0] - a[0]).hypot(b[1] - a[1]);
    (len > 1e-6).then(|| (a, [(b[0] - a[0]) / len, (b[1] - a[1]) / len]))
}

/// Where two lines cross, unless they are nearly parallel (|sin| below `min_sin`).
pub fn intersect((o1, d1): Line, (o2, d2): Line, min_sin: f64) -> Option<[f64; 2]> {
    let den = d1[0] * d2[1] - d1[1] * d2[0];
    if den.abs() < min_sin {
        return None;
    }
    let t = ((o2[0] - o1[0]) * d2[1] - (o2[1] - o1[1]) * d2[0]) / den;
    Some([o1[0] + t * d1[0], o1[1] + t * d1[1]])
}

/// The normal of a line of unit direction `d`, turned to the side `toward` points to (the
/// normal `[-d[1], d[0]]` when it points that way or square to it, else its opposite).
pub fn normal_toward(d: [f64; 2], toward: [f64; 2]) -> [f64; 2] {
    if -d[1] * toward[0] + d[0] * toward[1] >= 0.0 {
        [-d[1], d[0]]
    } else {
        [d[1], -d[0]]
    }
}

/// The corners where four lines going round a quadrilateral meet: line `k` runs from corner `k`
/// to corner `k + 1`, so lines `k` and `k + 1` meet at corner `k + 1`. None when two neighbours
/// are nearly parallel (|sin| below `min_sin`).
pub fn corners_where(lines: &[Line; 4], min_sin: f64) -> Option<[[f64; 2]; 4]> {
    let mut out = [[0.0; 2]; 4];
    for k in 0..4 {
        out[(k + 1) % 4] = intersect(lines[k], lines[(k + 1) % 4], min_sin)?;
    }
    Some(out)
}

/// A line through most of `pts` (within `tol`), found by trying lines through pairs of points
/// spread over the list (deterministic: the same points give the same line), then refitted by
/// total least squares to the inliers of the best pair. Returns the line and its inlier count.
pub fn ransac_line(pts: &[[f64; 2]], tol: f64) -> Option<(Line, usize)> {
    let n = pts.len();
    if n < 6 {
        return None;
    }
    let inliers = |l: Line| pts.iter().filter(|p| line_dist(l, **p) <= tol).count();
    let mut best: Option<(Line, usize)> = None;
    let stride = (n / 12).max(1);
    for i in (0..n).step_by(stride) {
        for j in ((i + n / 3)..n).step_by(stride) {
            let (a, b) = (pts[i], pts[j]);
            let len = (b[0] - a[0]).hypot(b[1] - a[1]);
            if len < 1e-9 {
                continue;
            }
            let l = (a, [(b[0] - a[0]) / len, (b[1] - a[1]) / len]);
            let c = inliers(l);
            if best.is_none_or(|b| c > b.1) {
                best = Some((l, c));
            }
        }
    }
    let (l, _) = best?;
    let kept: Vec<[f64; 2]> = pts
        .iter()
        .copied()
        .filter(|p| line_dist(l, *p) <= tol)
        .collect();
    if kept.len() < 4 {
        return None;
    }
    let fitted = fit_line(&kept);
    let kept2: Vec<[f64; 2]> = pts
        .iter()
        .copied()
        .filter(|p| line_dist(fitted, *p) <= tol)
        .collect();
    if kept2.len() < 4 {
        return Some((fitted, kept.len()));
    }
    Some((fit_line(&kept2), kept2.len()))
}

/// The homography taking card millimetres to photo pixels, from the four corners.
pub fn homography(corners_px: &[[f64; 2]; 4]) -> Matrix3<f64> {
    let src = [[0.0, 0.0], [CARD_W, 0.0], [CARD_W, CARD_H], [0.0, CARD_H]];
    solve_homography(&src, corners_px)
}

/// Direct linear solve of the 8-parameter homography mapping `src[i]` to `dst[i]`.
pub fn solve_homography(src: &[[f64; 2]; 4], dst: &[[f64; 2]; 4]) -> Matrix3<f64> {
    let mut a = nalgebra::SMatrix::<f64, 8, 8>::zeros();
    let mut b = nalgebra::SVector::<f64, 8>::zeros();
    for i in 0..4 {
        let ([x, y], [u, v]) = (src[i], dst[i]);
        a.set_row(
            2 * i,
            &nalgebra::RowSVector::<f64, 8>::from_row_slice(&[
                x,
                y,
                1.0,
                0.0,
                0.0,
                0.0,
                -u * x,
                -u * y,
            ]),
        );
        a.set_row(
            2 * i + 1,
            &nalgebra::RowSVector::<f64, 8>::from_row_slice(&[
                0.0,
                0.0,
                0.0,
                x,
                y,
                1.0,
                -v * x,
                -v * y,
            ]),
        );
        b[2 * i] = u;
        b[2 * i + 1] = v;
    }
    let h = a
        .lu()
        .solve(&b)
        .unwrap_or_else(nalgebra::SVector::<f64, 8>::zeros);
    Matrix3::new(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0)
}

/// The length of side `k` of a quadrilateral: from corner `k` to the next.
pub fn side_len(quad: &[[f64; 2]; 4], k: usize) -> f64 {
    let (a, b) = (quad[k], quad[(k + 1) % 4]);
    (b[0] - a[0]).hypot(b[1] - a[1])
}

/// Pixels per card millimetre along side `k` of a quadrilateral going round a card: the side
/// pair that is longer on the photo is taken for the card's 90 mm.
pub fn side_px_per_mm(quad: &[[f64; 2]; 4], k: usize) -> f64 {
    let mm = if k.is_multiple_of(2) == long_pair_first(quad) {
        CARD_H
    } else {
        CARD_W
    };
    side_len(quad, k) / mm
}

/// Side `k` of a quadrilateral (corner `k` to the next): its unit direction, and its unit
/// normal pointing in, to the side of its middle where the mean of the four corners lies.
pub fn side_frame(quad: &[[f64; 2]; 4], k: usize) -> ([f64; 2], [f64; 2]) {
    let (a, b) = (quad[k], quad[(k + 1) % 4]);
    let len = side_len(quad, k);
    let t = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    let centre = [
        quad.iter().map(|p| p[0]).sum::<f64>() / 4.0,
        quad.iter().map(|p| p[1]).sum::<f64>() / 4.0,
    ];
    let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
    let nrm = [-t[1], t[0]];
    if (centre[0] - mid[0]) * nrm[0] + (centre[1] - mid[1]) * nrm[1] < 0.0 {
        (t, [-nrm[0], -nrm[1]])
    } else {
        (t, nrm)
    }
}

/// Whether sides 0 and 2 of a quadrilateral going round a card are longer together on the photo
/// than sides 1 and 3: the pair taken for the card's 90 mm.
pub fn long_pair_first(quad: &[[f64; 2]; 4]) -> bool {
    side_len(quad, 0) + side_len(quad, 2) > side_len(quad, 1) + side_len(quad, 3)
}

/// A quadrilateral going round a card (any corner first, either way round) grown evenly by `mm`
/// card millimetres each way, through its own perspective: the side pair that is longer on the
/// photo is taken for the card's 90 mm. The corners keep their order.
pub fn grown(quad: [[f64; 2]; 4], mm: f64) -> [[f64; 2]; 4] {
    let (w, h) = if long_pair_first(&quad) {
        (CARD_H, CARD_W)
    } else {
        (CARD_W, CARD_H)
    };
    let to_photo = solve_homography(&[[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]], &quad);
    [[-mm, -mm], [w + mm, -mm], [w + mm, h + mm], [-mm, h + mm]].map(|p| apply(&to_photo, p))
}

/// A point of a copy reduced by `f` (each pixel standing for an f x f block) in the photo's
/// pixels (a pixel's centre at integer coordinates in both).
pub fn from_reduced(p: [f64; 2], f: u32) -> [f64; 2] {
    p.map(|v| (v + 0.5) * f as f64 - 0.5)
}

/// A photo point in the pixels of a copy reduced by `f` (`from_reduced` undone).
pub fn to_reduced(p: [f64; 2], f: u32) -> [f64; 2] {
    p.map(|v| (v + 0.5) / f as f64 - 0.5)
}

/// Maps a point through a homography.
pub fn apply(h: &Matrix3<f64>, p: [f64; 2]) -> [f64; 2] {
    let v = h * Vector3::new(p[0], p[1], 1.0);
    [v.x / v.z, v.y / v.z]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quad_grows_evenly_in_card_millimetres_either_way_up() {
        // An upright card at 10 px/mm from (100, 200), and the same card lying on its side.
        let upright = [
            [100.0, 200.0],
            [700.0, 200.0],
            [700.0, 1100.0],
            [100.0, 1100.0],
        ];
        let g = grown(upright, 2.0);
        let want = [
            [80.0, 180.0],
            [720.0, 180.0],
            [720.0, 1120.0],
            [80.0, 1120.0],
        ];
        for (p, q) in g.iter().zip(want) {
            assert!(
                (p[0] - q[0]).abs() < 1e-6 && (p[1] - q[1]).abs() < 1e-6,
                "{g:?}"
            );
        }
        let lying = [
            [100.0, 200.0],
            [1000.0, 200.0],
            [1000.0, 800.0],
            [100.0, 800.0],
        ];
        let g = grown(lying, 1.0);
        assert!(
            (g[0][0] - 90.0).abs() < 1e-6 && (g[2][1] - 810.0).abs() < 1e-6,
            "{g:?}"
        );
    }

    #[test]
    fn the_homography_maps_corners_to_corners() {
        let corners = [[100.0, 50.0], [700.0, 80.0], [650.0, 900.0], [90.0, 880.0]];
        let h = homography(&corners);
        for (p, want) in [[0.0, 0.0], [CARD_W, 0.0], [CARD_W, CARD_H], [0.0, CARD_H]]
            .iter()
            .zip(corners)
        {
            let got = apply(&h, *p);
            assert!((got[0] - want[0]).abs() < 1e-6 && (got[1] - want[1]).abs() < 1e-6);
        }
    }

    #[test]
    fn fits_and_crosses() {
        let pts: Vec<[f64; 2]> = (0..20).map(|i| [i as f64, 2.0 * i as f64 + 1.0]).collect();
        let l = fit_line(&pts);
        assert!(pts.iter().all(|p| line_dist(l, *p) < 1e-9));
        let vertical = ([3.0, 0.0], [0.0, 1.0]);
        let p = intersect(l, vertical, 1e-9).unwrap();
        assert!((p[0] - 3.0).abs() < 1e-9 && (p[1] - 7.0).abs() < 1e-9);
        assert!(intersect(l, l, 1e-9).is_none());
        assert_eq!(
            polygon_area(&[[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]]),
            12.0
        );
        assert_eq!(
            polygon_area(&[[0.0, 0.0], [0.0, 3.0], [4.0, 3.0], [4.0, 0.0]]),
            12.0
        );
    }
}
