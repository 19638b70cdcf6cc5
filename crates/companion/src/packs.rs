//! The built-in content packs, compiled in from `assets/` and validated on first use.

use std::sync::OnceLock;

use neverland_legacy::{Pack, PackError, Scenario};

use neverland_legacy::pack::BUILTIN as LEGACY;

/// Parses every built-in Legacy pack (once per process).
pub fn legacy_packs() -> Result<&'static [Pack], PackError> {
    static PACKS: OnceLock<Result<Vec<Pack>, PackError>> = OnceLock::new();
    PACKS
        .get_or_init(|| {
            LEGACY
                .iter()
                .map(|(file, text)| Pack::from_json(file, text))
                .collect()
        })
        .as_ref()
        .map(|v| v.as_slice())
        .map_err(Clone::clone)
}

/// The built-in pack of a scenario.
pub fn legacy_pack(scenario: Scenario) -> Result<&'static Pack, PackError> {
    legacy_packs()?
        .iter()
        .find(|p| p.scenario == scenario)
        .ok_or_else(|| PackError {
            file: "assets/legacy".into(),
            path: "scenario".into(),
            reason: format!("no built-in pack for {scenario}"),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_packs_are_valid_and_cover_both_scenarios() {
        let packs = legacy_packs().unwrap();
        assert_eq!(packs.len(), 2);
        for sc in Scenario::ALL {
            let p = legacy_pack(sc).unwrap();
            assert_eq!(p.id, sc.id());
            assert_eq!(p.characters.len(), 4);
        }
    }
}
