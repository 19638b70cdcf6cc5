//! "Invite players": the window opens its table to the players' own devices on the local
//! network (`neverland-lan-host`), admits or refuses each device, revokes a seat, and closes the
//! table again. These commands need the network, so they live in the shell beside the
//! companion's command table; the host itself is the lan-host crate.

use std::net::IpAddr;
use std::sync::Arc;

use neverland_companion::{AppError, ErrorCode, fail};
use neverland_lan_host::{
    Assets, HostConfig, InviteView, LanError, LanHost, WindowGate, iface, iface::LanInterface,
    window_changes,
};
use serde::Serialize;
use tauri::{AppHandle, Emitter, State};

use crate::Shell;

include!("../lan_commands.rs");

/// The port a table listens on (kept the same, so a seat's page still finds the host after the
/// app restarts); `$NEVERLAND_LAN_PORT` chooses another.
pub const DEFAULT_PORT: u16 = 47810;

/// The table open for devices, if any.
#[derive(Default)]
pub struct Lan(tauri::async_runtime::Mutex<Option<LanHost>>);

impl Lan {
    /// The way in for the window's command `name` while a table is open to devices: `None` when
    /// none is open or the command only reads.
    pub async fn gate(&self, name: &str) -> Option<WindowGate> {
        if !window_changes(name) {
            return None;
        }
        self.0.lock().await.as_ref().map(LanHost::window)
    }
}

/// The event the window hears when a seat's command changed the open table.
pub const SEAT_CHANGED_EVENT: &str = "lan-table-changed";

/// The core permissions the window holds besides its commands: to hear that event (and stop).
pub const EVENT_PERMISSIONS: &[&str] = &["core:event:allow-listen", "core:event:allow-unlisten"];

/// What that event carries.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct SeatChanged {
    game_id: i64,
    steps: i64,
}

/// Tells the window each time a seat's command changed the table, until the host is gone.
fn tell_window(app: AppHandle, host: &LanHost) {
    let mut changes = host.seat_changes();
    let game_id = host.game_id();
    tauri::async_runtime::spawn(async move {
        while let Some(steps) = changes.next().await {
            let _ = app.emit(SEAT_CHANGED_EVENT, SeatChanged { game_id, steps });
        }
    });
}

fn app_error(e: LanError) -> AppError {
    fail!(
        ErrorCode::InvalidInput,
        "lan-failed",
        "the table could not be opened to devices: {why}",
        why = e.message
    )
}

/// The bundled UI, as the window gets it, for the devices' browsers. The page's own policy
/// meta tag (the window's, which allows only its IPC) is left out: the host sends its own
/// policy, as strict, as a header.
struct AppAssets(AppHandle);

impl Assets for AppAssets {
    fn get(&self, path: &str) -> Option<(Vec<u8>, String)> {
        let asset = self.0.asset_resolver().get(path.to_string())?;
        let bytes = if path == "index.html" {
            without_csp_meta(&String::from_utf8_lossy(&asset.bytes)).into_bytes()
        } else {
            asset.bytes
        };
        Some((bytes, asset.mime_type))
    }
}

fn without_csp_meta(html: &str) -> String {
    let mut out = html.to_string();
    while let Some(at) = out
        .to_ascii_lowercase()
        .find("<meta http-equiv=\"content-security-policy\"")
    {
        let end = out[at..].find('>').map(|e| at + e + 1).unwrap_or(out.len());
        out.replace_range(at..end, "");
    }
    out
}

fn port() -> u16 {
    std::env::var("NEVERLAND_LAN_PORT")
        .ok()
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or(DEFAULT_PORT)
}

#[tauri::command]
pub async fn lan_interfaces() -> Result<Vec<LanInterface>, AppError> {
    Ok(iface::interfaces())
}

/// Opens game `game_id`'s table to devices on `address` (default: the default route's).
#[tauri::command]
pub async fn lan_open(
    app: AppHandle,
    shell: State<'_, Shell>,
    lan: State<'_, Lan>,
    game_id: i64,
    address: Option<String>,
) -> Result<InviteView, AppError> {
    let address: IpAddr = match address.filter(|a| !a.trim().is_empty()) {
        Some(a) => a.trim().parse().map_err(|_| {
            fail!(
                ErrorCode::InvalidInput,
                "not-an-address",
                "{address} is not an address",
                address = format!("{a:?}")
            )
        })?,
        None => iface::default_address().ok_or_else(|| {
            fail!(
                ErrorCode::InvalidInput,
                "no-local-network",
                "this computer is on no local network: connect it to the players' network first"
            )
        })?,
    };
    let mut slot = lan.0.lock().await;
    if let Some(old) = slot.take() {
        old.close().await;
    }
    let config = HostConfig {
        address,
        port: port(),
        assets: Arc::new(AppAssets(app.clone())),
    };
    let host = LanHost::open(shell.shared()?, game_id, config)
        .await
        .map_err(app_error)?;
    tell_window(app, &host);
    let invite = host.invite().await.map_err(app_error)?;
    *slot = Some(host);
    Ok(invite)
}

async fn with_host<T>(
    lan: &Lan,
    f: impl AsyncFnOnce(&LanHost) -> Result<T, LanError>,
) -> Result<T, AppError> {
    let slot = lan.0.lock().await;
    let host = slot.as_ref().ok_or_else(|| {
        fail!(
            ErrorCode::InvalidInput,
            "no-table-open",
            "no table is open to devices"
        )
    })?;
    f(host).await.map_err(app_error)
}

#[tauri::command]
pub async fn lan_invite(lan: State<'_, Lan>) -> Result<Option<InviteView>, AppError> {
    let slot = lan.0.lock().await;
    match slot.as_ref() {
        Some(host) => Ok(Some(host.invite().await.map_err(app_error)?)),
        None => Ok(None),
    }
}

#[tauri::command]
pub async fn lan_admit(lan: State<'_, Lan>, request: u64) -> Result<InviteView, AppError> {
    with_host(&lan, async |h| {
        h.admit(request).await?;
        h.invite().await
    })
    .await
}

#[tauri::command]
pub async fn lan_refuse(lan: State<'_, Lan>, request: u64) -> Result<InviteView, AppError> {
    with_host(&lan, async |h| {
        h.refuse(request)?;
        h.invite().await
    })
    .await
}

#[tauri::command]
pub async fn lan_revoke(lan: State<'_, Lan>, seat_id: i64) -> Result<InviteView, AppError> {
    with_host(&lan, async |h| {
        h.revoke(seat_id).await?;
        h.invite().await
    })
    .await
}

#[tauri::command]
pub async fn lan_close(lan: State<'_, Lan>) -> Result<(), AppError> {
    if let Some(host) = lan.0.lock().await.take() {
        host.close().await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_windows_policy_meta_is_left_out_for_devices() {
        let html = "<head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"connect-src ipc:\"><script src=\"/a.js\"></script></head>";
        let out = super::without_csp_meta(html);
        assert_eq!(
            out,
            "<head><meta charset=\"utf-8\"><script src=\"/a.js\"></script></head>"
        );
    }
}
