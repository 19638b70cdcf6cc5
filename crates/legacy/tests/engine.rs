//! The game engine over whole games: bot play in both scenarios and every player count, with
//! the invariants checked after every command (property tests), and replay against the state
//! built step by step.

use neverland_chance::Chance;
use neverland_legacy::engine::{Command, Game, Setup};
use neverland_legacy::map::Map;
use neverland_legacy::sim::{self, Ending};
use neverland_legacy::{Pack, Scenario};
use proptest::prelude::*;

fn packs() -> Vec<(Pack, Map)> {
    Scenario::ALL
        .into_iter()
        .map(|s| {
            let p = Pack::builtin(s).unwrap();
            let m = Map::new(&p);
            (p, m)
        })
        .collect()
}

fn setup(players: u8, physical: bool) -> Setup {
    Setup {
        players,
        characters: vec![],
        physical_threat_deck: physical,
    }
}

/// The box's limits, as the position format checks them, plus the decks' sizes.
fn check_box(g: &Game, pack: &Pack, map: &Map) {
    g.table
        .validate(pack, map)
        .unwrap_or_else(|e| panic!("the table leaves the box: {e}"));
    let coins: u8 = g.table.characters.iter().map(|c| c.coins).sum();
    assert!(coins <= pack.supply.coins);
    let threats = g.threat_deck.len() + g.threat_discard.len();
    // The card in play is discarded once its Discover is done ("after resolving" steps follow).
    let in_play = usize::from(matches!(
        g.phase,
        neverland_legacy::engine::Phase::Colour { .. }
            | neverland_legacy::engine::Phase::Activations { after: false, .. }
    ));
    // (A game lost in the middle of a Threat keeps that card in play, in no pile.)
    let over = usize::from(g.outcome().is_some());
    assert!(
        (16 - over..=16).contains(&(threats + in_play)),
        "every Threat card is somewhere"
    );
    let items: usize = g.items.iter().map(Vec::len).sum();
    let hostage_cards_out = g.table.hostages.len()
        + g.table
            .characters
            .iter()
            .map(|c| c.carrying.len())
            .sum::<usize>();
    let _ = hostage_cards_out;
    assert!(g.search_deck.len() + g.search_discard.len() + g.set_aside.len() + items <= 38);
}

/// Plays a game with the bot, checking after every command: the box, that a refused candidate
/// changed nothing, and (every `replay_every` steps) that replaying the log gives the same state
/// and that undo (replay one shorter) then redo is the identity.
fn exercise(pack: &Pack, map: &Map, s: &Setup, seed: u64, replay_every: usize) -> (Ending, usize) {
    let mut game = Game::new(pack, map, s, seed).unwrap();
    let mut rng = Chance::from_seed(seed ^ 77);
    let mut log: Vec<Command> = Vec::new();
    for step in 0..5000 {
        if game.outcome().is_some() {
            break;
        }
        // A refused candidate leaves the game exactly as it was.
        let cands = game.candidates(pack, map);
        let probe = &cands[rng.below(cands.len() as u32) as usize];
        let before = game.clone();
        let mut tried = game.clone();
        if tried.apply(pack, map, probe).is_err() {
            assert_eq!(tried, before, "refused {probe:?} changed the game");
        }
        if step % 25 == 0 {
            // The game never gets stuck: something is always allowed until it ends.
            assert!(
                !game.legal_commands(pack, map).is_empty(),
                "nothing is legal in {:?}",
                game.phase
            );
        }
        let c = sim::bot_play(&mut game, pack, map, &mut rng).expect("something is legal");
        log.push(c);
        check_box(&game, pack, map);
        if step % replay_every == 0 {
            let replayed = Game::replay(pack, map, s, seed, &log).unwrap();
            assert_eq!(
                replayed,
                game,
                "replay differs after {} commands",
                log.len()
            );
            let shorter = Game::replay(pack, map, s, seed, &log[..log.len() - 1]).unwrap();
            let mut redone = shorter.clone();
            redone.apply(pack, map, log.last().unwrap()).unwrap();
            assert_eq!(redone, game, "undo then redo is not the identity");
        }
    }
    let end = match game.outcome() {
        Some(neverland_legacy::engine::Outcome::Won) => Ending::Won,
        Some(neverland_legacy::engine::Outcome::Lost { cause }) => Ending::Lost(cause),
        None => Ending::Unfinished,
    };
    let replayed = Game::replay(pack, map, s, seed, &log).unwrap();
    assert_eq!(replayed, game);
    (end, log.len())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_legal_play_keeps_every_invariant(
        scenario in 0usize..2,
        players in 1u8..=4,
        physical in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let packs = packs();
        let (pack, map) = &packs[scenario];
        let (end, n) = exercise(pack, map, &setup(players, physical), seed, 7);
        prop_assert_ne!(end, Ending::Unfinished, "no end after {} commands", n);
    }
}

