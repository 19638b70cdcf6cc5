// End to end: backups the user can find. Opening the app makes today's copy of the saved-games
// file beside it; a game started afterwards is gone once that copy is restored, and comes back
// by restoring the copy the restore kept of the file as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { By, until } from "selenium-webdriver";
import { appFixture, byTestId, openApp, screenshot, tap } from "./app.mjs";

const fx = appFixture("neverland-e2e-backups-");

// The saved-games list loads after the screen appears ("Loading…" first): count its rows only
// once it shows rows, the "no saved games" line, or that the list could not be read (a failure).
async function gameRows(session) {
  const loaded = By.css('[data-testid="game-row"], [data-testid="no-games"], [data-testid="games-unavailable"]');
  await session.wait(until.elementLocated(loaded), 10000);
  assert.equal((await session.findElements(byTestId("games-unavailable"))).length, 0, "the saved games could not be read");
  return (await session.findElements(byTestId("game-row"))).length;
}

async function restoreRow(session, match) {
  await session.wait(until.elementLocated(byTestId("backup-row")), 10000);
  const rows = await session.findElements(byTestId("backup-row"));
  for (const row of rows) {
    const name = await row.getAttribute("data-name");
    if (match(name)) {
      await row.findElement(byTestId("restore")).click();
      await (await session.wait(until.elementLocated(byTestId("restore-yes")), 10000)).click();
      await session.wait(until.elementLocated(byTestId("backups-note")), 10000);
      return name;
    }
  }
  throw new Error(`no backup matches among ${rows.length}`);
}

test("today's copy is made on opening, restored, and the file before the restore restored back", async () => {
  const { session } = await openApp();
  try {
    const today = new Date().toISOString().slice(0, 10);
    assert.ok(existsSync(path.join(fx.dir, `games.db.daily-${today}`)), readdirSync(fx.dir).join(", "));
    assert.equal(await gameRows(session), 0);
    await tap(session, "scenario-lost-allies");
    await tap(session, "players-2");
    await (await session.findElement(byTestId("seed"))).sendKeys("3");
    await tap(session, "start-table");
    await session.wait(until.elementLocated(byTestId("table-setup")), 20000);
    await tap(session, "back");
    assert.equal(await gameRows(session), 1);

    await tap(session, "backups-open");
    await restoreRow(session, (n) => n === `games.db.daily-${today}`);
    await screenshot(session, "backups-01-restored");
    const names = await Promise.all((await session.findElements(byTestId("backup-row"))).map((r) => r.getAttribute("data-name")));
    assert.ok(names.some((n) => n.startsWith("games.db.before-restore-")), names.join(", "));
    await tap(session, "back");
    assert.equal(await gameRows(session), 0, "the copy was made before the game");

    await tap(session, "backups-open");
    await restoreRow(session, (n) => n.startsWith("games.db.before-restore-"));
    await tap(session, "back");
    assert.equal(await gameRows(session), 1, "the game is back");
    await (await session.findElement(By.css('[data-testid="resume"]'))).click();
    await session.wait(until.elementLocated(byTestId("table-setup")), 20000);
  } finally {
    await session.quit();
  }
});
