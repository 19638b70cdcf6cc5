//! Explore and Peter Pan's Uncover Hook: the circles drawn on the board, the referee's call (the
//! left neighbour's sleeve answers with booleans only), and what a found Child or a Hook mark does.

use super::{Drawn, Game, Outcome, Phase, Refusal, Verdict, Xy, refuse, why};
use crate::check::{Kind, Situation};
use crate::geometry::Point;

impl Game {
    /// The active player explores with these Exploration Circles.
    pub(super) fn explore(
        &mut self,
        circles: &[Xy],
        active: usize,
        moved: bool,
        camped: bool,
        explored: bool,
    ) -> Result<(), Refusal> {
        let magic = self.magic();
        if explored {
            return refuse(why!(
                "already-explored",
                "you have already explored (or uncovered Hook) this turn"
            ));
        }
        let most = self.players[active].hero.max_explore_circles(magic);
        if circles.is_empty() || circles.len() > most {
            return refuse(why!(
                "explore-circles",
                "an Explore draws 1 to {most} circles",
                most = most
            ));
        }
        let centres = circles
            .iter()
            .map(|c| self.within_template(active, *c))
            .collect::<Result<Vec<_>, _>>()?;
        let (hook, child) = self.referee(active, Kind::Explore, &centres);
        // "The game ends immediately" (RB End of the Game): when this Explore marks the
        // last Hook space, the neighbour never says whether the Child was found, so
        // nothing about the cross is recorded.
        let ends = hook && self.hook_marks + 1 >= self.rules.hook_spaces;
        let child = child && !ends;
        self.phase = Phase::Act {
            active,
            moved,
            camped,
            explored: true,
        };
        for c in &centres {
            self.draw_circle(active, *c, false);
        }
        self.verdicts.push(Verdict::Explore {
            round: self.round,
            player: active,
            hook_encountered: hook,
            child_found: child,
        });
        if hook {
            self.mark_hook();
            if self.is_over().is_some() {
                return Ok(());
            }
        }
        if child {
            self.lost_children += 1;
            let pl = &mut self.players[active];
            pl.circles.clear();
            let cleared: Vec<usize> = pl.gauge.drain(..).map(|g| g.0).collect();
            self.discard.extend(cleared);
            let left = self.left_of(active);
            self.players[left].sleeve = None;
            if self.lost_children >= self.rules.lost_child_spaces {
                self.phase = Phase::Ended {
                    outcome: Outcome::Won,
                };
            }
        }
        Ok(())
    }

    /// Peter Pan's Uncover Hook.
    pub(super) fn uncover(
        &mut self,
        centre: Xy,
        active: usize,
        moved: bool,
        camped: bool,
        explored: bool,
    ) -> Result<(), Refusal> {
        let magic = self.magic();
        if !self.players[active].hero.may_uncover(magic) {
            return refuse(why!(
                "uncover-peter-only",
                "only Peter Pan uncovers Hook, and not under The Magic Powder"
            ));
        }
        if explored {
            return refuse(why!(
                "already-explored",
                "you have already explored (or uncovered Hook) this turn"
            ));
        }
        let c = self.within_template(active, centre)?;
        let (hook, _) = self.referee(active, Kind::Uncover, &[c]);
        self.draw_circle(active, c, true);
        self.verdicts.push(Verdict::Uncover {
            round: self.round,
            player: active,
            hook_present: hook,
        });
        self.phase = Phase::Act {
            active,
            moved,
            camped,
            explored: true,
        };
        Ok(())
    }

    /// An Exploration Circle (or Peter Pan's dotted one) drawn on the board in a player's colour.
    fn draw_circle(&mut self, player: usize, c: Point, dotted: bool) {
        let r = self.rules.explore_radius;
        self.players[player].circles.push(Drawn {
            x: c.x,
            y: c.y,
            r,
            dotted,
        });
    }

    /// Asks the active player's left neighbour's sleeve. Only booleans come out.
    fn referee(&self, active: usize, kind: Kind, centres: &[Point]) -> (bool, bool) {
        let left = self.left_of(active);
        let Some(sleeve) = &self.players[left].sleeve else {
            return (false, false);
        };
        let (cross, hooks, dark) = &sleeve.situation_parts;
        let s = Situation {
            within: self.within,
            explore_radius: self.rules.explore_radius,
            camp_radius: self.rules.camp_radius,
            cross: *cross,
            hooks: hooks.clone(),
            dark_areas: dark.clone(),
            camps: self.camps.clone(),
            kind,
            circles: centres.to_vec(),
        };
        match s.verdict() {
            crate::check::Verdict::Explore {
                hook_encountered,
                child_found,
            } => (hook_encountered, child_found),
            crate::check::Verdict::Uncover { hook_present } => (hook_present, false),
        }
    }
}
