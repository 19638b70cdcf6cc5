//! `sleeve-photos SEED OUT.jpg|OUT.png` writes one photo and prints its truth JSON.
//! `sleeve-photos batch --from S --count N --out DIR` writes `sleeve-SEED.jpg|png` with
//! `sleeve-SEED.json` (truth, the contract's output shape) and `sleeve-SEED.meta.json` (how it
//! was made). `sleeve-photos bad --out DIR [--seed S] [--oversize]` writes the error-path files
//! and `expected.json` (file name to the exit status the contract asks for).
//! `sleeve-photos preview SEED OUT.png [--max PX] [--truth]` writes a small PNG of the photo as
//! shown, with the truth drawn over it when `--truth` is given (`--crop X,Y,SIZE`: a full-size
//! square instead). `sleeve-photos survey --from S
//! --count N` prints how each photo would be made (one JSON line each) without rendering.
//! Seeds 0–9,999 are the tuning split; seeds from 1,000,000 are held out (see the crate docs).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use neverland_sleeve_photos::photo::Format;
use neverland_sleeve_photos::{HELD_OUT_FROM, bad::bad_files, generate, meta, plan};

const USAGE: &str = "usage: sleeve-photos SEED OUT.jpg|OUT.png\n       sleeve-photos batch --from SEED --count N --out DIR\n       sleeve-photos bad --out DIR [--seed SEED] [--oversize]\n       sleeve-photos preview SEED OUT.png [--max PX] [--truth] [--crop X,Y,SIZE]\n       sleeve-photos survey --from SEED --count N\nseeds 0-9999: tuning split; seeds 1000000 and up: held-out split";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("batch") => batch(&args[1..]),
        Some("bad") => bad(&args[1..]),
        Some("preview") => preview(&args[1..]),
        Some("survey") => survey(&args[1..]),
        Some(_) if args.len() == 2 => single(&args[0], Path::new(&args[1])),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

fn seed_of(s: &str) -> Result<u64, String> {
    s.parse()
        .map_err(|_| format!("not a seed (a whole number): {s}\n{USAGE}"))
}

/// The value after `--name`, if given.
fn opt<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn single(seed: &str, out: &Path) -> Result<(), String> {
    let seed = seed_of(seed)?;
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let photo = generate(seed);
    let format = match (ext.as_str(), photo.camera.format) {
        ("png", _) => Format::Png,
        ("jpg" | "jpeg", Format::Jpeg(q)) => Format::Jpeg(q),
        ("jpg" | "jpeg", Format::Png) => Format::Jpeg(92),
        _ => {
            return Err(format!(
                "the photo's name must end in .jpg or .png: {}",
                out.display()
            ));
        }
    };
    write(out, &photo.file(Some(format)))?;
    let json = serde_json::to_string_pretty(&photo.truth()).map_err(|e| e.to_string())?;
    println!("{json}");
    Ok(())
}

fn batch(args: &[String]) -> Result<(), String> {
    let from = seed_of(opt(args, "--from").ok_or(USAGE)?)?;
    let count = seed_of(opt(args, "--count").ok_or(USAGE)?)?;
    let dir = PathBuf::from(opt(args, "--out").ok_or(USAGE)?);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    if from.saturating_add(count) > HELD_OUT_FROM {
        eprintln!(
            "note: seeds from {HELD_OUT_FROM} are the held-out split: score them only at the end of a change"
        );
    }
    for seed in from..from.saturating_add(count) {
        let photo = generate(seed);
        let ext = match photo.camera.format {
            Format::Jpeg(_) => "jpg",
            Format::Png => "png",
        };
        let stem = format!("sleeve-{seed:07}");
        write(&dir.join(format!("{stem}.{ext}")), &photo.file(None))?;
        let truth = serde_json::to_string_pretty(&photo.truth()).map_err(|e| e.to_string())?;
        write(&dir.join(format!("{stem}.json")), truth.as_bytes())?;
        let m = serde_json::to_string_pretty(&meta(seed, &photo.scene, &photo.camera))
            .map_err(|e| e.to_string())?;
        write(&dir.join(format!("{stem}.meta.json")), m.as_bytes())?;
        println!(
            "{stem}.{ext} {}x{}",
            photo.camera.width, photo.camera.height
        );
    }
    Ok(())
}

fn bad(args: &[String]) -> Result<(), String> {
    let dir = PathBuf::from(opt(args, "--out").ok_or(USAGE)?);
    let seed = opt(args, "--seed").map(seed_of).transpose()?.unwrap_or(0);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    let mut expected = serde_json::Map::new();
    for f in bad_files(seed, args.iter().any(|a| a == "--oversize")) {
        write(&dir.join(f.name), &f.bytes)?;
        expected.insert(
            f.name.into(),
            serde_json::json!({"status": f.status, "why": f.why}),
        );
        println!("{} (exit {}): {}", f.name, f.status, f.why);
    }
    let json = serde_json::to_string_pretty(&expected).map_err(|e| e.to_string())?;
    write(&dir.join("expected.json"), json.as_bytes())
}

fn preview(args: &[String]) -> Result<(), String> {
    let (Some(seed), Some(out)) = (args.first(), args.get(1)) else {
        return Err(USAGE.into());
    };
    let max = opt(args, "--max").map(seed_of).transpose()?.unwrap_or(900);
    let photo = generate(seed_of(seed)?);
    let img = match opt(args, "--crop") {
        Some(c) => {
            let v: Vec<u32> = c.split(',').filter_map(|t| t.parse().ok()).collect();
            let [x, y, size] = v[..] else {
                return Err(format!("--crop wants X,Y,SIZE: {c}"));
            };
            neverland_sleeve_photos::preview::crop(&photo, x, y, size)
        }
        None => neverland_sleeve_photos::preview::preview(
            &photo,
            max as u32,
            args.iter().any(|a| a == "--truth"),
        ),
    };
    img.save(out)
        .map_err(|e| format!("cannot write {out}: {e}"))
}

fn survey(args: &[String]) -> Result<(), String> {
    let from = seed_of(opt(args, "--from").ok_or(USAGE)?)?;
    let count = seed_of(opt(args, "--count").ok_or(USAGE)?)?;
    for seed in from..from.saturating_add(count) {
        let (scene, cam) = plan(seed);
        println!("{}", meta(seed, &scene, &cam));
    }
    Ok(())
}
