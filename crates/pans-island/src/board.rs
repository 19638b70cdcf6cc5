//! The Neverland board as data (`assets/pans-island/board.json`): sizes, the accessible and
//! inaccessible areas, the templates, the tracks, and where each Hero starts. Validated at load;
//! errors name the file, the JSON path and the reason.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::geometry::{Point, Polygon, segment_crossings};
use crate::heroes::Hero;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    Rulebook,
    Authored,
    /// Measured or checked by the table's owner on their own board and cards ("My box").
    Owner,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sized2 {
    pub w: f64,
    pub h: f64,
    pub source: Source,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Value<T> {
    pub value: T,
    pub source: Source,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub source: Source,
    pub polygons: Vec<Vec<[f64; 2]>>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroStarts {
    pub source: Source,
    #[serde(rename = "peter-pan")]
    pub peter_pan: [f64; 2],
    #[serde(rename = "tiger-lily")]
    pub tiger_lily: [f64; 2],
    pub wendy: [f64; 2],
    #[serde(rename = "tinker-bell")]
    pub tinker_bell: [f64; 2],
    #[serde(rename = "john-michael")]
    pub john_michael: [f64; 2],
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    id: String,
    version: u32,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    size_mm: Sized2,
    mini_card_mm: Sized2,
    accessible: Area,
    inaccessible: Area,
    movement_template_mm: Value<f64>,
    tinker_bell_bonus_mm: Value<f64>,
    observation_inner_radius_mm: Value<f64>,
    observation_outer_radius_mm: Value<f64>,
    lost_child_spaces: Value<u8>,
    hook_spaces: Value<u8>,
    camp_spaces: Value<u8>,
    peter_extra_camp_spaces: Value<u8>,
    hero_starts: HeroStarts,
}

/// A validated board.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub id: String,
    pub version: u32,
    pub width: f64,
    pub height: f64,
    /// Board millimetres per mini-card millimetre, along x and y.
    pub card_scale: (f64, f64),
    pub accessible: Vec<Polygon>,
    pub inaccessible: Vec<Polygon>,
    pub movement: f64,
    pub tinker_bell_bonus: f64,
    pub explore_radius: f64,
    pub camp_radius: f64,
    pub lost_child_spaces: u8,
    pub hook_spaces: u8,
    pub camp_spaces: u8,
    pub peter_extra_camp_spaces: u8,
    starts: [Point; 5],
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {path}: {reason}")]
pub struct BoardError {
    pub file: String,
    pub path: String,
    pub reason: String,
}

fn polys(area: &Area, path: &str, size: (f64, f64)) -> Result<Vec<Polygon>, (String, String)> {
    area.polygons
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if p.len() < 3 {
                return Err((
                    format!("{path}.polygons[{i}]"),
                    "a polygon needs at least 3 points".into(),
                ));
            }
            if let Some(j) = p
                .iter()
                .position(|xy| !xy[0].is_finite() || !xy[1].is_finite())
            {
                return Err((
                    format!("{path}.polygons[{i}][{j}]"),
                    "not a finite number".into(),
                ));
            }
            if let Some(j) = p
                .iter()
                .position(|xy| !(0.0..=size.0).contains(&xy[0]) || !(0.0..=size.1).contains(&xy[1]))
            {
                return Err((
                    format!("{path}.polygons[{i}][{j}]"),
                    format!(
                        "({}, {}) is off the {} x {} mm board",
                        p[j][0], p[j][1], size.0, size.1
                    ),
                ));
            }
            Ok(Polygon(
                p.iter().map(|xy| Point { x: xy[0], y: xy[1] }).collect(),
            ))
        })
        .collect()
}

fn positive(v: f64, path: &str) -> Result<f64, (String, String)> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err((
            path.into(),
            format!("must be a positive number of millimetres, got {v}"),
        ))
    }
}

impl Board {
    pub fn from_json(file: &str, text: &str) -> Result<Board, BoardError> {
        let wrap = |(path, reason): (String, String)| BoardError {
            file: file.to_owned(),
            path,
            reason,
        };
        let de = &mut serde_json::Deserializer::from_str(text);
        let raw: RawBoard = serde_path_to_error::deserialize(de)
            .map_err(|e| wrap((e.path().to_string(), e.inner().to_string())))?;
        Board::validate(raw).map_err(wrap)
    }

