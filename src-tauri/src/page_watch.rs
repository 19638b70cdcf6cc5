//! When the webview's page process ends on its own (WebKitGTK on Linux: a crash, or the memory
//! limit), the window would stay blank until the player restarted the app. This says why on
//! stderr, in one line a test or a bug report can quote, and loads the page again: every game
//! lives in the database, so the reloaded screen opens where the table was. A page that ends
//! again within `AGAIN` of being reloaded is not reloaded a second time (a page that crashes as
//! it loads would otherwise reload without end); the line then says so.

use std::time::{Duration, Instant};

/// The line written to stderr when the page process ends; `reason` is one of `crashed`,
/// `exceeded-memory-limit`, `terminated-by-api`, `unknown`. The end-to-end tests read it.
pub const ENDED: &str = "neverland-companion: the page process ended:";

/// How soon after a reload the page ending again stops the reloading.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const AGAIN: Duration = Duration::from_secs(10);

/// Whether to reload now, given when the page was last reloaded: not when that was under
/// `AGAIN` ago.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn reload_now(last: Option<Instant>, now: Instant) -> bool {
    last.is_none_or(|t| now.duration_since(t) >= AGAIN)
}

/// Watches the webview of `window`; does nothing on systems whose webview is not WebKitGTK.
pub fn watch(window: &tauri::WebviewWindow) {
    #[cfg(target_os = "linux")]
    {
        let watched = window.with_webview(|wv| {
            use webkit2gtk::{WebProcessTerminationReason as R, WebViewExt};
            let last = std::cell::Cell::new(None);
            wv.inner().connect_web_process_terminated(move |view, reason| {
                let why = match reason {
                    R::Crashed => "crashed",
                    R::ExceededMemoryLimit => "exceeded-memory-limit",
                    R::TerminatedByApi => "terminated-by-api",
                    _ => "unknown",
                };
                let now = Instant::now();
                if reason == R::TerminatedByApi {
                    eprintln!("{ENDED} {why}");
                } else if reload_now(last.get(), now) {
                    eprintln!("{ENDED} {why}; loading the page again");
                    last.set(Some(now));
                    view.reload();
                } else {
                    eprintln!("{ENDED} {why}; it ended again soon after a reload, so it is left: restart the app");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_that_ends_again_soon_after_a_reload_is_left() {
        let t0 = Instant::now();
        assert!(reload_now(None, t0), "the first end reloads");
        assert!(!reload_now(Some(t0), t0 + Duration::from_secs(3)));
        assert!(reload_now(Some(t0), t0 + AGAIN));
    }
}
