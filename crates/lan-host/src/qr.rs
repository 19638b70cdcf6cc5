//! The join address as a QR code, drawn as SVG for the host's invite screen.

use qrcode::QrCode;
use qrcode::render::svg;

use crate::error::LanError;

/// An SVG picture of `text` as a QR code (dark modules on light, with its quiet zone).
pub fn svg(text: &str) -> Result<String, LanError> {
    let code = QrCode::new(text.as_bytes())
        .map_err(|e| LanError::internal(format!("the address does not fit a QR code: {e}")))?;
    Ok(code
        .render::<svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_code_is_an_svg_picture() {
        let s = super::svg("http://192.168.1.20:41000/?join=abc").unwrap();
        assert!(
            s.starts_with("<?xml") || s.starts_with("<svg"),
            "{}",
            &s[..40]
        );
        assert!(s.contains("<svg") && s.contains("</svg>"));
    }
}
