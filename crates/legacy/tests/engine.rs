//! The game engine over whole games: set-up, bot play in both scenarios and every player count.

use neverland_legacy::engine::{Game, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::sim::{self, Ending};
use neverland_legacy::{Pack, Scenario};

#[test]
fn bot_games_end() {
    for s in Scenario::ALL {
        let pack = Pack::builtin(s).unwrap();
        let map = Map::new(&pack);
        for players in 1..=4u8 {
            for seed in 0..5u64 {
                let setup = Setup {
                    players,
                    characters: vec![],
                    physical_threat_deck: false,
                };
                let (end, log) = sim::play(&pack, &map, &setup, seed, 20_000);
                eprintln!(
                    "{s} {players}p seed {seed}: {end:?} after {} commands",
                    log.len()
                );
                assert_ne!(end, Ending::Unfinished);
                let _ = Game::new(&pack, &map, &setup, seed).unwrap();
            }
        }
    }
}
