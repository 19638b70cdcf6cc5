//! A simple legal-move bot and whole-game simulation, for `neverland legacy simulate`, the
//! property tests and the benches. The bot prefers progress (rescue, capture, search, fight)
//! over wandering, and otherwise picks at random from the legal commands; it is a rules
//! exerciser, not a strategist.

use neverland_chance::Chance;

use crate::engine::{Command, Game, Loss, Outcome, Phase, Setup, action_of};
use crate::map::Map;
use crate::pack::{Item, Pack};

/// How much the bot likes a command (0: never unless nothing else).
fn weight(game: &Game, c: &Command) -> u32 {
    match c {
        Command::UseItem {
            item: Item::FairyDust,
            hostage: Some(_),
        } => 1000,
        Command::Drop { .. } => {
            if game.table.characters[game.active].at == "jolly-roger" {
                1000
            } else {
                0
            }
        }
        Command::Capture { .. } => 400,
        Command::Fight { .. } => 200,
        Command::Search => 150,
        Command::Move { escort, .. } if !escort.is_empty() => 120,
        Command::Row { to, .. } if to == "jolly-roger" => {
            if game.table.characters[game.active].carrying.is_empty() {
                2
            } else {
                600
            }
        }
        Command::Courage { .. } | Command::LootRescue { .. } | Command::Rest => 60,
        Command::UseItem { .. } => 50,
        Command::EndActions => 1,
        Command::FifthAction => 5,
        // Trading back and forth is free and endless: never unless nothing else.
        Command::ChangeColour { .. } | Command::Give { .. } => 0,
        _ => 20,
    }
}

/// Plays the bot's next command on the game (candidates tried in a weighted random order; the
/// first the game accepts is played) and returns it, or None when nothing is legal.
pub fn bot_play(game: &mut Game, pack: &Pack, map: &Map, rng: &mut Chance) -> Option<Command> {
    if let Phase::Activations { .. } = game.phase {
        // The players' choice among the options, at random; worked out once.
        let (_, options) = game.pending_options(pack, map)?;
        let option = rng.below(options.len() as u32) as usize;
        game.apply_pending(pack, map, &options[option]);
        return Some(Command::Activate { option });
    }
    let mut cands: Vec<(u32, Command)> = game
        .candidates(pack, map)
        .into_iter()
        .map(|c| (weight(game, &c), c))
        .collect();
    while !cands.is_empty() {
        let total: u32 = cands.iter().map(|(w, _)| *w).sum();
        let i = if total == 0 {
            rng.below(cands.len() as u32) as usize
        } else {
            let mut r = rng.below(total);
            cands
                .iter()
                .position(|(w, _)| {
                    if r < *w {
                        true
                    } else {
                        r -= *w;
                        false
                    }
                })
                .expect("r < total")
        };
        let (_, c) = cands.swap_remove(i);
        if game.apply(pack, map, &c).is_ok() {
            return Some(c);
        }
    }
    None
}

/// The end of one simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Won,
    Lost(Loss),
    /// The bot gave up after this many commands (a safety net; counted separately).
    Unfinished,
}

/// Plays one game with the bot; returns how it ended and the log.
pub fn play(
    pack: &Pack,
    map: &Map,
    setup: &Setup,
    seed: u64,
    max_commands: usize,
) -> (Ending, Vec<Command>) {
    let mut game = Game::new(pack, map, setup, seed).expect("a valid set-up");
    let mut rng = Chance::from_seed(seed ^ 0x0b07_0b07);
    let mut log = Vec::new();
    while log.len() < max_commands {
        if let Phase::Over { outcome } = game.phase {
            return (
                match outcome {
                    Outcome::Won => Ending::Won,
                    Outcome::Lost { cause } => Ending::Lost(cause),
                },
                log,
            );
        }
        let Some(c) = bot_play(&mut game, pack, map, &mut rng) else {
            break;
        };
        log.push(c);
    }
    match game.phase {
        Phase::Over {
            outcome: Outcome::Won,
        } => (Ending::Won, log),
        Phase::Over {
            outcome: Outcome::Lost { cause },
        } => (Ending::Lost(cause), log),
        _ => (Ending::Unfinished, log),
    }
}

fn plan_key(c: &Command) -> String {
    match c {
        Command::Fight { target } => target.clone(),
        Command::Move { to, .. } | Command::Row { to, .. } => to.clone(),
        _ => String::new(),
    }
}

/// The plain plan of the whole-game end-to-end test (tests/e2e/legacy-games.test.mjs, less the
/// one activation order it chooses): fight, search, go where the Enemies are, else end the
/// Actions (or perform the Mandatory Action owed); draw, resolve as drawn, take the first option.
/// The e2e seeds, the advisor's bench and `examples/table_plan` play it.
pub fn plain_plan(g: &Game, pack: &Pack, map: &Map) -> Command {
    match &g.phase {
        Phase::Morale => Command::MoraleCheck,
        Phase::Actions => plain_action(g, pack, map),
        Phase::Draw => Command::DrawThreat,
        Phase::Colour { .. } => Command::ResolveThreat,
        Phase::Activations { .. } | Phase::Over { .. } => Command::Activate { option: 0 },
    }
}

fn plain_action(g: &Game, pack: &Pack, map: &Map) -> Command {
    let legal = g.legal_commands(pack, map);
    let occupied = |to: &str| {
        g.table.enemies.iter().any(|e| e.at == to)
            || g.table.named_enemies.iter().any(|x| x.at == to)
    };
    let here = g.table.characters[g.active].at.clone();
    let pick = |f: &dyn Fn(&Command) -> bool| {
        let mut v: Vec<&Command> = legal.iter().filter(|c| f(c)).collect();
        v.sort_by_key(|c| plan_key(c));
        v.first().map(|c| (*c).clone())
    };
    pick(&|c| matches!(c, Command::Fight { .. }))
        .or_else(|| pick(&|c| matches!(c, Command::Search)))
        .or_else(|| pick(&|c| matches!(c, Command::StepOff) && occupied(&here)))
        .or_else(|| pick(&|c| matches!(c, Command::Move { to, escort } if escort.is_empty() && occupied(to))))
        .or_else(|| pick(&|c| matches!(c, Command::Row { to, with } if with.is_empty() && occupied(to) && *to != here)))
        .or_else(|| pick(&|c| matches!(c, Command::Board) && !occupied(&here)))
        .unwrap_or_else(|| {
            if legal.contains(&Command::EndActions) {
                Command::EndActions
            } else {
                legal
                    .iter()
                    .find(|c| action_of(c).is_some_and(|a| g.turn.mandatory.contains(&a)))
                    .expect("a Mandatory Action is owed when the Actions cannot end")
                    .clone()
            }
        })
}
