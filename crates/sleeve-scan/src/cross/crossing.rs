//! Where a read cross's strokes cross, fitted again near the crossing (`near`): the place the
//! scan reports.

use image::GrayImage;

use super::Candidate;
use crate::geom::{Line, fit_line, intersect, line_dist};
use crate::scan::PX_PER_MM;

/// Where a cross's strokes cross, fitted near the crossing: each stroke's line refitted through
/// the inked pixels 1.2 to 3 mm from the crossing that lie within 0.6 mm of it (the crossing's
/// own blob, which both strokes share, left out), and the two lines met again; three rounds, each
/// from the last one's lines. A marker's strokes wobble, so lines fitted along their whole
/// length may cross half a millimetre from where the ink does. Ink of any kind is read, so art
/// touching a stroke there pulls its line too. None when a stroke has too few pixels there
/// (20), the refitted lines meet at under 35°, or the crossing moves over 0.8 mm.
pub(super) fn near(any: &GrayImage, c: &Candidate) -> Option<[f64; 2]> {
    let mut lines = c.strokes.map(|(l, _)| l);
    let mut at = c.at;
    for _ in 0..3 {
        let [a, b] = beside(any, at, &lines);
        if a.len() < 20 || b.len() < 20 {
            return None;
        }
        lines = [fit_line(&a), fit_line(&b)];
        at = intersect(lines[0], lines[1], 35f64.to_radians().sin())?;
        if (at[0] - c.at[0]).hypot(at[1] - c.at[1]) > 0.8 * PX_PER_MM {
            return None;
        }
    }
    Some(at)
}

/// The inked pixels 1.2 to 3 mm from `at` within 0.6 mm of each of two lines (each pixel goes
/// to the nearer line).
fn beside(any: &GrayImage, at: [f64; 2], lines: &[Line; 2]) -> [Vec<[f64; 2]>; 2] {
    let (w, h) = (any.width() as i64, any.height() as i64);
    let r = (3.0 * PX_PER_MM).ceil() as i64;
    let (cx, cy) = (at[0].floor() as i64, at[1].floor() as i64);
    let mut near: [Vec<[f64; 2]>; 2] = [Vec::new(), Vec::new()];
    for y in (cy - r).max(0)..(cy + r + 1).min(h) {
        for x in (cx - r).max(0)..(cx + r + 1).min(w) {
            if any.get_pixel(x as u32, y as u32)[0] == 0 {
                continue;
            }
            let p = [x as f64 + 0.5, y as f64 + 0.5];
            let d = (p[0] - at[0]).hypot(p[1] - at[1]) / PX_PER_MM;
            if !(1.2..=3.0).contains(&d) {
                continue;
            }
            let off = [line_dist(lines[0], p), line_dist(lines[1], p)];
            let k = usize::from(off[1] < off[0]);
            if off[k] < 0.6 * PX_PER_MM {
                near[k].push(p);
            }
        }
    }
    near
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bent_stroke_is_met_where_its_ink_crosses_not_where_its_line_does() {
        // At 15, 15 mm a straight upright stroke crosses one that runs level for 2.5 mm each
        // way, then bends up by a quarter of its run: fitted end to end, its line passes about
        // 0.3 mm above the crossing, as a wobbly marker's can.
        let mm = PX_PER_MM;
        let size = (30.0 * mm) as u32;
        let bend = |u: f64| 0.25 * (u.abs() - 2.5).max(0.0);
        let mask = GrayImage::from_fn(size, size, |x, y| {
            let (u, v) = ((x as f64 + 0.5) / mm - 15.0, (y as f64 + 0.5) / mm - 15.0);
            let level = u.abs() <= 5.0 && (v + bend(u)).abs() <= 0.5;
            let upright = v.abs() <= 5.0 && u.abs() <= 0.5;
            image::Luma([u8::from(level || upright)])
        });
        let at = [15.0 * mm, 14.7 * mm];
        let c = Candidate {
            at,
            arm: 5.0 * mm,
            score: 1.0,
            strokes: [
                ((at, [1.0, 0.0]), (-5.0 * mm, 5.0 * mm)),
                ((at, [0.0, 1.0]), (-5.0 * mm, 5.0 * mm)),
            ],
            tapered: false,
        };
        let p = near(&mask, &c).expect("fitted near the crossing");
        let (x, y) = (p[0] / mm, p[1] / mm);
        assert!((x - 15.0).hypot(y - 15.0) < 0.1, "{x:.2}, {y:.2}");
    }
}
