//! The numbers a game runs by: the board's, changed by the Event cards in play.

use crate::board::Board;
use crate::content::{Effect, Event};

#[derive(Debug, Clone, PartialEq)]
pub struct Rules {
    pub explore_radius: f64,
    pub camp_radius: f64,
    pub movement: f64,
    pub tinker_bell_bonus: f64,
    pub lost_child_spaces: u8,
    pub hook_spaces: u8,
    pub camp_spaces: u8,
    pub peter_extra_camp_spaces: u8,
    pub magic_powder: bool,
    pub storm_hook_symbols_ignored: bool,
    pub hook_spaces_marked_at_start: u8,
}

fn add(v: u8, d: i8, min: u8) -> u8 {
    (v as i16 + d as i16).clamp(min as i16, u8::MAX as i16) as u8
}

impl Rules {
    /// The board's numbers with every Event's effect applied ("the effects of the cards take
    /// precedence over these game rules").
    pub fn new<'a>(board: &Board, events: impl IntoIterator<Item = &'a Event>) -> Rules {
        let mut r = Rules {
            explore_radius: board.explore_radius,
            camp_radius: board.camp_radius,
            movement: board.movement,
            tinker_bell_bonus: board.tinker_bell_bonus,
            lost_child_spaces: board.lost_child_spaces,
            hook_spaces: board.hook_spaces,
            camp_spaces: board.camp_spaces,
            peter_extra_camp_spaces: board.peter_extra_camp_spaces,
            magic_powder: false,
            storm_hook_symbols_ignored: false,
            hook_spaces_marked_at_start: 0,
        };
        for e in events {
            match &e.effect {
                Effect::EnhancedAbilities => r.magic_powder = true,
                Effect::MovementBonusMm { mm } => r.movement = (r.movement + mm).max(1.0),
                Effect::ExploreRadiusMm { mm } => {
                    r.explore_radius = (r.explore_radius + mm).max(1.0);
                }
                Effect::CampSpaces { delta } => r.camp_spaces = add(r.camp_spaces, *delta, 0),
                Effect::HookSpaces { delta } => r.hook_spaces = add(r.hook_spaces, *delta, 1),
                Effect::HookSpacesMarkedAtStart { count } => {
                    r.hook_spaces_marked_at_start =
                        r.hook_spaces_marked_at_start.saturating_add(*count)
                }
                Effect::StormHookSymbolsIgnored => r.storm_hook_symbols_ignored = true,
            }
        }
        // The outer perimeter stays outside the inner one.
        r.camp_radius = r.camp_radius.max(r.explore_radius);
        // A game never starts lost.
        r.hook_spaces_marked_at_start = r.hook_spaces_marked_at_start.min(r.hook_spaces - 1);
        r
    }
}
