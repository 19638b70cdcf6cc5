//! When the webview's page process ends on its own (WebKitGTK on Linux: a crash, or the memory
//! limit), the window would stay blank until the player restarted the app. This says why on
//! stderr, in one line a test or a bug report can quote, and loads the page again: every game
//! lives in the database, so the reloaded screen opens where the table was.

/// The line written to stderr when the page process ends; `reason` is one of `crashed`,
/// `exceeded-memory-limit`, `terminated-by-api`, `unknown`. The end-to-end tests read it.
pub const ENDED: &str = "neverland-companion: the page process ended:";

/// Watches the webview of `window`; does nothing on systems whose webview is not WebKitGTK.
pub fn watch(window: &tauri::WebviewWindow) {
    #[cfg(target_os = "linux")]
    {
        let watched = window.with_webview(|wv| {
            use webkit2gtk::{WebProcessTerminationReason as R, WebViewExt};
            wv.inner().connect_web_process_terminated(|view, reason| {
                let why = match reason {
                    R::Crashed => "crashed",
                    R::ExceededMemoryLimit => "exceeded-memory-limit",
                    R::TerminatedByApi => "terminated-by-api",
                    _ => "unknown",
                };
                eprintln!("{ENDED} {why}; loading the page again");
                if reason != R::TerminatedByApi {
                    view.reload();
                }
            });
        });
        if let Err(e) = watched {
            eprintln!("neverland-companion: the page process is not watched: {e}");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = window;
}
