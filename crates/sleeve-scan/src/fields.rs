//! The fields read on the straightened card (rings, hidden flags, dark areas, the cross), each
//! with a confidence, and the doubts drawn from them: every field that may be wrong is named.

use image::RgbImage;

use crate::features;
use crate::scan::{CrossAt, Doubt, Hook};

/// Below these confidences a field is reported as a doubt (set on the tuning photos of both
/// generators so that wrong readings carry a doubt; `sleeve-fields eval` measures it).
pub const DOUBT_RING: f64 = 0.6;
pub const DOUBT_CROSS: f64 = 0.85;
pub const DOUBT_FIELD: f64 = 0.5;

// A ring found only in the shade of a dark area, a cross read only from its arms or only among
// the thick strokes, and a cross read beside a tapering patch are always named as doubts.
const _: () = assert!(crate::shaded::SHADED_CONF < DOUBT_RING);
// So is a ring read only over a dark area glare lit to grey.
const _: () = assert!(crate::lit_grey::GREY_FILM_CONF < DOUBT_RING);
const _: () = assert!(crate::rings::TWICE_CONF < DOUBT_RING);
const _: () = assert!(crate::cross::ARMS_SCORE < DOUBT_CROSS);
const _: () = assert!(crate::cross::OVERRULED_SCORE < DOUBT_CROSS);
const _: () = assert!(crate::cross::THICK_SCORE < DOUBT_CROSS);
const _: () = assert!(crate::cross::FIRST_SURE >= DOUBT_CROSS);
const _: () = assert!(crate::cross::TAPERED_RIVAL < DOUBT_CROSS);
// Only a ring that is not itself named as a doubt sets a cross aside.
const _: () = assert!(crate::cross::SURE_RING >= DOUBT_RING);

/// What the straightened card shows, with a confidence per field and the doubts.
pub struct Fields {
    pub hooks: Vec<Hook>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
    pub cross: Option<CrossAt>,
    /// The least sure ring (and no ring missed).
    pub hooks_conf: f64,
    /// The least sure hidden flag.
    pub hidden_conf: f64,
    pub dark_conf: f64,
    pub cross_conf: f64,
    pub doubts: Vec<Doubt>,
}

/// Reads the fields on the canonical card and names the doubtful ones.
pub fn read(canon: &RgbImage) -> Fields {
    let features::Found {
        hooks: (hooks, hooks_conf),
        ring_conf,
        missed_at,
        hidden_doubt,
        dark_areas,
        cross: (cross, cross_conf),
    } = features::read(canon);
    let dark_conf = if dark_areas.is_empty() { 0.3 } else { 1.0 };
    let doubt = |field: &str, hook: Option<usize>, at: Option<[f64; 2]>, confidence: f64| Doubt {
        field: field.into(),
        hook,
        corner: None,
        at,
        confidence,
    };
    let mut doubts = Vec::new();
    for (i, (h, &rc)) in hooks.iter().zip(&ring_conf).enumerate() {
        if rc < DOUBT_RING {
            doubts.push(doubt("hooks", Some(i), Some([h.x, h.y]), rc));
        }
    }
    for at in &missed_at {
        doubts.push(doubt("hooks", None, Some(*at), 0.3));
    }
    // A ring near a dark area's edge, or itself in doubt (its centre may be elsewhere): its hidden
    // flag is in doubt too.
    let mut hidden_conf: f64 = 1.0;
    for (i, h) in hooks.iter().enumerate() {
        let unsure = ring_conf.get(i).is_some_and(|&c| c < DOUBT_RING);
        if unsure || hidden_doubt.contains(&i) {
            hidden_conf = hidden_conf.min(0.4);
            doubts.push(doubt("hidden", Some(i), Some([h.x, h.y]), 0.4));
        }
    }
    if dark_conf < DOUBT_FIELD {
        doubts.push(doubt("dark_areas", None, None, dark_conf));
    }
    if cross_conf < DOUBT_CROSS {
        let at = cross.as_ref().map(|x| [x.x, x.y]);
        doubts.push(doubt("cross", None, at, cross_conf));
    }
    let hooks_conf = if missed_at.is_empty() {
        hooks_conf
    } else {
        hooks_conf.min(0.3)
    };
    Fields {
        hooks,
        dark_areas,
        cross,
        hooks_conf,
        hidden_conf,
        dark_conf,
        cross_conf,
        doubts,
    }
}

/// A doubt in a player's words, naming its field.
pub fn warning(d: &Doubt) -> String {
    let what = match (d.field.as_str(), d.hook) {
        ("card", _) => match d.corner {
            Some(k) => format!(
                "the card's outline near its {} corner, or which way up it is",
                ["top-left", "top-right", "bottom-right", "bottom-left"][k.min(3)]
            ),
            None => "the card's outline or which way up it is".to_string(),
        },
        ("hooks", Some(i)) => format!("Hook circle {}", i + 1),
        ("hooks", None) if d.at.is_none() => {
            "where the Hook circles lie (they are placed from the card's outline, in doubt)"
                .to_string()
        }
        ("hooks", None) => "the Hook circles (one may be missed here)".to_string(),
        ("hidden", Some(i)) => format!("whether Hook circle {} is hidden", i + 1),
        ("hidden", None) => "which Hook circles are hidden".to_string(),
        ("cross", _) => "the cross".to_string(),
        (_, _) => "the dark areas".to_string(),
    };
    format!("check {what} on the photo (confidence {:.2})", d.confidence)
}
