//! A player bot that plays from what its seat knows: the public view, its own hand and the sleeve
//! it holds (which tells it where its right neighbour's Child is), and the referee's verdicts as
//! the table heard them. It never looks at another seat's sleeve. Its decisions are made by
//! functions that take only a `PublicView` and the seat's own `HolderView`; the `Game` is used
//! only to carry out a command (a refused Move is simply tried another way).
//!
//! How it gives Visions (its table convention, shared by giver and receiver): a Direction card
//! names a place; its position on the gauge says how far the true bearing turns from that
//! place's bearing (clear end: straight at it, faded end: the opposite way). A Distance card's
//! position says how far the true distance is from the card's miles (clear end: exact, faded end:
//! 2 miles or more off). Where the places lie and what a mile is are authored guesses
//! (`assets/pans-island/landmarks.json`), not rules.

use std::collections::BTreeMap;
use std::f64::consts::PI;

use neverland_chance::Chance;
use serde::Deserialize;

use crate::board::{BoardError, Source};
use crate::check::{Kind, Situation};
use crate::content::Pile;
use crate::game::{Command, Game, HolderView, Outcome, Phase, PublicView, Target, Xy};
use crate::geometry::{Circle, Point, Polygon};
use crate::sim::random_sleeve;

/// Where the named places lie, and the millimetres of a mile (authored, for the bot only).
#[derive(Debug, Clone, PartialEq)]
pub struct Landmarks {
    pub mm_per_mile: f64,
    pub places: BTreeMap<String, Point>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLandmarks {
    #[allow(dead_code)]
    id: String,
    #[allow(dead_code)]
    version: u32,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    #[allow(dead_code)]
    source: Source,
    mm_per_mile: f64,
    places: BTreeMap<String, [f64; 2]>,
}

impl Landmarks {
    pub fn from_json(file: &str, text: &str) -> Result<Landmarks, BoardError> {
        let wrap = |path: String, reason: String| BoardError {
            file: file.to_owned(),
            path,
            reason,
        };
        let de = &mut serde_json::Deserializer::from_str(text);
        let raw: RawLandmarks = serde_path_to_error::deserialize(de)
            .map_err(|e| wrap(e.path().to_string(), e.inner().to_string()))?;
        if !(raw.mm_per_mile.is_finite() && raw.mm_per_mile > 0.0) {
            return Err(wrap(
                "mm_per_mile".into(),
                "must be a positive number".into(),
            ));
        }
        let mut places = BTreeMap::new();
        for (k, [x, y]) in raw.places {
            if !(x.is_finite() && y.is_finite()) {
                return Err(wrap(format!("places.{k}"), "must be two numbers".into()));
            }
            places.insert(k, Point { x, y });
        }
        Ok(Landmarks {
            mm_per_mile: raw.mm_per_mile,
            places,
        })
    }

    pub fn builtin() -> Landmarks {
        Landmarks::from_json(
            "landmarks.json",
            include_str!("../../../assets/pans-island/landmarks.json"),
        )
        .expect("the built-in landmarks are valid")
    }
}

const CELL: f64 = 10.0;
const SIGMA_ANGLE: f64 = 0.35;
const FLOOR: f64 = 0.05;

/// The smallest turn from bearing a to bearing b, in [0, π].
fn turn(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(2.0 * PI);
    d.min(2.0 * PI - d)
}

fn bearing(from: Point, to: Point) -> f64 {
    (to.y - from.y).atan2(to.x - from.x)
}

fn bell(x: f64, sigma: f64) -> f64 {
    FLOOR + (1.0 - FLOOR) * (-0.5 * (x / sigma).powi(2)).exp()
}

/// What a seat remembers: its belief about where its own Child is.
#[derive(Debug, Clone)]
struct Seat {
    weight: Vec<f64>,
    read: Vec<String>,
    found: usize,
    danger_round: u32,
}

/// The bots of one table.
pub struct Players {
    marks: Landmarks,
    cols: usize,
    rows: usize,
    prior: Vec<f64>,
    seats: Vec<Seat>,
    rng: Chance,
}

impl Players {
    pub fn new(g: &Game, seed: u64) -> Players {
        let b = g.board();
        let (cols, rows) = ((b.width / CELL) as usize, (b.height / CELL) as usize);
        let mut prior = vec![0.0; cols * rows];
        for (i, w) in prior.iter_mut().enumerate() {
            *w = if b.is_accessible(cell_centre(i, cols)) {
                1.0
            } else {
                0.0
            };
        }
        let seat = Seat {
            weight: prior.clone(),
            read: Vec::new(),
            found: 0,
            danger_round: 0,
        };
        Players {
            marks: Landmarks::builtin(),
            cols,
            rows,
            prior,
            seats: vec![seat; g.players()],
            rng: Chance::from_seed(seed),
        }
    }

