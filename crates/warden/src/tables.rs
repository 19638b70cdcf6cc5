//! The Scars and Reactions tables as content data (`assets/warden/scars.json`,
//! `reactions.json`). Errors name the file and the field.

use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::creature::Ability;
use crate::dice::{Die, Expr};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenSource")]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Rulebook,
    Authored,
}

/// A content file that does not hold together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    pub file: String,
    pub field: String,
    pub reason: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.file, self.field, self.reason)
    }
}

impl std::error::Error for ContentError {}

/// The ids the contract gives rows 1 to 12.
pub const SCAR_IDS: [&str; 12] = [
    "lasting-scar",
    "rattling-blow",
    "walloped",
    "broken-limb",
    "diseased",
    "reorienting-head-wound",
    "hamstrung",
    "deafened",
    "re-brained",
    "sundered",
    "mortal-wound",
    "doomed",
];

/// The reaction ids of the contract with their lowest total.
pub const REACTION_IDS: [(&str, u8, u8); 5] = [
    ("hostile", 2, 2),
    ("wary", 3, 5),
    ("curious", 6, 8),
    ("kind", 9, 11),
    ("helpful", 12, 12),
];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenDetailResult")]
#[serde(deny_unknown_fields)]
pub struct DetailResult {
    pub from: u8,
    pub to: u8,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<Ability>,
}

/// A roll on the row itself (where the scar is, what broke, which ability).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenDetail")]
#[serde(deny_unknown_fields)]
pub struct Detail {
    pub die: Die,
    pub results: Vec<DetailResult>,
}

/// The follow-up roll of a row, applied when the players confirm.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenFollowUp")]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum FollowUp {
    /// Roll; a total above max HP becomes the new max HP.
    MaxHpIfHigher { dice: String },
    /// Roll and add the total to max HP.
    AddMaxHp { dice: String },
    /// Roll; the total becomes max HP.
    SetMaxHp { dice: String },
    /// Roll; a total above the ability's current score (the ability the detail picked) replaces it.
    AbilityIfHigher { dice: String },
    /// Roll; a total above the ability's max replaces the max.
    MaxAbilityIfHigher { dice: String, ability: Ability },
    /// A save; if it passes, the ability's max (and current) rise by the roll.
    SaveRaisesMax {
        save: Ability,
        dice: String,
        ability: Ability,
    },
}

