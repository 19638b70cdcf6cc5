//! Checks a parsed pack against the rules' counts and cross-references, in a fixed order: the
//! first problem found is reported with the field it is in (tests check those paths and words).

use std::collections::HashSet;

use super::{
    Pack, SEARCH_CARDS, Scenario, SearchEffect, Source, Step, THREAT_CARDS, ThreatEffect, is_kebab,
};

/// A field path and what is wrong there.
type Invalid = (String, String);

impl Pack {
    pub(super) fn validate(&self) -> Result<(), Invalid> {
        self.check_characters()?;
        let locations = self.check_boards()?;
        self.check_links(&locations)?;
        let kinds = self.check_enemy_kinds()?;
        self.check_named_enemy_ids()?;
        if self.hostages.is_empty() {
            return Err(("hostages".into(), "a scenario needs Hostages".into()));
        }
        self.check_named_enemies(&locations, &kinds)?;
        self.check_threat_cards(&locations)?;
        self.check_search_cards(&kinds)?;
        self.check_search_counts()
    }

    /// The pack's id and its Character sheets.
    fn check_characters(&self) -> Result<(), Invalid> {
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
            if c.abilities.is_empty() {
                return Err((
                    format!("characters[{i}].abilities"),
                    "a Character sheet needs what it does, for the screen to show".into(),
                ));
            }
            for (k, a) in c.abilities.iter().enumerate() {
                let field = |f: &str| format!("characters[{i}].abilities[{k}].{f}");
                if a.name.trim().is_empty() {
                    return Err((field("name"), "must not be empty".into()));
                }
                if a.text.trim().is_empty() {
                    return Err((field("text"), "must not be empty".into()));
                }
                let cited = a.rule.as_deref().is_some_and(|r| r.starts_with("RB "));
                if (a.source == Source::Rulebook) != cited {
                    return Err((
                        field("rule"),
                        "a rulebook ability cites its lines (\"RB 206\"), an authored one none"
                            .into(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The boards' Locations (new kebab-case ids) and their adjacencies; gives every Location.
    fn check_boards(&self) -> Result<HashSet<&str>, Invalid> {
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
        Ok(locations)
    }

    /// Stairs, Enemy shores and the Locations Enemies never reach name known Locations.
    fn check_links(&self, locations: &HashSet<&str>) -> Result<(), Invalid> {
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
        Ok(())
    }

    /// The Enemy kinds; gives their ids.
    fn check_enemy_kinds(&self) -> Result<HashSet<&str>, Invalid> {
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
        Ok(kinds)
    }

    fn check_named_enemy_ids(&self) -> Result<(), Invalid> {
        for (i, n) in self.named_enemies.iter().enumerate() {
            if !is_kebab(&n.id) || n.wound_slots == 0 {
                return Err((
                    format!("named_enemies[{i}]"),
                    format!("{:?} needs a kebab-case id and a Wound slot", n.id),
                ));
            }
        }
        Ok(())
    }

    /// A Location Enemies may stand in: known, and not one they never reach.
    fn enemy_place(&self, locations: &HashSet<&str>, l: &str) -> bool {
        locations.contains(l) && !self.links.unreachable_for_enemies.iter().any(|u| u == l)
    }

    /// Named Enemy placements, and the Enemy kinds their Sheet steps discover.
    fn check_named_enemies(
        &self,
        locations: &HashSet<&str>,
        kinds: &HashSet<&str>,
    ) -> Result<(), Invalid> {
        for (i, n) in self.named_enemies.iter().enumerate() {
            if !self.enemy_place(locations, &n.placement) {
                return Err((
                    format!("named_enemies[{i}].placement"),
                    format!("{:?} is not a Location Enemies stand in", n.placement),
                ));
            }
            let lists = n
                .sections
                .iter()
                .enumerate()
                .map(|(s, sec)| {
                    (
                        format!("named_enemies[{i}].sections[{s}].steps"),
                        &sec.steps,
                    )
                })
                .chain(std::iter::once((
                    format!("named_enemies[{i}].after_resolving"),
                    &n.after_resolving,
                )));
            for (path, steps) in lists {
                for (j, st) in steps.iter().enumerate() {
                    if let Step::Discover { kind, .. } = st
                        && !kinds.contains(kind.as_str())
                    {
                        return Err((
                            format!("{path}[{j}].kind"),
                            format!("unknown Enemy kind {kind:?}"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The Threat deck: its size, ids, colours, Discover places and effects.
    fn check_threat_cards(&self, locations: &HashSet<&str>) -> Result<(), Invalid> {
        if self.threat_cards.len() != THREAT_CARDS {
            return Err((
                "threat_cards".into(),
                format!(
                    "the Threat deck holds {THREAT_CARDS} cards, not {}",
                    self.threat_cards.len()
                ),
            ));
        }
        let mut ids = HashSet::new();
        for (i, t) in self.threat_cards.iter().enumerate() {
            if !ids.insert(t.id.as_str()) || !is_kebab(&t.id) {
                return Err((
                    format!("threat_cards[{i}].id"),
                    format!("{:?} is not a new kebab-case id", t.id),
                ));
            }
            if t.named_enemy == t.colour.is_some() {
                return Err((
                    format!("threat_cards[{i}].colour"),
                    "the Named Enemy card has no colour; every other card has one".into(),
                ));
            }
            for (j, p) in t.discover.iter().enumerate() {
                if !self.enemy_place(locations, &p.at) {
                    return Err((
                        format!("threat_cards[{i}].discover[{j}].at"),
                        format!("{:?} is not a Location Enemies stand in", p.at),
                    ));
                }
            }
            if let Some(ThreatEffect::DespairOnBoard { board }) = &t.effect
                && !self.boards.iter().any(|b| b.id == *board)
            {
                return Err((
                    format!("threat_cards[{i}].effect.board"),
                    format!("unknown board {board:?}"),
                ));
            }
        }
        if self.threat_cards.iter().filter(|t| t.named_enemy).count() != 1 {
            return Err((
                "threat_cards".into(),
                "exactly one card is the Named Enemy card".into(),
            ));
        }
        Ok(())
    }

    /// Each Search card: a new id with copies, and an effect naming known things.
    fn check_search_cards(&self, kinds: &HashSet<&str>) -> Result<(), Invalid> {
        let mut ids = HashSet::new();
        for (i, c) in self.search_cards.iter().enumerate() {
            if !ids.insert(c.id.as_str()) || !is_kebab(&c.id) || c.copies == 0 {
                return Err((
                    format!("search_cards[{i}].id"),
                    format!("{:?} is not a new kebab-case id with copies", c.id),
                ));
            }
            match &c.card {
                SearchEffect::Ambush { kind, .. } if !kinds.contains(kind.as_str()) => {
                    return Err((
                        format!("search_cards[{i}].card.kind"),
                        format!("unknown Enemy kind {kind:?}"),
                    ));
                }
                SearchEffect::Hostage { hostage } if !self.hostages.contains(hostage) => {
                    return Err((
                        format!("search_cards[{i}].card.hostage"),
                        format!("unknown Hostage {hostage:?}"),
                    ));
                }
                SearchEffect::Trap { .. } if self.scenario == Scenario::LostAllies => {
                    return Err((
                        format!("search_cards[{i}].card.type"),
                        "Traps appear only when playing as the Pirates".into(),
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The Search deck's size, one card per Hostage, and set-up stacks that fit in the deck.
    fn check_search_counts(&self) -> Result<(), Invalid> {
        let total: usize = self.search_cards.iter().map(|c| c.copies as usize).sum();
        if total != SEARCH_CARDS {
            return Err((
                "search_cards".into(),
                format!("the Search deck holds {SEARCH_CARDS} cards, not {total}"),
            ));
        }
        for (i, h) in self.hostages.iter().enumerate() {
            let n = self
                .search_cards
                .iter()
                .filter(|c| matches!(&c.card, SearchEffect::Hostage { hostage } if hostage == h))
                .map(|c| c.copies)
                .sum::<u8>();
            if n != 1 {
                return Err((
                    format!("hostages[{i}]"),
                    format!("{h:?} needs exactly one Hostage card, not {n}"),
                ));
            }
        }
        if self
            .setup
            .search_stacks
            .iter()
            .map(|&n| n as usize)
            .sum::<usize>()
            + self.hostages.len()
            > SEARCH_CARDS
        {
            return Err((
                "setup.search_stacks".into(),
                "the stacks hold more cards than the deck".into(),
            ));
        }
        Ok(())
    }
}
