//! Reading a Pan's Island sleeve from a photo (`../shared/spec/sleeve-photo.md`), as a pure
//! crate: bytes in, card millimetres out. It decodes once (EXIF orientation applied, limits
//! checked before any pixel buffer is allocated). `synth` renders synthetic sleeve photos with
//! their ground truth, for the tests and for anyone calibrating the scanner.

pub mod decode;
pub mod features;
pub mod geom;
pub mod scan;
pub mod synth;

pub use decode::{MAX_BYTES, MAX_PIXELS, ScanError, decode};

use scan::{Card, Confidence, Scan};

/// Reads a sleeve photo: the whole pipeline. `corners` are the card's corners as a person tapped
/// them (any order, within about 10 px); they replace the card finding, and refinement still runs.
pub fn scan_photo(bytes: &[u8], corners: Option<[[f64; 2]; 4]>) -> Result<Scan, ScanError> {
    let img = decode(bytes)?;
    scan_image(&img, corners)
}

/// Runs `a` on another thread and `b` on this one, and returns both results (the scan uses the
/// machine's two cores where the work splits evenly).
pub(crate) fn join<A: Send, B>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B) -> (A, B) {
    std::thread::scope(|s| {
        let other = s.spawn(a);
        let mine = b();
        (other.join().expect("a scan stage panicked"), mine)
    })
}

/// The pipeline on a decoded image.
pub fn scan_image(
    img: &image::RgbImage,
    corners: Option<[[f64; 2]; 4]>,
) -> Result<Scan, ScanError> {
    // Each coarse outline is refined; the one whose sides found the most edge points wins.
    let (candidates, find_conf) = match corners {
        Some(c) => (vec![c], 1.0),
        None => {
            let coarse = scan::find_card(img)?;
            (coarse.candidates, coarse.fill)
        }
    };
    // Stop at the first outline whose sides were all traced cleanly; otherwise keep the best.
    let mut best: Option<([[f64; 2]; 4], f64)> = None;
    for q in &candidates {
        if let Some(r) = scan::refine_corners(img, *q) {
            let clean = r.1 >= 0.9;
            if best.is_none_or(|b| r.1 > b.1) {
                best = Some(r);
            }
            if clean {
                break;
            }
        }
    }
    let (refined, refine_conf) = match best {
        Some(r) => r,
        None if corners.is_some() => (candidates[0], 0.3),
        None => {
            return Err(ScanError::NoCard(
                "the card's edges could not be traced: tap its four corners instead (--corners)"
                    .into(),
            ));
        }
    };
    let (upright, orient_conf) = scan::orient(img, refined);
    let h = synth::homography(&upright);
    let canon = scan::warp(img, &h);
    let features::Found {
        hooks: (hooks, hooks_conf),
        dark_areas,
        cross: (cross, cross_conf),
    } = features::read(&canon);
    let confidence = Confidence {
        card: find_conf.min(refine_conf),
        orientation: orient_conf,
        hooks: hooks_conf,
        dark_areas: if dark_areas.is_empty() { 0.3 } else { 1.0 },
        cross: cross_conf,
    };
    let mut warnings = Vec::new();
    for (name, c) in [
        ("card outline", confidence.card),
        ("orientation", confidence.orientation),
        ("Hook circles", confidence.hooks),
        ("dark areas", confidence.dark_areas),
        ("cross", confidence.cross),
    ] {
        if c < 0.5 {
            warnings.push(format!(
                "low confidence in the {name} ({c:.2}): check it on the photo"
            ));
        }
    }
    Ok(Scan {
        card: Card {
            corners_px: upright,
        },
        hooks,
        dark_areas,
        cross,
        confidence,
        warnings,
    })
}
