//! The careful bot's look-ahead over the rest of a turn: a beam search over sequences of the
//! engine's own legal commands on the advisor's deck-free copy, each sequence judged where the
//! turn's Actions end (or at the horizon), and the first command of the best one played. The
//! bot plans again after every command, so a Search's real card is seen before the next choice;
//! inside the look-ahead a Search is a chance node over the kinds of card still unseen (as the
//! Destiny advisor does) and ends that sequence. Besides the beam's own sequences, the "clear and
//! Search" plans (`clear`: Moves, Fights, Taunts and Scares that free a Search token's Location
//! this turn) join the leaves, their Search judged the same way, so a token the beam's pruning
//! would lose behind a Fight's Wounds is still weighed.

use std::collections::HashSet;

use neverland_chance::Chance;

use crate::advice::{classes, on_top, public_copy};
use crate::engine::{Command, Game, Phase};
use crate::pack::Item;

use super::clear;
use super::eval::{Ctx, key};
use super::foresee::Outlook;

/// Sequences kept at each depth.
const BEAM: usize = 8;
/// Commands looked ahead at most (four Actions, the fifth, and a free one).
const DEPTH: usize = 6;
/// Leaves judged again after the next Threat.
const FORESEEN: usize = 8;

/// Commands the bot never considers during the Actions: free trades that could go back and
/// forth for ever, and colour changes (decided in the Colour phase with the advisor).
fn considered(c: &Command) -> bool {
    !matches!(c, Command::Give { .. } | Command::ChangeColour { .. })
}

/// The commands looked at in the Actions: the engine's candidates the bot considers, and an
/// ally beside the active Character handing it Fairy Dust (trading is allowed out of turn,
/// RB 294; the engine's candidates only offer the active Character's own gifts), so that the
/// one standing with a Hostage on the top Deck can rescue it now.
fn commands(ctx: &Ctx, g: &Game) -> Vec<Command> {
    let mut out: Vec<Command> = g
        .candidates(ctx.pack, ctx.map)
        .into_iter()
        .filter(considered)
        .collect();
    let me = &g.table.characters[g.active];
    for (i, c) in g.table.characters.iter().enumerate() {
        let dust = g.items.get(i).is_some_and(|h| h.contains(&Item::FairyDust));
        if i != g.active && c.at == me.at && dust {
            out.push(Command::Give {
                from: Some(c.id.clone()),
                to: me.id.clone(),
                item: Some(Item::FairyDust),
                coins: 0,
                hostage: None,
            });
        }
    }
    out
}

/// The expected score of a Search on `g` over the kinds of card still unseen, and the position
/// of the commonest kind (to look at the Threat from), or None when the engine refuses it.
fn search_value(ctx: &Ctx, g: &Game) -> Option<(f64, Game)> {
    let mut probe = g.clone();
    probe.apply(ctx.pack, ctx.map, &Command::Search).ok()?;
    if probe.search_deck.len() == g.search_deck.len() || g.search_deck.is_empty() {
        return Some((ctx.score(&probe), probe));
    }
    let n = g.search_deck.len() as f64;
    let mut total = 0.0;
    let mut common: Option<(u32, Game)> = None;
    for (card, count) in classes(ctx.pack, &g.search_deck) {
        let mut drawn = g.clone();
        on_top(&mut drawn.search_deck, &card);
        drawn.apply(ctx.pack, ctx.map, &Command::Search).ok()?;
        total += f64::from(count) / n * ctx.score(&drawn);
        if common.as_ref().is_none_or(|(k, _)| count > *k) {
            common = Some((count, drawn));
        }
    }
    common.map(|(_, g)| (total, g))
}

/// Seeds whose stream's first Stone of Chance is each of the six faces in turn.
fn face_seeds() -> [u64; 6] {
    let mut out = [0; 6];
    for (face, seed) in out.iter_mut().enumerate() {
        *seed = (0u64..)
            .find(|s| Chance::from_seed(*s).below(6) == face as u32)
            .expect("every face comes up");
    }
    out
}

/// A Fight against a Named Enemy rolls a Stone: its expected score over the six faces, and the
/// position of a miss (the first face) to look at the Threat from; None when refused.
fn named_fight_value(ctx: &Ctx, g: &Game, c: &Command) -> Option<(f64, Game)> {
    let mut miss = None;
    let mut total = 0.0;
    for seed in face_seeds() {
        let mut copy = g.clone();
        copy.rng = Chance::from_seed(seed);
        copy.apply(ctx.pack, ctx.map, c).ok()?;
        total += ctx.score(&copy) / 6.0;
        miss.get_or_insert(copy);
    }
    miss.map(|m| (total, m))
}

