// The start of the line the app writes to stderr when its webview's page process ends
// (src-tauri/src/page_watch.rs, ENDED); tauri-driver passes the app's stderr to its log file.
export const PAGE_ENDED = "neverland-companion: the page process ended:";

/** The line the app writes once the page it loaded again has finished loading (LOADED_AGAIN). */
export const PAGE_LOADED_AGAIN = "neverland-companion: the page was loaded again";

/**
 * The reasons after which run.mjs may give a file a second run. "crashed" is what WebKitGTK says
 * of a page process that died unasked: a crash of the engine, or a kill from outside (the
 * kernel's, for memory, too); it cannot tell which.
 */
export const ENGINE_REASONS = ["crashed"];

/** Files that crash the page process on purpose: their failures never get a second run. */
export const NO_SECOND_RUN = ["page-crash.test.mjs"];
