//! The careful bot: at each decision it tries every legal command the engine offers on the
//! advisor's deck-free copy (`public_copy`: the hidden deck order and the random stream replaced),
//! scores the resulting position and plays the best. It never reads the real deck or dice order
//! and never reimplements a rule: every result comes from the engine's own `apply`.
//! Threat colours: the Destiny advisor is asked what each colour would cost, and Destiny is spent
//! when another colour costs clearly less. Tie choices: the option whose result scores best.

use neverland_chance::Chance;

use crate::advice::{self, Budget, public_copy};
use crate::engine::{Command, Game, Outcome, Phase, start_location};
use crate::map::Map;
use crate::pack::Pack;
use crate::sim::{Ending, plain_plan};

/// How much better (in score points) another colour must be before Destiny is spent on it.
const DESTINY_MARGIN: f64 = 40.0;

/// Distance from the start Location (where Hostages are brought home), 8 when unreachable.
fn home_distance(pack: &Pack, map: &Map, at: &str) -> f64 {
    let (Some(s), Some(a)) = (map.id(start_location(pack)), map.id(at)) else {
        return 8.0;
    };
    map.distances(s, false)
        .get(a)
        .copied()
        .flatten()
        .map_or(8.0, f64::from)
}

/// A static score of a position for the players (higher is better).
pub fn score(pack: &Pack, map: &Map, g: &Game) -> f64 {
    match g.phase {
        Phase::Over {
            outcome: Outcome::Won,
        } => return 1e6,
        Phase::Over {
            outcome: Outcome::Lost { .. },
        } => return -1e6,
        _ => {}
    }
    let start = start_location(pack);
    let mut s = 0.0;
    for (i, c) in g.table.characters.iter().enumerate() {
        s -= 12.0 * f64::from(c.wounds) + 6.0 * f64::from(c.despair);
        if c.fallen {
            s -= 300.0;
        }
        s += 2.0 * f64::from(c.coins) + 5.0 * f64::from(u8::from(c.destiny));
        s += 3.0 * g.items.get(i).map_or(0, Vec::len) as f64;
        for _ in &c.carrying {
            s += 80.0 - 10.0 * home_distance(pack, map, &c.at);
        }
        let foes = g.table.enemies.iter().filter(|e| e.at == c.at).count();
        s -= 4.0 * foes as f64;
    }
    for h in &g.table.hostages {
        if h.at == start {
            s += 200.0;
            continue;
        }
        s += 40.0 - 5.0 * home_distance(pack, map, &h.at);
        let foes = g.table.enemies.iter().filter(|e| e.at == h.at).count()
            + g.table
                .named_enemies
                .iter()
                .filter(|n| n.at == h.at)
                .count();
        s -= 30.0 * foes as f64;
    }
    s -= 6.0 * g.table.enemies.len() as f64;
    for n in &g.table.named_enemies {
        s -= 25.0 - 8.0 * f64::from(n.wounds);
    }
    s += 150.0 * g.named_defeated.len() as f64;
    s += 0.5 * g.search_deck.len() as f64;
    s
}

/// Commands the bot never considers during the Actions: free trades that could go back and
/// forth for ever, and colour changes (decided in the Colour phase with the advisor).
fn considered(c: &Command) -> bool {
    !matches!(c, Command::Give { .. } | Command::ChangeColour { .. })
}

