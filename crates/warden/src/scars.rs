//! Scars: taking a row when a PC's HP falls to exactly 0, and its follow-up rolls, applied when
//! the players confirm that the row's moment has come.

use crate::creature::{Ability, Creature, MAX_ABILITY, MAX_HP, PendingScar};
use crate::state::{Campaign, Refusal, refuse, why};
use crate::tables::{FollowUp, Tables};

/// Records Scar `row` on a PC: its id on the sheet, deprivation or Doom at once, and the
/// follow-up waiting for the players (Doomed's comes with the next critical-damage save).
pub fn take(c: &mut Creature, t: &Tables, row: u8) {
    let s = t.scar(row);
    c.scars.push(s.id.clone());
    c.conditions.deprived |= s.deprived;
    if s.doomed {
        c.conditions.doomed = true;
    } else {
        c.pending_scars.push(PendingScar {
            row,
            id: s.id.clone(),
        });
    }
}

/// The players confirm the first waiting Scar: its detail and follow-up rolls are made and
/// applied.
pub fn confirm(g: &mut Campaign, t: &Tables, id: &str) -> Result<(), Refusal> {
    let c = g.living(id)?;
    let Some(p) = c.pending_scars.first().cloned() else {
        return refuse(why!(
            "no-scar-waiting",
            "{name} has no Scar waiting for its roll",
            name = c.name
        ));
    };
    let row = t.scar(p.row).clone();
    let mut ability = None;
    if let Some(d) = &row.detail {
        let r = g.roll_quiet(&d.die.name());
        let face = r.total as u8;
        let hit = d.results.iter().find(|x| (x.from..=x.to).contains(&face));
        ability = hit.and_then(|x| x.ability);
        let text = hit.map(|x| x.text.clone()).unwrap_or_default();
        g.log(Some(id), &format!("{}: which", row.name), r, text);
    }
    let c = g.get_mut(id)?;
    c.pending_scars.remove(0);
    if row.deprived {
        // The row's moment (rest, recovery) has come: the deprivation it caused ends.
        c.conditions.deprived = false;
    }
    follow_up(g, id, &row.name, &row.follow_up, ability)
}

/// Doomed, and the next critical-damage save passed: its roll on max HP.
pub fn doomed_passed(g: &mut Campaign, t: &Tables, id: &str) -> Result<(), Refusal> {
    let row = t.scar(12).clone();
    follow_up(g, id, &row.name, &row.follow_up, None)
}

fn follow_up(
    g: &mut Campaign,
    id: &str,
    name: &str,
    f: &FollowUp,
    picked: Option<Ability>,
) -> Result<(), Refusal> {
    let what = format!("{name}: follow-up");
    if let FollowUp::SaveRaisesMax {
        save,
        dice,
        ability,
    } = f
    {
        if !g.save(id, *save, &format!("{name}: {} save", save.name()))? {
            return Ok(());
        }
        let r = g.roll(Some(id), &what, dice).total.max(0) as u8;
        let s = g.get_mut(id)?.score_mut(*ability);
        s.max = (s.max + r).min(MAX_ABILITY);
        s.current = (s.current + r).min(s.max);
        return Ok(());
    }
    let r = g.roll(Some(id), &what, f.dice()).total.max(0) as u8;
    let c = g.get_mut(id)?;
    match f {
        FollowUp::MaxHpIfHigher { .. } => {
            if r > c.hp.max {
                c.hp.max = r.min(MAX_HP);
            }
        }
        FollowUp::AddMaxHp { .. } => c.hp.max = (c.hp.max + r).min(MAX_HP),
        FollowUp::SetMaxHp { .. } => {
            c.hp.max = r.min(MAX_HP);
            c.hp.current = c.hp.current.min(c.hp.max);
        }
        FollowUp::AbilityIfHigher { .. } => {
            let a = picked.unwrap_or(Ability::Str);
            let s = c.score_mut(a);
            if r > s.current {
                s.current = r.min(MAX_ABILITY);
                s.max = s.max.max(s.current);
            }
        }
        FollowUp::MaxAbilityIfHigher { ability, .. } => {
            let s = c.score_mut(*ability);
            if r > s.max {
                s.max = r.min(MAX_ABILITY);
            }
        }
        FollowUp::SaveRaisesMax { .. } => unreachable!("handled above"),
    }
    Ok(())
}
