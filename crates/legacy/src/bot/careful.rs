//! The careful bot: in the Actions it looks ahead over the rest of the turn (`plan`: a beam search
//! over the engine's own legal commands on the advisor's deck-free copy, `public_copy`: the hidden
//! deck order and the random stream replaced), judges each sequence by `eval::score`, and plays
//! the first command of the best. It never reads the real deck or dice order and never
//! reimplements a rule: every result comes from the engine's own `apply`.
//! Threat colours: the Destiny advisor is asked what each colour would cost, and Destiny is spent
//! when another colour costs clearly less; failing that, when another colour's Threat, resolved
//! by the engine on a public copy, leaves a position the bot's score likes clearly better.
//! Tie choices: the option whose result scores best.

use std::collections::HashSet;

use neverland_chance::Chance;

use crate::advice::{self, Budget, public_copy};
use crate::engine::{Command, Game, Outcome, Phase};
use crate::map::Map;
use crate::pack::{Colour, Pack};
use crate::sim::{Ending, plain_plan};

use super::eval::{Ctx, key, score};
use super::plan::best_action;
use super::routes::Routes;

/// How much better (in score points) another colour must be before Destiny is spent on it.
const DESTINY_MARGIN: f64 = 40.0;

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

/// In the Colour phase, when the advisor's harm sees no colour clearly better: spend Destiny on
/// the colour whose Threat, resolved by the engine on a public copy with the best tie choices,
/// leaves the position the bot's own score likes best, when it beats the drawn colour by
/// `margin` points. The score sees what the harm does not (an Enemy moved beside a Hostage or a
/// Character, the Enemies left on the table, a Hostage still unseen).
fn colour_by_score(ctx: &Ctx, game: &Game, seed: u64, margin: f64) -> Option<Command> {
    let base = public_copy(game, seed);
    let now = ctx.score(&super::foresee::settle(ctx, &base));
    let mut best: Option<(f64, Command)> = None;
    for colour in [Colour::Red, Colour::Blue, Colour::Yellow] {
        let cmd = game.table.characters.iter().find_map(|c| {
            let cmd = Command::ChangeColour {
                character: c.id.clone(),
                colour,
            };
            let mut copy = base.clone();
            copy.apply(ctx.pack, ctx.map, &cmd)
                .ok()
                .map(|_| (copy, cmd))
        });
        let Some((copy, cmd)) = cmd else { continue };
        let v = ctx.score(&super::foresee::settle(ctx, &copy));
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, cmd));
        }
    }
    best.filter(|(v, _)| *v > now + margin).map(|(_, c)| c)
}

/// The tie option whose result scores best on a public copy.
fn best_option(ctx: &Ctx, game: &Game, seed: u64) -> Option<usize> {
    let (pack, map, routes) = (ctx.pack, ctx.map, ctx.routes);
    let (_, options) = game.pending_options(pack, map)?;
    let base = public_copy(game, seed);
    (0..options.len()).max_by(|&x, &y| {
        let mut a = base.clone();
        a.apply_pending(pack, map, &options[x]);
        let mut b = base.clone();
        b.apply_pending(pack, map, &options[y]);
        score(pack, map, routes, &a).total_cmp(&score(pack, map, routes, &b))
    })
}

/// The careful bot's next command for the game (not yet applied).
/// `visited`: the keys of the positions the current turn's Actions have passed through.
pub fn choose(ctx: &Ctx, game: &Game, visited: &HashSet<u64>, rng: &mut Chance) -> Option<Command> {
    let (pack, map) = (ctx.pack, ctx.map);
    let seed = u64::from(rng.below(u32::MAX));
    match &game.phase {
        Phase::Over { .. } => None,
        Phase::Actions => {
            best_action(ctx, game, visited, rng).or_else(|| Some(plain_plan(game, pack, map)))
        }
        Phase::Activations { .. } => {
            best_option(ctx, game, seed).map(|option| Command::Activate { option })
        }
        Phase::Colour { .. } => {
            let pick = colour_choice(pack, map, game, seed)
                .or_else(|| colour_by_score(ctx, game, seed, DESTINY_MARGIN));
            Some(pick.unwrap_or(Command::ResolveThreat))
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
    let routes = Routes::new(pack, map);
    let mut visited = HashSet::new();
    let ctx = Ctx {
        pack,
        map,
        routes: &routes,
    };
    while log.len() < max_commands {
        if let Phase::Over { outcome } = game.phase {
            let end = match outcome {
                Outcome::Won => Ending::Won,
                Outcome::Lost { cause } => Ending::Lost(cause),
            };
            return (end, log);
        }
        if game.phase != Phase::Actions {
            visited.clear();
        }
        visited.insert(key(&game));
        let Some(c) = choose(&ctx, &game, &visited, &mut rng) else {
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

    /// At a drawn Threat with Destiny in hand, the score's colour choice names the colour whose
    /// Threat (resolved by the engine on the same public copy) scores best, and only when that
    /// beats the drawn colour by the margin.
    #[test]
    fn the_score_picks_the_colour_whose_threat_leaves_the_best_position() {
        let fx = super::super::Fixture::new(Scenario::Pirates);
        let (pack, map, ctx) = (&fx.pack, &fx.map, fx.ctx());
        let game = (1..50u64)
            .find_map(|seed| {
                let mut g = Game::new(pack, map, &Setup::for_players(2), seed).ok()?;
                for c in [
                    Command::MoraleCheck,
                    Command::EndActions,
                    Command::DrawThreat,
                ] {
                    g.apply(pack, map, &c).ok()?;
                }
                matches!(g.phase, Phase::Colour { .. }).then_some(g)
            })
            .expect("a drawn coloured Threat");
        let base = public_copy(&game, 11);
        let settled = |g: &Game| ctx.score(&crate::bot::foresee::settle(&ctx, g));
        let now = settled(&base);
        let after = |cmd: &Command| {
            let mut copy = base.clone();
            copy.apply(pack, map, cmd).ok().map(|_| settled(&copy))
        };
        let best = [Colour::Red, Colour::Blue, Colour::Yellow]
            .into_iter()
            .filter_map(|colour| {
                after(&Command::ChangeColour {
                    character: game.table.characters[0].id.clone(),
                    colour,
                })
            })
            .fold(f64::NEG_INFINITY, f64::max);
        let chosen = colour_by_score(&ctx, &game, 11, f64::NEG_INFINITY).expect("a colour");
        assert_eq!(after(&chosen), Some(best));
        let margin = best - now;
        assert_eq!(colour_by_score(&ctx, &game, 11, margin + 1.0), None);
    }
}
