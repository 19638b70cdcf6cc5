//! A game of Pan's Island: set-up, then an ordered log of commands. The state is derived by
//! replay; `apply` checks a command and either carries it out or returns a reason and changes
//! nothing. Sleeves (the hidden facts) enter through `SetSleeve` and leave the engine only through
//! the referee's booleans, or through `holder_view` to the player who holds that sleeve.

use neverland_chance::Chance;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::board::Board;
use crate::check::{Kind, Situation, Within};
use crate::content::{Back, Event, Pile, VisionCard, Visions};
use crate::geometry::{Circle, Point, Polygon, path_length};
use crate::heroes::{Hero, Reposition};
use crate::rules::Rules;

/// Sleeves in the Children & Captain Hook envelope.
pub const SLEEVES: u8 = 12;
/// Neverland mini-cards in the box.
pub const MINI_CARDS: u8 = 6;

/// Who plays, in seat order clockwise, and who holds the first player token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Setup {
    pub heroes: Vec<Hero>,
    #[serde(default)]
    pub first_player: usize,
    /// Ids of the Event cards in play (from the campaign's envelope).
    #[serde(default)]
    pub events: Vec<String>,
    /// The house rule for "within the circle" (a Hook ring in an exploration circle or a
    /// Camp). New games always store it; a game stored before it existed has none and replays
    /// with the original readings ([`Within::Original`], and the Visions steps B and C allowed
    /// before A).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub within: Option<Within>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct Xy {
    pub x: f64,
    pub y: f64,
}

impl From<Xy> for Point {
    fn from(p: Xy) -> Point {
        Point { x: p.x, y: p.y }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct Ring {
    pub x: f64,
    pub y: f64,
    pub r: f64,
}

/// A sleeve's hidden facts in board millimetres (the app converts a scan from card millimetres).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SleeveInput {
    pub cross: Xy,
    pub hooks: Vec<Ring>,
    pub dark_areas: Vec<Vec<[f64; 2]>>,
}

/// Where a played Vision goes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "to", rename_all = "kebab-case")]
pub enum Target {
    /// Onto the right neighbour's Footprint gauge: `at` 0 is the clear end ("go"), 1 the faded end.
    Gauge {
        at: f64,
    },
    Discard,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Command {
    /// The holder records their sleeve (at set-up, and after the Child on it was found).
    SetSleeve { player: usize, sleeve: SleeveInput },
    /// Receive the Visions, A: draw one card from a pile.
    Draw { player: usize, pile: Pile },
    /// Tiger Lily takes a card from the discard instead of drawing it.
    TakeFromDiscard { player: usize, card: String },
    /// B: remove a Vision from the right neighbour's gauge (from round 2).
    RemoveFromNeighbour { player: usize, card: String },
    /// Wendy moves a Vision on the right neighbour's gauge.
    Reposition {
        player: usize,
        card: String,
        at: f64,
    },
    /// C: play a card from hand.
    Play {
        player: usize,
        card: String,
        target: Target,
    },
    /// Set the Danger marker on the right neighbour's gauge (0 low … 1 high).
    Danger { player: usize, level: f64 },
    /// Everyone has received their Visions: the first player acts.
    StartActing,
    /// The active player moves along the drawn path (the points after the Hero's position).
    Move { path: Vec<Xy> },
    /// The active player sets up a Camp with the template centred here. `special`: Peter Pan
    /// under The Magic Powder checks the special space (an additional Camp, also while shared
    /// Camp spaces remain).
    Camp {
        centre: Xy,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        special: Option<bool>,
    },
    /// The active player explores with these Exploration Circles.
    Explore { circles: Vec<Xy> },
    /// Peter Pan's Uncover Hook.
    Uncover { centre: Xy },
    /// The active player's turn is over.
    EndTurn,
}

/// Why a command was refused; the state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{0}")]
pub struct Refusal(pub String);

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// All Lost Child spaces ticked.
    Won,
    /// All Captain Hook spaces ticked.
    Lost,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "phase", rename_all = "kebab-case")]
