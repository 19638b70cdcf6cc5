//! The careful bot's "clear and Search" plans (issue 20): three Hostages in four were turned up
//! by an Enemy's Search among Enemies, so the bot also looks on purpose for a way to take a
//! Search token first, in this turn. From the look-ahead's deck-free copy it walks the engine's
//! own legal commands that lead towards a Location holding a Search token within the Actions
//! left (Moves that bring the active Character closer, Fights, Taunts and Scares against the
//! Enemies standing on such a token, the Fifth Action) until the engine offers a Search, each
//! step applied by the engine on a copy. It never decides a rule itself: a plan is only a
//! sequence the engine accepted, ending where the engine's candidates include a Search.

use std::collections::HashSet;

use crate::engine::{Command, Game, Phase};

use super::eval::{Ctx, key};

/// Commands in a plan at most (four Actions, the Fifth, a free one).
const STEPS: usize = 6;
/// Positions looked at per call at most (the walk is cut there).
const NODES: usize = 400;
/// Plans kept per call at most.
const PLANS: usize = 6;

/// A sequence of the engine's legal commands after which it offers a Search, and the position
/// it reaches (the Search not yet made).
#[derive(Debug, Clone)]
pub struct Plan {
    pub commands: Vec<Command>,
    pub game: Game,
}

/// Actions the active Character may still take this turn (the Fifth counted while Destiny
/// allows it).
fn actions_left(g: &Game) -> u32 {
    let me = &g.table.characters[g.active];
    let fifth = u32::from(me.destiny && !g.turn.fifth_used);
    u32::from(g.turn.chosen) + g.turn.mandatory.len() as u32 + fifth
}

/// The Locations holding a Search token the active Character could reach this turn.
fn targets(ctx: &Ctx, g: &Game) -> Vec<String> {
    let here = &g.table.characters[g.active].at;
    let left = actions_left(g);
    g.table
        .search_tokens
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(l, _)| l.clone())
        .filter(|l| ctx.routes.between(ctx.map, here, l) <= left)
        .collect()
}

/// Where an Enemy (not a Named Enemy: those roll a Stone) stands, if it is one.
fn enemy_at<'a>(g: &'a Game, id: &str) -> Option<&'a str> {
    g.table
        .enemies
        .iter()
        .find(|e| e.id == id)
        .map(|e| e.at.as_str())
}

/// Is `c` a step towards one of the `targets`: a Move that brings the active Character closer
/// to one, a Fight, Taunt or Scare against an Enemy standing on one, or the Fifth Action?
fn towards(ctx: &Ctx, g: &Game, targets: &[String], c: &Command) -> bool {
    let here = &g.table.characters[g.active].at;
    let on_target = |id: &str| enemy_at(g, id).is_some_and(|at| targets.iter().any(|t| t == at));
    match c {
        Command::Move { to, escort } => {
            escort.is_empty()
                && targets.iter().any(|t| {
                    ctx.routes.between(ctx.map, to, t) < ctx.routes.between(ctx.map, here, t)
                })
        }
        Command::Fight { target } => on_target(target),
        Command::Taunt {
            enemy, also: None, ..
        } => on_target(enemy),
        Command::Scare {
            enemy,
            to,
            also: None,
        } => on_target(enemy) && !targets.contains(to),
        Command::FifthAction => g.turn.chosen == 0 && g.turn.mandatory.is_empty(),
        _ => false,
    }
}

/// Is the engine offering a Search to the active Character, still standing, in its Actions?
fn searchable(ctx: &Ctx, g: &Game, active: usize) -> bool {
    g.phase == Phase::Actions
        && g.active == active
        && !g.table.characters[active].fallen
        && g.candidates(ctx.pack, ctx.map).contains(&Command::Search)
}

/// The walk's shared state: positions already seen, nodes left, plans found.
struct Walk {
    seen: HashSet<u64>,
    nodes: usize,
    found: Vec<Plan>,
}

fn walk(ctx: &Ctx, g: &Game, path: &mut Vec<Command>, active: usize, w: &mut Walk) {
    if !path.is_empty() && searchable(ctx, g, active) {
        w.found.push(Plan {
            commands: path.clone(),
            game: g.clone(),
        });
        return;
    }
    if path.len() >= STEPS || w.found.len() >= PLANS {
        return;
    }
    let goals = targets(ctx, g);
    if goals.is_empty() {
        return;
    }
    for c in g.candidates(ctx.pack, ctx.map) {
        if w.nodes == 0 || w.found.len() >= PLANS {
            return;
        }
        if !towards(ctx, g, &goals, &c) {
            continue;
        }
        let mut copy = g.clone();
        w.nodes -= 1;
        if copy.apply(ctx.pack, ctx.map, &c).is_err() || copy.phase != Phase::Actions {
            continue;
        }
        if copy.active != active || copy.table.characters[active].fallen {
            continue;
        }
        if !w.seen.insert(key(&copy)) {
            continue;
        }
        path.push(c);
        walk(ctx, &copy, path, active, w);
        path.pop();
    }
}

/// The plans that clear a Search token's Location (or reach one already clear) and leave the
/// active Character able to Search it this turn, from `g` (a deck-free copy). `visited`: the
/// positions this turn has already passed through (never entered again).
pub fn plans(ctx: &Ctx, g: &Game, visited: &HashSet<u64>) -> Vec<Plan> {
    if g.phase != Phase::Actions {
        return vec![];
    }
    let mut w = Walk {
        seen: visited.clone(),
        nodes: NODES,
        found: vec![],
    };
    walk(ctx, g, &mut vec![], g.active, &mut w);
    w.found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;
    use crate::engine::Setup;
    use crate::position::EnemyAt;

    /// Lost Allies, a hand-built table: the active Character at the Bow with four Actions, a
    /// Search token at the Fore Deck (next door) where one Raider stands, no other Enemy or
    /// token. The engine refuses a Search now; the plan walks there, fights the Raider and is
    /// left with a Search the engine accepts, every step replayed by the engine.
    #[test]
    fn a_guarded_token_next_door_is_cleared_and_searched() {
        let fx = super::super::Fixture::new(Scenario::LostAllies);
        let (pack, map, ctx) = (&fx.pack, &fx.map, fx.ctx());
        let mut g = Game::new(pack, map, &Setup::for_players(2), 5).unwrap();
        g.apply(pack, map, &Command::MoraleCheck).unwrap();
        assert_eq!(g.phase, Phase::Actions);
        g.turn.mandatory.clear();
        g.turn.chosen = 4;
        g.turn.stopped = false;
        for c in &mut g.table.characters {
            c.at = "bow".into();
            c.wounds = 0;
            c.despair = 0;
        }
        g.table.enemies = vec![EnemyAt {
            id: "raider-1".into(),
            kind: "raider".into(),
            at: "fore-deck".into(),
        }];
        g.table.named_enemies.clear();
        g.table.hostages.clear();
        g.table.search_tokens = [("fore-deck".to_owned(), 1)].into();
        assert!(!g.candidates(pack, map).contains(&Command::Search));

        let found = plans(&ctx, &g, &HashSet::new());
        let plan = found
            .iter()
            .find(|p| {
                p.commands
                    .iter()
                    .any(|c| matches!(c, Command::Fight { .. }))
            })
            .expect("a plan that fights the Raider");
        let mut replay = g.clone();
        for c in &plan.commands {
            replay.apply(pack, map, c).expect("each step is legal");
        }
        assert_eq!(replay.table.characters[replay.active].at, "fore-deck");
        assert!(replay.table.enemies.is_empty());
        replay
            .apply(pack, map, &Command::Search)
            .expect("the engine accepts the Search");
    }
}
