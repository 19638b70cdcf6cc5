//! Reading a Pan's Island sleeve from a photo (`../shared/spec/sleeve-photo.md`), as a pure
//! crate: bytes in, card millimetres out. It decodes once (EXIF orientation applied, limits
//! checked before any pixel buffer is allocated). `synth` renders synthetic sleeve photos with
//! their ground truth, for the tests and for anyone calibrating the scanner.

pub mod decode;
pub mod synth;

pub use decode::{MAX_BYTES, MAX_PIXELS, ScanError, decode};
