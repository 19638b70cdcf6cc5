//! A whole game as a file (`neverland-legacy-game/1`): the scenario, the seed, the set-up (or the
//! table it started from) and the commands in force, oldest first. Replaying it gives the game;
//! a file that does not replay says which step is refused and why. Our own format (the shared
//! spec has positions only); the app exports and imports it, the CLI replays it.

use serde::{Deserialize, Serialize};

use crate::engine::{Command, Game, Refusal, Setup};
use crate::map::Map;
use crate::pack::{Pack, Scenario};
use crate::position::Position;

pub const FORMAT: &str = "neverland-legacy-game/1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format: String,
    pub scenario: Scenario,
    /// Decimal text: a 64-bit seed does not fit a JSON number everywhere.
    pub seed: String,
    pub setup: Setup,
    /// The table the game started from when it was imported from a position file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// The rules version the game was started with (`crate::RULES_VERSION` then); absent in files
    /// written before versions were kept, which are version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_version: Option<u32>,
    /// The owner's box the game was played with (a whole `neverland-box/1` file: their
    /// corrections to the built-in cards); absent when it was played with the built-in pack.
    /// The app replays the file with it; the command line replays with the built-in pack only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_box: Option<serde_json::Value>,
    pub log: Vec<Command>,
}

/// The first command of a log that the rules refuse: its place in the log (0 is the first) and
/// the engine's reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedStep {
    pub index: usize,
    pub reason: String,
    /// The same reason with its code and parameters, for a screen to say in its own words.
    pub refusal: Refusal,
}

/// Plays `log` on `game` until the rules refuse a command; the game stays as it was before that
/// command, and the refused one is returned. `before` sees the game before each command and
/// `after` the game after each accepted one, with what `before` returned for it.
pub fn replay_until_refused<S>(
    game: &mut Game,
    pack: &Pack,
    map: &Map,
    log: &[Command],
    mut before: impl FnMut(&Game, &Command) -> S,
    mut after: impl FnMut(S, &Game, &Command),
) -> Option<RefusedStep> {
    for (index, c) in log.iter().enumerate() {
        let seen = before(game, c);
        if let Err(e) = game.apply(pack, map, c) {
            return Some(RefusedStep {
                index,
                reason: e.text.clone(),
                refusal: e,
            });
        }
        after(seen, game, c);
    }
    None
}

/// Why a game file cannot be taken: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// A JSON path (`log[3].to`), or `log[3]` for a refused command.
    pub path: String,
    pub reason: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.reason)
    }
}

fn error<T>(path: impl Into<String>, reason: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError {
        path: path.into(),
        reason: reason.into(),
    })
}