/// The best of the Actions phase's legal commands by the score of its result on a public copy.
fn best_action(pack: &Pack, map: &Map, game: &Game, rng: &mut Chance) -> Option<Command> {
    let seed = u64::from(rng.below(u32::MAX));
    let base = public_copy(game, seed);
    let mut best: Option<(f64, Command)> = None;
    for c in game.candidates(pack, map).into_iter().filter(considered) {
        let mut copy = base.clone();
        if copy.apply(pack, map, &c).is_err() {
            continue;
        }
        let jitter = f64::from(rng.below(1000)) * 1e-4;
        let v = score(pack, map, &copy) + jitter;
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The harm the advisor foresees for one colour under the players' best tie choices.
fn harm(a: &advice::ColourAdvice) -> f64 {
    let c = &a.best;
    let chars: f64 = c
        .characters
        .iter()
        .map(|x| 12.0 * x.wounds + 6.0 * x.despair + 300.0 * x.falls)
        .sum();
    let hostages: f64 = c
        .hostages
        .iter()
        .map(|h| 1000.0 * (h.killed + h.rescued_by_fairy))
        .sum();
    1000.0 * c.lose + chars + hostages
}

/// In the Colour phase: spend Destiny on the colour the advisor says costs clearly less.
fn colour_choice(pack: &Pack, map: &Map, game: &Game, seed: u64) -> Option<Command> {
    let budget = Budget {
        nodes: 200,
        rollouts: 8,
        seed,
    };
    let a = advice::advise(pack, map, game, None, budget).ok()?;
    let now = a.colours.first()?;
    let best = a
        .colours
        .iter()
        .filter(|c| c.route == advice::Route::Destiny)
        .min_by(|x, y| harm(x).total_cmp(&harm(y)))?;
    if harm(best) + DESTINY_MARGIN >= harm(now) {
        return None;
    }
    game.table
        .characters
        .iter()
        .map(|c| Command::ChangeColour {
            character: c.id.clone(),
            colour: best.colour,
        })
        .find(|cmd| game.clone().apply(pack, map, cmd).is_ok())
}

/// The tie option whose result scores best on a public copy.
fn best_option(pack: &Pack, map: &Map, game: &Game, seed: u64) -> Option<usize> {
    let (_, options) = game.pending_options(pack, map)?;
    let base = public_copy(game, seed);
    (0..options.len()).max_by(|&x, &y| {
        let mut a = base.clone();
        a.apply_pending(pack, map, &options[x]);
        let mut b = base.clone();
        b.apply_pending(pack, map, &options[y]);
        score(pack, map, &a).total_cmp(&score(pack, map, &b))
    })
}

/// The careful bot's next command for the game (not yet applied).
pub fn choose(pack: &Pack, map: &Map, game: &Game, rng: &mut Chance) -> Option<Command> {
    let seed = u64::from(rng.below(u32::MAX));
    match &game.phase {
        Phase::Over { .. } => None,
        Phase::Actions => best_action(pack, map, game, rng),
        Phase::Activations { .. } => {
            best_option(pack, map, game, seed).map(|option| Command::Activate { option })
        }
        Phase::Colour { .. } => {
            Some(colour_choice(pack, map, game, seed).unwrap_or(Command::ResolveThreat))
        }
        _ => Some(plain_plan(game, pack, map)),
    }
}

/// Plays one game with the careful bot; how it ended, the log, and the command refused if the
/// bot ever chose an illegal one (it should not: it only picks what the engine accepted).
pub fn play(
    pack: &Pack,
    map: &Map,
    setup: &crate::engine::Setup,
    seed: u64,
    max_commands: usize,
) -> (Ending, Vec<Command>) {
    let mut game = Game::new(pack, map, setup, seed).expect("a valid set-up");
    let mut rng = Chance::from_seed(seed ^ 0xCA2E_F011);
    let mut log = Vec::new();
    while log.len() < max_commands {
        if let Phase::Over { outcome } = game.phase {
            let end = match outcome {
                Outcome::Won => Ending::Won,
                Outcome::Lost { cause } => Ending::Lost(cause),
            };
            return (end, log);
        }
        let Some(c) = choose(pack, map, &game, &mut rng) else {
            break;
        };
        if let Err(e) = game.apply(pack, map, &c) {
            panic!("the careful bot chose an illegal command {c:?}: {e:?}");
        }
        log.push(c);
    }
    (Ending::Unfinished, log)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;
    use crate::engine::Setup;

    /// A careful game is the same for the same seed, every command it chose replays (the
    /// engine accepted each: `play` panics on a refusal), and it ends or hits the cap.
    #[test]
    fn careful_games_are_deterministic_and_legal() {
        for s in [Scenario::LostAllies, Scenario::Pirates] {
            let pack = Pack::builtin(s).unwrap();
            let map = Map::new(&pack);
            let setup = Setup::for_players(2);
            let (end_a, log_a) = play(&pack, &map, &setup, 7, 3_000);
            let (end_b, log_b) = play(&pack, &map, &setup, 7, 3_000);
            assert_eq!(end_a, end_b);
            assert_eq!(log_a, log_b);
            let replayed = Game::replay(&pack, &map, &setup, 7, &log_a);
            assert!(replayed.is_ok(), "{s:?}: the log replays");
        }
    }
}
