//! Pixel helpers the scanner's stages share: a pixel's colour by its index, luminance, chroma and
//! redness of a colour, 8-connected groups of a mask, flood fill, square dilation and erosion,
//! and a colour's mean round a pixel.

use image::{GrayImage, RgbImage};

/// The colour (0..1 per channel) of pixel `i` of `img`, by its row-major index (as `blobs`
/// gives them).
pub fn colour_at(img: &RgbImage, i: usize) -> [f64; 3] {
    let p = &img.as_raw()[3 * i..3 * i + 3];
    [p[0], p[1], p[2]].map(|v| v as f64 / 255.0)
}

/// Luminance (Rec. 601 weights) of a colour in 0..1.
pub fn luma(c: [f64; 3]) -> f64 {
    0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
}

/// How far apart two colours (0..1 per channel) are in their most different channel.
pub fn channel_diff(a: [f64; 3], b: [f64; 3]) -> f64 {
    (0..3).map(|c| (a[c] - b[c]).abs()).fold(0.0, f64::max)
}

/// Chroma of a colour in 0..1: its largest channel less its smallest (grey and black near 0).
pub fn chroma(c: [f64; 3]) -> f64 {
    c[0].max(c[1]).max(c[2]) - c[0].min(c[1]).min(c[2])
}

/// Redness that survives glare and shadow: how far red stands above the larger of green and
/// blue, relative to red itself. Parchment ≈ 0.05, laces ≈ 0.4, a ring ≈ 0.85 on the card and
/// over a dark area alike.
pub fn redness(c: [f64; 3]) -> f64 {
    if c[0] < 0.08 {
        return 0.0;
    }
    (c[0] - c[1].max(c[2])) / c[0]
}

/// The 8-connected groups of set pixels, each as its pixel indices (row-major), in the order of
/// their first pixel.
pub fn blobs(mask: &GrayImage) -> Vec<Vec<usize>> {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    let mut seen = vec![0u8; w * h];
    let mut out = Vec::new();
    for (i, &v) in mask.as_raw().iter().enumerate() {
        if v > 0 && seen[i] == 0 {
            let mut blob = Vec::new();
            flood(mask.as_raw(), &mut seen, i, w, h, |j| blob.push(j));
            out.push(blob);
        }
    }
    out
}

/// Marks in `mark` (255) every pixel 8-connected to `start` through set pixels of `mask`, calling
/// `visit` with each. `start` must be set in `mask` and unmarked.
pub(crate) fn flood(
    mask: &[u8],
    mark: &mut [u8],
    start: usize,
    w: usize,
    h: usize,
    mut visit: impl FnMut(usize),
) {
    mark[start] = 255;
    let mut stack = vec![start];
    while let Some(j) = stack.pop() {
        visit(j);
        let (x, y) = (j % w, j / w);
        for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
            for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                let n = ny * w + nx;
                if mask[n] > 0 && mark[n] == 0 {
                    mark[n] = 255;
                    stack.push(n);
                }
            }
        }
    }
}

/// Sets every unset pixel from which no path of unset pixels reaches the image's border: the
/// holes inside set regions (a glare spot in the middle of a dark area). Paths are 8-connected.
/// Worked on runs of unset pixels, not pixels: runs on the border are outside, and so is every
/// run touching an outside run in the row above or below (diagonals included).
pub fn fill_holes(mask: &mut GrayImage) {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    if w == 0 || h == 0 {
        return;
    }
    // Each row's runs of unset pixels, [start, end), and where each row's runs begin in `runs`.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut first = Vec::with_capacity(h + 1);
    for row in mask.as_raw().chunks_exact(w) {
        first.push(runs.len());
        let mut x = 0;
        while let Some(p) = row[x..].iter().position(|&v| v == 0) {
            let start = x + p;
            let end = row[start..]
                .iter()
                .position(|&v| v > 0)
                .map_or(w, |q| start + q);
            runs.push((start, end));
            x = end;
        }
    }
    first.push(runs.len());
    let row_of = |r: usize| first.partition_point(|&f| f <= r) - 1;
    let mut outside = vec![false; runs.len()];
    let mut todo: Vec<usize> = Vec::new();
    for (r, &(start, end)) in runs.iter().enumerate() {
        let y = row_of(r);
        if y == 0 || y == h - 1 || start == 0 || end == w {
            outside[r] = true;
            todo.push(r);
        }
    }
    while let Some(r) = todo.pop() {
        let (y, (start, end)) = (row_of(r), runs[r]);
        let rows = [y.checked_sub(1), (y + 1 < h).then_some(y + 1)];
        for n in rows.into_iter().flatten() {
            // A row's runs are in order, ends too: skip those ending left of `start`.
            let row = &runs[first[n]..first[n + 1]];
            let from = first[n] + row.partition_point(|&(_, e)| e < start);
            for m in from..first[n + 1] {
                let (s, _) = runs[m];
                if s > end {
                    break;
                }
                if !outside[m] {
                    outside[m] = true;
                    todo.push(m);
                }
            }
        }
    }
    for (r, &(start, end)) in runs.iter().enumerate() {
        if !outside[r] {
            let y = row_of(r);
            mask.as_mut()[y * w + start..y * w + end].fill(255);
        }
    }
}

