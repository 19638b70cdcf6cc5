//! `neverland`, the command line over the companion's crates, for tests and power users.
//! Output is JSON on standard output; a bad argument prints one line on standard error and exits
//! with status 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use neverland_companion::Companion;
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
    /// Pan's Island.
    Pans {
        #[command(subcommand)]
        command: PansCmd,
    },
    /// List the saved games of a database file as JSON.
    Games {
        /// The database file (the app's is `games.db` in its app-data folder).
        #[arg(long)]
        db: std::path::PathBuf,
    },
}

#[derive(Subcommand)]
enum PansCmd {
    /// Referee one situation (pans-island-check/1): prints only "met / found / present".
    Check {
        /// The situation file.
        situation: std::path::PathBuf,
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
        Cmd::Pans {
            command: PansCmd::Check { situation },
        } => {
            let verdict = std::fs::read_to_string(&situation)
                .map_err(|e| format!("cannot read {}: {e}", situation.display()))
                .and_then(|text| {
                    neverland_pans_island::check_json(&text)
                        .map_err(|e| format!("{}: {e}", situation.display()))
                });
            match verdict {
                Ok(v) => println!("{}", json!(v)),
                Err(e) => {
                    eprintln!("neverland: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        Cmd::Games { db } => {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a single-threaded runtime always builds");
            let listed = runtime.block_on(async {
                let app = Companion::open(&db, || 0).await?;
                app.list_games().await
            });
            match listed {
                Ok(games) => println!("{}", json!(games)),
                Err(e) => {
                    eprintln!("neverland: {}", e.message);
                    return ExitCode::from(2);
                }
            }
        }
    }
    ExitCode::SUCCESS
}
