//! Set Up Camp: the shared Camp spaces, and Peter Pan's special space under The Magic Powder.

use super::{Game, Phase, Refusal, Xy, refuse, why};

impl Game {
    pub(super) fn camp_spaces_left(&self) -> u8 {
        self.rules
            .camp_spaces
            .saturating_sub(self.regular_camps_used)
    }

    /// Peter Pan under The Magic Powder checks the special Camp space: an additional Camp that
    /// does not use up the turn's.
    pub(super) fn special_camp(&mut self, centre: Xy, active: usize) -> Result<(), Refusal> {
        let magic = self.magic();
        if !self.players[active].hero.may_use_extra_camp(magic) {
            return refuse(why!(
                "special-camp-peter-only",
                "only Peter Pan, with The Magic Powder, checks the special Camp space"
            ));
        }
        if self.extra_camps_used >= self.rules.peter_extra_camp_spaces {
            return refuse(why!(
                "special-camp-used",
                "the special Camp space is already checked"
            ));
        }
        let c = self.within_template(active, centre)?;
        // An additional Set Up Camp action (RB Peter Pan, special ability): it does
        // not use up the turn's Camp.
        self.extra_camps_used += 1;
        self.camps.push(c);
        Ok(())
    }

    /// The turn's Camp, on a shared space (or Peter Pan's special one once those are checked).
    pub(super) fn camp(
        &mut self,
        centre: Xy,
        active: usize,
        moved: bool,
        camped: bool,
        explored: bool,
    ) -> Result<(), Refusal> {
        let magic = self.magic();
        if camped {
            return refuse(why!(
                "already-camped",
                "you have already set up a Camp this turn"
            ));
        }
        let c = self.within_template(active, centre)?;
        let hero = self.players[active].hero;
        if self.camp_spaces_left() > 0 {
            self.regular_camps_used += 1;
        } else if hero.may_use_extra_camp(magic)
            && self.extra_camps_used < self.rules.peter_extra_camp_spaces
        {
            self.extra_camps_used += 1;
        } else {
            return refuse(why!("camps-full", "every Camp space is checked"));
        }
        self.camps.push(c);
        self.phase = Phase::Act {
            active,
            moved,
            camped: true,
            explored,
        };
        Ok(())
    }
}