pub enum Phase {
    /// Sleeves are being set up; nothing else happens until every holder has one.
    Sleeves,
    /// Receive the Visions and assess the danger (all players at once).
    Visions,
    /// Act on the Island: `active` is the player whose turn it is.
    Act {
        active: usize,
        moved: bool,
        camped: bool,
        explored: bool,
    },
    Ended {
        outcome: Outcome,
    },
}

/// A Vision on a Footprint gauge (public: it lies face up on a Hero board).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct GaugeCard {
    pub card: String,
    pub pile: Pile,
    pub face: String,
    pub at: f64,
}

/// A circle drawn on the board (public).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, TS)]
pub struct Drawn {
    pub x: f64,
    pub y: f64,
    pub r: f64,
    /// Peter Pan's Uncover Hook circles are dotted.
    pub dotted: bool,
}

/// What the referee said, as the table heard it: booleans, never a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Verdict {
    Explore {
        round: u32,
        player: usize,
        hook_encountered: bool,
        child_found: bool,
    },
    Uncover {
        round: u32,
        player: usize,
        hook_present: bool,
    },
}

#[derive(Debug, Clone)]
struct Sleeve {
    situation_parts: (Option<Point>, Vec<Circle>, Vec<Polygon>),
}

#[derive(Debug, Clone)]
struct Player {
    hero: Hero,
    at: Point,
    hand: Vec<usize>,
    gauge: Vec<(usize, f64)>,
    danger: f64,
    circles: Vec<Drawn>,
    sleeve: Option<Sleeve>,
    mini_card: u8,
    drawn: u8,
    picked: u8,
    played: u8,
}

/// The derived state of a game.
#[derive(Debug, Clone)]
pub struct Game {
    board: Board,
    within: Within,
    /// Steps A, B, C of Receive the Visions in the rulebook's order (false only for games
    /// stored before the order was enforced).
    visions_in_order: bool,
    cards: Vec<VisionCard>,
    pub rules: Rules,
    piles: [Vec<usize>; 2],
    discard: Vec<usize>,
    players: Vec<Player>,
    pub round: u32,
    pub first_player: usize,
    pub phase: Phase,
    pub lost_children: u8,
    pub hook_marks: u8,
    camps: Vec<Point>,
    regular_camps_used: u8,
    extra_camps_used: u8,
    sleeves_left: u8,
    verdicts: Vec<Verdict>,
}

