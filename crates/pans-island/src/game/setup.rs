//! Setting up a game (Vision piles, discards, hands, mini-cards, Heroes on their spaces), dealing
//! and turning up Vision cards, and the holders' sleeves (the hidden cross, Hook circles, dark
//! areas) entering through `SetSleeve`.

use neverland_chance::Chance;

use super::{
    Game, MINI_CARDS, Phase, Player, Refusal, SLEEVES, Setup, Sleeve, SleeveInput, refuse, why,
};
use crate::board::Board;
use crate::check::Within;
use crate::content::{Back, Event, Pile, Visions};
use crate::geometry::{Circle, Point, Polygon};
use crate::rules::Rules;

impl Game {
    /// Sets up a game: Vision piles (Storm below Aurora, each part shuffled), the discards by
    /// player count, hands of 2 + 2, mini-cards, Heroes on their spaces.
    pub fn new(
        board: &Board,
        visions: &Visions,
        events: &[&Event],
        setup: &Setup,
        seed: u64,
    ) -> Result<Game, Refusal> {
        let [d_dist, d_dir] = check_setup(visions, setup)?;
        let rules = Rules::new(board, events.iter().copied());
        let mut rng = Chance::from_seed(seed);
        let piles = shuffled_piles(visions, &mut rng);
        let mut minis: Vec<u8> = (1..=MINI_CARDS).collect();
        rng.shuffle(&mut minis);
        let players = setup
            .heroes
            .iter()
            .enumerate()
            .map(|(i, &hero)| Player {
                hero,
                at: board.start(hero),
                hand: Vec::new(),
                gauge: Vec::new(),
                danger: 0.0,
                circles: Vec::new(),
                sleeve: None,
                mini_card: minis[i],
                drawn: 0,
                picked: 0,
                played: 0,
            })
            .collect();
        let mut g = Game {
            board: board.clone(),
            within: setup.within.unwrap_or(Within::Original),
            visions_in_order: setup.within.is_some(),
            cards: visions.cards.clone(),
            rules,
            piles,
            discard: Vec::new(),
            players,
            round: 1,
            first_player: setup.first_player,
            phase: Phase::Sleeves,
            lost_children: 0,
            hook_marks: 0,
            camps: Vec::new(),
            regular_camps_used: 0,
            extra_camps_used: 0,
            sleeves_left: SLEEVES,
            verdicts: Vec::new(),
        };
        g.hook_marks = g.rules.hook_spaces_marked_at_start;
        g.deal(d_dist, d_dir);
        Ok(g)
    }

    /// The set-up discards by player count, then hands of 2 + 2 (Distance, Direction, twice).
    fn deal(&mut self, d_dist: usize, d_dir: usize) {
        let n = self.players.len();
        for (pi, count) in [(0, d_dist), (1, d_dir)] {
            for _ in 0..count {
                if let Some(c) = self.piles[pi].pop() {
                    self.discard.push(c);
                }
            }
        }
        for p in 0..n {
            for pi in [0, 1, 0, 1] {
                if let Some(c) = self.take_top(pi) {
                    self.players[p].hand.push(c);
                }
            }
        }
    }

    /// Turns up the top card of a pile (not empty). A card with Captain Hook's symbol (unless an
    /// Event says to ignore them) marks a Hook space, goes to the discard, and gives None: it
    /// does not count as a card drawn.
    pub(super) fn turn_up(&mut self, pi: usize) -> Option<usize> {
        let c = self.piles[pi].pop()?;
        if self.cards[c].hook && !self.rules.storm_hook_symbols_ignored {
            self.discard.push(c);
            self.mark_hook();
            return None;
        }
        Some(c)
    }

    /// Deals a card at set-up: Hook cards are replaced from the same pile (or the other one if
    /// this one ran out). None when both piles are empty or a Hook mark ended the game.
    fn take_top(&mut self, mut pi: usize) -> Option<usize> {
        loop {
            if self.piles[pi].is_empty() {
                pi = 1 - pi;
                if self.piles[pi].is_empty() {
                    return None;
                }
            }
            if let Some(c) = self.turn_up(pi) {
                return Some(c);
            }
            if self.is_over().is_some() {
                return None;
            }
        }
    }

