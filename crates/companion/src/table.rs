//! Neverland's Legacy at the table: games on the full rules engine (`neverland_legacy::engine`).
//! A game row stores the pack, the seed and the set-up; its log holds the engine's commands (with
//! undo and redo appended, as for every game). Every answer is the state replayed from the log.

use neverland_legacy::engine::{self, Game, Phase};
use neverland_legacy::hints::Act;
use neverland_legacy::map::Map;
use neverland_legacy::position::Position;
use neverland_legacy::record::{self, GameRecord, RefusedStep};
use neverland_legacy::{FIRST_RULES_VERSION, Pack, RULES_VERSION, Scenario};
use neverland_store::{GameRow, NewGame};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{AppError, ErrorCode, Reason};
use crate::service::{Companion, legacy_pack_of};
use crate::summary::{GameSummary, parse_seed, summary};
use crate::table_screen::{self, BeforeSearch, Refused, SearchDrawn, TablePack};
use crate::timeline::{Entry, Timeline};

pub use neverland_legacy::engine::Command as TableCommand;

/// The saved-game kind of a Legacy table game.
pub const KIND_TABLE: &str = "legacy-table";

/// What the New game screen sends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NewLegacyTable {
    pub scenario: Scenario,
    /// 1 to 4 (solo plays two Characters).
    pub players: u8,
    /// Characters in turn order; empty for the pack's first ones.
    #[serde(default)]
    pub characters: Vec<String>,
    #[serde(default)]
    pub physical_threat_deck: bool,
    /// A whole number as text; empty or absent for a fresh one.
    #[ts(optional)]
    pub seed: Option<String>,
    /// A table to start from: a position file's text (`neverland-legacy-position/1`). Its
    /// Characters replace `players` and `characters`.
    #[ts(optional)]
    pub position: Option<String>,
}

/// What a table game's row keeps beside its seed: the set-up, the position it started from
/// when it was imported, and the rules version it was started with (absent in games saved before
/// versions were kept: those are version 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Stored {
    #[serde(flatten)]
    setup: engine::Setup,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<Position>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules_version: Option<u32>,
    /// The version of the owner's box the game started with (none: the built-in pack). The
    /// game replays with it for good, whatever is corrected later.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    box_version: Option<i64>,
}

/// A game saved under other rules whose log this app's rules refuse at some step: the table is
/// shown just before that step. The players go on from there (`legacy_table_go_on`, which sets
/// the refused step and the ones after it aside, still kept in the log) or export the whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ReplayNotice {
    /// The refused step (1 is the first command); the table stands after step `step - 1`.
    pub step: u32,
    pub command: TableCommand,
    /// The rules' reason, as the engine words it (in English).
    pub reason: String,
    /// The same reason as a code and parameters, for the screen to say in the players' words.
    pub why: Reason,
    /// How many commands going on would set aside (the refused one and those after it).
    pub set_aside: u32,
    /// The rules version the game was started with, and the one this app plays.
    pub started_with: u32,
    pub rules_version: u32,
}

/// The game before its first command: a fresh set-up, or the imported table.
fn start(pack: &Pack, map: &Map, stored: &Stored, seed: u64) -> Result<Game, engine::Refusal> {
    match &stored.position {
        Some(p) => Game::from_position(pack, map, p, seed),
        None => Game::new(pack, map, &stored.setup, seed),
    }
}

/// The next Enemy (or Named Enemy step) to activate and what it may do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PendingView {
    pub enemy: String,
    /// The priority line that applied ("2a", "4", "red-2" for a Named Enemy's step).
    pub priority: String,
    /// Ties are the players' choice; one option means no choice.
    pub options: Vec<Act>,
    /// How many activations are still queued after this one.
    pub queued: usize,
    /// The other Enemies still waiting that the players may activate next instead (RB 397: in
    /// whatever order the players choose); empty once the Named Enemies' steps begin.
    pub choices: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct TableHistoryItem {
    pub step: u32,
    pub command: TableCommand,
    /// Who did it: the active Character, or for an activation the Enemy that activated.
    pub by: String,
    /// The Search cards it drew, in order.
    pub searched: Vec<SearchDrawn>,
    /// The Threat card it drew (a draw, or the card said to come up from a physical deck).
    pub threat: Option<String>,
}

