//! kill -9 of the host mid-game: the host runs in a child process (this test binary again, its
//! ignored `host_process` test); seats play through it, the parent kills it with SIGKILL, starts
//! it again on the same database and port, and the seats go on with the tokens they had.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use common::{Table, bot::Bot, http};
use neverland_companion::Companion;
use serde_json::Value;

const ENV: &str = "NEVERLAND_LAN_CHILD";

/// Runs only in the child: hosts `game` of `db` on `port` until killed.
#[test]
#[ignore = "the host process of kill_9_of_the_host_mid_game (run by that test)"]
fn host_process() {
    let Ok(spec) = std::env::var(ENV) else { return };
    let parts: Vec<&str> = spec.split(',').collect();
    let (db, game, port): (&str, i64, u16) = (
        parts[0],
        parts[1].parse().unwrap(),
        parts[2].parse().unwrap(),
    );
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let c = Arc::new(Companion::open(db, || 7).await.unwrap());
        let host = common::open_host(c, game, port).await;
        // On stderr: the test harness may hold a test's stdout back.
        eprintln!("listening {}", host.addr());
        std::future::pending::<()>().await;
    });
}

/// The child host, killed (SIGKILL, by its PID) when dropped, so a failing test leaves none.
struct HostChild(Child);

impl Drop for HostChild {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn spawn_host(db: &str, game: i64, port: u16) -> (HostChild, std::net::SocketAddr) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "host_process",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(ENV, format!("{db},{game},{port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stderr.take().unwrap();
    let mut lines = BufReader::new(out).lines();
    let addr = loop {
        let line = lines.next().expect("the host process ended").unwrap();
        if let Some(a) = line.strip_prefix("listening ") {
            break a.parse().unwrap();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (HostChild(child), addr)
}

async fn cmd(addr: std::net::SocketAddr, token: &str, name: &str, args: &Value) -> (u16, Value) {
    let h = [
        ("Origin".to_string(), format!("http://{addr}")),
        ("Authorization".to_string(), format!("Bearer {token}")),
    ];
    http(
        addr,
        "POST",
        &format!("/lan/cmd/{name}"),
        &addr.to_string(),
        &h,
        &args.to_string(),
    )
    .await
}

#[tokio::test]
async fn kill_9_of_the_host_mid_game() {
    // Seats are admitted by a host in this process, which then closes the table.
    let t = Table::new(3, 21).await;
    let tokens = [t.seat(0).await, t.seat(1).await, t.seat(2).await];
    let (game, port) = (t.game_id, t.addr().port());
    let db = t.dir.path().join("games.db").to_string_lossy().to_string();
    let setup = t.setup().await;
    let Table {
        host,
        companion,
        dir,
        ..
    } = t;
    host.close().await;
    Arc::try_unwrap(companion)
        .ok()
        .expect("the only handle")
        .close()
        .await;

    let (mut child, addr) = spawn_host(&db, game, port);
    let mut bot = Bot::new(&setup, 21);
    let mut since = 0i64;
    let mut killed = false;
    while let Some((who, name, mut args)) = bot.next(game) {
        args["since"] = since.into();
        let who = who.unwrap_or(0);
        let (code, answer) = cmd(addr, &tokens[who], name, &args).await;
        assert_eq!(code, 200, "{name}: {answer}");
        since += 1;
        if since == 20 && !killed {
            drop(child); // kill -9
            assert!(
                tokio::net::TcpStream::connect(addr).await.is_err(),
                "the killed host still answers"
            );
            let (c2, addr2) = spawn_host(&db, game, port);
            assert_eq!(addr2, addr);
            child = c2;
            killed = true;
            // Every seat is back with its token, at the same table and step.
            for (p, token) in tokens.iter().enumerate() {
                let mut ws = common::socket(addr, &format!("http://{addr}"), token).await;
                let frame = common::next_frame(&mut ws).await.unwrap();
                assert_eq!(
                    (frame["steps"].as_i64(), frame["hand"]["player"].as_u64()),
                    (Some(since), Some(p as u64)),
                    "{frame}"
                );
            }
        }
    }
    assert!(killed && bot.game.is_over().is_some());
    drop(child);
    let c = Companion::open(&db, || 7).await.unwrap();
    let view = c.pans_game(game).await.unwrap();
    assert_eq!(view.game.steps, since);
    assert_eq!(view.state, bot.game.public_view());
    c.close().await;
    drop(dir);
}
