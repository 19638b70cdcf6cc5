//! Enemy activation hints: a query over a position. For a Threat colour it resolves every Enemy of
//! that colour by its kind's priority table (as printed in the rulebook), lists the choices of
//! equal priority as options with the priority line that applied, and carries the position
//! forward on the first option so that later Enemies see what earlier ones did.

use serde::Serialize;
use ts_rs::TS;

use crate::map::Map;
use crate::pack::{Aim, Colour, EnemyKind, Pack, PriorityTable, Step};
use crate::position::Position;

/// One thing an Enemy may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(rename = "EnemyAct")]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Act {
    Wound {
        character: String,
        wounds: u8,
    },
    KillHostage {
        hostage: String,
    },
    Search {
        location: String,
    },
    Move {
        to: String,
        path: Vec<String>,
    },
    RescueHostage {
        hostage: String,
    },
    None,
    /// A Named Enemy's section: Enemies of a kind discovered in its Location.
    Discover {
        kind: String,
        count: u8,
        location: String,
    },
}

impl Act {
    pub fn order_key(&self) -> (u8, &str) {
        match self {
            Act::Wound { character, .. } => (5, character),
            Act::KillHostage { hostage } => (0, hostage),
            Act::Search { location } => (4, location),
            Act::Move { to, .. } => (1, to),
            Act::RescueHostage { hostage } => (3, hostage),
            Act::None => (2, ""),
            Act::Discover { location, .. } => (6, location),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Activation {
    pub enemy: String,
    pub priority: String,
    pub options: Vec<Act>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    HostageKilled,
    HostageRescuedByFairy,
    AllCharactersFallen,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hints {
    pub colour: Colour,
    pub activations: Vec<Activation>,
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub lost: Loss,
}

/// What a target is, for the sub-priority letters (a before b before c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Target {
    Character,
    Hostage,
    Search,
}

struct Table<'a> {
    map: &'a Map,
    pos: &'a Position,
}

impl Table<'_> {
    fn at(&self, name: &str) -> usize {
        self.map.id(name).expect("validated")
    }

    /// Characters an Enemy can target: standing, and where Enemies go.
    fn characters_at(&self, loc: usize) -> Vec<String> {
        self.pos
            .characters
            .iter()
            .filter(|c| !c.fallen && self.at(&c.at) == loc && self.map.reachable(loc))
            .map(|c| c.id.clone())
            .collect()
    }

    fn hostages_at(&self, loc: usize) -> Vec<String> {
        if !self.map.reachable(loc) {
            return vec![];
        }
        self.pos
            .hostages
            .iter()
            .filter(|h| self.at(&h.at) == loc)
            .map(|h| h.id.clone())
            .collect()
    }

    fn search_at(&self, loc: usize) -> bool {
        self.map.reachable(loc)
            && self
                .pos
                .search_tokens
                .get(self.map.name(loc))
                .copied()
                .unwrap_or(0)
                > 0
    }

    /// Is there a target of this type in a Location? (`targets` without building the list.)
    fn has_target(&self, loc: usize, kind: Target) -> bool {
        if !self.map.reachable(loc) {
            return false;
        }
        let name = self.map.name(loc);
        match kind {
            Target::Character => self
                .pos
                .characters
                .iter()
                .any(|c| !c.fallen && c.at == name),
            Target::Hostage => self.pos.hostages.iter().any(|h| h.at == name),
            Target::Search => self.search_at(loc),
        }
    }

    /// The targets of the given types in a Location, best sub-priority first.
    fn targets(&self, loc: usize, kinds: &[Target]) -> Vec<(Target, Act)> {
        let mut out = Vec::new();
        for k in kinds {
            match k {
                Target::Character => out.extend(self.characters_at(loc).into_iter().map(|c| {
                    (
                        *k,
                        Act::Wound {
                            character: c,
                            wounds: 0,
                        },
                    )
                })),
                Target::Hostage => out.extend(
                    self.hostages_at(loc)
                        .into_iter()
                        .map(|h| (*k, Act::KillHostage { hostage: h })),
                ),
                Target::Search => {
                    if self.search_at(loc) {
                        out.push((
                            *k,
                            Act::Search {
                                location: self.map.name(loc).to_owned(),
                            },
                        ));
                    }
                }
            }
        }
        out
    }

    /// The nearest Locations (distance at least `min`) holding a target of the given types,
    /// restricted by `keep`; ties broken by sub-priority. Returns (letter index, locations).
    fn nearest(
        &self,
        from: usize,
        local: bool,
        min: u32,
        kinds: &[Target],
        keep: impl Fn(usize) -> bool,
    ) -> Option<(Target, Vec<usize>)> {
        let d = self.map.distances(from, local);
        let mut best: Option<(u32, Target, Vec<usize>)> = None;
        for (l, dl) in d.iter().enumerate() {
            let Some(dl) = *dl else { continue };
            if dl < min || !keep(l) {
                continue;
            }
            let Some(t) = kinds.iter().copied().find(|k| self.has_target(l, *k)) else {
                continue;
            };
            match &mut best {
                Some((bd, bt, ls)) if (dl, t) == (*bd, *bt) => ls.push(l),
                Some((bd, bt, _)) if (dl, t) > (*bd, *bt) => {}
                _ => best = Some((dl, t, vec![l])),
            }
        }
        best.map(|(_, t, ls)| (t, ls))
    }

    /// Moves of up to `steps` Locations along shortest paths toward any of `targets`.
    fn moves_toward(&self, from: usize, targets: &[usize], steps: u8, local: bool) -> Vec<Act> {
        let mut out: Vec<Act> = Vec::new();
        for &t in targets {
            for path in self.map.shortest_paths(from, t, local) {
                let walked: Vec<String> = path
                    .iter()
                    .take(steps as usize)
                    .map(|&i| self.map.name(i).to_owned())
                    .collect();
                let to = walked
                    .last()
                    .cloned()
                    .expect("a target is at least one step away");
                if !out
                    .iter()
                    .any(|a| matches!(a, Act::Move { to: x, .. } if *x == to))
                {
                    out.push(Act::Move { to, path: walked });
                }
            }
        }
        out
    }

    fn activate(&self, enemy: usize, kind: &EnemyKind) -> (String, Vec<Act>) {
        use Target::*;
        let here = self.at(&self.pos.enemies[enemy].at);
        let wounds = |acts: Vec<(Target, Act)>| -> Vec<Act> {
            acts.into_iter()
                .map(|(_, a)| match a {
                    Act::Wound { character, .. } => Act::Wound {
                        character,
                        wounds: kind.wounds,
                    },
                    other => other,
                })
                .collect()
        };
        let letter = |t: Target| match t {
            Character => "a",
            Hostage => "b",
            Search => "c",
        };
        let best_in = |loc: usize, kinds: &[Target]| -> Option<(Target, Vec<(Target, Act)>)> {
            let all = self.targets(loc, kinds);
            let first = all.first()?.0;
            Some((
                first,
                all.into_iter().filter(|(t, _)| *t == first).collect(),
            ))
        };
        match kind.table {
            PriorityTable::PirateCrew | PriorityTable::Sniper => {
                let deck = self.map.board_of(here);
                if kind.table == PriorityTable::Sniper {
                    // 1. On their Deck: a. 1 Wound to the nearest Character; b. kill a Hostage.
                    if let Some((t, locs)) =
                        self.nearest(here, false, 0, &[Character, Hostage], |l| {
                            self.map.board_of(l) == deck
                        })
                    {
                        let acts = locs.iter().flat_map(|&l| self.targets(l, &[t])).map(
                            |(_, a)| match a {
                                Act::Wound { character, .. } => Act::Wound {
                                    character,
                                    wounds: 1,
                                },
                                other => other,
                            },
                        );
                        return (format!("1{}", letter(t)), acts.collect());
                    }
                }
                // 2. In their Location: a. Wound a Character; b. kill a Hostage; c. Search.
                if let Some((t, acts)) = best_in(here, &[Character, Hostage, Search]) {
                    return (format!("2{}", letter(t)), wounds(acts));
                }
                // 3. Move to an adjacent Location with a priority of #2.
                let adjacent: Vec<(Target, usize)> = self
                    .map
                    .enemy_neighbours(here)
                    .iter()
                    .filter_map(|&l| best_in(l, &[Character, Hostage, Search]).map(|(t, _)| (t, l)))
                    .collect();
                if let Some(top) = adjacent.iter().map(|(t, _)| *t).min() {
                    let acts = adjacent
                        .iter()
                        .filter(|(t, _)| *t == top)
                        .map(|(_, l)| Act::Move {
                            to: self.map.name(*l).to_owned(),
                            path: vec![self.map.name(*l).to_owned()],
                        })
                        .collect();
                    return ("3".into(), acts);
                }
                // 4. Move 1 toward the nearest Location with a priority of #2.
                if let Some((_, locs)) =
                    self.nearest(here, false, 1, &[Character, Hostage, Search], |_| true)
                {
                    return ("4".into(), self.moves_toward(here, &locs, 1, false));
                }
                ("none".into(), vec![Act::None])
            }
            PriorityTable::Fairy | PriorityTable::Orphan => {
                // 1. (Fairy only) Rescue a Hostage in their Location.
                if kind.table == PriorityTable::Fairy {
                    let hs = self.hostages_at(here);
                    if !hs.is_empty() {
                        return (
                            "1".into(),
                            hs.into_iter()
                                .map(|h| Act::RescueHostage { hostage: h })
                                .collect(),
                        );
                    }
                }
                // 2. Move toward the nearest Hostage.
                if let Some((_, locs)) = self.nearest(here, false, 1, &[Hostage], |_| true) {
                    return (
                        "2".into(),
                        self.moves_toward(here, &locs, kind.moves, false),
                    );
                }
                // 3. In their Location: a. Wound a Character; b. Search.
                if let Some((t, acts)) = best_in(here, &[Character, Search]) {
                    return (
                        format!("3{}", if t == Character { "a" } else { "b" }),
                        wounds(acts),
                    );
                }
                // 4. On the same Island: a. toward the nearest Character; b. toward the nearest Search.
                let island = self.map.board_of(here);
                if let Some((t, locs)) = self.nearest(here, true, 1, &[Character, Search], |l| {
                    self.map.board_of(l) == island
                }) {
                    let l = if t == Character { "a" } else { "b" };
                    return (
                        format!("4{l}"),
                        self.moves_toward(here, &locs, kind.moves, true),
                    );
                }
                // 5. On a different Island (Shores adjacent): the same.
                if let Some((t, locs)) = self.nearest(here, false, 1, &[Character, Search], |l| {
                    self.map.board_of(l) != island
                }) {
                    let l = if t == Character { "a" } else { "b" };
                    return (
                        format!("5{l}"),
                        self.moves_toward(here, &locs, kind.moves, false),
                    );
                }
                ("none".into(), vec![Act::None])
            }
            PriorityTable::Native => {
                // 1. Deal 2 Wounds to one Character in their Location.
                if let Some((_, acts)) = best_in(here, &[Character]) {
                    return ("1".into(), wounds(acts));
                }
                // 2. Move 1 toward the nearest Character (Shores adjacent).
                if let Some((_, locs)) = self.nearest(here, false, 1, &[Character], |_| true) {
                    return ("2".into(), self.moves_toward(here, &locs, 1, false));
                }
                ("none".into(), vec![Act::None])
            }
        }
    }
}

/// Carries out an option on a position; returns a loss if it loses the game. (An Enemy's Search
/// only takes the token here: drawing the card is the game's business.)
pub fn carry_out(pack: &Pack, pos: &mut Position, enemy: usize, act: &Act) -> Option<Loss> {
    match act {
        Act::Wound { character, wounds } => {
            let slots = pack
                .character(character)
                .map(|c| c.wound_slots)
                .unwrap_or(3);
            let c = pos
                .characters
                .iter_mut()
                .find(|c| c.id == *character)
                .expect("a target exists");
            for _ in 0..*wounds {
                if c.fallen {
                    break;
                }
                if c.wounds < slots {
                    c.wounds += 1;
                    c.despair = (c.despair + 1).min(pack.supply.despair_max);
                    // A Pirate carrying a Hostage drops one for each Wound.
                    if !c.carrying.is_empty() {
                        let h = c.carrying.remove(0);
                        let at = c.at.clone();
                        pos.hostages.push(crate::position::HostageAt { id: h, at });
                    }
                } else {
                    c.fallen = true;
                }
            }
            if pos.characters.iter().all(|c| c.fallen) {
                return Some(Loss::AllCharactersFallen);
            }
        }
        Act::KillHostage { hostage } => {
            pos.hostages.retain(|h| h.id != *hostage);
            return Some(Loss::HostageKilled);
        }
        Act::RescueHostage { hostage } => {
            pos.hostages.retain(|h| h.id != *hostage);
            return Some(Loss::HostageRescuedByFairy);
        }
        Act::Search { location } => {
            if let Some(n) = pos.search_tokens.get_mut(location) {
                *n = n.saturating_sub(1);
            }
        }
        Act::Move { to, .. } => pos.enemies[enemy].at = to.clone(),
        Act::None | Act::Discover { .. } => {}
    }
    None
}

/// What Enemy `enemy` of a validated position does when it activates: the priority line that
/// applied and its options (ties), ordered by action, then by id.
pub fn enemy_activation(
    pack: &Pack,
    map: &Map,
    pos: &Position,
    enemy: usize,
) -> (String, Vec<Act>) {
    let kind = pack
        .enemy_kinds
        .iter()
        .find(|k| k.id == pos.enemies[enemy].kind)
        .expect("validated");
    let (priority, mut options) = Table { map, pos }.activate(enemy, kind);
    options.sort_by(|a, b| a.order_key().cmp(&b.order_key()));
    (priority, options)
}

/// The steps a Named Enemy takes for a Threat colour (indices into its section; a Wound total
/// the players distribute is one step per Wound).
pub fn named_steps(pack: &Pack, id: &str, colour: Colour) -> Vec<usize> {
    pack.named(id)
        .and_then(|s| s.sections.iter().find(|s| s.colour == colour))
        .map(|s| expand_steps(&s.steps))
        .unwrap_or_default()
}

/// Step indices in order, a distributed Wound total once per Wound.
fn expand_steps(steps: &[Step]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, st) in steps.iter().enumerate() {
        let times = match st {
            Step::Wound {
                wounds,
                distribute: true,
                ..
            } => *wounds as usize,
            _ => 1,
        };
        out.extend(std::iter::repeat_n(i, times));
    }
    out
}

