//! `sleeve-debug SEED OUT.png`: renders the accuracy test's photo for SEED (1600 x 1250) for a
//! person to look at.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut rng = neverland_chance::Chance::from_seed(seed);
    let sleeve =
        neverland_sleeve_scan::synth::Sleeve::random(&mut rng, !(seed - 1000).is_multiple_of(7));
    let long = 1000.0 + rng.below(200) as f64;
    let shot = neverland_sleeve_scan::synth::Shot::random(&mut rng, 1600, 1250, long);
    let img = neverland_sleeve_scan::synth::render(&sleeve, &shot);
    if let Err(e) = img.save(args.get(2).map(String::as_str).unwrap_or("debug.png")) {
        eprintln!("sleeve-debug: {e}");
        std::process::exit(2);
    }
    println!("{}", serde_json::json!({"shot": shot, "sleeve": sleeve}));
}
