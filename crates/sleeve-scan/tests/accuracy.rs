//! Accuracy over generated photos (100 by default, `SCAN_PHOTOS=N` for more, `SCAN_FIRST=S` to
//! start at seed S instead of 1000), against the
//! contract's targets, on both cores. Prints the percentiles and every miss.

use neverland_chance::Chance;
use neverland_sleeve_scan::geom::polygon_area;
use neverland_sleeve_scan::scan_image;
use neverland_sleeve_scan::synth::{Shot, Sleeve, jpeg, point_in_poly, render};

#[derive(Default)]
struct Tally {
    centre: Vec<f64>,
    radius: Vec<f64>,
    cross: Vec<f64>,
    corner: Vec<f64>,
    missed: usize,
    invented: usize,
    hidden_wrong: usize,
    cross_wrong: usize,
    dark_wrong: usize,
    wrong_corners: usize,
    failed: usize,
}

impl Tally {
    fn merge(mut self, b: Tally) -> Tally {
        self.centre.extend(b.centre);
        self.radius.extend(b.radius);
        self.cross.extend(b.cross);
        self.corner.extend(b.corner);
        self.missed += b.missed;
        self.invented += b.invented;
        self.hidden_wrong += b.hidden_wrong;
        self.cross_wrong += b.cross_wrong;
        self.dark_wrong += b.dark_wrong;
        self.wrong_corners += b.wrong_corners;
        self.failed += b.failed;
        self
    }
}

fn p95(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[((v.len() as f64 * 0.95).ceil() as usize).saturating_sub(1)]
}

fn photo(seed: u64, t: &mut Tally) {
    let mut rng = Chance::from_seed(seed);
    let sleeve = Sleeve::random(&mut rng, !seed.wrapping_sub(1000).is_multiple_of(7));
    let long = 1000.0 + rng.below(200) as f64;
    let shot = Shot::random(&mut rng, 1600, 1250, long);
    read_and_tally(seed, &sleeve, &shot, 880.0, t);
}

fn read_and_tally(seed: u64, sleeve: &Sleeve, shot: &Shot, min_long: f64, t: &mut Tally) {
    let long_px = (shot.corners_px[0][0] - shot.corners_px[3][0])
        .hypot(shot.corners_px[0][1] - shot.corners_px[3][1]);
    assert!(
        long_px > min_long,
        "seed {seed}: the card's long side is {long_px:.0} px"
    );
    let bytes = jpeg(&render(sleeve, shot), 75 + (seed % 25) as u8);
    let img = image::load_from_memory(&bytes).unwrap().into_rgb8();
    let scan = match scan_image(&img, None) {
        Ok(s) => s,
        Err(e) => {
            println!("seed {seed}: {e}");
            t.failed += 1;
            return;
        }
    };
    let cd: Vec<f64> = scan
        .card
        .corners_px
        .iter()
        .zip(shot.corners_px)
        .map(|(a, b)| (a[0] - b[0]).hypot(a[1] - b[1]))
        .collect();
    if cd.iter().any(|d| *d > 50.0) {
        println!(
            "seed {seed}: corners {:?}, truth {:?}",
            scan.card.corners_px, shot.corners_px
        );
        t.wrong_corners += 1;
        return;
    }
    t.corner.extend(cd);
    // Dark areas: as many as printed, each printed one found (its middle inside a traced one of
    // about the same area).
    let mut dark_ok = scan.dark_areas.len() == sleeve.dark_areas.len();
    for d in &sleeve.dark_areas {
        let mid = [
            d.iter().map(|p| p[0]).sum::<f64>() / d.len() as f64,
            d.iter().map(|p| p[1]).sum::<f64>() / d.len() as f64,
        ];
        let traced = scan.dark_areas.iter().find(|s| point_in_poly(mid, s));
        let same = traced.is_some_and(|s| (polygon_area(s) / polygon_area(d) - 1.0).abs() < 0.15);
        dark_ok &= same;
    }
    if !dark_ok {
        println!(
            "seed {seed}: {} dark areas traced for {} printed",
            scan.dark_areas.len(),
            sleeve.dark_areas.len()
        );
        t.dark_wrong += 1;
    }
    let mut used = vec![false; scan.hooks.len()];
    for ring in &sleeve.hooks {
        let nearest = scan
            .hooks
            .iter()
            .enumerate()
            .filter(|(i, _)| !used[*i])
            .min_by(|a, b| {
                (a.1.x - ring.x)
                    .hypot(a.1.y - ring.y)
                    .total_cmp(&(b.1.x - ring.x).hypot(b.1.y - ring.y))
            });
        match nearest {
            Some((i, h)) if (h.x - ring.x).hypot(h.y - ring.y) < 2.0 => {
                used[i] = true;
                t.centre.push((h.x - ring.x).hypot(h.y - ring.y));
                t.radius.push((h.r - ring.r).abs());
                if h.hidden != sleeve.hidden(ring) {
                    println!("seed {seed}: hidden flag wrong for {ring:?}");
                    t.hidden_wrong += 1;
                }
            }
            _ => {
                println!("seed {seed}: missed {ring:?}");
                t.missed += 1;
            }
        }
    }
    for (i, h) in scan.hooks.iter().enumerate().filter(|(i, _)| !used[*i]) {
        println!("seed {seed}: invented ring {i} {h:?}");
        t.invented += 1;
    }
    match (&scan.cross, &sleeve.cross) {
        (Some(a), Some(b)) => t.cross.push((a.x - b.x).hypot(a.y - b.y)),
        (None, None) => {}
        (a, b) => {
            println!("seed {seed}: cross {a:?}, truth {b:?}");
            t.cross_wrong += 1;
        }
    }
}

