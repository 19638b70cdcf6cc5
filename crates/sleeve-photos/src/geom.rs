//! Plane geometry in card millimetres and photo pixels: points, distances to segments and
//! polygons, the card's rounded outline, and the homography that puts the card in the photo.

use std::ops::{Add, Mul, Sub};

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct P {
    pub x: f64,
    pub y: f64,
}

pub const fn p(x: f64, y: f64) -> P {
    P { x, y }
}

impl Add for P {
    type Output = P;
    fn add(self, o: P) -> P {
        p(self.x + o.x, self.y + o.y)
    }
}
impl Sub for P {
    type Output = P;
    fn sub(self, o: P) -> P {
        p(self.x - o.x, self.y - o.y)
    }
}
impl Mul<f64> for P {
    type Output = P;
    fn mul(self, k: f64) -> P {
        p(self.x * k, self.y * k)
    }
}

impl P {
    pub fn dot(self, o: P) -> f64 {
        self.x * o.x + self.y * o.y
    }
    pub fn cross(self, o: P) -> f64 {
        self.x * o.y - self.y * o.x
    }
    pub fn len(self) -> f64 {
        self.dot(self).sqrt()
    }
    pub fn dist(self, o: P) -> f64 {
        (self - o).len()
    }
    /// The unit vector at `angle` radians from the x axis.
    pub fn polar(angle: f64) -> P {
        p(angle.cos(), angle.sin())
    }
    pub fn rotate(self, angle: f64) -> P {
        let (s, c) = angle.sin_cos();
        p(c * self.x - s * self.y, s * self.x + c * self.y)
    }
}

/// The card: 60 × 90 mm, corners rounded with 3 mm.
pub const CARD_W: f64 = 60.0;
pub const CARD_H: f64 = 90.0;
pub const CARD_RADIUS: f64 = 3.0;
/// Clear sleeve film around the card.
pub const FILM_MARGIN: f64 = 2.5;

/// Distance from `q` to the segment `a`–`b`.
pub fn seg_dist(q: P, a: P, b: P) -> f64 {
    let ab = b - a;
    let l2 = ab.dot(ab);
    let t = if l2 == 0.0 {
        0.0
    } else {
        ((q - a).dot(ab) / l2).clamp(0.0, 1.0)
    };
    q.dist(a + ab * t)
}

/// Even–odd point-in-polygon test.
pub fn inside(q: P, poly: &[P]) -> bool {
    let mut inn = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.y > q.y) != (b.y > q.y) {
            let x = a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if x > q.x {
                inn = !inn;
            }
        }
    }
    inn
}

