//! Plane geometry in board millimetres (origin top-left, y downwards).

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub fn dist(self, o: Point) -> f64 {
        (self.x - o.x).hypot(self.y - o.y)
    }
}

/// A disc: everything within `r` of the centre, its rim included.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    pub c: Point,
    pub r: f64,
}

impl Circle {
    /// The point lies in the disc or on its rim.
    pub fn contains(&self, p: Point) -> bool {
        self.c.dist(p) <= self.r
    }

    /// The two discs share at least one point (touching rims count).
    pub fn meets(&self, o: &Circle) -> bool {
        self.c.dist(o.c) <= self.r + o.r
    }

    /// The area the two discs share (the lens), in square millimetres.
    pub fn overlap_area(&self, o: &Circle) -> f64 {
        let d = self.c.dist(o.c);
        let (r1, r2) = (self.r, o.r);
        if d >= r1 + r2 {
            return 0.0;
        }
        if d <= (r1 - r2).abs() {
            let r = r1.min(r2);
            return std::f64::consts::PI * r * r;
        }
        let a1 = ((d * d + r1 * r1 - r2 * r2) / (2.0 * d * r1))
            .clamp(-1.0, 1.0)
            .acos();
        let a2 = ((d * d + r2 * r2 - r1 * r1) / (2.0 * d * r2))
            .clamp(-1.0, 1.0)
            .acos();
        let k = (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2);
        r1 * r1 * a1 + r2 * r2 * a2 - 0.5 * k.max(0.0).sqrt()
    }

    /// More than half of `o`'s area lies in this disc.
    pub fn mostly_covers(&self, o: &Circle) -> bool {
        self.overlap_area(o) > 0.5 * std::f64::consts::PI * o.r * o.r
    }
}

/// A simple polygon given by its vertices in order (either direction).
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon(pub Vec<Point>);

impl Polygon {
    /// The point lies inside the polygon or on its boundary (even-odd rule inside).
    pub fn contains(&self, p: Point) -> bool {
        let v = &self.0;
        let n = v.len();
        if n < 3 {
            return false;
        }
        let mut inside = false;
        let mut j = n - 1;
        for i in 0..n {
            let (a, b) = (v[i], v[j]);
            if on_segment(a, b, p) {
                return true;
            }
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
                if p.x < x {
                    inside = !inside;
                }
            }
            j = i;
        }
        inside
    }
}

/// Where the segment a→b meets the edges of a polygon, as parameters t in (0, 1).
pub fn segment_crossings(a: Point, b: Point, poly: &Polygon) -> Vec<f64> {
    let v = &poly.0;
    let n = v.len();
    let d = (b.x - a.x, b.y - a.y);
    let mut out = Vec::new();
    for i in 0..n {
        let (p, q) = (v[i], v[(i + 1) % n]);
        let e = (q.x - p.x, q.y - p.y);
        let denom = d.0 * e.1 - d.1 * e.0;
        if denom.abs() < 1e-12 {
            continue;
        }
        let w = (p.x - a.x, p.y - a.y);
        let t = (w.0 * e.1 - w.1 * e.0) / denom;
        let u = (w.0 * d.1 - w.1 * d.0) / denom;
        if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
            out.push(t);
        }
    }
    out
}

/// Length of a path through the given points.
pub fn path_length(points: &[Point]) -> f64 {
    points.windows(2).map(|w| w[0].dist(w[1])).sum()
}

fn on_segment(a: Point, b: Point, p: Point) -> bool {
    // Bounding box first (cheap), then collinearity against the squared edge length.
    const EPS: f64 = 1e-9;
    if p.x < a.x.min(b.x) - EPS
        || p.x > a.x.max(b.x) + EPS
        || p.y < a.y.min(b.y) - EPS
        || p.y > a.y.max(b.y) + EPS
    {
        return false;
    }
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let cross = dx * (p.y - a.y) - dy * (p.x - a.x);
    cross * cross <= EPS * EPS * (dx * dx + dy * dy).max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    #[test]
    fn square_inside_outside_and_boundary() {
        let sq = Polygon(vec![p(0., 0.), p(10., 0.), p(10., 10.), p(0., 10.)]);
        assert!(sq.contains(p(5., 5.)));
        assert!(!sq.contains(p(15., 5.)));
        assert!(sq.contains(p(10., 5.)), "an edge point is inside");
        assert!(sq.contains(p(0., 0.)), "a vertex is inside");
        assert!(!sq.contains(p(-0.001, 5.)));
    }

    #[test]
    fn concave_polygon() {
        // A U shape: the notch between the arms is outside.
        let u = Polygon(vec![
            p(0., 0.),
            p(3., 0.),
            p(3., 7.),
            p(7., 7.),
            p(7., 0.),
            p(10., 0.),
            p(10., 10.),
            p(0., 10.),
        ]);
        assert!(!u.contains(p(5., 3.)));
        assert!(u.contains(p(1., 3.)));
        assert!(u.contains(p(5., 9.)));
    }

    #[test]
    fn lens_areas() {
        let pi = std::f64::consts::PI;
        let a = Circle {
            c: p(0., 0.),
            r: 10.,
        };
        // Apart, nested, and two equal discs one radius apart (2π/3 − √3/2) r².
        assert_eq!(
            a.overlap_area(&Circle {
                c: p(30., 0.),
                r: 5.
            }),
            0.0
        );
        assert!(
            (a.overlap_area(&Circle {
                c: p(2., 0.),
                r: 3.
            }) - 9. * pi)
                .abs()
                < 1e-9
        );
        let lens = a.overlap_area(&Circle {
            c: p(10., 0.),
            r: 10.,
        });
        assert!(
            (lens - (2. * pi / 3. - 3f64.sqrt() / 2.) * 100.).abs() < 1e-9,
            "{lens}"
        );
        // A small ring straddling the rim with its centre just inside is mostly covered.
        assert!(a.mostly_covers(&Circle {
            c: p(9., 0.),
            r: 2.
        }));
        assert!(!a.mostly_covers(&Circle {
            c: p(11., 0.),
            r: 2.
        }));
    }

    #[test]
    fn discs_include_their_rim() {
        let c = Circle {
            c: p(0., 0.),
            r: 5.,
        };
        assert!(c.contains(p(3., 4.)));
        assert!(!c.contains(p(3., 4.0001)));
        assert!(c.meets(&Circle {
            c: p(8., 0.),
            r: 3.
        }));
        assert!(!c.meets(&Circle {
            c: p(8.0001, 0.),
            r: 3.
        }));
    }
}
