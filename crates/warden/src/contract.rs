//! The interchange format of `../shared/spec/warden-attack.md` (neverland-warden-attack/1), save
//! and reaction: the dice faces are given, so the rules are checked without chance. Every error
//! names the field.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::attack::{Mode, Swing, Target, dice_rolled, resolve};
use crate::creature::{Kind, MAX_ABILITY, MAX_ARMOR};
use crate::dice::Die;
use crate::tables::{REACTION_IDS, SCAR_IDS};

pub const ATTACK_FORMAT: &str = "neverland-warden-attack/1";

/// Input that breaks the contract, naming the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub reason: String,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, FieldError> {
    Err(FieldError {
        field: field.into(),
        reason: reason.into(),
    })
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScarRef {
    pub row: u8,
    pub id: String,
}

/// The answer to an attack, exactly the contract's fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackAnswer {
    pub kept: u8,
    pub damage: u8,
    pub hp: u8,
    pub str: u8,
    pub critical_save: bool,
    pub scar: Option<ScarRef>,
    pub dead: bool,
}

fn field<'a>(obj: &'a Map<String, Value>, at: &str, name: &str) -> Result<&'a Value, FieldError> {
    obj.get(name).ok_or_else(|| FieldError {
        field: format!("{at}{name}"),
        reason: "missing".into(),
    })
}

fn whole(v: &Value, at: &str, low: u64, high: u64) -> Result<u8, FieldError> {
    match v.as_u64() {
        Some(n) if (low..=high).contains(&n) => Ok(n as u8),
        Some(n) => err(at, format!("{n} is outside {low} to {high}")),
        None if v.as_i64().is_some() => err(at, format!("{v} is negative")),
        None => err(at, format!("expected a whole number, found {v}")),
    }
}

fn object<'a>(v: &'a Value, at: &str) -> Result<&'a Map<String, Value>, FieldError> {
    v.as_object().ok_or_else(|| FieldError {
        field: at.into(),
        reason: "expected an object".into(),
    })
}

fn array<'a>(v: &'a Value, at: &str) -> Result<&'a Vec<Value>, FieldError> {
    v.as_array().ok_or_else(|| FieldError {
        field: at.into(),
        reason: "expected a list".into(),
    })
}

/// Damage dice a weapon may have (the d20 is for saves).
fn weapon_die(v: &Value, at: &str) -> Result<Die, FieldError> {
    match v.as_str().and_then(Die::parse) {
        Some(d) if d != Die::D20 => Ok(d),
        _ => err(
            at,
            format!("{v} is not a damage die (d4, d6, d8, d10 or d12)"),
        ),
    }
}

fn target(v: &Value) -> Result<Target, FieldError> {
    let t = object(v, "target")?;
    let kind = match field(t, "target.", "kind")?.as_str() {
        Some("pc") => Kind::Pc,
        Some("npc") => Kind::Npc,
        Some("detachment") => Kind::Detachment,
        _ => return err("target.kind", "expected \"pc\", \"npc\" or \"detachment\""),
    };
    let hp = whole(field(t, "target.", "hp")?, "target.hp", 0, 255)?;
    whole(field(t, "target.", "max_hp")?, "target.max_hp", 0, 255)?;
    let str = whole(
        field(t, "target.", "str")?,
        "target.str",
        0,
        MAX_ABILITY as u64,
    )?;
    let armor = whole(
        field(t, "target.", "armor")?,
        "target.armor",
        0,
        MAX_ARMOR as u64,
    )?;
    Ok(Target {
        kind,
        hp,
        str,
        armor,
    })
}

