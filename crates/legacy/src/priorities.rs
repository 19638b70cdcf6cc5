//! What an Enemy or a Named Enemy does when it activates: its kind's priority table as printed in
//! the rulebook (or the steps of its Enemy Sheet), read on a table position. A query: the options
//! of equal priority are listed for the players to choose from, and nothing is changed here
//! (carrying an option out is `effects`).

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

/// The sub-priority letter of a target type.
fn letter(t: Target) -> &'static str {
    match t {
        Target::Character => "a",
        Target::Hostage => "b",
        Target::Search => "c",
    }
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

    /// The nearest Locations (the Enemy's own included, at distance 0) holding a target of the
    /// given types, restricted by `keep`; at equal distance the earlier type (sub-priority letter)
    /// wins. Returns the type, the distance and the Locations.
    fn nearest(
        &self,
        from: usize,
        local: bool,
        kinds: &[Target],
        keep: impl Fn(usize) -> bool,
    ) -> Option<(Target, u32, Vec<usize>)> {
        let d = self.map.distances(from, local);
        let mut best: Option<(u32, Target, Vec<usize>)> = None;
        for (l, dl) in d.iter().enumerate() {
            let Some(dl) = *dl else { continue };
            if !keep(l) {
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
        best.map(|(d, t, ls)| (t, d, ls))
    }

    /// A move line toward the nearest targets `locs` at distance `d`: fulfilled by staying when
    /// they are here (RB: "Nearest ... can be the Location they already occupy"), else up to
    /// `steps` Locations along each shortest path.
    fn toward(&self, from: usize, d: u32, locs: &[usize], steps: u8, local: bool) -> Vec<Act> {
        if d == 0 {
            return vec![Act::None];
        }
        self.moves_toward(from, locs, steps, local)
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
        let here = self.at(&self.pos.enemies[enemy].at);
        match kind.table {
            PriorityTable::PirateCrew | PriorityTable::Sniper => self.pirate_crew(here, kind),
            PriorityTable::Fairy | PriorityTable::Orphan => self.fairy_orphan(here, kind),
            PriorityTable::Native => self.native(here, kind),
        }
    }

    /// The targets of one type in a Location as options (a Wound deals `wounds`).
    fn options_in(&self, loc: usize, t: Target, wounds: u8) -> Vec<Act> {
        self.targets(loc, &[t])
            .into_iter()
            .map(|(_, a)| match a {
                Act::Wound { character, .. } => Act::Wound { character, wounds },
                other => other,
            })
            .collect()
    }

    /// The first lettered target type present in a Location, with its options.
    fn first_in(&self, loc: usize, kinds: &[Target], wounds: u8) -> Option<(Target, Vec<Act>)> {
        kinds.iter().find_map(|&t| {
            let acts = self.options_in(loc, t, wounds);
            (!acts.is_empty()).then_some((t, acts))
        })
    }

    /// Sniper line 1, on its Deck: a. 1 Wound to the nearest standing Character; b. only when no
    /// Character stands on the Deck, kill a Hostage there (any: the line names no distance).
    fn sniper(&self, here: usize) -> Option<(String, Vec<Act>)> {
        let deck = self.map.board_of(here);
        let on_deck = |l: usize| self.map.board_of(l) == deck;
        if let Some((_, _, locs)) = self.nearest(here, false, &[Target::Character], on_deck) {
            let acts = locs
                .iter()
                .flat_map(|&l| self.options_in(l, Target::Character, 1));
            return Some(("1a".into(), acts.collect()));
        }
        let acts: Vec<Act> = (0..self.map.len())
            .filter(|&l| on_deck(l))
            .flat_map(|l| self.options_in(l, Target::Hostage, 0))
            .collect();
        (!acts.is_empty()).then(|| ("1b".into(), acts))
    }

    /// Raiders, Brutes and Snipers (the Lost Allies' table), each line checked top to bottom.
    fn pirate_crew(&self, here: usize, kind: &EnemyKind) -> (String, Vec<Act>) {
        use Target::*;
        const TWO: [Target; 3] = [Character, Hostage, Search];
        if kind.table == PriorityTable::Sniper
            && let Some(line) = self.sniper(here)
        {
            return line;
        }
        // 2. In their Location: a. Wound a Character; b. kill a Hostage; c. Search.
        if let Some((t, acts)) = self.first_in(here, &TWO, kind.wounds) {
            return (format!("2{}", letter(t)), acts);
        }
        // 3. Move to an adjacent Location with a priority of #2 (a before b before c).
        let adjacent: Vec<(Target, usize)> = self
            .map
            .enemy_neighbours(here)
            .iter()
            .filter_map(|&l| self.first_in(l, &TWO, 0).map(|(t, _)| (t, l)))
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
        if let Some((_, d, locs)) = self.nearest(here, false, &TWO, |_| true) {
            return ("4".into(), self.toward(here, d, &locs, 1, false));
        }
        ("none".into(), vec![Act::None])
    }

    /// Fairies and Orphans (the Pirates' table), each line and each letter checked in order.
    fn fairy_orphan(&self, here: usize, kind: &EnemyKind) -> (String, Vec<Act>) {
        use Target::*;
        // 1. (Fairy only) Rescue a Hostage in their Location.
        if kind.table == PriorityTable::Fairy {
            let hs = self.hostages_at(here);
            if !hs.is_empty() {
                let acts = hs.into_iter().map(|h| Act::RescueHostage { hostage: h });
                return ("1".into(), acts.collect());
            }
        }
        // 2. Move toward the nearest Hostage (staying on one here).
        if let Some((_, d, locs)) = self.nearest(here, false, &[Hostage], |_| true) {
            return ("2".into(), self.toward(here, d, &locs, kind.moves, false));
        }
        // 3. In their Location: a. Wound a Character; b. Search.
        if let Some((t, acts)) = self.first_in(here, &[Character, Search], kind.wounds) {
            return (format!("3{}", if t == Character { "a" } else { "b" }), acts);
        }
        // 4. On the same Island, 5. on a different one (Shores adjacent): a. toward the nearest
        // Character; b. toward the nearest Search token. a before b, whatever the distances.
        let island = self.map.board_of(here);
        for (line, same, local) in [("4", true, true), ("5", false, false)] {
            let keep = |l: usize| (self.map.board_of(l) == island) == same;
            for (t, l) in [(Character, "a"), (Search, "b")] {
                if let Some((_, d, locs)) = self.nearest(here, local, &[t], keep) {
                    let acts = self.toward(here, d, &locs, kind.moves, local);
                    return (format!("{line}{l}"), acts);
                }
            }
        }
        ("none".into(), vec![Act::None])
    }

    /// Natives: 1. 2 Wounds to one Character here; 2. 1 toward the nearest Character.
    fn native(&self, here: usize, kind: &EnemyKind) -> (String, Vec<Act>) {
        if let Some((_, acts)) = self.first_in(here, &[Target::Character], kind.wounds) {
            return ("1".into(), acts);
        }
        if let Some((_, d, locs)) = self.nearest(here, false, &[Target::Character], |_| true) {
            return ("2".into(), self.toward(here, d, &locs, 1, false));
        }
        ("none".into(), vec![Act::None])
    }
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
        Step::MoveToward { aim, locations } => move_toward(map, pos, here, *aim, *locations),
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

/// A Named Enemy's "move N toward the nearest ..." step: staying when a target is in its own
/// Location, else up to `locations` along each shortest path to the nearest targets.
fn move_toward(map: &Map, pos: &Position, here: usize, aim: Aim, locations: u8) -> Vec<Act> {
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
                            .take(locations as usize)
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
