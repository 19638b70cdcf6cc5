//! Pan's Island through the service, against a real SQLite file: whole games played by the bot,
//! with every answer checked against the engine and searched for hidden numbers; sleeves read
//! from generated photos; the secret kept out of the public log.

use base64::Engine as _;
use neverland_chance::Chance;
use neverland_companion::pans::{
    CardSleeve, NewPansGame, PansCommand, PansView, board_to_card, card_to_board,
};
use neverland_companion::pans_seat::SeatPass;
use neverland_companion::{Companion, ErrorCode};
use neverland_pans_island::board::Board;
use neverland_pans_island::check::Within;
use neverland_pans_island::content::Visions;
use neverland_pans_island::game::{Game, Ring, Setup, SleeveInput, Xy};
use neverland_pans_island::heroes::Hero;
use neverland_pans_island::sim;

fn setup(n: usize) -> Setup {
    Setup {
        heroes: Hero::ALL[..n].to_vec(),
        first_player: 0,
        events: vec![],
        within: None,
    }
}

async fn open(dir: &tempfile::TempDir) -> Companion {
    Companion::open(dir.path().join("games.db"), || 99)
        .await
        .unwrap()
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

/// Board millimetres to card millimetres and back gives the sleeve again, on a board whose two
/// axes scale differently too (a radius goes by their mean both ways).
#[test]
fn board_to_card_undoes_card_to_board() {
    let sleeve = SleeveInput {
        cross: Xy {
            x: 101.25,
            y: 33.75,
        },
        hooks: vec![Ring {
            x: 40.5,
            y: 77.25,
            r: 31.0,
        }],
        dark_areas: vec![vec![[10.0, 12.5], [52.25, 12.5], [52.25, 60.0]]],
    };
    for scale in [Board::builtin().card_scale, (7.5, 6.25)] {
        let mut board = Board::builtin();
        board.card_scale = scale;
        let back = card_to_board(&board, &board_to_card(&board, &sleeve));
        let (a, b) = (all_numbers(&sleeve), all_numbers(&back));
        assert_eq!(a.len(), b.len());
        assert!(
            a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-9),
            "{a:?} != {b:?}"
        );
    }
}

/// Plays a whole game through the service while the bot plays the same game in memory; every
/// answer must equal the engine's public view and hold none of the sleeves' (fractional) numbers.
async fn play_through(
    c: &Companion,
    n: usize,
    seed: u64,
    campaign: Option<i64>,
) -> (PansView, Vec<f64>) {
    play_through_with(c, setup(n), seed, campaign, false).await
}

/// `play_through` with a chosen set-up; `hook_on_cross` puts a Hook ring on every cross, so the
/// Explore that finds a Child often meets Hook too.
async fn play_through_with(
    c: &Companion,
    s: Setup,
    seed: u64,
    campaign: Option<i64>,
    hook_on_cross: bool,
) -> (PansView, Vec<f64>) {
    let board = Board::builtin();
    let mut view = c
        .new_pans_game(NewPansGame {
            setup: s,
            seed: Some(seed.to_string()),
            campaign,
        })
        .await
        .unwrap();
    let id = view.game.id;
    let events = neverland_pans_island::content::Events::builtin();
    let chosen: Vec<_> = view
        .setup
        .events
        .iter()
        .map(|e| events.get(e).unwrap())
        .collect();
    let mut mirror = Game::new(&board, &Visions::builtin(), &chosen, &view.setup, seed).unwrap();
    let mut rng = Chance::from_seed(seed ^ 0x5eed);
    let mut crosses = Vec::new();
    let mut secrets: Vec<f64> = Vec::new();
    for _ in 0..3000 {
        let before = mirror.clone();
        let Some(cmd) = sim::step(&mut mirror, &mut rng, &mut crosses) else {
            break;
        };
        view = match cmd {
            PansCommand::SetSleeve { player, mut sleeve } => {
                if hook_on_cross {
                    sleeve.hooks.push(Ring {
                        x: sleeve.cross.x + 0.5,
                        y: sleeve.cross.y + 0.5,
                        r: 15.0,
                    });
                }
                // What the service will hold: the card-millimetre entry mapped back to the board.
                let card = board_to_card(&board, &sleeve);
                let exact = card_to_board(&board, &card);
                mirror = before;
                mirror
                    .apply(&PansCommand::SetSleeve {
                        player,
                        sleeve: exact.clone(),
                    })
                    .unwrap();
                numbers(&serde_json::to_value(&exact).unwrap(), &mut |v| {
                    if v.fract() != 0.0 {
                        secrets.push(v)
                    }
                });
                numbers(&serde_json::to_value(&card).unwrap(), &mut |v| {
                    if v.fract() != 0.0 {
                        secrets.push(v)
                    }
                });
                c.set_sleeve(id, player, card).await.unwrap()
            }
            other => c.pans_command(id, other).await.unwrap(),
        };
        assert_eq!(view.state, mirror.public_view());
        let shown = all_numbers(&view);
        for s in &secrets {
            assert!(!shown.contains(s), "an answer shows the hidden number {s}");
        }
    }
    assert!(mirror.is_over().is_some(), "the bot's game did not end");
    (view, secrets)
}

