//! `sleeve-debug SEED OUT.png [busy]`: renders the accuracy script's photo for SEED (1600 x
//! 1250, as `sleeve-score synth` draws it) for a person to look at, and prints its truth.
use neverland_sleeve_scan::synth::{render, scored_scene};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).is_some_and(|a| a == "canon") && args.len() > 3 {
        // `sleeve-debug canon PHOTO OUT.png`: the straightened card the features are read from.
        let bytes = std::fs::read(&args[2]).unwrap_or_default();
        let img = neverland_sleeve_scan::decode(&bytes).expect("a readable photo");
        let scan = neverland_sleeve_scan::scan_image(&img, None).expect("a card");
        let h = neverland_sleeve_scan::geom::homography(&scan.card.corners_px);
        let canon = neverland_sleeve_scan::scan::warp(&img, &h);
        canon.save(&args[3]).expect("written");
        if let Some(ink_out) = args.get(4) {
            // A fifth argument: the cross's ink mask over the card (black, blue, green as drawn).
            let reference = neverland_sleeve_scan::features::local_reference(&canon, 6.0);
            let wide = neverland_sleeve_scan::features::local_reference(&canon, 36.0);
            let dark = neverland_sleeve_scan::features::dark_mask(&canon, &wide);
            let ink = neverland_sleeve_scan::cross::ink_mask(&canon, &reference, &dark);
            let shown = image::RgbImage::from_fn(canon.width(), canon.height(), |x, y| {
                match ink.get_pixel(x, y)[0] {
                    1 => image::Rgb([0, 0, 0]),
                    2 => image::Rgb([0, 0, 255]),
                    3 => image::Rgb([0, 160, 0]),
                    _ if dark.get_pixel(x, y)[0] > 0 => image::Rgb([255, 200, 200]),
                    _ => image::Rgb([255, 255, 255]),
                }
            });
            shown.save(ink_out).expect("written");
        }
        println!("{}", serde_json::to_string(&scan).unwrap_or_default());
        return;
    }
    // A first word that is not a seed (a mistyped command) writes nothing: the second word may
    // be a photo that would be overwritten.
    let seed: u64 = match args.get(1).map(|s| s.parse()) {
        None => 1000,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("usage: sleeve-debug SEED OUT.png [busy]");
            eprintln!("       sleeve-debug canon PHOTO OUT.png [INK.png]");
            std::process::exit(2);
        }
    };
    let busy = args.get(3).is_some_and(|a| a == "busy");
    let (sleeve, shot) = scored_scene(seed, busy);
    let img = render(&sleeve, &shot);
    if let Err(e) = img.save(args.get(2).map(String::as_str).unwrap_or("debug.png")) {
        eprintln!("sleeve-debug: {e}");
        std::process::exit(2);
    }
    println!("{}", serde_json::json!({"shot": shot, "sleeve": sleeve}));
}
