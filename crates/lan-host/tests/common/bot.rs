//! Whole bot games played through the seats: each command is sent by the seat the rules give it
//! to (its own Vision, its own turn), a sleeve as its holder would enter it (card millimetres).

use neverland_chance::Chance;
use neverland_pans_island::board::Board;
use neverland_pans_island::content::Visions;
use neverland_pans_island::game::{Command, Game, Phase, Setup};
use neverland_pans_island::sim;
use serde_json::{Value, json};

use neverland_companion::pans::{board_to_card, card_to_board};

/// Every number in a JSON value.
pub fn numbers(v: &Value, out: &mut Vec<f64>) {
    match v {
        Value::Number(n) => out.push(n.as_f64().unwrap()),
        Value::Array(a) => a.iter().for_each(|x| numbers(x, out)),
        Value::Object(o) => o.values().for_each(|x| numbers(x, out)),
        _ => {}
    }
}

/// The seats that may send `c` on `g`: its own player, the active player, or anyone.
pub fn senders(g: &Game, c: &Command) -> Option<usize> {
    match c {
        Command::SetSleeve { player, .. }
        | Command::Draw { player, .. }
        | Command::TakeFromDiscard { player, .. }
        | Command::RemoveFromNeighbour { player, .. }
        | Command::Reposition { player, .. }
        | Command::Play { player, .. }
        | Command::Danger { player, .. } => Some(*player),
        Command::StartActing => None,
        _ => match g.phase {
            Phase::Act { active, .. } => Some(active),
            _ => None,
        },
    }
}

/// The bot's game, mirrored in memory.
pub struct Bot {
    pub board: Board,
    pub game: Game,
    rng: Chance,
    crosses: Vec<Option<neverland_pans_island::geometry::Point>>,
    /// Every fractional number of every sleeve entered so far (board and card millimetres).
    pub secrets: Vec<f64>,
}

impl Bot {
    /// The bot's game of `setup` as the companion stored it (its reading of "within" included).
    pub fn new(setup: &Setup, seed: u64) -> Bot {
        let board = Board::builtin();
        let game = Game::new(&board, &Visions::builtin(), &[], setup, seed).unwrap();
        Bot {
            board,
            game,
            rng: Chance::from_seed(seed ^ 0x5eed),
            crosses: Vec::new(),
            secrets: Vec::new(),
        }
    }

    /// The next command as (seat that sends it, None = any seat; command name; arguments
    /// without `since`), applied to the mirror. None when the game is over.
    pub fn next(&mut self, game_id: i64) -> Option<(Option<usize>, &'static str, Value)> {
        let before = self.game.clone();
        let cmd = sim::step(&mut self.game, &mut self.rng, &mut self.crosses)?;
        let who = senders(&before, &cmd);
        Some(match cmd {
            Command::SetSleeve { player, sleeve } => {
                let card = board_to_card(&self.board, &sleeve);
                // What the host will hold: the card-millimetre entry mapped back to the board.
                let exact = card_to_board(&self.board, &card);
                self.game = before;
                self.game
                    .apply(&Command::SetSleeve {
                        player,
                        sleeve: exact.clone(),
                    })
                    .unwrap();
                let mut n0 = Vec::new();
                numbers(&serde_json::to_value(&exact).unwrap(), &mut n0);
                self.secrets
                    .extend(n0.into_iter().filter(|v| v.fract() != 0.0));
                let mut n = Vec::new();
                numbers(&serde_json::to_value(&sleeve).unwrap(), &mut n);
                numbers(&serde_json::to_value(&card).unwrap(), &mut n);
                self.secrets
                    .extend(n.into_iter().filter(|v| v.fract() != 0.0));
                (
                    who,
                    "set_sleeve",
                    json!({"gameId": game_id, "player": player, "sleeve": card}),
                )
            }
            c => (
                who,
                "pans_command",
                json!({"gameId": game_id, "command": c}),
            ),
        })
    }

    /// Each seat's hand now, as the seat's frame carries it.
    pub fn hands(&self) -> Vec<Value> {
        (0..self.game.public_view().players.len())
            .map(|p| serde_json::to_value(self.game.holder_view(p).unwrap().hand).unwrap())
            .collect()
    }
}
