//! What each command does to the creatures. Called only from `Campaign::apply`, on a copy that
//! is kept only if the command succeeds.

use crate::attack::{Mode, Swing, Target, dice_rolled, resolve};
use crate::creature::{
    Ability, BACKPACK_SLOTS, BODY_SLOTS, Creature, Item, Kind, MAX_ABILITY, MAX_HP, Place, SLOTS,
    check_armor,
};
use crate::dice::{Die, Face, Roll};
use crate::state::{
    AttackerRef, Campaign, InitiativeEntry, MoraleTrigger, Refusal, Stat, refuse, why,
};
use crate::tables::Tables;

pub fn set(c: &mut Creature, stat: Stat, value: u8) -> Result<(), Refusal> {
    let ability = |s: Stat| match s {
        Stat::Str | Stat::MaxStr => Some(Ability::Str),
        Stat::Dex | Stat::MaxDex => Some(Ability::Dex),
        Stat::Wil | Stat::MaxWil => Some(Ability::Wil),
        _ => None,
    };
    match stat {
        Stat::Hp if value > c.hp.max => {
            return refuse(why!(
                "hp-above-max",
                "HP {value} is above {name}'s max HP {max}",
                value = value,
                name = c.name,
                max = c.hp.max
            ));
        }
        Stat::Hp => c.hp.current = value,
        Stat::MaxHp if value > MAX_HP => {
            return refuse(why!(
                "max-hp-above",
                "max HP {value} is above {most}",
                value = value,
                most = MAX_HP
            ));
        }
        Stat::MaxHp => {
            c.hp.max = value;
            c.hp.current = c.hp.current.min(value);
        }
        Stat::Armor => {
            check_armor("armor", value)?;
            c.armor = value;
        }
        Stat::Shield => {
            check_armor("shield", value)?;
            c.shield = value;
            c.shield_held &= value > 0;
        }
        Stat::Str | Stat::Dex | Stat::Wil => {
            let a = ability(stat).expect("an ability");
            let s = c.score_mut(a);
            if value > s.max {
                return refuse(why!(
                    "ability-above-max",
                    "{ability} {value} is above its max {max}",
                    ability = a.name(),
                    value = value,
                    max = s.max
                ));
            }
            s.current = value;
        }
        Stat::MaxStr | Stat::MaxDex | Stat::MaxWil => {
            let a = ability(stat).expect("an ability");
            if value > MAX_ABILITY {
                return refuse(why!(
                    "ability-above",
                    "{ability} cannot be above {most}",
                    ability = a.name(),
                    most = MAX_ABILITY
                ));
            }
            let s = c.score_mut(a);
            s.max = value;
            s.current = s.current.min(value);
        }
    }
    // "If a PC's STR is reduced to 0, they die."
    if c.str.current == 0 {
        c.conditions.dead = true;
    }
    Ok(())
}

pub fn add_item(c: &mut Creature, item: &Item) -> Result<(), Refusal> {
    if item.name.trim().is_empty() {
        return refuse(why!("item-needs-name", "name: give the item a name"));
    }
    let (used, room) = match item.place {
        Place::Body => (c.slots_in(Place::Body), BODY_SLOTS),
        Place::Backpack => (c.slots_in(Place::Backpack), BACKPACK_SLOTS),
    };
    if used + item.slots() > room {
        return refuse(why!(
            "no-room-in-place",
            "{name}'s {place} has {free} free slot(s); {item} needs {needs}",
            name = c.name,
            place = if item.place == Place::Body {
                "body"
            } else {
                "backpack"
            },
            free = room - used,
            item = item.name,
            needs = item.slots()
        ));
    }
    if c.slots_used() + item.slots() > SLOTS {
        return refuse(why!(
            "fatigue-fills-slots",
            "{name} has no room left: Fatigue fills the slots",
            name = c.name
        ));
    }
    c.items.push(item.clone());
    Ok(())
}

pub fn add_fatigue(c: &mut Creature) -> Result<(), Refusal> {
    if c.slots_used() >= SLOTS {
        return refuse(why!(
            "slots-full-for-fatigue",
            "all 10 of {name}'s slots are full; drop an item to make room for the Fatigue",
            name = c.name
        ));
    }
    c.fatigue += 1;
    Ok(())
}

/// Rolls a swing's dice against a target and logs them.
fn roll_swing(g: &mut Campaign, who: &str, target: &Creature, swing: &Swing) -> Vec<u8> {
    let dice = dice_rolled(swing, target.kind);
    let spec = dice.iter().map(|d| d.name()).collect::<Vec<_>>().join("+");
    let faces: Vec<u8> = dice.iter().map(|d| g.draw(*d)).collect();
    let top = faces.iter().copied().max().unwrap_or(0);
    let roll = Roll {
        expression: spec,
        faces: dice
            .iter()
            .zip(&faces)
            .map(|(d, f)| Face {
                die: *d,
                face: *f,
                kept: *f == top,
            })
            .collect(),
        modifier: 0,
        total: top as i32,
    };
    g.log(
        Some(who),
        &format!("damage to {}", target.name),
        roll,
        top.to_string(),
    );
    faces
}

