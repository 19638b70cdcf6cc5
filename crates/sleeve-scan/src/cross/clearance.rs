//! The film a cross keeps clear around the Hook circles (contract: at least 3 mm between its
//! ink and any ring's): a cross-like patch of ink that a ring runs through or beside is art (a
//! compass rose's spokes under a red ring, a mark beside one) or a cross misread, not the cross.
//! Such a patch is never read as the cross, even when nothing else is: on the second
//! generator's 800 straightened tuning cards, reading it (doubted) when no other stage found a
//! cross was wrong all 4 times it was done.

use super::Candidate;
use crate::scan::{Hook, PX_PER_MM};

/// How close (mm) a ring's centre line may come to a candidate's strokes, ends included, before
/// the candidate is set aside as art. The contract's clear film puts it 3.2 mm or more from a
/// stroke's inked end (3 mm of film and half the thinnest ring's stroke); 2 mm leaves room for a
/// wobbly stroke, blur and a ring read up to 0.3 mm off.
pub(super) const CLEAR_MM: f64 = 2.0;

/// The confidence from which a ring is sure enough to set a cross aside: the rings' doubt
/// threshold (`fields::DOUBT_RING`), so a ring that may be invented is always named when a
/// cross beside it was set aside (beside a doubted ring a patch stays a rival to any other).
pub const SURE_RING: f64 = 0.6;

/// Whether the centre line of a ring read at `SURE_RING` or more (each ring with its confidence)
/// comes within `CLEAR_MM` of either of the candidate's strokes.
pub(super) fn by_a_ring(c: &Candidate, rings: &[(Hook, f64)]) -> bool {
    let samples = 24;
    c.strokes.iter().any(|&((o, d), (lo, hi))| {
        (0..=samples).any(|k| {
            let t = lo + (hi - lo) * k as f64 / samples as f64;
            let (x, y) = ((o[0] + d[0] * t) / PX_PER_MM, (o[1] + d[1] * t) / PX_PER_MM);
            rings.iter().any(|(r, conf)| {
                *conf >= SURE_RING && ((x - r.x).hypot(y - r.y) - r.r).abs() < CLEAR_MM
            })
        })
    })
}

/// The candidates clear of every sure ring; those beside one are added to `aside`.
pub(super) fn clear_of(
    found: Vec<Candidate>,
    rings: &[(Hook, f64)],
    aside: &mut Vec<Candidate>,
) -> Vec<Candidate> {
    let (near, clear): (Vec<_>, Vec<_>) = found.into_iter().partition(|c| by_a_ring(c, rings));
    aside.extend(near);
    clear
}
