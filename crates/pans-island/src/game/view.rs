//! What the screens may show: the public view every player sees, and the holder's view (hand,
//! mini-card, the sleeve they hold). No sleeve content leaves the engine any other way.

use serde::Serialize;
use ts_rs::TS;

use super::{Drawn, Game, GaugeCard, Phase, Ring, SleeveInput, Verdict, Xy, pile_index};
use crate::board::Board;
use crate::check::Within;
use crate::content::{Back, Pile};
use crate::geometry::Point;
use crate::heroes::Hero;

/// Everything any player may see.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PublicView {
    pub round: u32,
    pub first_player: usize,
    pub phase: Phase,
    pub lost_children: u8,
    pub lost_child_spaces: u8,
    pub hook_marks: u8,
    pub hook_spaces: u8,
    pub camps: Vec<Xy>,
    pub camp_spaces_left: u8,
    pub piles: Vec<PileView>,
    /// The discard pile, top last (face up: Tiger Lily picks from it).
    pub discard: Vec<GaugeCard>,
    pub players: Vec<PlayerPublic>,
    pub verdicts: Vec<Verdict>,
    pub magic_powder: bool,
    /// The reading of "within the circle" this game is played with.
    pub within: Within,
    /// The special Camp space (Peter Pan under The Magic Powder) is still unchecked.
    pub special_camp_left: bool,
    /// The radii and the template length the table plays with (after the Events): the
    /// screen's preview circles and reach use them.
    pub explore_radius: f64,
    pub camp_radius: f64,
    pub movement: f64,
    pub tinker_bell_bonus: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PileView {
    pub pile: Pile,
    pub remaining: usize,
    /// The back of the top card, None when the pile is empty.
    pub top_back: Option<Back>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PlayerPublic {
    pub hero: Hero,
    pub at: Xy,
    pub hand_size: usize,
    pub gauge: Vec<GaugeCard>,
    pub danger: f64,
    pub circles: Vec<Drawn>,
    pub has_sleeve: bool,
    pub drawn: u8,
    pub played: u8,
    /// This player has drawn and played their Visions for the round.
    pub visions_done: bool,
    /// Tiger Lily may still take this many Visions from the discard this round.
    pub discard_picks: u8,
}

/// What one player sees besides the public view: their hand and the sleeve they hold (it tells
/// them where Hook is for the player on their right).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HolderView {
    pub player: usize,
    pub hand: Vec<GaugeCard>,
    pub mini_card: u8,
    pub sleeve: Option<SleeveInput>,
}

impl Game {
    fn card_view(&self, c: usize, at: f64) -> GaugeCard {
        let card = &self.cards[c];
        GaugeCard {
            card: card.id.clone(),
            pile: card.pile,
            face: card.face.clone(),
            at,
        }
    }

    /// What every screen may show. Contains no sleeve content and no hand.
    pub fn public_view(&self) -> PublicView {
        PublicView {
            round: self.round,
            first_player: self.first_player,
            phase: self.phase,
            lost_children: self.lost_children,
            lost_child_spaces: self.rules.lost_child_spaces,
            hook_marks: self.hook_marks,
            hook_spaces: self.rules.hook_spaces,
            camps: self.camps.iter().map(|c| Xy { x: c.x, y: c.y }).collect(),
            camp_spaces_left: self.camp_spaces_left(),
            piles: [Pile::Distance, Pile::Direction]
                .into_iter()
                .map(|pile| {
                    let v = &self.piles[pile_index(pile)];
                    PileView {
                        pile,
                        remaining: v.len(),
                        top_back: v.last().map(|&c| self.cards[c].back),
                    }
                })
                .collect(),
            discard: self
                .discard
                .iter()
                .map(|&c| self.card_view(c, 0.0))
                .collect(),
            players: self
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerPublic {
                    hero: p.hero,
                    at: Xy {
                        x: p.at.x,
                        y: p.at.y,
                    },
                    hand_size: p.hand.len(),
                    gauge: p
                        .gauge
                        .iter()
                        .map(|&(c, at)| self.card_view(c, at))
                        .collect(),
                    danger: p.danger,
                    circles: p.circles.clone(),
                    has_sleeve: p.sleeve.is_some(),
                    drawn: p.drawn,
                    played: p.played,
                    visions_done: self.visions_done(i),
                    discard_picks: self.discard_picks_left(i),
                })
                .collect(),
            verdicts: self.verdicts.clone(),
            magic_powder: self.magic(),
            within: self.within,
            special_camp_left: self
                .players
                .iter()
                .any(|p| p.hero.may_use_extra_camp(self.magic()))
                && self.extra_camps_used < self.rules.peter_extra_camp_spaces,
            explore_radius: self.rules.explore_radius,
            camp_radius: self.rules.camp_radius,
            movement: self.rules.movement,
            tinker_bell_bonus: self.rules.tinker_bell_bonus,
        }
    }

    /// What player `p` alone sees: their hand, their mini-card, the sleeve they hold.
    pub fn holder_view(&self, p: usize) -> Option<HolderView> {
        let pl = self.players.get(p)?;
        Some(HolderView {
            player: p,
            hand: pl.hand.iter().map(|&c| self.card_view(c, 0.0)).collect(),
            mini_card: pl.mini_card,
            sleeve: pl.sleeve.as_ref().map(|s| {
                let (cross, hooks, dark) = &s.situation_parts;
                SleeveInput {
                    cross: cross
                        .map(|c| Xy { x: c.x, y: c.y })
                        .unwrap_or(Xy { x: 0.0, y: 0.0 }),
                    hooks: hooks
                        .iter()
                        .map(|h| Ring {
                            x: h.c.x,
                            y: h.c.y,
                            r: h.r,
                        })
                        .collect(),
                    dark_areas: dark
                        .iter()
                        .map(|d| d.0.iter().map(|p| [p.x, p.y]).collect())
                        .collect(),
                }
            }),
        })
    }

    /// The hand of a player as card ids (for bots and tests that play legally).
    pub fn hand_ids(&self, p: usize) -> Vec<String> {
        self.players[p]
            .hand
            .iter()
            .map(|&c| self.cards[c].id.clone())
            .collect()
    }

    pub fn hero_at(&self, p: usize) -> Point {
        self.players[p].at
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Total cards: piles + discard + hands + gauges (never changes).
    pub fn card_count(&self) -> usize {
        self.piles.iter().map(Vec::len).sum::<usize>()
            + self.discard.len()
            + self
                .players
                .iter()
                .map(|p| p.hand.len() + p.gauge.len())
                .sum::<usize>()
    }

    pub fn sleeves_left(&self) -> u8 {
        self.sleeves_left
    }
}