/// The options of one step of a Named Enemy's section, labelled "<colour>-<step>".
pub fn named_step_options(
    pack: &Pack,
    map: &Map,
    pos: &Position,
    id: &str,
    colour: Colour,
    step: usize,
) -> (String, Vec<Act>) {
    let sheet = pack.named(id).expect("validated");
    let label = format!("{}-{}", colour.id(), step + 1);
    match sheet.sections.iter().find(|s| s.colour == colour) {
        Some(section) => (label, step_options(map, pos, id, &section.steps[step])),
        None => (label, vec![Act::None]),
    }
}

/// The steps of a Named Enemy's "after resolving" effect, as `named_steps` for a section.
pub fn after_steps(pack: &Pack, id: &str) -> Vec<usize> {
    pack.named(id)
        .map(|s| expand_steps(&s.after_resolving))
        .unwrap_or_default()
}

/// The options of one step of a Named Enemy's "after resolving" effect, labelled "after-<step>".
pub fn after_step_options(
    pack: &Pack,
    map: &Map,
    pos: &Position,
    id: &str,
    step: usize,
) -> (String, Vec<Act>) {
    let sheet = pack.named(id).expect("validated");
    (
        format!("after-{}", step + 1),
        step_options(map, pos, id, &sheet.after_resolving[step]),
    )
}

