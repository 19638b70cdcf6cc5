//! `neverland`, the command line over the companion's crates, for tests and power users.
//! Output is JSON on standard output; a bad argument prints one line on standard error and exits
//! with status 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use neverland_companion::Companion;
use neverland_legacy::dice::MAX_DESPAIR;
use neverland_legacy::{Scenario, StoneRng, TurnPlan};
use serde_json::json;

mod warden;

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
    /// Neverland's Legacy.
    Legacy {
        #[command(subcommand)]
        command: LegacyCmd,
    },
    /// Pan's Island.
    Pans {
        #[command(subcommand)]
        command: PansCmd,
    },
    /// The Warden's screen for the Neverland role-playing rules.
    Warden {
        #[command(subcommand)]
        command: warden::WardenCmd,
    },
    /// List the saved games of a database file as JSON.
    Games {
        /// The database file (the app's is `games.db` in its app-data folder).
        #[arg(long)]
        db: std::path::PathBuf,
    },
}

#[derive(Subcommand)]
enum LegacyCmd {
    /// Enemy activation hints for a Threat colour on a table position (neverland-legacy-position/1).
    Hints {
        #[arg(long, value_parser = ["red", "blue", "yellow"])]
        colour: String,
        /// The position file.
        position: std::path::PathBuf,
    },
    /// What each Threat colour would cost, for a drawn card (neverland-legacy-threat/1, or a
    /// whole game file standing at a drawn card): Wounds, falls, Hostages, a loss, for the
    /// players' best and worst tie choices, as probabilities over the Search cards unseen.
    Advise {
        /// Only this colour (default: the card's colour and the two others).
        #[arg(long, value_parser = ["red", "blue", "yellow"])]
        colour: Option<String>,
        /// The situation or game file.
        situation: std::path::PathBuf,
    },
    /// Set up a game and print the table it starts from (a position).
    New {
        #[arg(long, value_parser = ["lost-allies", "pirates"])]
        scenario: String,
        /// 1 to 4 (solo plays two Characters).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
        players: u8,
        #[arg(long)]
        seed: u64,
    },
    /// Replay a whole game file (neverland-legacy-game/1, as the app exports it) and print where
    /// it stands: the table (a position), the phase and the outcome.
    Replay {
        /// The game file.
        game: std::path::PathBuf,
    },
    /// Play games with a simple legal-move bot; prints wins, losses by cause and games per second.
    Simulate {
        #[arg(long, value_parser = ["lost-allies", "pirates"])]
        scenario: String,
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
        players: u8,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        games: u32,
        #[arg(long)]
        seed: u64,
        /// Which bot plays: random legal moves (the default) or the careful player.
        #[arg(long, default_value = "random", value_parser = ["random", "careful"])]
        bot: String,
    },
}

#[derive(Subcommand)]
enum PansCmd {
    /// Referee one situation (pans-island-check/1): prints only "met / found / present".
    Check {
        /// The situation file.
        situation: std::path::PathBuf,
    },
    /// Read a sleeve from a photo (../shared/spec/sleeve-photo.md): exit 2 for a file that is not
    /// a complete JPEG or PNG within the limits, 3 when no card is found.
    Scan {
        photo: std::path::PathBuf,
        /// The card's corners as tapped: x1,y1,x2,y2,x3,y3,x4,y4 in photo pixels.
        #[arg(long)]
        corners: Option<String>,
    },
    /// Set up a game and print what the table sees (no hand, no sleeve).
    New {
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=5))]
        players: u8,
        #[arg(long)]
        seed: u64,
        /// Event cards in play, by id (comma-separated).
        #[arg(long, value_delimiter = ',')]
        events: Vec<String>,
        /// The reading of "within the circle": centre (default), touching or mostly.
        #[arg(long, default_value = "centre", value_parser = ["centre", "touching", "mostly"])]
        within: String,
    },
    /// Play G games with a bot; print wins, losses and games per second. `--bot player` (the
    /// default) knows only its own seat; `--bot seer` is the legal-move bot that sees the crosses.
    Simulate {
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=5))]
        players: u8,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        #[arg(long)]
        seed: u64,
        /// The reading of "within the circle": centre (default), touching or mostly.
        #[arg(long, default_value = "centre", value_parser = ["centre", "touching", "mostly"])]
        within: String,
        #[arg(long, default_value = "player", value_parser = ["player", "seer"])]
        bot: String,
    },
    /// Replay a campaign's Event envelope from its seed and the games' outcomes.
    Campaign {
        #[arg(long)]
        seed: u64,
        /// Outcomes in order, e.g. won,lost,won.
        #[arg(long, value_delimiter = ',', value_parser = ["won", "lost"])]
        outcomes: Vec<String>,
    },
}