/// Distance from `q` to the polygon's outline.
pub fn edge_dist(q: P, poly: &[P]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| seg_dist(q, poly[i], poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

/// Signed distance to a polygon: negative inside.
pub fn poly_sdf(q: P, poly: &[P]) -> f64 {
    let d = edge_dist(q, poly);
    if inside(q, poly) { -d } else { d }
}

/// Signed distance to an axis-aligned rectangle `[x0, x1] × [y0, y1]` with rounded corners of
/// radius `r`: negative inside.
pub fn rounded_rect_sdf(q: P, x0: f64, y0: f64, x1: f64, y1: f64, r: f64) -> f64 {
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let (hx, hy) = ((x1 - x0) / 2.0 - r, (y1 - y0) / 2.0 - r);
    let dx = (q.x - cx).abs() - hx;
    let dy = (q.y - cy).abs() - hy;
    let outside = p(dx.max(0.0), dy.max(0.0)).len();
    outside + dx.max(dy).min(0.0) - r
}

/// Signed distance to the card's outline (negative inside the card).
pub fn card_sdf(q: P) -> f64 {
    rounded_rect_sdf(q, 0.0, 0.0, CARD_W, CARD_H, CARD_RADIUS)
}

/// Largest distance between two of the points.
pub fn diameter(pts: &[P]) -> f64 {
    let mut d: f64 = 0.0;
    for (i, a) in pts.iter().enumerate() {
        for b in &pts[i + 1..] {
            d = d.max(a.dist(*b));
        }
    }
    d
}

/// Smallest distance between two polygons' outlines, zero when they overlap or one holds the other.
pub fn poly_gap(a: &[P], b: &[P]) -> f64 {
    if a.iter().any(|q| inside(*q, b)) || b.iter().any(|q| inside(*q, a)) {
        return 0.0;
    }
    let da = a
        .iter()
        .map(|q| edge_dist(*q, b))
        .fold(f64::INFINITY, f64::min);
    let db = b
        .iter()
        .map(|q| edge_dist(*q, a))
        .fold(f64::INFINITY, f64::min);
    let crossing = edges(a).any(|(p1, p2)| edges(b).any(|(q1, q2)| segs_cross(p1, p2, q1, q2)));
    if crossing { 0.0 } else { da.min(db) }
}

fn edges(poly: &[P]) -> impl Iterator<Item = (P, P)> + '_ {
    (0..poly.len()).map(move |i| (poly[i], poly[(i + 1) % poly.len()]))
}

fn segs_cross(a: P, b: P, c: P, d: P) -> bool {
    let d1 = (b - a).cross(c - a);
    let d2 = (b - a).cross(d - a);
    let d3 = (d - c).cross(a - c);
    let d4 = (d - c).cross(b - c);
    (d1 > 0.0) != (d2 > 0.0) && (d3 > 0.0) != (d4 > 0.0)
}

/// A plane projective map (3 × 3, last entry 1).
#[derive(Debug, Clone, Copy)]
pub struct Homography(pub [f64; 9]);

impl Homography {
    /// The map sending each `from[i]` to `to[i]`.
    pub fn from_points(from: [P; 4], to: [P; 4]) -> Homography {
        let mut m = [[0.0f64; 9]; 8];
        for i in 0..4 {
            let (x, y, u, v) = (from[i].x, from[i].y, to[i].x, to[i].y);
            m[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            m[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        let h = solve8(m);
        Homography([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0])
    }

    pub fn apply(&self, q: P) -> P {
        let h = &self.0;
        let w = h[6] * q.x + h[7] * q.y + h[8];
        p(
            (h[0] * q.x + h[1] * q.y + h[2]) / w,
            (h[3] * q.x + h[4] * q.y + h[5]) / w,
        )
    }

    pub fn inverse(&self) -> Homography {
        let h = &self.0;
        let a = [
            h[4] * h[8] - h[5] * h[7],
            h[2] * h[7] - h[1] * h[8],
            h[1] * h[5] - h[2] * h[4],
            h[5] * h[6] - h[3] * h[8],
            h[0] * h[8] - h[2] * h[6],
            h[2] * h[3] - h[0] * h[5],
            h[3] * h[7] - h[4] * h[6],
            h[1] * h[6] - h[0] * h[7],
            h[0] * h[4] - h[1] * h[3],
        ];
        Homography(a.map(|v| v / a[8]))
    }
}

/// Gaussian elimination with partial pivoting on an 8 × 9 augmented matrix.
fn solve8(mut m: [[f64; 9]; 8]) -> [f64; 8] {
    for c in 0..8 {
        let piv = (c..8)
            .max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))
            .unwrap_or(c);
        m.swap(c, piv);
        for r in 0..8 {
            if r != c && m[c][c] != 0.0 {
                let f = m[r][c] / m[c][c];
                let pivot_row = m[c];
                for (v, pv) in m[r].iter_mut().zip(pivot_row).skip(c) {
                    *v -= f * pv;
                }
            }
        }
    }
    std::array::from_fn(|i| m[i][8] / m[i][i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn homography_maps_corners_and_inverts() {
        let from = [p(0.0, 0.0), p(60.0, 0.0), p(60.0, 90.0), p(0.0, 90.0)];
        let to = [
            p(812.4, 455.0),
            p(2710.9, 530.2),
            p(2650.3, 3301.8),
            p(760.1, 3222.7),
        ];
        let h = Homography::from_points(from, to);
        for i in 0..4 {
            assert!(h.apply(from[i]).dist(to[i]) < 1e-6);
            assert!(h.inverse().apply(to[i]).dist(from[i]) < 1e-6);
        }
    }

    #[test]
    fn card_outline_is_rounded() {
        assert!(card_sdf(p(30.0, 45.0)) < -29.0);
        assert!((card_sdf(p(0.0, 45.0))).abs() < 1e-9);
        // The corner point of the straight edges lies outside the rounded card.
        assert!((card_sdf(p(0.0, 0.0)) - (3.0 * 2f64.sqrt() - 3.0)).abs() < 1e-9);
    }

    #[test]
    fn polygon_distances() {
        let sq = [p(0.0, 0.0), p(10.0, 0.0), p(10.0, 10.0), p(0.0, 10.0)];
        assert!((poly_sdf(p(5.0, 5.0), &sq) + 5.0).abs() < 1e-9);
        assert!((poly_sdf(p(12.0, 5.0), &sq) - 2.0).abs() < 1e-9);
        let far: Vec<P> = sq.iter().map(|q| *q + p(13.0, 0.0)).collect();
        assert!((poly_gap(&sq, &far) - 3.0).abs() < 1e-9);
        let near: Vec<P> = sq.iter().map(|q| *q + p(5.0, 5.0)).collect();
        assert_eq!(poly_gap(&sq, &near), 0.0);
    }
}
