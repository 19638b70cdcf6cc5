//! Whole games: simulated play for every player count, the invariants of random legal play, and
//! the hidden-information guarantee over every public query.

use neverland_chance::Chance;
use neverland_pans_island::board::Board;
use neverland_pans_island::check::Within;
use neverland_pans_island::content::{Events, Visions};
use neverland_pans_island::game::{Command, Game, Setup, replay};
use neverland_pans_island::game::{Ring, Verdict};
use neverland_pans_island::geometry::Point;
use neverland_pans_island::heroes::Hero;
use neverland_pans_island::sim;
use proptest::prelude::*;

fn setup(n: usize) -> Setup {
    Setup {
        heroes: Hero::ALL[..n].to_vec(),
        first_player: 0,
        events: vec![],
        within: Some(neverland_pans_island::check::Within::DEFAULT),
    }
}

/// Every reading of "within the circle" in turn.
fn reading(seed: u64) -> Within {
    Within::OFFERED[(seed % 3) as usize]
}

fn with_reading(n: usize, seed: u64, powder: bool, within: Within) -> Game {
    let events = Events::builtin();
    let chosen: Vec<_> = if powder {
        vec![events.get("the-magic-powder").unwrap()]
    } else {
        vec![]
    };
    let mut s = setup(n);
    s.within = Some(within);
    Game::new(&Board::builtin(), &Visions::builtin(), &chosen, &s, seed).unwrap()
}

fn new_game(n: usize, seed: u64, powder: bool) -> Game {
    let events = Events::builtin();
    let chosen: Vec<_> = if powder {
        vec![events.get("the-magic-powder").unwrap()]
    } else {
        vec![]
    };
    Game::new(
        &Board::builtin(),
        &Visions::builtin(),
        &chosen,
        &setup(n),
        seed,
    )
    .unwrap()
}

#[test]
fn a_simulated_game_ends_for_every_player_count() {
    for n in 2..=5 {
        for seed in 0..3 {
            let (outcome, log, g) = sim::play(new_game(n, seed, seed == 2), seed, 20_000);
            assert!(
                outcome.is_some(),
                "{n} players, seed {seed}: no end after {} commands; last {:?}; phase {:?}; view {}",
                log.len(),
                log.last(),
                g.phase,
                serde_json::to_string(&g.public_view())
                    .unwrap()
                    .chars()
                    .take(600)
                    .collect::<String>()
            );
            let v = g.public_view();
            assert!(
                v.lost_children == v.lost_child_spaces || v.hook_marks == v.hook_spaces,
                "{v:?}"
            );
        }
    }
}

#[test]
fn setup_follows_the_player_count() {
    for (n, discards) in [(2, 20), (3, 12), (4, 4), (5, 0)] {
        let g = new_game(n, 1, false);
        let v = g.public_view();
        assert_eq!(v.discard.len(), discards, "{n} players");
        assert!(v.players.iter().all(|p| p.hand_size == 4));
        assert_eq!(
            v.piles.iter().map(|p| p.remaining).sum::<usize>(),
            75 - discards - 4 * n
        );
        // Aurora cards lie on top of the Storm cards.
        assert!(
            v.piles
                .iter()
                .all(|p| p.top_back == Some(neverland_pans_island::content::Back::Aurora))
        );
    }
    assert!(Game::new(&Board::builtin(), &Visions::builtin(), &[], &setup(1), 0).is_err());
    let twice = Setup {
        heroes: vec![Hero::Wendy, Hero::Wendy],
        first_player: 0,
        events: vec![],
        within: Some(neverland_pans_island::check::Within::DEFAULT),
    };
    assert!(Game::new(&Board::builtin(), &Visions::builtin(), &[], &twice, 0).is_err());
}

/// Every number a sleeve holds, by holder.
fn sleeve_numbers(g: &Game) -> Vec<(usize, f64)> {
    let mut out = Vec::new();
    for p in 0..g.players() {
        if let Some(s) = g.holder_view(p).and_then(|h| h.sleeve) {
            numbers(&serde_json::to_value(&s).unwrap(), &mut |v| {
                out.push((p, v))
            });
        }
    }
    out
}

/// Calls `f` with every number in a JSON value.
fn numbers(v: &serde_json::Value, f: &mut impl FnMut(f64)) {
    match v {
        serde_json::Value::Number(n) => f(n.as_f64().unwrap()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| numbers(x, f)),
        serde_json::Value::Object(o) => o.values().for_each(|x| numbers(x, f)),
        _ => {}
    }
}

