//! The balance figures of `docs/balance.md`: bot games for every reading of "within the circle"
//! and every player count. `cargo run -p neverland-pans-island --release --example balance -- G`
//! plays G games per cell (seeds 0..G) with the player bot (it knows only its seat), and prints
//! one JSON line per cell: wins, losses, games that did not end, the share of Explores that met
//! Hook, and the mean number of rounds.

use neverland_pans_island::board::Board;
use neverland_pans_island::check::Within;
use neverland_pans_island::content::Visions;
use neverland_pans_island::game::{Game, Outcome, Setup, Verdict};
use neverland_pans_island::heroes::Hero;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let bot = std::env::args().nth(2).unwrap_or_else(|| "player".into());
    let (board, visions) = (Board::builtin(), Visions::builtin());
    for within in Within::OFFERED {
        for n in 2..=5 {
            let (mut won, mut lost, mut open, mut explores, mut hooks, mut rounds) =
                (0, 0, 0, 0u64, 0u64, 0u64);
            for seed in 0..games {
                let setup = Setup {
                    heroes: Hero::ALL[..n].to_vec(),
                    first_player: 0,
                    events: vec![],
                    within: Some(within),
                };
                let g = Game::new(&board, &visions, &[], &setup, seed).unwrap();
                let (outcome, _, g) = if bot == "seer" {
                    neverland_pans_island::sim::play(g, seed, 200_000)
                } else {
                    neverland_pans_island::player::play(g, seed, 200_000)
                };
                match outcome {
                    Some(Outcome::Won) => won += 1,
                    Some(Outcome::Lost) => lost += 1,
                    None => open += 1,
                }
                let v = g.public_view();
                rounds += v.round as u64;
                for verdict in &v.verdicts {
                    if let Verdict::Explore {
                        hook_encountered, ..
                    } = verdict
                    {
                        explores += 1;
                        hooks += *hook_encountered as u64;
                    }
                }
            }
            println!(
                "{{\"bot\":\"{bot}\",\"within\":\"{}\",\"players\":{n},\"games\":{games},\"won\":{won},\"lost\":{lost},\"unfinished\":{open},\"win_rate\":{:.3},\"explores\":{explores},\"hook_rate\":{:.3},\"mean_rounds\":{:.1}}}",
                within.id(),
                won as f64 / games as f64,
                hooks as f64 / explores.max(1) as f64,
                rounds as f64 / games as f64
            );
        }
    }
}
