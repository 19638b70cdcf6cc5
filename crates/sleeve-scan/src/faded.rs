//! A cross whose middle glare has washed out of the ink: what is left are its arms, apart. Each
//! patch of one ink gives up to two straight pieces of a marker's width (none when under 60 % of
//! the patch lies on them: art with straight stretches, `ON_PIECES`); pieces in line make a
//! stroke; two strokes that cross, with at least three of the four arms reaching out from the
//! crossing to a cross's length, are read as a cross. Never sure: such a cross is always named as
//! a doubt, and a compass rose's ring round the crossing rules it out.

use crate::geom::{Line, fit_line, intersect, line_dist};
use crate::scan::PX_PER_MM;
use crate::stroke::{longest_run, positions_along, ransac_stroke};

/// The least length of the arms' ink together (mm). A cross's two strokes are 14 mm or more;
/// glare takes its middle and seldom more. On the second generator's tuning photos (seeds 0 to
/// 799, straightened with their true corners) the crosses read from their arms had 10.8 to 20.7
/// mm of ink, 11 of 15 at 13 or more; the patterns of art read as crosses had 7.2 to 14.2, 1 of
/// 15 at 13 or more.
const ARMS_INK_MM: f64 = 13.0;

/// A straight piece of ink: its line (unit direction) and the span of its pixels along it.
#[derive(Debug, Clone, Copy)]
struct Piece {
    line: Line,
    span: (f64, f64),
}

impl Piece {
    fn end(&self, t: f64) -> [f64; 2] {
        let (o, d) = self.line;
        [o[0] + t * d[0], o[1] + t * d[1]]
    }
}

/// Up to two straight pieces of each patch (pixel centres), of a marker's width (0.5 to 2 mm)
/// and 1.5 to 12 mm long (the stroke fit needs two pixels 2 mm apart, so in practice a piece is
/// a little longer than 1.5 mm).
fn pieces(patch: &[[f64; 2]]) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut on_pieces = 0;
    // A sample is enough to find the lines; the spans and widths are read on every pixel.
    let step = (patch.len() / 400).max(1);
    let mut sample: Vec<[f64; 2]> = patch.iter().step_by(step).copied().collect();
    for _ in 0..2 {
        let Some((line, _, rest)) = ransac_stroke(&sample) else {
            break;
        };
        sample = rest;
        let along = positions_along(patch, line, 0.9 * PX_PER_MM);
        if along.len() < 20 {
            continue;
        }
        // The longest unbroken run (gaps under 0.5 mm).
        let Some((lo, hi, n)) = longest_run(&along, 0.5 * PX_PER_MM) else {
            continue;
        };
        let len = (hi - lo) / PX_PER_MM;
        let width = n as f64 / (hi - lo).max(1.0) / PX_PER_MM;
        if (1.5..=12.0).contains(&len) && (0.5..=2.0).contains(&width) {
            out.push(Piece {
                line,
                span: (lo, hi),
            });
            on_pieces += n;
        }
    }
    // A patch with under `ON_PIECES` of its pixels on its straight pieces is art with straight
    // stretches (a coastline's), not a marker's arms.
    if (on_pieces as f64) < ON_PIECES * patch.len() as f64 {
        out.clear();
    }
    out
}

/// The least share of a patch's pixels on its straight pieces for them to be a cross's arms: a
/// washed cross's arm is a patch of its own, or most of one. (On the second generator's seen
/// photos, 1,600, two patterns of art read from their arms were no longer read, a coastline's
/// straight stretches and a green rose's spokes among its rings, H50's 1,010,387 and 1,010,246;
/// the seven crosses read from their arms there were all kept.)
const ON_PIECES: f64 = 0.6;

/// Where a piece lies along a stroke through `p` with direction `d`: its nearest and farthest
/// signed distances (px) from `p`.
fn reach(piece: &Piece, p: [f64; 2], d: [f64; 2]) -> (f64, f64) {
    let t = |q: [f64; 2]| (q[0] - p[0]) * d[0] + (q[1] - p[1]) * d[1];
    let (a, b) = (t(piece.end(piece.span.0)), t(piece.end(piece.span.1)));
    (a.min(b), a.max(b))
}

/// Whether two pieces lie on one line (within 10° and 0.8 mm of each other's lines).
fn in_line(a: &Piece, b: &Piece) -> bool {
    let (da, db) = (a.line.1, b.line.1);
    let cos = (da[0] * db[0] + da[1] * db[1]).abs();
    let mid = |p: &Piece| p.end((p.span.0 + p.span.1) / 2.0);
    cos > 10f64.to_radians().cos()
        && line_dist(a.line, mid(b)) < 0.8 * PX_PER_MM
        && line_dist(b.line, mid(a)) < 0.8 * PX_PER_MM
}

