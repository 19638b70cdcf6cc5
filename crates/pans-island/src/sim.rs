//! A simple bot that plays legal games, for `neverland pans simulate` and the property tests.
//! It knows the sleeves (it sets them), so it heads for the Child it should find; that is what
//! makes its games end, not good play.

use neverland_chance::Chance;

use crate::content::Pile;
use crate::game::{Command, Game, Outcome, Phase, Ring, SleeveInput, Target, Xy};
use crate::geometry::Point;

/// A random sleeve: a cross in the accessible area, 3–8 Hook rings, 2 dark squares.
pub fn random_sleeve(g: &Game, rng: &mut Chance) -> SleeveInput {
    let b = g.board();
    let point = |rng: &mut Chance| loop {
        let p = Point {
            x: rng.below(b.width as u32) as f64 + 0.25,
            y: rng.below(b.height as u32) as f64 + 0.75,
        };
        if b.is_accessible(p) {
            return p;
        }
    };
    let hooks = (0..3 + rng.below(6)).map(|_| {
        let p = point(rng);
        Ring {
            x: p.x,
            y: p.y,
            r: 25.0 + rng.below(25) as f64,
        }
    });
    let hooks: Vec<Ring> = hooks.collect();
    let mut dark = Vec::new();
    for _ in 0..2 {
        let c = point(rng);
        let s = 40.0 + rng.below(60) as f64;
        dark.push(vec![
            [c.x, c.y],
            [c.x + s, c.y],
            [c.x + s, c.y + s],
            [c.x, c.y + s],
        ]);
    }
    let cross = loop {
        let p = point(rng);
        let in_dark = dark
            .iter()
            .any(|d| p.x >= d[0][0] && p.x <= d[1][0] && p.y >= d[0][1] && p.y <= d[2][1]);
        if !in_dark {
            break p;
        }
    };
    SleeveInput {
        cross: Xy {
            x: cross.x,
            y: cross.y,
        },
        hooks,
        dark_areas: dark,
    }
}

/// The commands the bot would try next, most wanted first; the first legal one is played.
fn candidates(g: &Game, rng: &mut Chance, crosses: &[Option<Point>]) -> Vec<Command> {
    let n = g.players();
    let view = g.public_view();
    let mut out = Vec::new();
    for (p, pl) in view.players.iter().enumerate() {
        if !pl.has_sleeve {
            out.push(Command::SetSleeve {
                player: p,
                sleeve: random_sleeve(g, rng),
            });
        }
    }
    if !out.is_empty() {
        return out;
    }
    match g.phase {
        Phase::Visions => {
            for p in 0..n {
                if g.visions_done(p) {
                    continue;
                }
                let pile = if rng.below(2) == 0 {
                    Pile::Distance
                } else {
                    Pile::Direction
                };
                if let Some(card) = view.discard.last().filter(|_| rng.below(3) == 0) {
                    out.push(Command::TakeFromDiscard {
                        player: p,
                        card: card.card.clone(),
                    });
                }
                out.push(Command::Draw { player: p, pile });
                out.push(Command::Draw {
                    player: p,
                    pile: if pile == Pile::Distance {
                        Pile::Direction
                    } else {
                        Pile::Distance
                    },
                });
                let right = g.right_of(p);
                if let Some(gc) = view.players[right].gauge.first() {
                    out.push(Command::RemoveFromNeighbour {
                        player: p,
                        card: gc.card.clone(),
                    });
                }
                for card in g.hand_ids(p) {
                    let target = if rng.below(4) == 0 {
                        Target::Discard
                    } else {
                        Target::Gauge {
                            at: rng.below(101) as f64 / 100.0,
                        }
                    };
                    out.push(Command::Play {
                        player: p,
                        card,
                        target,
                    });
                }
                if rng.below(5) == 0 {
                    out.insert(
                        0,
                        Command::Danger {
                            player: p,
                            level: rng.below(11) as f64 / 10.0,
                        },
                    );
                }
            }
            out.push(Command::StartActing);
        }
        Phase::Act {
            active,
            moved,
            camped,
            explored,
        } => {
            let at = g.hero_at(active);
            let target = crosses.get(g.left_of(active)).copied().flatten();
            if !moved {
                if let Some(t) = target {
                    let d = at.dist(t);
                    let step = g.rules.movement.min(d) * 0.98;
                    if d > 0.0 {
                        let to = Point {
                            x: at.x + (t.x - at.x) * step / d,
                            y: at.y + (t.y - at.y) * step / d,
                        };
                        out.push(Command::Move {
                            path: vec![Xy { x: to.x, y: to.y }],
                        });
                    }
                }
                for _ in 0..4 {
                    let a = rng.below(360) as f64 * std::f64::consts::PI / 180.0;
                    let r = g.rules.movement * 0.9;
                    out.push(Command::Move {
                        path: vec![Xy {
                            x: at.x + r * a.cos(),
                            y: at.y + r * a.sin(),
                        }],
                    });
                }
            }
            if !camped && rng.below(4) == 0 {
                out.push(Command::Camp {
                    centre: Xy { x: at.x, y: at.y },
                    special: None,
                });
            }
            if !explored {
                out.push(Command::Explore {
                    circles: vec![Xy { x: at.x, y: at.y }],
                });
            }
            out.push(Command::EndTurn);
        }
        _ => {}
    }
    out
}

/// Plays one command: the first legal candidate. None when the game is over or stuck.
pub fn step(g: &mut Game, rng: &mut Chance, crosses: &mut Vec<Option<Point>>) -> Option<Command> {
    if g.is_over().is_some() {
        return None;
    }
    for cmd in candidates(g, rng, crosses) {
        if g.apply(&cmd).is_ok() {
            if let Command::SetSleeve { player, sleeve } = &cmd {
                if crosses.len() <= *player {
                    crosses.resize(*player + 1, None);
                }
                crosses[*player] = Some(Point {
                    x: sleeve.cross.x,
                    y: sleeve.cross.y,
                });
            }
            return Some(cmd);
        }
    }
    None
}

/// Plays a whole game; returns its outcome (None if it stalls, which the tests forbid) and log.
pub fn play(mut g: Game, seed: u64, max_commands: usize) -> (Option<Outcome>, Vec<Command>, Game) {
    let mut rng = Chance::from_seed(seed);
    let mut crosses = Vec::new();
    let mut log = Vec::new();
    while log.len() < max_commands {
        match step(&mut g, &mut rng, &mut crosses) {
            Some(c) => log.push(c),
            None => break,
        }
    }
    (g.is_over(), log, g)
}
