//! The refusal a broken rule gives (the one shape of `neverland-refusal`): a code, its
//! parameters and the English reason, made by `why!`; a screen says it through
//! `warden.refusal.<code>`.

pub(crate) use neverland_refusal::why;
pub use neverland_refusal::{Refusal, refuse};
