//! The referee check of `../shared/spec/pans-check.md`: a situation in, a verdict out.
//!
//! Readings of the geometry the rulebook leaves open (see `docs/rules-interpretations.md`):
//! a Hook circle is hidden when its centre lies in a dark area (boundary included); whether a
//! Hook circle is "within" an exploration circle or a Camp's outer perimeter follows the game's
//! [`Within`] reading (one predicate for both); the Child is found when the cross lies in an
//! exploration circle, rim included.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::geometry::{Circle, Point, Polygon};

pub const FORMAT: &str = "pans-island-check/1";
/// Explore draws 1 circle, John & Michael 2, 3 with the Magic Powder.
pub const MAX_CIRCLES: usize = 3;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct CheckError {
    pub path: String,
    pub reason: String,
}

fn err(path: impl Into<String>, reason: impl Into<String>) -> CheckError {
    CheckError {
        path: path.into(),
        reason: reason.into(),
    }
}

#[derive(Deserialize)]
struct RawPoint {
    x: f64,
    y: f64,
}

#[derive(Deserialize)]
struct RawHook {
    x: f64,
    y: f64,
    r: f64,
}

#[derive(Deserialize)]
struct RawSleeve {
    #[serde(default)]
    cross: Option<RawPoint>,
    hooks: Vec<RawHook>,
    dark_areas: Vec<Vec<Vec<f64>>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum RawKind {
    Explore,
    Uncover,
}

#[derive(Deserialize)]
struct RawAction {
    kind: RawKind,
    circles: Vec<RawPoint>,
}

#[derive(Deserialize)]
struct RawSituation {
    format: String,
    #[serde(default)]
    within: Option<Within>,
    explore_radius_mm: f64,
    camp_radius_mm: f64,
    sleeve: RawSleeve,
    camps: Vec<RawPoint>,
    action: RawAction,
}

/// When a Hook circle counts as "within" a circle (an exploration circle, or a Camp's outer
/// perimeter): the reading of the rulebook's "within the circle of exploration", chosen at
/// set-up as a house rule and stored with the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Within {
    /// Its centre lies in the circle, rim included (the project's default reading).
    Centre,
    /// Any part of it touches the circle.
    Touching,
    /// More than half of its area lies in the circle.
    Mostly,
    /// Games stored before the reading was a choice: met when touching, neutralised by a Camp
    /// when its centre is inside. Kept so that those games replay exactly; not offered.
    Original,
}

impl Within {
    /// The reading a new game gets unless the players choose another.
    pub const DEFAULT: Within = Within::Centre;
    /// The readings offered at set-up.
    pub const OFFERED: [Within; 3] = [Within::Centre, Within::Touching, Within::Mostly];

    pub fn id(self) -> &'static str {
        match self {
            Within::Centre => "centre",
            Within::Touching => "touching",
            Within::Mostly => "mostly",
            Within::Original => "original",
        }
    }

    /// Is the Hook ring within the exploration circle?
    pub fn met(self, ring: &Circle, circle: &Circle) -> bool {
        match self {
            Within::Touching | Within::Original => circle.meets(ring),
            Within::Centre => circle.contains(ring.c),
            Within::Mostly => circle.mostly_covers(ring),
        }
    }

    /// Is the Hook ring within the Camp's outer perimeter (and so neutralised)?
    pub fn neutralised(self, ring: &Circle, camp: &Circle) -> bool {
        match self {
            Within::Original => camp.contains(ring.c),
            other => other.met(ring, camp),
        }
    }
}

/// What the active player does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Explore,
    Uncover,
}

/// A validated situation.
#[derive(Debug, Clone, PartialEq)]
pub struct Situation {
    pub within: Within,
    pub explore_radius: f64,
    pub camp_radius: f64,
    pub cross: Option<Point>,
    pub hooks: Vec<Circle>,
    pub dark_areas: Vec<Polygon>,
    pub camps: Vec<Point>,
    pub kind: Kind,
    pub circles: Vec<Point>,
}

/// The referee's answer: booleans only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Verdict {
    Explore {
        hook_encountered: bool,
        child_found: bool,
    },
    Uncover {
        hook_present: bool,
    },
}

fn number(path: &str, v: f64) -> Result<f64, CheckError> {
    if !v.is_finite() {
        return Err(err(path, "must be a finite number"));
    }
    if v < 0.0 {
        return Err(err(path, format!("must not be negative (got {v})")));
    }
    Ok(v)
}

fn point(path: &str, p: &RawPoint) -> Result<Point, CheckError> {
    Ok(Point {
        x: number(&format!("{path}.x"), p.x)?,
        y: number(&format!("{path}.y"), p.y)?,
    })
}