    /// `SetSleeve`: the holder records their sleeve (at set-up, and after its Child was found).
    pub(super) fn set_sleeve(&mut self, p: usize, sleeve: &SleeveInput) -> Result<(), Refusal> {
        self.player(p)?;
        if self.players[p].sleeve.is_some() {
            return refuse(why!(
                "sleeve-held",
                "this player already holds a sleeve with a Lost Child to find"
            ));
        }
        if self.sleeves_left == 0 {
            return refuse(why!(
                "envelope-empty",
                "the Children & Captain Hook envelope is empty"
            ));
        }
        let s = self.validate_sleeve(sleeve)?;
        self.players[p].sleeve = Some(s);
        self.sleeves_left -= 1;
        if self.phase == Phase::Sleeves && self.players.iter().all(|pl| pl.sleeve.is_some()) {
            self.phase = Phase::Visions;
        }
        Ok(())
    }

    fn validate_sleeve(&self, s: &SleeveInput) -> Result<Sleeve, Refusal> {
        let cross: Point = s.cross.into();
        let finite = |v: f64| v.is_finite();
        if !finite(cross.x) || !finite(cross.y) || !self.board.on_board(cross) {
            return refuse(why!("cross-off-board", "the cross must be on the board"));
        }
        let mut hooks = Vec::new();
        for (i, h) in s.hooks.iter().enumerate() {
            if !(finite(h.x) && finite(h.y) && finite(h.r)) || h.r <= 0.0 {
                return refuse(why!(
                    "hook-circle-bad",
                    "Hook circle {n} needs a position and a positive radius",
                    n = i + 1
                ));
            }
            hooks.push(Circle {
                c: Point { x: h.x, y: h.y },
                r: h.r,
            });
        }
        let mut dark = Vec::new();
        for (i, d) in s.dark_areas.iter().enumerate() {
            if d.len() < 3 || d.iter().any(|p| !finite(p[0]) || !finite(p[1])) {
                return refuse(why!(
                    "dark-area-bad",
                    "dark area {n} needs at least 3 points",
                    n = i + 1
                ));
            }
            dark.push(Polygon(
                d.iter().map(|p| Point { x: p[0], y: p[1] }).collect(),
            ));
        }
        if dark.iter().any(|d| d.contains(cross)) {
            return refuse(why!(
                "cross-in-dark",
                "the cross may not be drawn in a dark area"
            ));
        }
        Ok(Sleeve {
            situation_parts: (Some(cross), hooks, dark),
        })
    }
}

/// The player count, the Heroes and the first player; gives the set-up discards
/// (Distance, Direction) for that count.
fn check_setup(visions: &Visions, setup: &Setup) -> Result<[usize; 2], Refusal> {
    let n = setup.heroes.len();
    if !(2..=5).contains(&n) {
        return refuse(why!(
            "player-count",
            "Pan's Island is for 2 to 5 players, not {n}",
            n = n
        ));
    }
    for (i, h) in setup.heroes.iter().enumerate() {
        if setup.heroes[..i].contains(h) {
            return refuse(why!("hero-twice", "{hero} is chosen twice", hero = h.id()));
        }
    }
    if setup.first_player >= n {
        return refuse(why!(
            "no-first-player",
            "there is no player {player} to start",
            player = setup.first_player
        ));
    }
    let [d_dist, d_dir] = visions.discards[n - 2];
    let in_pile = |p: Pile| visions.cards.iter().filter(|c| c.pile == p).count();
    if in_pile(Pile::Distance) < d_dist + 2 * n || in_pile(Pile::Direction) < d_dir + 2 * n {
        return refuse(why!(
            "piles-too-small",
            "the Vision piles are too small to deal {n} hands",
            n = n
        ));
    }
    Ok([d_dist, d_dir])
}

/// Both Vision piles, each Storm part shuffled under its shuffled Aurora part.
fn shuffled_piles(visions: &Visions, rng: &mut Chance) -> [Vec<usize>; 2] {
    let mut piles: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (pi, pile) in [Pile::Distance, Pile::Direction].into_iter().enumerate() {
        for back in [Back::Storm, Back::Aurora] {
            let mut part: Vec<usize> = (0..visions.cards.len())
                .filter(|&i| visions.cards[i].pile == pile && visions.cards[i].back == back)
                .collect();
            rng.shuffle(&mut part);
            // The pile's top is the end of the vector: Storm first, Aurora on top.
            piles[pi].extend(part);
        }
    }
    piles
}