// The bot games of `simulate` allocate small strings by the million; mimalloc does that about a
// third faster than the system allocator (measured: docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
        Cmd::Legacy { command } => {
            if let Err(e) = legacy(command) {
                eprintln!("neverland: {e}");
                return ExitCode::from(2);
            }
        }
        Cmd::Pans {
            command: PansCmd::Scan { photo, corners },
        } => {
            let result = parse_corners(corners.as_deref()).and_then(|c| {
                let bytes = std::fs::read(&photo).map_err(|e| {
                    neverland_sleeve_scan::ScanError::Unreadable(format!(
                        "cannot read {}: {e}",
                        photo.display()
                    ))
                })?;
                neverland_sleeve_scan::scan_photo(&bytes, c)
            });
            match result {
                Ok(scan) => println!("{}", json!(scan)),
                Err(e) => {
                    eprintln!("neverland: {e}");
                    return ExitCode::from(e.exit_code());
                }
            }
        }
        Cmd::Pans { command } => {
            if let Err(e) = pans(command) {
                eprintln!("neverland: {e}");
                return ExitCode::from(2);
            }
        }
        Cmd::Warden { command } => match warden::run(command) {
            Ok(answer) => println!("{answer}"),
            Err(e) => {
                eprintln!("neverland: {e}");
                return ExitCode::from(2);
            }
        },
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

fn parse_corners(
    text: Option<&str>,
) -> Result<Option<[[f64; 2]; 4]>, neverland_sleeve_scan::ScanError> {
    let Some(text) = text else { return Ok(None) };
    let nums: Vec<f64> = text
        .split(',')
        .map(|v| v.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            neverland_sleeve_scan::ScanError::Unreadable(
                "--corners takes eight numbers: x1,y1,x2,y2,x3,y3,x4,y4".into(),
            )
        })?;
    if nums.len() != 8 || nums.iter().any(|v| !v.is_finite()) {
        return Err(neverland_sleeve_scan::ScanError::Unreadable(
            "--corners takes eight numbers: x1,y1,x2,y2,x3,y3,x4,y4".into(),
        ));
    }
    Ok(Some([
        [nums[0], nums[1]],
        [nums[2], nums[3]],
        [nums[4], nums[5]],
        [nums[6], nums[7]],
    ]))
}

