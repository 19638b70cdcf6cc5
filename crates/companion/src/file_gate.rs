//! The gate the file commands pass (`files`): the paths the player picked in a dialog, and the
//! one folder the end-to-end tests may name.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The paths the player picked in a dialog, and the folder tests may use.
#[derive(Default)]
pub struct FileGate {
    picked: Mutex<HashSet<PathBuf>>,
    folder: Option<PathBuf>,
}

impl FileGate {
    pub(crate) fn allows(&self, path: &Path) -> bool {
        let picked = self
            .picked
            .lock()
            .map(|p| p.contains(path))
            .unwrap_or(false);
        let in_folder = self.folder.as_ref().is_some_and(|dir| {
            path.parent()
                .and_then(|p| p.canonicalize().ok())
                .zip(dir.canonicalize().ok())
                .is_some_and(|(p, d)| p == d)
        });
        picked || in_folder
    }

    /// Lets one picked path through.
    pub(crate) fn allow(&self, path: PathBuf) {
        if let Ok(mut p) = self.picked.lock() {
            p.insert(path);
        }
    }

    /// Lets every file directly inside `folder` through.
    pub(crate) fn set_folder(&mut self, folder: PathBuf) {
        self.folder = Some(folder);
    }
}
