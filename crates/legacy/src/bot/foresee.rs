//! What the next Threat may do to a position, for the careful bot's look-ahead: for each Threat
//! colour a card of that colour still to come is put on top of the copy's Threat deck (the
//! deck's contents are public, only its order is not; the first card of each colour by id is
//! taken), the engine draws and resolves it with the players choosing, at each tie, the option
//! that scores best, and the scores after the Threat are averaged by how many cards of each
//! colour are left. The Named Enemy card is left out (its placement is random).

use crate::engine::{Command, Game, Phase};
use crate::pack::Colour;

use super::eval::Ctx;

/// A Threat card that may come next, and the share of the coloured cards its colour has.
#[derive(Debug, Clone)]
pub struct Outlook {
    cards: Vec<(String, f64)>,
}

impl Outlook {
    /// The cards that may come next in `game` (its deck, or the discard it would reshuffle).
    pub fn new(ctx: &Ctx, game: &Game) -> Outlook {
        let pool = if game.threat_deck.is_empty() {
            &game.threat_discard
        } else {
            &game.threat_deck
        };
        let mut ids: Vec<&String> = pool.iter().collect();
        ids.sort();
        let colour_of = |id: &str| ctx.pack.threat_card(id).and_then(|t| t.colour);
        let coloured = ids.iter().filter(|id| colour_of(id).is_some()).count();
        let mut cards = Vec::new();
        for colour in [Colour::Red, Colour::Blue, Colour::Yellow] {
            let of: Vec<&&String> = ids
                .iter()
                .filter(|id| colour_of(id) == Some(colour))
                .collect();
            if let Some(first) = of.first() {
                cards.push(((**first).clone(), of.len() as f64 / coloured as f64));
            }
        }
        Outlook { cards }
    }

    /// The expected score after the next Threat, from a position whose Actions are over (the
    /// position's own score when it is not waiting for a Threat).
    pub fn value(&self, ctx: &Ctx, g: &Game) -> f64 {
        if g.phase != Phase::Draw || self.cards.is_empty() {
            return ctx.score(g);
        }
        self.cards
            .iter()
            .map(|(card, share)| share * ctx.score(&resolve(ctx, g, card)))
            .sum()
    }
}

/// The position after `card` is drawn and resolved, the players choosing the best option at
/// each tie.
fn resolve(ctx: &Ctx, g: &Game, card: &str) -> Game {
    let mut copy = g.clone();
    copy.threat_deck = vec![card.to_owned()];
    if copy.apply(ctx.pack, ctx.map, &Command::DrawThreat).is_err() {
        return copy;
    }
    settle(ctx, &copy)
}

/// The position after the drawn Threat of `g` (in its Colour phase) is resolved, the players
/// choosing the best option at each tie.
pub fn settle(ctx: &Ctx, g: &Game) -> Game {
    let mut copy = g.clone();
    if copy
        .apply(ctx.pack, ctx.map, &Command::ResolveThreat)
        .is_err()
    {
        return copy;
    }
    // Each activation is one step; the bound only guards against a loop.
    for _ in 0..200 {
        let Some((_, options)) = copy.pending_options(ctx.pack, ctx.map) else {
            break;
        };
        let pick = (0..options.len())
            .filter(|_| options.len() > 1)
            .max_by(|&x, &y| {
                let mut a = copy.clone();
                a.apply_pending(ctx.pack, ctx.map, &options[x]);
                let mut b = copy.clone();
                b.apply_pending(ctx.pack, ctx.map, &options[y]);
                ctx.score(&a).total_cmp(&ctx.score(&b))
            })
            .unwrap_or(0);
        copy.apply_pending(ctx.pack, ctx.map, &options[pick]);
    }
    copy
}
