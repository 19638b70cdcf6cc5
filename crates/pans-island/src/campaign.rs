//! "More Adventures": the Event envelope carried from game to game. A campaign is a seed and the
//! ordered outcomes of its games; the envelope is derived by replay like everything else.

use neverland_chance::Chance;
use serde::Serialize;
use ts_rs::TS;

use crate::content::{EventKind, Events};
use crate::game::Outcome;

/// The rulebook's four special situations at the end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Special {
    /// Lost with every Positive Event in play: a Negative one in play is removed.
    LostWithAllPositiveRemoveNegative,
    /// Lost with every Positive Event in play and no Negative one: nothing changes.
    LostWithAllPositiveAndNoNegative,
    /// Won with every Negative Event in play: a Positive one in play is removed.
    WonWithAllNegativeRemovePositive,
    /// Won with every Negative Event in play and no Positive one: every Event goes back in the box.
    WonWithAllNegativeAndNoPositive,
}

/// What one finished game did to the envelope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct GameRecord {
    pub game: usize,
    pub outcome: Outcome,
    /// The Events that were in play during the game.
    pub played_with: Vec<String>,
    pub added: Option<String>,
    pub removed: Vec<String>,
    pub special: Option<Special>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Campaign {
    /// The Event envelope: what the next game plays with, in the order the cards went in.
    pub envelope: Vec<String>,
    pub history: Vec<GameRecord>,
    #[serde(skip)]
    rng_seed: u64,
}

impl Campaign {
    pub fn new(seed: u64) -> Campaign {
        Campaign {
            envelope: Vec::new(),
            history: Vec::new(),
            rng_seed: seed,
        }
    }

    /// Replays a campaign from its seed and the outcomes of its games.
    pub fn replay(events: &Events, seed: u64, outcomes: &[Outcome]) -> Campaign {
        let mut c = Campaign::new(seed);
        for o in outcomes {
            c.finish_game(events, *o);
        }
        c
    }

    fn kind_of<'a>(
        events: &'a Events,
        ids: &'a [String],
        kind: EventKind,
    ) -> impl Iterator<Item = &'a String> + 'a {
        ids.iter()
            .filter(move |id| events.get(id).is_some_and(|e| e.kind == kind))
    }

    /// Applies the end-of-game rules of More Adventures and returns what changed.
    pub fn finish_game(&mut self, events: &Events, outcome: Outcome) -> &GameRecord {
        // Each game draws from its own stream, so a record depends only on the seed and the
        // games before it.
        let mut rng = Chance::from_seed(
            self.rng_seed ^ (self.history.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let (wanted, other) = match outcome {
            Outcome::Won => (EventKind::Negative, EventKind::Positive),
            Outcome::Lost => (EventKind::Positive, EventKind::Negative),
        };
        let out_of_play: Vec<String> = events
            .events
            .iter()
            .filter(|e| e.kind == wanted && !self.envelope.contains(&e.id))
            .map(|e| e.id.clone())
            .collect();
        let others_in_play: Vec<String> = Campaign::kind_of(events, &self.envelope, other)
            .cloned()
            .collect();
        let mut record = GameRecord {
            game: self.history.len() + 1,
            outcome,
            played_with: self.envelope.clone(),
            added: None,
            removed: Vec::new(),
            special: None,
        };
        if let Some(add) = rng.pick(&out_of_play) {
            self.envelope.push(add.clone());
            record.added = Some(add.clone());
        } else if others_in_play.is_empty() {
            record.special = Some(match outcome {
                Outcome::Lost => Special::LostWithAllPositiveAndNoNegative,
                Outcome::Won => Special::WonWithAllNegativeAndNoPositive,
            });
            if outcome == Outcome::Won {
                record.removed = std::mem::take(&mut self.envelope);
            }
        } else {
            let gone = rng.pick(&others_in_play).expect("not empty").clone();
            self.envelope.retain(|e| *e != gone);
            record.removed.push(gone);
            record.special = Some(match outcome {
                Outcome::Lost => Special::LostWithAllPositiveRemoveNegative,
                Outcome::Won => Special::WonWithAllNegativeRemovePositive,
            });
        }
        self.history.push(record);
        self.history.last().expect("just pushed")
    }
}
