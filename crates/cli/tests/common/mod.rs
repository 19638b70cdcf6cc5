//! What the command-line test files share: running the `neverland` binary.

use std::process::Command;

/// Runs `neverland ARGS`: its exit status, standard output and standard error.
pub fn neverland(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_neverland"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