    /// Plays until something happens: a seat's Visions, a whole turn, or a sleeve. Returns the
    /// commands carried out (empty when the game is over or stuck).
    pub fn step(&mut self, g: &mut Game) -> Vec<Command> {
        if g.is_over().is_some() {
            return Vec::new();
        }
        let view = g.public_view();
        if let Some(p) = view.players.iter().position(|pl| !pl.has_sleeve) {
            let cmd = Command::SetSleeve {
                player: p,
                sleeve: random_sleeve(g, &mut self.rng),
            };
            return apply_first(g, vec![cmd]).into_iter().collect();
        }
        match g.phase {
            Phase::Visions => {
                for p in 0..g.players() {
                    if !g.visions_done(p) {
                        let mut done = Vec::new();
                        while !g.visions_done(p) && g.is_over().is_none() {
                            let me = g.holder_view(p).expect("a seat");
                            let view = g.public_view();
                            let Some(c) = apply_first(g, self.visions(&view, &me)) else {
                                break;
                            };
                            done.push(c);
                        }
                        return done;
                    }
                }
                apply_first(g, vec![Command::StartActing])
                    .into_iter()
                    .collect()
            }
            Phase::Act { active, .. } => self.turn(g, active),
            _ => Vec::new(),
        }
    }

    /// Receive the Visions for one seat, one command at a time: draw (A), clear the
    /// neighbour's board (B), set the Danger marker, then play the cards that describe best
    /// where the neighbour's Child is (C).
    fn visions(&mut self, view: &PublicView, me: &HolderView) -> Vec<Command> {
        let p = me.player;
        let pl = &view.players[p];
        let right = (p + view.players.len() - 1) % view.players.len();
        let dirs = me.hand.iter().filter(|c| c.pile == Pile::Direction).count();
        let first = if dirs * 2 < me.hand.len() {
            Pile::Direction
        } else {
            Pile::Distance
        };
        let mut out = Vec::new();
        if view.piles.iter().all(|q| q.remaining == 0)
            && pl.discard_picks > 0
            && let Some(c) = view.discard.last()
        {
            out.push(Command::TakeFromDiscard {
                player: p,
                card: c.card.clone(),
            });
        }
        if !(pl.drawn >= 2 || view.piles.iter().all(|q| q.remaining == 0)) {
            for pile in [first, other(first)] {
                out.push(Command::Draw { player: p, pile });
            }
            return out;
        }
        if pl.played == 0
            && let Some(c) = view.players[right].gauge.first()
        {
            out.push(Command::RemoveFromNeighbour {
                player: p,
                card: c.card.clone(),
            });
        }
        if self.seats[p].danger_round != view.round {
            self.seats[p].danger_round = view.round;
            out.push(Command::Danger {
                player: p,
                level: danger(view, me),
            });
        }
        if let Some(cmd) = self.best_card(view, me) {
            out.push(cmd);
        }
        out
    }

    fn best_card(&self, view: &PublicView, me: &HolderView) -> Option<Command> {
        let sleeve = me.sleeve.as_ref()?;
        let p = me.player;
        let right = (p + view.players.len() - 1) % view.players.len();
        let h: Point = view.players[right].at.into();
        let x: Point = sleeve.cross.into();
        let (d, b) = (h.dist(x), bearing(h, x));
        let mpm = self.marks.mm_per_mile;
        let on_gauge: Vec<Pile> = view.players[right].gauge.iter().map(|c| c.pile).collect();
        let mut best: Option<(f64, Command)> = None;
        for card in &me.hand {
            let (mut score, at) = match card.pile {
                Pile::Direction => {
                    let Some(place) = self.marks.places.get(&card.face) else {
                        continue;
                    };
                    let t = turn(bearing(h, *place), b);
                    (t.min(PI - t) / PI, t / PI)
                }
                Pile::Distance => {
                    let miles: f64 = card
                        .face
                        .split_whitespace()
                        .next()
                        .and_then(|m| m.parse().ok())
                        .unwrap_or(0.0);
                    let e = (d - miles * mpm).abs() / (2.0 * mpm);
                    (e.min(1.0) * 0.5, e.min(1.0))
                }
            };
            // One card of each kind says more than two of one kind.
            if on_gauge.contains(&card.pile) {
                score += 1.0;
            }
            if best.as_ref().is_none_or(|(s, _)| score < *s) {
                // A hand on a printed gauge places a card roughly: to the nearest quarter.
                let at = (at * 4.0).round() / 4.0;
                let cmd = Command::Play {
                    player: p,
                    card: card.card.clone(),
                    target: Target::Gauge { at },
                };
                best = Some((score, cmd));
            }
        }
        best.map(|(_, c)| c)
    }

