//! `neverland`, the command line over the companion's crates, for tests and power users.
//! Output is JSON on standard output; a bad argument prints one line on standard error and exits
//! with status 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use neverland_legacy::dice::MAX_DESPAIR;
use neverland_legacy::{Scenario, StoneRng, TurnPlan};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "neverland",
    version,
    about = "Neverland Companion on the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Roll a Morale Check: one Stone of Chance per Despair token.
    Morale {
        /// Despair on the Character sheet (0 to 4).
        #[arg(long, value_parser = clap::value_parser!(u8).range(0..=MAX_DESPAIR as i64))]
        despair: u8,
        /// Seed of the game's random stream (a whole number up to 18446744073709551615).
        #[arg(long)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.render().to_string();
            let line = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("neverland: {}", line.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Cmd::Morale { despair, seed } => {
            let stones = StoneRng::from_seed(seed).roll(despair);
            let plans: serde_json::Map<String, serde_json::Value> = Scenario::ALL
                .iter()
                .map(|sc| {
                    (
                        sc.id().to_owned(),
                        json!(TurnPlan::from_stones(&stones, *sc)),
                    )
                })
                .collect();
            println!(
                "{}",
                json!({ "seed": seed, "despair": despair, "stones": stones, "plans": plans })
            );
        }
    }
    ExitCode::SUCCESS
}
