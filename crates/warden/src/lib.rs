//! The Warden's screen for the Neverland role-playing rules as a pure engine: creatures, dice,
//! saves, attacks, critical damage, Scars, morale, reactions and inventory. A campaign is a seed
//! plus a command log; state is its replay. No files, clocks or network: the Scars and Reactions
//! tables are compiled in from `assets/warden/`, and every roll comes from `neverland-chance`.

pub mod attack;
pub mod campaign;
pub mod contract;
pub mod creature;
pub mod dice;
mod effects;
pub mod party;
mod refusal;
mod scars;
mod state;
pub mod tables;

pub use campaign::{Campaign, Command, Record, Refusal};
pub use contract::{AttackAnswer, FieldError, attack_json};
pub use tables::Tables;