    /// Reads the Visions on the seat's own gauge that it has not read yet (they describe the
    /// way from where the Hero stands now) and forgets everything when its Child was found.
    fn read_gauge(&mut self, view: &PublicView, p: usize) {
        let found = view
            .verdicts
            .iter()
            .filter(|v| {
                matches!(v, crate::game::Verdict::Explore { player, child_found: true, .. } if *player == p)
            })
            .count();
        let seat = &mut self.seats[p];
        if found != seat.found {
            seat.found = found;
            seat.weight = self.prior.clone();
            seat.read.clear();
        }
        let h: Point = view.players[p].at.into();
        let mpm = self.marks.mm_per_mile;
        for card in &view.players[p].gauge {
            if seat.read.contains(&card.card) {
                continue;
            }
            seat.read.push(card.card.clone());
            let like: Box<dyn Fn(Point) -> f64> = match card.pile {
                Pile::Direction => {
                    let Some(place) = self.marks.places.get(&card.face) else {
                        continue;
                    };
                    let (tb, want) = (bearing(h, *place), card.at * PI);
                    Box::new(move |q: Point| bell(turn(bearing(h, q), tb) - want, SIGMA_ANGLE))
                }
                Pile::Distance => {
                    let miles: f64 = card
                        .face
                        .split_whitespace()
                        .next()
                        .and_then(|m| m.parse().ok())
                        .unwrap_or(0.0);
                    let want = card.at * 2.0 * mpm;
                    Box::new(move |q: Point| {
                        bell((h.dist(q) - miles * mpm).abs() - want, 0.5 * mpm)
                    })
                }
            };
            let cols = self.cols;
            let mut top: f64 = 0.0;
            for (i, w) in seat.weight.iter_mut().enumerate() {
                if *w > 0.0 {
                    *w *= like(cell_centre(i, cols));
                    top = top.max(*w);
                }
            }
            if top > 0.0 {
                seat.weight.iter_mut().for_each(|w| *w /= top);
            }
        }
    }

    /// What the seat believes now: its weights, with every solid circle it drew since its last
    /// Child ruled out (the neighbour said "not found" for each).
    fn belief(&self, view: &PublicView, p: usize) -> Vec<f64> {
        let mut w = self.seats[p].weight.clone();
        for c in view.players[p].circles.iter().filter(|c| !c.dotted) {
            let circle = Circle {
                c: Point { x: c.x, y: c.y },
                r: c.r,
            };
            for (i, v) in w.iter_mut().enumerate() {
                if *v > 0.0 && circle.contains(cell_centre(i, self.cols)) {
                    *v = 0.0;
                }
            }
        }
        w
    }

    /// The weight within radius r of c.
    fn mass(&self, w: &[f64], c: Point, r: f64) -> f64 {
        let (c0, c1) = (
            ((c.x - r) / CELL).floor().max(0.0) as usize,
            ((c.x + r) / CELL) as usize,
        );
        let (r0, r1) = (
            ((c.y - r) / CELL).floor().max(0.0) as usize,
            ((c.y + r) / CELL) as usize,
        );
        let mut m = 0.0;
        for row in r0..=r1.min(self.rows - 1) {
            for col in c0..=c1.min(self.cols - 1) {
                let i = row * self.cols + col;
                if w[i] > 0.0 && cell_centre(i, self.cols).dist(c) <= r {
                    m += w[i];
                }
            }
        }
        m
    }

    /// The best centre for a circle of radius r: anywhere (`within` None) or within `within`
    /// of a point.
    fn best_centre(&self, w: &[f64], r: f64, within: Option<(Point, f64)>) -> Point {
        let step = if within.is_some() { CELL } else { 2.0 * CELL };
        let mut best = (f64::MIN, within.map_or(Point { x: 0.0, y: 0.0 }, |x| x.0));
        let (x0, x1, y0, y1) = match within {
            Some((p, reach)) => (p.x - reach, p.x + reach, p.y - reach, p.y + reach),
            None => (0.0, self.cols as f64 * CELL, 0.0, self.rows as f64 * CELL),
        };
        let mut y = y0;
        while y <= y1 {
            let mut x = x0;
            while x <= x1 {
                let c = Point { x, y };
                if within.is_none_or(|(p, reach)| p.dist(c) <= reach) {
                    let m = self.mass(w, c, r);
                    if m > best.0 {
                        best = (m, c);
                    }
                }
                x += step;
            }
            y += step;
        }
        best.1
    }