impl GameRecord {
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let r: GameRecord = crate::position::parse_at_path(text)
            .map_err(|(path, reason)| RecordError { path, reason })?;
        if r.format != FORMAT {
            return error("format", format!("expected {FORMAT:?}, got {:?}", r.format));
        }
        Ok(r)
    }

    pub fn seed(&self) -> Result<u64, RecordError> {
        self.seed.trim().parse().map_err(|_| RecordError {
            path: "seed".into(),
            reason: format!(
                "{:?} is not a whole number from 0 to 18446744073709551615",
                self.seed
            ),
        })
    }

    /// The game before its first command.
    pub fn start(&self, pack: &Pack, map: &Map) -> Result<Game, RecordError> {
        if pack.scenario != self.scenario {
            return error("scenario", format!("the pack is for {}", pack.scenario));
        }
        let seed = self.seed()?;
        let started = match &self.position {
            Some(p) => {
                p.validate(pack, map).map_err(|e| RecordError {
                    path: format!("position.{}", e.path),
                    reason: e.reason,
                })?;
                Game::from_position(pack, map, p, seed)
            }
            None => Game::new(pack, map, &self.setup, seed),
        };
        started.or_else(|e| error("setup", e.text))
    }

    /// The rules version the game was started with.
    pub fn rules_version(&self) -> u32 {
        self.rules_version.unwrap_or(crate::FIRST_RULES_VERSION)
    }

    /// Replays the whole log; the first refused command is named by its place in the log.
    pub fn replay(&self, pack: &Pack, map: &Map) -> Result<Game, RecordError> {
        match self.replay_partly(pack, map)? {
            (g, None) => Ok(g),
            (_, Some(r)) => error(
                format!("log[{}]", r.index),
                format!("step {} is refused: {}", r.index + 1, r.reason),
            ),
        }
    }

    /// Replays the log up to the first command the rules refuse: the game before it, and that
    /// command's place and reason (none when the whole log replays). A file from an older rules
    /// version opens this way (see `crate::RULES_VERSION`).
    pub fn replay_partly(
        &self,
        pack: &Pack,
        map: &Map,
    ) -> Result<(Game, Option<RefusedStep>), RecordError> {
        let mut g = self.start(pack, map)?;
        let refused = replay_until_refused(&mut g, pack, map, &self.log, |_, _| (), |_, _, _| {});
        Ok((g, refused))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a game record is plain data")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::play;

    fn record(scenario: Scenario, seed: u64) -> (Pack, Map, GameRecord) {
        let pack = Pack::builtin(scenario).unwrap();
        let map = Map::new(&pack);
        let setup = Setup::for_players(2);
        let (_, log) = play(&pack, &map, &setup, seed, 200);
        let r = GameRecord {
            format: FORMAT.into(),
            scenario,
            seed: seed.to_string(),
            setup,
            position: None,
            rules_version: None,
            owner_box: None,
            log,
        };
        (pack, map, r)
    }

    #[test]
    fn a_record_round_trips_and_replays_to_the_same_game() {
        for scenario in [Scenario::LostAllies, Scenario::Pirates] {
            let (pack, map, r) = record(scenario, 7);
            let back = GameRecord::from_json(&r.to_json()).unwrap();
            assert_eq!(back, r);
            let g = back.replay(&pack, &map).unwrap();
            let direct = Game::replay(&pack, &map, &r.setup, 7, &r.log).unwrap();
            assert_eq!(g.table, direct.table);
            assert_eq!(g.phase, direct.phase);
        }
    }

    #[test]
    fn a_bad_file_names_the_field_or_the_step() {
        let (pack, map, r) = record(Scenario::LostAllies, 3);
        let text = r.to_json();
        let e =
            GameRecord::from_json(&text.replace(FORMAT, "neverland-legacy-game/9")).unwrap_err();
        assert_eq!(e.path, "format");
        let e = GameRecord::from_json(&text.replacen("\"seed\": \"3\"", "\"seed\": \"three\"", 1))
            .unwrap()
            .replay(&pack, &map)
            .unwrap_err();
        assert_eq!(e.path, "seed");
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["log"][1] = serde_json::json!({"type": "teleport"});
        let e = GameRecord::from_json(&v.to_string()).unwrap_err();
        assert!(e.path.starts_with("log[1]"), "{e}");
        // A command the rules refuse at that step (the first command must be the Morale Check).
        let mut bad = r.clone();
        bad.log.insert(0, Command::EndActions);
        let e = bad.replay(&pack, &map).unwrap_err();
        assert_eq!(e.path, "log[0]");
        assert!(e.reason.starts_with("step 1 is refused"), "{e}");
        // Read partly, the same file opens before the refused step, which is named.
        let (g, refused) = bad.replay_partly(&pack, &map).unwrap();
        assert_eq!(refused.map(|r| r.index), Some(0));
        assert_eq!(g, bad.start(&pack, &map).unwrap());
        let mut late = r.clone();
        late.log.insert(
            5,
            Command::Move {
                to: "no-such-place".into(),
                escort: vec![],
            },
        );
        let (g, refused) = late.replay_partly(&pack, &map).unwrap();
        assert_eq!(refused.map(|r| r.index), Some(5));
        let mut up_to = late.clone();
        up_to.log.truncate(5);
        assert_eq!(g, up_to.replay(&pack, &map).unwrap());
        let other = Pack::builtin(Scenario::Pirates).unwrap();
        let e = r.replay(&other, &Map::new(&other)).unwrap_err();
        assert_eq!(e.path, "scenario");
    }
}