/// The arms (0 to 2) a stroke of `members` puts out from the crossing `p` along `d`, and how far
/// (px) they reach: their tips' distances from the crossing, summed. On each side, an arm is a
/// piece reaching 2.5 to 6.5 mm out whose near end is within 4 mm of the crossing. None when a
/// piece runs past either limit.
fn arms(members: &[&Piece], p: [f64; 2], d: [f64; 2]) -> Option<(usize, f64)> {
    let mm = PX_PER_MM;
    let (mut plus, mut minus): (Option<f64>, Option<f64>) = (None, None);
    for piece in members {
        let (near, far) = reach(piece, p, d);
        if far > 6.5 * mm || near < -6.5 * mm {
            return None;
        }
        if far >= 2.5 * mm && near <= 4.0 * mm {
            plus = Some(plus.map_or(far, |t| t.max(far)));
        }
        if near <= -2.5 * mm && far >= -4.0 * mm {
            minus = Some(minus.map_or(-near, |t| t.max(-near)));
        }
    }
    let tips = [plus, minus];
    Some((tips.iter().flatten().count(), tips.iter().flatten().sum()))
}

/// The line of a stroke: fitted through its pieces' ends (one piece: its own line).
fn stroke_line(members: &[&Piece]) -> Line {
    let ends: Vec<[f64; 2]> = members
        .iter()
        .flat_map(|p| [p.end(p.span.0), p.end(p.span.1)])
        .collect();
    fit_line(&ends)
}

/// A cross read from its arms: its crossing, the mean visible ink of an arm (px), the mean reach
/// of an arm from the crossing to its tip (px, the washed gap included) and its two lines.
pub type FromArms = ([f64; 2], f64, f64, [Line; 2]);

