//! The accuracy script: reads generated sleeve photos and scores them against their truth.
//!
//! `sleeve-score synth FIRST N [busy]`: the scanner's own generator, seeds FIRST.., in memory
//! (`busy`: busy map art and every allowed table).
//! `sleeve-score dir DIR`: every `NAME.jpg`/`NAME.png` in DIR with its truth `NAME.json` (the
//! contract's JSON), from any generator.
//!
//! Prints each photo that is not fully right (with the fields wrong and whether a doubt named
//! them), then: photos, fully right, wrong, wrong without a warning naming the field, and how
//! many of the fully right photos carry a warning naming each field (needless ones).

use std::path::PathBuf;

use neverland_sleeve_scan::score::{Verdict, judge};
use neverland_sleeve_scan::synth::{jpeg, render, scored_scene, truth};
use neverland_sleeve_scan::{decode, scan_image};

/// A photo to read: its name, and how to make its bytes and truth.
type Job = Box<dyn Fn() -> (String, Vec<u8>, serde_json::Value) + Send + Sync>;

fn synth_job(seed: u64, busy: bool) -> Job {
    Box::new(move || {
        let (sleeve, shot) = scored_scene(seed, busy);
        let bytes = jpeg(&render(&sleeve, &shot), 75 + (seed % 25) as u8);
        (format!("seed {seed}"), bytes, truth(&sleeve, &shot))
    })
}

fn dir_jobs(dir: &str) -> Vec<Job> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| {
            eprintln!("sleeve-score: cannot read {dir}: {e}");
            std::process::exit(2)
        })
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension()
                .is_some_and(|x| x == "jpg" || x == "jpeg" || x == "png")
                && p.with_extension("json").exists()
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| -> Job {
            Box::new(move || {
                let bytes = std::fs::read(&p).unwrap_or_default();
                let truth = std::fs::read_to_string(p.with_extension("json"))
                    .ok()
                    .and_then(|t| serde_json::from_str(&t).ok())
                    .unwrap_or(serde_json::Value::Null);
                (p.display().to_string(), bytes, truth)
            })
        })
        .collect()
}

/// A photo read: its verdict, the details of what was wrong, and the fields its doubts name.
type Read = (Verdict, Vec<String>, Vec<String>);

/// Reads one photo: its verdict, or why it was not read (counted as wrong without a warning
/// only when the truth has a card; a refusal is itself a warning).
fn run(job: &Job) -> (String, Result<Read, String>) {
    let (name, bytes, truth) = job();
    let img = match decode(&bytes) {
        Ok(i) => i,
        Err(e) => return (name, Err(e.to_string())),
    };
    match scan_image(&img, None) {
        Ok(scan) => {
            let mut detail = Vec::new();
            let v = judge(&scan, &truth, &mut detail);
            let doubted = scan.doubts.iter().map(|d| d.field.clone()).collect();
            (name, Ok((v, detail, doubted)))
        }
        Err(e) => (name, Err(e.to_string())),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let jobs: Vec<Job> = match args.get(1).map(String::as_str) {
        Some("synth") => {
            let first: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
            let n: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(100);
            let busy = args.get(4).is_some_and(|a| a == "busy");
            (first..first + n).map(|s| synth_job(s, busy)).collect()
        }
        Some("dir") if args.len() > 2 => dir_jobs(&args[2]),
        _ => {
            eprintln!("usage: sleeve-score synth FIRST N [busy] | sleeve-score dir DIR");
            std::process::exit(2);
        }
    };
    let threads: usize = std::env::var("SCORE_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let r = run(job);
                    results.lock().unwrap().push((i, r));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let (mut right, mut wrong, mut unwarned, mut refused) = (0, 0, 0, 0);
    let mut right_doubted = 0;
    let mut fields = std::collections::BTreeMap::<String, (usize, usize)>::new();
    // On the fully right photos: how many carry a doubt naming each field.
    let mut needless = std::collections::BTreeMap::<String, usize>::new();
    for (_, (name, r)) in &results {
        match r {
            Ok((v, _, doubted)) if v.wrong.is_empty() => {
                right += 1;
                right_doubted += usize::from(v.doubted);
                let named: std::collections::BTreeSet<&String> = doubted.iter().collect();
                for f in named {
                    *needless.entry(f.clone()).or_default() += 1;
                }
            }
            Ok((v, detail, _)) => {
                wrong += 1;
                if !v.unwarned.is_empty() {
                    unwarned += 1;
                }
                for f in &v.wrong {
                    let e = fields.entry(f.clone()).or_default();
                    e.0 += 1;
                    if v.unwarned.contains(f) {
                        e.1 += 1;
                    }
                }
                println!(
                    "{name}: wrong {:?}, unwarned {:?}: {}",
                    v.wrong,
                    v.unwarned,
                    detail.join("; ")
                );
            }
            Err(e) => {
                refused += 1;
                println!("{name}: refused: {e}");
            }
        }
    }
    let n = results.len();
    println!(
        "{n} photos: fully right {right} ({:.1}%; {right_doubted} of them with a needless warning), wrong {wrong}, wrong without a warning {unwarned}, refused (exit 2/3, itself a warning) {refused}",
        100.0 * right as f64 / n.max(1) as f64
    );
    for (f, (w, u)) in fields {
        println!("  {f}: wrong on {w} photos, {u} without a warning naming it");
    }
    let needless: Vec<String> = needless.iter().map(|(f, n)| format!("{f} {n}")).collect();
    println!("  needless warnings by field: {}", needless.join(", "));
}