/// One attacker: its swing and the faces it rolled, checked against the dice it rolls.
fn attacker(v: &Value, i: usize, kind: Kind) -> Result<Vec<u8>, FieldError> {
    let at = format!("attackers[{i}].");
    let a = object(v, &format!("attackers[{i}]"))?;
    let dice_v = array(field(a, &at, "dice")?, &format!("{at}dice"))?;
    if dice_v.is_empty() {
        return err(format!("{at}dice"), "no damage die (unarmed is [\"d4\"])");
    }
    let dice = dice_v
        .iter()
        .enumerate()
        .map(|(j, d)| weapon_die(d, &format!("{at}dice[{j}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let mode = match field(a, &at, "mode")?.as_str() {
        Some("normal") => Mode::Normal,
        Some("impaired") => Mode::Impaired,
        Some("enhanced") => Mode::Enhanced,
        _ => {
            return err(
                format!("{at}mode"),
                "expected \"normal\", \"impaired\" or \"enhanced\"",
            );
        }
    };
    let blast = match a.get("blast") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return err(format!("{at}blast"), "expected true or false"),
    };
    let rolled = dice_rolled(&Swing { dice, mode, blast }, kind);
    let rolls = array(field(a, &at, "rolls")?, &format!("{at}rolls"))?;
    if rolls.len() != rolled.len() {
        let names: Vec<String> = rolled.iter().map(|d| d.name()).collect();
        return err(
            format!("{at}rolls"),
            format!(
                "{} face(s) given, but this attacker rolls {}",
                rolls.len(),
                names.join(" and ")
            ),
        );
    }
    rolls
        .iter()
        .zip(&rolled)
        .enumerate()
        .map(|(j, (r, die))| {
            let f = format!("{at}rolls[{j}]");
            let face = whole(r, &f, 1, die.sides() as u64).map_err(|e| FieldError {
                reason: format!("{} (a face of a {})", e.reason, die.name()),
                ..e
            })?;
            Ok(face)
        })
        .collect()
}

/// Parses and resolves one attack of the contract.
pub fn attack_json(text: &str) -> Result<AttackAnswer, FieldError> {
    let v: Value = serde_json::from_str(text).map_err(|e| FieldError {
        field: "(file)".into(),
        reason: format!("not JSON: {e}"),
    })?;
    let root = object(&v, "(file)")?;
    match field(root, "", "format")?.as_str() {
        Some(ATTACK_FORMAT) => {}
        _ => return err("format", format!("expected {ATTACK_FORMAT:?}")),
    }
    let target = target(field(root, "", "target")?)?;
    let list = array(field(root, "", "attackers")?, "attackers")?;
    if list.is_empty() {
        return err("attackers", "no attacker");
    }
    let mut faces = Vec::new();
    for (i, a) in list.iter().enumerate() {
        faces.extend(attacker(a, i, target.kind)?);
    }
    let hit = resolve(target, &faces);
    Ok(AttackAnswer {
        kept: hit.kept,
        damage: hit.damage,
        hp: hit.hp,
        str: hit.str,
        critical_save: hit.critical_save,
        scar: hit.scar_row.map(|row| ScarRef {
            row,
            id: SCAR_IDS[(row - 1) as usize].into(),
        }),
        dead: hit.dead,
    })
}

/// A save: a d20 face at or under the ability passes; 1 always passes, 20 always fails.
pub fn save_passes(ability: u8, face: u8) -> bool {
    face == 1 || (face != 20 && face <= ability)
}

/// Parses a whole number given on the command line for `field` within `low..=high`.
pub fn number_arg(text: &str, field: &str, low: i64, high: i64) -> Result<u8, FieldError> {
    match text.trim().parse::<i64>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n as u8),
        Ok(n) => err(field, format!("{n} is outside {low} to {high}")),
        Err(_) => err(field, format!("{text:?} is not a whole number")),
    }
}

/// The save's ability and face from the command line.
pub fn save_args(ability: &str, roll: &str) -> Result<(u8, u8), FieldError> {
    Ok((
        number_arg(ability, "--ability", 0, MAX_ABILITY as i64)?,
        number_arg(roll, "--roll", 1, 20)?,
    ))
}

/// `A,B`: two d6 faces → (total, reaction id).
pub fn reaction_rolls(text: &str) -> Result<(u8, &'static str), FieldError> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 2 {
        return err("--rolls", format!("two d6 faces such as 3,4, not {text:?}"));
    }
    let a = number_arg(parts[0], "--rolls", 1, 6)?;
    let b = number_arg(parts[1], "--rolls", 1, 6)?;
    Ok((a + b, reaction_id(a + b)))
}

/// The reaction for a 2d6 total (2 to 12).
pub fn reaction_id(total: u8) -> &'static str {
    REACTION_IDS
        .iter()
        .find(|(_, from, to)| (*from..=*to).contains(&total))
        .map(|r| r.0)
        .unwrap_or("hostile")
}
