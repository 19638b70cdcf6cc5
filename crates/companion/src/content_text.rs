//! The content packs' names and texts in other languages: data in `assets/i18n/<lang>/<content>.json`,
//! one file per pack, keyed by the pack's own ids and fields, checked against the built-in content
//! (every content id, entry id and field must exist there; an error names the file and the field),
//! and handed to the UI by `content_text`, so no screen keeps its own copy of a pack.
//!
//! A file looks like `{"content": "pans-island-events", "language": "fr", "note": "…",
//! "entries": {"thick-fog": {"name": "Brouillard épais"}}}`. English is the packs themselves.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use neverland_pans_island::content::Events;
use neverland_warden::tables::Tables;

use crate::error::AppError;
use crate::packs::legacy_packs;
use crate::service::Companion;

/// content id → entry id → field → text.
pub type Texts = BTreeMap<String, BTreeMap<String, BTreeMap<String, String>>>;

/// The translation files compiled into the app, as (file, text).
pub const BUILTIN: [(&str, &str); 5] = [
    (
        "assets/i18n/fr/lost-allies.json",
        include_str!("../../../assets/i18n/fr/lost-allies.json"),
    ),
    (
        "assets/i18n/fr/pirates.json",
        include_str!("../../../assets/i18n/fr/pirates.json"),
    ),
    (
        "assets/i18n/fr/pans-island-events.json",
        include_str!("../../../assets/i18n/fr/pans-island-events.json"),
    ),
    (
        "assets/i18n/fr/warden-scars.json",
        include_str!("../../../assets/i18n/fr/warden-scars.json"),
    ),
    (
        "assets/i18n/fr/warden-reactions.json",
        include_str!("../../../assets/i18n/fr/warden-reactions.json"),
    ),
];

/// The names and texts of every built-in pack in one language (English: the packs' own).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ContentText {
    pub language: String,
    /// content id → entry id → field → text; an entry or field missing here is shown in English.
    pub texts: Texts,
}

/// A translation file that does not fit the content it translates.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {field}: {reason}")]
pub struct ContentTextError {
    pub file: String,
    pub field: String,
    pub reason: String,
}

fn put(texts: &mut Texts, content: &str, id: &str, field: &str, text: &str) {
    texts
        .entry(content.into())
        .or_default()
        .entry(id.into())
        .or_default()
        .insert(field.into(), text.into());
}

/// The English names and texts a translation may replace, from the built-in content.
pub fn english() -> Result<Texts, AppError> {
    let mut t = Texts::new();
    for p in legacy_packs()? {
        put(&mut t, &p.id, &p.id, "name", &p.name);
        for c in &p.characters {
            put(&mut t, &p.id, &c.id, "name", &c.name);
        }
        for n in &p.named_enemies {
            put(&mut t, &p.id, &n.id, "name", &n.name);
        }
    }
    let events = Events::builtin();
    for e in &events.events {
        put(&mut t, &events.id, &e.id, "name", &e.name);
    }
    let tables = Tables::builtin();
    for r in &tables.scars {
        put(&mut t, "warden-scars", &r.id, "name", &r.name);
        put(&mut t, "warden-scars", &r.id, "text", &r.text);
        put(&mut t, "warden-scars", &r.id, "when", &r.when);
    }
    for r in &tables.reactions {
        put(&mut t, "warden-reactions", &r.id, "name", &r.name);
        put(&mut t, "warden-reactions", &r.id, "text", &r.text);
    }
    Ok(t)
}

/// Reads one translation file and checks it against `english`: (language, content id, entries).
pub fn parse(file: &str, text: &str, english: &Texts) -> Result<(String, Texts), ContentTextError> {
    let fail = |field: &str, reason: String| ContentTextError {
        file: file.into(),
        field: field.into(),
        reason,
    };
    let root: Value = serde_json::from_str(text).map_err(|e| fail("(file)", e.to_string()))?;
    let obj = root
        .as_object()
        .ok_or_else(|| fail("(file)", "not a JSON object".into()))?;
    for key in obj.keys() {
        if !["content", "language", "note", "entries"].contains(&key.as_str()) {
            return Err(fail(key, "unknown field".into()));
        }
    }
    let string = |key: &str| -> Result<String, ContentTextError> {
        obj.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.trim().is_empty())
            .map(str::to_string)
            .ok_or_else(|| fail(key, "missing or not a non-empty string".into()))
    };
    let content = string("content")?;
    let language = string("language")?;
    if language == "en" {
        return Err(fail("language", "English is the packs themselves".into()));
    }
    let known = english
        .get(&content)
        .ok_or_else(|| fail("content", format!("no built-in content {content:?}")))?;
    let entries = obj
        .get("entries")
        .and_then(Value::as_object)
        .ok_or_else(|| fail("entries", "missing or not an object".into()))?;
    let mut out = Texts::new();
    for (id, fields) in entries {
        let here = format!("entries.{id}");
        let known_fields = known
            .get(id)
            .ok_or_else(|| fail(&here, format!("{content} has no entry {id:?}")))?;
        let fields = fields
            .as_object()
            .ok_or_else(|| fail(&here, "not an object".into()))?;
        for (field, value) in fields {
            let at = format!("{here}.{field}");
            if !known_fields.contains_key(field) {
                return Err(fail(
                    &at,
                    format!("{id} has no translatable field {field:?}"),
                ));
            }
            let value = value
                .as_str()
                .filter(|s| !s.trim().is_empty())
                .ok_or_else(|| fail(&at, "not a non-empty string".into()))?;
            put(&mut out, &content, id, field, value);
        }
    }
    Ok((language, out))
}

