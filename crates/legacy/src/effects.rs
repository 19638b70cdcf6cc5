//! The effects that change the table, in one place: the engine carries out every Enemy and Named
//! Enemy activation through `carry_out`, and the hints (a query) run the same functions on a copy
//! of a position. Wounds, Despair, Enemies placed by a Discover and the surprise they cause are
//! here; what needs the decks (the card an Enemy's Search draws) is the engine's.

use serde::Serialize;

use crate::map::Map;
use crate::pack::Pack;
use crate::position::{EnemyAt, HostageAt, Position};
use crate::priorities::Act;

/// A way an activation loses the game on the spot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    HostageKilled,
    HostageRescuedByFairy,
    AllCharactersFallen,
}

fn loc(map: &Map, name: &str) -> usize {
    map.id(name).expect("a known Location")
}

/// One Despair to Character `c`, up to the sheet's maximum.
pub fn gain_despair(pack: &Pack, pos: &mut Position, c: usize) {
    let d = &mut pos.characters[c].despair;
    *d = (*d + 1).min(pack.supply.despair_max);
}

/// One Wound to Character `c` (RB "Suffering Wounds", "Gaining Despair"): a Wound slot and a
/// Despair ("1 Despair for each Wound", the felling one included), a dropped Hostage for a
/// Pirate carrying one; with no empty slot the Character Falls and the others standing on that
/// board or Island gain a Despair.
pub fn wound_character(pack: &Pack, map: &Map, pos: &mut Position, c: usize) {
    if pos.characters[c].fallen {
        return;
    }
    let slots = pack
        .character(&pos.characters[c].id)
        .map(|s| s.wound_slots)
        .unwrap_or(3);
    gain_despair(pack, pos, c);
    if pos.characters[c].wounds < slots {
        pos.characters[c].wounds += 1;
        if !pos.characters[c].carrying.is_empty() {
            let h = pos.characters[c].carrying.remove(0);
            let at = pos.characters[c].at.clone();
            pos.hostages.push(HostageAt { id: h, at });
        }
        return;
    }
    pos.characters[c].fallen = true;
    let b = map.board_of(loc(map, &pos.characters[c].at));
    for o in 0..pos.characters.len() {
        if o != c && !pos.characters[o].fallen && map.board_of(loc(map, &pos.characters[o].at)) == b
        {
            gain_despair(pack, pos, o);
        }
    }
}

/// Places up to `count` Enemies of a kind in a Location (as many as the box still holds), each
/// with the first free `kind-N` id; returns how many.
pub fn place_enemies(pack: &Pack, pos: &mut Position, kind: &str, count: u8, at: &str) -> u8 {
    let mut placed = 0;
    for _ in 0..count {
        // The box holds `enemies_per_kind` of each kind, whatever ids a table used.
        let on_board = pos.enemies.iter().filter(|e| e.kind == kind).count();
        if on_board >= pack.supply.enemies_per_kind as usize {
            break;
        }
        let mut used: u64 = 0;
        for e in &pos.enemies {
            if let Some(n) =
                e.id.strip_prefix(kind)
                    .and_then(|r| r.strip_prefix('-'))
                    .and_then(|r| r.parse::<u32>().ok())
                    .filter(|n| *n < 64)
            {
                used |= 1 << n;
            }
        }
        let n = (1..64u32).find(|n| used & (1 << n) == 0).unwrap_or(64);
        pos.enemies.push(EnemyAt {
            id: format!("{kind}-{n}"),
            kind: kind.to_owned(),
            at: at.to_owned(),
        });
        placed += 1;
    }
    placed
}

/// Characters surprised by Enemies discovered in their Location gain 1 Despair each (once per
/// effect, however many Enemies it placed).
pub fn surprise(pack: &Pack, map: &Map, pos: &mut Position, at: &str) {
    if !map.id(at).is_some_and(|l| map.reachable(l)) {
        return;
    }
    for c in 0..pos.characters.len() {
        if pos.characters[c].at == at && !pos.characters[c].fallen {
            gain_despair(pack, pos, c);
        }
    }
}

/// Enemies discovered in a Location: placed, and the Characters there surprised.
pub fn discover_enemies(
    pack: &Pack,
    map: &Map,
    pos: &mut Position,
    kind: &str,
    count: u8,
    at: &str,
) {
    if place_enemies(pack, pos, kind, count, at) > 0 {
        surprise(pack, map, pos, at);
    }
}

/// Removes a Search token from a Location; false when there was none.
pub fn take_search_token(pos: &mut Position, at: &str) -> bool {
    let Some(n) = pos.search_tokens.get_mut(at) else {
        return false;
    };
    *n = n.saturating_sub(1);
    pos.search_tokens.retain(|_, n| *n > 0);
    true
}

/// Moves an Enemy or a Named Enemy by id.
pub fn set_enemy_at(pos: &mut Position, id: &str, at: &str) {
    if let Some(e) = pos.enemies.iter_mut().find(|e| e.id == id) {
        e.at = at.to_owned();
    } else if let Some(n) = pos.named_enemies.iter_mut().find(|n| n.id == id) {
        n.at = at.to_owned();
    }
}

/// Carries out one option of an activation by Enemy or Named Enemy `who`; returns the loss it
/// causes, if any. An Enemy's Search takes the token here; drawing the card is the caller's.
pub fn carry_out(pack: &Pack, map: &Map, pos: &mut Position, who: &str, act: &Act) -> Option<Loss> {
    match act {
        Act::Wound { character, wounds } => {
            let c = pos
                .characters
                .iter()
                .position(|c| c.id == *character)
                .expect("a Character on the table");
            for _ in 0..*wounds {
                wound_character(pack, map, pos, c);
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
            take_search_token(pos, location);
        }
        Act::Move { to, .. } => set_enemy_at(pos, who, to),
        Act::Discover {
            kind,
            count,
            location,
        } => discover_enemies(pack, map, pos, kind, *count, location),
        Act::None => {}
    }
    None
}