/// The best cross made of arms in one ink's patches (pixel centres): its crossing, the mean
/// visible ink of an arm (px), the arms' mean reach (px) and its two lines; the most arms (at
/// least 3) first, then the most ink.
pub fn from_arms(patches: &[Vec<[f64; 2]>]) -> Option<FromArms> {
    let all: Vec<Piece> = patches.iter().flat_map(|p| pieces(p)).collect();
    // Strokes: each piece alone, and each two pieces in line; each with its pieces and line.
    let mut groups: Vec<Vec<usize>> = (0..all.len()).map(|i| vec![i]).collect();
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            if in_line(&all[i], &all[j]) {
                groups.push(vec![i, j]);
            }
        }
    }
    let strokes: Vec<(&[usize], Vec<&Piece>, Line)> = groups
        .iter()
        .map(|g| {
            let members: Vec<&Piece> = g.iter().map(|&i| &all[i]).collect();
            let line = stroke_line(&members);
            (g.as_slice(), members, line)
        })
        .collect();
    // The best so far: its arms and ink, then the cross.
    let mut best: Option<(usize, f64, FromArms)> = None;
    for (a, (sa, ma, la)) in strokes.iter().enumerate() {
        for (sb, mb, lb) in &strokes[a + 1..] {
            if sa.iter().any(|i| sb.contains(i)) {
                continue;
            }
            let (la, lb) = (*la, *lb);
            // Crossing at 35° or more.
            let Some(p) = intersect(la, lb, 35f64.to_radians().sin()) else {
                continue;
            };
            let (Some((na, ta)), Some((nb, tb))) = (arms(ma, p, la.1), arms(mb, p, lb.1)) else {
                continue;
            };
            if na + nb < 3 || na == 0 || nb == 0 {
                continue;
            }
            let ink: f64 = ma.iter().chain(mb).map(|p| p.span.1 - p.span.0).sum();
            if ink < ARMS_INK_MM * PX_PER_MM {
                continue;
            }
            let arm = ink / (na + nb) as f64;
            let tip = (ta + tb) / (na + nb) as f64;
            if best.as_ref().is_none_or(|b| (na + nb, ink) > (b.0, b.1)) {
                best = Some((na + nb, ink, (p, arm, tip, [la, lb])));
            }
        }
    }
    best.map(|(_, _, cross)| cross)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ink pixels of a cross centred at (20, 20) mm: strokes at `angles` (degrees), arms of
    /// `arm` mm and 1 mm wide, with everything within `washed` mm of the centre gone and the arms
    /// listed in `drop` (0 to 3) missing. Each arm is its own patch.
    fn arms_of(angles: [f64; 2], arm: f64, washed: f64, drop: &[usize]) -> Vec<Vec<[f64; 2]>> {
        let c = 20.0 * PX_PER_MM;
        let mut out = vec![Vec::new(); 4];
        for y in 0..(40.0 * PX_PER_MM) as usize {
            for x in 0..(40.0 * PX_PER_MM) as usize {
                let p = [x as f64 + 0.5, y as f64 + 0.5];
                let (dx, dy) = ((p[0] - c) / PX_PER_MM, (p[1] - c) / PX_PER_MM);
                if dx.hypot(dy) < washed {
                    continue;
                }
                for (k, a) in angles.iter().enumerate() {
                    let (cos, sin) = (a.to_radians().cos(), a.to_radians().sin());
                    let (along, across) = (dx * cos + dy * sin, -dx * sin + dy * cos);
                    let which = 2 * k + usize::from(along < 0.0);
                    if across.abs() < 0.5 && along.abs() < arm && !drop.contains(&which) {
                        out[which].push(p);
                    }
                }
            }
        }
        out.into_iter().filter(|p| !p.is_empty()).collect()
    }

    fn found_at(patches: &[Vec<[f64; 2]>]) -> Option<[f64; 2]> {
        from_arms(patches).map(|(at, _, _, _)| [at[0] / PX_PER_MM, at[1] / PX_PER_MM])
    }

    #[test]
    fn a_cross_whose_middle_glare_washed_out_is_read_from_its_arms() {
        let at = found_at(&arms_of([30.0, 115.0], 5.0, 1.5, &[])).expect("four arms");
        assert!((at[0] - 20.0).hypot(at[1] - 20.0) < 0.3, "{at:?}");
        let at = found_at(&arms_of([10.0, 95.0], 5.4, 0.9, &[3])).expect("three arms");
        assert!((at[0] - 20.0).hypot(at[1] - 20.0) < 0.3, "{at:?}");
    }

    #[test]
    fn arms_reach_their_tips_past_the_washed_middle() {
        // 5 mm arms washed out 1.5 mm round the crossing: 3.5 mm of ink each, reaching 5 mm.
        let (_, arm, tip, _) = from_arms(&arms_of([30.0, 115.0], 5.0, 1.5, &[])).expect("arms");
        assert!((arm / PX_PER_MM - 3.5).abs() < 0.3, "{}", arm / PX_PER_MM);
        assert!((tip / PX_PER_MM - 5.0).abs() < 0.3, "{}", tip / PX_PER_MM);
    }

    #[test]
    fn arms_in_patches_mostly_off_their_straight_pieces_are_no_cross() {
        // Each arm in one patch with a thin loop of its ink (4 mm in radius, 1 pixel wide) that
        // runs from 4 to 12 mm to one side of its tip, as a coastline's bay: no straight piece
        // holds most of the patch.
        let mut patches = arms_of([30.0, 115.0], 5.0, 1.5, &[]);
        assert!(found_at(&patches).is_some(), "the arms alone");
        let c = 20.0 * PX_PER_MM;
        for patch in &mut patches {
            let far = |p: &[f64; 2]| (p[0] - c).hypot(p[1] - c);
            let tip = *patch
                .iter()
                .max_by(|a, b| far(a).total_cmp(&far(b)))
                .expect("an arm");
            let (ux, uy) = ((tip[0] - c) / far(&tip), (tip[1] - c) / far(&tip));
            let off = 8.0 * PX_PER_MM;
            let centre = [tip[0] - uy * off, tip[1] + ux * off];
            let r = 4.0 * PX_PER_MM;
            for y in (centre[1] - r - 2.0) as i64..(centre[1] + r + 2.0) as i64 {
                for x in (centre[0] - r - 2.0) as i64..(centre[0] + r + 2.0) as i64 {
                    let p = [x as f64 + 0.5, y as f64 + 0.5];
                    if ((p[0] - centre[0]).hypot(p[1] - centre[1]) - r).abs() < 0.5 {
                        patch.push(p);
                    }
                }
            }
        }
        assert_eq!(found_at(&patches), None);
    }

    #[test]
    fn three_arms_with_too_little_ink_are_no_cross() {
        // Three arms of 5.5 mm with 1.5 mm washed: 12 mm of ink, under ARMS_INK_MM; the arms
        // alone would pass.
        assert_eq!(found_at(&arms_of([0.0, 90.0], 5.5, 1.5, &[3])), None);
        assert!(found_at(&arms_of([0.0, 90.0], 5.5, 1.0, &[3])).is_some());
    }

    #[test]
    fn a_stroke_puts_out_an_arm_on_each_side_it_reaches() {
        let mm = PX_PER_MM;
        let piece = |lo: f64, hi: f64| Piece {
            line: ([0.0, 0.0], [1.0, 0.0]),
            span: (lo * mm, hi * mm),
        };
        let (p, d) = ([0.0, 0.0], [1.0, 0.0]);
        assert_eq!(arms(&[&piece(1.0, 5.0)], p, d), Some((1, 5.0 * mm)));
        assert_eq!(arms(&[&piece(-5.0, 5.0)], p, d), Some((2, 10.0 * mm)));
        assert_eq!(
            arms(&[&piece(-5.0, -1.5), &piece(1.5, 5.0)], p, d),
            Some((2, 10.0 * mm))
        );
        // Too short to be an arm, too far from the crossing, or running on past a cross's arm.
        assert_eq!(arms(&[&piece(1.0, 2.0)], p, d), Some((0, 0.0)));
        assert_eq!(arms(&[&piece(4.5, 6.0)], p, d), Some((0, 0.0)));
        assert_eq!(arms(&[&piece(1.0, 7.0)], p, d), None);
    }
}
