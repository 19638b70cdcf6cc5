// End to end: the webview's page process ends under the app (killed here by its PID, as a crash
// ends it). The app says so in one line on stderr, the line the test runner looks for before it
// gives a file a second run (tests/e2e/run.mjs), and loads the page again in a new page process,
// so a player is not left looking at a blank window; a page that ends again soon after is left.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { appFixture, openApp, pageProcesses } from "./app.mjs";
import { sleep, until } from "./harness.mjs";
import { PAGE_ENDED, PAGE_LOADED_AGAIN } from "./page-ended.mjs";

const fx = appFixture("neverland-e2e-page-crash-");

const pages = pageProcesses;
/** The driver's log (the app's stderr), line by line. */
const log = () => readFileSync(fx.driver.log, "utf8").split("\n");

test("a page process that dies is said on stderr and the page is loaded again, once", async () => {
  const { session } = await openApp();
  try {
    const before = await until("a page process", () => (pages().length ? pages() : null), 10000);
    for (const pid of before) process.kill(pid, "SIGKILL");
    const line = await until(
      "the app to say the page process ended",
      () => log().find((l) => l.startsWith(PAGE_ENDED)),
      15000,
    );
    assert.match(line, /ended: crashed; loading the page again/);
    const reloaded = Date.now();
    // Under the app's 10 s between reloads (AGAIN), so that the kill below comes within it. The
    // new process is ended only once its page has loaded: WebKitGTK aborts the whole app when a
    // page process dies before it has told the app its PID.
    await until("the app to say the page was loaded again", () => log().includes(PAGE_LOADED_AGAIN), 8000);
    const after = pages().filter((p) => !before.includes(p));
    assert.ok(after.length > 0, "the page runs in a new process");
    const waited = Date.now() - reloaded;
    assert.ok(waited < 9500, `the reloaded page took ${waited} ms to load: too slow to end it again within the app's 10 s`);
    // Ended again within seconds of the reload: said, and not reloaded (no reload loop).
    for (const pid of after) process.kill(pid, "SIGKILL");
    const again = await until(
      "the app to say the page ended again",
      () => log().filter((l) => l.startsWith(PAGE_ENDED))[1],
      15000,
    );
    assert.match(again, /ended: crashed; not loaded again \(too soon after a reload, or too often\)/);
    // Looked at for 5 s: a reload takes well under a second here.
    const seen = [...before, ...after];
    for (let i = 0; i < 50; i++) {
      assert.deepEqual(pages().filter((p) => !seen.includes(p)), [], "no third page process");
      await sleep(100);
    }
  } finally {
    // The session died with its page (WebKitWebDriver deletes it); the driver is stopped after.
    await session.quit().catch(() => {});
  }
});