/// Binary dilation by a (2k+1)-pixel square: a pixel is set when any pixel of the square around it
/// (within the image) is set.
pub fn dilate_square(mask: &GrayImage, k: usize) -> GrayImage {
    spread_square(mask, k, false)
}

/// Binary erosion by a (2k+1)-pixel square: a pixel stays set when every pixel of the square
/// around it within the image is set (the complement's dilation, inverted).
pub fn erode_square(mask: &GrayImage, k: usize) -> GrayImage {
    spread_square(mask, k, true)
}

/// Binary opening by a (2k+1)-pixel square (erosion, then dilation): specks and strokes thinner
/// than the square go, what holds the square stays as it was.
pub fn open_square(mask: &GrayImage, k: usize) -> GrayImage {
    dilate_square(&erode_square(mask, k), k)
}

/// Binary closing by a (2k+1)-pixel square (dilation, then erosion): gaps and holes narrower than
/// the square fill, the outline stays as it was.
pub fn close_square(mask: &GrayImage, k: usize) -> GrayImage {
    erode_square(&dilate_square(mask, k), k)
}

/// Dilation by a (2k+1)-pixel square of the set pixels, or with `of_clear` of the clear ones with
/// the answer inverted (an erosion). Byte-wide passes the compiler turns into vector code: along
/// the rows, each row padded with `k` clear bytes on both sides, a byte becomes the OR of the
/// `2k + 1` from it by doubling spans (1, 2, 4, ...); down the columns, a count per column of the
/// rows in the window, one row in and one out at a time.
fn spread_square(mask: &GrayImage, k: usize, of_clear: bool) -> GrayImage {
    // A window's count must fit in a byte; larger squares are two in turn, which is exact
    // (borders included) since square dilations compose.
    const MOST: usize = 127;
    if k > MOST {
        return spread_square(&spread_square(mask, MOST, of_clear), k - MOST, of_clear);
    }
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    if w == 0 || h == 0 {
        return mask.clone();
    }
    let stride = w + 2 * k;
    let mut rows = vec![0u8; stride * h];
    for (row, src) in rows
        .chunks_exact_mut(stride)
        .zip(mask.as_raw().chunks_exact(w))
    {
        for (d, &v) in row[k..k + w].iter_mut().zip(src) {
            *d = ((v > 0) != of_clear) as u8;
        }
    }
    // rows[i] becomes the OR of rows[i .. i + span], span doubling up to the window's length;
    // a row's window never reaches past its own padding.
    let len = 2 * k + 1;
    let mut spare = vec![0u8; stride * h];
    let mut span = 1;
    while span < len {
        let step = span.min(len - span);
        or_ahead(&rows, step, &mut spare);
        std::mem::swap(&mut rows, &mut spare);
        span += step;
    }
    let (on, off) = if of_clear { (0u8, 255u8) } else { (255, 0) };
    let mut out = vec![off; w * h];
    let mut count = vec![0u8; w];
    let row = |y: usize| &rows[y * stride..y * stride + w];
    for y in 0..k.min(h) {
        count.iter_mut().zip(row(y)).for_each(|(c, &v)| *c += v);
    }
    for (y, dst) in out.chunks_exact_mut(w).enumerate() {
        if y + k < h {
            count.iter_mut().zip(row(y + k)).for_each(|(c, &v)| *c += v);
        }
        if y > k {
            count
                .iter_mut()
                .zip(row(y - k - 1))
                .for_each(|(c, &v)| *c -= v);
        }
        for (o, &c) in dst.iter_mut().zip(&count) {
            *o = if c != 0 { on } else { off };
        }
    }
    GrayImage::from_raw(w as u32, h as u32, out).expect("the mask's size")
}