/// Every built-in translation, checked: language → texts.
pub fn builtin() -> Result<&'static BTreeMap<String, Texts>, AppError> {
    static ALL: OnceLock<Result<BTreeMap<String, Texts>, AppError>> = OnceLock::new();
    ALL.get_or_init(|| {
        let english = english()?;
        let mut all: BTreeMap<String, Texts> = BTreeMap::new();
        for (file, text) in BUILTIN {
            let (language, texts) = parse(file, text, &english)
                .map_err(|e| crate::error::content_error(&e.file, &e.field, e.to_string()))?;
            let into = all.entry(language).or_default();
            for (content, entries) in texts {
                into.entry(content).or_default().extend(entries);
            }
        }
        Ok(all)
    })
    .as_ref()
    .map_err(Clone::clone)
}

impl Companion {
    /// The packs' names and texts in `language` ("en", "fr"); a language without a file gets
    /// empty texts, and the screens keep the English of the view.
    pub async fn content_text(&self, language: String) -> Result<ContentText, AppError> {
        let texts = if language == "en" {
            english()?
        } else {
            builtin()?.get(&language).cloned().unwrap_or_default()
        };
        Ok(ContentText { language, texts })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_translation_fits_its_pack_and_french_covers_every_text() {
        let english = english().unwrap();
        let all = builtin().unwrap();
        let fr = &all["fr"];
        let mut missing = Vec::new();
        for (content, entries) in &english {
            for (id, fields) in entries {
                for field in fields.keys() {
                    if fr
                        .get(content)
                        .and_then(|e| e.get(id))
                        .and_then(|f| f.get(field))
                        .is_none()
                    {
                        missing.push(format!("{content}/{id}/{field}"));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "French misses: {missing:?}");
    }

    fn check(text: &str) -> ContentTextError {
        parse("assets/i18n/xx/test.json", text, &english().unwrap()).unwrap_err()
    }

    #[test]
    fn a_broken_file_is_refused_naming_file_and_field() {
        let e = check(
            r#"{"content":"pans-island-events","language":"fr","entries":{"no-such":{"name":"x"}}}"#,
        );
        assert_eq!(
            (e.file.as_str(), e.field.as_str()),
            ("assets/i18n/xx/test.json", "entries.no-such")
        );
        let e = check(
            r#"{"content":"pans-island-events","language":"fr","entries":{"thick-fog":{"colour":"x"}}}"#,
        );
        assert_eq!(e.field, "entries.thick-fog.colour");
        let e = check(
            r#"{"content":"pans-island-events","language":"fr","entries":{"thick-fog":{"name":""}}}"#,
        );
        assert_eq!(e.field, "entries.thick-fog.name");
        let e = check(r#"{"content":"nope","language":"fr","entries":{}}"#);
        assert_eq!(e.field, "content");
        let e = check(r#"{"content":"pirates","language":"fr","entries":{},"extra":1}"#);
        assert_eq!(e.field, "extra");
        let e = check(r#"{"content":"pirates","entries":{}}"#);
        assert_eq!(e.field, "language");
        assert!(
            e.to_string()
                .starts_with("assets/i18n/xx/test.json: language:")
        );
    }

    #[tokio::test]
    async fn the_service_answers_english_french_and_an_unknown_language() {
        let dir = tempfile::tempdir().unwrap();
        let c = Companion::open(dir.path().join("games.db"), || 7)
            .await
            .unwrap();
        let en = c.content_text("en".into()).await.unwrap();
        assert_eq!(
            en.texts["pans-island-events"]["thick-fog"]["name"],
            "Thick Fog"
        );
        let fr = c.content_text("fr".into()).await.unwrap();
        assert_eq!(
            fr.texts["pans-island-events"]["thick-fog"]["name"],
            "Brouillard épais"
        );
        assert_eq!(
            fr.texts["lost-allies"]["tinker-bell"]["name"],
            "Fée Clochette"
        );
        assert!(c.content_text("xx".into()).await.unwrap().texts.is_empty());
    }
}
