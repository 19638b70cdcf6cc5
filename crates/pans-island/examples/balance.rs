//! The balance figures of `docs/balance.md`: bot games for every reading of "within the circle"
//! and every player count. `cargo run -p neverland-pans-island --release --example balance -- G
//! [player|seer]` plays G games per cell (seeds 0..G, no Events) and prints one JSON line per
//! cell: wins, losses, games that did not end, the share of Explores that met Hook, the mean
//! number of rounds, and where the Hook marks came from (Explores, or cards with Hook's symbol).
//! `player` (the default) is the bot that knows only its own seat; `seer` is the legal-move bot
//! that walks to the Child it can see.

use neverland_pans_island::board::Board;
use neverland_pans_island::check::Within;
use neverland_pans_island::content::Visions;
use neverland_pans_island::game::{Game, Outcome, Setup, Verdict};
use neverland_pans_island::heroes::Hero;

#[derive(Default)]
struct Cell {
    won: u64,
    lost: u64,
    open: u64,
    explores: u64,
    met: u64,
    rounds: u64,
    card_marks: u64,
}

fn play(bot: &str, within: Within, n: usize, seed: u64, cell: &mut Cell) {
    let setup = Setup {
        heroes: Hero::ALL[..n].to_vec(),
        first_player: 0,
        events: vec![],
        within: Some(within),
    };
    let g = Game::new(&Board::builtin(), &Visions::builtin(), &[], &setup, seed).unwrap();
    let (outcome, _, g) = if bot == "seer" {
        neverland_pans_island::sim::play(g, seed, 200_000)
    } else {
        neverland_pans_island::player::play(g, seed, 200_000)
    };
    match outcome {
        Some(Outcome::Won) => cell.won += 1,
        Some(Outcome::Lost) => cell.lost += 1,
        None => cell.open += 1,
    }
    let v = g.public_view();
    cell.rounds += v.round as u64;
    let mut met = 0;
    for verdict in &v.verdicts {
        if let Verdict::Explore {
            hook_encountered, ..
        } = verdict
        {
            cell.explores += 1;
            met += *hook_encountered as u64;
        }
    }
    cell.met += met;
    cell.card_marks += (v.hook_marks as u64).saturating_sub(met);
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let bot = std::env::args().nth(2).unwrap_or_else(|| "player".into());
    for within in Within::OFFERED {
        for n in 2..=5 {
            let mut c = Cell::default();
            for seed in 0..games {
                play(&bot, within, n, seed, &mut c);
            }
            let g = games as f64;
            println!(
                "{{\"bot\":\"{bot}\",\"within\":\"{}\",\"players\":{n},\"games\":{games},\"won\":{},\"lost\":{},\"unfinished\":{},\"win_rate\":{:.3},\"explores\":{},\"hook_rate\":{:.3},\"mean_rounds\":{:.1},\"hook_marks_from_explores\":{:.2},\"hook_marks_from_cards\":{:.2}}}",
                within.id(),
                c.won,
                c.lost,
                c.open,
                c.won as f64 / g,
                c.explores,
                c.met as f64 / c.explores.max(1) as f64,
                c.rounds as f64 / g,
                c.met as f64 / g,
                c.card_marks as f64 / g,
            );
        }
    }
}
