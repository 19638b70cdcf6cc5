//! The refusal a broken rule gives: a code, its parameters and the English reason, made by
//! `why!`.

use serde::Serialize;

/// Why a command was refused: a code a screen's translation table has a line for
/// (`warden.refusal.<code>`), its parameters by name, and the reason in English (`reason`) for
/// the command line and the logs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    pub code: &'static str,
    pub args: Vec<(&'static str, String)>,
    pub reason: String,
}

/// A [`Refusal`] with its code, its English text (a `format!` string) and its named parameters,
/// each used in the text: `why!("dead", "{name} is dead", name = c.name)`.
macro_rules! why {
    ($code:literal, $text:literal $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::refusal::Refusal {
            code: $code,
            args: vec![$((stringify!($k), ($v).to_string())),*],
            reason: format!($text $(, $k = $v)*),
        }
    };
}
pub(crate) use why;

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

pub fn refuse<T>(why: Refusal) -> Result<T, Refusal> {
    Err(why)
}