fn swing_of(c: &Creature, a: &AttackerRef, target: Kind) -> Swing {
    let dice = if a.dice.is_empty() {
        vec![Die::D4]
    } else {
        a.dice.clone()
    };
    if c.kind == Kind::Detachment && target != Kind::Detachment {
        // "Attacks against individuals by detachments are enhanced and deal blast damage."
        return Swing {
            dice,
            mode: Mode::Enhanced,
            blast: true,
        };
    }
    Swing {
        dice,
        mode: a.mode,
        blast: a.blast,
    }
}

pub fn attack(
    g: &mut Campaign,
    t: &Tables,
    attackers: &[AttackerRef],
    targets: &[String],
) -> Result<(), Refusal> {
    if attackers.is_empty() {
        return refuse(why!("pick-attacker", "pick at least one attacker"));
    }
    if targets.is_empty() {
        return refuse(why!("pick-target", "pick a target"));
    }
    for (i, a) in attackers.iter().enumerate() {
        if let Some(why) = g.get(&a.id)?.cannot_act() {
            return refuse(why);
        }
        if a.dice.len() > 2 || a.dice.contains(&Die::D20) {
            return refuse(why!(
                "weapon-dice",
                "a weapon has one damage die (two for dual weapons), d4 to d12"
            ));
        }
        if attackers[..i].iter().any(|b| b.id == a.id) {
            return refuse(why!("attacker-twice", "{id} is listed twice", id = a.id));
        }
    }
    for (i, id) in targets.iter().enumerate() {
        let c = g.living(id)?;
        if targets[..i].contains(id) || attackers.iter().any(|a| &a.id == id) {
            return refuse(why!(
                "target-twice",
                "{name} cannot be picked twice or attack themselves",
                name = c.name
            ));
        }
    }
    for id in targets {
        let target = g.get(id)?.clone();
        let mut faces = Vec::new();
        for a in attackers {
            let swing = swing_of(g.get(&a.id)?, a, target.kind);
            if targets.len() > 1 && !swing.blast {
                return refuse(why!(
                    "blast-only",
                    "only a blast attack hits several targets"
                ));
            }
            faces.extend(roll_swing(g, &a.id, &target, &swing));
        }
        hit(g, t, &target, &faces)?;
    }
    Ok(())
}

/// Applies one resolved hit to a creature.
fn hit(g: &mut Campaign, t: &Tables, target: &Creature, faces: &[u8]) -> Result<(), Refusal> {
    let before = target.effective_hp();
    let h = resolve(
        Target {
            kind: target.kind,
            hp: before,
            str: target.str.current,
            armor: target.effective_armor(),
        },
        faces,
    );
    let c = g.get_mut(&target.id)?;
    // HP counted as 0 for a full inventory: only what the hit took from the counted HP comes off
    // the stored HP.
    c.hp.current -= before - h.hp;
    c.str.current = h.str;
    c.conditions.dead |= h.dead;
    c.conditions.critical_save_due |= h.critical_save;
    let mut result = format!(
        "{} damage after Armor {}",
        h.damage,
        target.effective_armor()
    );
    if h.critical_save {
        result.push_str("; STR save against critical damage called");
    }
    if h.dead {
        result.push_str(if target.kind == Kind::Detachment {
            "; destroyed"
        } else {
            "; dead"
        });
    }
    if let Some(row) = h.scar_row {
        crate::scars::take(c, t, row);
        result.push_str(&format!("; Scar {row}: {}", t.scar(row).name));
    }
    let roll = Roll {
        // The kept face less Armor, as the table would say it.
        expression: format!("{} − {}", h.kept, target.effective_armor()),
        faces: vec![],
        modifier: 0,
        total: h.damage as i32,
    };
    g.log(Some(&target.id), "hit", roll, result);
    Ok(())
}

pub fn critical_save(g: &mut Campaign, t: &Tables, id: &str) -> Result<(), Refusal> {
    let c = g.living(id)?;
    if !c.conditions.critical_save_due {
        return refuse(why!(
            "no-critical-save",
            "{name} has no save against critical damage to make",
            name = c.name
        ));
    }
    let passed = g.save(id, Ability::Str, "STR save against critical damage")?;
    let c = g.get_mut(id)?;
    c.conditions.critical_save_due = false;
    let doomed = c.conditions.doomed;
    if passed {
        if doomed {
            c.conditions.doomed = false;
            crate::scars::doomed_passed(g, t, id)?;
        }
    } else {
        // A PC crawls, dying within the hour; a detachment is routed.
        c.conditions.critical = true;
        if doomed {
            c.conditions.dead = true;
            c.conditions.doomed = false;
        }
    }
    Ok(())
}

