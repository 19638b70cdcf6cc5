//! The faint-film second look, side by side, for an outline with doubted sides (one that shows
//! the laces, or one the whole-outline look did not mend; `second_look` in `lib.rs`): each
//! doubted side may move out, parallel, to a card edge seen without the film's own edge (the
//! art's edge taken for the card's over a grey table), and a doubted side that agrees with few
//! of its profiles may also turn onto the second look's line; sure sides stay.

/// How far out (mm) a doubted side may move on the second look (`faint_doubted_sides`): the
/// second look seeks the card's edge 0.8 to 3.4 mm outside the traced line
/// (`outline::outer_card_edge`), and a little either way allows for the trace.
const FAINT_MOVE_MM: (f64, f64) = (0.6, 3.6);

/// The most (mm) a doubted side's move on the second look may differ between its two ends: the
/// card's edge runs parallel to the art's.
const FAINT_SLANT_MM: f64 = 0.5;

/// Below this agreement a doubted side is a poor trace of any edge (`faint_doubted_sides`): its
/// own direction is no evidence, so the second look's line may turn it.
const LOOSE_AGREE: f64 = 0.35;

/// How much better (share of the profiles) the second look's line must agree than a poorly
/// traced side (`LOOSE_AGREE`) for the side to take it.
const LOOSE_GAIN: f64 = 0.25;

/// How far in (mm) either end of a poorly traced side may move when it takes the second look's
/// line (a side turned about a point near one of its ends, traced on something inside the card
/// at that end and on the table at the other).
const LOOSE_IN_MM: f64 = 2.5;

/// Whether any side of an outline agrees under the card's doubt threshold.
pub fn any_doubted(agree: &[f64; 4]) -> bool {
    agree.iter().any(|&a| a < crate::scan::DOUBT_CARD)
}

/// The outline `quad` with its doubted sides taken from the second look's outline `faint`
/// (`outline::film_sides_faint` of the same `quad`, with its agreements): each side agreeing
/// under the card's doubt threshold takes the second look's line when that line lies
/// `FAINT_MOVE_MM` further out at both its ends, its two ends' moves within `FAINT_SLANT_MM` of
/// each other (the art's edge taken for the card's over a grey table); the other sides stay as
/// they came. A moved side takes the second look's agreement, which is always under the doubt
/// threshold. None when no side moves or the moved lines do not meet. (On the second
/// generator's tuning photos, seeds 0-999: 934 -> 935 right, none lost; without the slant limit
/// one more gained and one lost.)
///
/// A side that agrees under `LOOSE_AGREE` takes the second look's line when that line agrees
/// `LOOSE_GAIN` more, lies `FAINT_MOVE_MM`'s least or more out at one end and no more than
/// `LOOSE_IN_MM` in at either, however far it turns or moves out (the second look reaches
/// 12.6 mm out). The first look keeps a side as it came in a near tie (`outline::side_line`),
/// and a side traced on table and card alike then stands, turned, on few of its profiles; the
/// second look, without ties, finds the card's edge. (Seen second-generator photos, 2,600:
/// +4, -0, all four turned or moved 5 to 16 mm; first generator's 600: no change.)
pub fn faint_doubted_sides(
    (quad, agree): ([[f64; 2]; 4], [f64; 4]),
    (out, out_agree): ([[f64; 2]; 4], [f64; 4]),
) -> Option<([[f64; 2]; 4], [f64; 4])> {
    let mut lines = [([0.0; 2], [0.0; 2]); 4];
    let mut new_agree = agree;
    let mut moved = false;
    for k in 0..4 {
        let (a, b) = (quad[k], quad[(k + 1) % 4]);
        lines[k] = crate::geom::line_through(a, b)?;
        if agree[k] >= crate::scan::DOUBT_CARD {
            continue;
        }
        let Some((o, d)) = crate::geom::line_through(out[k], out[(k + 1) % 4]) else {
            continue;
        };
        let mm = crate::geom::side_px_per_mm(&quad, k);
        // The faint line's normal turned inward, as the side's own inward normal points.
        let (_, inward) = crate::geom::side_frame(&quad, k);
        let n = crate::geom::normal_toward(d, inward);
        // How far out the faint line lies at each end of the side (mm).
        let out_at = |p: [f64; 2]| ((p[0] - o[0]) * n[0] + (p[1] - o[1]) * n[1]) / mm;
        let (lo, hi) = FAINT_MOVE_MM;
        let (at_a, at_b) = (out_at(a), out_at(b));
        let parallel = (lo..=hi).contains(&at_a)
            && (lo..=hi).contains(&at_b)
            && (at_a - at_b).abs() <= FAINT_SLANT_MM;
        let loose = agree[k] < LOOSE_AGREE
            && out_agree[k] >= agree[k] + LOOSE_GAIN
            && at_a.min(at_b) >= -LOOSE_IN_MM
            && at_a.max(at_b) >= lo;
        if parallel || loose {
            lines[k] = (o, d);
            new_agree[k] = out_agree[k];
            moved = true;
        }
    }
    if !moved {
        return None;
    }
    Some((crate::geom::corners_where(&lines, 1e-6)?, new_agree))
}