/// Is `c` a Fight against a Named Enemy (a roll of a Stone)?
fn rolls(g: &Game, c: &Command) -> bool {
    matches!(c, Command::Fight { target } if g.table.named_enemies.iter().any(|n| n.id == *target))
}

/// A sequence in the beam: the position it reaches, its first command, that position's score.
struct Node {
    game: Game,
    first: Command,
    value: f64,
}

/// A sequence that ends (or reaches the horizon): its score, its first command, a position to
/// look at the next Threat from, and that position's own score.
struct Leaf {
    value: f64,
    first: Command,
    game: Game,
    base: f64,
}

/// The leaves of the "clear and Search" plans (`clear`): each plan's Search judged as the
/// beam's own Searches are, over the kinds of card still unseen.
fn cleared(ctx: &Ctx, root: &Game, visited: &HashSet<u64>) -> Vec<Leaf> {
    let mut out = Vec::new();
    for p in clear::plans(ctx, root, visited) {
        let Some((value, drawn)) = search_value(ctx, &p.game) else {
            continue;
        };
        let game = ended(ctx, &drawn);
        let base = ctx.score(&game);
        out.push(Leaf {
            value,
            first: p.commands[0].clone(),
            game,
            base,
        });
    }
    out
}

/// The position with the Actions ended, when the engine allows it now.
fn ended(ctx: &Ctx, g: &Game) -> Game {
    let mut copy = g.clone();
    if copy.phase == Phase::Actions {
        let _ = copy.apply(ctx.pack, ctx.map, &Command::EndActions);
    }
    copy
}

/// Every sequence of this turn's remaining Actions the beam keeps, as leaves.
fn leaves(ctx: &Ctx, game: &Game, visited: &HashSet<u64>, rng: &mut Chance) -> Vec<Leaf> {
    let seed = u64::from(rng.below(u32::MAX));
    let active = game.active;
    let open = |g: &Game| matches!(g.phase, Phase::Actions) && g.active == active;
    let root = public_copy(game, seed);
    let mut out = cleared(ctx, &root, visited);
    let mut frontier: Vec<(Game, Option<Command>)> = vec![(root, None)];
    let mut seen = visited.clone();
    for _ in 0..DEPTH {
        let mut next: Vec<Node> = Vec::new();
        for (g, first) in &frontier {
            for c in commands(ctx, g) {
                // A small seeded jitter breaks ties between first commands.
                let jitter = match first {
                    None => f64::from(rng.below(1000)) * 1e-4,
                    Some(_) => 0.0,
                };
                let head = first.as_ref().unwrap_or(&c).clone();
                let chance = if c == Command::Search {
                    search_value(ctx, g)
                } else if rolls(g, &c) {
                    named_fight_value(ctx, g, &c)
                } else {
                    None
                };
                if c == Command::Search || rolls(g, &c) {
                    if let Some((v, drawn)) = chance {
                        let game = ended(ctx, &drawn);
                        let base = ctx.score(&game);
                        out.push(Leaf {
                            value: v + jitter,
                            first: head,
                            game,
                            base,
                        });
                    }
                    continue;
                }
                let mut copy = g.clone();
                if copy.apply(ctx.pack, ctx.map, &c).is_err() {
                    continue;
                }
                let value = ctx.score(&copy) + jitter;
                if !open(&copy) {
                    out.push(Leaf {
                        value,
                        first: head,
                        base: value - jitter,
                        game: copy,
                    });
                } else if seen.insert(key(&copy)) {
                    next.push(Node {
                        first: head,
                        game: copy,
                        value,
                    });
                }
            }
        }
        next.sort_by(|a, b| b.value.total_cmp(&a.value));
        next.truncate(BEAM);
        frontier = next.into_iter().map(|n| (n.game, Some(n.first))).collect();
    }
    // Sequences still open at the horizon are judged as they stand.
    for (g, first) in frontier {
        if let Some(first) = first {
            let value = ctx.score(&g);
            let game = ended(ctx, &g);
            let base = ctx.score(&game);
            out.push(Leaf {
                value,
                first,
                game,
                base,
            });
        }
    }
    out
}

/// The first command of the best sequence of this turn's remaining Actions: the leaves ranked
/// by their score, the best few then judged again after the next Threat (`foresee`).
/// `visited`: the keys of the positions this turn has already passed through.
pub fn best_action(
    ctx: &Ctx,
    game: &Game,
    visited: &HashSet<u64>,
    rng: &mut Chance,
) -> Option<Command> {
    let mut all = leaves(ctx, game, visited, rng);
    all.sort_by(|a, b| b.value.total_cmp(&a.value));
    let outlook = Outlook::new(ctx, game);
    all.into_iter()
        .take(FORESEEN)
        .map(|l| {
            let v = l.value + outlook.value(ctx, &l.game) - l.base;
            (v, l.first)
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}
