//! When the webview's page process ends on its own (WebKitGTK on Linux: a crash, or the memory
//! limit), the window would stay blank until the player restarted the app. This says why on
//! stderr, in one line a test or a bug report can quote, and loads the page again. The reloaded
//! page opens on the saved-games list: every game is in the database, so a player reopens the
//! game they were at; only what was not yet saved (a half-typed name, an open Invite screen) is
//! gone. A page that ends again within `AGAIN` of a reload, or after `MOST` reloads in one run
//! of the app, is not reloaded (a page that crashes as it loads would reload without end); the
//! line then asks for a restart. A reloaded page that has committed and finished loading is
//! said too (not one whose load failed).

use std::time::{Duration, Instant};

/// The line written to stderr when the page process ends; `reason` is one of `crashed`,
/// `exceeded-memory-limit`, `terminated-by-api`, `unknown`. The end-to-end tests read it.
pub const ENDED: &str = "neverland-companion: the page process ended:";

/// The line written to stderr when a page loaded again after its process ended has finished
/// loading (a test waits for it before ending the new page process too).
pub const LOADED_AGAIN: &str = "neverland-companion: the page was loaded again";

/// How soon after a reload the page ending again stops the reloading.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const AGAIN: Duration = Duration::from_secs(10);

/// The most reloads in one run of the app.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const MOST: u32 = 3;

/// Where a reload after the page process ended has got to.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
#[derive(Clone, Copy, PartialEq, Debug)]
enum Reload {
    None,
    Asked,
    Committed,
}

/// What the webview did, as far as a reload is concerned.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
#[derive(Clone, Copy)]
enum Step {
    Asked,
    Committed,
    Finished,
    Failed,
    Ended,
}

/// The reload's state after `step`, and whether "loaded again" is to be said now: only when a
/// committed reload finishes; a failed load or another end of the page process forgets it.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn after(state: Reload, step: Step) -> (Reload, bool) {
    match (step, state) {
        (Step::Asked, _) => (Reload::Asked, false),
        (Step::Committed, Reload::Asked) => (Reload::Committed, false),
        (Step::Finished, Reload::Committed) => (Reload::None, true),
        (Step::Failed | Step::Ended, _) => (Reload::None, false),
        (_, s) => (s, false),
    }
}

/// Whether to reload now, given the reloads so far and when the last was: not within `AGAIN` of
/// the last, and not after `MOST`.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn reload_now(done: u32, last: Option<Instant>, now: Instant) -> bool {
    done < MOST && last.is_none_or(|t| now.duration_since(t) >= AGAIN)
}

/// Writes one line to stderr in a single write, so that no other writer to the same log splits
/// it; a failed write is let go (there is nowhere else to say it).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn say(line: String) {
    use std::io::Write;
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
}

/// Watches the webview of `window`; does nothing on systems whose webview is not WebKitGTK.
pub fn watch(window: &tauri::WebviewWindow) {
    #[cfg(target_os = "linux")]
    {
        let watched = window.with_webview(|wv| {
            use std::{cell::Cell, rc::Rc};
            use webkit2gtk::{LoadEvent, WebProcessTerminationReason as R, WebViewExt};
            let (done, last) = (Cell::new(0u32), Cell::new(None));
            let reload = Rc::new(Cell::new(Reload::None));
            let (on_load, on_fail) = (reload.clone(), reload.clone());
            wv.inner().connect_load_changed(move |_, event| {
                let step = match event {
                    LoadEvent::Committed => Step::Committed,
                    LoadEvent::Finished => Step::Finished,
                    _ => return,
                };
                let (next, loaded) = after(on_load.get(), step);
                on_load.set(next);
                if loaded {
                    say(LOADED_AGAIN.to_string());
                }
            });
            wv.inner().connect_load_failed(move |_, _, _, _| {
                on_fail.set(after(on_fail.get(), Step::Failed).0);
                false
            });
            wv.inner().connect_web_process_terminated(move |view, reason| {
                let why = match reason {
                    R::Crashed => "crashed",
                    R::ExceededMemoryLimit => "exceeded-memory-limit",
                    R::TerminatedByApi => "terminated-by-api",
                    _ => "unknown",
                };
                let now = Instant::now();
                reload.set(after(reload.get(), Step::Ended).0);
                if reason == R::TerminatedByApi {
                    say(format!("{ENDED} {why}"));
                } else if reload_now(done.get(), last.get(), now) {
                    say(format!("{ENDED} {why}; loading the page again"));
                    done.set(done.get() + 1);
                    last.set(Some(now));
                    reload.set(after(reload.get(), Step::Asked).0);
                    view.reload();
                } else {
                    say(format!(
                        "{ENDED} {why}; not loaded again (too soon after a reload, or too often): restart the app"
                    ));
                }
            });
        });
        if let Err(e) = watched {
            say(format!(
                "neverland-companion: the page process is not watched: {e}"
            ));
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = window;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loaded_again_is_said_only_when_a_committed_reload_finishes() {
        let run = |steps: &[Step]| {
            let mut state = Reload::None;
            let mut said = 0;
            for &s in steps {
                let (next, say) = after(state, s);
                state = next;
                said += usize::from(say);
            }
            said
        };
        use Step::*;
        assert_eq!(run(&[Asked, Committed, Finished]), 1);
        assert_eq!(
            run(&[Asked, Committed, Finished, Committed, Finished]),
            1,
            "later loads are not reloads"
        );
        assert_eq!(
            run(&[Committed, Finished]),
            0,
            "the first load is not a reload"
        );
        assert_eq!(run(&[Asked, Finished]), 0, "finished without committing");
        assert_eq!(
            run(&[Asked, Committed, Failed, Finished]),
            0,
            "a failed reload"
        );
        assert_eq!(
            run(&[Asked, Ended, Committed, Finished]),
            0,
            "ended before it committed"
        );
        assert_eq!(run(&[Asked, Ended, Asked, Committed, Finished]), 1);
    }

    #[test]
    fn a_page_that_ends_again_soon_after_a_reload_or_too_often_is_left() {
        let t0 = Instant::now();
        assert!(reload_now(0, None, t0), "the first end reloads");
        assert!(!reload_now(1, Some(t0), t0 + Duration::from_secs(3)));
        assert!(reload_now(1, Some(t0), t0 + AGAIN));
        assert!(
            !reload_now(MOST, Some(t0), t0 + AGAIN * 5),
            "at most MOST reloads a run"
        );
    }
}
