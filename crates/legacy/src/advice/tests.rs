//! Properties of the advisor over positions from bot games: it changes nothing, and it never
//! reads what the table cannot know (the order of the decks, the game's random stream).

use neverland_chance::Chance;
use proptest::prelude::*;

use super::*;
use crate::engine::Setup;
use crate::pack::Scenario;
use crate::sim::bot_play;

/// The first drawn, unresolved Threat card at or after command `skip` of a bot game.
fn drawn_card(pack: &Pack, map: &Map, players: u8, seed: u64, skip: usize) -> Option<Game> {
    let mut g = Game::new(pack, map, &Setup::for_players(players), seed).ok()?;
    let mut rng = Chance::from_seed(seed ^ 7);
    for n in 0..5_000 {
        if n >= skip && matches!(g.phase, Phase::Colour { .. }) {
            return Some(g);
        }
        bot_play(&mut g, pack, map, &mut rng)?;
        if g.outcome().is_some() {
            return None;
        }
    }
    None
}

/// A small budget so that both the exact walk and the rollouts are exercised.
fn small() -> Budget {
    Budget {
        nodes: 300,
        rollouts: 8,
        seed: 11,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn advice_changes_nothing_and_ignores_the_deck_order(
        pirates in any::<bool>(), players in 1u8..=4, seed in 0u64..1_000, skip in 0usize..400,
        shuffle in any::<u64>(),
    ) {
        let scenario = if pirates { Scenario::Pirates } else { Scenario::LostAllies };
        let pack = Pack::builtin(scenario).unwrap();
        let map = Map::new(&pack);
        let Some(game) = drawn_card(&pack, &map, players, seed, skip) else {
            return Ok(());
        };
        let before = game.clone();
        let json = serde_json::to_string(&game).unwrap();
        let a = advise(&pack, &map, &game, None, small()).unwrap();
        prop_assert_eq!(&game, &before);
        prop_assert_eq!(serde_json::to_string(&game).unwrap(), json);
        // The same table with the decks in another hidden order and another random stream.
        let mut other = game.clone();
        let mut rng = Chance::from_seed(shuffle);
        rng.shuffle(&mut other.search_deck);
        rng.shuffle(&mut other.threat_deck);
        other.rng = Chance::from_seed(shuffle ^ 1);
        let b = advise(&pack, &map, &other, None, small()).unwrap();
        prop_assert_eq!(a, b);
    }
}

#[test]
fn no_card_waiting_is_no_advice() {
    let pack = Pack::builtin(Scenario::LostAllies).unwrap();
    let map = Map::new(&pack);
    let g = Game::new(&pack, &map, &Setup::for_players(2), 1).unwrap();
    assert_eq!(
        advise(&pack, &map, &g, None, Budget::default())
            .unwrap_err()
            .0,
        "there is no drawn Threat card waiting to be resolved"
    );
}
