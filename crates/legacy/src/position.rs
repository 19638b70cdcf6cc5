//! Table positions in the interchange format `neverland-legacy-position/1`
//! (`../shared/spec/legacy-position.md`): read, checked against the pack, written back.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::map::Map;
use crate::pack::{Pack, Scenario};

pub const FORMAT: &str = "neverland-legacy-position/1";

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "LegacyCharacterAt")]
pub struct CharacterAt {
    pub id: String,
    pub at: String,
    #[serde(default)]
    pub wounds: u8,
    #[serde(default)]
    pub despair: u8,
    #[serde(default = "yes")]
    pub destiny: bool,
    #[serde(default)]
    pub fallen: bool,
    #[serde(default)]
    pub coins: u8,
    #[serde(default)]
    pub items: Vec<String>,
    #[serde(default)]
    pub carrying: Vec<String>,
    #[serde(default)]
    pub on_rowboat: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "LegacyEnemyAt")]
pub struct EnemyAt {
    pub id: String,
    pub kind: String,
    pub at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "LegacyNamedAt")]
pub struct NamedAt {
    pub id: String,
    pub at: String,
    #[serde(default)]
    pub wounds: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "LegacyHostageAt")]
pub struct HostageAt {
    pub id: String,
    pub at: String,
}

/// A snapshot of a real table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "LegacyPosition")]
pub struct Position {
    pub format: String,
    pub scenario: Scenario,
    #[serde(default)]
    pub characters: Vec<CharacterAt>,
    #[serde(default)]
    pub enemies: Vec<EnemyAt>,
    #[serde(default)]
    pub named_enemies: Vec<NamedAt>,
    #[serde(default)]
    pub search_tokens: BTreeMap<String, u8>,
    #[serde(default)]
    pub hostages: Vec<HostageAt>,
    #[serde(default)]
    pub rowboat: Option<String>,
}

/// A position that does not fit the format or the pack: the field and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct PositionError {
    pub path: String,
    pub reason: String,
}

fn err<T>(path: impl Into<String>, reason: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError {
        path: path.into(),
        reason: reason.into(),
    })
}

/// Wounds on a sheet never exceed its slots (Characters and Named Enemies alike).
fn check_wounds(path: &str, wounds: u8, slots: u8) -> Result<(), PositionError> {
    if wounds > slots {
        return err(
            format!("{path}.wounds"),
            format!("{wounds} is more than the sheet's {slots} Wound slots"),
        );
    }
    Ok(())
}

/// The Location `at` names, or an error at `path`.
fn loc(map: &Map, path: String, at: &str) -> Result<usize, PositionError> {
    map.id(at).ok_or_else(|| PositionError {
        path,
        reason: format!("unknown location {at:?}"),
    })
}

/// Parses JSON text into `T`; an error is (JSON path, reason), "(top level)" for the document.
pub(crate) fn parse_at_path<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Result<T, (String, String)> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        (
            if path == "." {
                "(top level)".into()
            } else {
                path
            },
            e.inner().to_string(),
        )
    })
}

