//! Tracing Pan's Island's board on a photo (My box): the owner picks a photo of their board in
//! the open dialog, taps its four corners, and gets it back straightened to the board's size
//! (the scanner's own homography and warp, `neverland_sleeve_scan::straighten::rectangle`); the
//! outline they then tap on it is in board millimetres and is saved as a box entry
//! (`BoxEntry::PansAccessible`), checked as the built-in board is.

use base64::Engine as _;
use image::RgbImage;
use serde::Serialize;
use ts_rs::TS;

use crate::error::{AppError, ErrorCode};
use crate::service::Companion;

/// The long side of the preview the owner taps the corners on, in pixels.
const PREVIEW_PX: u32 = 1200;
/// The long side of the straightened board, in pixels.
const BOARD_PX: f64 = 1000.0;

/// A board photo as the corner screen shows it: a preview (taps are fractions of its width and
/// height, so they hold for the photo itself) and the photo's size.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct BoardPhoto {
    /// A JPEG data URL.
    pub preview: String,
    pub width_px: u32,
    pub height_px: u32,
}

/// The board straightened: the image spans `(0, 0)`–`(w_mm, h_mm)` exactly, so a tap at
/// fractions `(fx, fy)` of it is at `(fx * w_mm, fy * h_mm)` on the board.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct StraightBoard {
    /// A JPEG data URL.
    pub image: String,
    pub w_mm: f64,
    pub h_mm: f64,
}

fn jpeg_url(img: &RgbImage) -> String {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(img)
        .expect("encoding to memory cannot fail");
    format!(
        "data:image/jpeg;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(out)
    )
}

fn photo_error(e: neverland_sleeve_scan::ScanError) -> AppError {
    crate::fail!(
        ErrorCode::PhotoUnreadable,
        "photo-unreadable",
        "this photo cannot be read: {why}",
        why = e
    )
}

/// The board's four corners (top-left, top-right, bottom-right, bottom-left) as fractions of the
/// photo, in photo pixels; anything else is refused.
fn corners_px(corners: &[[f64; 2]], img: &RgbImage) -> Result<[[f64; 2]; 4], AppError> {
    let c: [[f64; 2]; 4] = corners.try_into().map_err(|_| {
        crate::fail!(
            ErrorCode::InvalidInput,
            "board-corners",
            "tap the board's 4 corners, not {n}",
            n = corners.len()
        )
    })?;
    if c.iter()
        .flatten()
        .any(|v| !v.is_finite() || !(0.0..=1.0).contains(v))
    {
        return Err(crate::fail!(
            ErrorCode::InvalidInput,
            "board-corner-outside",
            "a corner is outside the photo"
        ));
    }
    let px = c.map(|[x, y]| [x * img.width() as f64, y * img.height() as f64]);
    // Four corners in order around a real quadrilateral: no three on one line, no crossing.
    let area = neverland_sleeve_scan::geom::polygon_area(&px).abs();
    let least = 0.01 * img.width() as f64 * img.height() as f64;
    let convex = (0..4).all(|i| {
        let [a, b, c] = [px[i], px[(i + 1) % 4], px[(i + 2) % 4]];
        (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) > 0.0
    });
    if area < least || !convex {
        return Err(crate::fail!(
            ErrorCode::InvalidInput,
            "board-corners-order",
            "tap the board's corners in order: top left, top right, bottom right, bottom left"
        ));
    }
    Ok(px)
}

impl Companion {
    fn board_photo_image(&self, path: &str) -> Result<RgbImage, AppError> {
        let bytes = self.read_photo(path)?;
        neverland_sleeve_scan::decode(&bytes).map_err(photo_error)
    }

    /// The photo the owner picked of their board, to tap its corners on.
    pub async fn board_photo_file(&self, path: String) -> Result<BoardPhoto, AppError> {
        let img = self.board_photo_image(&path)?;
        let (w, h) = (img.width(), img.height());
        let scale = (PREVIEW_PX as f64 / w.max(h) as f64).min(1.0);
        let preview = if scale < 1.0 {
            image::imageops::resize(
                &img,
                ((w as f64 * scale).round() as u32).max(1),
                ((h as f64 * scale).round() as u32).max(1),
                image::imageops::FilterType::Triangle,
            )
        } else {
            img
        };
        Ok(BoardPhoto {
            preview: jpeg_url(&preview),
            width_px: w,
            height_px: h,
        })
    }

    /// The board in the photo straightened to the size the owner's box gives it, from its four
    /// corners (fractions of the photo: top left, top right, bottom right, bottom left).
    pub async fn straighten_board_file(
        &self,
        path: String,
        corners: Vec<[f64; 2]>,
    ) -> Result<StraightBoard, AppError> {
        let img = self.board_photo_image(&path)?;
        let px = corners_px(&corners, &img)?;
        let (version, _) = self.current_box().await?;
        let board = &self.pans_content(version).await?.board;
        let (w_mm, h_mm) = (board.width, board.height);
        let scale = BOARD_PX / w_mm.max(h_mm);
        let flat = neverland_sleeve_scan::straighten::rectangle(&img, &px, (w_mm, h_mm), scale);
        Ok(StraightBoard {
            image: jpeg_url(&flat),
            w_mm,
            h_mm,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_must_be_four_in_order_inside_the_photo() {
        let img = RgbImage::new(400, 300);
        let good = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]];
        assert_eq!(corners_px(&good, &img).unwrap()[2], [360.0, 270.0]);
        let code = |c: &[[f64; 2]]| corners_px(c, &img).unwrap_err().detail.unwrap().code;
        assert_eq!(code(&good[..3]), "err.board-corners");
        assert_eq!(
            code(&[[0.1, 0.1], [1.2, 0.1], [0.9, 0.9], [0.1, 0.9]]),
            "err.board-corner-outside"
        );
        // Crossed (top right and bottom right swapped), and anticlockwise.
        assert_eq!(
            code(&[[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]]),
            "err.board-corners-order"
        );
        assert_eq!(
            code(&[[0.1, 0.1], [0.1, 0.9], [0.9, 0.9], [0.9, 0.1]]),
            "err.board-corners-order"
        );
    }
}
