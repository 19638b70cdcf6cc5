//! Why an engine refused a command, in the one shape all three engines share (Legacy, Pan's
//! Island, the Warden's rules): a code a screen's translation table has a line for, the reason's
//! parameters by name (ids and numbers, never display names), and the same reason in English for
//! the command line and the logs. The state is unchanged whenever one is returned. `why!` makes
//! one; each engine prefixes the code with its own table (`refusal.`, `pans.refusal.`,
//! `warden.refusal.`) when the companion passes it on.

use serde::Serialize;

/// Why a command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{text}")]
pub struct Refusal {
    /// Names the reason ("not-adjacent").
    pub code: &'static str,
    /// The reason's parameters by name.
    pub args: Vec<(&'static str, String)>,
    /// The reason in English.
    pub text: String,
}

/// A [`Refusal`] with its code, its English text (a `format!` string) and its named parameters,
/// each used in the text: `why!("not-adjacent", "{to} is not adjacent to {here}", to = to, here = here)`.
#[macro_export]
macro_rules! why {
    ($code:literal, $text:literal $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::Refusal {
            code: $code,
            args: vec![$((stringify!($k), ($v).to_string())),*],
            text: format!($text $(, $k = $v)*),
        }
    };
}

/// `Err(why)`, for a refusal returned from a function that answers something else.
pub fn refuse<T>(why: Refusal) -> Result<T, Refusal> {
    Err(why)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_carries_its_code_parameters_and_text() {
        let (to, here) = ("deck", "hold");
        let r = why!(
            "not-adjacent",
            "{to} is not adjacent to {here}",
            to = to,
            here = here
        );
        assert_eq!(r.code, "not-adjacent");
        assert_eq!(
            r.args,
            vec![("to", "deck".to_owned()), ("here", "hold".to_owned())]
        );
        assert_eq!(r.to_string(), "deck is not adjacent to hold");
        assert_eq!(refuse::<()>(r.clone()), Err(r));
    }
}
