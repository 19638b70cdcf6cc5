//! Synthetic sleeve photos (placeholder, filled in below).
