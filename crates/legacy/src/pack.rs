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

/// A scenario pack as it stands in `assets/legacy/<scenario>.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    pub id: String,
    pub version: u32,
    pub scenario: Scenario,
    pub name: String,
    pub characters: Vec<CharacterSheet>,
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
        "characters":[{"id":"smee","name":"Smee","wound_slots":3,"source":"rulebook"}]}"#;

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
        let dup = GOOD.replace(
            "\"source\":\"rulebook\"}]",
            "\"source\":\"rulebook\"},{\"id\":\"smee\",\"name\":\"S\",\"wound_slots\":3,\"source\":\"authored\"}]",
        );
        let e = Pack::from_json("p", &dup).unwrap_err();
        assert_eq!(e.path, "characters[1].id");
        let e = Pack::from_json("p", &GOOD.replace("\"smee\"", "\"Mr Smee\"")).unwrap_err();
        assert_eq!(e.path, "characters[0].id");
        let e = Pack::from_json("p", &GOOD.replace(":3,", ":0,")).unwrap_err();
        assert_eq!(e.path, "characters[0].wound_slots");
    }

    #[test]
    fn malformed_json_is_an_error_not_a_panic() {
        assert!(Pack::from_json("p", "{").is_err());
        assert!(Pack::from_json("p", "").is_err());
    }
}
