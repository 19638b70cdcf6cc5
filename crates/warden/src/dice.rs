//! Dice and dice notation. Every roll comes from the campaign's `Chance` stream.
//!
//! Notation: terms joined by `+` or `-`. A term is a whole number, `NdS` (N dice of S sides, N
//! defaults to 1), `NdSkhK` (keep the K highest of them) or `max(NdS, NdS, …)` (roll every die
//! listed and keep the single highest face, the rule for several attackers and dual weapons).
//! Sides are 4, 6, 8, 10, 12 or 20.

use neverland_chance::Chance;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The dice of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(rename = "WardenDie")]
#[serde(rename_all = "lowercase")]
pub enum Die {
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
}

impl Die {
    pub const ALL: [Die; 6] = [Die::D4, Die::D6, Die::D8, Die::D10, Die::D12, Die::D20];

    pub fn sides(self) -> u8 {
        match self {
            Die::D4 => 4,
            Die::D6 => 6,
            Die::D8 => 8,
            Die::D10 => 10,
            Die::D12 => 12,
            Die::D20 => 20,
        }
    }

    pub fn from_sides(sides: u32) -> Option<Die> {
        Die::ALL.into_iter().find(|d| d.sides() as u32 == sides)
    }

    /// `"d6"` → `Die::D6`.
    pub fn parse(text: &str) -> Option<Die> {
        let n = text.strip_prefix('d')?;
        if n.starts_with('0') || n.starts_with('+') {
            return None;
        }
        Die::from_sides(n.parse().ok()?)
    }

    pub fn name(self) -> String {
        format!("d{}", self.sides())
    }

    /// Whether `face` can come up on this die.
    pub fn holds(self, face: u32) -> bool {
        (1..=self.sides() as u32).contains(&face)
    }

    pub fn roll(self, chance: &mut Chance) -> u8 {
        chance.below(self.sides() as u32) as u8 + 1
    }
}

/// One term of a dice expression.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Term {
    Number(i32),
    /// `count` dice of one kind, keeping the `keep` highest (all when `keep == count`).
    Dice {
        count: u8,
        die: Die,
        keep: u8,
    },
    /// Several dice, the single highest kept.
    Max(Vec<Die>),
}

/// A parsed dice expression such as `2d6+1`, `3d6`, `2d20kh1` or `max(d6,d10)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    text: String,
    terms: Vec<(i32, Term)>,
}

/// One die of a roll: which die, the face and whether it counted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenFace")]
pub struct Face {
    pub die: Die,
    pub face: u8,
    pub kept: bool,
}

/// The result of rolling an expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "WardenRoll")]
pub struct Roll {
    pub expression: String,
    pub faces: Vec<Face>,
    pub modifier: i32,
    pub total: i32,
}

const MAX_DICE: u32 = 50;

impl Expr {
    /// Parses dice notation; the error says what is wrong in the player's words.
    pub fn parse(text: &str) -> Result<Expr, String> {
        let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let clean = clean.to_lowercase();
        if clean.is_empty() {
            return Err("the dice expression is empty".into());
        }
        let mut terms = Vec::new();
        let mut rest = clean.as_str();
        let mut sign = 1;
        let mut dice_count = 0u32;
        loop {
            let end = term_end(rest);
            let (term_text, after) = rest.split_at(end);
            let term = parse_term(term_text)?;
            dice_count += match &term {
                Term::Number(_) => 0,
                Term::Dice { count, .. } => *count as u32,
                Term::Max(d) => d.len() as u32,
            };
            terms.push((sign, term));
            if after.is_empty() {
                break;
            }
            sign = if after.starts_with('-') { -1 } else { 1 };
            rest = &after[1..];
            if rest.is_empty() {
                return Err(format!("{text:?} ends with a sign"));
            }
        }
        if dice_count > MAX_DICE {
            return Err(format!("at most {MAX_DICE} dice in one roll"));
        }
        Ok(Expr { text: clean, terms })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Rolls every die from the stream, in the order written.
    pub fn roll(&self, chance: &mut Chance) -> Roll {
        self.roll_with(&mut |d| d.roll(chance))
    }

    /// Rolls every die in the order written, each face from `draw`.
    pub fn roll_with(&self, draw: &mut dyn FnMut(Die) -> u8) -> Roll {
        let mut faces = Vec::new();
        let (mut total, mut modifier) = (0i32, 0i32);
        for (sign, term) in &self.terms {
            match term {
                Term::Number(n) => modifier += sign * n,
                Term::Dice { count, die, keep } => {
                    let rolled: Vec<u8> = (0..*count).map(|_| draw(*die)).collect();
                    let kept = keep_highest(&rolled, *keep as usize);
                    for (face, k) in rolled.iter().zip(kept) {
                        if k {
                            total += sign * *face as i32;
                        }
                        faces.push(Face {
                            die: *die,
                            face: *face,
                            kept: k,
                        });
                    }
                }
                Term::Max(dice) => {
                    let rolled: Vec<u8> = dice.iter().map(|d| draw(*d)).collect();
                    let kept = keep_highest(&rolled, 1);
                    for ((die, face), k) in dice.iter().zip(&rolled).zip(kept) {
                        if k {
                            total += sign * *face as i32;
                        }
                        faces.push(Face {
                            die: *die,
                            face: *face,
                            kept: k,
                        });
                    }
                }
            }
        }
        Roll {
            expression: self.text.clone(),
            faces,
            modifier,
            total: total + modifier,
        }
    }
}

/// Which of `faces` are kept when the `keep` highest count: the first of equal faces wins.
pub fn keep_highest(faces: &[u8], keep: usize) -> Vec<bool> {
    let mut order: Vec<usize> = (0..faces.len()).collect();
    order.sort_by(|a, b| faces[*b].cmp(&faces[*a]).then(a.cmp(b)));
    let mut kept = vec![false; faces.len()];
    for i in order.into_iter().take(keep) {
        kept[i] = true;
    }
    kept
}

fn term_end(s: &str) -> usize {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '+' | '-' if depth == 0 && i > 0 => return i,
            _ => {}
        }
    }
    s.len()
}

