//! Receive the Visions (all players at once): A draw 2 (Tiger Lily may take from the discard),
//! B remove Visions from the right neighbour's gauge (Wendy may reposition them), C play 2, and
//! the Danger marker; then the first player starts acting on the Island.

use super::{Game, Phase, Refusal, Target, pile_index, refuse, why};
use crate::content::Pile;
use crate::heroes::Reposition;

impl Game {
    pub fn visions_done(&self, p: usize) -> bool {
        let pl = &self.players[p];
        (pl.drawn >= 2 || self.both_piles_empty() && self.discard_picks_left(p) == 0)
            && (pl.played >= 2 || pl.hand.is_empty())
    }

    /// Step A (draw 2) is over for player p: drawn both, or nothing left to draw or pick.
    pub(super) fn drawing_done(&self, p: usize) -> bool {
        self.players[p].drawn >= 2 || self.both_piles_empty() && self.discard_picks_left(p) == 0
    }

    /// Step B comes after step A (RB "in the order indicated").
    pub(super) fn step_b_allowed(&self, p: usize) -> Result<(), Refusal> {
        if self.visions_in_order && !self.drawing_done(p) {
            return refuse(why!(
                "draw-before-removing",
                "draw your 2 Vision cards first (step A comes before step B)"
            ));
        }
        Ok(())
    }

    pub(super) fn discard_picks_left(&self, p: usize) -> u8 {
        let pl = &self.players[p];
        if pl.drawn >= 2 || self.discard.is_empty() {
            0
        } else {
            pl.hero
                .discard_picks(self.magic())
                .saturating_sub(pl.picked)
        }
    }

    /// A: draw one card from a pile.
    pub(super) fn draw(&mut self, player: usize, pile: Pile) -> Result<(), Refusal> {
        let p = player;
        self.player(p)?;
        if self.players[p].drawn >= 2 {
            return refuse(why!(
                "drawn-two",
                "you have drawn your 2 Vision cards this round"
            ));
        }
        let pi = pile_index(pile);
        if self.piles[pi].is_empty() {
            return refuse(if self.both_piles_empty() {
                why!("piles-empty", "both Vision piles are empty")
            } else {
                why!("pile-empty", "that pile is empty: draw from the other")
            });
        }
        // A Hook symbol marks a Hook space and is discarded; the player then draws again
        // from the pile of their choice, so that card does not count as one of the 2.
        if let Some(c) = self.turn_up(pi) {
            self.players[p].hand.push(c);
            self.players[p].drawn += 1;
        }
        Ok(())
    }

    /// Tiger Lily takes a card from the discard instead of drawing it.
    pub(super) fn take_from_discard(&mut self, player: usize, card: &str) -> Result<(), Refusal> {
        let p = player;
        self.player(p)?;
        if self.discard_picks_left(p) == 0 {
            return refuse(why!(
                "discard-tiger-lily-only",
                "only Tiger Lily takes from the discard, once (twice with The Magic Powder), instead of drawing"
            ));
        }
        let c = self.card_named(card)?;
        let Some(i) = self.discard.iter().position(|&d| d == c) else {
            return refuse(why!("not-in-discard", "that card is not in the discard"));
        };
        self.discard.remove(i);
        let pl = &mut self.players[p];
        pl.hand.push(c);
        pl.drawn += 1;
        pl.picked += 1;
        Ok(())
    }

    /// B: remove a Vision from the right neighbour's gauge (from round 2).
    pub(super) fn remove_from_neighbour(
        &mut self,
        player: usize,
        card: &str,
    ) -> Result<(), Refusal> {
        let p = player;
        self.player(p)?;
        if self.round < 2 {
            return refuse(why!(
                "boards-empty-first-round",
                "the Hero boards are empty in the first round"
            ));
        }
        self.step_b_allowed(p)?;
        if self.players[p].played > 0 {
            return refuse(why!(
                "remove-before-playing",
                "remove cards before playing your own"
            ));
        }
        let c = self.card_named(card)?;
        let r = self.right_of(p);
        let Some(i) = self.players[r].gauge.iter().position(|g| g.0 == c) else {
            return refuse(why!(
                "not-on-neighbour-gauge",
                "that card is not on your right neighbour's gauge"
            ));
        };
        self.players[r].gauge.remove(i);
        self.discard.push(c);
        Ok(())
    }

