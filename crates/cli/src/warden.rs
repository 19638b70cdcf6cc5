//! `neverland warden …`: the Neverland role-playing rules on the command line
//! (`../shared/spec/warden-attack.md`). Every value is read as text and checked here, so that an
//! error names the field (`--ability`, `attackers[0].rolls[1]`) and exits with status 2.

use clap::Subcommand;
use neverland_chance::Chance;
use neverland_warden::contract::{self, FieldError};
use neverland_warden::dice::{Die, Expr};
use neverland_warden::{Campaign, Record, Tables};
use serde_json::json;

#[derive(Subcommand)]
pub enum WardenCmd {
    /// Resolve one attack with the faces given (neverland-warden-attack/1).
    Attack {
        /// The attack file.
        attack: Option<std::path::PathBuf>,
    },
    /// A save: d20 at or under the ability passes; 1 always passes, 20 always fails.
    Save {
        /// The ability score (0 to 20).
        #[arg(long, allow_hyphen_values = true)]
        ability: Option<String>,
        /// The d20 face rolled at the table (1 to 20).
        #[arg(long, allow_hyphen_values = true)]
        roll: Option<String>,
        /// Roll the d20 from this seed's stream instead.
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<String>,
    },
    /// An NPC's reaction from two d6 faces.
    Reaction {
        /// The two faces, e.g. 3,4.
        #[arg(long, allow_hyphen_values = true)]
        rolls: Option<String>,
    },
    /// Roll any dice expression (2d6+1, 3d6, d20, 2d20kh1, max(d6,d10)) from a seed's stream.
    Roll {
        #[arg(allow_hyphen_values = true)]
        expression: Option<String>,
        #[arg(long, allow_hyphen_values = true)]
        seed: Option<String>,
    },
    /// Replay a campaign file (neverland-warden-campaign/1) and print its state.
    Replay {
        campaign: Option<std::path::PathBuf>,
    },
}

fn missing(field: &str) -> FieldError {
    FieldError {
        field: field.into(),
        reason: "missing".into(),
    }
}

fn seed_arg(text: &str) -> Result<u64, FieldError> {
    text.trim().parse::<u64>().map_err(|_| FieldError {
        field: "--seed".into(),
        reason: format!("{text:?} is not a whole number from 0 to 18446744073709551615"),
    })
}

fn read(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Runs one `warden` subcommand; the error is the one line printed before exiting with 2.
pub fn run(command: WardenCmd) -> Result<serde_json::Value, String> {
    let fe = |e: FieldError| e.to_string();
    match command {
        WardenCmd::Attack { attack } => {
            let path = attack.ok_or_else(|| fe(missing("ATTACK (the attack file)")))?;
            let text = read(&path)?;
            let answer =
                contract::attack_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(json!(answer))
        }
        WardenCmd::Save {
            ability,
            roll,
            seed,
        } => {
            let ability = ability.ok_or_else(|| fe(missing("--ability")))?;
            match (roll, seed) {
                (Some(_), Some(_)) => Err("--roll: give either --roll or --seed, not both".into()),
                (None, None) => Err("--roll: missing (or give --seed to roll from a seed)".into()),
                (Some(roll), None) => {
                    let (a, r) = contract::save_args(&ability, &roll).map_err(fe)?;
                    Ok(json!({ "passed": contract::save_passes(a, r) }))
                }
                (None, Some(seed)) => {
                    let a = contract::save_args(&ability, "1").map_err(fe)?.0;
                    let r = Die::D20.roll(&mut Chance::from_seed(seed_arg(&seed).map_err(fe)?));
                    Ok(json!({ "passed": contract::save_passes(a, r), "roll": r }))
                }
            }
        }
        WardenCmd::Reaction { rolls } => {
            let rolls = rolls.ok_or_else(|| fe(missing("--rolls")))?;
            let (total, _) = contract::reaction_rolls(&rolls).map_err(fe)?;
            let row = Tables::builtin().reaction(total).clone();
            Ok(json!({ "total": total, "reaction": row.id }))
        }
        WardenCmd::Roll { expression, seed } => {
            let text = expression.ok_or_else(|| fe(missing("EXPRESSION (dice such as 2d6+1)")))?;
            let expr = Expr::parse(&text).map_err(|e| format!("EXPRESSION: {e}"))?;
            let seed = seed_arg(&seed.ok_or_else(|| fe(missing("--seed")))?).map_err(fe)?;
            let r = expr.roll(&mut Chance::from_seed(seed));
            Ok(
                json!({"expression": r.expression, "seed": seed, "faces": r.faces,
                      "modifier": r.modifier, "total": r.total}),
            )
        }
        WardenCmd::Replay { campaign } => {
            let path = campaign.ok_or_else(|| fe(missing("CAMPAIGN (the campaign file)")))?;
            let name = path.display().to_string();
            let rec: Record = serde_json::from_str(&read(&path)?)
                .map_err(|e| format!("{name}: not a campaign file: {e}"))?;
            if rec.format != neverland_warden::campaign::CAMPAIGN_FORMAT {
                return Err(format!(
                    "{name}: format: expected {:?}",
                    neverland_warden::campaign::CAMPAIGN_FORMAT
                ));
            }
            let c = Campaign::replay(rec.seed, &rec.log, &Tables::builtin())
                .map_err(|(i, r)| format!("{name}: log[{i}]: {r}"))?;
            Ok(json!(c))
        }
    }
}