/// A Threat card's Discover diagram: where it puts tokens on the real table (each of the four
/// set-up cards, and the last Threat resolved, in the colour it resolved as).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SetupCard {
    pub card: String,
    pub colour: neverland_legacy::Colour,
    /// The Enemy kind of that colour the diagram places.
    pub kind: String,
    pub placements: Vec<neverland_legacy::pack::Placement>,
}

/// What the players lay out on the real table before the first turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SetupChecklist {
    pub cards: Vec<SetupCard>,
    /// Sizes of the Search deck's Hostage-free stacks: the first on top, the last at the bottom;
    /// the Hostage cards go in the third pile between them.
    pub search_stacks: Vec<u8>,
    /// Hostage cards shuffled into the third pile (one per seat).
    pub hostage_cards: Vec<String>,
    /// The Named Enemy sheet set aside until the last Hostage is found.
    pub set_aside: Vec<String>,
}

/// A Legacy table game as every screen sees it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct TableView {
    pub game: GameSummary,
    pub setup: engine::Setup,
    pub table: Position,
    /// Index into `table.characters` of the Character whose turn it is.
    pub active: usize,
    pub phase: Phase,
    pub turn: engine::Turn,
    /// The top Threat card while a controlled lookout shows it.
    pub peek: Option<String>,
    pub pending: Option<PendingView>,
    /// While the active Character takes Actions: every command the engine would accept now
    /// (the screen moves in one tap to a tile that is a legal Move, fights an Enemy in one tap).
    pub legal: Vec<TableCommand>,
    /// The legal commands that perform a Mandatory Action still owed this turn (the screen offers
    /// them first: the Actions cannot end while one of them is possible).
    pub mandatory: Vec<TableCommand>,
    /// What ending the Actions here will do (a controlled Location's ability), proposed on screen.
    pub end_of_turn: Option<engine::EndOfTurn>,
    /// The last Threat's Discover, for the table to place (shown until the next Threat).
    pub last_discover: Option<SetupCard>,
    /// Locations the Characters control now.
    pub controlled: Vec<String>,
    pub threat_deck: usize,
    /// With a physical deck: the cards still in it (sorted), to say which one was drawn.
    pub threat_cards_left: Vec<String>,
    pub threat_discard: Vec<String>,
    /// The four Threat cards whose diagrams were placed at set-up.
    pub setup_threats: Vec<String>,
    /// The set-up as a checklist for the real table.
    pub checklist: SetupChecklist,
    pub search_deck: usize,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Commands in force, newest first (up to the refused step, when there is one).
    pub history: Vec<TableHistoryItem>,
    /// Set when this app's rules refuse a step of the saved log: the game is shown up to it, and
    /// nothing but going on from there (or exporting) is accepted until the players choose.
    pub replay_notice: Option<ReplayNotice>,
    /// The pack's boards, links, Character sheets and Threat cards, for the screen to draw.
    pub pack: TablePack,
    /// Buttons the screen shows that the engine would refuse now, with its reason.
    pub refused: Vec<Refused>,
}

struct Loaded {
    row: neverland_store::GameRow,
    pack: &'static Pack,
    map: Map,
    setup: engine::Setup,
    stored: Stored,
    entries: usize,
    timeline: Timeline<TableCommand>,
    game: Game,
    /// Who made each command in force that replayed.
    by: Vec<String>,
    /// The first command in force that this app's rules refuse (the game stands before it).
    refused: Option<RefusedStep>,
    /// The Search cards each command in force drew.
    searched: Vec<Vec<SearchDrawn>>,
    /// The Threat card each command in force drew.
    threats: Vec<Option<String>>,
}

