//! The Tauri shell: it finds the database, opens the companion once, and forwards each command
//! of the companion's command table to it in a few generated lines. No rules and no SQL live here.
//! `lan` adds the "Invite players" commands, which open the table to the players' own devices.

pub mod lan;

use std::hash::{BuildHasher, RandomState};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use neverland_companion::{AppError, Companion, ErrorCode};
use tauri::Manager;

/// The file name of the database inside the OS app-data folder.
pub const DB_FILE: &str = "games.db";

/// Where the database lives: `--db PATH`, else `$NEVERLAND_DB`, else the app-data folder.
pub fn db_path_from(
    args: &[String],
    env: Option<String>,
    app_data: Option<PathBuf>,
) -> Option<PathBuf> {
    let flag = args
        .iter()
        .position(|a| a == "--db")
        .and_then(|i| args.get(i + 1))
        .or_else(|| args.iter().find_map(|a| a.strip_prefix("--db=").map(|_| a)))
        .map(|a| a.strip_prefix("--db=").unwrap_or(a).to_owned());
    flag.or(env.filter(|e| !e.is_empty()))
        .map(PathBuf::from)
        .or_else(|| app_data.map(|d| d.join(DB_FILE)))
}

/// A seed for a game whose players gave none: `$NEVERLAND_SEED` when set (the end-to-end tests
/// use it so a Pan's Island game, whose seed is never asked for, deals the same hands every run),
/// else the standard library's per-process random keys, mixed with the clock.
fn fresh_seed() -> u64 {
    if let Some(seed) = std::env::var("NEVERLAND_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
    {
        return seed;
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    RandomState::new().hash_one(nanos)
}

/// What the window's commands run against: the open companion, or why it could not open.
pub struct Shell(Result<Arc<Companion>, AppError>);

impl Shell {
    fn companion(&self) -> Result<&Companion, AppError> {
        self.0.as_deref().map_err(Clone::clone)
    }

    /// The companion, shared with the table's host on the local network.
    pub(crate) fn shared(&self) -> Result<Arc<Companion>, AppError> {
        self.0.clone()
    }
}

macro_rules! tauri_commands {
    ($( $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty ;)*) => {
        mod commands {
            use super::*;
            $(
                #[tauri::command]
                pub async fn $name(shell: tauri::State<'_, Shell>, lan: tauri::State<'_, crate::lan::Lan>, $($arg: $ty),*) -> Result<$ret, AppError> {
                    let answer = shell.companion()?.$name($($arg),*).await;
                    // The devices at an open table are sent their new views.
                    lan.changed().await;
                    answer
                }
            )*
        }

        fn with_commands(builder: tauri::Builder<tauri::Wry>) -> tauri::Builder<tauri::Wry> {
            builder.invoke_handler(tauri::generate_handler![
                $(commands::$name,)*
                lan::lan_interfaces,
                lan::lan_open,
                lan::lan_invite,
                lan::lan_admit,
                lan::lan_refuse,
                lan::lan_revoke,
                lan::lan_close,
            ])
        }
    };
}
neverland_companion::for_each_command!(tauri_commands);

/// Builds and runs the app until its window closes.
pub fn run() {
    let args: Vec<String> = std::env::args().collect();
    let builder = tauri::Builder::default().setup(move |app| {
        let path = db_path_from(
            &args,
            std::env::var("NEVERLAND_DB").ok(),
            app.path().app_data_dir().ok(),
        );
        let shell = match path {
            Some(path) => Shell(
                tauri::async_runtime::block_on(Companion::open(path, fresh_seed)).map(Arc::new),
            ),
            None => Shell(Err(AppError::new(
                ErrorCode::DatabaseUnwritable,
                "this system has no folder for app data; start the app with --db PATH",
            ))),
        };
        if let Err(e) = &shell.0 {
            eprintln!("neverland-companion: {}", e.message);
        }
        app.manage(shell);
        app.manage(lan::Lan::default());
        Ok(())
    });
    with_commands(builder)
        .run(tauri::generate_context!("../tauri.conf.json"))
        .expect("the Tauri runtime failed to start");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn db_path_precedence() {
        let data = Some(PathBuf::from("/data"));
        assert_eq!(
            db_path_from(
                &s(&["app", "--db", "/a.db"]),
                Some("/b.db".into()),
                data.clone()
            ),
            Some("/a.db".into())
        );
        assert_eq!(
            db_path_from(&s(&["app", "--db=/c.db"]), None, data.clone()),
            Some("/c.db".into())
        );
        assert_eq!(
            db_path_from(&s(&["app"]), Some("/b.db".into()), data.clone()),
            Some("/b.db".into())
        );
        assert_eq!(
            db_path_from(&s(&["app"]), Some(String::new()), data.clone()),
            Some("/data/games.db".into())
        );
        assert_eq!(db_path_from(&s(&["app"]), None, None), None);
    }

    #[test]
    fn the_capability_grants_exactly_the_command_table() {
        let cap: serde_json::Value =
            serde_json::from_str(include_str!("../capabilities/main.json")).unwrap();
        let mut granted: Vec<String> = cap["permissions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_owned())
            .collect();
        let mut wanted: Vec<String> = neverland_companion::api::COMMAND_NAMES
            .iter()
            .chain(lan::LAN_COMMAND_NAMES)
            .map(|n| format!("allow-{}", n.replace('_', "-")))
            .collect();
        granted.sort();
        wanted.sort();
        assert_eq!(granted, wanted);
    }

    #[test]
    fn the_csp_forbids_remote_content() {
        let conf: serde_json::Value =
            serde_json::from_str(include_str!("../../tauri.conf.json")).unwrap();
        let csp = conf["app"]["security"]["csp"].as_str().unwrap();
        assert!(csp.starts_with("default-src 'self'"));
        assert!(!csp.contains("http://") || csp.contains("http://ipc.localhost"));
        assert!(
            !csp.contains("https:")
                && !csp.contains("unsafe-eval")
                && !csp.contains("unsafe-inline")
        );
    }
}