fn all_numbers<T: serde::Serialize>(t: &T) -> Vec<f64> {
    let mut out = Vec::new();
    numbers(&serde_json::to_value(t).unwrap(), &mut |v| out.push(v));
    out
}

fn played(n: usize, seed: u64, steps: usize) -> (Game, Vec<Command>) {
    let mut g = with_reading(n, seed, seed.is_multiple_of(2), reading(seed));
    let mut rng = Chance::from_seed(seed ^ 0xabc);
    let mut crosses = Vec::new();
    let mut log = Vec::new();
    for _ in 0..steps {
        match sim::step(&mut g, &mut rng, &mut crosses) {
            Some(c) => log.push(c),
            None => break,
        }
    }
    (g, log)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random legal play never panics, never exceeds the box, and replaying its log gives the
    /// same state as playing it step by step.
    #[test]
    fn random_play_keeps_the_invariants(n in 2usize..=5, seed: u64, steps in 1usize..400) {
        let (g, log) = played(n, seed, steps);
        let v = g.public_view();
        prop_assert_eq!(g.card_count(), 75);
        prop_assert!(v.hook_marks <= v.hook_spaces);
        prop_assert!(v.lost_children <= v.lost_child_spaces);
        prop_assert!(g.sleeves_left() <= 12);
        prop_assert!(v.players.iter().all(|p| p.hand_size <= 6 && (0.0..=1.0).contains(&p.danger)));
        let events = Events::builtin();
        let chosen: Vec<_> = if seed.is_multiple_of(2) { vec![events.get("the-magic-powder").unwrap()] } else { vec![] };
        let mut s = setup(n);
        s.within = Some(reading(seed));
        let again = replay(&Board::builtin(), &Visions::builtin(), &chosen, &s, seed, &log).unwrap();
        prop_assert_eq!(again.public_view(), v);
        for p in 0..n {
            prop_assert_eq!(again.holder_view(p), g.holder_view(p));
        }
    }

    /// No public answer contains a hidden position, and a holder sees only their own sleeve.
    #[test]
    fn hidden_positions_never_leak(n in 2usize..=5, seed: u64, steps in 1usize..300) {
        let (g, _) = played(n, seed, steps);
        // The bot's sleeves use coordinates ending in .25 or .75 and radii that are whole
        // numbers; public positions come from starts, moves and camps.
        let public = all_numbers(&g.public_view());
        let secrets = sleeve_numbers(&g);
        let fractional = |v: f64| v.fract() != 0.0;
        for (_, num) in secrets.iter().filter(|(_, v)| fractional(*v)) {
            prop_assert!(!public.contains(num), "public view shows {}", num);
        }
        for viewer in 0..n {
            let own = all_numbers(&g.holder_view(viewer));
            let mine: Vec<f64> = secrets.iter().filter(|(h, _)| *h == viewer).map(|(_, v)| *v).collect();
            for (holder, num) in secrets.iter().filter(|(_, v)| fractional(*v)) {
                if *holder != viewer && !mine.contains(num) {
                    prop_assert!(!own.contains(num), "player {} sees {} of player {}", viewer, num, holder);
                }
            }
        }
    }

    /// A refused command changes nothing.
    #[test]
    fn refusals_change_nothing(n in 2usize..=5, seed: u64, steps in 1usize..200) {
        let (mut g, _) = played(n, seed, steps);
        let before = (g.public_view(), (0..n).map(|p| g.holder_view(p)).collect::<Vec<_>>());
        for bad in [
            Command::EndTurn,
            Command::StartActing,
            Command::Draw { player: 9, pile: neverland_pans_island::content::Pile::Distance },
            Command::Uncover { centre: neverland_pans_island::game::Xy { x: -1e9, y: 0.0 } },
            Command::Explore { circles: vec![] },
        ] {
            if g.apply(&bad).is_err() {
                prop_assert_eq!(&(g.public_view(), (0..n).map(|p| g.holder_view(p)).collect::<Vec<_>>()), &before);
            } else {
                break;
            }
        }
    }
}

