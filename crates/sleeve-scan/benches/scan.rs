//! Sleeve photos as a phone takes them, JPEG quality 90: at 1.9, 5, 8 and 12 MP the whole read
//! from bytes to result beside the bare JPEG decode of the same bytes (measured in the same
//! run, so the ratio holds whatever the machine's load); at 12 MP also each stage, and the
//! upright card the app shows its holder.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use neverland_chance::Chance;
use neverland_sleeve_scan::geom::homography;
use neverland_sleeve_scan::synth::{Shot, Sleeve, jpeg, render};
use neverland_sleeve_scan::{decode, features, scan, scan_photo, straighten};

/// A photo of `w` x `h` with the card's long side `long` px, and its sleeve.
fn photo(seed: u64, w: u32, h: u32, long: f64) -> (Vec<u8>, Sleeve) {
    let mut rng = Chance::from_seed(seed);
    let sleeve = Sleeve::random(&mut rng, true);
    let shot = Shot::random(&mut rng, w, h, long);
    (jpeg(&render(&sleeve, &shot), 90), sleeve)
}

/// Each size: the card fills about the same part of the frame (the contract's minimum long side
/// of 1,000 px is met at 1.9 MP).
const SIZES: [(&str, u32, u32, f64); 4] = [
    ("1.9 MP (1600 x 1200)", 1600, 1200, 1100.0),
    ("5 MP (2592 x 1944)", 2592, 1944, 1700.0),
    ("8 MP (3264 x 2448)", 3264, 2448, 2100.0),
    ("12 MP (4032 x 3024)", 4032, 3024, 2600.0),
];

fn by_size(c: &mut Criterion) {
    let mut g = c.benchmark_group("sleeve scan by photo size");
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for (i, (name, w, h, long)) in SIZES.into_iter().enumerate() {
        let (bytes, sleeve) = photo(12 + i as u64, w, h, long);
        let read = scan_photo(&bytes, None).unwrap();
        assert_eq!(read.hooks.len(), sleeve.hooks.len(), "{name}");
        g.bench_function(format!("{name}: bytes to result"), |b| {
            b.iter(|| scan_photo(black_box(&bytes), None).unwrap())
        });
        g.bench_function(format!("{name}: bare JPEG decode"), |b| {
            b.iter(|| decode(black_box(&bytes)).unwrap())
        });
    }
    g.finish();
}

fn stages(c: &mut Criterion) {
    let (bytes, sleeve) = photo(12, 4032, 3024, 2600.0);
    let img = decode(&bytes).unwrap();
    let found = scan::find_card(&img).unwrap();
    let (refined, _) = scan::refine_corners(&img, found.candidates[0]).unwrap();
    let (upright, _) = neverland_sleeve_scan::laces::orient(&img, refined);
    let canon = scan::warp(&img, &homography(&upright));
    let result = scan_photo(&bytes, None).unwrap();
    assert_eq!(result.hooks.len(), sleeve.hooks.len());

    let mut g = c.benchmark_group("sleeve scan, 12 MP JPEG");
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    g.bench_function("end to end: bytes to result", |b| {
        b.iter(|| scan_photo(black_box(&bytes), None).unwrap())
    });
    g.bench_function("1 decode (JPEG, EXIF)", |b| {
        b.iter(|| decode(black_box(&bytes)).unwrap())
    });
    g.bench_function("2 find the card (reduced copy)", |b| {
        b.iter(|| scan::find_card(black_box(&img)).unwrap())
    });
    g.bench_function("3 refine the sides (sub-pixel)", |b| {
        b.iter(|| scan::refine_corners(black_box(&img), found.candidates[0]).unwrap())
    });
    g.bench_function("4 orient + warp to the canonical card", |b| {
        b.iter(|| {
            let (u, _) = neverland_sleeve_scan::laces::orient(&img, refined);
            scan::warp(&img, &homography(&u))
        })
    });
    g.bench_function("5 rings, dark areas, cross", |b| {
        b.iter(|| features::read(black_box(&canon)))
    });
    g.bench_function("app: the upright card for the holder (warp + JPEG)", |b| {
        b.iter(|| straighten::upright_jpeg(black_box(&img), &result.card.corners_px))
    });
    g.finish();
}

criterion_group!(benches, by_size, stages);
criterion_main!(benches);
