//! The tree of a Threat's activations: players' choice nodes (which option of a tie, which
//! Enemy of the colour activates next) and chance nodes (the kind of Search card an Enemy's
//! Search draws from the cards still unseen; which Named Enemy a random placement brings). Every
//! edge is one `Game::apply` on a copy. Exact when the tree fits the budget (best = the players'
//! choices that minimise the expected harm, worst = those that maximise it); otherwise seeded
//! rollouts that take each tie greedily by its immediate harm, in the table's order.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use neverland_chance::Chance;

use super::Budget;
use super::tally::{Cost, Tally};
use crate::engine::{Command, Game, Pending, Phase};
use crate::map::Map;
use crate::pack::Pack;
use crate::priorities::Act;

pub(crate) struct Evaluation {
    pub best: Cost,
    pub worst: Cost,
    pub exact: bool,
    pub rollouts: u32,
    pub nodes: u32,
}

/// The best and the worst for the players.
type Pair = (Tally, Tally);

fn activating(g: &Game) -> bool {
    matches!(g.phase, Phase::Activations { .. })
}

/// The unseen Search cards grouped by what they do: a representative id and how many.
pub(crate) fn classes(pack: &Pack, deck: &[String]) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for id in deck {
        let effect = pack.search_card(id);
        match out
            .iter_mut()
            .find(|(rep, _)| pack.search_card(rep) == effect)
        {
            Some((_, n)) => *n += 1,
            None => out.push((id.clone(), 1)),
        }
    }
    out
}

/// The deck with `card` on top (the end of the vector).
pub(crate) fn on_top(deck: &mut Vec<String>, card: &str) {
    if let Some(i) = deck.iter().position(|c| c == card) {
        let c = deck.remove(i);
        deck.push(c);
    }
}

/// A seed whose stream's first `below(n)` is `i`: the random Named Enemy placement made to
/// pick each candidate in turn.
fn seed_picking(n: u32, i: u32) -> u64 {
    (0u64..)
        .find(|s| Chance::from_seed(*s).below(n) == i)
        .expect("every index comes up")
}

/// Named Enemies a random placement could still bring.
fn unused_named(pack: &Pack, g: &Game) -> u32 {
    pack.named_enemies
        .iter()
        .filter(|n| !n.set_aside && !g.named_placed.contains(&n.id))
        .count() as u32
}

/// Did this step place a Named Enemy at random (not the set-aside one a last Hostage brings)?
fn random_named(pack: &Pack, before: &Game, after: &Game) -> bool {
    after.named_placed[before.named_placed.len().min(after.named_placed.len())..]
        .iter()
        .any(|id| pack.named(id).is_some_and(|n| !n.set_aside))
}

/// A state of the walk, as a hash: what the rest of a Threat depends on (the table, the queue,
/// the unseen cards in their canonical order, the cards set aside, the Named Enemies placed).
/// Two orders of activation that reach the same table are walked once.
fn key(g: &Game, ordered: bool) -> u64 {
    let mut h = DefaultHasher::new();
    ordered.hash(&mut h);
    let t = &g.table;
    for c in &t.characters {
        (&c.id, &c.at, c.wounds, c.despair, c.destiny, c.fallen).hash(&mut h);
        (c.coins, &c.items, &c.carrying, c.on_rowboat).hash(&mut h);
    }
    for e in &t.enemies {
        (&e.id, &e.kind, &e.at).hash(&mut h);
    }
    for n in &t.named_enemies {
        (&n.id, &n.at, n.wounds).hash(&mut h);
    }
    t.search_tokens.hash(&mut h);
    for x in &t.hostages {
        (&x.id, &x.at).hash(&mut h);
    }
    (
        &t.rowboat,
        g.active,
        &g.search_deck,
        g.set_aside.len(),
        &g.named_placed,
    )
        .hash(&mut h);
    match &g.phase {
        Phase::Activations { queue, after, .. } => {
            after.hash(&mut h);
            for p in queue {
                match p {
                    Pending::Enemy { id } => (0, id, 0).hash(&mut h),
                    Pending::Named { id, step } => (1, id, *step).hash(&mut h),
                    Pending::After { id, step } => (2, id, *step).hash(&mut h),
                }
            }
        }
        other => serde_json::to_string(other)
            .unwrap_or_default()
            .hash(&mut h),
    }
    h.finish()
}

