//! A table opened for devices on loopback, and a device's side of it: raw HTTP over a real
//! socket (so a test can forge any header) and the WebSocket.
#![allow(dead_code)]

pub mod bot;

use std::net::SocketAddr;
use std::sync::Arc;

use futures_util::StreamExt;
use neverland_companion::Companion;
use neverland_companion::pans::NewPansGame;
use neverland_companion::table::NewLegacyTable;
use neverland_companion::warden::NewWardenCampaign;
use neverland_lan_host::{Assets, HostConfig, LanHost, Seat};
use neverland_legacy::Scenario;
use neverland_pans_island::game::Setup;
use neverland_pans_island::heroes::Hero;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The page the tests serve (the app serves its bundled UI).
pub struct TestPage;

impl Assets for TestPage {
    fn get(&self, path: &str) -> Option<(Vec<u8>, String)> {
        (path == "index.html").then(|| {
            (
                b"<!doctype html><title>t</title>".to_vec(),
                "text/html".into(),
            )
        })
    }
}

pub struct Table {
    pub dir: tempfile::TempDir,
    pub companion: Arc<Companion>,
    pub host: LanHost,
    pub game_id: i64,
}

pub fn setup(n: usize) -> Setup {
    Setup {
        heroes: Hero::ALL[..n].to_vec(),
        first_player: 0,
        events: vec![],
        within: None,
    }
}

pub async fn open_host(companion: Arc<Companion>, game_id: i64, port: u16) -> LanHost {
    LanHost::open(
        companion,
        game_id,
        HostConfig {
            address: "127.0.0.1".parse().unwrap(),
            port,
            assets: Arc::new(TestPage),
        },
    )
    .await
    .unwrap()
}

impl Table {
    pub async fn new(players: usize, seed: u64) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let companion = Arc::new(
            Companion::open(dir.path().join("games.db"), || 7)
                .await
                .unwrap(),
        );
        let view = companion
            .new_pans_game(NewPansGame {
                setup: setup(players),
                seed: Some(seed.to_string()),
                campaign: None,
            })
            .await
            .unwrap();
        let host = open_host(companion.clone(), view.game.id, 0).await;
        Table {
            dir,
            companion,
            host,
            game_id: view.game.id,
        }
    }

    /// A Neverland's Legacy table game (Lost Allies, the pack's first Characters) open to devices.
    pub async fn legacy(players: u8, seed: u64) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let companion = Arc::new(
            Companion::open(dir.path().join("games.db"), || 7)
                .await
                .unwrap(),
        );
        let view = companion
            .new_legacy_table(NewLegacyTable {
                scenario: Scenario::LostAllies,
                players,
                characters: vec![],
                physical_threat_deck: false,
                seed: Some(seed.to_string()),
                position: None,
            })
            .await
            .unwrap();
        let host = open_host(companion.clone(), view.game.id, 0).await;
        Table {
            dir,
            companion,
            host,
            game_id: view.game.id,
        }
    }

    /// A Warden's campaign open to devices, with the commands given already played.
    pub async fn warden(commands: Vec<Value>) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let companion = Arc::new(
            Companion::open(dir.path().join("games.db"), || 7)
                .await
                .unwrap(),
        );
        let view = companion
            .new_warden_campaign(NewWardenCampaign {
                title: None,
                seed: Some("3".into()),
            })
            .await
            .unwrap();
        for c in commands {
            companion
                .warden_command(view.game.id, serde_json::from_value(c).unwrap())
                .await
                .unwrap();
        }
        let host = open_host(companion.clone(), view.game.id, 0).await;
        Table {
            dir,
            companion,
            host,
            game_id: view.game.id,
        }
    }

    /// The Legacy table as the host's window sees it.
    pub async fn table(&self) -> neverland_companion::table::TableView {
        self.companion.legacy_table(self.game_id).await.unwrap()
    }

    pub fn addr(&self) -> SocketAddr {
        self.host.addr()
    }

    pub fn origin(&self) -> String {
        format!("http://{}", self.addr())
    }

    /// The set-up as the companion stored it.
    pub async fn setup(&self) -> Setup {
        self.companion.pans_game(self.game_id).await.unwrap().setup
    }

    /// The stored log's length (what "nothing stored" is checked against).
    pub async fn steps(&self) -> usize {
        self.companion
            .store()
            .commands(self.game_id)
            .await
            .unwrap()
            .len()
    }

    /// A device joins as `player`, the host admits it, the device collects its token.
    pub async fn seat(&self, player: usize) -> String {
        self.seat_as(Seat::Hero { player }).await
    }

    /// A device asks for `seat`, the host admits it, the device collects its token.
    pub async fn seat_as(&self, seat: Seat) -> String {
        let secret = self
            .host
            .join_url()
            .split("join=")
            .nth(1)
            .unwrap()
            .to_string();
        let (code, ticket) = self
            .post(
                "/lan/join",
                None,
                json!({"secret": secret, "seat": seat, "name": "a device"}),
            )
            .await;
        assert_eq!(code, 200, "{ticket}");
        let invite = self.host.invite().await.unwrap();
        let req = invite.waiting.iter().find(|w| w.seat == seat).unwrap().id;
        self.host.admit(req).await.unwrap();
        let (code, got) = self
            .post(
                "/lan/join/status",
                None,
                json!({"request": ticket["request"], "claim": ticket["claim"]}),
            )
            .await;
        assert_eq!(code, 200, "{got}");
        assert_eq!(got["state"], "admitted");
        got["token"].as_str().unwrap().to_string()
    }

    /// A POST from the table's own page.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut h = vec![("Origin".to_string(), self.origin())];
        if let Some(t) = token {
            h.push(("Authorization".into(), format!("Bearer {t}")));
        }
        http(
            self.addr(),
            "POST",
            path,
            &self.addr().to_string(),
            &h,
            &body.to_string(),
        )
        .await
    }

    pub async fn cmd(&self, token: &str, name: &str, args: Value) -> (u16, Value) {
        self.post(&format!("/lan/cmd/{name}"), Some(token), args)
            .await
    }

    /// The view as the host's window sees it.
    pub async fn since(&self) -> i64 {
        self.companion
            .pans_game(self.game_id)
            .await
            .unwrap()
            .game
            .steps
    }

    /// A seat's WebSocket, with the table's own Origin, after sending its token.
    pub async fn socket(&self, token: &str) -> Socket {
        socket(self.addr(), &self.origin(), token).await
    }
}

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn socket(addr: SocketAddr, origin: &str, token: &str) -> Socket {
    let mut req = format!("ws://{addr}/lan/ws").into_client_request().unwrap();
    req.headers_mut().insert("Origin", origin.parse().unwrap());
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    futures_util::SinkExt::send(&mut ws, Message::Text(token.to_string().into()))
        .await
        .unwrap();
    ws
}

/// The next JSON frame of a socket (None when it closed), waiting at most 10 s.
pub async fn next_frame(ws: &mut Socket) -> Option<Value> {
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .ok()??;
        match msg.ok()? {
            Message::Text(t) => return Some(serde_json::from_str(&t).unwrap()),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// One HTTP/1.1 request over a fresh loopback connection; answers the status and the JSON body
/// (`null` when the body is not JSON).
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    headers: &[(String, String)],
    body: &str,
) -> (u16, Value) {
    let (code, _, body) = http_raw(addr, method, path, host, headers, body).await;
    (code, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// Like `http`, with the response's header block and body as text.
pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    headers: &[(String, String)],
    body: &str,
) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str(&format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    ));
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let code = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, head.to_string(), rest.to_string())
}
