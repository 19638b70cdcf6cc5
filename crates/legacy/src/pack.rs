//! Scenario packs: the content of a scenario as data, read from JSON text and validated so that
//! every error names the file, the JSON path and the reason.

use std::collections::HashSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::dice::Stone;

/// The two ways to play Neverland's Legacy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Scenario {
    LostAllies,
    Pirates,
}

impl Scenario {
    pub const ALL: [Scenario; 2] = [Scenario::LostAllies, Scenario::Pirates];

    pub fn id(self) -> &'static str {
        match self {
            Scenario::LostAllies => "lost-allies",
            Scenario::Pirates => "pirates",
        }
    }

    pub fn parse(s: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|sc| sc.id() == s)
    }
}

impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An Action a Character may take; the Stone symbol that makes it Mandatory depends on the
/// scenario (see [`Stone::action`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum ActionId {
    Move,
    Fight,
    Search,
    Taunt,
    Courage,
    Loot,
    Scare,
    Rest,
}

/// Where a piece of content comes from: printed in the rulebook, or our default that a table
/// owner may correct to their printed cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    Rulebook,
    Authored,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CharacterSheet {
    pub id: String,
    pub name: String,
    pub wound_slots: u8,
    pub source: Source,
}

/// One physical board (a ship Deck, an island, or a small board) and its Locations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSheet {
    pub id: String,
    pub locations: Vec<String>,
    /// Pairs of adjacent Locations on this board.
    pub adjacent: Vec<[String; 2]>,
}

/// Links between boards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Links {
    /// Stairs Locations: all adjacent to each other, for Characters and Enemies.
    pub stairs: Vec<String>,
    /// Shores that Enemies treat as adjacent to each other.
    pub enemy_shores: Vec<String>,
    /// Locations Enemies never enter or target (Neverland, the Jolly Roger).
    pub unreachable_for_enemies: Vec<String>,
    pub source: Source,
}

/// Which of the rulebook's priority tables an Enemy kind follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PriorityTable {
    /// Raider and Brute (Lost Allies): priorities 2 to 4.
    PirateCrew,
    /// Sniper: priority 1 on its Deck, then as the crew.
    Sniper,
    /// Fairy (Pirates): priorities 1 to 5, 1 (rescue a Hostage) being the Fairy's own.
    Fairy,
    /// Orphan (Pirates): the Fairy's priorities 2 to 5.
    Orphan,
    /// Native: priorities 1 and 2.
    Native,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    Red,
    Blue,
    Yellow,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyKind {
    pub id: String,
    pub colour: Colour,
    /// Wounds dealt when it attacks a Character in its Location.
    pub wounds: u8,
    /// Locations moved per move.
    pub moves: u8,
    pub table: PriorityTable,
    pub source: Source,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedEnemySheet {
    pub id: String,
    pub name: String,
    pub wound_slots: u8,
    /// Set aside at set-up and placed with the last Hostage (Captain Hook, Peter Pan).
    pub set_aside: bool,
    /// While in play, every other Enemy activates twice (Hook's Frightful Reputation).
    pub frightful_reputation: bool,
    pub source: Source,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    pub enemies_per_kind: u8,
    pub search_tokens: u8,
    pub coins: u8,
    pub despair_max: u8,
    pub source: Source,
}

/// A scenario pack as it stands in `assets/legacy/<scenario>.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    pub id: String,
    pub version: u32,
    pub scenario: Scenario,
    pub name: String,
    pub characters: Vec<CharacterSheet>,
    pub boards: Vec<BoardSheet>,
    pub links: Links,
    pub enemy_kinds: Vec<EnemyKind>,
    pub named_enemies: Vec<NamedEnemySheet>,
    pub hostages: Vec<String>,
    pub supply: Supply,
}

/// A pack that could not be used: which file, where in it, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {path}: {reason}")]
pub struct PackError {
    pub file: String,
    pub path: String,
    pub reason: String,
}