struct Walk<'a> {
    pack: &'a Pack,
    map: &'a Map,
    root: &'a Game,
    nodes: u32,
    limit: u32,
    seen: HashMap<u64, Pair>,
}

impl Walk<'_> {
    /// One engine step on `g`; None once the budget is spent.
    fn apply(&mut self, g: &mut Game, cmd: &Command) -> Option<()> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        g.apply(self.pack, self.map, cmd)
            .expect("the advisor plays only what the engine offered");
        Some(())
    }

    /// One activation on `g`: the engine's `apply_pending` for an option it has just offered
    /// (what `Activate { option }` does, without working the options out again).
    fn act(&mut self, g: &mut Game, act: &Act) -> Option<()> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        g.apply_pending(self.pack, self.map, act);
        Some(())
    }

    /// Every outcome of the option `cmd` on `g` with its probability: one, or one per kind of unseen card
    /// an Enemy's Search would draw (and per Named Enemy a random placement could bring).
    fn children(&mut self, g: &Game, cmd: &Act) -> Option<Vec<(Game, f64)>> {
        let mut probe = g.clone();
        self.act(&mut probe, cmd)?;
        if probe.search_deck.len() == g.search_deck.len() {
            return Some(vec![(probe, 1.0)]);
        }
        let n = g.search_deck.len() as f64;
        let mut out = Vec::new();
        for (card, count) in classes(self.pack, &g.search_deck) {
            let mut drawn = g.clone();
            on_top(&mut drawn.search_deck, &card);
            let before = drawn.clone();
            self.act(&mut drawn, cmd)?;
            let w = count as f64 / n;
            if !random_named(self.pack, &before, &drawn) {
                out.push((drawn, w));
                continue;
            }
            let u = unused_named(self.pack, &before);
            for i in 0..u {
                let mut picked = before.clone();
                picked.rng = Chance::from_seed(seed_picking(u, i));
                self.act(&mut picked, cmd)?;
                out.push((picked, w / u as f64));
            }
        }
        Some(out)
    }

    /// The expected best and worst of the rest of the Threat from `g`.
    fn node(&mut self, g: &Game, ordered: bool) -> Option<Pair> {
        if !activating(g) {
            let t = Tally::leaf(self.root, g);
            return Some((t.clone(), t));
        }
        let k = key(g, ordered);
        if let Some(p) = self.seen.get(&k) {
            return Some(p.clone());
        }
        let p = self.expand(g, ordered)?;
        self.seen.insert(k, p.clone());
        Some(p)
    }

    /// The choices and chances at `g`, walked.
    fn expand(&mut self, g: &Game, ordered: bool) -> Option<Pair> {
        let mut kids = Vec::new();
        let others = if ordered { vec![] } else { distinct_choices(g) };
        if !others.is_empty() {
            kids.push(self.node(g, true)?);
            for enemy in others {
                let mut next = g.clone();
                self.apply(&mut next, &Command::ChooseNext { enemy })?;
                kids.push(self.node(&next, true)?);
            }
            return Some(choose(kids));
        }
        let Some((_, options)) = g.pending_options(self.pack, self.map) else {
            let t = Tally::leaf(self.root, g);
            return Some((t.clone(), t));
        };
        for option in &options {
            let mut best = Tally::zero(self.root);
            let mut worst = Tally::zero(self.root);
            for (child, w) in self.children(g, option)? {
                let (b, wo) = self.node(&child, false)?;
                best.add(&b, w);
                worst.add(&wo, w);
            }
            kids.push((best, worst));
        }
        Some(choose(kids))
    }

    /// One outcome of `cmd`, drawn from the advisor's stream with the same weights.
    fn sample(&mut self, g: &Game, cmd: &Act, rng: &mut Chance) -> Game {
        let mut out = g.clone();
        let n = g.search_deck.len() as u32;
        if n > 0 {
            // The unseen cards are held in their canonical order: any index is a fair draw.
            let k = rng.below(n) as usize;
            let card = out.search_deck.remove(k);
            out.search_deck.push(card);
            out.rng = Chance::from_seed(rng.below(u32::MAX) as u64);
        }
        self.nodes += 1;
        out.apply_pending(self.pack, self.map, cmd);
        out
    }

    /// One rollout: ties taken greedily by their immediate harm (least for the best, most for
    /// the worst), the Enemies in the table's order.
    fn rollout(&mut self, start: &Game, worst: bool, rng: &mut Chance) -> Tally {
        let mut g = start.clone();
        while activating(&g) {
            let Some((_, options)) = g.pending_options(self.pack, self.map) else {
                break;
            };
            let mut pick: Option<(f64, Game)> = None;
            for option in &options {
                let child = self.sample(&g, option, rng);
                let s = Tally::leaf(self.root, &child).score;
                let better = pick
                    .as_ref()
                    .is_none_or(|(p, _)| if worst { s > *p } else { s < *p });
                if better {
                    pick = Some((s, child));
                }
            }
            g = pick.expect("an activation has an option").1;
        }
        Tally::leaf(self.root, &g)
    }
}