#[tokio::test]
async fn a_three_player_game_to_its_end_keeps_every_sleeve_secret() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let (view, secrets) = play_through(&c, 3, 11, None).await;
    assert!(
        view.game.status == "won" || view.game.status == "lost",
        "{}",
        view.game.status
    );
    // The public log on disk names sleeves by number only; the secret table holds them.
    let log = c.store().commands(view.game.id).await.unwrap();
    let logged = all_numbers(&log);
    for s in &secrets {
        assert!(!logged.contains(s), "the public log holds {s}");
    }
    let held = all_numbers(&c.store().sleeve_secrets(view.game.id).await.unwrap());
    assert!(secrets.iter().any(|s| held.contains(s)));
    // Killing the app and opening the file again shows the same game.
    drop(c);
    let again = open(&dir).await;
    assert_eq!(again.pans_game(view.game.id).await.unwrap(), view);
}

#[tokio::test]
async fn games_for_two_to_five_players_end_through_the_service() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    for (n, seed) in [(2, 3), (4, 5), (5, 8)] {
        let (view, _) = play_through(&c, n, seed, None).await;
        assert_ne!(view.game.status, "in-progress", "{n} players");
    }
}

#[tokio::test]
async fn refusals_undo_and_redo() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let v = c
        .new_pans_game(NewPansGame {
            setup: setup(2),
            seed: Some("4".into()),
            campaign: None,
        })
        .await
        .unwrap();
    let id = v.game.id;
    // Nothing happens before the sleeves are set; the refusal stores nothing.
    let e = c
        .pans_command(id, PansCommand::StartActing)
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand, "{}", e.message);
    assert_eq!(c.pans_game(id).await.unwrap(), v);
    // A sleeve cannot be sent as a public command.
    let mirror = Game::new(&Board::builtin(), &Visions::builtin(), &[], &setup(2), 4).unwrap();
    let sleeve = sim::random_sleeve(&mirror, &mut Chance::from_seed(1));
    let e = c
        .pans_command(
            id,
            PansCommand::SetSleeve {
                player: 0,
                sleeve: sleeve.clone(),
            },
        )
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    let card = board_to_card(&Board::builtin(), &sleeve);
    let one = c.set_sleeve(id, 0, card.clone()).await.unwrap();
    assert!(one.state.players[0].has_sleeve);
    // A second sleeve for the same holder is refused.
    let e = c.set_sleeve(id, 0, card.clone()).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    let undone = c.pans_undo(id).await.unwrap();
    assert_eq!(undone.state, v.state);
    assert!(undone.can_redo);
    let redone = c.pans_redo(id).await.unwrap();
    assert_eq!(redone.state, one.state);
    assert_eq!(
        c.pans_redo(id).await.unwrap_err().code,
        ErrorCode::NothingToRedo
    );
    // Unknown Events and bad player counts are refused before anything is saved.
    let before = c.list_games().await.unwrap().len();
    let mut bad = setup(2);
    bad.events = vec!["no-such-event".into()];
    let e = c
        .new_pans_game(NewPansGame {
            setup: bad,
            seed: None,
            campaign: None,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    let e = c
        .new_pans_game(NewPansGame {
            setup: setup(1),
            seed: None,
            campaign: None,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    assert_eq!(c.list_games().await.unwrap().len(), before);
    // A Legacy id is not a Pan's Island game.
    assert_eq!(
        c.pans_game(9999).await.unwrap_err().code,
        ErrorCode::NotFound
    );
}

#[tokio::test]
async fn a_sleeve_photo_is_read_and_its_facts_confirmed_as_the_holders_secret() {
    use neverland_sleeve_scan::synth::{Shot, Sleeve, jpeg, render};
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let mut rng = Chance::from_seed(2024);
    let truth = Sleeve::random(&mut rng, true);
    let shot = Shot::random(&mut rng, 1600, 1250, 1100.0);
    let bytes = jpeg(&render(&truth, &shot), 90);
    let b64 = base64::engine::general_purpose::STANDARD.encode(&bytes);
    // As a data URL (the webview's file reader) and as bare base64.
    let scan = c
        .scan_sleeve(format!("data:image/jpeg;base64,{b64}"), None)
        .await
        .unwrap();
    // The straightened card comes with it, as a JPEG data URL.
    let upright = scan
        .upright
        .strip_prefix("data:image/jpeg;base64,")
        .unwrap();
    let upright = base64::engine::general_purpose::STANDARD
        .decode(upright)
        .unwrap();
    let shown = image::load_from_memory(&upright).unwrap();
    assert_eq!((shown.width(), shown.height()), (480, 720));
    assert_eq!(scan.upright_margin, 4.0);
    let scan = scan.scan;
    assert_eq!(scan.hooks.len(), truth.hooks.len());
    let cross = scan.cross.clone().expect("the cross is read");
    let t = truth.cross.unwrap();
    assert!((cross.x - t.x).hypot(cross.y - t.y) < 0.3);
    assert_eq!(c.scan_sleeve(b64.clone(), None).await.unwrap().scan, scan);
    // Tapped corners are accepted (four of them, not three).
    let corners = shot.corners_px.to_vec();
    assert!(c.scan_sleeve(b64.clone(), Some(corners)).await.is_ok());
    let e = c
        .scan_sleeve(b64.clone(), Some(shot.corners_px[..3].to_vec()))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    // A truncated photo, text that is not base64, and a photo of no card.
    let cut = base64::engine::general_purpose::STANDARD.encode(&bytes[..bytes.len() / 2]);
    assert_eq!(
        c.scan_sleeve(cut, None).await.unwrap_err().code,
        ErrorCode::PhotoUnreadable
    );
    assert_eq!(
        c.scan_sleeve("not a photo!".into(), None)
            .await
            .unwrap_err()
            .code,
        ErrorCode::PhotoUnreadable
    );
    let blank = image::RgbImage::from_pixel(400, 300, image::Rgb([90, 90, 90]));
    let mut png = Vec::new();
    blank
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let e = c
        .scan_sleeve(base64::engine::general_purpose::STANDARD.encode(&png), None)
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NoCardInPhoto, "{}", e.message);

    // The holder confirms what was read; the answer and the public log say only "a sleeve".
    let v = c
        .new_pans_game(NewPansGame {
            setup: setup(3),
            seed: Some("6".into()),
            campaign: None,
        })
        .await
        .unwrap();
    let card = CardSleeve {
        cross: Xy {
            x: cross.x,
            y: cross.y,
        },
        hooks: scan
            .hooks
            .iter()
            .map(|h| Ring {
                x: h.x,
                y: h.y,
                r: h.r,
            })
            .collect(),
        dark_areas: scan.dark_areas.clone(),
    };
    let after = c.set_sleeve(v.game.id, 1, card.clone()).await.unwrap();
    assert!(after.state.players[1].has_sleeve);
    let shown = all_numbers(&after);
    let logged = all_numbers(&c.store().commands(v.game.id).await.unwrap());
    for secret in all_numbers(&card_to_board(&Board::builtin(), &card))
        .into_iter()
        .chain(all_numbers(&card))
        .filter(|v| v.fract() != 0.0)
    {
        assert!(!shown.contains(&secret), "the answer shows {secret}");
        assert!(!logged.contains(&secret), "the log holds {secret}");
    }
}

#[tokio::test]
async fn a_campaign_carries_its_envelope_from_game_to_game() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let camp = c.new_campaign(Some("21".into())).await.unwrap();
    assert!(camp.envelope.is_empty() && camp.games.is_empty());
    let mut envelope: Vec<String> = Vec::new();
    for (round, seed) in [(1usize, 31u64), (2, 32), (3, 33)] {
        let (view, _) = play_through(&c, 3, seed, Some(camp.campaign.id)).await;
        // The game was played with the envelope as it stood.
        assert_eq!(view.setup.events, envelope, "game {round}");
        let now = c.campaign(camp.campaign.id).await.unwrap();
        assert_eq!(now.games.len(), round);
        assert_eq!(now.in_progress, None);
        let last = now.games.last().unwrap();
        assert_eq!(last.game_id, view.game.id);
        assert_eq!(last.status, view.game.status);
        let record = last.record.clone().expect("a finished game has its record");
        assert_eq!(record.played_with, envelope);
        // The envelope is the last one's, changed as its record says.
        let mut expected = envelope.clone();
        expected.retain(|e| !record.removed.contains(e));
        expected.extend(record.added.clone());
        let ids: Vec<String> = now.envelope.iter().map(|e| e.id.clone()).collect();
        let (mut a, mut b) = (ids.clone(), expected.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "game {round}");
        envelope = ids;
    }
    // While a campaign game is being played, the next cannot start.
    let started = c
        .new_pans_game(NewPansGame {
            setup: setup(2),
            seed: Some("1".into()),
            campaign: Some(camp.campaign.id),
        })
        .await
        .unwrap();
    assert_eq!(started.setup.events, envelope);
    let e = c
        .new_pans_game(NewPansGame {
            setup: setup(2),
            seed: None,
            campaign: Some(camp.campaign.id),
        })
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand, "{}", e.message);
    assert_eq!(
        c.campaign(camp.campaign.id).await.unwrap().in_progress,
        Some(started.game.id)
    );
    assert_eq!(
        c.campaign(started.game.id).await.unwrap_err().code,
        ErrorCode::NotFound
    );
}

