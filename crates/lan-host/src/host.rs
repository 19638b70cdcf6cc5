//! The host's side of a table open for devices: open and close it, show the invite, admit or
//! refuse a device, revoke a seat. These are called by the desktop app (its own window), never
//! over the network.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use neverland_companion::Companion;
use serde::Serialize;
use tokio::sync::{broadcast, oneshot};
use tokio::task::JoinHandle;
use ts_rs::TS;

use crate::error::LanError;
use crate::seat::{Seat, SeatEntry, TableKind};
pub use crate::state::Assets;
use crate::state::{Attempts, HostState, Join, Pending, PendingState, Push};
use crate::token;

/// Where and what to serve.
pub struct HostConfig {
    /// The address to listen on: one of `iface::choices()` (default: `iface::default_address()`).
    pub address: IpAddr,
    /// 0 for any free port.
    pub port: u16,
    pub assets: Arc<dyn Assets>,
}

/// A device's request as the host's invite screen lists it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct JoinRequestView {
    pub id: u64,
    pub seat: Seat,
    pub name: String,
}

/// An admitted device.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct SeatView {
    pub id: i64,
    pub seat: Seat,
    pub name: String,
    pub revoked: bool,
}

/// The host's invite screen: the address with this moment's join secret, as text and QR code.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct InviteView {
    pub game_id: i64,
    pub kind: TableKind,
    pub url: String,
    pub qr_svg: String,
    pub waiting: Vec<JoinRequestView>,
    pub seats: Vec<SeatView>,
}

