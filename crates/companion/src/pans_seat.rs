//! What one seat alone may see of a Pan's Island game, and the reveal at its end.
//!
//! A hand is answered only to the seat that holds the tablet at that moment: the holder first
//! says "I am …" (`pans_claim_seat`), which is granted only to the seat whose turn it is to hold
//! the tablet (the next holder without a sleeve, or the seat whose Visions are due) and gives a
//! `SeatPass`; `pans_hand` answers only for the pass issued last for that game. Passing the
//! tablet on (the next claim) revokes the previous pass. When every player has their own device
//! the pass becomes that device's proof of seat; the check stays here.
//!
//! When a game has ended, every sleeve it used can be shown on the board ("here is where they
//! were"); before that, `pans_reveal` refuses.

use neverland_pans_island::game::{Game, Phase, SleeveInput};
use serde::Serialize;
use ts_rs::TS;

use crate::error::{AppError, ErrorCode};
use crate::pans::{PansHand, PansStep, PansView};
use crate::service::Companion;

pub use crate::seat_passes::{SeatPass, SeatPasses};

/// One sleeve of an ended game, for the reveal.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct RevealedSleeve {
    /// The seat that held it (its cross was for the player on that seat's right).
    pub holder: usize,
    /// 1, 2, … in the order they were confirmed.
    pub number: u32,
    pub sleeve: SleeveInput,
}

/// The seat that holds the tablet now: the first without a sleeve, else during Receive the
/// Visions the first seat not done.
pub fn seat_with_tablet(game: &Game) -> Option<usize> {
    let view = game.public_view();
    if let Some(p) = view.players.iter().position(|p| !p.has_sleeve) {
        return Some(p);
    }
    match game.phase {
        Phase::Visions => view.players.iter().position(|p| !p.visions_done),
        _ => None,
    }
}

impl Companion {
    /// "I am …": the seat that holds the tablet now takes a pass for its own screen.
    pub async fn pans_claim_seat(&self, game_id: i64, player: usize) -> Result<SeatPass, AppError> {
        let loaded = self.load_pans(game_id).await?;
        if loaded.game.is_over().is_some() {
            return Err(crate::fail!(
                ErrorCode::IllegalCommand,
                "seat-game-over",
                "the game is over"
            ));
        }
        if seat_with_tablet(&loaded.game) != Some(player) {
            return Err(crate::fail!(
                ErrorCode::IllegalCommand,
                "seat-not-holding",
                "seat {seat} does not hold the tablet now",
                seat = player + 1
            ));
        }
        let pass = SeatPass {
            game_id,
            player,
            pass: fresh_pass()?,
        };
        self.seat_passes()
            .0
            .lock()
            .expect("the pass table is never poisoned")
            .insert(game_id, pass.clone());
        Ok(pass)
    }

    /// A seat's hand and mini-card, answered only to the pass issued last for this game.
    pub async fn pans_hand(&self, game_id: i64, seat: SeatPass) -> Result<PansHand, AppError> {
        let current = self
            .seat_passes()
            .0
            .lock()
            .expect("the pass table is never poisoned")
            .get(&game_id)
            .cloned();
        if seat.game_id != game_id || current.as_ref() != Some(&seat) {
            return Err(crate::fail!(
                ErrorCode::IllegalCommand,
                "seat-claim-first",
                "only the player holding the tablet sees their hand: say \"I am …\" first"
            ));
        }
        self.pans_hand_of_proven_seat(game_id, seat.player).await
    }

    /// The hand of a seat whose caller has already proven it holds that seat by other means
    /// (the local-network host's device token, `crates/lan-host`); never a command of the table.
    pub async fn pans_hand_of_proven_seat(
        &self,
        game_id: i64,
        player: usize,
    ) -> Result<PansHand, AppError> {
        hand_of(&self.load_pans(game_id).await?.game, player)
    }

    /// The public view and every seat's hand, from one reading of the game (so all are of the
    /// same step): the local-network host builds each seat's push from it, the hand of that
    /// seat's proven player only.
    pub async fn pans_view_and_hands(
        &self,
        game_id: i64,
    ) -> Result<(PansView, Vec<PansHand>), AppError> {
        let loaded = self.load_pans(game_id).await?;
        let seats = loaded.game.public_view().players.len();
        let hands = (0..seats)
            .map(|p| hand_of(&loaded.game, p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((Companion::pans_view(loaded)?, hands))
    }

    /// Every sleeve of an ended game, in the order they were confirmed.
    pub async fn pans_reveal(&self, game_id: i64) -> Result<Vec<RevealedSleeve>, AppError> {
        let loaded = self.load_pans(game_id).await?;
        if loaded.game.is_over().is_none() {
            return Err(crate::fail!(
                ErrorCode::IllegalCommand,
                "sleeves-after-end",
                "the sleeves are shown only when the game has ended"
            ));
        }
        let mut out = Vec::new();
        for step in &loaded.timeline.done {
            if let PansStep::Sleeve { player, secret } = step {
                let Some((_, sleeve)) = loaded.secrets.get(*secret as usize) else {
                    continue;
                };
                out.push(RevealedSleeve {
                    holder: *player,
                    number: secret + 1,
                    sleeve: sleeve.clone(),
                });
            }
        }
        Ok(out)
    }
}

fn hand_of(game: &Game, player: usize) -> Result<PansHand, AppError> {
    let view = game.holder_view(player).ok_or_else(|| {
        crate::fail!(
            ErrorCode::InvalidInput,
            "no-such-seat",
            "there is no seat {seat}",
            seat = player + 1
        )
    })?;
    Ok(PansHand {
        player,
        hand: view.hand,
        mini_card: view.mini_card,
    })
}

/// 128 bits from the operating system's random source, as hex: a pass nobody can predict (game
/// seeds may be fixed for tests; a pass never is).
fn fresh_pass() -> Result<String, AppError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        crate::fail!(
            ErrorCode::Storage,
            "random-failed",
            "the system's random source failed: {error}",
            error = e
        )
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
