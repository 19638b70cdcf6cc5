//! Tuning the fields read on the straightened card (rings, hidden flags, cross) apart from the
//! card's outline: each photo is straightened once with its TRUE corners and kept as a small PNG,
//! then the field stages run on those in a second or two.
//!
//! `sleeve-fields dump DIR OUT`: every `NAME.jpg|png` with `NAME.json` in DIR (any generator).
//! `sleeve-fields synth FIRST N OUT`: the scanner's own generator, busy art, seeds FIRST...
//! `sleeve-fields eval OUT [OUT...]`: reads every straightened card, prints each wrong field
//! (and whether a warning named it), the counts, and for each field a reliability table: of the
//! readings with confidence at least c, how many were right.

use std::path::{Path, PathBuf};

use neverland_sleeve_scan::scan::{Card, Confidence, Scan, warp};
use neverland_sleeve_scan::score::judge;
use neverland_sleeve_scan::synth::{render, scored_scene, truth};
use neverland_sleeve_scan::{decode, fields, geom::homography};

fn corners(truth: &serde_json::Value) -> Option<[[f64; 2]; 4]> {
    let c = truth["card"]["corners_px"].as_array()?;
    let mut out = [[0.0; 2]; 4];
    for (o, p) in out.iter_mut().zip(c) {
        *o = [p[0].as_f64()?, p[1].as_f64()?];
    }
    Some(out)
}

fn save(out: &Path, name: &str, img: &image::RgbImage, truth: &serde_json::Value) {
    let h = homography(&corners(truth).expect("truth corners"));
    warp(img, &h)
        .save(out.join(format!("{name}.png")))
        .expect("written");
    std::fs::write(out.join(format!("{name}.json")), truth.to_string()).expect("written");
}

fn dump(dir: &str, out: &Path) {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "jpg" || x == "png")
                && p.with_extension("json").exists()
        })
        .collect();
    names.sort();
    for p in names {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        if out.join(format!("{name}.png")).exists() {
            continue;
        }
        let t: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(p.with_extension("json")).unwrap())
                .unwrap();
        if corners(&t).is_none() {
            continue;
        }
        let Ok(img) = decode(&std::fs::read(&p).unwrap()) else {
            continue;
        };
        save(out, &name, &img, &t);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("dump") if args.len() == 4 => {
            std::fs::create_dir_all(&args[3]).unwrap();
            dump(&args[2], Path::new(&args[3]));
        }
        Some("synth") if args.len() == 5 => {
            let first: u64 = args[2].parse().unwrap();
            let n: u64 = args[3].parse().unwrap();
            let out = Path::new(&args[4]);
            std::fs::create_dir_all(out).unwrap();
            for seed in first..first + n {
                let (sleeve, shot) = scored_scene(seed, true);
                let bytes = neverland_sleeve_scan::synth::jpeg(
                    &render(&sleeve, &shot),
                    75 + (seed % 25) as u8,
                );
                let img = decode(&bytes).unwrap();
                save(out, &format!("synth-{seed}"), &img, &truth(&sleeve, &shot));
            }
        }
        Some("eval") if args.len() > 2 => eval(&args[2..]),
        _ => {
            eprintln!("usage: sleeve-fields dump DIR OUT | synth FIRST N OUT | eval OUT...");
            std::process::exit(2);
        }
    }
}

/// One field's reading on one photo: its confidence and whether it was right.
type Rated = Vec<(f64, bool)>;

fn eval(dirs: &[String]) {
    let mut names: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| std::fs::read_dir(d).expect("a folder"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    names.sort();
    let (mut right, mut right_warned, mut wrong, mut unwarned) = (0, 0, 0, 0);
    let mut counts = std::collections::BTreeMap::<String, (usize, usize, usize)>::new();
    let mut rated = std::collections::BTreeMap::<String, Rated>::new();
    for p in &names {
        let t: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(p.with_extension("json")).unwrap())
                .unwrap();
        let canon = image::open(p).unwrap().into_rgb8();
        let f = fields::read(&canon);
        let scan = Scan {
            card: Card {
                corners_px: corners(&t).unwrap(),
            },
            hooks: f.hooks.clone(),
            dark_areas: f.dark_areas.clone(),
            cross: f.cross.clone(),
            confidence: Confidence {
                card: 1.0,
                orientation: 1.0,
                hooks: f.hooks_conf,
                dark_areas: f.dark_conf,
                cross: f.cross_conf,
            },
            doubts: f.doubts.clone(),
            warnings: Vec::new(),
        };
        let mut detail = Vec::new();
        let v = judge(&scan, &t, &mut detail);
        for field in ["hooks", "hidden", "cross"] {
            let is_wrong = v.wrong.iter().any(|w| w == field);
            let warned = f.doubts.iter().any(|d| d.field == field);
            let e = counts.entry(field.into()).or_default();
            e.0 += usize::from(is_wrong);
            e.1 += usize::from(is_wrong && !warned);
            e.2 += usize::from(!is_wrong && warned);
            let conf = match field {
                "hooks" => f.hooks_conf,
                "hidden" => f.hidden_conf,
                _ => f.cross_conf,
            };
            rated
                .entry(field.into())
                .or_default()
                .push((conf, !is_wrong));
        }
        if std::env::var("CROSS_DEBUG").is_ok() {
            eprintln!(
                "photo {} truth_cross {} read_cross {:?} cross_wrong {} conf {:.2}",
                p.display(),
                t["cross"],
                f.cross.as_ref().map(|c| (c.x, c.y)),
                v.wrong.iter().any(|w| w == "cross"),
                f.cross_conf
            );
        }
        if v.wrong.is_empty() {
            right += 1;
            right_warned += usize::from(!f.doubts.is_empty());
        } else {
            wrong += 1;
            unwarned += usize::from(!v.unwarned.is_empty());
            println!(
                "{}: wrong {:?}, unwarned {:?}: {}",
                p.display(),
                v.wrong,
                v.unwarned,
                detail.join("; ")
            );
        }
    }
    let n = names.len();
    println!(
        "{n} cards: right {right} ({:.1}%), right but warned {right_warned}, wrong {wrong}, wrong without a warning {unwarned}",
        100.0 * right as f64 / n.max(1) as f64
    );
    for (field, (w, u, rw)) in &counts {
        println!("  {field}: wrong {w}, of them unwarned {u}; right but warned {rw}");
    }
    for (field, list) in &rated {
        let row: Vec<String> = [0.0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]
            .iter()
            .map(|&c| {
                let above: Vec<_> = list.iter().filter(|r| r.0 >= c).collect();
                let ok = above.iter().filter(|r| r.1).count();
                format!("≥{c}: {ok}/{}", above.len())
            })
            .collect();
        println!("  {field} reliability: {}", row.join(", "));
    }
}