/// `dst[i] = src[i] | src[i + step]`, and `src[i]` where `i + step` is past the end.
fn or_ahead(src: &[u8], step: usize, dst: &mut [u8]) {
    let n = src.len().saturating_sub(step);
    for (d, (&a, &b)) in dst
        .iter_mut()
        .zip(src.iter().zip(&src[step.min(src.len())..]))
    {
        *d = a | b;
    }
    dst[n..].copy_from_slice(&src[n..]);
}

/// The mean colour (0..1 per channel) of the (2k+1)-pixel square around each pixel, clipped to
/// the image, row-major: columns summed first, then a running sum along each row.
pub fn box_mean(img: &RgbImage, k: usize) -> Vec<[f32; 3]> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw();
    let mut out = vec![[0f32; 3]; w * h];
    // Sums down each column over the rows y-k..=y+k, slid one row at a time.
    let mut col = vec![[0u32; 3]; w];
    let add = |col: &mut [[u32; 3]], y: usize, sign: bool| {
        for (x, c) in col.iter_mut().enumerate() {
            let p = &raw[(y * w + x) * 3..(y * w + x) * 3 + 3];
            for ch in 0..3 {
                if sign {
                    c[ch] += p[ch] as u32;
                } else {
                    c[ch] -= p[ch] as u32;
                }
            }
        }
    };
    for y in 0..k.min(h) {
        add(&mut col, y, true);
    }
    for y in 0..h {
        if y + k < h {
            add(&mut col, y + k, true);
        }
        if y > k {
            add(&mut col, y - k - 1, false);
        }
        let rows = (y + k).min(h - 1) + 1 - y.saturating_sub(k);
        let mut run = [0u32; 3];
        for c in &col[..k.min(w)] {
            (0..3).for_each(|ch| run[ch] += c[ch]);
        }
        for x in 0..w {
            if x + k < w {
                (0..3).for_each(|ch| run[ch] += col[x + k][ch]);
            }
            if x > k {
                (0..3).for_each(|ch| run[ch] -= col[x - k - 1][ch]);
            }
            let n = ((x + k).min(w - 1) + 1 - x.saturating_sub(k)) * rows;
            out[y * w + x] = run.map(|v| v as f32 / (n as f32 * 255.0));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_takes_specks_away_and_closing_fills_narrow_gaps() {
        // A 7 x 7 block with a 1-pixel gap down its middle column, and a lone speck.
        let mut m = GrayImage::new(20, 20);
        for y in 5..12 {
            for x in (5..12).filter(|&x| x != 8) {
                m.put_pixel(x, y, image::Luma([255]));
            }
        }
        m.put_pixel(16, 16, image::Luma([255]));
        let closed = close_square(&m, 1);
        assert_eq!(closed.get_pixel(8, 8)[0], 255, "the gap is filled");
        assert_eq!(closed.get_pixel(16, 16)[0], 255, "closing keeps the speck");
        assert_eq!(closed.get_pixel(4, 8)[0], 0, "the outline stays");
        let opened = open_square(&closed, 1);
        assert_eq!(opened.get_pixel(16, 16)[0], 0, "the speck goes");
        assert_eq!(opened.get_pixel(5, 5)[0], 255, "the block's corner stays");
        assert_eq!(opened.get_pixel(8, 8)[0], 255);
    }

    #[test]
    fn dilation_and_erosion_match_the_square_looked_at_whole() {
        // A scatter of set pixels and a filled block, or the block alone (rows with nothing
        // set), at several sizes including ones wider than the picture.
        let block = |x: u32, y: u32| (9..15).contains(&x) && (5..12).contains(&y);
        let scatter = |x: u32, y: u32| (x * 7 + y * 13).is_multiple_of(29);
        let masks = [true, false].map(|scattered| {
            GrayImage::from_fn(23, 17, |x, y| {
                let set = block(x, y) || (scattered && scatter(x, y));
                image::Luma([if set { 255 } else { 0 }])
            })
        });
        for (mask, k) in masks
            .iter()
            .flat_map(|m| [0usize, 1, 2, 5, 30, 200].map(|k| (m, k)))
        {
            let (grown, shrunk) = (dilate_square(mask, k), erode_square(mask, k));
            for (x, y, _) in mask.enumerate_pixels() {
                let (x, y) = (x as usize, y as usize);
                let square = (y.saturating_sub(k)..=(y + k).min(16)).flat_map(|yy| {
                    (x.saturating_sub(k)..=(x + k).min(22))
                        .map(move |xx| mask.get_pixel(xx as u32, yy as u32)[0] > 0)
                });
                let (any, all) = square.fold((false, true), |(a, b), v| (a || v, b && v));
                assert_eq!(
                    grown.get_pixel(x as u32, y as u32)[0] > 0,
                    any,
                    "{k} ({x}, {y})"
                );
                assert_eq!(
                    shrunk.get_pixel(x as u32, y as u32)[0] > 0,
                    all,
                    "{k} ({x}, {y})"
                );
            }
        }
    }

    /// The holes filled pixel by pixel: a flood of the unset pixels from every border pixel.
    fn holes_filled_by_flood(mask: &GrayImage) -> GrayImage {
        let (w, h) = (mask.width() as usize, mask.height() as usize);
        let open: Vec<u8> = mask.iter().map(|&v| if v > 0 { 0 } else { 255 }).collect();
        let mut outside = vec![0u8; w * h];
        let border = (0..w).flat_map(|x| [x, (h - 1) * w + x]);
        for i in border.chain((0..h).flat_map(|y| [y * w, y * w + w - 1])) {
            if open[i] > 0 && outside[i] == 0 {
                flood(&open, &mut outside, i, w, h, |_| {});
            }
        }
        let mut out = mask.clone();
        for (m, (&o, &out)) in out.iter_mut().zip(open.iter().zip(&outside)) {
            if o > 0 && out == 0 {
                *m = 255;
            }
        }
        out
    }

    #[test]
    fn a_ring_s_hole_is_filled_and_a_notch_open_at_a_diagonal_is_not() {
        // A 3 x 3 hole inside a square ring, and beside it a cell whose only way out is through
        // a diagonal gap: 8-connected paths leave through it.
        let mut mask = GrayImage::from_fn(12, 7, |x, y| {
            let ring = (1..6).contains(&x)
                && (1..6).contains(&y)
                && !((2..5).contains(&x) && (2..5).contains(&y));
            let cup = (7..10).contains(&x) && (1..4).contains(&y) && !(x == 8 && y == 2);
            image::Luma([if ring || (cup && !(x == 9 && y == 1)) {
                255
            } else {
                0
            }])
        });
        let want = holes_filled_by_flood(&mask);
        fill_holes(&mut mask);
        assert_eq!(mask, want);
        assert_eq!(mask.get_pixel(3, 3)[0], 255, "the ring's hole is filled");
        assert_eq!(
            mask.get_pixel(8, 2)[0],
            0,
            "the cup's cell leaves by its diagonal"
        );
    }

    #[test]
    fn an_empty_mask_is_answered_as_it_is() {
        for (w, h) in [(0u32, 5u32), (5, 0), (0, 0)] {
            let mut empty = GrayImage::new(w, h);
            assert_eq!(dilate_square(&empty, 3).dimensions(), (w, h));
            assert_eq!(erode_square(&empty, 3).dimensions(), (w, h));
            fill_holes(&mut empty);
            assert_eq!(empty.dimensions(), (w, h));
        }
    }

    #[test]
    fn a_square_wider_than_a_byte_counts_is_two_squares_exactly() {
        // 600 px wide, so a reach of 130 or 200 ends inside the picture: one set pixel grows to
        // exactly 2k + 1 columns, and one clear pixel erodes exactly as many.
        for k in [127usize, 128, 130, 200] {
            let at = 300;
            let dot =
                GrayImage::from_fn(600, 3, |x, _| image::Luma([if x == at { 255 } else { 0 }]));
            let hole =
                GrayImage::from_fn(600, 3, |x, _| image::Luma([if x == at { 0 } else { 255 }]));
            let (grown, shrunk) = (dilate_square(&dot, k), erode_square(&hole, k));
            for x in 0..600u32 {
                let near = (x as usize).abs_diff(at as usize) <= k;
                for y in 0..3 {
                    assert_eq!(
                        grown.get_pixel(x, y)[0] > 0,
                        near,
                        "dilation, reach {k}, x {x}"
                    );
                    assert_eq!(
                        shrunk.get_pixel(x, y)[0] > 0,
                        !near,
                        "erosion, reach {k}, x {x}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// Any mask, any size (rows or columns of one pixel included), any reach: the same
        /// answer as looking at every pixel of the square.
        #[test]
        fn dilation_and_erosion_of_any_mask_match_the_square(
            w in 1usize..20,
            h in 1usize..20,
            k in 0usize..25,
            bits in proptest::collection::vec(proptest::bool::weighted(0.3), 400),
        ) {
            let mask = GrayImage::from_fn(w as u32, h as u32, |x, y| {
                image::Luma([if bits[y as usize * 20 + x as usize] { 255 } else { 0 }])
            });
            let (grown, shrunk) = (dilate_square(&mask, k), erode_square(&mask, k));
            for (x, y, _) in mask.enumerate_pixels() {
                let (x, y) = (x as usize, y as usize);
                let (mut any, mut all) = (false, true);
                for yy in y.saturating_sub(k)..=(y + k).min(h - 1) {
                    for xx in x.saturating_sub(k)..=(x + k).min(w - 1) {
                        let v = mask.get_pixel(xx as u32, yy as u32)[0] > 0;
                        any |= v;
                        all &= v;
                    }
                }
                proptest::prop_assert_eq!(grown.get_pixel(x as u32, y as u32)[0] > 0, any);
                proptest::prop_assert_eq!(shrunk.get_pixel(x as u32, y as u32)[0] > 0, all);
            }
        }

        /// Any mask: the holes filled by runs are those a pixel-by-pixel flood fills.
        #[test]
        fn holes_by_runs_are_the_flood_s_holes(
            w in 1usize..20,
            h in 1usize..20,
            bits in proptest::collection::vec(proptest::bool::weighted(0.65), 400),
        ) {
            let mut mask = GrayImage::from_fn(w as u32, h as u32, |x, y| {
                image::Luma([if bits[y as usize * 20 + x as usize] { 255 } else { 0 }])
            });
            let want = holes_filled_by_flood(&mask);
            fill_holes(&mut mask);
            proptest::prop_assert_eq!(mask, want);
        }
    }

    #[test]
    fn box_mean_matches_a_plain_average_inside_and_at_the_border() {
        for (w, h) in [(13u32, 9u32), (1, 7)] {
            let img = RgbImage::from_fn(w, h, |x, y| {
                image::Rgb([
                    (x * 19 + y * 7) as u8,
                    (x * y * 3) as u8,
                    (250 - x * 11) as u8,
                ])
            });
            for k in [0usize, 2, 20] {
                let mean = box_mean(&img, k);
                for (x, y, _) in img.enumerate_pixels() {
                    let (x, y) = (x as usize, y as usize);
                    let (mut sum, mut n) = ([0f64; 3], 0.0);
                    for yy in y.saturating_sub(k)..=(y + k).min(h as usize - 1) {
                        for xx in x.saturating_sub(k)..=(x + k).min(w as usize - 1) {
                            let p = img.get_pixel(xx as u32, yy as u32);
                            (0..3).for_each(|c| sum[c] += p[c] as f64 / 255.0);
                            n += 1.0;
                        }
                    }
                    let got = mean[y * w as usize + x];
                    for c in 0..3 {
                        let want = sum[c] / n;
                        assert!(
                            (got[c] as f64 - want).abs() < 1e-5,
                            "{w}x{h} k {k} ({x}, {y})"
                        );
                    }
                }
            }
        }
    }
}