/// What Named Enemy `id` may do for one step of its sheet, on a position.
fn step_options(map: &Map, pos: &Position, id: &str, step: &Step) -> Vec<Act> {
    let Some(n) = pos.named_enemies.iter().find(|n| n.id == id) else {
        return vec![Act::None];
    };
    let here = map.id(&n.at).expect("validated");
    let standing: Vec<String> = pos
        .characters
        .iter()
        .filter(|c| c.at == n.at && !c.fallen && map.reachable(here))
        .map(|c| c.id.clone())
        .collect();
    let mut acts = match step {
        Step::MoveToward { aim, locations } => {
            let has = |l: usize| -> bool {
                if !map.reachable(l) {
                    return false;
                }
                let name = map.name(l);
                match aim {
                    Aim::Character => pos.characters.iter().any(|c| c.at == name && !c.fallen),
                    Aim::Hostage => pos.hostages.iter().any(|h| h.at == name),
                    Aim::Search => pos.search_tokens.get(name).copied().unwrap_or(0) > 0,
                }
            };
            if has(here) {
                vec![Act::None]
            } else {
                let d = map.distances(here, false);
                let best = (0..map.len())
                    .filter(|&l| has(l))
                    .filter_map(|l| d[l].map(|x| (x, l)))
                    .min_by_key(|(x, _)| *x)
                    .map(|(x, _)| x);
                match best {
                    None => vec![Act::None],
                    Some(bd) => {
                        let mut out: Vec<Act> = Vec::new();
                        for l in (0..map.len()).filter(|&l| has(l) && d[l] == Some(bd)) {
                            for path in map.shortest_paths(here, l, false) {
                                let walked: Vec<String> = path
                                    .iter()
                                    .take(*locations as usize)
                                    .map(|&i| map.name(i).to_owned())
                                    .collect();
                                let to = walked.last().cloned().expect("at least one step");
                                if !out
                                    .iter()
                                    .any(|a| matches!(a, Act::Move { to: x, .. } if *x == to))
                                {
                                    out.push(Act::Move { to, path: walked });
                                }
                            }
                        }
                        out
                    }
                }
            }
        }
        Step::Wound {
            wounds,
            distribute,
            or_kill_hostage,
        } => {
            // A total the players distribute is queued one Wound at a time, each going to
            // the Character they choose.
            let each = if *distribute { 1 } else { *wounds };
            let mut out: Vec<Act> = standing
                .iter()
                .map(|c| Act::Wound {
                    character: c.clone(),
                    wounds: each,
                })
                .collect();
            if *or_kill_hostage {
                out.extend(pos.hostages.iter().filter(|h| h.at == n.at).map(|h| {
                    Act::KillHostage {
                        hostage: h.id.clone(),
                    }
                }));
            }
            if out.is_empty() {
                out.push(Act::None);
            }
            out
        }
        Step::Search => {
            if pos.search_tokens.get(&n.at).copied().unwrap_or(0) > 0 {
                vec![Act::Search {
                    location: n.at.clone(),
                }]
            } else {
                vec![Act::None]
            }
        }
        Step::Discover { kind, count } => vec![Act::Discover {
            kind: kind.clone(),
            count: *count,
            location: n.at.clone(),
        }],
    };
    acts.sort_by(|a, b| a.order_key().cmp(&b.order_key()));
    acts
}

