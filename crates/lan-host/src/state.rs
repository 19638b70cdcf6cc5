//! What the routes, the guard and the seats' commands share while a table is open: the host's
//! state (`HostState`: the companion, the table, the join requests, the seats, the command lock
//! and the pushes), the frames each step pushes, and the join attempts' rate limit.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use neverland_companion::Companion;
use tokio::sync::broadcast;

use crate::error::LanError;
use crate::seat::{Seat, SeatEntry, TableKind};
use crate::token;

/// The bundled UI the host serves (the desktop app hands in its embedded `ui/dist`).
pub trait Assets: Send + Sync {
    /// The file at `path` (no leading slash; `index.html` for the page) and its MIME type.
    fn get(&self, path: &str) -> Option<(Vec<u8>, String)>;
}

/// What the seats' connections are told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Push {
    /// The table may have changed: build each seat's view again.
    Table,
    /// This seat was revoked.
    Revoked(i64),
    /// The host closed the table.
    Closed,
}

/// A device waiting for the host to admit it.
pub(crate) struct Pending {
    pub(crate) id: u64,
    pub(crate) claim_hash: [u8; 32],
    pub(crate) seat: Seat,
    pub(crate) name: String,
    pub(crate) state: PendingState,
}

pub(crate) enum PendingState {
    Waiting,
    /// Admitted; the token waits here until the device collects it (once).
    Admitted(String),
    Refused,
}

pub(crate) struct Join {
    pub(crate) secret: String,
    pub(crate) pending: Vec<Pending>,
    pub(crate) next_id: u64,
}

/// Everything the routes share.
pub(crate) struct HostState {
    pub(crate) companion: Arc<Companion>,
    pub(crate) game_id: i64,
    pub(crate) kind: TableKind,
    /// The companion's restore count when the table opened: after a backup is restored the
    /// table is closed to every device and every token refused (the file is another one now).
    pub(crate) restores_at_open: u64,
    pub(crate) origin: String,
    pub(crate) hosts: Vec<String>,
    pub(crate) open: AtomicBool,
    pub(crate) join: Mutex<Join>,
    pub(crate) seats: Mutex<Vec<SeatEntry>>,
    /// One seat command at a time (the store's own check backs the `since` check up).
    pub(crate) commands: tokio::sync::Mutex<()>,
    pub(crate) pushes: broadcast::Sender<Push>,
    /// A seat's command changed the table: the host's window is told (the step count after it).
    pub(crate) seat_changes: broadcast::Sender<i64>,
    /// The newest step's frames, made once for every seat.
    pub(crate) frames: tokio::sync::Mutex<Option<Arc<Frames>>>,
    pub(crate) attempts: Mutex<Attempts>,
    pub(crate) assets: Arc<dyn Assets>,
}

impl HostState {
    /// The seat a token holds, compared against every seat of the table in constant time.
    pub(crate) fn seat_of(&self, token: &str) -> Result<SeatEntry, LanError> {
        if self.restored() {
            return Err(LanError::revoked());
        }
        let h = token::hash(token);
        let seats = self.seats.lock().expect("seats lock");
        let mut found: Option<&SeatEntry> = None;
        for s in seats.iter() {
            if token::same(&s.token_hash, &h) {
                found = Some(s);
            }
        }
        match found {
            Some(s) if s.revoked => Err(LanError::revoked()),
            Some(s) => Ok(s.clone()),
            None => Err(LanError::bad_token()),
        }
    }

    /// A seat's command changed the table (now `steps` long): every seat is pushed its view, and
    /// the host's window is told.
    pub(crate) fn seat_changed(&self, steps: i64) {
        let _ = self.pushes.send(Push::Table);
        let _ = self.seat_changes.send(steps);
    }

    /// A backup was restored over the file since the table opened.
    fn restored(&self) -> bool {
        self.companion.restores() != self.restores_at_open
    }

    pub(crate) fn check_open(&self) -> Result<(), LanError> {
        if self.open.load(Ordering::SeqCst) && !self.restored() {
            Ok(())
        } else {
            Err(LanError::closed())
        }
    }
}

/// One step of the table as the seats are pushed it: the view every seat gets, and for a Pan's
/// Island table every seat's hand, read once for all seats (each seat is sent its own hand only).
pub(crate) struct Frames {
    pub(crate) steps: i64,
    pub(crate) view: serde_json::Value,
    pub(crate) hands: Vec<serde_json::Value>,
}

/// Join attempts allowed from one address in a window, and from everyone.
pub const PER_ADDRESS: usize = 10;
pub const IN_ALL: usize = 60;
pub const WINDOW: Duration = Duration::from_secs(60);

/// Recent join attempts, by address and in all.
#[derive(Default)]
pub struct Attempts {
    by_address: HashMap<IpAddr, VecDeque<Instant>>,
    all: VecDeque<Instant>,
}

impl Attempts {
    /// Counts one attempt at `now`; false when the address or everyone has used up the window.
    pub fn allow(&mut self, from: IpAddr, now: Instant) -> bool {
        let fresh = |q: &mut VecDeque<Instant>| {
            while q.front().is_some_and(|t| now.duration_since(*t) >= WINDOW) {
                q.pop_front();
            }
        };
        fresh(&mut self.all);
        let mine = self.by_address.entry(from).or_default();
        fresh(mine);
        if mine.len() >= PER_ADDRESS || self.all.len() >= IN_ALL {
            return false;
        }
        mine.push_back(now);
        self.all.push_back(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_are_limited_per_address_and_in_all() {
        let mut a = Attempts::default();
        let t0 = Instant::now();
        let one: IpAddr = "192.168.1.2".parse().unwrap();
        for _ in 0..PER_ADDRESS {
            assert!(a.allow(one, t0));
        }
        assert!(!a.allow(one, t0 + Duration::from_secs(1)));
        assert!(a.allow(one, t0 + WINDOW));
        let mut b = Attempts::default();
        for i in 0..IN_ALL {
            let ip: IpAddr = format!("10.0.{}.{}", i / 200, i % 200 + 1).parse().unwrap();
            assert!(b.allow(ip, t0));
        }
        assert!(!b.allow("10.9.9.9".parse().unwrap(), t0));
    }
}
