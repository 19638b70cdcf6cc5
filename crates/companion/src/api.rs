//! The boundary between the UI and the Rust side: the payload types and the command table.
//!
//! [`for_each_command!`](crate::for_each_command) is the single list of commands. The Tauri shell
//! expands it into its handlers; this module expands it into the TypeScript wrappers in
//! `ui/src/lib/bindings.ts`. A test regenerates that file and fails when the committed copy is
//! stale (`UPDATE_BINDINGS=1 cargo test -p neverland-companion` rewrites it).

use ts_rs::{Config, TS};

use neverland_legacy::morale_tracker::TrackerCharacter;
use neverland_legacy::{ActionId, MoraleRoll, MoraleTracker, Scenario, Stone, TurnPlan};

use crate::error::{AppError, ErrorCode};
pub use crate::pans::SleeveScan;
pub use crate::summary::{GameSummary, parse_seed};

/// Every command the UI can call, once. Each line: name, arguments, what it answers.
#[macro_export]
macro_rules! for_each_command {
    ($m:ident) => {
        $m! {
            list_games() -> Vec<$crate::api::GameSummary>;
            new_morale_tracker(args: $crate::morale_tracker::NewMoraleTracker) -> $crate::morale_tracker::MoraleView;
            morale_tracker(game_id: i64) -> $crate::morale_tracker::MoraleView;
            morale_command(game_id: i64, command: $crate::morale_tracker::MoraleCommand) -> $crate::morale_tracker::MoraleView;
            morale_undo(game_id: i64) -> $crate::morale_tracker::MoraleView;
            morale_redo(game_id: i64) -> $crate::morale_tracker::MoraleView;
            delete_game(game_id: i64) -> ();
            pans_board(game_id: Option<i64>) -> $crate::pans::BoardView;
            new_campaign(seed: Option<String>) -> $crate::pans::CampaignView;
            campaign(campaign_id: i64) -> $crate::pans::CampaignView;
            new_pans_game(args: $crate::pans::NewPansGame) -> $crate::pans::PansView;
            pans_game(game_id: i64) -> $crate::pans::PansView;
            pans_claim_seat(game_id: i64, player: usize) -> $crate::pans_seat::SeatPass;
            pans_hand(game_id: i64, seat: $crate::pans_seat::SeatPass) -> $crate::pans::PansHand;
            pans_reveal(game_id: i64) -> Vec<$crate::pans_seat::RevealedSleeve>;
            pans_command(game_id: i64, command: $crate::pans::PansCommand) -> $crate::pans::PansView;
            set_sleeve(game_id: i64, player: usize, sleeve: $crate::pans::CardSleeve) -> $crate::pans::PansView;
            pans_undo(game_id: i64) -> $crate::pans::PansView;
            pans_redo(game_id: i64) -> $crate::pans::PansView;
            scan_sleeve(photo_base64: String, corners: Option<Vec<[f64; 2]>>) -> $crate::api::SleeveScan;
            new_legacy_table(args: $crate::table::NewLegacyTable) -> $crate::table::TableView;
            legacy_table(game_id: i64) -> $crate::table::TableView;
            legacy_table_command(game_id: i64, command: $crate::table::TableCommand) -> $crate::table::TableView;
            legacy_table_undo(game_id: i64) -> $crate::table::TableView;
            legacy_table_redo(game_id: i64) -> $crate::table::TableView;
            legacy_table_go_on(game_id: i64) -> $crate::table::TableView;
            legacy_table_position(game_id: i64) -> String;
            legacy_table_record(game_id: i64) -> String;
            legacy_table_advice(game_id: i64) -> $crate::table::ThreatAdvice;
            legacy_balance() -> Vec<$crate::balance::BalanceRow>;
            import_legacy_record(text: String) -> $crate::table::TableView;
            warden_tables() -> $crate::warden::WardenTables;
            content_text(language: String) -> $crate::content_text::ContentText;
            new_warden_campaign(args: $crate::warden::NewWardenCampaign) -> $crate::warden::WardenView;
            warden_campaign(game_id: i64) -> $crate::warden::WardenView;
            warden_command(game_id: i64, command: $crate::warden::WardenCommand) -> $crate::warden::WardenView;
            warden_undo(game_id: i64) -> $crate::warden::WardenView;
            warden_redo(game_id: i64) -> $crate::warden::WardenView;
            my_box() -> $crate::my_box::BoxView;
            save_box_entry(entry: $crate::owner_box::BoxEntry) -> $crate::my_box::BoxView;
            forget_box_entry(entry: $crate::owner_box::BoxEntry) -> $crate::my_box::BoxView;
            export_box() -> String;
            import_box(text: String) -> $crate::my_box::BoxView;
            export_box_file(path: String) -> ();
            import_box_file(path: String) -> $crate::my_box::BoxView;
            export_game_file(game_id: i64, path: String) -> ();
            export_position_file(game_id: i64, path: String) -> ();
            import_game_file(path: String) -> $crate::table::TableView;
            list_backups() -> Vec<$crate::backups::BackupInfo>;
            restore_backup(name: String) -> Vec<$crate::backups::BackupInfo>;
            board_photo_file(path: String) -> $crate::board_trace::BoardPhoto;
            straighten_board_file(path: String, corners: Vec<[f64; 2]>) -> $crate::board_trace::StraightBoard;
        }
    };
}