    fn validate(raw: RawBoard) -> Result<Board, (String, String)> {
        let width = positive(raw.size_mm.w, "size_mm.w")?;
        let height = positive(raw.size_mm.h, "size_mm.h")?;
        let cw = positive(raw.mini_card_mm.w, "mini_card_mm.w")?;
        let ch = positive(raw.mini_card_mm.h, "mini_card_mm.h")?;
        let explore_radius = positive(
            raw.observation_inner_radius_mm.value,
            "observation_inner_radius_mm.value",
        )?;
        let camp_radius = positive(
            raw.observation_outer_radius_mm.value,
            "observation_outer_radius_mm.value",
        )?;
        if camp_radius <= explore_radius {
            return Err((
                "observation_outer_radius_mm.value".into(),
                "the outer perimeter must be larger than the inner one".into(),
            ));
        }
        if raw.lost_child_spaces.value == 0 || raw.hook_spaces.value == 0 {
            return Err((
                "lost_child_spaces".into(),
                "the tracks need at least one space".into(),
            ));
        }
        let s = &raw.hero_starts;
        let starts = [
            s.peter_pan,
            s.tiger_lily,
            s.wendy,
            s.tinker_bell,
            s.john_michael,
        ]
        .map(|xy| Point { x: xy[0], y: xy[1] });
        let board = Board {
            id: raw.id,
            version: raw.version,
            width,
            height,
            card_scale: (width / cw, height / ch),
            accessible: polys(&raw.accessible, "accessible", (width, height))?,
            inaccessible: polys(&raw.inaccessible, "inaccessible", (width, height))?,
            movement: positive(raw.movement_template_mm.value, "movement_template_mm.value")?,
            tinker_bell_bonus: positive(
                raw.tinker_bell_bonus_mm.value,
                "tinker_bell_bonus_mm.value",
            )?,
            explore_radius,
            camp_radius,
            lost_child_spaces: raw.lost_child_spaces.value,
            hook_spaces: raw.hook_spaces.value,
            camp_spaces: raw.camp_spaces.value,
            peter_extra_camp_spaces: raw.peter_extra_camp_spaces.value,
            starts,
        };
        if board.accessible.is_empty() {
            return Err((
                "accessible.polygons".into(),
                "the board needs an accessible area".into(),
            ));
        }
        for hero in Hero::ALL {
            let p = board.start(hero);
            if !board.is_accessible(p) {
                return Err((
                    format!("hero_starts.{}", hero.id()),
                    format!("({}, {}) is not in the accessible area", p.x, p.y),
                ));
            }
        }
        Ok(board)
    }

    pub fn start(&self, hero: Hero) -> Point {
        self.starts[hero as usize]
    }

    pub fn on_board(&self, p: Point) -> bool {
        (0.0..=self.width).contains(&p.x) && (0.0..=self.height).contains(&p.y)
    }

    /// In the blue part: inside an accessible polygon and outside every inaccessible one
    /// (the boundary of an accessible polygon counts as accessible, that of a red zone does not).
    pub fn is_accessible(&self, p: Point) -> bool {
        self.accessible.iter().any(|a| a.contains(p))
            && !self.inaccessible.iter().any(|r| r.contains(p))
    }

    /// Does the straight segment a→b stay in the accessible area all along? Exact: it is split
    /// where it meets any area boundary and every piece is tested at its middle.
    pub fn segment_accessible(&self, a: Point, b: Point) -> bool {
        if !self.is_accessible(a) || !self.is_accessible(b) {
            return false;
        }
        let mut ts = vec![0.0, 1.0];
        for poly in self.accessible.iter().chain(&self.inaccessible) {
            ts.extend(segment_crossings(a, b, poly));
        }
        ts.sort_by(f64::total_cmp);
        ts.windows(2).all(|w| {
            let t = (w[0] + w[1]) / 2.0;
            self.is_accessible(Point {
                x: a.x + (b.x - a.x) * t,
                y: a.y + (b.y - a.y) * t,
            })
        })
    }

    /// A point given in mini-card millimetres (as the sleeve scan reports it) on the board.
    pub fn card_to_board(&self, p: Point) -> Point {
        Point {
            x: p.x * self.card_scale.0,
            y: p.y * self.card_scale.1,
        }
    }

    /// The built-in board.
    pub fn builtin() -> Board {
        Board::from_json("assets/pans-island/board.json", BUILTIN)
            .expect("the built-in board is valid (tested)")
    }
}

/// The built-in board file's text (the owner's box is applied over it).
pub const BUILTIN: &str = include_str!("../../../assets/pans-island/board.json");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_board_loads_and_starts_are_accessible() {
        let b = Board::builtin();
        assert_eq!((b.lost_child_spaces, b.hook_spaces), (4, 5));
        assert_eq!(b.card_scale, (10.0, 10.0));
        for h in Hero::ALL {
            assert!(b.is_accessible(b.start(h)));
        }
    }

    #[test]
    fn segments_across_a_red_zone_are_refused() {
        let b = Board::builtin();
        // Straight through the volcano zone (250..370 x 280..420).
        assert!(!b.segment_accessible(Point { x: 200.0, y: 350.0 }, Point { x: 420.0, y: 350.0 }));
        assert!(b.segment_accessible(Point { x: 150.0, y: 200.0 }, Point { x: 200.0, y: 250.0 }));
        // Out to sea.
        assert!(!b.segment_accessible(Point { x: 150.0, y: 200.0 }, Point { x: 5.0, y: 5.0 }));
    }

    #[test]
    fn broken_boards_name_the_field() {
        let bad = BUILTIN.replace("\"value\": 40.0", "\"value\": -40.0");
        let e = Board::from_json("b.json", &bad).unwrap_err();
        assert_eq!(e.path, "observation_inner_radius_mm.value");
        let bad = BUILTIN.replace("\"wendy\": [150, 700]", "\"wendy\": [5, 5]");
        let e = Board::from_json("b.json", &bad).unwrap_err();
        assert_eq!(e.path, "hero_starts.wendy");
        let bad = BUILTIN.replace("\"camp_spaces\"", "\"camp_spacez\"");
        let e = Board::from_json("b.json", &bad).unwrap_err();
        assert!(e.reason.contains("unknown field"), "{e}");
        assert!(e.to_string().starts_with("b.json: "));
    }
}
