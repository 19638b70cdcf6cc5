//! Unit tests of the `game` module (kept apart so the engine files stay readable).
use super::*;
use crate::content::{Back, Events};

fn deck(cards: &str) -> Visions {
    let text = format!(
        r#"{{"id":"t","version":1,"source":"authored","setup_discards":{{"source":"rulebook","by_players":{{"2":[0,0],"3":[0,0],"4":[0,0],"5":[0,0]}}}},"cards":[{cards}]}}"#
    );
    Visions::from_json("t.json", &text).unwrap()
}

fn card(id: &str, pile: &str, back: &str, hook: bool) -> String {
    format!(r#"{{"id":"{id}","pile":"{pile}","back":"{back}","face":"x","hook":{hook}}}"#)
}

/// 4 Aurora cards per pile for the 2 + 2 hands of 2 players, then what `extra` adds below.
fn game(extra: &[String], events: &[&Event]) -> Game {
    let mut cards: Vec<String> = Vec::new();
    cards.extend(extra.iter().cloned());
    for i in 0..4 {
        cards.push(card(&format!("a-dist-{i}"), "distance", "aurora", false));
        cards.push(card(&format!("a-dir-{i}"), "direction", "aurora", false));
    }
    let setup = Setup {
        heroes: vec![Hero::PeterPan, Hero::Wendy],
        first_player: 0,
        events: vec![],
        within: Some(Within::DEFAULT),
    };
    let mut g = Game::new(
        &Board::builtin(),
        &deck(&cards.join(",")),
        events,
        &setup,
        5,
    )
    .unwrap();
    for p in 0..2 {
        let s = SleeveInput {
            cross: Xy {
                x: 300.25,
                y: 500.25,
            },
            hooks: vec![],
            dark_areas: vec![],
        };
        g.apply(&Command::SetSleeve {
            player: p,
            sleeve: s,
        })
        .unwrap();
    }
    g
}

#[test]
fn storm_cards_lie_under_aurora_cards() {
    let g = game(&[card("s-dist", "distance", "storm", false)], &[]);
    // The 4 Aurora Distance cards went to the hands: the Storm card is all that is left.
    let v = g.public_view();
    assert_eq!(v.piles[0].remaining, 1);
    assert_eq!(v.piles[0].top_back, Some(Back::Storm));
}

#[test]
fn a_hook_symbol_marks_a_hook_space_and_the_player_draws_again() {
    let mut g = game(
        &[
            card("s-dist-hook", "distance", "storm", true),
            card("s-dir-plain", "direction", "storm", false),
        ],
        &[],
    );
    g.apply(&Command::Draw {
        player: 0,
        pile: Pile::Distance,
    })
    .unwrap();
    let v = g.public_view();
    assert_eq!(v.hook_marks, 1);
    assert_eq!(
        (v.players[0].hand_size, v.players[0].drawn),
        (4, 0),
        "the Hook card does not count"
    );
    assert_eq!(
        v.discard.last().map(|c| c.card.as_str()),
        Some("s-dist-hook")
    );
    // The replacement comes from the pile of the player's choice.
    g.apply(&Command::Draw {
        player: 0,
        pile: Pile::Direction,
    })
    .unwrap();
    assert!(g.hand_ids(0).contains(&"s-dir-plain".to_string()));
    assert_eq!(g.public_view().players[0].drawn, 1);
}

#[test]
fn clear_skies_keeps_hook_cards_as_visions() {
    let events = Events::builtin();
    let mut g = game(
        &[card("s-dist-hook", "distance", "storm", true)],
        &[events.get("clear-skies").unwrap()],
    );
    g.apply(&Command::Draw {
        player: 0,
        pile: Pile::Distance,
    })
    .unwrap();
    assert_eq!(g.public_view().hook_marks, 0);
    assert!(g.hand_ids(0).contains(&"s-dist-hook".to_string()));
}

#[test]
fn an_empty_pile_is_never_rebuilt_and_the_other_is_used() {
    let mut g = game(
        &[
            card("s-dir", "direction", "storm", false),
            card("s-dir-2", "direction", "storm", false),
        ],
        &[],
    );
    let e = g
        .apply(&Command::Draw {
            player: 0,
            pile: Pile::Distance,
        })
        .unwrap_err();
    assert!(e.text.contains("draw from the other"), "{e}");
    g.apply(&Command::Draw {
        player: 0,
        pile: Pile::Direction,
    })
    .unwrap();
    g.apply(&Command::Draw {
        player: 0,
        pile: Pile::Direction,
    })
    .unwrap();
    // Both piles are now empty: player 1 cannot draw, and may play at once.
    let e = g
        .apply(&Command::Draw {
            player: 1,
            pile: Pile::Direction,
        })
        .unwrap_err();
    assert!(e.text.contains("both Vision piles are empty"), "{e}");
    let card = g.hand_ids(1)[0].clone();
    g.apply(&Command::Play {
        player: 1,
        card,
        target: Target::Discard,
    })
    .unwrap();
    assert_eq!(
        g.public_view()
            .piles
            .iter()
            .map(|p| p.remaining)
            .sum::<usize>(),
        0
    );
}

#[test]
fn a_hook_card_drawn_on_the_last_hook_space_ends_the_game() {
    let events = Events::builtin();
    let tick = events.get("crocodile-tick").unwrap();
    let spyglass = events.get("hooks-spyglass").unwrap();
    // 4 spaces, 1 marked at start: three Hook cards in a row lose the game mid-draw.
    let hooks: Vec<String> = (0..3)
        .map(|i| card(&format!("h{i}"), "distance", "storm", true))
        .collect();
    let mut g = game(&hooks, &[tick, spyglass]);
    for _ in 0..2 {
        g.apply(&Command::Draw {
            player: 0,
            pile: Pile::Distance,
        })
        .unwrap();
        assert_eq!(g.is_over(), None);
    }
    g.apply(&Command::Draw {
        player: 1,
        pile: Pile::Distance,
    })
    .unwrap();
    assert_eq!(g.is_over(), Some(Outcome::Lost));
    let e = g
        .apply(&Command::Draw {
            player: 1,
            pile: Pile::Direction,
        })
        .unwrap_err();
    assert!(e.text.contains("game is over"), "{e}");
    assert_eq!(g.public_view().hook_marks, 4);
}