/// Commands the shell answers itself, beside the table: `pick_file(save, name)` opens the
/// platform's save or open dialog and lets the picked path through to the file commands
/// (`ui/src/lib/api.ts` has its wrapper).
pub const SHELL_COMMANDS: &[&str] = &["pick_file"];

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut up = false;
    for ch in snake.chars() {
        if ch == '_' {
            up = true;
        } else if up {
            out.extend(ch.to_uppercase());
            up = false;
        } else {
            out.push(ch);
        }
    }
    out
}

macro_rules! ts_commands {
    ($( $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty ;)*) => {
        /// The TypeScript wrapper of every command, in table order.
        fn typescript_commands(cfg: &Config) -> String {
            let mut out = String::new();
            $(
                let params: Vec<String> = vec![$(format!("{}: {}", camel(stringify!($arg)), <$ty as TS>::name(cfg))),*];
                let keys: Vec<String> = vec![$(camel(stringify!($arg))),*];
                let args = if keys.is_empty() { String::new() } else { format!(", {{ {} }}", keys.join(", ")) };
                out.push_str(&format!(
                    "    {}: ({}): Promise<{}> => invoke(\"{}\"{}),\n",
                    camel(stringify!($name)),
                    params.join(", "),
                    <$ret as TS>::name(cfg),
                    stringify!($name),
                    args,
                ));
            )*
            out
        }

        /// The command names, in table order (the shell's tests check each is registered).
        pub const COMMAND_NAMES: &[&str] = &[$(stringify!($name)),*];
    };
}
for_each_command!(ts_commands);

macro_rules! decls {
    ($cfg:expr, $($t:ty),* $(,)?) => {{
        let mut out = String::new();
        $( out.push_str("export "); out.push_str(&<$t as TS>::decl($cfg)); out.push_str("\n\n"); )*
        out
    }};
}

