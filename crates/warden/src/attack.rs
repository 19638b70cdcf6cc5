//! Attacks, damage, critical damage and Scars: the one place these rules live. The campaign's
//! attack command rolls the dice and calls [`resolve`]; the command line's contract passes the
//! faces it was given to the same function.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::creature::Kind;
use crate::dice::Die;

/// How an attack is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, TS)]
#[ts(rename = "WardenMode")]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    #[default]
    Normal,
    /// From weakness: one d4 whatever the weapon.
    Impaired,
    /// From advantage: one d12 instead of the weapon.
    Enhanced,
}

/// One attacker's part in an attack on one target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swing {
    /// The weapon's damage dice: one, two for dual weapons, `[d4]` unarmed.
    pub dice: Vec<Die>,
    #[serde(default)]
    pub mode: Mode,
    #[serde(default)]
    pub blast: bool,
}

/// The dice actually rolled for a swing against a target of this kind.
pub fn dice_rolled(swing: &Swing, target: Kind) -> Vec<Die> {
    let mode = if target == Kind::Detachment && !swing.blast {
        // "Attacks against detachments by individuals are impaired (excluding blast damage)."
        Mode::Impaired
    } else {
        swing.mode
    };
    match mode {
        Mode::Normal => swing.dice.clone(),
        Mode::Impaired => vec![Die::D4],
        Mode::Enhanced => vec![Die::D12],
    }
}

/// What the target is before the hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub kind: Kind,
    pub hp: u8,
    pub str: u8,
    pub armor: u8,
}

/// What one hit did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// The single highest face of all attackers.
    pub kept: u8,
    /// Damage after Armor.
    pub damage: u8,
    pub hp: u8,
    pub str: u8,
    /// A STR save against critical damage is called.
    pub critical_save: bool,
    /// Scars table row (1 to 12) when a PC's HP fell to exactly 0.
    pub scar_row: Option<u8>,
    /// STR reached 0: dead (a detachment: destroyed).
    pub dead: bool,
}

/// Resolves one hit from each attacker's faces (every face of every attacker; the highest of
/// all is kept). Faces must already be valid for their dice.
pub fn resolve(target: Target, faces: &[u8]) -> Hit {
    let kept = faces.iter().copied().max().unwrap_or(0);
    let damage = kept.saturating_sub(target.armor);
    let (hp, str, overflow) = if damage <= target.hp {
        (target.hp - damage, target.str, 0)
    } else {
        let rest = damage - target.hp;
        (0, target.str.saturating_sub(rest), rest)
    };
    let dead = overflow > 0 && str == 0;
    let critical_save = overflow > 0 && !dead;
    // "reduces their HP to exactly 0": this hit took HP from above 0 to 0 with nothing left over.
    let scar_row = (target.kind == Kind::Pc && damage > 0 && damage == target.hp).then_some(damage);
    Hit {
        kept,
        damage,
        hp,
        str,
        critical_save,
        scar_row,
        dead,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pc(hp: u8, str: u8, armor: u8) -> Target {
        Target {
            kind: Kind::Pc,
            hp,
            str,
            armor,
        }
    }

    #[test]
    fn exactly_zero_scars_below_zero_does_not() {
        let h = resolve(pc(5, 10, 1), &[6]);
        assert_eq!((h.hp, h.scar_row, h.critical_save), (0, Some(5), false));
        let h = resolve(pc(5, 10, 1), &[7]);
        assert_eq!(
            (h.hp, h.str, h.scar_row, h.critical_save),
            (0, 9, None, true)
        );
    }

    #[test]
    fn armor_never_heals() {
        let h = resolve(pc(5, 10, 3), &[2]);
        assert_eq!((h.damage, h.hp, h.scar_row), (0, 5, None));
    }

    #[test]
    fn str_reaching_zero_kills_without_a_save() {
        let h = resolve(pc(2, 3, 0), &[5]);
        assert_eq!((h.str, h.dead, h.critical_save), (0, true, false));
    }

    #[test]
    fn individuals_against_a_detachment_roll_a_d4_unless_blast() {
        let s = Swing {
            dice: vec![Die::D10],
            mode: Mode::Enhanced,
            blast: false,
        };
        assert_eq!(dice_rolled(&s, Kind::Detachment), vec![Die::D4]);
        let b = Swing { blast: true, ..s };
        assert_eq!(dice_rolled(&b, Kind::Detachment), vec![Die::D12]);
    }
}