/// A Threat card's Discover diagram in the colour it resolves as (its printed one by default).
fn discover_card(
    pack: &Pack,
    id: &str,
    colour: Option<neverland_legacy::Colour>,
) -> Option<SetupCard> {
    let t = pack.threat_card(id)?;
    let colour = colour.or(t.colour)?;
    Some(SetupCard {
        card: id.to_owned(),
        colour,
        kind: pack
            .enemy_kinds
            .iter()
            .find(|k| k.colour == colour)
            .map(|k| k.id.clone())
            .unwrap_or_default(),
        placements: t.discover.clone(),
    })
}

fn checklist(pack: &Pack, g: &Game) -> SetupChecklist {
    let cards = g
        .setup_threats
        .iter()
        .filter_map(|id| discover_card(pack, id, None))
        .collect();
    SetupChecklist {
        cards,
        search_stacks: pack.setup.search_stacks.clone(),
        hostage_cards: pack
            .hostages
            .iter()
            .take(g.table.characters.len())
            .cloned()
            .collect(),
        set_aside: pack
            .named_enemies
            .iter()
            .filter(|n| n.set_aside)
            .map(|n| n.id.clone())
            .collect(),
    }
}

/// Who makes a command on this state: the Enemy whose activation it is, or the Character whose
/// turn it is (a colour change names its own Character).
fn actor(game: &Game, c: &TableCommand) -> String {
    match (c, &game.phase) {
        (TableCommand::Activate { .. }, Phase::Activations { queue, .. }) => match queue.first() {
            Some(engine::Pending::Enemy { id })
            | Some(engine::Pending::Named { id, .. })
            | Some(engine::Pending::After { id, .. }) => id.clone(),
            None => String::new(),
        },
        (TableCommand::ChangeColour { character, .. }, _) => character.clone(),
        (TableCommand::ChooseNext { enemy }, _) => enemy.clone(),
        _ => game.active_id().to_owned(),
    }
}

/// Refuses to change a game whose log these rules refuse at some step until the players have
/// chosen to go on from there.
fn replayed_in_full(loaded: &Loaded) -> Result<(), AppError> {
    match &loaded.refused {
        None => Ok(()),
        Some(r) => {
            // Said with the rules' own reason (`reason`, a `refusal.<code>`) inside.
            let mut e = crate::fail!(
                ErrorCode::IllegalCommand,
                "replayed_in_full",
                "step {step} of this game is not allowed by the rules of this version ({why}): \
                 go on from the step before it, or export the game, first",
                step = r.index + 1,
                why = r.reason
            );
            e.reason = Some(Reason::from(&r.refusal));
            Err(e)
        }
    }
}

/// What the players are told when these rules refuse a step of the saved log.
fn replay_notice(l: &Loaded) -> Option<ReplayNotice> {
    l.refused.as_ref().map(|r| ReplayNotice {
        step: r.index as u32 + 1,
        command: l.timeline.done[r.index].clone(),
        reason: r.reason.clone(),
        why: Reason::from(&r.refusal),
        set_aside: (l.timeline.done.len() - r.index) as u32,
        started_with: l.stored.rules_version.unwrap_or(FIRST_RULES_VERSION),
        rules_version: RULES_VERSION,
    })
}

/// The commands in force that replayed, newest first, each with who made it.
fn history(l: &Loaded) -> Vec<TableHistoryItem> {
    l.timeline
        .newest_first()
        .filter(|(step, _)| (*step as usize) <= l.by.len())
        .map(|(step, c)| TableHistoryItem {
            step,
            command: c.clone(),
            by: l.by[step as usize - 1].clone(),
            searched: l.searched[step as usize - 1].clone(),
            threat: l.threats[step as usize - 1].clone(),
        })
        .collect()
}

fn corrupt(game_id: i64, what: impl std::fmt::Display) -> AppError {
    crate::fail!(
        ErrorCode::DatabaseCorrupt,
        "game-unreadable",
        "game {game} cannot be read: {what}",
        game = game_id,
        what = what
    )
}

