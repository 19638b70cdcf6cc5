//! The Tauri shell: it finds the database, opens the companion once, and forwards each command
//! of the companion's command table to it in a few generated lines. No rules and no SQL live here.
//! `lan` adds the "Invite players" commands, which open the table to the players' own devices.

pub mod lan;
mod page_watch;

use std::hash::{BuildHasher, RandomState};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use neverland_companion::{AppError, Companion, ErrorCode, fail};
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
                    let companion = shell.companion()?;
                    // While a table is open to devices, a command that may change it waits for
                    // the seats' commands and is followed by every seat's new view.
                    match lan.gate(stringify!($name)).await {
                        Some(gate) => gate.run(companion.$name($($arg),*)).await,
                        None => companion.$name($($arg),*).await,
                    }
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
                pick_file,
            ])
        }
    };
}
neverland_companion::for_each_command!(tauri_commands);

/// The platform's save (`save`) or open dialog for a JSON file (a JPEG or PNG photo when `photo`),
/// opened here and not by the page.
/// The path the player picks is let through to the companion's file commands, and only that
/// path: the window itself has no file access. `None` when the player cancels.
/// `NEVERLAND_DIALOG_ANSWER` (the end-to-end tests) answers that path without a dialog; it is let
/// through the same way.
#[tauri::command]
async fn pick_file(
    app: tauri::AppHandle,
    shell: tauri::State<'_, Shell>,
    save: bool,
    name: String,
    photo: Option<bool>,
) -> Result<Option<String>, AppError> {
    use tauri_plugin_dialog::DialogExt;
    let companion = shell.companion()?;
    // The end-to-end tests cannot drive a native dialog: they name the path it answers.
    if let Some(answer) = std::env::var_os("NEVERLAND_DIALOG_ANSWER").filter(|p| !p.is_empty()) {
        let path = PathBuf::from(answer);
        companion.allow_file(path.clone());
        return Ok(Some(path.to_string_lossy().into_owned()));
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let dialog = app.dialog().file();
    let dialog = if photo == Some(true) {
        dialog.add_filter("Photo", &["jpg", "jpeg", "png"])
    } else {
        dialog.add_filter("JSON", &["json"])
    }
    .set_file_name(&name);
    if save {
        dialog.save_file(move |p| {
            let _ = tx.send(p);
        });
    } else {
        dialog.pick_file(move |p| {
            let _ = tx.send(p);
        });
    }
    let picked = tauri::async_runtime::spawn_blocking(move || rx.recv().ok().flatten())
        .await
        .map_err(|e| {
            fail!(
                ErrorCode::InvalidInput,
                "dialog-failed",
                "the file dialog failed: {why}",
                why = e
            )
        })?;
    let Some(path) = picked.and_then(|p| p.into_path().ok()) else {
        return Ok(None);
    };
    companion.allow_file(path.clone());
    Ok(Some(path.to_string_lossy().into_owned()))
}

/// The companion for the database at `path`; `NEVERLAND_FILES_DIR` (the end-to-end tests, which
/// cannot drive a native dialog) lets the file commands use the files directly in that folder.
fn open_companion(path: PathBuf) -> Result<Companion, AppError> {
    let mut c = tauri::async_runtime::block_on(Companion::open(path, fresh_seed))?;
    if let Some(dir) = std::env::var_os("NEVERLAND_FILES_DIR").filter(|d| !d.is_empty()) {
        c.allow_folder(PathBuf::from(dir));
    }
    Ok(c)
}

/// Builds and runs the app until its window closes.
pub fn run() {
    let args: Vec<String> = std::env::args().collect();
    let builder = tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .setup(move |app| {
            let path = db_path_from(
                &args,
                std::env::var("NEVERLAND_DB").ok(),
                app.path().app_data_dir().ok(),
            );
            let shell = match path {
                Some(path) => Shell(open_companion(path).map(Arc::new)),
                None => Shell(Err(fail!(
                    ErrorCode::DatabaseUnwritable,
                    "no-data-folder",
                    "this system has no folder for app data; start the app with --db PATH"
                ))),
            };
            match &shell.0 {
                Err(e) => eprintln!("neverland-companion: {}", e.message),
                // Today's backup beside the file; a failure is said, and the app opens anyway.
                Ok(c) => {
                    if let Err(e) = tauri::async_runtime::block_on(c.daily_backup()) {
                        eprintln!("neverland-companion: no backup today: {}", e.message);
                    }
                }
            }
            app.manage(shell);
            app.manage(lan::Lan::default());
            if let Some(window) = app.get_webview_window("main") {
                page_watch::watch(&window);
            }
            Ok(())
        });
    with_commands(builder)
        .run(tauri::generate_context!())
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
            .chain(neverland_companion::api::SHELL_COMMANDS)
            .map(|n| format!("allow-{}", n.replace('_', "-")))
            .chain(lan::EVENT_PERMISSIONS.iter().map(|p| p.to_string()))
            .collect();
        granted.sort();
        wanted.sort();
        assert_eq!(granted, wanted);
    }

    #[test]
    fn the_csp_forbids_remote_content() {
        let conf: serde_json::Value =
            serde_json::from_str(include_str!("../tauri.conf.json")).unwrap();
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
