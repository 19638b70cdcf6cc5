include!("lan_commands.rs");

fn main() {
    // The commands the UI may call come from the companion's command table, so the ACL, the
    // handlers and the TypeScript bindings are one list.
    // The window's "Invite players" commands (src/lan.rs) are listed beside them.
    let names: Vec<&'static str> = neverland_companion::api::COMMAND_NAMES
        .iter()
        .chain(LAN_COMMAND_NAMES)
        .chain(neverland_companion::api::SHELL_COMMANDS)
        .copied()
        .collect();
    let names: &'static [&'static str] = Vec::leak(names);
    let manifest = tauri_build::AppManifest::new().commands(names);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("tauri build step failed");
}
