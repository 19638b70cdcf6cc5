//! How often the careful bot wins each Legacy scenario at each table size, for the new-game
//! screen's sentence (issue 20). The figures are measured, not computed here: they are the
//! `neverland legacy simulate --bot careful` runs written down in `assets/legacy/balance.json`
//! (and `docs/balance.md`), checked when read (every scenario at 1–4 players once, wins within
//! games) and, in this module's tests, against games the careful bot plays again.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use neverland_legacy::Scenario;

use crate::error::{AppError, ErrorCode};
use crate::service::Companion;

const FILE: &str = "assets/legacy/balance.json";
const TEXT: &str = include_str!("../../../assets/legacy/balance.json");
const FORMAT: &str = "neverland-legacy-balance/1";

/// One measured row: `won` of `games` careful games, seeds `seed`, `seed + 1`, ….
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct BalanceRow {
    pub scenario: Scenario,
    pub players: u8,
    pub seed: u32,
    pub games: u32,
    pub won: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BalanceFile {
    format: String,
    bot: String,
    #[allow(dead_code)]
    how: String,
    rows: Vec<BalanceRow>,
}

fn broken(field: &str, why: impl std::fmt::Display) -> AppError {
    crate::fail!(
        ErrorCode::Content,
        "balance-broken",
        "{file}: {field}: {why}",
        file = FILE,
        field = field,
        why = why
    )
}

/// The rows of a balance file's text, checked: the format, the bot, each row's players and
/// counts, and every scenario at 1–4 players exactly once.
pub fn parse(text: &str) -> Result<Vec<BalanceRow>, AppError> {
    let file: BalanceFile = serde_json::from_str(text).map_err(|e| broken("(file)", e))?;
    if file.format != FORMAT {
        return Err(broken("format", format!("expected {FORMAT:?}")));
    }
    if file.bot != "careful" {
        return Err(broken("bot", "only the careful bot's figures are shown"));
    }
    for (i, r) in file.rows.iter().enumerate() {
        if !(1..=4).contains(&r.players) {
            return Err(broken(&format!("rows[{i}].players"), "not 1 to 4"));
        }
        if r.games == 0 {
            return Err(broken(&format!("rows[{i}].games"), "no games"));
        }
        if r.won > r.games {
            return Err(broken(&format!("rows[{i}].won"), "more wins than games"));
        }
    }
    for s in Scenario::ALL {
        for p in 1..=4u8 {
            let n = file
                .rows
                .iter()
                .filter(|r| r.scenario == s && r.players == p)
                .count();
            if n != 1 {
                return Err(broken("rows", format!("{n} rows for {s} at {p} players")));
            }
        }
    }
    Ok(file.rows)
}

impl Companion {
    /// The careful bot's measured wins for every scenario and table size.
    pub async fn legacy_balance(&self) -> Result<Vec<BalanceRow>, AppError> {
        parse(TEXT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use neverland_legacy::engine::Setup;
    use neverland_legacy::map::Map;
    use neverland_legacy::sim::Ending;

    #[test]
    fn the_builtin_file_reads() {
        assert_eq!(parse(TEXT).unwrap().len(), 8);
    }

    /// The file is refused naming the field, and not taken in part.
    #[test]
    fn a_broken_file_names_its_field() {
        let rows = parse(TEXT).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(TEXT).unwrap();
        v["rows"][2]["won"] = serde_json::json!(rows[2].games + 1);
        let e = parse(&v.to_string()).unwrap_err();
        assert!(e.message.contains("rows[2].won"), "{}", e.message);
        let mut v: serde_json::Value = serde_json::from_str(TEXT).unwrap();
        v["rows"].as_array_mut().unwrap().pop();
        let e = parse(&v.to_string()).unwrap_err();
        assert!(
            e.message.contains("0 rows for pirates at 4 players"),
            "{}",
            e.message
        );
    }

    /// The first two games of each row, played again by the careful bot, agree with the row:
    /// no more wins than it says, no more losses than its games less its wins.
    #[test]
    fn the_rows_agree_with_games_played_again() {
        for r in parse(TEXT).unwrap() {
            let pack = crate::packs::legacy_pack(r.scenario).unwrap();
            let map = Map::new(pack);
            let setup = Setup::for_players(r.players);
            let sample = r.games.min(2);
            let won = (0..sample)
                .filter(|i| {
                    let seed = u64::from(r.seed) + u64::from(*i);
                    let (end, _) =
                        neverland_legacy::bot::careful::play(pack, &map, &setup, seed, 20_000);
                    end == Ending::Won
                })
                .count() as u32;
            assert!(won <= r.won, "{r:?}: {won} of the first {sample} won");
            assert!(
                sample - won <= r.games - r.won,
                "{r:?}: {} of the first {sample} not won",
                sample - won
            );
        }
    }
}
