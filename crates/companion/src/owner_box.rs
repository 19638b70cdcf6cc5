//! The owner's box: their corrections to the built-in content, so the app plays with the cards
//! in their box. A box is a list of whole entries (a Threat card, a Search card, a Named Enemy
//! sheet, a Vision card, an Event, Pan's Island's board size or a template), each replacing the
//! built-in entry with the same id. It is applied over the built-in JSON and the result goes
//! through the very parsers and checks the built-in packs go through, so a wrong correction is
//! refused with the same kind of error (where, which field, why) and nothing is stored.
//!
//! Every save is a new version in the store; a game records the version it started with and
//! replays with that version for good (`box_version` in its set-up).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use neverland_legacy::pack::{BUILTIN, NamedEnemySheet, SearchCard, ThreatCard};
use neverland_legacy::{Pack, PackError, Scenario};
use neverland_pans_island::board::{Board, BoardError};
use neverland_pans_island::content::Events;
use neverland_pans_island::content::{EVENTS_JSON, Event, VISIONS_JSON, VisionCard, Visions};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::error::{AppError, ErrorCode};

/// The format line of an exported box file.
pub const BOX_FORMAT: &str = "neverland-box/1";
/// How errors name the box (it is a screen and a file, not one of `assets/`).
const BOX_NAME: &str = "My box";

/// Pan's Island's template measures an owner may correct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Template {
    MovementTemplateMm,
    TinkerBellBonusMm,
    ObservationInnerRadiusMm,
    ObservationOuterRadiusMm,
}

impl Template {
    pub const ALL: [Template; 4] = [
        Template::MovementTemplateMm,
        Template::TinkerBellBonusMm,
        Template::ObservationInnerRadiusMm,
        Template::ObservationOuterRadiusMm,
    ];

    /// The field of `board.json` it replaces.
    pub fn field(self) -> &'static str {
        match self {
            Template::MovementTemplateMm => "movement_template_mm",
            Template::TinkerBellBonusMm => "tinker_bell_bonus_mm",
            Template::ObservationInnerRadiusMm => "observation_inner_radius_mm",
            Template::ObservationOuterRadiusMm => "observation_outer_radius_mm",
        }
    }
}

/// One correction: the whole entry as the owner's card reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum BoxEntry {
    Threat {
        scenario: Scenario,
        card: ThreatCard,
    },
    Search {
        scenario: Scenario,
        card: SearchCard,
    },
    Named {
        scenario: Scenario,
        sheet: NamedEnemySheet,
    },
    PansBoardSize {
        w_mm: f64,
        h_mm: f64,
    },
    PansTemplate {
        template: Template,
        mm: f64,
    },
    /// The board's accessible area as the owner traced it on a photo of their board, in board
    /// millimetres (one or more outlines).
    PansAccessible {
        polygons: Vec<Vec<[f64; 2]>>,
    },
    Vision {
        card: VisionCard,
    },
    Event {
        event: Event,
    },
}

impl BoxEntry {
    /// What the entry corrects: a second correction of the same thing replaces the first.
    fn key(&self) -> String {
        match self {
            BoxEntry::Threat { scenario, card } => format!("threat/{scenario}/{}", card.id),
            BoxEntry::Search { scenario, card } => format!("search/{scenario}/{}", card.id),
            BoxEntry::Named { scenario, sheet } => format!("named/{scenario}/{}", sheet.id),
            BoxEntry::PansBoardSize { .. } => "pans-board-size".into(),
            BoxEntry::PansAccessible { .. } => "pans-accessible".into(),
            BoxEntry::PansTemplate { template, .. } => {
                format!("pans-template/{}", template.field())
            }
            BoxEntry::Vision { card } => format!("vision/{}", card.id),
            BoxEntry::Event { event } => format!("event/{}", event.id),
        }
    }
}

/// A box as it is stored and exported (`neverland-box/1`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct BoxFile {
    pub format: String,
    pub entries: Vec<BoxEntry>,
}

impl BoxFile {
    pub fn new(entries: Vec<BoxEntry>) -> BoxFile {
        BoxFile {
            format: BOX_FORMAT.into(),
            entries,
        }
    }