    /// A whole turn: move towards the likeliest place, a Camp there when the Danger marker is
    /// high, explore, end the turn.
    fn turn(&mut self, g: &mut Game, p: usize) -> Vec<Command> {
        let view = g.public_view();
        self.read_gauge(&view, p);
        let mut done = Vec::new();
        let w = self.belief(&view, p);
        let r = view.explore_radius;
        let h: Point = view.players[p].at.into();
        let goal = self.best_centre(&w, r, None);
        if h.dist(goal) > 0.9 * r {
            done.extend(apply_first(g, move_tries(&view, p, goal)));
        }
        let view = g.public_view();
        let at: Point = view.players[p].at.into();
        let most = view.players[p].hero.max_explore_circles(view.magic_powder);
        let mut w = w;
        let mut circles = Vec::new();
        for _ in 0..most {
            let c = if circles.is_empty() && at.dist(goal) <= r {
                goal
            } else {
                self.best_centre(&w, r, Some((at, r)))
            };
            circles.push(Xy { x: c.x, y: c.y });
            for (i, v) in w.iter_mut().enumerate() {
                if cell_centre(i, self.cols).dist(c) <= r {
                    *v = 0.0;
                }
            }
        }
        if view.players[p].danger >= 0.5 && view.camp_spaces_left > 0 {
            done.extend(apply_first(
                g,
                vec![Command::Camp {
                    centre: circles[0],
                    special: None,
                }],
            ));
        }
        done.extend(apply_first(g, vec![Command::Explore { circles }]));
        if g.is_over().is_none() {
            done.extend(apply_first(g, vec![Command::EndTurn]));
        }
        done
    }
}

/// Moves towards `goal`, stopping short by most of an exploration radius: the straight path
/// first, then shorter ones and other headings (the engine refuses a path out of the blue part).
fn move_tries(view: &PublicView, p: usize, goal: Point) -> Vec<Command> {
    let h: Point = view.players[p].at.into();
    let r = view.explore_radius;
    let reach = if view.players[p].hero == crate::heroes::Hero::TinkerBell {
        if view.magic_powder {
            f64::INFINITY
        } else {
            view.movement + view.tinker_bell_bonus
        }
    } else {
        view.movement
    };
    let len = (h.dist(goal) - 0.8 * r).min(reach * 0.99);
    [
        (1.0, 0.0),
        (0.75, 0.0),
        (1.0, 0.5),
        (1.0, -0.5),
        (0.5, 0.0),
        (0.75, 1.0),
        (0.75, -1.0),
        (0.25, 0.0),
    ]
    .into_iter()
    .map(|(scale, angle)| {
        let a = bearing(h, goal) + angle;
        let l = len * scale;
        Command::Move {
            path: vec![Xy {
                x: h.x + l * a.cos(),
                y: h.y + l * a.sin(),
            }],
        }
    })
    .collect()
}

fn other(p: Pile) -> Pile {
    match p {
        Pile::Distance => Pile::Direction,
        Pile::Direction => Pile::Distance,
    }
}

fn cell_centre(i: usize, cols: usize) -> Point {
    Point {
        x: ((i % cols) as f64 + 0.5) * CELL,
        y: ((i / cols) as f64 + 0.5) * CELL,
    }
}

/// The giver's Danger marker: high when a Hook circle that counts lies within an exploration
/// circle drawn on the Child's cross (the giver reads its own sleeve and the public Camps).
fn danger(view: &PublicView, me: &HolderView) -> f64 {
    let Some(s) = &me.sleeve else { return 0.0 };
    let situation = Situation {
        within: view.within,
        explore_radius: view.explore_radius,
        camp_radius: view.camp_radius,
        cross: None,
        hooks: s
            .hooks
            .iter()
            .map(|h| Circle {
                c: Point { x: h.x, y: h.y },
                r: h.r,
            })
            .collect(),
        dark_areas: s
            .dark_areas
            .iter()
            .map(|d| Polygon(d.iter().map(|p| Point { x: p[0], y: p[1] }).collect()))
            .collect(),
        camps: view
            .camps
            .iter()
            .map(|c| Point { x: c.x, y: c.y })
            .collect(),
        kind: Kind::Uncover,
        circles: vec![s.cross.into()],
    };
    if situation.hook_reached() { 1.0 } else { 0.0 }
}

/// Carries out the first command the engine accepts.
fn apply_first(g: &mut Game, cmds: Vec<Command>) -> Option<Command> {
    cmds.into_iter().find(|c| g.apply(c).is_ok())
}

/// Plays a whole game with a player bot in every seat.
pub fn play(mut g: Game, seed: u64, max_commands: usize) -> (Option<Outcome>, Vec<Command>, Game) {
    let mut bots = Players::new(&g, seed);
    let mut log = Vec::new();
    while log.len() < max_commands {
        let cmds = bots.step(&mut g);
        if cmds.is_empty() {
            break;
        }
        log.extend(cmds);
    }
    (g.is_over(), log, g)
}
