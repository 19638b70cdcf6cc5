//! Fighting Enemies and Named Enemies (Brutes, the Stone of Chance, Fore Deck / Mid Deck /
//! Native Village / Native Fort / Plains).

use super::*;
use crate::dice::Stone;
use crate::map::Map;
use crate::pack::{ActionId, Pack, Scenario};

impl Game {
    pub(crate) fn fight(
        &mut self,
        pack: &Pack,
        map: &Map,
        here: &str,
        target: &str,
    ) -> Result<(), Refusal> {
        let la = self.scenario == Scenario::LostAllies;
        let at = self.enemy_at(target)?;
        let h = Self::loc(map, here);
        let t = Self::loc(map, &at);
        let in_reach = if la {
            at == here
        } else {
            map.walk_neighbours(h).contains(&t)
                || (at == here && self.controlled("native-fort"))
                || (self.controlled("plains") && map.board_of(t) == map.board_of(h) && at != here)
        };
        if !in_reach {
            return refuse(if la {
                why!(
                    "target-not-here",
                    "{target} is not in your Location",
                    target = target
                )
            } else {
                why!(
                    "target-not-adjacent",
                    "{target} is not in an adjacent Location",
                    target = target
                )
            });
        }
        let named = self.table.named_enemies.iter().any(|n| n.id == target);
        if named && self.table.enemies.iter().any(|e| e.at == at) {
            return refuse(why!(
                "named-fought-alone",
                "a Named Enemy is fought only when no other Enemies share its Location"
            ));
        }
        self.spend(ActionId::Fight, 1)?;
        // Fore Deck, Mid Deck, Native Village (RB 478, 482, 491): no "here" in their words, so
        // benefits of control for the whole team.
        let bonus = u8::from(la && self.controlled("fore-deck"));
        let wounds = 1 + bonus;
        if named {
            let stone = Stone::FACES[self.rng.below(6) as usize];
            self.fight_rolls.push(stone);
            let lucky = match self.scenario {
                Scenario::LostAllies => self.controlled("mid-deck"),
                Scenario::Pirates => self.controlled("native-village"),
            };
            let hit = stone.wounds_named_enemy()
                || (lucky && matches!(stone, Stone::Move | Stone::CourageScare));
            if hit {
                for _ in 0..wounds {
                    self.wound_named(pack, target);
                }
            }
            return Ok(());
        }
        let kind = self
            .table
            .enemies
            .iter()
            .find(|e| e.id == target)
            .map(|e| e.kind.clone())
            .expect("found above");
        if kind == "brute" {
            let k = match self.turn.brute_wounds.iter().position(|(b, _)| b == target) {
                Some(k) => k,
                None => {
                    self.turn.brute_wounds.push((target.to_owned(), 0));
                    self.turn.brute_wounds.len() - 1
                }
            };
            self.turn.brute_wounds[k].1 += wounds;
            if self.turn.brute_wounds[k].1 < 2 {
                return Ok(());
            }
        }
        self.table.enemies.retain(|e| e.id != target);
        Ok(())
    }

    pub(crate) fn wound_named(&mut self, pack: &Pack, id: &str) {
        let slots = pack.named(id).map(|s| s.wound_slots).unwrap_or(1);
        let Some(k) = self.table.named_enemies.iter().position(|n| n.id == id) else {
            return;
        };
        if self.table.named_enemies[k].wounds < slots {
            self.table.named_enemies[k].wounds += 1;
        } else {
            self.table.named_enemies.remove(k);
            self.named_defeated.push(id.to_owned());
        }
    }

    pub(crate) fn enemy_at(&self, id: &str) -> Result<String, Refusal> {
        self.table
            .enemies
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.at.clone())
            .or_else(|| {
                self.table
                    .named_enemies
                    .iter()
                    .find(|n| n.id == id)
                    .map(|n| n.at.clone())
            })
            .ok_or_else(|| {
                why!(
                    "no-such-enemy",
                    "there is no Enemy {id:?} on the board",
                    id = id
                )
            })
    }
}