#[test]
fn every_scenario_and_player_count_plays_to_an_end() {
    for (pack, map) in packs() {
        for players in 1..=4u8 {
            for seed in 0..3u64 {
                let (end, log) = sim::play(&pack, &map, &setup(players, false), seed, 20_000);
                assert_ne!(
                    end,
                    Ending::Unfinished,
                    "{} {players}p seed {seed}",
                    pack.id
                );
                assert!(!log.is_empty());
            }
        }
    }
}

#[test]
fn set_up_follows_the_recipe() {
    for (pack, map) in packs() {
        for players in 1..=4u8 {
            let g = Game::new(&pack, &map, &setup(players, false), 9).unwrap();
            let seats = players.max(2) as usize;
            assert_eq!(g.table.characters.len(), seats);
            // 4 set-up Threats discarded, the other 11 and the Named Enemy card in the deck.
            assert_eq!(g.setup_threats.len(), 4);
            assert_eq!(g.threat_discard, g.setup_threats);
            assert_eq!(g.threat_deck.len(), 12);
            assert!(g.threat_deck.iter().any(|c| c == "named-enemy"));
            // Hostage cards: one per seat, in the third pile between the 4-card top stack and
            // the 8-card bottom one (RB 174; docs/rules-interpretations.md).
            let hostage_cards: Vec<usize> = g
                .search_deck
                .iter()
                .rev()
                .enumerate()
                .filter(|(_, c)| c.starts_with("hostage-"))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(hostage_cards.len(), seats);
            let len = g.search_deck.len();
            assert!(
                hostage_cards.iter().all(|&i| i >= 4 && i < len - 8),
                "{hostage_cards:?}"
            );
            assert_eq!(g.search_deck.len(), 38 - (4 - seats));
            // Characters on the small board; the Rowboat docked there for the Pirates.
            let start = &pack.boards[0].locations[0];
            assert!(g.table.characters.iter().all(|c| c.at == *start));
            assert_eq!(
                g.table.rowboat.is_some(),
                pack.scenario == Scenario::Pirates
            );
            // What the table may do now: roll for Morale, nothing else.
            assert_eq!(
                g.legal_commands(&pack, &map),
                vec![neverland_legacy::engine::Command::MoraleCheck]
            );
            // The set-up Threats discovered Enemies and Search tokens.
            assert!(!g.table.enemies.is_empty());
            assert!(!g.table.search_tokens.is_empty());
        }
    }
}

/// One implementation: after every Threat resolved in bot games, the hints for the table (the
/// query the command line answers) list exactly the activations the engine then offers, one by
/// one, while both take the first option, up to the first Search (whose card only the engine
/// draws) or the end of the list.
#[test]
fn hints_agree_with_the_engine() {
    use neverland_legacy::engine::Phase;
    use neverland_legacy::hints::{Act, hints};
    let mut compared = 0;
    for (pack, map) in packs() {
        for players in 2..=4u8 {
            for seed in 0..6u64 {
                let mut g = Game::new(&pack, &map, &setup(players, false), seed).unwrap();
                let mut rng = Chance::from_seed(seed);
                for _ in 0..3_000 {
                    let Some(c) = sim::bot_play(&mut g, &pack, &map, &mut rng) else {
                        break;
                    };
                    if g.outcome().is_some() {
                        break;
                    }
                    let (Command::ResolveThreat, Phase::Activations { colour, .. }) =
                        (&c, &g.phase)
                    else {
                        continue;
                    };
                    let h = hints(&pack, &map, &g.table, *colour);
                    let mut probe = g.clone();
                    for a in &h.activations {
                        let Phase::Activations { queue, after, .. } = &probe.phase else {
                            panic!("the engine stopped before the hints' {a:?}");
                        };
                        assert!(!after, "the hints stop before the Discover");
                        assert_eq!(queue[0].id(), a.enemy, "seed {seed}");
                        let (priority, options) = probe.pending_options(&pack, &map).unwrap();
                        assert_eq!(
                            (&priority, &options),
                            (&a.priority, &a.options),
                            "seed {seed}"
                        );
                        compared += 1;
                        probe
                            .apply(&pack, &map, &Command::Activate { option: 0 })
                            .unwrap();
                        if matches!(options[0], Act::Search { .. }) || probe.outcome().is_some() {
                            break;
                        }
                    }
                }
            }
        }
    }
    assert!(compared > 200, "only {compared} activations compared");
}
