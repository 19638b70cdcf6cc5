//! The last look for a cross: each ink's patches kept whole. The speck opening that cleans each
//! ink's mask (`each_ink`) also breaks a marker line that blur left thin or glare left speckled,
//! ink pixel by pixel at the edge of the ink test, into pieces too small to judge or too far
//! apart to piece. Here a patch of the mask as it came is kept with all its pixels when its
//! opened core holds `CORE_PX` pixels or more (noise alone seldom does), and is judged again.

use image::GrayImage;

use super::{Candidate, Inks, judge_again, near_a_rose, of_class};
use crate::pixels::blobs;

/// The pixels a patch's core must keep through the speck opening for the patch to be kept whole.
/// (On the second generator's photos, tuning seeds 0-999 and splits H23 to H25, 3, 10 and 30
/// read the same.)
const CORE_PX: usize = 10;

/// The score a cross found here needs: a clean one. (On the same photos, from 0.9 up three
/// crosses were gained and none lost, the same from 0.95; from 0.8 nine art patterns were read
/// as crosses.)
pub(super) const CLEAN: f64 = 0.9;

/// The most a cross found here is trusted: under the doubt threshold.
pub(super) const SPECKLED_SCORE: f64 = 0.8;

/// When nothing else is a cross: each ink's patches kept whole (`CORE_PX`), judged patch by patch,
/// a clean cross (`CLEAN`) read, never where a patch was seen as a rose (`roses`), always
/// doubted (`SPECKLED_SCORE`). `inks` is the first pass's: its `per_ink` masks are each ink
/// opened by one pixel (`each_ink`), the cores (`thick`'s are opened further).
pub(super) fn speckled(inks: &Inks, roses: &[[f64; 2]]) -> Vec<Candidate> {
    // Each ink's opened mask (`each_ink`) is the core.
    let (whole, patches): (Vec<GrayImage>, Vec<Vec<Vec<usize>>>) = [1u8, 2, 3]
        .iter()
        .zip(inks.per_ink)
        .map(|(&k, core)| kept_whole(&of_class(inks.any, k), core))
        .unzip();
    clean_and_doubted(inks, &whole, &patches, roses)
}

/// The last stages' rule (`speckled`, `one_ink`): `per_ink` and its `patches` judged patch by
/// patch in place of the first pass's, a clean cross (`CLEAN`) kept, never where a patch was seen
/// as a rose (`roses`), always doubted (`SPECKLED_SCORE`).
pub(super) fn clean_and_doubted(
    inks: &Inks,
    per_ink: &[GrayImage],
    patches: &[Vec<Vec<usize>>],
    roses: &[[f64; 2]],
) -> Vec<Candidate> {
    let mut found = judge_again(inks, per_ink, patches);
    found.retain(|c| c.score >= CLEAN && !near_a_rose(c, roses));
    for c in &mut found {
        c.score = c.score.min(SPECKLED_SCORE);
    }
    found
}

/// The patches of `mask` whose `core` (the mask opened by one pixel) keeps `CORE_PX` pixels or
/// more, each with all its pixels: the mask of them and the patches.
fn kept_whole(mask: &GrayImage, core: &GrayImage) -> (GrayImage, Vec<Vec<usize>>) {
    let mut out = GrayImage::new(mask.width(), mask.height());
    let mut kept = blobs(mask);
    kept.retain(|patch| patch.iter().filter(|&&i| core.as_raw()[i] > 0).count() >= CORE_PX);
    for &i in kept.iter().flatten() {
        out.as_mut()[i] = 255;
    }
    (out, kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pixels::open_square;

    #[test]
    fn a_patch_is_kept_whole_when_its_opened_core_is_big_enough() {
        // Two lines 15 px apart (rows 10-12 and 25-27), each a solid middle row with every other
        // pixel set on the rows beside it (no 3 x 3 square is all set); the lower one also has a
        // solid 4 x 4 square on it.
        let mut mask = GrayImage::new(60, 40);
        for x in 5..55 {
            for y in [10, 12, 25, 27] {
                if x % 2 == 0 {
                    mask.put_pixel(x, y, image::Luma([255]));
                }
            }
            mask.put_pixel(x, 11, image::Luma([255]));
            mask.put_pixel(x, 26, image::Luma([255]));
        }
        for (x, y) in (20..24).flat_map(|x| (24..28).map(move |y| (x, y))) {
            mask.put_pixel(x, y, image::Luma([255]));
        }
        let (kept, patches) = kept_whole(&mask, &open_square(&mask, 1));
        assert_eq!(patches.len(), 1);
        let set = |x: u32, y: u32| kept.get_pixel(x, y)[0] > 0;
        assert!((5..55).all(|x| !set(x, 11)), "no core: dropped");
        // Its core, the square and what of the line beside it is solid, keeps 19 pixels.
        assert!(
            (5..55).all(|x| set(x, 26)),
            "a core: kept, every pixel of it"
        );
        assert!(set(20, 24) && set(54, 26) && !set(53, 25));
    }
}