fn pans(command: PansCmd) -> Result<(), String> {
    use neverland_pans_island::board::Board;
    use neverland_pans_island::campaign::Campaign;
    use neverland_pans_island::check::Within;
    use neverland_pans_island::content::{Events, Visions};
    use neverland_pans_island::game::{Game, Outcome, Setup};
    use neverland_pans_island::heroes::Hero;

    let setup = |players: u8, events: Vec<String>, within: &str| Setup {
        heroes: Hero::ALL[..players as usize].to_vec(),
        first_player: 0,
        events,
        within: Within::OFFERED.into_iter().find(|w| w.id() == within),
    };
    match command {
        PansCmd::Scan { .. } => unreachable!("handled in main"),
        PansCmd::Check { situation } => {
            let text = std::fs::read_to_string(&situation)
                .map_err(|e| format!("cannot read {}: {e}", situation.display()))?;
            let verdict = neverland_pans_island::check_json(&text)
                .map_err(|e| format!("{}: {e}", situation.display()))?;
            println!("{}", json!(verdict));
        }
        PansCmd::New {
            players,
            seed,
            events,
            within,
        } => {
            let all = Events::builtin();
            let chosen = events
                .iter()
                .map(|id| {
                    all.get(id)
                        .ok_or_else(|| format!("--events: unknown Event {id:?}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            let g = Game::new(
                &Board::builtin(),
                &Visions::builtin(),
                &chosen,
                &setup(players, events.clone(), &within),
                seed,
            )
            .map_err(|e| e.to_string())?;
            println!("{}", json!(g.public_view()));
        }
        PansCmd::Simulate {
            players,
            games,
            seed,
            within,
            bot,
        } => {
            let (board, visions) = (Board::builtin(), Visions::builtin());
            let started = std::time::Instant::now();
            let (mut won, mut lost, mut stalled, mut commands) = (0u32, 0u32, 0u32, 0usize);
            for i in 0..games {
                let game_seed = seed.wrapping_add(i as u64);
                let g = Game::new(
                    &board,
                    &visions,
                    &[],
                    &setup(players, vec![], &within),
                    game_seed,
                )
                .map_err(|e| e.to_string())?;
                let (outcome, log, _) = if bot == "seer" {
                    neverland_pans_island::sim::play(g, game_seed, 100_000)
                } else {
                    neverland_pans_island::player::play(g, game_seed, 100_000)
                };
                commands += log.len();
                match outcome {
                    Some(Outcome::Won) => won += 1,
                    Some(Outcome::Lost) => lost += 1,
                    None => stalled += 1,
                }
            }
            let secs = started.elapsed().as_secs_f64();
            println!(
                "{}",
                json!({"players": players, "games": games, "within": within, "bot": bot, "won": won, "lost": lost, "unfinished": stalled,
                       "commands": commands, "seconds": secs, "games_per_second": games as f64 / secs})
            );
        }
        PansCmd::Campaign { seed, outcomes } => {
            let outcomes: Vec<Outcome> = outcomes
                .iter()
                .map(|o| {
                    if o == "won" {
                        Outcome::Won
                    } else {
                        Outcome::Lost
                    }
                })
                .collect();
            println!(
                "{}",
                json!(Campaign::replay(&Events::builtin(), seed, &outcomes))
            );
        }
    }
    Ok(())
}

fn legacy(command: LegacyCmd) -> Result<(), String> {
    use neverland_legacy::Colour;
    use neverland_legacy::engine::{Game, Setup};
    use neverland_legacy::hints::hints;
    use neverland_legacy::map::Map;
    use neverland_legacy::position::Position;
    use neverland_legacy::sim::{self, Ending};

    match command {
        LegacyCmd::Hints { colour, position } => {
            let colour = match colour.as_str() {
                "red" => Colour::Red,
                "blue" => Colour::Blue,
                _ => Colour::Yellow,
            };
            let text = std::fs::read_to_string(&position)
                .map_err(|e| format!("cannot read {}: {e}", position.display()))?;
            let name = position.display().to_string();
            let p = Position::from_json(&text).map_err(|e| format!("{name}: {e}"))?;
            let pack: &neverland_legacy::Pack =
                neverland_companion::packs::legacy_pack(p.scenario).map_err(|e| e.to_string())?;
            let map = Map::new(pack);
            p.validate(pack, &map).map_err(|e| format!("{name}: {e}"))?;
            println!("{}", json!(hints(pack, &map, &p, colour)));
        }
        LegacyCmd::Advise { colour, situation } => {
            let colour = colour.as_deref().map(|c| match c {
                "red" => Colour::Red,
                "blue" => Colour::Blue,
                _ => Colour::Yellow,
            });
            println!("{}", advise(&situation, colour)?);
        }
        LegacyCmd::New {
            scenario,
            players,
            seed,
        } => {
            let pack = legacy_pack(&scenario)?;
            let map = Map::new(pack);
            let setup = Setup::for_players(players);
            let g = Game::new(pack, &map, &setup, seed).map_err(|e| e.to_string())?;
            println!("{}", json!(g.table));
        }
        LegacyCmd::Replay { game } => {
            let text = std::fs::read_to_string(&game)
                .map_err(|e| format!("cannot read {}: {e}", game.display()))?;
            let name = game.display().to_string();
            let r = neverland_legacy::record::GameRecord::from_json(&text)
                .map_err(|e| format!("{name}: {e}"))?;
            let pack =
                neverland_companion::packs::legacy_pack(r.scenario).map_err(|e| e.to_string())?;
            let map = Map::new(pack);
            let g = r.replay(pack, &map).map_err(|e| format!("{name}: {e}"))?;
            println!(
                "{}",
                json!({"steps": r.log.len(), "phase": g.phase, "outcome": g.outcome(), "position": g.table})
            );
        }
        LegacyCmd::Simulate {
            scenario,
            players,
            games,
            seed,
            bot,
        } => {
            let pack = legacy_pack(&scenario)?;
            let map = Map::new(pack);
            let setup = Setup::for_players(players);
            let started = std::time::Instant::now();
            let (mut won, mut unfinished, mut commands) = (0u32, 0u32, 0usize);
            let mut lost: std::collections::BTreeMap<String, u32> = Default::default();
            let (mut turns, mut hostages_home, mut hostages_found) = (0usize, 0usize, 0usize);
            for i in 0..games {
                let game_seed = seed.wrapping_add(i as u64);
                let (end, log) = if bot == "careful" {
                    neverland_legacy::bot::careful::play(pack, &map, &setup, game_seed, 20_000)
                } else {
                    sim::play(pack, &map, &setup, game_seed, 100_000)
                };
                commands += log.len();
                // Where the Hostages stood when the game ended (the log replayed).
                if let Ok(end) = Game::replay(pack, &map, &setup, game_seed, &log) {
                    let start = &pack.boards[0].locations[0];
                    let carried: usize =
                        end.table.characters.iter().map(|c| c.carrying.len()).sum();
                    hostages_home += end.table.hostages.iter().filter(|h| h.at == *start).count();
                    hostages_found += end.table.hostages.len() + carried;
                }
                turns += log
                    .iter()
                    .filter(|c| matches!(c, neverland_legacy::engine::Command::DrawThreat))
                    .count();
                match end {
                    Ending::Won => won += 1,
                    Ending::Lost(cause) => {
                        *lost
                            .entry(json!(cause).as_str().unwrap_or("?").to_owned())
                            .or_default() += 1
                    }
                    Ending::Unfinished => unfinished += 1,
                }
            }
            let secs = started.elapsed().as_secs_f64();
            println!(
                "{}",
                json!({"scenario": scenario, "players": players, "bot": bot, "games": games,
                       "won": won, "lost": lost,
                       "mean_turns": turns as f64 / f64::from(games.max(1)),
                       "hostages_found_at_end": hostages_found, "hostages_home_at_end": hostages_home, "unfinished": unfinished, "commands": commands,
                       "seconds": secs, "games_per_second": games as f64 / secs})
            );
        }
    }
    Ok(())
}

fn legacy_pack(scenario: &str) -> Result<&'static neverland_legacy::Pack, String> {
    let s = neverland_legacy::Scenario::parse(scenario)
        .ok_or(format!("unknown scenario {scenario:?}"))?;
    neverland_companion::packs::legacy_pack(s).map_err(|e| e.to_string())
}

/// `legacy advise`: the file is a drawn Threat (`neverland-legacy-threat/1`) or a whole game
/// (`neverland-legacy-game/1`) whose replay stands at one.
fn advise(
    path: &std::path::Path,
    colour: Option<neverland_legacy::Colour>,
) -> Result<serde_json::Value, String> {
    use neverland_legacy::advice::{self, Budget, Situation};
    use neverland_legacy::map::Map;
    use neverland_legacy::record::GameRecord;

    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.display().to_string();
    let format = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(str::to_owned));
    let (pack, game) = if format.as_deref() == Some(neverland_legacy::record::FORMAT) {
        let r = GameRecord::from_json(&text).map_err(|e| format!("{name}: {e}"))?;
        let pack =
            neverland_companion::packs::legacy_pack(r.scenario).map_err(|e| e.to_string())?;
        let g = r
            .replay(pack, &Map::new(pack))
            .map_err(|e| format!("{name}: {e}"))?;
        (pack, g)
    } else {
        let s = Situation::from_json(&text).map_err(|e| format!("{name}: {e}"))?;
        let pack = neverland_companion::packs::legacy_pack(s.position.scenario)
            .map_err(|e| e.to_string())?;
        let g = s
            .game(pack, &Map::new(pack))
            .map_err(|e| format!("{name}: {e}"))?;
        (pack, g)
    };
    let a = advice::advise(pack, &Map::new(pack), &game, colour, Budget::default())
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(json!(a))
}
