//! Scenario packs: the content of a scenario as data, read from JSON text and validated so that
//! every error names the file, the JSON path and the reason (the checks: `pack/validate.rs`).

use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

mod validate;

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
/// scenario (see `Stone::action` in `dice.rs`).
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
#[ts(rename = "ContentSource")]
pub enum Source {
    Rulebook,
    Authored,
    /// Checked by the table's owner against their own printed card (the "My box" screen).
    Owner,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CharacterSheet {
    pub id: String,
    pub name: String,
    pub wound_slots: u8,
    pub source: Source,
    /// What the sheet lets its Character do, for the screen to show when the card is tapped.
    pub abilities: Vec<SheetAbility>,
}

/// One thing a Character sheet does, in our words, with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SheetAbility {
    pub name: String,
    pub text: String,
    pub source: Source,
    /// The rulebook lines it rests on ("RB 206, 290"), when it comes from the rulebook.
    #[serde(default)]
    pub rule: Option<String>,
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

impl Colour {
    pub fn id(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
        }
    }
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NamedEnemySheet {
    pub id: String,
    pub name: String,
    pub wound_slots: u8,
    /// Set aside at set-up and placed with the last Hostage (Captain Hook, Peter Pan).
    pub set_aside: bool,
    /// While in play, every other Enemy activates twice (Hook's Frightful Reputation).
    pub frightful_reputation: bool,
    /// Where the sheet says to place the standee.
    pub placement: String,
    /// What it does when a Threat of a section's colour is drawn.
    pub sections: Vec<Section>,
    /// Steps it takes after every Threat card is resolved, whatever its colour.
    #[serde(default)]
    pub after_resolving: Vec<Step>,
    pub source: Source,
}

/// What a Named Enemy moves toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Aim {
    Character,
    Hostage,
    Search,
}

/// One step of a Named Enemy's section, in the order printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "do", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Step {
    /// Move up to `locations` toward the nearest Location holding the aim.
    MoveToward { aim: Aim, locations: u8 },
    /// Deal Wounds to Characters in its Location: to one Character, or (`distribute`) a total
    /// the players share out; with `or_kill_hostage` the players may have it kill a Hostage there
    /// instead.
    Wound {
        wounds: u8,
        distribute: bool,
        or_kill_hostage: bool,
    },
    /// Remove a Search token in its Location and draw a Search card.
    Search,
    /// Discover Enemies of a kind in its Location.
    Discover { kind: String, count: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub colour: Colour,
    pub steps: Vec<Step>,
    pub source: Source,
}

/// Tokens a Threat card's diagram adds to one Location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub at: String,
    #[serde(default)]
    pub enemies: u8,
    #[serde(default)]
    pub search: u8,
}

/// A Threat card's effect text, resolved before the Enemies activate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ThreatEffect {
    /// Every standing Character on this board gains 1 Despair.
    DespairOnBoard { board: String },
    /// Every Named Enemy in play removes 1 Wound.
    NamedEnemiesHeal,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ThreatCard {
    pub id: String,
    /// Absent only on the Named Enemy card.
    #[serde(default)]
    pub colour: Option<Colour>,
    #[serde(default)]
    pub named_enemy: bool,
    #[serde(default)]
    pub effect: Option<ThreatEffect>,
    /// The Discover diagram, in the order the tokens are placed.
    #[serde(default)]
    pub discover: Vec<Placement>,
    pub source: Source,
}

/// Items a Character keeps until they discard them for the effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Item {
    /// Lost Allies: Rescue a Hostage in your Location (top Deck, or a controlled Gun Deck), or
    /// ignore Enemies while moving for the rest of the turn.
    FairyDust,
    /// Remove 1 Wound (authored).
    Bandage,
    /// Recover your Destiny (authored).
    LuckyCharm,
    /// Remove 1 Despair (authored).
    Grog,
}

impl Item {
    pub fn id(self) -> &'static str {
        match self {
            Item::FairyDust => "fairy-dust",
            Item::Bandage => "bandage",
            Item::LuckyCharm => "lucky-charm",
            Item::Grog => "grog",
        }
    }

    pub fn parse(s: &str) -> Option<Item> {
        [Item::FairyDust, Item::Bandage, Item::LuckyCharm, Item::Grog]
            .into_iter()
            .find(|i| i.id() == s)
    }
}

/// What a Search card does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SearchEffect {
    Ambush { kind: String, count: u8 },
    Junk,
    Hostage { hostage: String },
    Item { item: Item },
    Trap { wounds: u8, despair: u8 },
    Treasure { coins: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SearchCard {
    pub id: String,
    /// How many of this card the deck holds (each copy is its own card: `id`, or `id-N`).
    pub copies: u8,
    pub card: SearchEffect,
    pub source: Source,
}

/// The set-up recipe.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRecipe {
    /// Threat cards drawn at set-up for their Discover diagrams only.
    pub threat_setup_draws: u8,
    /// The Search deck's Hostage-free stacks, sizes from the top: the first goes on top, the
    /// others at the bottom; the Hostage cards are shuffled with the rest of the cards into the
    /// third pile between them (RB 174).
    pub search_stacks: Vec<u8>,
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
    pub threat_cards: Vec<ThreatCard>,
    pub search_cards: Vec<SearchCard>,
    pub setup: SetupRecipe,
}