pub fn initiative(g: &mut Campaign) -> Result<(), Refusal> {
    let pcs: Vec<String> = g
        .creatures
        .iter()
        .filter(|c| c.kind == Kind::Pc && c.cannot_act().is_none())
        .map(|c| c.id.clone())
        .collect();
    if pcs.is_empty() {
        return refuse(why!("no-pc-can-act", "no PC is able to act"));
    }
    g.initiative.clear();
    for id in pcs {
        let before_foes = g.save(&id, Ability::Dex, "initiative (DEX save)")?;
        g.initiative.push(InitiativeEntry { id, before_foes });
    }
    Ok(())
}

pub fn morale(g: &mut Campaign, id: &str, trigger: MoraleTrigger) -> Result<(), Refusal> {
    let c = g.living(id)?;
    if c.kind == Kind::Pc {
        return refuse(why!("morale-not-pcs", "morale does not affect PCs"));
    }
    if c.conditions.fled {
        return refuse(why!(
            "already-fled",
            "{name} has already fled",
            name = c.name
        ));
    }
    if trigger == MoraleTrigger::ZeroHp && c.effective_hp() > 0 {
        return refuse(why!(
            "not-at-zero-hp",
            "{name} is not at 0 HP",
            name = c.name
        ));
    }
    let what = match trigger {
        MoraleTrigger::FirstCasualty => "morale: first casualty (WIL save)",
        MoraleTrigger::HalfLost => "morale: half their number lost (WIL save)",
        MoraleTrigger::ZeroHp => "morale: lone foe at 0 HP (WIL save)",
    };
    if !g.save(id, Ability::Wil, what)? {
        g.get_mut(id)?.conditions.fled = true;
    }
    Ok(())
}

fn not_deprived(c: &Creature) -> Result<(), Refusal> {
    if c.conditions.dead {
        return refuse(why!("dead", "{name} is dead", name = c.name));
    }
    if c.conditions.deprived {
        return refuse(why!(
            "deprived",
            "{name} is deprived and cannot recover HP or abilities",
            name = c.name
        ));
    }
    Ok(())
}

/// A few moments' rest and a drink: lost HP comes back.
pub fn short_rest(c: &mut Creature) -> Result<(), Refusal> {
    not_deprived(c)?;
    c.hp.current = c.hp.max;
    Ok(())
}

/// A full night's safe rest clears every Fatigue (and, if not deprived, restores HP).
pub fn full_rest(c: &mut Creature) -> Result<(), Refusal> {
    if c.conditions.dead {
        return refuse(why!("dead", "{name} is dead", name = c.name));
    }
    c.fatigue = 0;
    if !c.conditions.deprived {
        c.hp.current = c.hp.max;
    }
    Ok(())
}

/// A week's rest with a healer: abilities back to their max, critical damage tended.
pub fn week_rest(c: &mut Creature) -> Result<(), Refusal> {
    not_deprived(c)?;
    for a in Ability::ALL {
        let s = c.score_mut(a);
        s.current = s.max;
    }
    c.hp.current = c.hp.max;
    c.conditions.critical = false;
    Ok(())
}

/// An NPC's reaction: 2d6 on the Reactions table, logged.
pub fn reaction(g: &mut Campaign, t: &Tables, id: Option<&str>) -> Result<(), Refusal> {
    if let Some(id) = id {
        g.get(id)?;
    }
    let roll = g.roll_expr("2d6");
    let row = t.reaction(roll.total as u8);
    let result = format!("{} {}", roll.total, row.id);
    g.log(id, "reaction", roll, result);
    Ok(())
}

/// Running away: a DEX save; passing marks the creature fled.
pub fn retreat(g: &mut Campaign, id: &str) -> Result<(), Refusal> {
    g.living(id)?;
    if g.save(id, Ability::Dex, "retreat (DEX save)")? {
        g.get_mut(id)?.conditions.fled = true;
    }
    Ok(())
}

/// Any dice expression, logged with who rolled and what for.
pub fn free_roll(
    g: &mut Campaign,
    who: Option<&str>,
    dice: &str,
    what: &str,
) -> Result<(), Refusal> {
    if let Some(w) = who {
        g.get(w)?;
    }
    let expr = crate::dice::Expr::parse(dice).or_else(|e| {
        refuse(why!(
            "dice-unreadable",
            "dice: {dice}: {error}",
            dice = dice,
            error = e
        ))
    })?;
    if what.trim().is_empty() {
        return refuse(why!("roll-needs-what", "what: say what the roll is for"));
    }
    let roll = expr.roll_with(&mut |d| g.draw(d));
    let result = roll.total.to_string();
    g.log(who, what, roll, result);
    Ok(())
}
