//! Scoring a reading against a generator's truth (the contract's JSON), for the accuracy
//! script: is the photo fully right, and is every wrong field named by a doubt?

use serde_json::Value;

use crate::scan::Scan;

/// The contract's tolerances for a fully right photo.
pub const CORNER_PX: f64 = 20.0;
pub const RING_MM: f64 = 0.3;
pub const CROSS_MM: f64 = 0.5;

/// What was wrong with one reading, field by field, and which wrong fields carried no doubt.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Verdict {
    /// Whether the reading carried any doubt at all.
    pub doubted: bool,
    pub wrong: Vec<String>,
    pub unwarned: Vec<String>,
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

fn pt(v: &Value) -> [f64; 2] {
    [num(&v[0]), num(&v[1])]
}

/// Compares a reading with the truth; `detail` collects a line per problem.
pub fn judge(scan: &Scan, truth: &Value, detail: &mut Vec<String>) -> Verdict {
    let mut wrong: Vec<&str> = Vec::new();
    let corners = truth["card"]["corners_px"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let worst = scan
        .card
        .corners_px
        .iter()
        .zip(corners.iter().map(pt))
        .map(|(a, b)| (a[0] - b[0]).hypot(a[1] - b[1]))
        .fold(0.0, f64::max);
    if corners.len() != 4 || worst.is_nan() || worst > CORNER_PX {
        detail.push(format!(
            "card corners off by {worst:.1} px: {:?} for {:?}",
            scan.card.corners_px.map(|p| p.map(|v| v.round())),
            corners
                .iter()
                .map(pt)
                .map(|p| p.map(|v| v.round()))
                .collect::<Vec<_>>()
        ));
        wrong.push("card");
    } else {
        let rings = truth["hooks"].as_array().cloned().unwrap_or_default();
        let mut used = vec![false; scan.hooks.len()];
        for ring in &rings {
            let (x, y, r) = (num(&ring["x"]), num(&ring["y"]), num(&ring["r"]));
            let near = scan
                .hooks
                .iter()
                .enumerate()
                .filter(|(i, h)| !used[*i] && (h.x - x).hypot(h.y - y) < 2.0)
                .min_by(|a, b| {
                    (a.1.x - x)
                        .hypot(a.1.y - y)
                        .total_cmp(&(b.1.x - x).hypot(b.1.y - y))
                });
            let Some((i, h)) = near else {
                detail.push(format!("ring at ({x:.1}, {y:.1}) r {r:.1} missed"));
                wrong.push("hooks");
                continue;
            };
            used[i] = true;
            let off = (h.x - x).hypot(h.y - y);
            if off > RING_MM || (h.r - r).abs() > RING_MM {
                detail.push(format!(
                    "ring at ({x:.1}, {y:.1}): centre off {off:.2} mm, radius {:.2} for {r:.2}",
                    h.r
                ));
                wrong.push("hooks");
            }
            if ring["hidden"].as_bool() != Some(h.hidden) {
                detail.push(format!("ring at ({x:.1}, {y:.1}): hidden flag wrong"));
                wrong.push("hidden");
            }
        }
        for (i, h) in scan.hooks.iter().enumerate().filter(|(i, _)| !used[*i]) {
            detail.push(format!("ring {i} at ({:.1}, {:.1}) invented", h.x, h.y));
            wrong.push("hooks");
        }
        match (&scan.cross, truth["cross"].is_null()) {
            (None, true) => {}
            (Some(c), false) => {
                let off = (c.x - num(&truth["cross"]["x"])).hypot(c.y - num(&truth["cross"]["y"]));
                if off.is_nan() || off > CROSS_MM {
                    detail.push(format!("cross off by {off:.2} mm"));
                    wrong.push("cross");
                }
            }
            (Some(_), true) => {
                detail.push("cross invented".into());
                wrong.push("cross");
            }
            (None, false) => {
                detail.push("cross missed".into());
                wrong.push("cross");
            }
        }
    }
    wrong.dedup();
    detail.push(format!("confidence {:?}", scan.confidence));
    let mut v = Verdict {
        doubted: !scan.doubts.is_empty(),
        ..Verdict::default()
    };
    for f in wrong {
        if !v.wrong.iter().any(|w| w == f) {
            v.wrong.push(f.to_string());
            if !scan.doubts.iter().any(|d| d.field == f) {
                v.unwarned.push(f.to_string());
            }
        }
    }
    v
}