/// The hints for a Threat of `colour` on a validated position.
pub fn hints(pack: &Pack, map: &Map, position: &Position, colour: Colour) -> Hints {
    let mut pos = position.clone();
    let twice = position.named_enemies.iter().any(|n| {
        pack.named_enemies
            .iter()
            .any(|s| s.id == n.id && s.frightful_reputation)
    });
    let mut activations = Vec::new();
    let mut outcome = None;
    'enemies: for e in 0..position.enemies.len() {
        let kind = pack
            .enemy_kinds
            .iter()
            .find(|k| k.id == position.enemies[e].kind)
            .expect("validated");
        if kind.colour != colour {
            continue;
        }
        for _ in 0..if twice { 2 } else { 1 } {
            let (priority, options) = enemy_activation(pack, map, &pos, e);
            let first = options[0].clone();
            activations.push(Activation {
                enemy: position.enemies[e].id.clone(),
                priority,
                options,
            });
            if let Some(lost) = carry_out(pack, &mut pos, e, &first) {
                outcome = Some(Outcome { lost });
                break 'enemies;
            }
        }
    }
    // Then the Named Enemies with a section of this colour, step by step.
    if outcome.is_none() {
        'named: for n in position.named_enemies.iter().map(|n| n.id.clone()) {
            for step in named_steps(pack, &n, colour) {
                let (priority, options) = named_step_options(pack, map, &pos, &n, colour, step);
                let first = options[0].clone();
                activations.push(Activation {
                    enemy: n.clone(),
                    priority,
                    options,
                });
                let lost = match &first {
                    Act::Move { to, .. } => {
                        if let Some(x) = pos.named_enemies.iter_mut().find(|x| x.id == n) {
                            x.at = to.clone();
                        }
                        None
                    }
                    Act::Discover {
                        kind,
                        count,
                        location,
                    } => {
                        discover(pack, &mut pos, kind, *count, location);
                        None
                    }
                    other => carry_out(pack, &mut pos, 0, other),
                };
                if let Some(lost) = lost {
                    outcome = Some(Outcome { lost });
                    break 'named;
                }
            }
        }
    }
    Hints {
        colour,
        activations,
        outcome,
    }
}

/// Adds up to `count` Enemies of a kind to a Location (as many as the box still holds), with
/// the first free ids.
fn discover(pack: &Pack, pos: &mut Position, kind: &str, count: u8, at: &str) {
    for _ in 0..count {
        let Some(n) = (1..=pack.supply.enemies_per_kind).find(|n| {
            let id = format!("{kind}-{n}");
            !pos.enemies.iter().any(|e| e.id == id)
        }) else {
            return;
        };
        pos.enemies.push(crate::position::EnemyAt {
            id: format!("{kind}-{n}"),
            kind: kind.to_owned(),
            at: at.to_owned(),
        });
    }
}
