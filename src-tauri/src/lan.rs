//! "Invite players": the window opens its table to the players' own devices on the local
//! network (`neverland-lan-host`), admits or refuses each device, revokes a seat, and closes the
//! table again. These commands need the network, so they live in the shell beside the
//! companion's command table; the host itself is the lan-host crate.

use std::net::IpAddr;
use std::sync::Arc;

use neverland_companion::{AppError, ErrorCode};
use neverland_lan_host::{Assets, HostConfig, InviteView, LanError, LanHost, iface};
use serde::Serialize;
use tauri::{AppHandle, State};

use crate::Shell;

include!("../lan_commands.rs");

/// The port a table listens on (kept the same, so a seat's page still finds the host after the
/// app restarts); `$NEVERLAND_LAN_PORT` chooses another.
pub const DEFAULT_PORT: u16 = 47810;

/// The table open for devices, if any.
#[derive(Default)]
pub struct Lan(tauri::async_runtime::Mutex<Option<LanHost>>);

impl Lan {
    /// The window changed the table: the seats are sent their new views.
    pub async fn changed(&self) {
        if let Some(host) = self.0.lock().await.as_ref() {
            host.table_changed();
        }
    }
}

/// An address the host may listen on.
#[derive(Debug, Clone, Serialize)]
pub struct LanInterface {
    pub name: String,
    pub address: String,
    /// The interface with the default route (the one chosen when the host chooses none).
    pub default: bool,
}

fn app_error(e: LanError) -> AppError {
    AppError::new(ErrorCode::InvalidInput, e.message)
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
    let default = iface::default_address();
    Ok(iface::choices()
        .into_iter()
        .map(|(name, ip)| LanInterface {
            name,
            address: ip.to_string(),
            default: Some(ip) == default,
        })
        .collect())
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
            AppError::new(ErrorCode::InvalidInput, format!("{a:?} is not an address"))
        })?,
        None => iface::default_address().ok_or_else(|| {
            AppError::new(
                ErrorCode::InvalidInput,
                "this computer is on no local network: connect it to the players' network first",
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
        assets: Arc::new(AppAssets(app)),
    };
    let host = LanHost::open(shell.shared()?, game_id, config)
        .await
        .map_err(app_error)?;
    let invite = host.invite().await.map_err(app_error)?;
    *slot = Some(host);
    Ok(invite)
}

async fn with_host<T>(
    lan: &Lan,
    f: impl AsyncFnOnce(&LanHost) -> Result<T, LanError>,
) -> Result<T, AppError> {
    let slot = lan.0.lock().await;
    let host = slot
        .as_ref()
        .ok_or_else(|| AppError::new(ErrorCode::InvalidInput, "no table is open to devices"))?;
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