impl Situation {
    /// Parses and validates a situation; errors name the JSON field.
    pub fn from_json(text: &str) -> Result<Situation, CheckError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let raw: RawSituation = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            err(
                if path == "." {
                    "(top level)".into()
                } else {
                    path
                },
                e.inner().to_string(),
            )
        })?;
        if raw.format != FORMAT {
            return Err(err(
                "format",
                format!("expected {FORMAT:?}, got {:?}", raw.format),
            ));
        }
        let explore_radius = number("explore_radius_mm", raw.explore_radius_mm)?;
        let camp_radius = number("camp_radius_mm", raw.camp_radius_mm)?;
        let cross = match &raw.sleeve.cross {
            Some(p) => Some(point("sleeve.cross", p)?),
            None => None,
        };
        let hooks = raw
            .sleeve
            .hooks
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let path = format!("sleeve.hooks[{i}]");
                Ok(Circle {
                    c: point(&path, &RawPoint { x: h.x, y: h.y })?,
                    r: number(&format!("{path}.r"), h.r)?,
                })
            })
            .collect::<Result<Vec<_>, CheckError>>()?;
        let dark_areas = raw
            .sleeve
            .dark_areas
            .iter()
            .enumerate()
            .map(|(i, poly)| {
                let path = format!("sleeve.dark_areas[{i}]");
                if poly.len() < 3 {
                    return Err(err(
                        &path,
                        format!("a polygon needs at least 3 points, got {}", poly.len()),
                    ));
                }
                poly.iter()
                    .enumerate()
                    .map(|(j, xy)| {
                        let pp = format!("{path}[{j}]");
                        match xy.as_slice() {
                            [x, y] => point(&pp, &RawPoint { x: *x, y: *y }),
                            _ => Err(err(
                                &pp,
                                format!("a point is [x, y], got {} numbers", xy.len()),
                            )),
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map(Polygon)
            })
            .collect::<Result<Vec<_>, CheckError>>()?;
        if let Some(x) = cross
            && dark_areas.iter().any(|d| d.contains(x))
        {
            return Err(err(
                "sleeve.cross",
                "the cross lies in a dark area, where the rules forbid drawing it",
            ));
        }
        let camps = raw
            .camps
            .iter()
            .enumerate()
            .map(|(i, c)| point(&format!("camps[{i}]"), c))
            .collect::<Result<Vec<_>, _>>()?;
        let kind = match raw.action.kind {
            RawKind::Explore => Kind::Explore,
            RawKind::Uncover => Kind::Uncover,
        };
        let n = raw.action.circles.len();
        let most = if kind == Kind::Explore {
            MAX_CIRCLES
        } else {
            1
        };
        if n == 0 || n > most {
            return Err(err(
                "action.circles",
                format!(
                    "{} draws 1 to {most} circles, got {n}",
                    if kind == Kind::Explore {
                        "explore"
                    } else {
                        "uncover"
                    }
                ),
            ));
        }
        let circles = raw
            .action
            .circles
            .iter()
            .enumerate()
            .map(|(i, c)| point(&format!("action.circles[{i}]"), c))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Situation {
            within: raw.within.unwrap_or(Within::DEFAULT),
            explore_radius,
            camp_radius,
            cross,
            hooks,
            dark_areas,
            camps,
            kind,
            circles,
        })
    }

    /// A Hook circle counts unless a dark area hides its centre or it lies within a Camp's
    /// outer perimeter (by the game's reading of "within").
    pub fn hook_counts(&self, hook: &Circle) -> bool {
        !self.dark_areas.iter().any(|d| d.contains(hook.c))
            && !self.camps.iter().any(|c| {
                self.within.neutralised(
                    hook,
                    &Circle {
                        c: *c,
                        r: self.camp_radius,
                    },
                )
            })
    }

    fn observation(&self) -> impl Iterator<Item = Circle> + '_ {
        self.circles.iter().map(|c| Circle {
            c: *c,
            r: self.explore_radius,
        })
    }

    /// Is any counted Hook circle reached by the drawn circles?
    pub fn hook_reached(&self) -> bool {
        // The cheap distance test first; dark areas and Camps only for rings within reach.
        self.hooks
            .iter()
            .filter(|h| self.observation().any(|o| self.within.met(h, &o)))
            .any(|h| self.hook_counts(h))
    }

    pub fn verdict(&self) -> Verdict {
        match self.kind {
            Kind::Explore => Verdict::Explore {
                hook_encountered: self.hook_reached(),
                child_found: self
                    .cross
                    .is_some_and(|x| self.observation().any(|o| o.contains(x))),
            },
            Kind::Uncover => Verdict::Uncover {
                hook_present: self.hook_reached(),
            },
        }
    }
}

/// Parses a situation and answers it.
pub fn check_json(text: &str) -> Result<Verdict, CheckError> {
    Ok(Situation::from_json(text)?.verdict())
}