/// A whole number from the environment, or `default`.
fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Reads the photos of `seeds` on both cores (alternate seeds each) and tallies them together.
fn on_both_cores(seeds: std::ops::Range<u64>, photo: fn(u64, &mut Tally)) -> Tally {
    let half = |start: u64| {
        let seeds = seeds.clone();
        move || {
            let mut t = Tally::default();
            for seed in (seeds.start + start..seeds.end).step_by(2) {
                photo(seed, &mut t);
            }
            t
        }
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(half(0));
        let b = s.spawn(half(1));
        (a.join().unwrap(), b.join().unwrap())
    });
    a.merge(b)
}

#[test]
fn accuracy_over_generated_photos() {
    let n = env_u64("SCAN_PHOTOS", 100);
    let first = env_u64("SCAN_FIRST", 1000);
    check(on_both_cores(first..first + n, photo), n);
}

/// Prints the figures and holds them to the contract's targets.
fn check(t: Tally, n: u64) {
    let report = format!(
        "{n} photos: failed {}, wrong corners {}; rings missed {}, invented {}, hidden wrong {}; cross presence wrong {}; dark areas wrong {}; \
         p95 centre {:.3} mm, radius {:.3} mm, cross {:.3} mm, corners {:.2} px",
        t.failed,
        t.wrong_corners,
        t.missed,
        t.invented,
        t.hidden_wrong,
        t.cross_wrong,
        t.dark_wrong,
        p95(&t.centre),
        p95(&t.radius),
        p95(&t.cross),
        p95(&t.corner)
    );
    println!("{report}");
    assert_eq!((t.failed, t.wrong_corners), (0, 0), "{report}");
    assert_eq!(
        (
            t.missed,
            t.invented,
            t.hidden_wrong,
            t.cross_wrong,
            t.dark_wrong
        ),
        (0, 0, 0, 0, 0),
        "{report}"
    );
    assert!(p95(&t.centre) <= 0.2 && p95(&t.radius) <= 0.2, "{report}");
    assert!(p95(&t.cross) <= 0.3, "{report}");
    assert!(p95(&t.corner) <= 2.0, "{report}");
    assert!(
        t.centre.len() > 3 * n as usize && t.cross.len() >= n as usize * 3 / 4,
        "{report}"
    );
}

/// Phone-sized photos (12 MP, the card's long side 2,000 to 2,800 px): the same targets. Two per
/// core; `SCAN_BIG=N` for more.
#[test]
fn accuracy_on_twelve_megapixel_photos() {
    let n = env_u64("SCAN_BIG", 4);
    check(on_both_cores(5000..5000 + n, big_photo), n);
}

fn big_photo(seed: u64, t: &mut Tally) {
    let mut rng = Chance::from_seed(seed);
    let sleeve = Sleeve::random(&mut rng, !seed.is_multiple_of(3));
    let long = 2000.0 + rng.below(800) as f64;
    let shot = Shot::random(&mut rng, 4032, 3024, long);
    read_and_tally(seed, &sleeve, &shot, 1700.0, t);
}
