//! One line per careful-bot game (seed, ending, commands, Threats drawn), and for a game that
//! hits the command cap its last commands, to see what the bot repeats. A dev tool:
//! `cargo run --release -p neverland-legacy --example careful_games -- lost-allies 2 20 1000`.

use neverland_legacy::Command;
use neverland_legacy::engine::Setup;
use neverland_legacy::map::Map;
use neverland_legacy::pack::{Pack, Scenario};
use neverland_legacy::sim::Ending;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario = Scenario::parse(args.get(1).map_or("lost-allies", |s| s)).expect("scenario");
    let players: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let pack = Pack::builtin(scenario).expect("pack");
    let map = Map::new(&pack);
    let setup = Setup::for_players(players);
    for s in seed..seed + games {
        let (end, log) = neverland_legacy::bot::careful::play(&pack, &map, &setup, s, 20_000);
        let threats = log
            .iter()
            .filter(|c| matches!(c, Command::DrawThreat))
            .count();
        let last =
            neverland_legacy::engine::Game::replay(&pack, &map, &setup, s, &log).expect("replays");
        let start = &pack.boards[0].locations[0];
        let home = last
            .table
            .hostages
            .iter()
            .filter(|h| h.at == *start)
            .count();
        let (mine, theirs) = finders(&pack, &map, &setup, s, &log);
        println!(
            "{s} {end:?} commands {} threats {threats} home {home} found-by-characters {mine} found-by-enemies {theirs}",
            log.len()
        );
        if std::env::var("TRACE").is_ok_and(|t| t == s.to_string()) {
            trace(&pack, &map, &setup, s, &log);
        }
        if end == Ending::Unfinished {
            for c in &log[log.len() - 30..] {
                println!("   {c:?}");
            }
        }
    }
}

/// The table before each Threat: the Characters, the Hostages, the Enemies per Location.
fn trace(pack: &Pack, map: &Map, setup: &Setup, seed: u64, log: &[Command]) {
    let mut g = neverland_legacy::engine::Game::new(pack, map, setup, seed).expect("set-up");
    for c in log {
        if matches!(c, Command::DrawThreat) {
            let t = &g.table;
            let chars: Vec<String> = t
                .characters
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}@{} w{} {:?}", c.id, c.at, c.wounds, g.items[i]))
                .collect();
            let hs: Vec<String> = t
                .hostages
                .iter()
                .map(|h| format!("{}@{}", h.id, h.at))
                .collect();
            let mut foes: std::collections::BTreeMap<&str, usize> = Default::default();
            for e in &t.enemies {
                *foes.entry(e.at.as_str()).or_default() += 1;
            }
            println!("  {chars:?} H{hs:?} E{foes:?} deck {}", g.search_deck.len());
        }
        if !matches!(
            c,
            Command::MoraleCheck
                | Command::DrawThreat
                | Command::ResolveThreat
                | Command::Activate { .. }
        ) {
            println!("    {c:?}");
        }
        g.apply(pack, map, c).expect("replays");
    }
}

/// How many Hostages a Character's Search put on the table, and how many anything else did
/// (an Enemy's Search during a Threat).
fn finders(pack: &Pack, map: &Map, setup: &Setup, seed: u64, log: &[Command]) -> (u32, u32) {
    let mut g = neverland_legacy::engine::Game::new(pack, map, setup, seed).expect("set-up");
    let (mut mine, mut theirs) = (0, 0);
    let count = |g: &neverland_legacy::engine::Game| {
        g.table.hostages.len()
            + g.table
                .characters
                .iter()
                .map(|c| c.carrying.len())
                .sum::<usize>()
    };
    for c in log {
        let before = count(&g);
        g.apply(pack, map, c).expect("replays");
        let new = count(&g).saturating_sub(before) as u32;
        if matches!(c, Command::Search) {
            mine += new;
        } else {
            theirs += new;
        }
    }
    (mine, theirs)
}
