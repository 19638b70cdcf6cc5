//! The plain plan of the whole-game end-to-end test (tests/e2e/legacy-games.test.mjs), played by
//! the engine alone for seeds 0..40: prints how each game ends and after how many commands. The
//! e2e seeds were picked from this list (short games that end in different ways).
//!
//! `cargo run --release -p neverland-legacy --example table_plan -- lost-allies 2`

use neverland_legacy::engine::{Command, Game, Phase, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::sim::plain_plan;
use neverland_legacy::{Pack, Scenario};
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
            if matches!(g.phase, Phase::Morale) {
                turns += 1;
            }
            let cmd = plain_plan(&g, &pack, &map);
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