    /// Wendy moves a Vision on the right neighbour's gauge.
    pub(super) fn reposition(&mut self, player: usize, card: &str, at: f64) -> Result<(), Refusal> {
        let magic = self.magic();
        let p = player;
        self.player(p)?;
        let Some(kind) = self.players[p].hero.repositions(magic) else {
            return refuse(why!(
                "reposition-wendy-only",
                "only Wendy repositions Visions"
            ));
        };
        if self.players[p].played > 0 {
            return refuse(why!(
                "reposition-before-playing",
                "reposition before playing your own cards"
            ));
        }
        self.step_b_allowed(p)?;
        let at = gauge_position(at)?;
        let c = self.card_named(card)?;
        if kind == Reposition::DirectionOnly && self.cards[c].pile != Pile::Direction {
            return refuse(why!(
                "reposition-direction-only",
                "without The Magic Powder Wendy moves only Direction Visions"
            ));
        }
        let r = self.right_of(p);
        let Some(g) = self.players[r].gauge.iter_mut().find(|g| g.0 == c) else {
            return refuse(why!(
                "not-on-neighbour-gauge",
                "that card is not on your right neighbour's gauge"
            ));
        };
        g.1 = at;
        Ok(())
    }

    /// C: play a card from hand onto the right neighbour's gauge or the discard.
    pub(super) fn play(
        &mut self,
        player: usize,
        card: &str,
        target: &Target,
    ) -> Result<(), Refusal> {
        let p = player;
        self.player(p)?;
        if !self.drawing_done(p) {
            return refuse(why!("draw-first", "draw your 2 Vision cards first"));
        }
        if self.players[p].played >= 2 {
            return refuse(why!(
                "played-two",
                "you have played your 2 Vision cards this round"
            ));
        }
        let c = self.card_named(card)?;
        let Some(i) = self.players[p].hand.iter().position(|&h| h == c) else {
            return refuse(why!("not-in-hand", "that card is not in your hand"));
        };
        let r = self.right_of(p);
        if self.players[p].played == 0 && self.players[r].gauge.len() > 2 {
            return refuse(why!(
                "neighbour-board-full",
                "at most 2 Visions may stay on your neighbour's board: remove some first"
            ));
        }
        match target {
            Target::Gauge { at } => {
                let at = gauge_position(*at)?;
                self.players[r].gauge.push((c, at));
            }
            Target::Discard => self.discard.push(c),
        }
        self.players[p].hand.remove(i);
        self.players[p].played += 1;
        Ok(())
    }

    /// The Danger marker on the right neighbour's gauge.
    pub(super) fn danger(&mut self, player: usize, level: f64) -> Result<(), Refusal> {
        let p = player;
        self.player(p)?;
        let level = gauge_position(level)?;
        let r = self.right_of(p);
        self.players[r].danger = level;
        Ok(())
    }

    /// Everyone has received their Visions: the first player acts.
    pub(super) fn start_acting(&mut self) -> Result<(), Refusal> {
        if let Some(p) = (0..self.players.len()).find(|&p| !self.visions_done(p)) {
            return refuse(why!(
                "visions-unfinished",
                "{hero} has not finished receiving the Visions",
                hero = self.players[p].hero.id()
            ));
        }
        self.phase = Phase::Act {
            active: self.first_player,
            moved: false,
            camped: false,
            explored: false,
        };
        Ok(())
    }
}

pub(super) fn gauge_position(at: f64) -> Result<f64, Refusal> {
    if at.is_finite() && (0.0..=1.0).contains(&at) {
        Ok(at)
    } else {
        refuse(why!(
            "gauge-position",
            "a position on a gauge runs from 0 to 1"
        ))
    }
}
