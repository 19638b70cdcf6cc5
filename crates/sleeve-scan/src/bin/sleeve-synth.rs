//! `sleeve-synth SEED OUT.jpg [WIDTH HEIGHT [LONG_SIDE_PX]] [--no-cross]`: renders a synthetic
//! sleeve photo and prints its ground truth (the contract's JSON) on standard output.
//! `--no-cross` draws a fresh sleeve, with no cross on it (the contract allows it).

fn main() {
    let all: Vec<String> = std::env::args().collect();
    let no_cross = all.iter().any(|a| a == "--no-cross");
    let args: Vec<String> = all.into_iter().filter(|a| a != "--no-cross").collect();
    if args.len() < 3 {
        eprintln!("usage: sleeve-synth SEED OUT.jpg [WIDTH HEIGHT [LONG_SIDE_PX]] [--no-cross]");
        std::process::exit(2);
    }
    let num = |i: usize, d: f64| args.get(i).and_then(|a| a.parse::<f64>().ok()).unwrap_or(d);
    let seed: u64 = args[1].parse().unwrap_or_else(|_| {
        eprintln!("sleeve-synth: the seed must be a whole number");
        std::process::exit(2)
    });
    let (w, h) = (num(3, 2000.0) as u32, num(4, 1500.0) as u32);
    let mut rng = neverland_chance::Chance::from_seed(seed);
    let sleeve = neverland_sleeve_scan::synth::Sleeve::random(&mut rng, !no_cross);
    let shot = neverland_sleeve_scan::synth::Shot::random(&mut rng, w, h, num(5, 1100.0));
    let img = neverland_sleeve_scan::synth::render(&sleeve, &shot);
    let bytes = neverland_sleeve_scan::synth::jpeg(&img, 90);
    if let Err(e) = std::fs::write(&args[2], bytes) {
        eprintln!("sleeve-synth: cannot write {}: {e}", args[2]);
        std::process::exit(2);
    }
    println!("{}", neverland_sleeve_scan::synth::truth(&sleeve, &shot));
}