fn parse_term(t: &str) -> Result<Term, String> {
    if t.is_empty() {
        return Err("a term is missing between signs".into());
    }
    if let Some(inner) = t.strip_prefix("max(").and_then(|x| x.strip_suffix(')')) {
        let mut dice = Vec::new();
        for part in inner.split(',') {
            match parse_term(part)? {
                Term::Dice { count, die, keep } if keep == count => {
                    dice.extend(std::iter::repeat_n(die, count as usize))
                }
                _ => return Err(format!("max(…) takes dice such as d6 or 2d8, not {part:?}")),
            }
        }
        return Ok(Term::Max(dice));
    }
    if t.chars().all(|c| c.is_ascii_digit()) {
        let n: i32 = t.parse().map_err(|_| format!("{t:?} is too large"))?;
        if n > 1000 {
            return Err(format!("{t} is too large a number to add"));
        }
        return Ok(Term::Number(n));
    }
    let (count, rest) = t
        .split_once('d')
        .ok_or_else(|| format!("{t:?} is neither a number nor dice like 2d6"))?;
    let count: u32 = if count.is_empty() {
        1
    } else {
        count
            .parse()
            .map_err(|_| format!("{t:?}: the number of dice is not a whole number"))?
    };
    let (sides, keep) = match rest.split_once("kh") {
        Some((s, k)) => (s, Some(k)),
        None => (rest, None),
    };
    let sides: u32 = sides
        .parse()
        .map_err(|_| format!("{t:?}: the die's sides are not a whole number"))?;
    let die = Die::from_sides(sides).ok_or_else(|| {
        format!("{t:?}: there is no d{sides} (dice are d4, d6, d8, d10, d12, d20)")
    })?;
    if count == 0 || count > MAX_DICE {
        return Err(format!("{t:?}: roll 1 to {MAX_DICE} dice"));
    }
    let keep: u32 = match keep {
        None => count,
        Some(k) => k
            .parse()
            .map_err(|_| format!("{t:?}: keep-highest needs a whole number, like 2d20kh1"))?,
    };
    if keep == 0 || keep > count {
        return Err(format!("{t:?}: keep 1 to {count} of the dice"));
    }
    Ok(Term::Dice {
        count: count as u8,
        die,
        keep: keep as u8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_parses_and_refuses() {
        for ok in [
            "d20",
            "2d6",
            "3d6",
            "d4",
            "2d6+1",
            "2d20kh1",
            "max(d6,d10)",
            "1d8-1",
        ] {
            assert!(Expr::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "d7",
            "2d",
            "0d6",
            "2d6+",
            "d6kh2",
            "max(d6,3)",
            "xd6",
            "d3",
        ] {
            assert!(Expr::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn keep_highest_with_mixed_dice_keeps_one() {
        let e = Expr::parse("max(d6,d10,d4)").unwrap();
        let mut c = Chance::from_seed(5);
        for _ in 0..200 {
            let r = e.roll(&mut c);
            assert_eq!(r.faces.len(), 3);
            assert_eq!(r.faces.iter().filter(|f| f.kept).count(), 1);
            let top = r.faces.iter().map(|f| f.face).max().unwrap();
            assert_eq!(r.total, top as i32);
            assert!(r.faces.iter().all(|f| f.die.holds(f.face as u32)));
        }
    }

    #[test]
    fn first_of_equal_faces_is_kept() {
        assert_eq!(
            keep_highest(&[3, 5, 5, 1], 1),
            vec![false, true, false, false]
        );
        assert_eq!(
            keep_highest(&[3, 5, 5, 1], 2),
            vec![false, true, true, false]
        );
    }

    #[test]
    fn sums_and_modifiers() {
        let mut c = Chance::from_seed(7);
        let r = Expr::parse("2d6+1").unwrap().roll(&mut c);
        let sum: i32 = r.faces.iter().map(|f| f.face as i32).sum();
        assert_eq!(r.total, sum + 1);
        assert_eq!(r.modifier, 1);
    }
}
