//! The "My box" screen's commands: what the box holds with each entry's standing (printed in
//! the rulebook, our guess, or checked by the owner), saving or forgetting one correction (each
//! a new version), and export / import of the whole box as a file.

use neverland_legacy::pack::{NamedEnemySheet, SearchCard, Source, ThreatCard};
use neverland_legacy::{Pack, Scenario};
use neverland_pans_island::board::Source as PansSource;
use neverland_pans_island::content::{Event, VisionCard};
use serde::Serialize;
use ts_rs::TS;

use crate::error::AppError;
use crate::owner_box::{
    BoxEntry, BoxFile, Template, legacy_pack_with, pans_content_with, stored_box,
};
use crate::service::Companion;
use crate::table_screen::{TablePack, table_pack};

/// Where an entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// Printed in the rulebook.
    Rulebook,
    /// Our default: "our guess — check against your card".
    Guess,
    /// Checked or corrected by the owner.
    Owner,
}

fn standing(s: Source) -> Standing {
    match s {
        Source::Rulebook => Standing::Rulebook,
        Source::Authored => Standing::Guess,
        Source::Owner => Standing::Owner,
    }
}

fn pans_standing(v: &serde_json::Value) -> Standing {
    match v["source"].as_str() {
        Some("rulebook") => Standing::Rulebook,
        Some("owner") => Standing::Owner,
        _ => Standing::Guess,
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ThreatEntry {
    pub card: ThreatCard,
    pub standing: Standing,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SearchEntry {
    pub card: SearchCard,
    pub standing: Standing,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct NamedEntry {
    pub sheet: NamedEnemySheet,
    pub standing: Standing,
}

/// One scenario's pack with the box applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LegacyBox {
    pub scenario: Scenario,
    /// The boards (for tapping a Discover diagram's Locations), kinds and their colours.
    pub table: TablePack,
    pub hostages: Vec<String>,
    pub threat_cards: Vec<ThreatEntry>,
    pub search_cards: Vec<SearchEntry>,
    pub named_enemies: Vec<NamedEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct TemplateEntry {
    pub template: Template,
    pub mm: f64,
    pub standing: Standing,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct VisionEntry {
    pub card: VisionCard,
    pub standing: Standing,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct EventEntry {
    pub event: Event,
    pub standing: Standing,
}

/// Pan's Island with the box applied.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct PansBox {
    pub w_mm: f64,
    pub h_mm: f64,
    pub size_standing: Standing,
    /// The accessible area's outlines in board millimetres, and whether the owner traced them.
    pub accessible: Vec<Vec<[f64; 2]>>,
    pub accessible_standing: Standing,
    pub templates: Vec<TemplateEntry>,
    pub visions: Vec<VisionEntry>,
    pub events: Vec<EventEntry>,
}

/// The whole box as the screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct BoxView {
    /// The version new games start with; none while the owner has corrected nothing.
    pub version: Option<i64>,
    pub entries: Vec<BoxEntry>,
    pub legacy: Vec<LegacyBox>,
    pub pans: PansBox,
}

fn legacy_box(pack: &Pack) -> LegacyBox {
    LegacyBox {
        scenario: pack.scenario,
        table: table_pack(pack),
        hostages: pack.hostages.clone(),
        threat_cards: pack
            .threat_cards
            .iter()
            .map(|c| ThreatEntry {
                card: c.clone(),
                standing: standing(c.source),
            })
            .collect(),
        search_cards: pack
            .search_cards
            .iter()
            .map(|c| SearchEntry {
                card: c.clone(),
                standing: standing(c.source),
            })
            .collect(),
        named_enemies: pack
            .named_enemies
            .iter()
            .map(|s| NamedEntry {
                sheet: s.clone(),
                standing: standing(s.source),
            })
            .collect(),
    }
}

fn box_view(version: Option<i64>, file: BoxFile) -> Result<BoxView, AppError> {
    let legacy = Scenario::ALL
        .into_iter()
        .map(|sc| legacy_pack_with(sc, &file.entries).map(|p| legacy_box(&p)))
        .collect::<Result<Vec<_>, _>>()?;
    let pans = pans_content_with(&file.entries)
        .map_err(|e| crate::error::content_error(&e.file, &e.path, e.to_string()))?;
    let [board, _, _] = &pans.json;
    let in_box = |id: &str| {
        file.entries
            .iter()
            .any(|e| matches!(e, BoxEntry::Vision { card } if card.id == id))
    };
    Ok(BoxView {
        version,
        pans: PansBox {
            w_mm: pans.board.width,
            h_mm: pans.board.height,
            size_standing: pans_standing(&board["size_mm"]),
            accessible: pans
                .board
                .accessible
                .iter()
                .map(|p| p.0.iter().map(|q| [q.x, q.y]).collect())
                .collect(),
            accessible_standing: pans_standing(&board["accessible"]),
            templates: Template::ALL
                .into_iter()
                .map(|t| TemplateEntry {
                    template: t,
                    mm: board[t.field()]["value"].as_f64().unwrap_or(0.0),
                    standing: pans_standing(&board[t.field()]),
                })
                .collect(),
            // The Vision faces are all our default (the rulebook prints counts, not faces).
            visions: pans
                .visions
                .cards
                .iter()
                .map(|c| VisionEntry {
                    card: c.clone(),
                    standing: if in_box(&c.id) {
                        Standing::Owner
                    } else {
                        Standing::Guess
                    },
                })
                .collect(),
            events: pans
                .events
                .events
                .iter()
                .map(|e| EventEntry {
                    event: e.clone(),
                    standing: match e.source {
                        PansSource::Rulebook => Standing::Rulebook,
                        PansSource::Authored => Standing::Guess,
                        PansSource::Owner => Standing::Owner,
                    },
                })
                .collect(),
        },
        entries: file.entries,
        legacy,
    })
}

impl Companion {
    /// The box new games start with: its version and entries (none: the built-in content).
    pub(crate) async fn current_box(&self) -> Result<(Option<i64>, BoxFile), AppError> {
        match self.store().latest_box().await? {
            None => Ok((None, BoxFile::new(vec![]))),
            Some(v) => Ok((Some(v.version), stored_box(&v.body)?)),
        }
    }

    /// A scenario's pack with a stored version of the box (none: the built-in pack).
    pub(crate) async fn box_pack(
        &self,
        scenario: Scenario,
        version: Option<i64>,
    ) -> Result<&'static Pack, AppError> {
        match version {
            None => Ok(crate::packs::legacy_pack(scenario)?),
            Some(v) => {
                let stored = self.store().box_version(v).await?;
                crate::owner_box::cached_legacy_pack(scenario, &stored.body)
            }
        }
    }

    /// Pan's Island's content with a stored version of the box (none: the built-in files).
    pub(crate) async fn pans_content(
        &self,
        version: Option<i64>,
    ) -> Result<&'static crate::owner_box::PansContent, AppError> {
        match version {
            None => crate::owner_box::cached_pans_content(None),
            Some(v) => {
                let stored = self.store().box_version(v).await?;
                crate::owner_box::cached_pans_content(Some(&stored.body))
            }
        }
    }

    pub async fn my_box(&self) -> Result<BoxView, AppError> {
        let (version, file) = self.current_box().await?;
        box_view(version, file)
    }

    /// Stores `file` as a new version once it passes every check; nothing is stored otherwise.
    async fn save_box(&self, file: BoxFile) -> Result<BoxView, AppError> {
        file.check()?;
        let version = self.store().save_box(&file.to_json()).await?;
        box_view(Some(version), file)
    }

    /// One correction (or a confirmation: the entry as it stands), as a new version of the box.
    pub async fn save_box_entry(&self, entry: BoxEntry) -> Result<BoxView, AppError> {
        let (_, file) = self.current_box().await?;
        self.save_box(file.with(entry)).await
    }

    /// Back to our default for what `entry` corrects, as a new version of the box.
    pub async fn forget_box_entry(&self, entry: BoxEntry) -> Result<BoxView, AppError> {
        let (_, file) = self.current_box().await?;
        self.save_box(file.without(&entry)).await
    }

    /// The current box as a file (`neverland-box/1`), to share with a friend.
    pub async fn export_box(&self) -> Result<String, AppError> {
        Ok(self.current_box().await?.1.to_json())
    }

    /// A box file made the current box (a new version) once it passes every check. A whole-game
    /// file played with a box (`owner_box`) gives that box, so its game can be imported next.
    pub async fn import_box(&self, text: String) -> Result<BoxView, AppError> {
        let game_box = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .filter(|v| v["format"] == neverland_legacy::record::FORMAT)
            .and_then(|v| v.get("owner_box").cloned());
        match game_box {
            Some(b) => self.save_box(BoxFile::from_json(&b.to_string())?).await,
            None => self.save_box(BoxFile::from_json(&text)?).await,
        }
    }
}
