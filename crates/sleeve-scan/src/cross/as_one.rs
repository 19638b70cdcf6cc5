//! The last look for a cross: every ink as one. Blur spreads a black marker's stroke over warm
//! paper into a dark core and a rim of warm dark grey whose chroma passes the grey bound with
//! green ahead of blue, so the pixel-by-pixel ink test (`ink_class`) calls the rim green. Neither
//! ink's patch is then a cross: the core, thinned towards the tips, is one stroke or a tapering
//! star, and the rim a hollow outline. Here every inked pixel counts as one ink and the patches
//! are judged again, clean crosses only, always doubted (`clean_and_doubted`). A marker draws
//! both strokes with one pen, so each stroke read must itself be split between inks along most
//! of its length (`split_between_inks`): two lines of art in two inks crossing (a grey road over
//! a blue river) are each one ink, and a green star round a grey icon is split only at its hub.
//! (On the seen photos, 2,200 of the second generator and 700 of the first: one cross gained,
//! H46's 1,009,435, and nothing else changed; without the split test that road and river, H52's
//! 1,010,624, were read as a cross.)

use image::GrayImage;

use super::inks::any_class;
use super::speckled::clean_and_doubted;
use super::{Candidate, Inks, on_stroke};
use crate::pixels::{blobs, open_square};
use crate::scan::PX_PER_MM;

/// The least share of the inked pixels of a piece of a stroke the second most common ink on it
/// must hold for the piece to be split between inks (on 1,009,435's strokes 0.05 to 0.47, five
/// pieces of six over it on each; over the whole length of the road and the river crossing on
/// 1,010,624, 0.15 and 0.05).
const SPLIT_SHARE: f64 = 0.2;

/// When no other stage read a cross: the card's inks as one mask, its specks opened away as each
/// ink's are (`each_ink`), judged patch by patch; a clean cross is read, doubted, where a patch
/// was not seen as a rose (`roses`) and both its strokes are split between inks.
pub(super) fn every_ink_as_one(inks: &Inks, roses: &[[f64; 2]]) -> Vec<Candidate> {
    let as_one = [open_square(&any_class(inks.any), 1)];
    let patches = [blobs(&as_one[0])];
    let mut found = clean_and_doubted(inks, &as_one, &patches, roses);
    found.retain(|c| split_between_inks(inks.any, c));
    found
}

/// Whether each of the candidate's strokes is split between inks along its length: of the
/// `PIECES` equal pieces of its span, `SPLIT_PIECES` or more are split (among the inked pixels of
/// `any`, an `ink_mask`, within 0.5 mm of its line, the second most common ink holds
/// `SPLIT_SHARE` or more). A blurred marker's core and rim run side by side the stroke's whole
/// length; art of one ink with a mark of another at its middle (a green rose's star round a grey
/// icon) is split only there.
fn split_between_inks(any: &GrayImage, c: &Candidate) -> bool {
    c.strokes.iter().all(|&stroke| {
        let ((o, d), (lo, hi)) = stroke;
        let ends = [lo, hi].map(|t| [o[0] + d[0] * t, o[1] + d[1] * t]);
        // The pixels of the stroke's box, 1 mm round its ends, along one axis.
        let span = |a: f64, b: f64, n: u32| {
            ((a.min(b) - PX_PER_MM).max(0.0) as u32)
                ..((a.max(b) + PX_PER_MM).max(0.0) as u32).min(n)
        };
        let mut count = [[0usize; 4]; PIECES];
        for y in span(ends[0][1], ends[1][1], any.height()) {
            for x in span(ends[0][0], ends[1][0], any.width()) {
                let class = any.get_pixel(x, y)[0] as usize;
                let at = [x as f64 + 0.5, y as f64 + 0.5];
                if class > 0 && on_stroke(stroke, at, 0.5 * PX_PER_MM) {
                    let t = (at[0] - o[0]) * d[0] + (at[1] - o[1]) * d[1];
                    let piece = ((t - lo) / (hi - lo).max(1.0) * PIECES as f64) as usize;
                    count[piece.min(PIECES - 1)][class.min(3)] += 1;
                }
            }
        }
        let split = count.iter().filter(|c| {
            let mut inks = [c[1], c[2], c[3]];
            inks.sort_unstable();
            let all = inks.iter().sum::<usize>();
            all > 0 && inks[1] as f64 >= SPLIT_SHARE * all as f64
        });
        split.count() >= SPLIT_PIECES
    })
}

/// How many equal pieces a stroke's span is cut into (`split_between_inks`), and how many of them
/// must be split between inks.
const PIECES: usize = 6;
const SPLIT_PIECES: usize = 4;

#[cfg(test)]
mod tests {
    use super::super::tests::{read_cross, read_doubted_at};
    use image::{Rgb, RgbImage};

    #[test]
    fn a_blurred_black_cross_whose_rim_reads_green_is_read_from_every_ink_as_one() {
        // A crop (25-55 mm, 55-85 mm) of H46 photo 1,009,435 of the second generator as the
        // scanner straightened it: a blurred black marker's cross at (15.50, 14.84) mm in the
        // crop over tan land. Its blurred rim, a warm dark grey, tests as green ink.
        let png = include_bytes!("../../tests/fixtures/warm-rim-cross-h46-9435.png");
        read_doubted_at(png, [15.50, 14.84]);
    }

    /// A grey road crossing a blue river on parchment, both 1.2 mm wide, crossing at (15, 15) mm
    /// with 4.5 mm each way: as one ink their lines cross like a marker's strokes, but each line
    /// is one ink of its own, and a marker draws both strokes with one pen.
    #[test]
    fn lines_of_two_inks_crossing_are_no_cross() {
        let size = (30.0 * crate::scan::PX_PER_MM) as u32;
        let img = RgbImage::from_fn(size, size, |x, y| {
            let at = |p: u32| (p as f64 + 0.5) / crate::scan::PX_PER_MM - 15.0;
            let (du, dv) = (at(x), at(y));
            if du.abs() < 0.6 && dv.abs() < 4.5 {
                Rgb([90, 90, 92])
            } else if dv.abs() < 0.6 && du.abs() < 4.5 {
                Rgb([40, 70, 170])
            } else {
                Rgb([236, 226, 200])
            }
        });
        assert_eq!(read_cross(&img).0, None);
    }
}
