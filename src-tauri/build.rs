fn main() {
    // The commands the UI may call come from the companion's command table, so the ACL, the
    // handlers and the TypeScript bindings are one list.
    let manifest =
        tauri_build::AppManifest::new().commands(neverland_companion::api::COMMAND_NAMES);
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .config_path("../tauri.conf.json")
            .app_manifest(manifest),
    )
    .expect("tauri build step failed");
}
