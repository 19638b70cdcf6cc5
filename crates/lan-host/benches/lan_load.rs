//! Load on loopback, bounded in count and time: 8 devices (two for each Hero of a 4-Hero table)
//! play whole bot games against one host until 1,000 commands have landed. Each command is sent
//! at once by every device that may send it (both devices of its Hero; all 8 for "start
//! acting"), all made against the same step: exactly one must land (0 lost, 0 duplicated) and
//! the others be refused as `table-changed`. Each game's stored table must then equal the bot's.
//! Measured per landed command: from sending it until all 8 devices were pushed the new step.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::Table;
use common::bot::Bot;
use futures_util::StreamExt;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

const DEVICES: usize = 8;
const HEROES: usize = 4;
const TOTAL: usize = 1000;
const TIME_LIMIT: Duration = Duration::from_secs(600);

fn watch_steps(mut ws: common::Socket) -> watch::Receiver<i64> {
    let (tx, rx) = watch::channel(-1);
    tokio::spawn(async move {
        while let Some(Ok(msg)) = ws.next().await {
            if let Message::Text(t) = msg {
                let v: serde_json::Value = serde_json::from_str(&t).unwrap();
                if let Some(s) = v["steps"].as_i64() {
                    tx.send_replace(s);
                }
            }
        }
    });
    rx
}

#[derive(Default)]
struct Tally {
    landed: usize,
    requests: usize,
    stale: usize,
    lost: usize,
    duplicated: usize,
    latencies: Vec<Duration>,
}

/// One game (or its first part, when the total is reached); answers the commands it landed.
async fn one_game(seed: u64, tally: &mut Tally, started: Instant) {
    let t = Table::new(HEROES, seed).await;
    let mut tokens = Vec::new();
    let mut seen = Vec::new();
    for d in 0..DEVICES {
        tokens.push(t.seat(d % HEROES).await);
        seen.push(watch_steps(t.socket(&tokens[d]).await));
    }
    let mut bot = Bot::new(&t.setup().await, seed);
    let mut since = 0i64;
    while tally.landed < TOTAL && started.elapsed() < TIME_LIMIT {
        let Some((who, name, mut args)) = bot.next(t.game_id) else {
            break;
        };
        args["since"] = since.into();
        let devices: Vec<usize> = match who {
            Some(p) => vec![p, p + HEROES],
            None => (0..DEVICES).collect(),
        };
        let start = Instant::now();
        let mut sends = Vec::new();
        for d in devices {
            let (addr, origin, token, args) =
                (t.addr(), t.origin(), tokens[d].clone(), args.clone());
            sends.push(tokio::spawn(async move {
                let h = [
                    ("Origin".to_string(), origin),
                    ("Authorization".to_string(), format!("Bearer {token}")),
                ];
                common::http(
                    addr,
                    "POST",
                    &format!("/lan/cmd/{name}"),
                    &addr.to_string(),
                    &h,
                    &args.to_string(),
                )
                .await
            }));
        }
        let mut ok = 0;
        for s in sends {
            let (code, body) = s.await.unwrap();
            tally.requests += 1;
            match (code, body["code"].as_str()) {
                (200, _) => ok += 1,
                (409, Some("table-changed")) => tally.stale += 1,
                other => panic!("unexpected answer {other:?}: {body}"),
            }
        }
        if ok == 0 {
            tally.lost += 1;
            break;
        }
        tally.duplicated += ok - 1;
        since += 1;
        tally.landed += 1;
        for rx in seen.iter_mut() {
            rx.wait_for(|s| *s >= since).await.unwrap();
        }
        tally.latencies.push(start.elapsed());
    }
    let stored = t.companion.pans_game(t.game_id).await.unwrap();
    assert_eq!(stored.game.steps, since, "every landed command stored once");
    assert_eq!(
        stored.state,
        bot.game.public_view(),
        "the stored table is the bot's"
    );
    let Table { host, .. } = t;
    host.close().await;
}

fn pct(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn main() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut games = 0;
    rt.block_on(async {
        let mut seed = 1;
        while tally.landed < TOTAL && started.elapsed() < TIME_LIMIT {
            one_game(seed, &mut tally, started).await;
            seed += 1;
            games += 1;
        }
    });
    let mut l = tally.latencies.clone();
    l.sort();
    println!(
        "lan_load: {} devices, {} games, {} commands landed from {} requests ({} refused as table-changed), {} lost, {} duplicated, in {:.1} s",
        DEVICES,
        games,
        tally.landed,
        tally.requests,
        tally.stale,
        tally.lost,
        tally.duplicated,
        started.elapsed().as_secs_f64()
    );
    println!(
        "lan_load: command -> all {} devices pushed: p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        DEVICES,
        pct(&l, 0.5),
        pct(&l, 0.95),
        pct(&l, 1.0)
    );
    assert_eq!((tally.lost, tally.duplicated), (0, 0));
    assert_eq!(tally.landed, TOTAL, "the time limit came first");
}