impl Companion {
    pub async fn new_legacy_table(&self, args: NewLegacyTable) -> Result<TableView, AppError> {
        let seed = match args.seed.as_deref().map(str::trim) {
            None | Some("") => self.fresh_seed(),
            Some(text) => parse_seed(text)?,
        };
        let (box_version, _) = self.current_box().await?;
        let pack = self.box_pack(args.scenario, box_version).await?;
        let map = Map::new(pack);
        let position = match args.position.as_deref() {
            None => None,
            Some(text) => {
                let p = Position::from_json(text)
                    .and_then(|p| p.validate(pack, &map).map(|_| p))
                    .map_err(|e| {
                        crate::fail!(
                            ErrorCode::InvalidInput,
                            "position-invalid",
                            "this table cannot be set up: {why}",
                            why = e
                        )
                    })?;
                if p.scenario != args.scenario {
                    return Err(crate::fail!(
                        ErrorCode::InvalidInput,
                        "position-scenario",
                        "the position is a {found} table, not {wanted}",
                        found = p.scenario,
                        wanted = args.scenario
                    ));
                }
                Some(p)
            }
        };
        let setup = match &position {
            Some(p) => engine::Setup {
                players: p.characters.len() as u8,
                characters: p.characters.iter().map(|c| c.id.clone()).collect(),
                physical_threat_deck: args.physical_threat_deck,
            },
            None => engine::Setup {
                players: args.players,
                characters: args.characters,
                physical_threat_deck: args.physical_threat_deck,
            },
        };
        let stored = Stored {
            setup,
            position,
            rules_version: Some(RULES_VERSION),
            box_version,
        };
        // Refused before anything is saved.
        let game = start(pack, &map, &stored, seed)
            .map_err(|e| AppError::refused(ErrorCode::IllegalCommand, e))?;
        let stored = Stored {
            setup: game.setup.clone(),
            ..stored
        };
        self.save_table(pack, seed, &stored, &[], Companion::table_status(&game))
            .await
    }

    /// A new table game row (with its log, for an imported game) in one transaction.
    async fn save_table(
        &self,
        pack: &Pack,
        seed: u64,
        stored: &Stored,
        log: &[serde_json::Value],
        status: &str,
    ) -> Result<TableView, AppError> {
        let setup = serde_json::to_string(stored).map_err(crate::error::unsaveable)?;
        let row = self
            .store()
            .create_game_with_log(
                NewGame {
                    kind: KIND_TABLE,
                    pack_id: &pack.id,
                    pack_version: pack.version,
                    seed,
                    title: &pack.name,
                    setup: &setup,
                },
                log,
                status,
            )
            .await?;
        self.legacy_table(row.id).await
    }

    async fn load_table(&self, game_id: i64) -> Result<Loaded, AppError> {
        let row = self
            .row_of_kind(game_id, KIND_TABLE, "a Neverland's Legacy table game")
            .await?;
        let stored: Stored = serde_json::from_str(&row.setup).map_err(|e| corrupt(game_id, e))?;
        let pack = legacy_pack_of(&row)?;
        let pack = self.box_pack(pack.scenario, stored.box_version).await?;
        let setup = stored.setup.clone();
        let entries: Vec<Entry<TableCommand>> = self.log(game_id).await?;
        let timeline = Timeline::fold(&entries);
        let map = Map::new(pack);
        let mut game = start(pack, &map, &stored, row.seed).map_err(|e| {
            let mut err = crate::fail!(
                ErrorCode::Content,
                "setup-refused",
                "game {game} no longer opens: its set-up is refused ({why})",
                game = game_id,
                why = e.text
            );
            err.reason = Some(Reason::from(&e));
            err
        })?;
        // Replayed step by step to know who made each command; a step these rules refuse stops
        // the replay there (a game saved under older rules), and the view says so.
        let mut by = Vec::with_capacity(timeline.done.len());
        let mut searched = Vec::with_capacity(timeline.done.len());
        let mut threats = Vec::with_capacity(timeline.done.len());
        let refused = record::replay_until_refused(
            &mut game,
            pack,
            &map,
            &timeline.done,
            |g, c| (actor(g, c), BeforeSearch::of(g)),
            |(who, before), g, c| {
                searched.push(before.drawn(pack, g, c, &who));
                threats.push(table_screen::threat_drawn(c, g));
                by.push(who);
            },
        );
        Ok(Loaded {
            row,
            pack,
            map,
            setup,
            stored,
            entries: entries.len(),
            timeline,
            game,
            by,
            refused,
            searched,
            threats,
        })
    }

