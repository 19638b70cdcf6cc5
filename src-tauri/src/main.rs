//! Neverland Companion's window. See the `neverland_app` library for the shell itself.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    neverland_app::run();
}