/// Games set up so that the Explore that finds a Child often also meets Hook (a ring sits on
/// every cross) with only 3 Hook spaces left to mark: games are lost on an Explore whose circle
/// holds the cross. Nothing about that cross may be recorded: no found Child in the verdict, no
/// Lost Child space, and no hidden number in any view or refusal.
#[test]
fn a_game_lost_and_won_on_the_same_explore_records_no_child() {
    let events = Events::builtin();
    let chosen = [
        events.get("crocodile-tick").unwrap(),
        events.get("hooks-spyglass").unwrap(),
    ];
    let mut both = 0;
    for within in Within::OFFERED {
        for n in 2..=5 {
            for seed in 0..12u64 {
                let mut s = setup(n);
                s.within = Some(within);
                let mut g =
                    Game::new(&Board::builtin(), &Visions::builtin(), &chosen, &s, seed).unwrap();
                let mut rng = Chance::from_seed(seed);
                let mut crosses: Vec<Option<Point>> = vec![None; n];
                let mut secrets = Vec::new();
                let mut last = None;
                for _ in 0..20_000 {
                    if let Some(p) = (0..n).find(|&p| !g.public_view().players[p].has_sleeve) {
                        if g.is_over().is_some() {
                            break;
                        }
                        let mut sleeve = sim::random_sleeve(&g, &mut rng);
                        sleeve.hooks.push(Ring {
                            x: sleeve.cross.x + 0.5,
                            y: sleeve.cross.y + 0.5,
                            r: 15.0,
                        });
                        numbers(&serde_json::to_value(&sleeve).unwrap(), &mut |v| {
                            if v.fract() != 0.0 {
                                secrets.push(v)
                            }
                        });
                        crosses[p] = Some(Point {
                            x: sleeve.cross.x,
                            y: sleeve.cross.y,
                        });
                        g.apply(&Command::SetSleeve { player: p, sleeve }).unwrap();
                        continue;
                    }
                    match sim::step(&mut g, &mut rng, &mut crosses) {
                        Some(c) => last = Some(c),
                        None => break,
                    }
                }
                let v = g.public_view();
                let shown = all_numbers(&v);
                for x in &secrets {
                    assert!(!shown.contains(x), "the public view shows {x}");
                }
                for bad in [Command::EndTurn, Command::Explore { circles: vec![] }] {
                    if let Err(e) = g.clone().apply(&bad) {
                        assert!(
                            secrets.iter().all(|x| !e.text.contains(&x.to_string())),
                            "{e}"
                        );
                    }
                }
                // Only a game that the Explore itself lost.
                if g.is_over() != Some(neverland_pans_island::game::Outcome::Lost)
                    || !matches!(last, Some(Command::Explore { .. }))
                {
                    continue;
                }
                assert!(v.lost_children < v.lost_child_spaces);
                let Some(Verdict::Explore {
                    player,
                    hook_encountered: true,
                    child_found,
                    ..
                }) = v.verdicts.last().copied()
                else {
                    continue;
                };
                assert!(!child_found, "a lost game announces a found Child");
                // Was the cross in the circle that lost the game?
                let cross = crosses[(player + 1) % n].unwrap();
                let last = v.players[player].circles.last().unwrap();
                if cross.dist(Point {
                    x: last.x,
                    y: last.y,
                }) <= last.r
                {
                    both += 1;
                }
            }
        }
    }
    assert!(
        both > 0,
        "no game was lost on an Explore that held the cross"
    );
}

/// The player bot (it knows only its own seat) finishes games for every player count and
/// reading, and its games replay from their logs.
#[test]
fn player_bot_games_end_for_every_count_and_reading() {
    for within in Within::OFFERED {
        for n in 2..=5 {
            let seed = n as u64;
            let g = with_reading(n, seed, n == 4, within);
            let (outcome, log, g) = neverland_pans_island::player::play(g, seed, 50_000);
            assert!(outcome.is_some(), "{n} players, {within:?}: no end");
            let events = Events::builtin();
            let chosen: Vec<_> = if n == 4 {
                vec![events.get("the-magic-powder").unwrap()]
            } else {
                vec![]
            };
            let mut s = setup(n);
            s.within = Some(within);
            let again = replay(
                &Board::builtin(),
                &Visions::builtin(),
                &chosen,
                &s,
                seed,
                &log,
            )
            .unwrap();
            assert_eq!(again.public_view(), g.public_view());
            let public = all_numbers(&g.public_view());
            for (_, v) in sleeve_numbers(&g).iter().filter(|(_, v)| v.fract() != 0.0) {
                assert!(!public.contains(v), "public view shows {v}");
            }
        }
    }
}