#[tokio::test]
async fn an_undone_verdict_stays_in_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let board = Board::builtin();
    let s = setup(3);
    let mut view = c
        .new_pans_game(NewPansGame {
            setup: s.clone(),
            seed: Some("21".into()),
            campaign: None,
        })
        .await
        .unwrap();
    let id = view.game.id;
    // The set-up discards for 3 players, and each holder's own mini-card.
    assert_eq!(
        (view.setup_discards.distance, view.setup_discards.direction),
        (5, 7)
    );
    let mut minis: Vec<u8> = Vec::new();
    let mut mirror = Game::new(&board, &Visions::builtin(), &[], &view.setup, 21).unwrap();
    let mut rng = Chance::from_seed(77);
    let mut crosses = Vec::new();
    // The bot plays until the referee has answered once.
    while view.history.first().and_then(|h| h.verdict).is_none() {
        let before = mirror.clone();
        let cmd = sim::step(&mut mirror, &mut rng, &mut crosses).expect("the game goes on");
        view = match cmd {
            PansCommand::SetSleeve { player, .. } => {
                let PansCommand::SetSleeve { sleeve, .. } = &cmd else {
                    unreachable!()
                };
                let card = board_to_card(&board, sleeve);
                mirror = before;
                mirror
                    .apply(&PansCommand::SetSleeve {
                        player,
                        sleeve: card_to_board(&board, &card),
                    })
                    .unwrap();
                // The holder says "I am …" and sees their own mini-card.
                if minis.len() < 3 {
                    let pass = c.pans_claim_seat(id, player).await.unwrap();
                    minis.push(c.pans_hand(id, pass).await.unwrap().mini_card);
                }
                c.set_sleeve(id, player, card).await.unwrap()
            }
            other => c.pans_command(id, other).await.unwrap(),
        };
        assert!(view.withdrawn.is_empty());
    }
    minis.sort();
    minis.dedup();
    assert_eq!(minis.len(), 3, "three different mini-cards");
    let shown = view.history[0].clone();
    assert_eq!(view.state.verdicts.last(), shown.verdict.as_ref());
    // Undoing it is allowed, and the record keeps what was shown.
    let undone = c.pans_undo(id).await.unwrap();
    assert_eq!(undone.withdrawn, vec![shown.clone()]);
    assert_eq!(undone.state.verdicts.len(), view.state.verdicts.len() - 1);
    // Redone, it is in force again and no longer listed as withdrawn.
    let redone = c.pans_redo(id).await.unwrap();
    assert_eq!(
        (&redone.state, &redone.history, &redone.withdrawn),
        (&view.state, &view.history, &view.withdrawn)
    );
    // Undone and replaced by another step (the turn ends without exploring), it stays withdrawn,
    // and survives closing and opening the file.
    c.pans_undo(id).await.unwrap();
    let after = c.pans_command(id, PansCommand::EndTurn).await.unwrap();
    assert!(!after.can_redo);
    assert_eq!(after.withdrawn, vec![shown]);
    drop(c);
    let again = open(&dir).await;
    assert_eq!(
        again.pans_game(id).await.unwrap().withdrawn,
        after.withdrawn
    );
}