impl Pack {
    /// Parses and validates a pack. `file` is only used to name the source in errors.
    pub fn from_json(file: &str, text: &str) -> Result<Pack, PackError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let pack: Pack = serde_path_to_error::deserialize(de).map_err(|e| PackError {
            file: file.to_owned(),
            path: display_path(&e.path().to_string()),
            reason: e.inner().to_string(),
        })?;
        pack.validate().map_err(|(path, reason)| PackError {
            file: file.to_owned(),
            path,
            reason,
        })?;
        Ok(pack)
    }

    fn validate(&self) -> Result<(), (String, String)> {
        if self.id.trim().is_empty() {
            return Err(("id".into(), "must not be empty".into()));
        }
        if self.characters.is_empty() {
            return Err((
                "characters".into(),
                "a pack needs at least one Character".into(),
            ));
        }
        let mut seen = HashSet::new();
        for (i, c) in self.characters.iter().enumerate() {
            if !is_kebab(&c.id) {
                return Err((
                    format!("characters[{i}].id"),
                    format!("{:?} is not a kebab-case id", c.id),
                ));
            }
            if !seen.insert(c.id.as_str()) {
                return Err((
                    format!("characters[{i}].id"),
                    format!("duplicate id {:?}", c.id),
                ));
            }
            if !(1..=6).contains(&c.wound_slots) {
                return Err((
                    format!("characters[{i}].wound_slots"),
                    format!("{} is outside 1..=6", c.wound_slots),
                ));
            }
        }
        let mut locations = HashSet::new();
        for (b, board) in self.boards.iter().enumerate() {
            for (i, l) in board.locations.iter().enumerate() {
                if !is_kebab(l) || !locations.insert(l.as_str()) {
                    return Err((
                        format!("boards[{b}].locations[{i}]"),
                        format!("{l:?} is not a new kebab-case id"),
                    ));
                }
            }
            for (i, pair) in board.adjacent.iter().enumerate() {
                for (j, l) in pair.iter().enumerate() {
                    if !board.locations.contains(l) {
                        return Err((
                            format!("boards[{b}].adjacent[{i}][{j}]"),
                            format!("{l:?} is not on this board"),
                        ));
                    }
                }
            }
        }
        for (field, list) in [
            ("links.stairs", &self.links.stairs),
            ("links.enemy_shores", &self.links.enemy_shores),
            (
                "links.unreachable_for_enemies",
                &self.links.unreachable_for_enemies,
            ),
        ] {
            if let Some(i) = list.iter().position(|l| !locations.contains(l.as_str())) {
                return Err((
                    format!("{field}[{i}]"),
                    format!("unknown location {:?}", list[i]),
                ));
            }
        }
        let mut kinds = HashSet::new();
        for (i, k) in self.enemy_kinds.iter().enumerate() {
            if !kinds.insert(k.id.as_str()) || !is_kebab(&k.id) {
                return Err((
                    format!("enemy_kinds[{i}].id"),
                    format!("{:?} is not a new kebab-case id", k.id),
                ));
            }
            if k.moves == 0 {
                return Err((
                    format!("enemy_kinds[{i}].moves"),
                    "an Enemy moves at least 1 Location".into(),
                ));
            }
        }
        for (i, n) in self.named_enemies.iter().enumerate() {
            if !is_kebab(&n.id) || n.wound_slots == 0 {
                return Err((
                    format!("named_enemies[{i}]"),
                    format!("{:?} needs a kebab-case id and a Wound slot", n.id),
                ));
            }
        }
        if self.hostages.is_empty() {
            return Err(("hostages".into(), "a scenario needs Hostages".into()));
        }
        Ok(())
    }

    pub fn character(&self, id: &str) -> Option<&CharacterSheet> {
        self.characters.iter().find(|c| c.id == id)
    }

    /// The Action each stone face makes Mandatory in this pack's scenario.
    pub fn stone_action(&self, stone: Stone) -> ActionId {
        stone.action(self.scenario)
    }
}

