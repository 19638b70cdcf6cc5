//! A 12 MP (4032 x 3024) sleeve photo as a phone takes it, JPEG quality 90: each stage and the
//! whole read from bytes to result.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use neverland_chance::Chance;
use neverland_sleeve_scan::geom::homography;
use neverland_sleeve_scan::synth::{Shot, Sleeve, jpeg, render};
use neverland_sleeve_scan::{decode, features, scan, scan_photo};

fn bench(c: &mut Criterion) {
    let mut rng = Chance::from_seed(12);
    let sleeve = Sleeve::random(&mut rng, true);
    let shot = Shot::random(&mut rng, 4032, 3024, 2600.0);
    let bytes = jpeg(&render(&sleeve, &shot), 90);
    let img = decode(&bytes).unwrap();
    let found = scan::find_card(&img).unwrap();
    let (refined, _) = scan::refine_corners(&img, found.candidates[0]).unwrap();
    let (upright, _) = neverland_sleeve_scan::laces::orient(&img, refined);
    let canon = scan::warp(&img, &homography(&upright));
    let result = scan_photo(&bytes, None).unwrap();
    assert_eq!(result.hooks.len(), sleeve.hooks.len());

    let mut g = c.benchmark_group("sleeve scan, 12 MP JPEG");
    g.sample_size(20);
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
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
