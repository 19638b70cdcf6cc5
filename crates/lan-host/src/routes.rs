//! The table's addresses. GET reads (the page, its files); POST acts (join, collect the seat,
//! commands); the WebSocket pushes each seat its own view. Nothing changes on a GET.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, middleware};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast::error::RecvError;

use crate::error::LanError;
use crate::guard::{guard, too_many};
use crate::seat::{Seat, SeatEntry};
use crate::state::{HostState, Pending, PendingState, Push};
use crate::token;

/// A sleeve photo from a phone's camera fits (as base64) with room to spare.
const MAX_BODY: usize = 24 << 20;
/// Devices waiting for the host at once.
const MAX_WAITING: usize = 16;

pub(crate) fn router(state: Arc<HostState>) -> Router {
    Router::new()
        .route("/lan/join", post(join))
        .route("/lan/join/status", post(join_status))
        .route("/lan/join/table", post(join_table))
        .route("/lan/cmd/{name}", post(command))
        .route("/lan/ws", get(socket))
        .route("/", get(page))
        .route("/{*path}", get(asset))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

fn file(s: &HostState, path: &str) -> Response {
    match s.assets.get(path) {
        Some((bytes, mime)) => ([(header::CONTENT_TYPE, mime)], bytes).into_response(),
        None => LanError::new(StatusCode::NOT_FOUND, "not-found", "no such page").into_response(),
    }
}

async fn page(State(s): State<Arc<HostState>>) -> Response {
    file(&s, "index.html")
}

async fn asset(State(s): State<Arc<HostState>>, Path(path): Path<String>) -> Response {
    file(&s, &path)
}

fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, LanError> {
    let body: &[u8] = if body.is_empty() { b"{}" } else { body };
    serde_json::from_slice(body)
        .map_err(|e| LanError::bad_request(format!("unreadable request: {e}")))
}

fn same_secret(join: &crate::state::Join, secret: &str) -> Result<(), LanError> {
    if token::same(secret.as_bytes(), join.secret.as_bytes()) {
        Ok(())
    } else {
        Err(LanError::new(
            StatusCode::FORBIDDEN,
            "bad-join-secret",
            "this invitation is used or wrong: scan the code on the host's screen again",
        ))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatsAsk {
    secret: String,
}

/// The join page's list of seats, for a device holding this moment's join secret (it is not
/// used up: the device asks for a seat with it next). Counted as a join attempt.
async fn join_table(
    State(s): State<Arc<HostState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<Json<crate::seat_api::SeatList>, LanError> {
    s.check_open()?;
    if !s
        .attempts
        .lock()
        .expect("attempts lock")
        .allow(peer.ip(), Instant::now())
    {
        return Err(too_many());
    }
    let ask: SeatsAsk = parse(&body)?;
    same_secret(&s.join.lock().expect("join lock"), &ask.secret)?;
    let seats = crate::seat_api::seats_of(&s.companion, s.kind, s.game_id).await?;
    Ok(Json(crate::seat_api::SeatList {
        kind: s.kind,
        seats,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinAsk {
    secret: String,
    seat: Seat,
    name: String,
}

#[derive(Serialize)]
struct JoinTicket {
    request: u64,
    claim: String,
}

async fn join(
    State(s): State<Arc<HostState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<Json<JoinTicket>, LanError> {
    s.check_open()?;
    if !s
        .attempts
        .lock()
        .expect("attempts lock")
        .allow(peer.ip(), Instant::now())
    {
        return Err(too_many());
    }
    let ask: JoinAsk = parse(&body)?;
    let name = ask.name.trim().chars().take(40).collect::<String>();
    if name.is_empty() {
        return Err(LanError::bad_request(
            "say who you are: a name for this device",
        ));
    }
    let seats = crate::seat_api::seats_of(&s.companion, s.kind, s.game_id).await?;
    if !seats.iter().any(|c| c.seat == ask.seat) {
        return Err(LanError::bad_request("this table has no such seat"));
    }
    let mut join = s.join.lock().expect("join lock");
    same_secret(&join, &ask.secret)?;
    let waiting = join
        .pending
        .iter()
        .filter(|p| matches!(p.state, PendingState::Waiting))
        .count();
    if waiting >= MAX_WAITING {
        return Err(too_many());
    }
    join.secret = token::fresh()?;
    let claim = token::fresh()?;
    let id = join.next_id;
    join.next_id += 1;
    join.pending.push(Pending {
        id,
        claim_hash: token::hash(&claim),
        seat: ask.seat,
        name,
        state: PendingState::Waiting,
    });
    Ok(Json(JoinTicket { request: id, claim }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatusAsk {
    request: u64,
    claim: String,
}

async fn join_status(
    State(s): State<Arc<HostState>>,
    body: Bytes,
) -> Result<Json<serde_json::Value>, LanError> {
    s.check_open()?;
    let ask: StatusAsk = parse(&body)?;
    let h = token::hash(&ask.claim);
    let mut join = s.join.lock().expect("join lock");
    let at = join
        .pending
        .iter()
        .position(|p| p.id == ask.request && token::same(&p.claim_hash, &h))
        .ok_or_else(|| {
            LanError::new(
                StatusCode::NOT_FOUND,
                "no-such-request",
                "no such request to join",
            )
        })?;
    let answer = match &join.pending[at].state {
        PendingState::Waiting => return Ok(Json(serde_json::json!({ "state": "waiting" }))),
        PendingState::Admitted(token) => serde_json::json!({
            "state": "admitted",
            "token": token,
            "seat": join.pending[at].seat,
            "gameId": s.game_id,
            "kind": s.kind,
        }),
        PendingState::Refused => serde_json::json!({ "state": "refused" }),
    };
    join.pending.remove(at);
    Ok(Json(answer))
}

fn bearer(headers: &HeaderMap) -> Result<&str, LanError> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(LanError::no_token)
}

async fn command(
    State(s): State<Arc<HostState>>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<serde_json::Value>, LanError> {
    s.check_open()?;
    let seat = s.seat_of(bearer(&headers)?)?;
    let args = parse(&body)?;
    Ok(Json(crate::seat_api::run(&s, &seat, &name, args).await?))
}

async fn socket(State(s): State<Arc<HostState>>, ws: WebSocketUpgrade) -> Response {
    if let Err(e) = s.check_open() {
        return e.into_response();
    }
    ws.max_message_size(4096)
        .on_upgrade(move |socket| seat_socket(s, socket))
}

async fn send_json(socket: &mut WebSocket, v: &serde_json::Value) -> bool {
    socket
        .send(Message::Text(v.to_string().into()))
        .await
        .is_ok()
}

/// Sends the seat its view when the table moved on since the last one sent.
async fn send_view(
    s: &HostState,
    seat: &SeatEntry,
    socket: &mut WebSocket,
    last: &mut i64,
) -> bool {
    match crate::seat_api::seat_frame(s, seat).await {
        Ok((steps, _)) if steps == *last => true,
        Ok((steps, frame)) => {
            *last = steps;
            send_json(socket, &frame).await
        }
        Err(e) => {
            send_json(
                socket,
                &serde_json::json!({ "type": "error", "code": e.code, "message": e.message }),
            )
            .await
        }
    }
}

/// One seat's connection: the first message is its token; then its view after every change.
async fn seat_socket(s: Arc<HostState>, mut socket: WebSocket) {
    let token = match tokio::time::timeout(Duration::from_secs(10), socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => t.to_string(),
        _ => return,
    };
    let seat = match s.seat_of(token.trim()) {
        Ok(seat) => seat,
        Err(e) => {
            send_json(
                &mut socket,
                &serde_json::json!({ "type": "error", "code": e.code, "message": e.message }),
            )
            .await;
            return;
        }
    };
    let mut pushes = s.pushes.subscribe();
    let mut last = -1;
    if !send_view(&s, &seat, &mut socket, &mut last).await {
        return;
    }
    loop {
        tokio::select! {
            push = pushes.recv() => match push {
                Ok(Push::Table) | Err(RecvError::Lagged(_)) => {
                    if s.seat_of(token.trim()).is_err() || !send_view(&s, &seat, &mut socket, &mut last).await {
                        break;
                    }
                }
                Ok(Push::Revoked(id)) if id == seat.id => {
                    send_json(&mut socket, &serde_json::json!({ "type": "revoked" })).await;
                    break;
                }
                Ok(Push::Revoked(_)) => {}
                Ok(Push::Closed) | Err(RecvError::Closed) => {
                    send_json(&mut socket, &serde_json::json!({ "type": "closed" })).await;
                    break;
                }
            },
            msg = socket.recv() => match msg {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}