fn display_path(p: &str) -> String {
    if p == "." || p.is_empty() {
        "(top level)".into()
    } else {
        p.to_owned()
    }
}

fn is_kebab(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"{"id":"t","version":1,"scenario":"pirates","name":"T",
        "characters":[{"id":"smee","name":"Smee","wound_slots":3,"source":"rulebook"}],
        "boards":[{"id":"b","locations":["here","there"],"adjacent":[["here","there"]]}],
        "links":{"stairs":[],"enemy_shores":[],"unreachable_for_enemies":[],"source":"rulebook"},
        "enemy_kinds":[{"id":"orphan","colour":"red","wounds":1,"moves":1,"table":"orphan","source":"rulebook"}],
        "named_enemies":[],"hostages":["john"],
        "supply":{"enemies_per_kind":8,"search_tokens":16,"coins":6,"despair_max":4,"source":"authored"}}"#;

    #[test]
    fn good_pack_loads() {
        let p = Pack::from_json("t.json", GOOD).unwrap();
        assert_eq!(p.scenario, Scenario::Pirates);
        assert_eq!(p.stone_action(Stone::TauntLoot), ActionId::Loot);
    }

    #[test]
    fn type_error_names_file_and_path() {
        let bad = GOOD.replace("\"wound_slots\":3", "\"wound_slots\":\"three\"");
        let e = Pack::from_json("assets/legacy/pirates.json", &bad).unwrap_err();
        assert_eq!(e.file, "assets/legacy/pirates.json");
        assert_eq!(e.path, "characters[0].wound_slots");
        assert!(
            e.to_string()
                .starts_with("assets/legacy/pirates.json: characters[0].wound_slots: ")
        );
    }

    #[test]
    fn unknown_scenario_and_field_are_refused() {
        let e = Pack::from_json("p", &GOOD.replace("pirates", "ninjas")).unwrap_err();
        assert_eq!(e.path, "scenario");
        let e = Pack::from_json(
            "p",
            &GOOD.replace("\"name\":\"T\"", "\"name\":\"T\",\"x\":1"),
        )
        .unwrap_err();
        assert!(e.reason.contains("unknown field"), "{e}");
    }

    #[test]
    fn semantic_errors_name_the_field() {
        let dup = GOOD.replacen(
            "\"source\":\"rulebook\"}]",
            "\"source\":\"rulebook\"},{\"id\":\"smee\",\"name\":\"S\",\"wound_slots\":3,\"source\":\"authored\"}]",
            1,
        );
        let e = Pack::from_json("p", &dup).unwrap_err();
        assert_eq!(e.path, "characters[1].id");
        let e = Pack::from_json("p", &GOOD.replace("\"smee\"", "\"Mr Smee\"")).unwrap_err();
        assert_eq!(e.path, "characters[0].id");
        let e = Pack::from_json("p", &GOOD.replace(":3,", ":0,")).unwrap_err();
        assert_eq!(e.path, "characters[0].wound_slots");
    }

    #[test]
    fn board_errors_name_the_field() {
        let e = Pack::from_json(
            "p",
            &GOOD.replace("[[\"here\",\"there\"]]", "[[\"here\",\"nowhere\"]]"),
        )
        .unwrap_err();
        assert_eq!(e.path, "boards[0].adjacent[0][1]");
        let e = Pack::from_json(
            "p",
            &GOOD.replace("\"stairs\":[]", "\"stairs\":[\"attic\"]"),
        )
        .unwrap_err();
        assert_eq!(e.path, "links.stairs[0]");
        let e = Pack::from_json(
            "p",
            &GOOD.replace("\"table\":\"orphan\"", "\"table\":\"chess\""),
        )
        .unwrap_err();
        assert_eq!(e.path, "enemy_kinds[0].table");
    }

    #[test]
    fn malformed_json_is_an_error_not_a_panic() {
        assert!(Pack::from_json("p", "{").is_err());
        assert!(Pack::from_json("p", "").is_err());
    }
}