impl FollowUp {
    pub fn dice(&self) -> &str {
        match self {
            FollowUp::MaxHpIfHigher { dice }
            | FollowUp::AddMaxHp { dice }
            | FollowUp::SetMaxHp { dice }
            | FollowUp::AbilityIfHigher { dice }
            | FollowUp::MaxAbilityIfHigher { dice, .. }
            | FollowUp::SaveRaisesMax { dice, .. } => dice,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenScarRow")]
#[serde(deny_unknown_fields)]
pub struct ScarRow {
    pub row: u8,
    pub id: String,
    pub name: String,
    pub source: Source,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<Detail>,
    /// Taking it leaves the PC deprived.
    #[serde(default)]
    pub deprived: bool,
    /// Taking it marks the PC Doomed.
    #[serde(default)]
    pub doomed: bool,
    /// When the follow-up is rolled, in the Warden's words.
    pub when: String,
    pub follow_up: FollowUp,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenReactionRow")]
#[serde(deny_unknown_fields)]
pub struct ReactionRow {
    pub from: u8,
    pub to: u8,
    pub id: String,
    pub name: String,
    pub source: Source,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScars {
    #[allow(dead_code)]
    id: String,
    #[allow(dead_code)]
    version: u32,
    #[allow(dead_code)]
    source: Source,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    rows: Vec<ScarRow>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReactions {
    #[allow(dead_code)]
    id: String,
    #[allow(dead_code)]
    version: u32,
    #[allow(dead_code)]
    source: Source,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    dice: String,
    rows: Vec<ReactionRow>,
}

/// Both tables, validated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "WardenTables")]
pub struct Tables {
    pub scars: Vec<ScarRow>,
    pub reactions: Vec<ReactionRow>,
}

pub const SCARS_FILE: &str = "assets/warden/scars.json";
pub const REACTIONS_FILE: &str = "assets/warden/reactions.json";

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, ContentError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| ContentError {
        file: file.into(),
        field: e.path().to_string(),
        reason: e.inner().to_string(),
    })
}

fn fail(file: &str, field: String, reason: impl Into<String>) -> ContentError {
    ContentError {
        file: file.into(),
        field,
        reason: reason.into(),
    }
}

impl Tables {
    pub fn from_json(scars: &str, reactions: &str) -> Result<Tables, ContentError> {
        Ok(Tables {
            scars: scars_from_json(SCARS_FILE, scars)?,
            reactions: reactions_from_json(REACTIONS_FILE, reactions)?,
        })
    }

    pub fn builtin() -> Tables {
        Tables::from_json(
            include_str!("../../../assets/warden/scars.json"),
            include_str!("../../../assets/warden/reactions.json"),
        )
        .expect("the built-in Warden tables are valid (tested)")
    }

    /// The row for a damage figure of 1 to 12.
    pub fn scar(&self, row: u8) -> &ScarRow {
        &self.scars[(row.clamp(1, 12) - 1) as usize]
    }

    pub fn reaction(&self, total: u8) -> &ReactionRow {
        self.reactions
            .iter()
            .find(|r| (r.from..=r.to).contains(&total))
            .unwrap_or(&self.reactions[0])
    }
}

fn scars_from_json(file: &str, text: &str) -> Result<Vec<ScarRow>, ContentError> {
    let raw: RawScars = parse(file, text)?;
    if raw.rows.len() != 12 {
        return Err(fail(file, "rows".into(), "the Scars table has 12 rows"));
    }
    for (i, r) in raw.rows.iter().enumerate() {
        let at = |f: &str| format!("rows[{i}].{f}");
        if r.row as usize != i + 1 {
            return Err(fail(file, at("row"), format!("expected row {}", i + 1)));
        }
        if r.id != SCAR_IDS[i] {
            return Err(fail(
                file,
                at("id"),
                format!("row {} is {:?}", i + 1, SCAR_IDS[i]),
            ));
        }
        if r.text.trim().is_empty() || r.name.trim().is_empty() {
            return Err(fail(file, at("text"), "name and text must not be empty"));
        }
        Expr::parse(r.follow_up.dice()).map_err(|e| fail(file, at("follow_up.dice"), e))?;
        let needs_ability = matches!(r.follow_up, FollowUp::AbilityIfHigher { .. });
        if let Some(d) = &r.detail {
            check_bands(
                file,
                &at("detail.results"),
                &d.results_bands(),
                1,
                d.die.sides(),
            )?;
            if needs_ability && d.results.iter().any(|x| x.ability.is_none()) {
                return Err(fail(
                    file,
                    at("detail.results"),
                    "each result names an ability",
                ));
            }
        } else if needs_ability {
            return Err(fail(
                file,
                at("detail"),
                "ability-if-higher needs a detail roll naming abilities",
            ));
        }
    }
    Ok(raw.rows)
}

impl Detail {
    fn results_bands(&self) -> Vec<(u8, u8)> {
        self.results.iter().map(|r| (r.from, r.to)).collect()
    }
}

/// Bands must cover `low..=high` in order without gaps or overlaps.
fn check_bands(
    file: &str,
    field: &str,
    bands: &[(u8, u8)],
    low: u8,
    high: u8,
) -> Result<(), ContentError> {
    let mut next = low;
    for (i, (from, to)) in bands.iter().enumerate() {
        if *from != next || to < from {
            return Err(fail(
                file,
                format!("{field}[{i}].from"),
                format!("expected a band starting at {next}"),
            ));
        }
        next = to + 1;
    }
    if next != high + 1 {
        return Err(fail(
            file,
            field.into(),
            format!("the bands stop at {} instead of {high}", next - 1),
        ));
    }
    Ok(())
}

fn reactions_from_json(file: &str, text: &str) -> Result<Vec<ReactionRow>, ContentError> {
    let raw: RawReactions = parse(file, text)?;
    if raw.dice != "2d6" {
        return Err(fail(file, "dice".into(), "reactions are rolled on 2d6"));
    }
    let bands: Vec<(u8, u8)> = raw.rows.iter().map(|r| (r.from, r.to)).collect();
    check_bands(file, "rows", &bands, 2, 12)?;
    for (i, r) in raw.rows.iter().enumerate() {
        if !REACTION_IDS
            .iter()
            .any(|(id, from, to)| *id == r.id && *from == r.from && *to == r.to)
        {
            return Err(fail(
                file,
                format!("rows[{i}].id"),
                format!("{:?} does not match the rulebook's bands", r.id),
            ));
        }
        if r.text.trim().is_empty() {
            return Err(fail(file, format!("rows[{i}].text"), "must not be empty"));
        }
    }
    Ok(raw.rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCARS: &str = include_str!("../../../assets/warden/scars.json");
    const REACTIONS: &str = include_str!("../../../assets/warden/reactions.json");

    #[test]
    fn builtin_tables_load_with_the_contract_ids() {
        let t = Tables::builtin();
        for (i, id) in SCAR_IDS.iter().enumerate() {
            assert_eq!(&t.scar(i as u8 + 1).id, id);
        }
        assert_eq!(t.reaction(2).id, "hostile");
        assert_eq!(t.reaction(5).id, "wary");
        assert_eq!(t.reaction(8).id, "curious");
        assert_eq!(t.reaction(11).id, "kind");
        assert_eq!(t.reaction(12).id, "helpful");
    }

    #[test]
    fn errors_name_file_and_field() {
        let bad = SCARS.replacen("\"dice\": \"2d6\"", "\"dice\": \"2d7\"", 1);
        let e = Tables::from_json(&bad, REACTIONS).unwrap_err();
        assert_eq!(e.file, SCARS_FILE);
        assert_eq!(e.field, "rows[3].follow_up.dice");
        let bad = SCARS.replacen(
            "\"source\": \"rulebook\",\n      \"text\"",
            "\"source\": \"copied\",\n      \"text\"",
            1,
        );
        let e = Tables::from_json(&bad, REACTIONS).unwrap_err();
        assert!(e.field.starts_with("rows[0].source"), "{e}");
        let bad = REACTIONS.replacen("\"from\": 9", "\"from\": 10", 1);
        let e = Tables::from_json(SCARS, &bad).unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.field.as_str()),
            (REACTIONS_FILE, "rows[3].from")
        );
        let bad = SCARS.replacen("\"hamstrung\"", "\"limping\"", 1);
        let e = Tables::from_json(&bad, REACTIONS).unwrap_err();
        assert_eq!(e.field, "rows[6].id");
    }
}