impl Position {
    /// Parses JSON text; the caller then checks it against the scenario's pack.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        let p: Position =
            parse_at_path(text).map_err(|(path, reason)| PositionError { path, reason })?;
        if p.format != FORMAT {
            return err("format", format!("expected {FORMAT:?}, got {:?}", p.format));
        }
        Ok(p)
    }

    /// Checks every piece against the pack and the box.
    pub fn validate(&self, pack: &Pack, map: &Map) -> Result<(), PositionError> {
        if pack.scenario != self.scenario {
            return err("scenario", format!("the pack is for {}", pack.scenario));
        }
        let mut placed: HashSet<String> = HashSet::new();
        self.check_characters(pack, map, &mut placed)?;
        self.check_enemies(pack, map, &mut placed)?;
        self.check_named_enemies(pack, map, &mut placed)?;
        self.check_search_tokens(pack, map)?;
        self.check_hostages(pack, map, &mut placed)?;
        self.check_rowboat(map)
    }

    /// Characters: known, placed once, within their sheet and the supply; the Hostages Pirates
    /// carry; the Coins all together.
    fn check_characters(
        &self,
        pack: &Pack,
        map: &Map,
        placed: &mut HashSet<String>,
    ) -> Result<(), PositionError> {
        let mut coins = 0u32;
        for (i, c) in self.characters.iter().enumerate() {
            let p = format!("characters[{i}]");
            let Some(sheet) = pack.character(&c.id) else {
                return err(
                    format!("{p}.id"),
                    format!("unknown character {:?} in {}", c.id, pack.scenario),
                );
            };
            if !placed.insert(c.id.clone()) {
                return err(format!("{p}.id"), format!("{:?} is placed twice", c.id));
            }
            loc(map, format!("{p}.at"), &c.at)?;
            check_wounds(&p, c.wounds, sheet.wound_slots)?;
            if c.despair > pack.supply.despair_max {
                return err(
                    format!("{p}.despair"),
                    format!(
                        "{} is more than {} Despair",
                        c.despair, pack.supply.despair_max
                    ),
                );
            }
            coins += c.coins as u32;
            for (j, h) in c.carrying.iter().enumerate() {
                if self.scenario != Scenario::Pirates {
                    return err(format!("{p}.carrying[{j}]"), "only Pirates carry Hostages");
                }
                if !pack.hostages.contains(h) {
                    return err(
                        format!("{p}.carrying[{j}]"),
                        format!("unknown hostage {h:?}"),
                    );
                }
                if !placed.insert(h.clone()) {
                    return err(
                        format!("{p}.carrying[{j}]"),
                        format!("{h:?} is placed twice"),
                    );
                }
            }
        }
        if coins > pack.supply.coins as u32 {
            return err(
                "characters",
                format!("{coins} Coins, but the game has {}", pack.supply.coins),
            );
        }
        Ok(())
    }

    /// Enemies: a known kind, placed once where Enemies stand, no more of a kind than the box.
    fn check_enemies(
        &self,
        pack: &Pack,
        map: &Map,
        placed: &mut HashSet<String>,
    ) -> Result<(), PositionError> {
        let mut per_kind: HashMap<&str, u32> = HashMap::new();
        for (i, e) in self.enemies.iter().enumerate() {
            let p = format!("enemies[{i}]");
            if !pack.enemy_kinds.iter().any(|k| k.id == e.kind) {
                return err(
                    format!("{p}.kind"),
                    format!("unknown enemy kind {:?} in {}", e.kind, pack.scenario),
                );
            }
            if !placed.insert(e.id.clone()) {
                return err(format!("{p}.id"), format!("{:?} is placed twice", e.id));
            }
            let at = loc(map, format!("{p}.at"), &e.at)?;
            if !map.reachable(at) {
                return err(
                    format!("{p}.at"),
                    format!("Enemies never stand on {:?}", e.at),
                );
            }
            let n = per_kind.entry(e.kind.as_str()).or_default();
            *n += 1;
            if *n > pack.supply.enemies_per_kind as u32 {
                return err(
                    format!("{p}.kind"),
                    format!(
                        "more than {} {} in the box",
                        pack.supply.enemies_per_kind, e.kind
                    ),
                );
            }
        }
        Ok(())
    }

    /// Named Enemies: known, placed once, Wounds within their sheet.
    fn check_named_enemies(
        &self,
        pack: &Pack,
        map: &Map,
        placed: &mut HashSet<String>,
    ) -> Result<(), PositionError> {
        for (i, n) in self.named_enemies.iter().enumerate() {
            let p = format!("named_enemies[{i}]");
            let Some(sheet) = pack.named_enemies.iter().find(|s| s.id == n.id) else {
                return err(
                    format!("{p}.id"),
                    format!("unknown named enemy {:?} in {}", n.id, pack.scenario),
                );
            };
            if !placed.insert(format!("named:{}", n.id)) {
                return err(format!("{p}.id"), format!("{:?} is placed twice", n.id));
            }
            loc(map, format!("{p}.at"), &n.at)?;
            check_wounds(&p, n.wounds, sheet.wound_slots)?;
        }
        Ok(())
    }

    /// Search tokens on known Locations, no more than the box holds.
    fn check_search_tokens(&self, pack: &Pack, map: &Map) -> Result<(), PositionError> {
        let mut tokens = 0u32;
        for (l, n) in &self.search_tokens {
            loc(map, format!("search_tokens.{l}"), l)?;
            tokens += *n as u32;
        }
        if tokens > pack.supply.search_tokens as u32 {
            return err(
                "search_tokens",
                format!(
                    "{tokens} Search tokens, but the box has {}",
                    pack.supply.search_tokens
                ),
            );
        }
        Ok(())
    }

    /// Hostages standing on the board: known and placed once.
    fn check_hostages(
        &self,
        pack: &Pack,
        map: &Map,
        placed: &mut HashSet<String>,
    ) -> Result<(), PositionError> {
        for (i, h) in self.hostages.iter().enumerate() {
            let p = format!("hostages[{i}]");
            if !pack.hostages.contains(&h.id) {
                return err(format!("{p}.id"), format!("unknown hostage {:?}", h.id));
            }
            if !placed.insert(h.id.clone()) {
                return err(format!("{p}.id"), format!("{:?} is placed twice", h.id));
            }
            loc(map, format!("{p}.at"), &h.at)?;
        }
        Ok(())
    }

    /// The Rowboat (the Pirates only) on a known Location.
    fn check_rowboat(&self, map: &Map) -> Result<(), PositionError> {
        if let Some(r) = &self.rowboat {
            if self.scenario != Scenario::Pirates {
                return err("rowboat", "only the Pirates have the Rowboat");
            }
            loc(map, "rowboat".into(), r)?;
        }
        Ok(())
    }

    /// Parses and validates in one step.
    pub fn read(
        text: &str,
        pack_for: impl Fn(Scenario) -> (Pack, Map),
    ) -> Result<(Position, Pack, Map), PositionError> {
        let p = Position::from_json(text)?;
        let (pack, map) = pack_for(p.scenario);
        p.validate(&pack, &map)?;
        Ok((p, pack, map))
    }
}
