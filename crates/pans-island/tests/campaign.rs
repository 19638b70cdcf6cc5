//! "More Adventures": the Event envelope from game to game, through every special situation.

use neverland_pans_island::campaign::{Campaign, Special};
use neverland_pans_island::content::{EventKind, Events};
use neverland_pans_island::game::Outcome::{Lost, Won};

/// One Positive and one Negative Event: the shortest campaign that reaches all four situations.
fn two_events() -> Events {
    Events::from_json(
        "t.json",
        r#"{"id":"t","version":1,"events":[
            {"id":"p","name":"P","kind":"positive","source":"authored","effect":{"type":"camp-spaces","delta":1}},
            {"id":"n","name":"N","kind":"negative","source":"authored","effect":{"type":"camp-spaces","delta":-1}}]}"#,
    )
    .unwrap()
}

#[test]
fn every_special_situation_in_order() {
    let events = two_events();
    let c = Campaign::replay(&events, 7, &[Lost, Won, Lost, Lost, Won, Won, Won]);
    let steps: Vec<(Vec<String>, Option<Special>)> = c
        .history
        .iter()
        .map(|r| (r.removed.clone(), r.special))
        .collect();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        c.history[0].added.as_deref(),
        Some("p"),
        "a loss adds a Positive Event"
    );
    assert_eq!(
        c.history[1].added.as_deref(),
        Some("n"),
        "a win adds a Negative Event"
    );
    assert_eq!(
        steps[2],
        (s(&["n"]), Some(Special::LostWithAllPositiveRemoveNegative))
    );
    assert_eq!(
        steps[3],
        (s(&[]), Some(Special::LostWithAllPositiveAndNoNegative))
    );
    assert_eq!(
        c.history[3].played_with,
        s(&["p"]),
        "the Positive Events stay in the envelope"
    );
    assert_eq!(c.history[4].added.as_deref(), Some("n"));
    assert_eq!(
        steps[5],
        (s(&["p"]), Some(Special::WonWithAllNegativeRemovePositive))
    );
    assert_eq!(
        steps[6],
        (s(&["n"]), Some(Special::WonWithAllNegativeAndNoPositive))
    );
    assert!(
        c.envelope.is_empty(),
        "a huge win puts every Event back in the box"
    );
}

#[test]
fn a_five_game_campaign_with_the_real_cards() {
    let events = Events::builtin();
    let outcomes = [Won, Won, Lost, Won, Lost];
    let c = Campaign::replay(&events, 2026, &outcomes);
    assert_eq!(c.history.len(), 5);
    for (r, o) in c.history.iter().zip(outcomes) {
        let added = events.get(r.added.as_deref().unwrap()).unwrap();
        let want = if o == Won {
            EventKind::Negative
        } else {
            EventKind::Positive
        };
        assert_eq!(added.kind, want, "game {}", r.game);
        assert!(
            !r.played_with.contains(&added.id),
            "an Event is added only once"
        );
    }
    assert_eq!(c.envelope.len(), 5);
    // Replay gives the same envelope; another seed may draw other cards but the same kinds.
    assert_eq!(Campaign::replay(&events, 2026, &outcomes), c);
}

#[test]
fn winning_every_game_fills_the_envelope_with_negatives_then_empties_it() {
    let events = Events::builtin();
    let negatives = events
        .events
        .iter()
        .filter(|e| e.kind == EventKind::Negative)
        .count();
    let c = Campaign::replay(&events, 1, &vec![Won; negatives + 1]);
    assert_eq!(c.history[negatives - 1].played_with.len(), negatives - 1);
    assert_eq!(
        c.history[negatives].special,
        Some(Special::WonWithAllNegativeAndNoPositive)
    );
    assert!(c.envelope.is_empty());
}