    /// Reads a box file; an error names the field and the reason.
    pub fn from_json(text: &str) -> Result<BoxFile, AppError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let file: BoxFile = serde_path_to_error::deserialize(de).map_err(|e| {
            crate::fail!(
                ErrorCode::InvalidInput,
                "box-file-bad",
                "this box file cannot be read: {field}: {why}",
                field = e.path(),
                why = e.inner()
            )
        })?;
        if file.format != BOX_FORMAT {
            return Err(crate::fail!(
                ErrorCode::InvalidInput,
                "box-file-format",
                "this box file cannot be read: format: {found} is not {wanted}",
                found = format!("{:?}", file.format),
                wanted = format!("{BOX_FORMAT:?}")
            ));
        }
        Ok(file)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a box serialises")
    }

    /// Every check the built-in content goes through, on the content with this box applied; and
    /// no two entries correct the same thing.
    pub fn check(&self) -> Result<(), AppError> {
        let mut seen = HashMap::new();
        for (i, e) in self.entries.iter().enumerate() {
            if let Some(j) = seen.insert(e.key(), i) {
                return Err(crate::fail!(
                    ErrorCode::InvalidInput,
                    "box-twice",
                    "{file}: entries[{i}]: corrects the same thing as entries[{j}]",
                    file = BOX_NAME,
                    i = i,
                    j = j
                ));
            }
        }
        for sc in Scenario::ALL {
            legacy_pack_with(sc, &self.entries).map_err(|e| refused(&e.file, &e.path, e.reason))?;
        }
        pans_content_with(&self.entries).map_err(|e| refused(&e.file, &e.path, e.reason))?;
        Ok(())
    }

    /// This box with `entry` added, replacing any earlier correction of the same thing.
    pub fn with(&self, entry: BoxEntry) -> BoxFile {
        let key = entry.key();
        let mut entries: Vec<BoxEntry> = self
            .entries
            .iter()
            .filter(|e| e.key() != key)
            .cloned()
            .collect();
        entries.push(entry);
        BoxFile::new(entries)
    }

    /// This box without the correction of what `entry` corrects (back to our default).
    pub fn without(&self, entry: &BoxEntry) -> BoxFile {
        let key = entry.key();
        BoxFile::new(
            self.entries
                .iter()
                .filter(|e| e.key() != key)
                .cloned()
                .collect(),
        )
    }
}

/// A box refused by a check: which file and field; the check's reason in the English message.
fn refused(file: &str, field: &str, why: String) -> AppError {
    crate::fail!(
        ErrorCode::InvalidInput,
        "box-check",
        "{file}: {field}: {why}",
        file = file,
        field = field,
        why = why
    )
}

/// `entry` as JSON, marked as the owner's.
fn owned<T: Serialize>(entry: &T) -> Value {
    let mut v = serde_json::to_value(entry).expect("content serialises");
    if let Some(o) = v.as_object_mut() {
        o.insert("source".into(), "owner".into());
    }
    v
}

/// Replaces the element of `list` whose `id` is `id`; false when there is none.
fn replace_by_id(list: &mut Value, id: &str, with: Value) -> bool {
    let Some(items) = list.as_array_mut() else {
        return false;
    };
    match items.iter_mut().find(|x| x["id"] == id) {
        Some(slot) => {
            *slot = with;
            true
        }
        None => false,
    }
}

fn no_such(i: usize, field: &str, what: String) -> (String, String) {
    (
        format!("entries[{i}].{field}.id"),
        format!("{what} is not in the box's content"),
    )
}

/// A scenario's built-in pack with the box's corrections of it, checked as a pack.
pub fn legacy_pack_with(scenario: Scenario, entries: &[BoxEntry]) -> Result<Pack, PackError> {
    let (_, text) = BUILTIN[match scenario {
        Scenario::LostAllies => 0,
        Scenario::Pirates => 1,
    }];
    let mut v: Value = serde_json::from_str(text).expect("the built-in packs are JSON (tested)");
    for (i, e) in entries.iter().enumerate() {
        let (list, field, id, json) = match e {
            BoxEntry::Threat { scenario: s, card } if *s == scenario => {
                ("threat_cards", "card", &card.id, owned(card))
            }
            BoxEntry::Search { scenario: s, card } if *s == scenario => {
                ("search_cards", "card", &card.id, owned(card))
            }
            BoxEntry::Named { scenario: s, sheet } if *s == scenario => {
                ("named_enemies", "sheet", &sheet.id, owned(sheet))
            }
            _ => continue,
        };
        if !replace_by_id(&mut v[list], id, json) {
            let (path, reason) = no_such(i, field, format!("{list} {id:?} of {scenario}"));
            return Err(PackError {
                file: BOX_NAME.into(),
                path,
                reason,
            });
        }
    }
    Pack::from_json(&format!("{BOX_NAME} ({scenario})"), &v.to_string())
}