/// A hand is answered only to the seat holding the tablet, after "I am …", and only to the pass
/// issued last; the seed is in no view; the sleeves are shown once the game has ended.
#[tokio::test]
async fn hands_go_to_the_seat_with_the_tablet_and_sleeves_are_shown_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let board = Board::builtin();
    let view = c
        .new_pans_game(NewPansGame {
            setup: setup(3),
            seed: Some("5".into()),
            campaign: None,
        })
        .await
        .unwrap();
    let id = view.game.id;
    assert_eq!(view.game.seed, "", "the seed is not shown");
    assert!(
        c.list_games()
            .await
            .unwrap()
            .iter()
            .all(|g| g.seed.is_empty())
    );
    assert_eq!(view.setup.within, Some(Within::DEFAULT));
    // Seat 1 has no sleeve yet, but seat 0 holds the tablet first.
    let e = c.pans_claim_seat(id, 1).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand);
    let first = c.pans_claim_seat(id, 0).await.unwrap();
    assert_eq!(c.pans_hand(id, first.clone()).await.unwrap().player, 0);
    // A made-up pass, or one for another seat, is refused.
    let forged = SeatPass {
        pass: "0".repeat(32),
        ..first.clone()
    };
    assert!(c.pans_hand(id, forged).await.is_err());
    let other_seat = SeatPass {
        player: 1,
        ..first.clone()
    };
    assert!(c.pans_hand(id, other_seat).await.is_err());
    assert!(c.pans_reveal(id).await.is_err(), "no reveal while playing");
    // Seat 0 confirms; the tablet passes to seat 1, whose claim revokes seat 0's pass.
    let mut mirror = Game::new(&board, &Visions::builtin(), &[], &view.setup, 5).unwrap();
    let sleeve = sim::random_sleeve(&mirror, &mut Chance::from_seed(3));
    let card = board_to_card(&board, &sleeve);
    mirror
        .apply(&PansCommand::SetSleeve {
            player: 0,
            sleeve: card_to_board(&board, &card),
        })
        .unwrap();
    c.set_sleeve(id, 0, card).await.unwrap();
    let second = c.pans_claim_seat(id, 1).await.unwrap();
    assert!(
        c.pans_hand(id, first).await.is_err(),
        "the old pass is revoked"
    );
    assert_eq!(c.pans_hand(id, second).await.unwrap().player, 1);
    // The whole game to its end: then every sleeve it used can be shown.
    let (ended, secrets) = play_through(&c, 2, 9, None).await;
    let shown = c.pans_reveal(ended.game.id).await.unwrap();
    assert!(shown.len() >= 2);
    let revealed = all_numbers(&shown);
    assert!(secrets.iter().any(|s| revealed.contains(s)));
}