/// The built-in packs as (file, text), compiled in from `assets/legacy/`.
pub const BUILTIN: [(&str, &str); 2] = [
    (
        "assets/legacy/lost-allies.json",
        include_str!("../../../assets/legacy/lost-allies.json"),
    ),
    (
        "assets/legacy/pirates.json",
        include_str!("../../../assets/legacy/pirates.json"),
    ),
];

/// Threat and Search cards in the box of each scenario.
pub const THREAT_CARDS: usize = 16;
pub const SEARCH_CARDS: usize = 38;

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

    /// The built-in pack of a scenario (parsed and validated on each call: cache it).
    pub fn builtin(scenario: Scenario) -> Result<Pack, PackError> {
        let (file, text) = BUILTIN[match scenario {
            Scenario::LostAllies => 0,
            Scenario::Pirates => 1,
        }];
        Pack::from_json(file, text)
    }

    /// Every card of the Search deck by its own id (`id` for a single copy, `id-N` otherwise).
    pub fn search_card_ids(&self) -> Vec<String> {
        self.search_cards
            .iter()
            .flat_map(|c| {
                (1..=c.copies).map(move |n| {
                    if c.copies == 1 {
                        c.id.clone()
                    } else {
                        format!("{}-{n}", c.id)
                    }
                })
            })
            .collect()
    }

    /// The effect of a Search card by its own id.
    pub fn search_card(&self, card: &str) -> Option<&SearchEffect> {
        self.search_cards.iter().find_map(|c| {
            let ok = if c.copies == 1 {
                card == c.id
            } else {
                card.strip_prefix(c.id.as_str())
                    .and_then(|r| r.strip_prefix('-'))
                    .and_then(|n| n.parse::<u8>().ok())
                    .is_some_and(|n| (1..=c.copies).contains(&n))
            };
            ok.then_some(&c.card)
        })
    }

    pub fn threat_card(&self, id: &str) -> Option<&ThreatCard> {
        self.threat_cards.iter().find(|t| t.id == id)
    }

    pub fn named(&self, id: &str) -> Option<&NamedEnemySheet> {
        self.named_enemies.iter().find(|n| n.id == id)
    }

    pub fn kind(&self, id: &str) -> Option<&EnemyKind> {
        self.enemy_kinds.iter().find(|k| k.id == id)
    }

    pub fn character(&self, id: &str) -> Option<&CharacterSheet> {
        self.characters.iter().find(|c| c.id == id)
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

    /// A small pack that passes every check: one Hostage card and 37 Junk, 15 red Threats.
    fn good() -> String {
        let threats: Vec<String> = (1..=15)
            .map(|i| format!(r#"{{"id":"r-{i}","colour":"red","discover":[{{"at":"here","enemies":1}}],"source":"authored"}}"#))
            .collect();
        format!(
            r#"{{"id":"t","version":1,"scenario":"pirates","name":"T",
        "characters":[{{"id":"smee","name":"Smee","wound_slots":3,"abilities":[{{"name":"Destiny","text":"t","source":"rulebook","rule":"RB 206"}}],"source":"rulebook"}}],
        "boards":[{{"id":"b","locations":["here","there"],"adjacent":[["here","there"]]}}],
        "links":{{"stairs":[],"enemy_shores":[],"unreachable_for_enemies":[],"source":"rulebook"}},
        "enemy_kinds":[{{"id":"orphan","colour":"red","wounds":1,"moves":1,"table":"orphan","source":"rulebook"}}],
        "named_enemies":[],"hostages":["john"],
        "supply":{{"enemies_per_kind":8,"search_tokens":16,"coins":6,"despair_max":4,"source":"authored"}},
        "threat_cards":[{{"id":"named-enemy","named_enemy":true,"source":"rulebook"}},{}],
        "search_cards":[{{"id":"hostage-john","copies":1,"card":{{"type":"hostage","hostage":"john"}},"source":"rulebook"}},
            {{"id":"junk","copies":37,"card":{{"type":"junk"}},"source":"authored"}}],
        "setup":{{"threat_setup_draws":4,"search_stacks":[4,8],"source":"authored"}}}}"#,
            threats.join(",")
        )
    }

    #[test]
    fn good_pack_loads() {
        let p = Pack::from_json("t.json", &good()).unwrap();
        assert_eq!(p.scenario, Scenario::Pirates);
    }

    #[test]
    fn type_error_names_file_and_path() {
        let bad = good().replace("\"wound_slots\":3", "\"wound_slots\":\"three\"");
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
        let e = Pack::from_json("p", &good().replace("pirates", "ninjas")).unwrap_err();
        assert_eq!(e.path, "scenario");
        let e = Pack::from_json(
            "p",
            &good().replace("\"name\":\"T\"", "\"name\":\"T\",\"x\":1"),
        )
        .unwrap_err();
        assert!(e.reason.contains("unknown field"), "{e}");
    }

    #[test]
    fn semantic_errors_name_the_field() {
        let dup = good().replacen(
            "\"source\":\"rulebook\"}]",
            "\"source\":\"rulebook\"},{\"id\":\"smee\",\"name\":\"S\",\"wound_slots\":3,\"abilities\":[],\"source\":\"authored\"}]",
            1,
        );
        let e = Pack::from_json("p", &dup).unwrap_err();
        assert_eq!(e.path, "characters[1].id");
        let e = Pack::from_json("p", &good().replace("\"smee\"", "\"Mr Smee\"")).unwrap_err();
        assert_eq!(e.path, "characters[0].id");
        let e = Pack::from_json("p", &good().replace(":3,", ":0,")).unwrap_err();
        assert_eq!(e.path, "characters[0].wound_slots");
        // A sheet's abilities: some, each named and said, a rulebook one citing its lines.
        let none = good().replacen("\"abilities\":[{\"name\":\"Destiny\",\"text\":\"t\",\"source\":\"rulebook\",\"rule\":\"RB 206\"}]", "\"abilities\":[]", 1);
        let e = Pack::from_json("p", &none).unwrap_err();
        assert_eq!(e.path, "characters[0].abilities");
        let e =
            Pack::from_json("p", &good().replace("\"text\":\"t\"", "\"text\":\" \"")).unwrap_err();
        assert_eq!(e.path, "characters[0].abilities[0].text");
        let e = Pack::from_json("p", &good().replace(",\"rule\":\"RB 206\"", "")).unwrap_err();
        assert_eq!(e.path, "characters[0].abilities[0].rule");
        let e = Pack::from_json(
            "p",
            &good().replace("\"Destiny\",\"text\"", "\"\",\"text\""),
        )
        .unwrap_err();
        assert_eq!(e.path, "characters[0].abilities[0].name");
    }

    #[test]
    fn card_errors_name_the_field() {
        for (scenario, (file, text)) in Scenario::ALL.into_iter().zip(BUILTIN) {
            let good = Pack::from_json(file, text).unwrap();
            assert_eq!(good.scenario, scenario);
            assert_eq!(good.search_card_ids().len(), SEARCH_CARDS);
            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["threat_cards"][3]["discover"][0]["at"] = "mid-dek".into();
            let e = Pack::from_json(file, &v.to_string()).unwrap_err();
            assert_eq!(e.path, "threat_cards[3].discover[0].at");
            assert!(e.reason.contains("mid-dek"), "{e}");
            assert_eq!(e.file, file);

            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["search_cards"][5]["copies"] = 9.into();
            let e = Pack::from_json(file, &v.to_string()).unwrap_err();
            assert_eq!(e.path, "search_cards");
            assert!(e.reason.contains("38"), "{e}");

            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["named_enemies"][1]["placement"] = "the-moon".into();
            let e = Pack::from_json(file, &v.to_string()).unwrap_err();
            assert_eq!(e.path, "named_enemies[1].placement");

            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["named_enemies"][0]["sections"][0]["steps"][0]["do"] = "dance".into();
            let e = Pack::from_json(file, &v.to_string()).unwrap_err();
            assert!(
                e.path.starts_with("named_enemies[0].sections[0].steps[0]"),
                "{e}"
            );

            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["threat_cards"][0]["colour"] = "red".into();
            let e = Pack::from_json(file, &v.to_string()).unwrap_err();
            assert_eq!(e.path, "threat_cards[0].colour");

            let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
            v["threat_cards"][2]["colour"] = "green".into();
            let e = Pack::from_json(file, &v.to_string()).unwrap_err();
            assert_eq!(e.path, "threat_cards[2].colour");
        }
    }

    #[test]
    fn every_entry_says_where_it_comes_from() {
        for (file, text) in BUILTIN {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            for list in [
                "characters",
                "enemy_kinds",
                "named_enemies",
                "threat_cards",
                "search_cards",
            ] {
                for (i, entry) in v[list].as_array().unwrap().iter().enumerate() {
                    let src = entry["source"].as_str().unwrap_or("");
                    assert!(
                        src == "rulebook" || src == "authored",
                        "{file}: {list}[{i}]"
                    );
                }
            }
        }
    }

    #[test]
    fn board_errors_name_the_field() {
        let e = Pack::from_json(
            "p",
            &good().replace("[[\"here\",\"there\"]]", "[[\"here\",\"nowhere\"]]"),
        )
        .unwrap_err();
        assert_eq!(e.path, "boards[0].adjacent[0][1]");
        let e = Pack::from_json(
            "p",
            &good().replace("\"stairs\":[]", "\"stairs\":[\"attic\"]"),
        )
        .unwrap_err();
        assert_eq!(e.path, "links.stairs[0]");
        let e = Pack::from_json(
            "p",
            &good().replace("\"table\":\"orphan\"", "\"table\":\"chess\""),
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
