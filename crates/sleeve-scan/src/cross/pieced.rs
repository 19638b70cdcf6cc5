//! Pieces of a cross judged together: glare over the crossing, or a worn pen, breaks a marker's
//! cross into its arms, and glare can grey a green marker's crossing (`washed_grey`).

use image::{GrayImage, RgbImage};

use super::{Candidate, Evidence, Inks, MIN_INK, centres, judge_blob, note_rose};
use crate::pixels::{blobs, colour_at, dilate_square, luma};
use crate::scan::PX_PER_MM;

/// How far apart (mm) pieces of one ink may lie and still be judged together as one cross.
const PIECE_GAP_MM: f64 = 1.0;

/// The score pieces judged together need to be read as a cross.
const PIECED_SCORE: f64 = 0.9;

/// Green ink's place among each ink's masks (`each_ink`: black, blue, green), the one ink joined
/// with the grey. Blue is not: luminance weighs blue at 0.114, so a blue marker's ink reads darker
/// than most grey art, and `washed_grey` could not tell a grey icon by a blue rose from a greyed
/// crossing; no blue cross greyed this way was seen on the tuning photos either.
const GREEN: usize = 2;

/// One set of pieces: its mask, its patches, and for an ink joined with the grey how many of
/// its patches are coloured (the grey ones follow).
type PieceSet<'a> = (&'a GrayImage, Vec<&'a Vec<usize>>, Option<usize>);

/// When no patch is a cross: patches of one ink lying within `PIECE_GAP_MM` of each other, judged
/// together (glare over the crossing, or a worn pen, breaks a cross into its arms). The green
/// ink's patches are also judged with the black (grey) ones among them, where those are paler
/// than the green ones (`washed_grey`). A cross pieced together is never sure: its score stays
/// below the warning threshold. Where pieces (joined ones too) are seen as a rose goes to
/// `roses`, and what they nearly were counts against "no cross" (`ev`), as for any pieces.
pub(super) fn pieced(inks: &Inks, ev: &mut Evidence, roses: &mut Vec<[f64; 2]>) -> Vec<Candidate> {
    let mut found = Vec::new();
    // Green with the grey ink joined to it.
    let mut joined = inks.per_ink[GREEN].clone();
    for (v, &g) in joined.iter_mut().zip(inks.per_ink[0].as_raw()) {
        *v = (*v).max(g);
    }
    let mut sets: Vec<PieceSet> = inks
        .per_ink
        .iter()
        .zip(inks.patches)
        .map(|(m, list)| (m, list.iter().collect(), None))
        .collect();
    let list = inks.patches[GREEN].iter().chain(&inks.patches[0]);
    sets.push((&joined, list.collect(), Some(inks.patches[GREEN].len())));
    for (ink, list, coloured) in sets {
        let wpx = ink.width() as usize;
        // Each ink pixel's patch.
        let mut patch = vec![usize::MAX; ink.as_raw().len()];
        for (k, b) in list.iter().enumerate() {
            for &i in b.iter() {
                patch[i] = k;
            }
        }
        let near = dilate_square(ink, (PIECE_GAP_MM * PX_PER_MM / 2.0).ceil() as usize);
        for group in blobs(&near) {
            let inked: Vec<usize> = group
                .into_iter()
                .filter(|&i| patch[i] != usize::MAX)
                .collect();
            // One patch alone was judged already.
            let one = inked.first().map(|&i| patch[i]);
            if (inked.len() as f64) < 0.25 * MIN_INK
                || inked.iter().all(|&i| Some(patch[i]) == one)
                || coloured.is_some_and(|n| !washed_grey(inks.img, &inked, &patch, n))
            {
                continue;
            }
            let judged = judge_blob(inks, ink, &centres(&inked, wpx));
            note_rose(&judged, roses);
            match judged {
                Some((c, true)) => ev.ringed = ev.ringed.max(c.score),
                // Only a clean cross: pieces of art fitted together scored 0.5 to 0.8 on the
                // tuning photos, broken crosses 1.
                Some((mut c, false)) if c.score >= PIECED_SCORE => {
                    c.score = c.score.min(0.8);
                    found.push(c);
                }
                Some((c, false)) => {
                    ev.near_miss = ev.near_miss.max(c.score);
                    ev.tapered |= c.tapered;
                }
                None => {}
            }
        }
    }
    found
}

/// Whether pieces of green ink and grey ones (`patch` numbers from `coloured` up) are one
/// marker's cross washed grey at its crossing: both are there and the grey is paler on average.
/// Glare takes a green marker's colour by adding light, so what it greys it also lightens; a grey
/// icon or a printed line beside green art is darker than its arms. (On the second generator's
/// photos, tuning seeds 0-999 and splits H23 to H25: one cross gained and none lost; without the
/// paler test a green rose's star pieced with a grey icon at its hub read as a cross, H25's
/// 1,005,323.)
fn washed_grey(img: &RgbImage, inked: &[usize], patch: &[usize], coloured: usize) -> bool {
    let (mut grey, mut colour) = ((0.0, 0usize), (0.0, 0usize));
    for &i in inked {
        let l = luma(colour_at(img, i));
        let sum = if patch[i] >= coloured {
            &mut grey
        } else {
            &mut colour
        };
        sum.0 += l;
        sum.1 += 1;
    }
    grey.1 > 0 && colour.1 > 0 && grey.0 / grey.1 as f64 > colour.0 / colour.1 as f64
}