    fn table_view(l: Loaded) -> TableView {
        let g = &l.game;
        let pending = g
            .pending_options(l.pack, &l.map)
            .and_then(|(priority, options)| {
                let Phase::Activations { queue, .. } = &g.phase else {
                    return None;
                };
                let enemy = match queue.first()? {
                    engine::Pending::Enemy { id }
                    | engine::Pending::Named { id, .. }
                    | engine::Pending::After { id, .. } => id.clone(),
                };
                Some(PendingView {
                    enemy,
                    priority,
                    options,
                    queued: queue.len() - 1,
                    choices: g.next_choices(),
                })
            });
        let controlled = l
            .map
            .names
            .iter()
            .filter(|n| g.controlled(n))
            .cloned()
            .collect();
        let replay_notice = replay_notice(&l);
        let history = history(&l);
        let legal = if matches!(g.phase, Phase::Actions) && replay_notice.is_none() {
            g.legal_commands(l.pack, &l.map)
        } else {
            vec![]
        };
        let refused = table_screen::refused(l.pack, &l.map, g, &legal);
        TableView {
            setup: l.setup.clone(),
            table: g.table.clone(),
            active: g.active,
            phase: g.phase.clone(),
            turn: g.turn.clone(),
            peek: g.peek().map(str::to_owned),
            pending,
            mandatory: legal
                .iter()
                .filter(|c| engine::action_of(c).is_some_and(|a| g.turn.mandatory.contains(&a)))
                .cloned()
                .collect(),
            end_of_turn: if matches!(g.phase, Phase::Actions) {
                g.end_of_turn_effect()
            } else {
                None
            },
            last_discover: g
                .last_discover
                .as_ref()
                .and_then(|(card, colour)| discover_card(l.pack, card, Some(*colour))),
            legal,
            controlled,
            threat_deck: g.threat_deck.len(),
            threat_cards_left: if l.setup.physical_threat_deck {
                let mut left = g.threat_deck.clone();
                left.sort();
                left
            } else {
                vec![]
            },
            threat_discard: g.threat_discard.clone(),
            setup_threats: g.setup_threats.clone(),
            checklist: checklist(l.pack, g),
            search_deck: g.search_deck.len(),
            can_undo: l.timeline.can_undo() && replay_notice.is_none(),
            can_redo: l.timeline.can_redo() && replay_notice.is_none(),
            history,
            replay_notice,
            pack: table_screen::table_pack(l.pack),
            refused,
            game: summary(l.row),
        }
    }

    pub async fn legacy_table(&self, game_id: i64) -> Result<TableView, AppError> {
        Ok(Companion::table_view(self.load_table(game_id).await?))
    }