/// Games lost on the Explore that also reached the cross, for every reading and player count:
/// no answer, history entry or stored public log entry holds a hidden number, and the verdict
/// that lost the game announces no Child.
#[tokio::test]
async fn games_lost_and_won_on_the_same_explore_keep_the_cross_secret() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let mut lost_on_explore = 0;
    for (i, within) in Within::OFFERED.into_iter().enumerate() {
        for n in 2..=5 {
            let mut s = setup(n);
            s.within = Some(within);
            s.events = vec!["crocodile-tick".into(), "hooks-spyglass".into()];
            let (view, secrets) = play_through_with(&c, s, (i * 10 + n) as u64, None, true).await;
            let logged = all_numbers(&c.store().commands(view.game.id).await.unwrap());
            for x in &secrets {
                assert!(!logged.contains(x), "the public log holds {x}");
            }
            // A refusal after the end names no hidden number either.
            let e = c
                .pans_command(view.game.id, PansCommand::EndTurn)
                .await
                .unwrap_err();
            for x in &secrets {
                assert!(!e.message.contains(&x.to_string()), "{}", e.message);
            }
            if view.game.status == "lost"
                && let Some(last) = view.history.first()
                && let Some(neverland_pans_island::game::Verdict::Explore {
                    hook_encountered: true,
                    child_found,
                    ..
                }) = last.verdict
            {
                assert!(!child_found, "a lost game announces a found Child");
                assert!(view.state.lost_children < view.state.lost_child_spaces);
                lost_on_explore += 1;
            }
        }
    }
    assert!(lost_on_explore > 0, "no game was lost on an Explore");
}

#[tokio::test]
async fn a_restore_voids_every_seat_pass() {
    let dir = tempfile::tempdir().unwrap();
    let c = open(&dir).await;
    let view = c
        .new_pans_game(NewPansGame {
            setup: setup(2),
            seed: Some("6".into()),
            campaign: None,
        })
        .await
        .unwrap();
    let id = view.game.id;
    c.daily_backup().await.unwrap();
    let pass = c.pans_claim_seat(id, 0).await.unwrap();
    assert_eq!(c.pans_hand(id, pass.clone()).await.unwrap().player, 0);
    assert_eq!(c.restores(), 0);
    let name = c.list_backups().await.unwrap()[0].name.clone();
    c.restore_backup(name).await.unwrap();
    assert_eq!(c.restores(), 1);
    let e = c.pans_hand(id, pass).await.unwrap_err();
    assert_eq!(e.code, ErrorCode::IllegalCommand, "{e}");
    // The seat with the tablet says "I am …" again.
    let again = c.pans_claim_seat(id, 0).await.unwrap();
    assert_eq!(c.pans_hand(id, again).await.unwrap().player, 0);
}