/// The Enemies the players could send next, one per kind and Location (two Raiders standing
/// together do the same thing whichever goes first), none like the one already next.
fn distinct_choices(g: &Game) -> Vec<String> {
    let like = |id: &str| {
        g.table
            .enemies
            .iter()
            .find(|e| e.id == id)
            .map(|e| (e.kind.clone(), e.at.clone()))
    };
    let head = match &g.phase {
        Phase::Activations { queue, .. } => queue.first().and_then(|p| like(p.id())),
        _ => None,
    };
    let mut seen = vec![head];
    let mut out = Vec::new();
    for id in g.next_choices() {
        let l = like(&id);
        if !seen.contains(&l) {
            seen.push(l);
            out.push(id);
        }
    }
    out
}

/// At a players' choice: the least harmful child for the best, the most harmful for the worst
/// (the first of equals).
fn choose(kids: Vec<Pair>) -> Pair {
    let mut best: Option<Tally> = None;
    let mut worst: Option<Tally> = None;
    for (b, w) in kids {
        if best.as_ref().is_none_or(|x| b.score < x.score) {
            best = Some(b);
        }
        if worst.as_ref().is_none_or(|x| w.score > x.score) {
            worst = Some(w);
        }
    }
    (best.expect("a choice"), worst.expect("a choice"))
}

/// Resolves the Threat on `start` (a copy in the Colour stage) and evaluates its activations.
pub(crate) fn evaluate(
    pack: &Pack,
    map: &Map,
    root: &Game,
    mut start: Game,
    budget: Budget,
) -> Evaluation {
    start
        .apply(pack, map, &Command::ResolveThreat)
        .expect("a drawn Threat resolves");
    let mut walk = Walk {
        pack,
        map,
        root,
        nodes: 1,
        limit: budget.nodes,
        seen: HashMap::new(),
    };
    if let Some((best, worst)) = walk.node(&start, false) {
        return Evaluation {
            best: best.cost(root),
            worst: worst.cost(root),
            exact: true,
            rollouts: 0,
            nodes: walk.nodes,
        };
    }
    walk.limit = u32::MAX;
    let runs = budget.rollouts.max(1);
    let mut sums = [Tally::zero(root), Tally::zero(root)];
    for (k, sum) in sums.iter_mut().enumerate() {
        for r in 0..runs {
            // The same stream for both policies (common random numbers): best and worst differ
            // by the choices, not by luck.
            let mut rng = Chance::from_seed(budget.seed ^ ((r as u64) << 8));
            let t = walk.rollout(&start, k == 1, &mut rng);
            sum.add(&t, 1.0 / runs as f64);
        }
    }
    Evaluation {
        best: sums[0].cost(root),
        worst: sums[1].cost(root),
        exact: false,
        rollouts: runs,
        nodes: walk.nodes,
    }
}