    fn table_status(game: &Game) -> &'static str {
        match game.outcome() {
            None => "in-progress",
            Some(engine::Outcome::Won) => "won",
            Some(engine::Outcome::Lost { .. }) => "lost",
        }
    }

    async fn append_table(
        &self,
        loaded: &Loaded,
        entry: Entry<TableCommand>,
        next: &Game,
    ) -> Result<TableView, AppError> {
        let payload = serde_json::to_value(&entry).map_err(crate::error::unsaveable)?;
        self.store()
            .append(
                loaded.row.id,
                loaded.entries as i64,
                &payload,
                Companion::table_status(next),
            )
            .await?;
        self.legacy_table(loaded.row.id).await
    }

    /// Carries out a command: a refusal says why and stores nothing; an accepted command is on
    /// disk before the answer returns.
    pub async fn legacy_table_command(
        &self,
        game_id: i64,
        command: TableCommand,
    ) -> Result<TableView, AppError> {
        self.legacy_table_command_at(game_id, None, command).await
    }

    /// `legacy_table_command` made against the table of `since` steps (the stored log's length
    /// when the player decided): refused with `TableChanged` when the log has moved on; the
    /// store's append refuses too if another step lands between this load and the append.
    pub async fn legacy_table_command_at(
        &self,
        game_id: i64,
        since: Option<i64>,
        command: TableCommand,
    ) -> Result<TableView, AppError> {
        let loaded = self.load_table(game_id).await?;
        if let Some(n) = since.filter(|n| *n != loaded.entries as i64) {
            return Err(crate::error::table_changed(n, loaded.entries));
        }
        replayed_in_full(&loaded)?;
        let mut next = loaded.game.clone();
        next.apply(loaded.pack, &loaded.map, &command)
            .map_err(|e| AppError::refused(ErrorCode::IllegalCommand, e))?;
        self.append_table(&loaded, Entry::Command { command }, &next)
            .await
    }

    pub async fn legacy_table_undo(&self, game_id: i64) -> Result<TableView, AppError> {
        let loaded = self.load_table(game_id).await?;
        replayed_in_full(&loaded)?;
        if !loaded.timeline.can_undo() {
            return Err(crate::error::nothing_to_undo());
        }
        // The game one command shorter, for the status stored with the undo.
        let content = |e: engine::Refusal| AppError::refused(ErrorCode::Content, e);
        let done = &loaded.timeline.done[..loaded.timeline.done.len() - 1];
        let mut next =
            start(loaded.pack, &loaded.map, &loaded.stored, loaded.row.seed).map_err(content)?;
        for c in done {
            next.apply(loaded.pack, &loaded.map, c).map_err(content)?;
        }
        self.append_table(&loaded, Entry::Undo, &next).await
    }

    pub async fn legacy_table_redo(&self, game_id: i64) -> Result<TableView, AppError> {
        let loaded = self.load_table(game_id).await?;
        replayed_in_full(&loaded)?;
        let Some(c) = loaded.timeline.undone.last() else {
            return Err(crate::error::nothing_to_redo());
        };
        let mut next = loaded.game.clone();
        next.apply(loaded.pack, &loaded.map, c)
            .map_err(|e| AppError::refused(ErrorCode::Content, e))?;
        self.append_table(&loaded, Entry::Redo, &next).await
    }

    /// Goes on from the first step this app's rules refuse: that step and the ones after it are
    /// set aside by an appended log entry (the log keeps them: an export made before still has
    /// them), and the game continues from the table shown.
    pub async fn legacy_table_go_on(&self, game_id: i64) -> Result<TableView, AppError> {
        let loaded = self.load_table(game_id).await?;
        let Some(r) = &loaded.refused else {
            return Err(crate::fail!(
                ErrorCode::IllegalCommand,
                "nothing-to-set-aside",
                "every step of this game is allowed by these rules: there is nothing to set aside"
            ));
        };
        let keep = r.index as u32;
        self.append_table(&loaded, Entry::Truncate { keep }, &loaded.game)
            .await
    }

    /// A row for the Games screen: Legacy table games also say how many play and the turn
    /// (counted from the Morale Checks in force). A game that cannot be read is still listed.
    pub(crate) async fn listed(&self, row: GameRow) -> GameSummary {
        if row.kind != KIND_TABLE {
            return summary(row);
        }
        let players = serde_json::from_str::<Stored>(&row.setup)
            .ok()
            .map(|s| s.setup.players);
        let turn = match self.log::<TableCommand>(row.id).await {
            Ok(entries) => Some(
                Timeline::fold(&entries)
                    .done
                    .iter()
                    .filter(|c| matches!(c, TableCommand::MoraleCheck))
                    .count()
                    .max(1) as u32,
            ),
            Err(_) => None,
        };
        GameSummary {
            players,
            turn,
            ..summary(row)
        }
    }

    /// The whole game as a file (`neverland-legacy-game/1`): seed, set-up and the commands in
    /// force, for export.
    pub async fn legacy_table_record(&self, game_id: i64) -> Result<String, AppError> {
        let loaded = self.load_table(game_id).await?;
        let owner_box = match loaded.stored.box_version {
            None => None,
            Some(v) => {
                let body = self.store().box_version(v).await?.body;
                Some(serde_json::from_str(&body).map_err(crate::error::unsaveable)?)
            }
        };
        Ok(GameRecord {
            format: record::FORMAT.into(),
            scenario: loaded.pack.scenario,
            seed: loaded.row.seed.to_string(),
            setup: loaded.setup.clone(),
            position: loaded.stored.position.clone(),
            rules_version: loaded.stored.rules_version,
            owner_box,
            log: loaded.timeline.done.clone(),
        }
        .to_json())
    }

    /// A whole game file made a saved game. It is replayed in full first: a file that does not
    /// replay names the field or the step and saves nothing; a good one lands in one transaction.
    pub async fn import_legacy_record(&self, text: String) -> Result<TableView, AppError> {
        let invalid = |e: record::RecordError| {
            crate::fail!(
                ErrorCode::InvalidInput,
                "game-file-bad",
                "this game file cannot be opened: {field}: {why}",
                field = e.path,
                why = e.reason
            )
        };
        let r = GameRecord::from_json(&text).map_err(invalid)?;
        let box_version = self.box_of_record(&r).await?;
        let pack = self.box_pack(r.scenario, box_version).await?;
        let map = Map::new(pack);
        // A file from older rules opens up to the first step these rules refuse, as a saved game
        // does; a file of these rules must replay in full.
        let game = if r.rules_version() < RULES_VERSION {
            r.replay_partly(pack, &map).map_err(invalid)?.0
        } else {
            r.replay(pack, &map).map_err(invalid)?
        };
        let seed = r.seed().map_err(invalid)?;
        let log = r
            .log
            .iter()
            .map(|command| {
                serde_json::to_value(Entry::Command {
                    command: command.clone(),
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(crate::error::unsaveable)?;
        let stored = Stored {
            setup: r.setup,
            position: r.position,
            rules_version: r.rules_version,
            box_version,
        };
        self.save_table(pack, seed, &stored, &log, Companion::table_status(&game))
            .await
    }

    /// The version of this database's box a whole-game file was played with: none for the
    /// built-in pack; else the stored version with exactly the file's box. A box this database
    /// does not hold is refused (a version number means nothing in another database, and storing
    /// the file's box would make it the owner's current box): import that box first.
    async fn box_of_record(&self, r: &GameRecord) -> Result<Option<i64>, AppError> {
        let Some(owner_box) = &r.owner_box else {
            return Ok(None);
        };
        let file = crate::owner_box::BoxFile::from_json(&owner_box.to_string())?;
        file.check()?;
        match self.store().find_box(&file.to_json()).await? {
            Some(v) => Ok(Some(v)),
            None => Err(crate::fail!(
                ErrorCode::InvalidInput,
                "game-box-missing",
                "this game was played with {n} correction(s) to the built-in cards that this app's box does not hold: import this same file in My box first (it takes the box out of it), then the game",
                n = file.entries.len()
            )),
        }
    }

    /// The table as a position file (`neverland-legacy-position/1`), for export.
    pub async fn legacy_table_position(&self, game_id: i64) -> Result<String, AppError> {
        let loaded = self.load_table(game_id).await?;
        serde_json::to_string_pretty(&loaded.game.table).map_err(crate::error::unsaveable)
    }

    /// What each Threat colour would cost for the drawn card waiting to be resolved (the Destiny
    /// advisor, `neverland_legacy::advice`): a query over the replayed game that stores nothing
    /// and never reads the order of the decks.
    pub async fn legacy_table_advice(&self, game_id: i64) -> Result<ThreatAdvice, AppError> {
        let loaded = self.load_table(game_id).await?;
        let budget = neverland_legacy::advice::Budget::default();
        neverland_legacy::advice::advise(loaded.pack, &loaded.map, &loaded.game, None, budget)
            .map_err(|e| crate::fail!(ErrorCode::IllegalCommand, "no-advice", "{why}", why = e.0))
    }
}

/// The Destiny advisor's answer, as the table screen receives it.
pub type ThreatAdvice = neverland_legacy::advice::Advice;