/// Pan's Island's content with a box applied.
#[derive(Debug, Clone)]
pub struct PansContent {
    pub board: Board,
    pub visions: Visions,
    pub events: Events,
    /// The board, Vision and Event files as JSON after the box (for the My box screen).
    pub(crate) json: [Value; 3],
}

/// Pan's Island's board, Vision cards and Events with the box's corrections, each checked as
/// the built-in file is.
pub fn pans_content_with(entries: &[BoxEntry]) -> Result<PansContent, BoardError> {
    let parse = |t: &str| -> Value { serde_json::from_str(t).expect("built-in files are JSON") };
    let (mut board, mut visions, mut events) = (
        parse(neverland_pans_island::board::BUILTIN),
        parse(VISIONS_JSON),
        parse(EVENTS_JSON),
    );
    for (i, e) in entries.iter().enumerate() {
        let missing = match e {
            BoxEntry::PansBoardSize { w_mm, h_mm } => {
                board["size_mm"] = serde_json::json!({"w": w_mm, "h": h_mm, "source": "owner"});
                None
            }
            BoxEntry::PansTemplate { template, mm } => {
                board[template.field()] = serde_json::json!({"value": mm, "source": "owner"});
                None
            }
            BoxEntry::PansAccessible { polygons } => {
                board["accessible"] = serde_json::json!({"polygons": polygons, "source": "owner"});
                None
            }
            BoxEntry::Vision { card } => {
                let json = serde_json::to_value(card).expect("content serialises");
                (!replace_by_id(&mut visions["cards"], &card.id, json))
                    .then(|| no_such(i, "card", format!("Vision card {:?}", card.id)))
            }
            BoxEntry::Event { event } => {
                (!replace_by_id(&mut events["events"], &event.id, owned(event)))
                    .then(|| no_such(i, "event", format!("Event {:?}", event.id)))
            }
            _ => None,
        };
        if let Some((path, reason)) = missing {
            return Err(BoardError {
                file: BOX_NAME.into(),
                path,
                reason,
            });
        }
    }
    Ok(PansContent {
        board: Board::from_json(&format!("{BOX_NAME} (board)"), &board.to_string())?,
        visions: Visions::from_json(&format!("{BOX_NAME} (Vision cards)"), &visions.to_string())?,
        events: Events::from_json(&format!("{BOX_NAME} (Events)"), &events.to_string())?,
        json: [board, visions, events],
    })
}

/// A box's pack for a scenario, parsed once per process for each box text (a stored version
/// never changes, so its pack never does). Games of every saved version can stay open at once.
pub(crate) fn cached_legacy_pack(
    scenario: Scenario,
    body: &str,
) -> Result<&'static Pack, AppError> {
    type Cache = Mutex<HashMap<(Scenario, String), &'static Pack>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (scenario, body.to_owned());
    if let Some(p) = cache.lock().expect("cache lock").get(&key) {
        return Ok(p);
    }
    let file = stored_box(body)?;
    let pack = legacy_pack_with(scenario, &file.entries)?;
    let pack: &'static Pack = Box::leak(Box::new(pack));
    cache.lock().expect("cache lock").insert(key, pack);
    Ok(pack)
}

/// Pan's Island's content with a stored box (none: the built-in files), parsed once per process
/// for each box text, like [`cached_legacy_pack`].
pub(crate) fn cached_pans_content(body: Option<&str>) -> Result<&'static PansContent, AppError> {
    type Cache = Mutex<HashMap<Option<String>, &'static PansContent>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = body.map(str::to_owned);
    if let Some(c) = cache.lock().expect("cache lock").get(&key) {
        return Ok(c);
    }
    let entries = match body {
        Some(b) => stored_box(b)?.entries,
        None => vec![],
    };
    let content = pans_content_with(&entries)
        .map_err(|e| crate::error::content_error(&e.file, &e.path, e.to_string()))?;
    let content: &'static PansContent = Box::leak(Box::new(content));
    cache.lock().expect("cache lock").insert(key, content);
    Ok(content)
}

/// A stored box; one the store holds that cannot be read makes the database corrupt.
pub(crate) fn stored_box(body: &str) -> Result<BoxFile, AppError> {
    BoxFile::from_json(body).map_err(|e| {
        crate::fail!(
            ErrorCode::DatabaseCorrupt,
            "stored-box-unreadable",
            "a stored version of your box cannot be read: {why}",
            why = e.message
        )
    })
}
