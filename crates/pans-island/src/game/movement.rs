//! Moving a Hero along a drawn path with the movement template (Tinker Bell's bonus, and
//! anywhere on the board under The Magic Powder), and the template's inner perimeter that Camps,
//! Explores and Uncover Hook keep the Hero within.

use super::{Game, Phase, Refusal, Xy, refuse, why};
use crate::geometry::{Point, path_length};
use crate::heroes::Hero;

impl Game {
    /// The active player moves along the drawn path (the points after the Hero's position).
    pub(super) fn move_hero(
        &mut self,
        path: &[Xy],
        active: usize,
        moved: bool,
        camped: bool,
        explored: bool,
    ) -> Result<(), Refusal> {
        if moved {
            return refuse(why!("already-moved", "you have already moved this turn"));
        }
        let to = self.check_move(active, path)?;
        self.players[active].at = to;
        self.phase = Phase::Act {
            active,
            moved: true,
            camped,
            explored,
        };
        Ok(())
    }

    /// The template centred at `c` must keep the Hero within its inner perimeter.
    pub(super) fn within_template(&self, active: usize, c: Xy) -> Result<Point, Refusal> {
        let c: Point = c.into();
        if !c.x.is_finite() || !c.y.is_finite() {
            return refuse(why!("not-a-position", "that is not a position"));
        }
        if c.dist(self.players[active].at) > self.rules.explore_radius + 1e-9 {
            return refuse(why!(
                "outside-template",
                "the Hero must stay inside the template's inner perimeter"
            ));
        }
        Ok(c)
    }

    fn check_move(&self, active: usize, path: &[Xy]) -> Result<Point, Refusal> {
        let Some(last) = path.last() else {
            return refuse(why!("move-needs-end", "a move needs at least an end point"));
        };
        let pts: Vec<Point> = std::iter::once(self.players[active].at)
            .chain(path.iter().map(|p| Point::from(*p)))
            .collect();
        if pts.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
            return refuse(why!("not-a-position", "that is not a position"));
        }
        let end: Point = (*last).into();
        let hero = self.players[active].hero;
        if hero == Hero::TinkerBell && self.magic() {
            // Enhanced Tinker Bell: "anywhere on the board", no template and no path
            // (RB Tinker Bell, special ability).
            if !self.board.on_board(end) {
                return refuse(why!("stop-on-board", "the Hero must stop on the board"));
            }
            return Ok(end);
        }
        let mut limit = self.rules.movement;
        if hero == Hero::TinkerBell {
            limit += self.rules.tinker_bell_bonus;
        }
        let len = path_length(&pts);
        if len > limit + 1e-9 {
            return refuse(why!(
                "path-too-long",
                "that path is {len} mm; the template allows {limit} mm",
                len = format!("{len:.0}"),
                limit = format!("{limit:.0}")
            ));
        }
        if !pts
            .windows(2)
            .all(|w| self.board.segment_accessible(w[0], w[1]))
        {
            return refuse(why!(
                "path-leaves-blue",
                "the path leaves the blue part of the board"
            ));
        }
        Ok(end)
    }
}