/// The whole of `ui/src/lib/bindings.ts`.
pub fn typescript_bindings() -> String {
    let cfg = Config::new().with_large_int("number");
    let types = decls!(
        &cfg,
        Scenario,
        Stone,
        ActionId,
        TurnPlan,
        MoraleRoll,
        TrackerCharacter,
        MoraleTracker,
        crate::morale_tracker::MoraleCommand,
        GameSummary,
        crate::morale_tracker::NewMoraleTracker,
        crate::morale_tracker::MoraleHistoryItem,
        crate::morale_tracker::MoraleView,
        ErrorCode,
        crate::error::Reason,
        AppError,
        neverland_pans_island::heroes::Hero,
        neverland_pans_island::game::Setup,
        neverland_pans_island::game::Xy,
        neverland_pans_island::game::Ring,
        neverland_pans_island::game::Target,
        neverland_pans_island::content::Pile,
        neverland_pans_island::content::Back,
        crate::pans::PansCommand,
        neverland_pans_island::game::Outcome,
        neverland_pans_island::game::Phase,
        neverland_pans_island::game::GaugeCard,
        neverland_pans_island::game::Drawn,
        neverland_pans_island::game::Verdict,
        neverland_pans_island::game::PileView,
        neverland_pans_island::game::PlayerPublic,
        neverland_pans_island::game::PublicView,
        neverland_pans_island::game::SleeveInput,
        crate::pans::NewPansGame,
        crate::pans::CardSleeve,
        crate::pans::PansStep,
        crate::pans_seat::SeatPass,
        crate::pans_seat::RevealedSleeve,
        neverland_pans_island::check::Within,
        crate::pans::PansHistoryItem,
        crate::pans::PansView,
        crate::pans::BoardView,
        crate::pans::PansHand,
        crate::pans::SetupDiscards,
        neverland_legacy::position::CharacterAt,
        neverland_legacy::position::EnemyAt,
        neverland_legacy::position::NamedAt,
        neverland_legacy::position::HostageAt,
        neverland_legacy::position::Position,
        neverland_legacy::hints::Act,
        neverland_legacy::pack::Item,
        neverland_legacy::pack::Colour,
        neverland_legacy::engine::Setup,
        neverland_legacy::engine::Command,
        neverland_legacy::engine::Loss,
        neverland_legacy::engine::Outcome,
        neverland_legacy::engine::Pending,
        neverland_legacy::engine::Phase,
        neverland_legacy::engine::Turn,
        neverland_legacy::engine::EndOfTurn,
        crate::table::NewLegacyTable,
        neverland_legacy::pack::Placement,
        crate::table::SetupCard,
        crate::table::SetupChecklist,
        crate::table::PendingView,
        crate::table::TableHistoryItem,
        crate::table::ReplayNotice,
        crate::table::TableView,
        neverland_legacy::advice::Route,
        neverland_legacy::advice::LossChance,
        neverland_legacy::advice::CharacterCost,
        neverland_legacy::advice::HostageCost,
        neverland_legacy::advice::Cost,
        neverland_legacy::advice::ColourAdvice,
        neverland_legacy::advice::Advice,
        neverland_legacy::pack::Source,
        neverland_legacy::pack::SheetAbility,
        crate::table_screen::CharacterCard,
        neverland_legacy::pack::SearchEffect,
        neverland_legacy::pack::ThreatEffect,
        crate::table_screen::TableBoard,
        crate::table_screen::ThreatCardView,
        crate::table_screen::TablePack,
        crate::table_screen::SearchDrawn,
        crate::table_screen::Refused,
        neverland_pans_island::board::Source,
        neverland_pans_island::content::EventKind,
        neverland_pans_island::content::Effect,
        neverland_pans_island::content::Event,
        neverland_pans_island::campaign::Special,
        neverland_pans_island::campaign::GameRecord,
        crate::pans::CampaignGame,
        crate::pans::CampaignView,
        neverland_sleeve_scan::scan::Card,
        neverland_sleeve_scan::scan::Hook,
        neverland_sleeve_scan::scan::CrossAt,
        neverland_sleeve_scan::scan::Confidence,
        neverland_sleeve_scan::scan::Doubt,
        neverland_sleeve_scan::scan::Scan,
        SleeveScan,
        neverland_warden::dice::Die,
        neverland_warden::dice::Face,
        neverland_warden::dice::Roll,
        neverland_warden::creature::Kind,
        neverland_warden::creature::Ability,
        neverland_warden::creature::Score,
        neverland_warden::creature::Place,
        neverland_warden::creature::Item,
        neverland_warden::creature::Conditions,
        neverland_warden::creature::PendingScar,
        neverland_warden::creature::Creature,
        neverland_warden::creature::NewCreature,
        neverland_warden::attack::Mode,
        neverland_warden::campaign::Stat,
        neverland_warden::campaign::AttackerRef,
        neverland_warden::campaign::MoraleTrigger,
        neverland_warden::campaign::Command,
        neverland_warden::campaign::RollEntry,
        neverland_warden::campaign::InitiativeEntry,
        neverland_warden::campaign::CreatureView,
        neverland_warden::campaign::CampaignView,
        neverland_warden::party::SeenCreature,
        neverland_warden::party::PartyView,
        crate::warden::WardenPartyView,
        neverland_warden::tables::Source,
        neverland_warden::tables::DetailResult,
        neverland_warden::tables::Detail,
        neverland_warden::tables::FollowUp,
        neverland_warden::tables::ScarRow,
        neverland_warden::tables::ReactionRow,
        neverland_warden::tables::Tables,
        crate::warden::NewWardenCampaign,
        crate::warden::WardenHistoryItem,
        crate::warden::WardenView,
        crate::content_text::ContentText,
        neverland_legacy::pack::Aim,
        neverland_legacy::pack::Step,
        neverland_legacy::pack::Section,
        neverland_legacy::pack::NamedEnemySheet,
        neverland_legacy::pack::ThreatCard,
        neverland_legacy::pack::SearchCard,
        neverland_pans_island::content::VisionCard,
        crate::owner_box::Template,
        crate::owner_box::BoxEntry,
        crate::my_box::Standing,
        crate::my_box::ThreatEntry,
        crate::my_box::SearchEntry,
        crate::my_box::NamedEntry,
        crate::my_box::LegacyBox,
        crate::my_box::TemplateEntry,
        crate::my_box::VisionEntry,
        crate::my_box::EventEntry,
        crate::my_box::PansBox,
        crate::my_box::BoxView,
        crate::backups::BackupKind,
        crate::backups::BackupInfo,
        crate::board_trace::BoardPhoto,
        crate::balance::BalanceRow,
        crate::board_trace::StraightBoard,
    );
    format!(
        "// Generated from crates/companion/src/api.rs by its bindings test. Do not edit:\n\
         // run `UPDATE_BINDINGS=1 cargo test -p neverland-companion` after changing a type.\n\
         /* eslint-disable */\n\n\
         {types}\
         /** Calls a Tauri command; `@tauri-apps/api/core`'s `invoke` in the app, a fake in unit tests. */\n\
         export type Invoke = <T>(cmd: string, args?: Record<string, unknown>) => Promise<T>;\n\n\
         /** Every command of the app, typed. Errors reject with an `AppError`. */\n\
         export function makeCommands(invoke: Invoke) {{\n  return {{\n{}  }};\n}}\n",
        typescript_commands(&cfg),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_bindings_are_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/src/lib/bindings.ts");
        let fresh = typescript_bindings();
        if std::env::var_os("UPDATE_BINDINGS").is_some() {
            std::fs::write(path, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == fresh,
            "ui/src/lib/bindings.ts is stale: run `UPDATE_BINDINGS=1 cargo test -p neverland-companion`"
        );
    }

    #[test]
    fn every_command_has_a_wrapper() {
        let b = typescript_bindings();
        for name in COMMAND_NAMES {
            assert!(b.contains(&format!("invoke(\"{name}\"")), "{name}");
        }
        assert!(b.contains(
            "moraleCommand: (gameId: number, command: MoraleCommand): Promise<MoraleView>"
        ));
    }

    #[test]
    fn seeds_parse_or_say_why() {
        assert_eq!(parse_seed(" 42 ").unwrap(), 42);
        assert_eq!(parse_seed("18446744073709551615").unwrap(), u64::MAX);
        for bad in ["", "-1", "forty-two", "18446744073709551616", "1.5"] {
            let e = parse_seed(bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidInput);
            assert!(e.message.contains("whole number"), "{}", e.message);
        }
    }
}
