//! The paper's own colour near each pixel, and an ink's hue told against it. Glare adds white
//! light to ink and paper alike, so a green or blue marker under it can be as grey as a black
//! one in absolute terms (its chroma under `ink_class`'s grey bound), and the crossing of a green
//! cross under glare falls in the black ink while its arms' tips stay green. What the ink takes
//! away from the paper, channel by channel, keeps the marker's hue: a black marker darkens every
//! channel by about the same share of the paper's, a green one red and blue by far more than green.
//! A patch of black ink most of whose pixels show green that way turns green (`tinted_patches`),
//! and the green ink grows into the pale pixels between its specks (`grow_tinted`). Blue is
//! left as it is: the map's seas, rivers and roses show blue against parchment too.
//! Here too is the warm lead (`red_ahead`) by which both the ink tests and these set brown art
//! and a ring's red apart.

use image::{GrayImage, RgbImage};

use crate::pixels::{colour_at, luma};
use crate::scan::PX_PER_MM;

/// Whether red leads both green and blue by more than 0.08: brown art or a ring's red, unless the
/// colour is near-black (`is_ink`).
pub(super) fn red_ahead(c: [f64; 3]) -> bool {
    c[0] > c[1].max(c[2]) + 0.08
}

/// The colour of the paper near each pixel of the canonical card: the mean colour of the pixels
/// not inked in the 2 mm cells round it (a window of 3 by 3 cells, `REACH` cells each way).
pub(super) struct PaperColour {
    cell: usize,
    gw: usize,
    colour: Vec<[f64; 3]>,
}

/// How many 2 mm cells each way the paper's colour is taken over.
const REACH: usize = 1;

impl PaperColour {
    /// The paper's colour round each pixel of `img`, leaving out the pixels `inked` marks. (The
    /// dark areas count: leaving them out too, in a version that turned blue patches as well,
    /// invented 2 crosses more and found 1 fewer on the 1,235 seen photos of the second
    /// generator.)
    pub(super) fn of(img: &RgbImage, inked: impl Fn(u32, u32) -> bool) -> PaperColour {
        let cell = (PX_PER_MM as usize * 2).max(1);
        let (w, h) = (img.width() as usize, img.height() as usize);
        let (gw, gh) = (w.div_ceil(cell), h.div_ceil(cell));
        let mut sums = vec![([0.0f64; 3], 0usize); gw * gh];
        for (x, y, p) in img.enumerate_pixels() {
            if inked(x, y) {
                continue;
            }
            let s = &mut sums[(y as usize / cell) * gw + x as usize / cell];
            for k in 0..3 {
                s.0[k] += p.0[k] as f64 / 255.0;
            }
            s.1 += 1;
        }
        let mut colour = vec![[1.0; 3]; gw * gh];
        for gy in 0..gh {
            for gx in 0..gw {
                let mut total = ([0.0; 3], 0usize);
                for y in gy.saturating_sub(REACH)..=(gy + REACH).min(gh - 1) {
                    for x in gx.saturating_sub(REACH)..=(gx + REACH).min(gw - 1) {
                        let s = sums[y * gw + x];
                        for k in 0..3 {
                            total.0[k] += s.0[k];
                        }
                        total.1 += s.1;
                    }
                }
                if total.1 > 0 {
                    colour[gy * gw + gx] = total.0.map(|v| v / total.1 as f64);
                }
            }
        }
        PaperColour { cell, gw, colour }
    }

    /// The paper's colour near pixel (x, y).
    pub(super) fn at(&self, x: u32, y: u32) -> [f64; 3] {
        self.colour[(y as usize / self.cell) * self.gw + x as usize / self.cell]
    }
}

/// How far one channel's share taken away must fall under the other two's for the ink to lead
/// with that channel. (Set before any photo was scored, not tuned.)
const LEADS: f64 = 0.6;

/// The ink a grey-looking inked pixel `c` shows against the paper's colour `paper`: 2 blue or 3
/// green when that channel keeps far more of the paper's light than the other two (`LEADS`),
/// else 1 black.
pub(super) fn tinted_class(c: [f64; 3], paper: [f64; 3]) -> u8 {
    let taken: [f64; 3] = std::array::from_fn(|k| (paper[k] - c[k]) / paper[k].max(0.05));
    if taken[1] < LEADS * taken[0].min(taken[2]) {
        3
    } else if taken[2] < LEADS * taken[0].min(taken[1]) {
        2
    } else {
        1
    }
}

/// The green ink's class (`ink_class`).
const GREEN: u8 = 3;

/// How far (pixels) a green marker's ink is grown into pale pixels of its hue (with `WEAK_DROP`,
/// set before any photo was scored, not tuned).
const GROW_PX: usize = 3;

/// How much darker than the paper round it (luminance, 0..1) a pale pixel must be to join.
const WEAK_DROP: f64 = 0.05;

/// Glare leaves a pale marker's stroke speckled: pixels just past the ink test between ones that
/// pass. The green ink's pixels are grown, up to `GROW_PX` pixels, into neighbours (`open` ones:
/// not the margin, the laces or a dark area) showing green ink against the paper
/// (`tinted_class`) and darker than it by `WEAK_DROP` or more. Not the blue: pale blue beside
/// blue ink is as often printed art, a sea's or a blue rose's (grown, the pale spokes of a blue
/// rose joined the blue cross drawn over its hub, H41's 1,008,469, which was then missed; on
/// the 1,235 seen photos of the second generator it gained one blue cross under glare, H62's
/// 1,012,675).
pub(super) fn grow_tinted(
    img: &RgbImage,
    mask: &mut GrayImage,
    paper: &PaperColour,
    open: &[bool],
) {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    let mut front: Vec<usize> = (0..w * h).filter(|&i| mask.as_raw()[i] == GREEN).collect();
    for _ in 0..GROW_PX {
        let mut next = Vec::new();
        for &i in &front {
            let (x, y) = (i % w, i / w);
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    let n = ny * w + nx;
                    if !open[n] || mask.as_raw()[n] != 0 {
                        continue;
                    }
                    let c = colour_at(img, n);
                    let p = paper.at(nx as u32, ny as u32);
                    if luma(p) - luma(c) >= WEAK_DROP && tinted_class(c, p) == GREEN {
                        mask.as_mut()[n] = GREEN;
                        next.push(n);
                    }
                }
            }
        }
        front = next;
    }
}

/// Each patch of black ink (`ink_class` 1; `black`, as `blobs` gives them) more than half of whose pixels (leaving out warm ones,
/// `red_ahead`) show green ink against the paper (`tinted_class`) turns green whole. A marker
/// draws in one ink, so a black cross whose crossing alone shows green stays black. Not blue:
/// grey art on parchment shows blue against it just as a greyed blue marker would, and the
/// map's seas, rivers and roses are blue. (Turning blue patches too, on the 1,235 seen photos
/// of the second generator, gained no cross and joined a blue rose's ring to its star, read as
/// a cross on H63's 1,012,856.)
pub(super) fn tinted_patches(
    img: &RgbImage,
    mask: &mut GrayImage,
    paper: &PaperColour,
    black: Vec<Vec<usize>>,
) {
    let w = mask.width() as usize;
    for patch in black {
        let green = patch
            .iter()
            .filter(|&&i| {
                let c = colour_at(img, i);
                let at = paper.at((i % w) as u32, (i / w) as u32);
                !red_ahead(c) && tinted_class(c, at) == GREEN
            })
            .count();
        if 2 * green > patch.len() {
            for &i in &patch {
                mask.as_mut()[i] = GREEN;
            }
        }
    }
}
