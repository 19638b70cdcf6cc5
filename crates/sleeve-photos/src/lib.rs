//! A second, independent generator of sleeve photos for the Pan's Island sleeve scanner, written
//! from the contract text alone (`sleeve-photo.md`, version 1) and apart from the scanner and
//! its own generator: its own drawing code (signed-distance anti-aliased shapes in card
//! millimetres, warped into the photo through a homography) and its own parameter ranges, drawn
//! across the contract's full limits and including their ends.
//!
//! Each seed gives one photo and its ground truth in the contract's output shape (card corners
//! in the shown photo's pixels in contract order, Hook rings in card mm with their hidden flags,
//! dark areas, the cross or null).
//!
//! # Splits
//!
//! * seeds `0..=9_999`: the **tuning** split. Use these while developing the scanner.
//! * seeds `1_000_000..`: the **held-out** split. Never look at these while tuning; score them
//!   only at the end of a change, and report them separately.
//! * every other seed is unassigned (free for experiments, counted in neither split).
//!
//! # Contents (all within the contract's limits)
//!
//! * Card art: parchment, green, blue and brown washes, coastlines, thin grids (sometimes
//!   parallel to the card's edges), a printed frame line just inside the border (a decoy
//!   outline), solid and dashed roads, dots, icons, text-like strokes and
//!   compass roses whose thin rings fall inside the Hook rings' radius range; never red; nothing
//!   within 1 mm of the edge (the unprinted border is 1–3 mm).
//! * 2–4 near-black dark areas 8–30 mm across (quadrilaterals and star-shaped polygons, some
//!   pushed into corners or against the laces, some slid to exactly 1 mm from the edge).
//! * The laces triangle; 3–8 Hook rings (radius 2.5–5 mm, stroke 0.4–0.8 mm, some hidden, some
//!   only partly over a dark area, some 0.2 mm from a neighbour); a blue, green or black cross
//!   three times in four.
//! * Camera: 1–13 megapixels (4032 × 3024 one time in seven), card long sides ≥ 1,000 px, any
//!   rotation, perspective up to 12% per corner and axis, wood, cloth, checked cloth and grey
//!   tables, light fall-off up to 30%, vignetting, one glare patch aimed at a ring, the cross or
//!   the card, focus blur up to σ 3.5 px and motion blur up to 9 px (per 4,000 px), noise up to
//!   2.5%, JPEG quality 75–100 or PNG, EXIF orientation tags 1–8 (or none).
//!
//! # Readings where the contract leaves a choice (this generator's, not the scanner's)
//!
//! * Dark areas keep 1 mm from one another and 0.3 mm from the laces (they never merge or
//!   cover the laces); the cross's ink keeps the contract's 1 mm from both.
//! * Ring and cross ink lie wholly on the card, 0.5 mm inside its rounded outline; rings'
//!   ink is at least 0.2 mm apart ("never touching"); a ring may run over the laces or part of
//!   a dark area while its centre stays 1 mm clear of their edges.
//! * Marks are never darker than 28% luminance ("light map art"), so only dark areas, the
//!   laces and black marker ink are darker.
//! * Blur limits scale with the photo's long side (σ 3.5 px and 9 px at 4,000 px); vignetting
//!   takes up to 35% at the photo's corners; the glare patch whitens by up to 60% at its
//!   middle; the fall-off of up to 30% runs across the card in any direction.
//! * The card is drawn into a texture of up to 32 texels per mm, then sampled through the
//!   homography, so the sharpest photos of the largest cards are very slightly soft.

pub mod art;
pub mod bad;
pub mod geom;
pub mod output;
pub mod photo;
pub mod post;
pub mod preview;
pub mod raster;
pub mod rng;
pub mod scene;
pub mod table;

use image::RgbImage;
use serde_json::{Value, json};

pub use output::{Truth, encode, truth};
use photo::{Camera, Format, expose, sample_camera};
use rng::Draw;
use scene::{Scene, sample_scene};

/// Which split a seed belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    Tuning,
    HeldOut,
    Unassigned,
}

pub const TUNING: std::ops::RangeInclusive<u64> = 0..=9_999;
pub const HELD_OUT_FROM: u64 = 1_000_000;

pub fn split(seed: u64) -> Split {
    if TUNING.contains(&seed) {
        Split::Tuning
    } else if seed >= HELD_OUT_FROM {
        Split::HeldOut
    } else {
        Split::Unassigned
    }
}

/// The sleeve and the camera for a seed, without rendering (cheap).
pub fn plan(seed: u64) -> (Scene, Camera) {
    let scene = sample_scene(&mut Draw::new(seed, rng::CARD));
    let camera = sample_camera(&mut Draw::new(seed, rng::CAMERA), &scene);
    (scene, camera)
}

/// A rendered photo as shown (EXIF orientation applied) with what made it.
pub struct Photo {
    pub seed: u64,
    pub scene: Scene,
    pub camera: Camera,
    pub shown: RgbImage,
}

impl Photo {
    pub fn truth(&self) -> Truth {
        truth(&self.scene, &self.camera)
    }

    /// The file's bytes in the camera's format (or `format` when given).
    pub fn file(&self, format: Option<Format>) -> Vec<u8> {
        let big_endian = self.seed % 2 == 1;
        encode(
            &self.shown,
            format.unwrap_or(self.camera.format),
            self.camera.exif,
            big_endian,
        )
    }
}

/// Renders the photo for a seed.
pub fn generate(seed: u64) -> Photo {
    let (scene, camera) = plan(seed);
    let shown = develop(Some(&scene), &camera, seed);
    Photo {
        seed,
        scene,
        camera,
        shown,
    }
}

/// Exposes, blurs, adds noise and rounds to 8 bits.
pub fn develop(scene: Option<&Scene>, cam: &Camera, seed: u64) -> RgbImage {
    let (w, h) = (cam.width as usize, cam.height as usize);
    let mut buf = expose(scene, cam);
    post::focus_blur(&mut buf, w, h, cam.focus_sigma);
    post::motion_blur(&mut buf, w, h, cam.motion_len, cam.motion_angle);
    post::add_noise(&mut buf, cam.noise, Draw::new(seed, rng::TEXTURE).key());
    RgbImage::from_raw(cam.width, cam.height, post::to_bytes(&buf))
        .expect("buffer matches the size")
}

/// What made a photo, for reading a scanner's failures (not part of the truth).
pub fn meta(seed: u64, scene: &Scene, cam: &Camera) -> Value {
    json!({
        "seed": seed,
        "split": format!("{:?}", split(seed)),
        "size": [cam.width, cam.height],
        "format": match cam.format { Format::Jpeg(q) => format!("jpeg q{q}"), Format::Png => "png".into() },
        "exif_orientation": cam.exif,
        "table": cam.table.kind(),
        "falloff": cam.falloff,
        "vignette": cam.vignette,
        "glare": {"over": cam.glare.over, "strength": cam.glare.strength, "radius_px": cam.glare.radius},
        "focus_sigma_px": cam.focus_sigma,
        "motion_px": cam.motion_len,
        "noise": cam.noise,
        "rings": scene.rings.len(),
        "hidden_rings": scene.rings.iter().filter(|r| r.hidden).count(),
        "dark_areas": scene.dark.len(),
        "ring_strokes_mm": scene.rings.iter().map(|r| r.w).collect::<Vec<_>>(),
        "cross_ink": scene.cross.as_ref().map(|c| c.ink),
        "art": {"border_mm": scene.art.border, "marks": scene.art.marks.len(), "grid": scene.art.grid.is_some(), "coast": scene.art.coast.is_some()},
    })
}
