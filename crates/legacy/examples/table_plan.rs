//! The plain plan of the whole-game end-to-end test (tests/e2e/legacy-games.test.mjs), played by
//! the engine alone for seeds 0..40: prints how each game ends and after how many commands. The
//! e2e seeds were picked from this list (short games that end in different ways).
//!
//! `cargo run --release -p neverland-legacy --example table_plan -- lost-allies 2`

use neverland_legacy::engine::{Command, Game, Phase, Setup, action_of};
use neverland_legacy::map::Map;
use neverland_legacy::{Pack, Scenario};
fn key(c: &Command) -> String {
    match c {
        Command::Fight { target } => target.clone(),
        Command::Move { to, .. } | Command::Row { to, .. } => to.clone(),
        _ => String::new(),
    }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scen = if args[1] == "pirates" {
        Scenario::Pirates
    } else {
        Scenario::LostAllies
    };
    let players: u8 = args[2].parse().unwrap();
    let pack = Pack::builtin(scen).unwrap();
    let map = Map::new(&pack);
    for seed in 0..40u64 {
        let mut g = Game::new(&pack, &map, &Setup::for_players(players), seed).unwrap();
        let (mut n, mut turns, mut acts) = (0, 0, 0);
        loop {
            if let Phase::Over { outcome } = &g.phase {
                println!(
                    "seed {seed}: {outcome:?} after {n} commands, {turns} turns, {acts} actions"
                );
                break;
            }
            if n > 400 {
                println!("seed {seed}: unfinished");
                break;
            }
            let cmd = match &g.phase {
                Phase::Morale => {
                    turns += 1;
                    Command::MoraleCheck
                }
                Phase::Actions => {
                    let legal = g.legal_commands(&pack, &map);
                    let occupied = |to: &str| {
                        g.table.enemies.iter().any(|e| e.at == to)
                            || g.table.named_enemies.iter().any(|x| x.at == to)
                    };
                    let here = g.table.characters[g.active].at.clone();
                    let pick = |f: &dyn Fn(&Command) -> bool| {
                        let mut v: Vec<&Command> = legal.iter().filter(|c| f(c)).collect();
                        v.sort_by_key(|c| key(c));
                        v.first().map(|c| (*c).clone())
                    };
                    pick(&|c| matches!(c, Command::Fight { .. }))
                        .or_else(|| pick(&|c| matches!(c, Command::Search)))
                        .or_else(|| pick(&|c| matches!(c, Command::StepOff) && occupied(&here)))
                        .or_else(|| pick(&|c| matches!(c, Command::Move { to, escort } if escort.is_empty() && occupied(to))))
                        .or_else(|| pick(&|c| matches!(c, Command::Row { to, with } if with.is_empty() && occupied(to) && *to != here)))
                        .or_else(|| pick(&|c| matches!(c, Command::Board) && !occupied(&here)))
                        .unwrap_or_else(|| if legal.contains(&Command::EndActions) { Command::EndActions } else {
                            legal.iter().find(|c| action_of(c).is_some_and(|a| g.turn.mandatory.contains(&a))).unwrap().clone()
                        })
                }
                Phase::Draw => Command::DrawThreat,
                Phase::Colour { .. } => Command::ResolveThreat,
                Phase::Activations { .. } => Command::Activate { option: 0 },
                Phase::Over { .. } => unreachable!(),
            };
            if matches!(g.phase, Phase::Actions) && cmd != Command::EndActions {
                acts += 1;
            }
            if let Err(e) = g.apply(&pack, &map, &cmd) {
                println!("seed {seed}: refused {cmd:?}: {e:?}");
                break;
            }
            n += 1;
        }
    }
}
