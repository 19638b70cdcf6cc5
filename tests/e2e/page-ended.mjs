// The start of the line the app writes to stderr when its webview's page process ends
// (src-tauri/src/page_watch.rs, ENDED); tauri-driver passes the app's stderr to its log file.
export const PAGE_ENDED = "neverland-companion: the page process ended:";

/** Reasons that come from the webview engine itself, not from our page: a file may run again. */
export const ENGINE_REASONS = ["crashed"];
