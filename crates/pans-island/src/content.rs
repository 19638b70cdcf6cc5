//! Vision cards and Event cards as data (`assets/pans-island/visions.json`, `events.json`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::board::{BoardError, Source};

/// The built-in Vision and Event files' text (the owner's box is applied over them).
pub const VISIONS_JSON: &str = include_str!("../../../assets/pans-island/visions.json");
pub const EVENTS_JSON: &str = include_str!("../../../assets/pans-island/events.json");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Pile {
    Distance,
    Direction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Back {
    Aurora,
    Storm,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct VisionCard {
    pub id: String,
    pub pile: Pile,
    pub back: Back,
    pub face: String,
    /// Shows Captain Hook's symbol: drawing it marks a Hook space and it is replaced.
    pub hook: bool,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Discards {
    #[allow(dead_code)]
    source: Source,
    by_players: std::collections::BTreeMap<String, [usize; 2]>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVisions {
    id: String,
    version: u32,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    #[allow(dead_code)]
    source: Source,
    setup_discards: Discards,
    cards: Vec<VisionCard>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Visions {
    pub id: String,
    pub version: u32,
    pub cards: Vec<VisionCard>,
    /// [Distance, Direction] cards discarded at set-up, for 2 to 5 players.
    pub discards: [[usize; 2]; 4],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    Positive,
    Negative,
}

/// What an Event changes. Each is applied by the engine (see `Rules::with_events`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    /// The Magic Powder: Heroes use their enhanced abilities.
    EnhancedAbilities,
    MovementBonusMm {
        mm: f64,
    },
    ExploreRadiusMm {
        mm: f64,
    },
    CampSpaces {
        delta: i8,
    },
    HookSpaces {
        delta: i8,
    },
    HookSpacesMarkedAtStart {
        count: u8,
    },
    StormHookSymbolsIgnored,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Event {
    pub id: String,
    pub name: String,
    pub kind: EventKind,
    pub source: Source,
    pub effect: Effect,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvents {
    id: String,
    version: u32,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    events: Vec<Event>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Events {
    pub id: String,
    pub version: u32,
    pub events: Vec<Event>,
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, BoardError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| BoardError {
        file: file.into(),
        path: e.path().to_string(),
        reason: e.inner().to_string(),
    })
}

fn fail(file: &str, path: String, reason: String) -> BoardError {
    BoardError {
        file: file.into(),
        path,
        reason,
    }
}

impl Visions {
    pub fn from_json(file: &str, text: &str) -> Result<Visions, BoardError> {
        let raw: RawVisions = parse(file, text)?;
        let count = |p: Pile| raw.cards.iter().filter(|c| c.pile == p).count();
        let mut seen = std::collections::HashSet::new();
        for (i, c) in raw.cards.iter().enumerate() {
            if !seen.insert(c.id.as_str()) {
                return Err(fail(
                    file,
                    format!("cards[{i}].id"),
                    format!("duplicate id {:?}", c.id),
                ));
            }
        }
        let mut discards = [[0; 2]; 4];
        for (i, n) in (2..=5).enumerate() {
            let d = raw
                .setup_discards
                .by_players
                .get(&n.to_string())
                .ok_or_else(|| {
                    fail(
                        file,
                        format!("setup_discards.by_players.{n}"),
                        "missing".into(),
                    )
                })?;
            if d[0] > count(Pile::Distance) || d[1] > count(Pile::Direction) {
                return Err(fail(
                    file,
                    format!("setup_discards.by_players.{n}"),
                    "more than the piles hold".into(),
                ));
            }
            discards[i] = *d;
        }
        Ok(Visions {
            id: raw.id,
            version: raw.version,
            cards: raw.cards,
            discards,
        })
    }

    pub fn builtin() -> Visions {
        Visions::from_json("assets/pans-island/visions.json", VISIONS_JSON)
            .expect("the built-in Vision cards are valid (tested)")
    }
}

impl Events {
    pub fn from_json(file: &str, text: &str) -> Result<Events, BoardError> {
        let raw: RawEvents = parse(file, text)?;
        let mut seen = std::collections::HashSet::new();
        for (i, e) in raw.events.iter().enumerate() {
            if !seen.insert(e.id.as_str()) {
                return Err(fail(
                    file,
                    format!("events[{i}].id"),
                    format!("duplicate id {:?}", e.id),
                ));
            }
        }
        for kind in [EventKind::Positive, EventKind::Negative] {
            if !raw.events.iter().any(|e| e.kind == kind) {
                return Err(fail(file, "events".into(), format!("no {kind:?} Event")));
            }
        }
        Ok(Events {
            id: raw.id,
            version: raw.version,
            events: raw.events,
        })
    }

    pub fn builtin() -> Events {
        Events::from_json("assets/pans-island/events.json", EVENTS_JSON)
            .expect("the built-in Events are valid (tested)")
    }

    pub fn get(&self, id: &str) -> Option<&Event> {
        self.events.iter().find(|e| e.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_content_matches_the_box() {
        let v = Visions::builtin();
        assert_eq!(
            v.cards.iter().filter(|c| c.pile == Pile::Distance).count(),
            32
        );
        assert_eq!(
            v.cards.iter().filter(|c| c.pile == Pile::Direction).count(),
            43
        );
        assert!(
            v.cards
                .iter()
                .filter(|c| c.hook)
                .all(|c| c.back == Back::Storm)
        );
        assert_eq!(v.discards, [[8, 12], [5, 7], [2, 2], [0, 0]]);
        let e = Events::builtin();
        assert_eq!(e.events.len(), 10);
        let powder = e.get("the-magic-powder").unwrap();
        assert_eq!(
            (powder.kind, powder.source),
            (EventKind::Positive, Source::Rulebook)
        );
        assert!(
            e.events
                .iter()
                .filter(|x| x.id != "the-magic-powder")
                .all(|x| x.source == Source::Authored)
        );
    }

    #[test]
    fn broken_content_names_the_field() {
        let text = include_str!("../../../assets/pans-island/events.json").replacen(
            "\"positive\"",
            "\"neutral\"",
            1,
        );
        let e = Events::from_json("events.json", &text).unwrap_err();
        assert_eq!(e.path, "events[0].kind");
    }
}
