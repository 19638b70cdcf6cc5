// The window's "Invite players" commands (src/lan.rs), for the ACL (build.rs) and the handlers.
pub const LAN_COMMAND_NAMES: &[&str] = &[
    "lan_interfaces",
    "lan_open",
    "lan_invite",
    "lan_admit",
    "lan_refuse",
    "lan_revoke",
    "lan_close",
];