/// A table open for devices. Dropping it without `close` leaves the server running until the
/// runtime ends; the app always closes it.
pub struct LanHost {
    state: Arc<HostState>,
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

fn seat_entry(row: neverland_store::LanSeatRow) -> Result<SeatEntry, LanError> {
    let seat: Seat = serde_json::from_str(&row.seat)
        .map_err(|e| LanError::internal(format!("seat {} cannot be read: {e}", row.id)))?;
    Ok(SeatEntry {
        id: row.id,
        seat,
        name: row.name,
        token_hash: row.token_hash,
        revoked: row.revoked,
    })
}

impl LanHost {
    /// Opens game `game_id`'s table to devices: listens on `config.address` only. The devices
    /// admitted before (to this game) keep their seats.
    pub async fn open(
        companion: Arc<Companion>,
        game_id: i64,
        config: HostConfig,
    ) -> Result<LanHost, LanError> {
        crate::iface::allowed(config.address)?;
        let kind = TableKind::of(&companion.store().game(game_id).await?.kind)?;
        // The table opens for the window before it opens for devices.
        crate::seat_api::seats_of(&companion, kind, game_id).await?;
        let seats = companion
            .store()
            .lan_seats(game_id)
            .await?
            .into_iter()
            .map(seat_entry)
            .collect::<Result<Vec<_>, _>>()?;
        let listener = tokio::net::TcpListener::bind((config.address, config.port))
            .await
            .map_err(|e| LanError::internal(format!("cannot listen on {}: {e}", config.address)))?;
        let addr = listener
            .local_addr()
            .map_err(|e| LanError::internal(e.to_string()))?;
        let origin = format!("http://{}", host_of(addr));
        let mut hosts = vec![host_of(addr)];
        if addr.ip().is_loopback() {
            hosts.push(format!("localhost:{}", addr.port()));
        }
        let (pushes, _) = broadcast::channel(64);
        let (seat_changes, _) = broadcast::channel(64);
        let state = Arc::new(HostState {
            restores_at_open: companion.restores(),
            companion,
            game_id,
            kind,
            origin,
            hosts,
            open: AtomicBool::new(true),
            join: Mutex::new(Join {
                secret: token::fresh()?,
                pending: Vec::new(),
                next_id: 1,
            }),
            seats: Mutex::new(seats),
            commands: tokio::sync::Mutex::new(()),
            pushes,
            seat_changes,
            frames: tokio::sync::Mutex::new(None),
            attempts: Mutex::new(Attempts::default()),
            assets: config.assets,
        });
        let (stop, stopped) = oneshot::channel::<()>();
        let app = crate::routes::router(state.clone());
        let task = tokio::spawn(async move {
            let _ = axum::serve(
                listener,
                app.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await;
        });
        Ok(LanHost {
            state,
            addr,
            stop: Some(stop),
            task,
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn game_id(&self) -> i64 {
        self.state.game_id
    }

    /// The address a device opens, with this moment's one-time join secret.
    pub fn join_url(&self) -> String {
        let secret = self.state.join.lock().expect("join lock").secret.clone();
        format!("{}/?join={secret}", self.state.origin)
    }

    /// The invite screen's contents.
    pub async fn invite(&self) -> Result<InviteView, LanError> {
        let url = self.join_url();
        let waiting = {
            let join = self.state.join.lock().expect("join lock");
            join.pending
                .iter()
                .filter(|p| matches!(p.state, PendingState::Waiting))
                .map(|p| JoinRequestView {
                    id: p.id,
                    seat: p.seat.clone(),
                    name: p.name.clone(),
                })
                .collect()
        };
        let seats = self
            .state
            .seats
            .lock()
            .expect("seats lock")
            .iter()
            .map(|s| SeatView {
                id: s.id,
                seat: s.seat.clone(),
                name: s.name.clone(),
                revoked: s.revoked,
            })
            .collect();
        Ok(InviteView {
            game_id: self.state.game_id,
            kind: self.state.kind,
            qr_svg: crate::qr::svg(&url)?,
            url,
            waiting,
            seats,
        })
    }

    /// The host taps "admit": the device's seat is stored (its token hashed) and the token waits
    /// for the device to collect it.
    pub async fn admit(&self, request: u64) -> Result<(), LanError> {
        let (seat, name) = {
            let join = self.state.join.lock().expect("join lock");
            let p = waiting(&join, request)?;
            (p.seat.clone(), p.name.clone())
        };
        let token = token::fresh()?;
        let seat_json =
            serde_json::to_string(&seat).map_err(|e| LanError::internal(e.to_string()))?;
        let row = self
            .state
            .companion
            .store()
            .add_lan_seat(self.state.game_id, &seat_json, &name, &token::hash(&token))
            .await?;
        self.state
            .seats
            .lock()
            .expect("seats lock")
            .push(seat_entry(row)?);
        let mut join = self.state.join.lock().expect("join lock");
        if let Some(p) = join.pending.iter_mut().find(|p| p.id == request) {
            p.state = PendingState::Admitted(token);
        }
        Ok(())
    }

    /// The host turns a waiting device away.
    pub fn refuse(&self, request: u64) -> Result<(), LanError> {
        let mut join = self.state.join.lock().expect("join lock");
        waiting(&join, request)?;
        if let Some(p) = join.pending.iter_mut().find(|p| p.id == request) {
            p.state = PendingState::Refused;
        }
        Ok(())
    }

    /// Takes a seat back: its token opens nothing from now on, and its connection is closed.
    pub async fn revoke(&self, seat_id: i64) -> Result<(), LanError> {
        self.state
            .companion
            .store()
            .revoke_lan_seat(seat_id)
            .await?;
        for s in self.state.seats.lock().expect("seats lock").iter_mut() {
            if s.id == seat_id {
                s.revoked = true;
            }
        }
        let _ = self.state.pushes.send(Push::Revoked(seat_id));
        Ok(())
    }

    /// The host's own window changed the table: every seat is sent its new view.
    pub fn table_changed(&self) {
        let _ = self.state.pushes.send(Push::Table);
    }

    /// The way in for the host window's commands while the table is open to devices: the same
    /// one-at-a-time lock the seats' commands take, and every seat pushed after.
    pub fn window(&self) -> WindowGate {
        WindowGate {
            state: self.state.clone(),
        }
    }

    /// Told the table's step count each time a seat's command changed it (the window refreshes
    /// on it instead of asking).
    pub fn seat_changes(&self) -> SeatChanges {
        SeatChanges(self.state.seat_changes.subscribe())
    }

    /// Stops listening; every seat's connection is told and closed.
    pub async fn close(mut self) {
        self.state.open.store(false, Ordering::SeqCst);
        let _ = self.state.pushes.send(Push::Closed);
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if tokio::time::timeout(Duration::from_secs(2), &mut self.task)
            .await
            .is_err()
        {
            self.task.abort();
        }
    }
}

/// The seats' changes to the table, as the window hears of them.
pub struct SeatChanges(broadcast::Receiver<i64>);

impl SeatChanges {
    /// The table's step count after the next change a seat made (after missed ones, the newest);
    /// `None` once the host is gone.
    pub async fn next(&mut self) -> Option<i64> {
        loop {
            match self.0.recv().await {
                Ok(steps) => return Some(steps),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }
}

/// The host window's commands, run one at a time with the seats' commands.
#[derive(Clone)]
pub struct WindowGate {
    state: Arc<HostState>,
}

impl WindowGate {
    /// Runs one of the window's commands while no seat's command runs, then pushes every seat
    /// its view (a seat is sent a frame only when the table moved on). A seat command decided
    /// before it names an older step and is refused as `table-changed`.
    pub async fn run<F: std::future::Future>(&self, command: F) -> F::Output {
        let answer = {
            let _one = self.state.commands.lock().await;
            command.await
        };
        let _ = self.state.pushes.send(Push::Table);
        answer
    }
}

/// The window's commands that only read: they need not wait for the seats' lock. Any command not
/// listed (a new one too) is taken as one that may change the table and runs under the lock.
pub const WINDOW_READS: &[&str] = &[
    "list_games",
    "morale_tracker",
    "pans_board",
    "campaign",
    "pans_game",
    "pans_reveal",
    "scan_sleeve",
    "legacy_table",
    "legacy_table_position",
    "legacy_table_record",
    "legacy_table_advice",
    "legacy_balance",
    "warden_tables",
    "content_text",
    "warden_campaign",
    "my_box",
    "export_box",
    "list_backups",
];

/// Whether the window's command `name` must run under the seats' lock.
pub fn window_changes(name: &str) -> bool {
    !WINDOW_READS.contains(&name)
}

fn waiting(join: &Join, request: u64) -> Result<&Pending, LanError> {
    join.pending
        .iter()
        .find(|p| p.id == request && matches!(p.state, PendingState::Waiting))
        .ok_or_else(|| LanError::bad_request(format!("no device is waiting as request {request}")))
}

/// `ip:port` as a Host header names it (IPv6 in brackets).
fn host_of(addr: SocketAddr) -> String {
    match addr.ip() {
        IpAddr::V4(v4) => format!("{v4}:{}", addr.port()),
        IpAddr::V6(v6) => format!("[{v6}]:{}", addr.port()),
    }
}