fn pile_index(p: Pile) -> usize {
    match p {
        Pile::Distance => 0,
        Pile::Direction => 1,
    }
}

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
    /// Sets up a game: Vision piles (Storm below Aurora, each part shuffled), the discards by
    /// player count, hands of 2 + 2, mini-cards, Heroes on their spaces.
    pub fn new(
        board: &Board,
        visions: &Visions,
        events: &[&Event],
        setup: &Setup,
        seed: u64,
    ) -> Result<Game, Refusal> {
        let n = setup.heroes.len();
        if !(2..=5).contains(&n) {
            return refuse(format!("Pan's Island is for 2 to 5 players, not {n}"));
        }
        for (i, h) in setup.heroes.iter().enumerate() {
            if setup.heroes[..i].contains(h) {
                return refuse(format!("{} is chosen twice", h.id()));
            }
        }
        if setup.first_player >= n {
            return refuse(format!(
                "there is no player {} to start",
                setup.first_player
            ));
        }
        let [d_dist, d_dir] = visions.discards[n - 2];
        let in_pile = |p: Pile| visions.cards.iter().filter(|c| c.pile == p).count();
        if in_pile(Pile::Distance) < d_dist + 2 * n || in_pile(Pile::Direction) < d_dir + 2 * n {
            return refuse(format!("the Vision piles are too small to deal {n} hands"));
        }
        let rules = Rules::new(board, events.iter().copied());
        let mut rng = Chance::from_seed(seed);
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
        for (pi, count) in [(0, d_dist), (1, d_dir)] {
            for _ in 0..count {
                if let Some(c) = g.piles[pi].pop() {
                    g.discard.push(c);
                }
            }
        }
        for p in 0..n {
            for pi in [0, 1, 0, 1] {
                if let Some(c) = g.take_top(pi) {
                    g.players[p].hand.push(c);
                }
            }
        }
        Ok(g)
    }

    /// Turns up the top card of a pile (not empty). A card with Captain Hook's symbol (unless an
    /// Event says to ignore them) marks a Hook space, goes to the discard, and gives None: it
    /// does not count as a card drawn.
    fn turn_up(&mut self, pi: usize) -> Option<usize> {
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

    fn mark_hook(&mut self) {
        self.hook_marks += 1;
        if self.hook_marks >= self.rules.hook_spaces {
            self.phase = Phase::Ended {
                outcome: Outcome::Lost,
            };
        }
    }

    pub fn players(&self) -> usize {
        self.players.len()
    }

    pub fn hero(&self, p: usize) -> Hero {
        self.players[p].hero
    }

    /// The player on p's left: the next one clockwise, who referees p's actions.
    pub fn left_of(&self, p: usize) -> usize {
        (p + 1) % self.players.len()
    }

    /// The player on p's right: who receives p's Visions.
    pub fn right_of(&self, p: usize) -> usize {
        (p + self.players.len() - 1) % self.players.len()
    }

    pub fn is_over(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Ended { outcome } => Some(outcome),
            _ => None,
        }
    }

    fn both_piles_empty(&self) -> bool {
        self.piles.iter().all(Vec::is_empty)
    }

    fn card_named(&self, id: &str) -> Result<usize, Refusal> {
        self.cards
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| Refusal(format!("there is no Vision card {id:?}")))
    }

    fn player(&self, p: usize) -> Result<&Player, Refusal> {
        self.players
            .get(p)
            .ok_or_else(|| Refusal(format!("there is no player {p}")))
    }

    fn camp_spaces_left(&self) -> u8 {
        self.rules
            .camp_spaces
            .saturating_sub(self.regular_camps_used)
    }

    fn magic(&self) -> bool {
        self.rules.magic_powder
    }

    /// Has player p finished Receive the Visions for this round?
    pub fn visions_done(&self, p: usize) -> bool {
        let pl = &self.players[p];
        (pl.drawn >= 2 || self.both_piles_empty() && self.discard_picks_left(p) == 0)
            && (pl.played >= 2 || pl.hand.is_empty())
    }

    /// Step A (draw 2) is over for player p: drawn both, or nothing left to draw or pick.
    fn drawing_done(&self, p: usize) -> bool {
        self.players[p].drawn >= 2 || self.both_piles_empty() && self.discard_picks_left(p) == 0
    }

    /// Step B comes after step A (RB "in the order indicated").
    fn step_b_allowed(&self, p: usize) -> Result<(), Refusal> {
        if self.visions_in_order && !self.drawing_done(p) {
            return refuse("draw your 2 Vision cards first (step A comes before step B)");
        }
        Ok(())
    }

    fn discard_picks_left(&self, p: usize) -> u8 {
        let pl = &self.players[p];
        if pl.drawn >= 2 || self.discard.is_empty() {
            0
        } else {
            pl.hero
                .discard_picks(self.magic())
                .saturating_sub(pl.picked)
        }
    }

    /// Checks and carries out a command. On refusal nothing has changed.
    pub fn apply(&mut self, cmd: &Command) -> Result<(), Refusal> {
        let mut next = self.clone();
        next.apply_in_place(cmd)?;
        *self = next;
        Ok(())
    }

    fn apply_in_place(&mut self, cmd: &Command) -> Result<(), Refusal> {
        if let Phase::Ended { outcome } = self.phase {
            return refuse(format!("the game is over ({outcome:?})"));
        }
        let magic = self.magic();
        match (cmd, self.phase) {
            (Command::SetSleeve { player, sleeve }, _) => {
                let p = *player;
                self.player(p)?;
                if self.players[p].sleeve.is_some() {
                    return refuse("this player already holds a sleeve with a Lost Child to find");
                }
                if self.sleeves_left == 0 {
                    return refuse("the Children & Captain Hook envelope is empty");
                }
                let s = self.validate_sleeve(sleeve)?;
                self.players[p].sleeve = Some(s);
                self.sleeves_left -= 1;
                if self.phase == Phase::Sleeves && self.players.iter().all(|pl| pl.sleeve.is_some())
                {
                    self.phase = Phase::Visions;
                }
            }
            (_, Phase::Sleeves) => return refuse("every player must set up their sleeve first"),
            (_, _) if self.players.iter().any(|pl| pl.sleeve.is_none()) => {
                return refuse("a player must take a new sleeve and mark a new cross first");
            }
            (Command::Draw { player, pile }, Phase::Visions) => {
                let p = *player;
                self.player(p)?;
                if self.players[p].drawn >= 2 {
                    return refuse("you have drawn your 2 Vision cards this round");
                }
                let pi = pile_index(*pile);
                if self.piles[pi].is_empty() {
                    return refuse(if self.both_piles_empty() {
                        "both Vision piles are empty"
                    } else {
                        "that pile is empty: draw from the other"
                    });
                }
                // A Hook symbol marks a Hook space and is discarded; the player then draws again
                // from the pile of their choice, so that card does not count as one of the 2.
                if let Some(c) = self.turn_up(pi) {
                    self.players[p].hand.push(c);
                    self.players[p].drawn += 1;
                }
            }
            (Command::TakeFromDiscard { player, card }, Phase::Visions) => {
                let p = *player;
                self.player(p)?;
                if self.discard_picks_left(p) == 0 {
                    return refuse(
                        "only Tiger Lily takes from the discard, once (twice with The Magic Powder), instead of drawing",
                    );
                }
                let c = self.card_named(card)?;
                let Some(i) = self.discard.iter().position(|&d| d == c) else {
                    return refuse("that card is not in the discard");
                };
                self.discard.remove(i);
                let pl = &mut self.players[p];
                pl.hand.push(c);
                pl.drawn += 1;
                pl.picked += 1;
            }
            (Command::RemoveFromNeighbour { player, card }, Phase::Visions) => {
                let p = *player;
                self.player(p)?;
                if self.round < 2 {
                    return refuse("the Hero boards are empty in the first round");
                }
                self.step_b_allowed(p)?;
                if self.players[p].played > 0 {
                    return refuse("remove cards before playing your own");
                }
                let c = self.card_named(card)?;
                let r = self.right_of(p);
                let Some(i) = self.players[r].gauge.iter().position(|g| g.0 == c) else {
                    return refuse("that card is not on your right neighbour's gauge");
                };
                self.players[r].gauge.remove(i);
                self.discard.push(c);
            }
            (Command::Reposition { player, card, at }, Phase::Visions) => {
                let p = *player;
                self.player(p)?;
                let Some(kind) = self.players[p].hero.repositions(magic) else {
                    return refuse("only Wendy repositions Visions");
                };
                if self.players[p].played > 0 {
                    return refuse("reposition before playing your own cards");
                }
                self.step_b_allowed(p)?;
                let at = gauge_position(*at)?;
                let c = self.card_named(card)?;
                if kind == Reposition::DirectionOnly && self.cards[c].pile != Pile::Direction {
                    return refuse("without The Magic Powder Wendy moves only Direction Visions");
                }
                let r = self.right_of(p);
                let Some(g) = self.players[r].gauge.iter_mut().find(|g| g.0 == c) else {
                    return refuse("that card is not on your right neighbour's gauge");
                };
                g.1 = at;
            }
            (
                Command::Play {
                    player,
                    card,
                    target,
                },
                Phase::Visions,
            ) => {
                let p = *player;
                self.player(p)?;
                if !self.drawing_done(p) {
                    return refuse("draw your 2 Vision cards first");
                }
                if self.players[p].played >= 2 {
                    return refuse("you have played your 2 Vision cards this round");
                }
                let c = self.card_named(card)?;
                let Some(i) = self.players[p].hand.iter().position(|&h| h == c) else {
                    return refuse("that card is not in your hand");
                };
                let r = self.right_of(p);
                if self.players[p].played == 0 && self.players[r].gauge.len() > 2 {
                    return refuse(
                        "at most 2 Visions may stay on your neighbour's board: remove some first",
                    );
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
            }
            (Command::Danger { player, level }, Phase::Visions) => {
                let p = *player;
                self.player(p)?;
                let level = gauge_position(*level)?;
                let r = self.right_of(p);
                self.players[r].danger = level;
            }
            (Command::StartActing, Phase::Visions) => {
                if let Some(p) = (0..self.players.len()).find(|&p| !self.visions_done(p)) {
                    return refuse(format!(
                        "{} has not finished receiving the Visions",
                        self.players[p].hero.id()
                    ));
                }
                self.phase = Phase::Act {
                    active: self.first_player,
                    moved: false,
                    camped: false,
                    explored: false,
                };
            }
            (
                Command::Move { path },
                Phase::Act {
                    active,
                    moved,
                    camped,
                    explored,
                },
            ) => {
                if moved {
                    return refuse("you have already moved this turn");
                }
                let to = self.check_move(active, path)?;
                self.players[active].at = to;
                self.phase = Phase::Act {
                    active,
                    moved: true,
                    camped,
                    explored,
                };
            }
            (
                Command::Camp {
                    centre,
                    special: Some(true),
                },
                Phase::Act { active, .. },
            ) => {
                if !self.players[active].hero.may_use_extra_camp(magic) {
                    return refuse(
                        "only Peter Pan, with The Magic Powder, checks the special Camp space",
                    );
                }
                if self.extra_camps_used >= self.rules.peter_extra_camp_spaces {
                    return refuse("the special Camp space is already checked");
                }
                let c = self.within_template(active, *centre)?;
                // An additional Set Up Camp action (RB Peter Pan, special ability): it does
                // not use up the turn's Camp.
                self.extra_camps_used += 1;
                self.camps.push(c);
            }
            (
                Command::Camp {
                    centre,
                    special: None | Some(false),
                },
                Phase::Act {
                    active,
                    moved,
                    camped,
                    explored,
                },
            ) => {
                if camped {
                    return refuse("you have already set up a Camp this turn");
                }
                let c = self.within_template(active, *centre)?;
                let hero = self.players[active].hero;
                if self.camp_spaces_left() > 0 {
                    self.regular_camps_used += 1;
                } else if hero.may_use_extra_camp(magic)
                    && self.extra_camps_used < self.rules.peter_extra_camp_spaces
                {
                    self.extra_camps_used += 1;
                } else {
                    return refuse("every Camp space is checked");
                }
                self.camps.push(c);
                self.phase = Phase::Act {
                    active,
                    moved,
                    camped: true,
                    explored,
                };
            }
            (
                Command::Explore { circles },
                Phase::Act {
                    active,
                    moved,
                    camped,
                    explored,
                },
            ) => {
                if explored {
                    return refuse("you have already explored (or uncovered Hook) this turn");
                }
                let most = self.players[active].hero.max_explore_circles(magic);
                if circles.is_empty() || circles.len() > most {
                    return refuse(format!("an Explore draws 1 to {most} circles"));
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
            }
            (
                Command::Uncover { centre },
                Phase::Act {
                    active,
                    moved,
                    camped,
                    explored,
                },
            ) => {
                if !self.players[active].hero.may_uncover(magic) {
                    return refuse("only Peter Pan uncovers Hook, and not under The Magic Powder");
                }
                if explored {
                    return refuse("you have already explored (or uncovered Hook) this turn");
                }
                let c = self.within_template(active, *centre)?;
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
            }
            (Command::EndTurn, Phase::Act { active, .. }) => {
                let next = self.left_of(active);
                if next == self.first_player {
                    self.first_player = self.left_of(self.first_player);
                    self.round += 1;
                    for pl in &mut self.players {
                        pl.drawn = 0;
                        pl.picked = 0;
                        pl.played = 0;
                    }
                    self.phase = Phase::Visions;
                } else {
                    self.phase = Phase::Act {
                        active: next,
                        moved: false,
                        camped: false,
                        explored: false,
                    };
                }
            }
            (_, Phase::Visions) => {
                return refuse("that is an action for Act on the Island; the Visions come first");
            }
            (_, _) => {
                return refuse("that belongs to Receive the Visions, which is over for this round");
            }
        }
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

    fn validate_sleeve(&self, s: &SleeveInput) -> Result<Sleeve, Refusal> {
        let cross: Point = s.cross.into();
        let finite = |v: f64| v.is_finite();
        if !finite(cross.x) || !finite(cross.y) || !self.board.on_board(cross) {
            return refuse("the cross must be on the board");
        }
        let mut hooks = Vec::new();
        for (i, h) in s.hooks.iter().enumerate() {
            if !(finite(h.x) && finite(h.y) && finite(h.r)) || h.r <= 0.0 {
                return refuse(format!(
                    "Hook circle {} needs a position and a positive radius",
                    i + 1
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
                return refuse(format!("dark area {} needs at least 3 points", i + 1));
            }
            dark.push(Polygon(
                d.iter().map(|p| Point { x: p[0], y: p[1] }).collect(),
            ));
        }
        if dark.iter().any(|d| d.contains(cross)) {
            return refuse("the cross may not be drawn in a dark area");
        }
        Ok(Sleeve {
            situation_parts: (Some(cross), hooks, dark),
        })
    }

    /// The template centred at `c` must keep the Hero within its inner perimeter.
    fn within_template(&self, active: usize, c: Xy) -> Result<Point, Refusal> {
        let c: Point = c.into();
        if !c.x.is_finite() || !c.y.is_finite() {
            return refuse("that is not a position");
        }
        if c.dist(self.players[active].at) > self.rules.explore_radius + 1e-9 {
            return refuse("the Hero must stay inside the template's inner perimeter");
        }
        Ok(c)
    }

    fn check_move(&self, active: usize, path: &[Xy]) -> Result<Point, Refusal> {
        let Some(last) = path.last() else {
            return refuse("a move needs at least an end point");
        };
        let pts: Vec<Point> = std::iter::once(self.players[active].at)
            .chain(path.iter().map(|p| Point::from(*p)))
            .collect();
        if pts.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
            return refuse("that is not a position");
        }
        let end: Point = (*last).into();
        let hero = self.players[active].hero;
        if hero == Hero::TinkerBell && self.magic() {
            // Enhanced Tinker Bell: "anywhere on the board", no template and no path
            // (RB Tinker Bell, special ability).
            if !self.board.on_board(end) {
                return refuse("the Hero must stop on the board");
            }
            return Ok(end);
        }
        let mut limit = self.rules.movement;
        if hero == Hero::TinkerBell {
            limit += self.rules.tinker_bell_bonus;
        }
        let len = path_length(&pts);
        if len > limit + 1e-9 {
            return refuse(format!(
                "that path is {len:.0} mm; the template allows {limit:.0} mm"
            ));
        }
        if !pts
            .windows(2)
            .all(|w| self.board.segment_accessible(w[0], w[1]))
        {
            return refuse("the path leaves the blue part of the board");
        }
        Ok(end)
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

fn gauge_position(at: f64) -> Result<f64, Refusal> {
    if at.is_finite() && (0.0..=1.0).contains(&at) {
        Ok(at)
    } else {
        refuse("a position on a gauge runs from 0 to 1")
    }
}

/// A game as seed + set-up + log: the state by replay.
pub fn replay<'a>(
    board: &Board,
    visions: &Visions,
    events: &[&Event],
    setup: &Setup,
    seed: u64,
    log: impl IntoIterator<Item = &'a Command>,
) -> Result<Game, (Option<usize>, Refusal)> {
    let mut g = Game::new(board, visions, events, setup, seed).map_err(|e| (None, e))?;
    for (i, c) in log.into_iter().enumerate() {
        g.apply(c).map_err(|e| (Some(i), e))?;
    }
    Ok(g)
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
