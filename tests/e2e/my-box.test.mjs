// End to end: My box. A Threat card drawn at set-up is corrected on the My box screen (its
// Discover diagram set by tapping Locations on the board drawing); a new game with the same seed
// draws it and shows the corrected Discover, while the game started before keeps its own. The
// box is exported, and imported into a fresh database, where the card stands corrected. The file
// commands the save and open dialogs fill are called with a path directly (a native dialog
// cannot be driven): a path in the folder the tests name is written and read, any other refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { By, until } from "selenium-webdriver";
import { appFixture, byTestId, openApp, screenshot, tap } from "./app.mjs";

const fx = appFixture("neverland-e2e-box-");

/** Calls one of the app's commands through the page's IPC; resolves to its answer or error text. */
async function invoke(session, cmd, args) {
  return session.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]).then(
       (v) => done({ ok: true, v: v ?? null }), (e) => done({ ok: false, v: e.message ?? String(e) }));`,
    cmd,
    args,
  );
}

async function startGame(session, seed) {
  await tap(session, "scenario-lost-allies");
  await tap(session, "players-2");
  const s = await session.findElement(byTestId("seed"));
  await s.clear();
  await s.sendKeys(seed);
  await tap(session, "start-table");
  await session.wait(until.elementLocated(byTestId("table-setup")), 20000);
}

/** The first set-up card of the table on screen: its id and the line the checklist shows. */
async function firstSetupCard(session) {
  const li = await session.findElement(By.css('[data-testid="table-setup"] li[data-card]'));
  return { card: await li.getAttribute("data-card"), text: await li.getText() };
}

async function setupLine(session, card) {
  return (await session.findElement(By.css(`[data-testid="table-setup"] li[data-card="${card}"]`))).getText();
}

/** Waits until the status line says what `re` matches. */
async function noteSays(session, re) {
  const note = await session.wait(until.elementLocated(byTestId("box-note")), 10000);
  await session.wait(async () => re.test(await note.getText()), 10000);
}

async function setNumber(session, id, value) {
  const el = await session.wait(until.elementLocated(byTestId(id)), 10000);
  await el.clear();
  await el.sendKeys(String(value));
}

test("a Threat card corrected in My box is the one a new game draws; the box travels as a file", async () => {
  await fx.restart({ NEVERLAND_DB: fx.db, NEVERLAND_FILES_DIR: fx.dir });
  let { session } = await openApp();
  let exported = "";
  let card = "";
  try {
    await startGame(session, "5");
    const old = await firstSetupCard(session);
    card = old.card;
    const where = /\bStern\b/.test(old.text) ? "galley" : "stern";
    const whereName = where === "stern" ? "Stern" : "Galley";
    await tap(session, "back");

    // The correction: the diagram cleared, one Location tapped on the board, 2 Enemies there.
    await tap(session, "my-box");
    await tap(session, "box-tab-lost-allies");
    await tap(session, "box-kind-threat");
    const entry = await tap(session, `box-entry-${card}`);
    assert.equal(await entry.getAttribute("data-standing"), "guess");
    assert.match(await entry.getText(), /our guess — check against your card/);
    await tap(session, "box-discover-clear");
    await tap(session, `tile-${where}`);
    await session.wait(until.elementLocated(byTestId(`discover-${where}`)), 10000);
    await setNumber(session, `box-enemies-${where}`, 2);
    await screenshot(session, "box-01-threat-corrected");
    await tap(session, "box-save");
    await noteSays(session, /version 1/);
    assert.equal(await (await session.findElement(byTestId(`box-entry-${card}`))).getAttribute("data-standing"), "owner");

    // A new game with the same seed draws the card and places what the owner's card says.
    await tap(session, "back");
    await startGame(session, "5");
    const line = await setupLine(session, card);
    assert.match(line, new RegExp(`2 \\w+ +in the ${whereName}`));
    assert.notEqual(line, old.text);
    await screenshot(session, "box-02-new-game-corrected");
    await tap(session, "back");
    // The game started before keeps the box it began with (it is listed after the new one).
    const rows = await session.wait(async () => {
      const r = await session.findElements(byTestId("resume"));
      return r.length === 2 ? r : null;
    }, 10000);
    await rows[1].click();
    await session.wait(until.elementLocated(byTestId("table-setup")), 20000);
    assert.equal(await setupLine(session, card), old.text);
    await tap(session, "back");

    await tap(session, "my-box");
    await tap(session, "box-export");
    exported = await (await session.wait(until.elementLocated(byTestId("box-exported")), 10000)).getAttribute("value");
    assert.match(exported, /"format": "neverland-box\/1"/);

    // The save dialog's command, with the path it would fill: written there, and only there.
    const file = path.join(fx.dir, "my-box.json");
    assert.deepEqual(await invoke(session, "export_box_file", { path: file }), { ok: true, v: null });
    assert.equal(readFileSync(file, "utf8"), exported);
    const elsewhere = path.join(os.tmpdir(), `neverland-not-picked-${process.pid}.json`);
    const refused = await invoke(session, "export_box_file", { path: elsewhere });
    assert.equal(refused.ok, false);
    assert.match(refused.v, /was not picked in a file dialog/);
    assert.equal(existsSync(elsewhere), false);
  } finally {
    await session.quit();
  }

  // A friend's fresh database takes the file.
  await fx.restart({ NEVERLAND_DB: path.join(fx.dir, "friend.db"), NEVERLAND_FILES_DIR: fx.dir });
  ({ session } = await openApp());
  try {
    await tap(session, "my-box");
    assert.match(await (await session.wait(until.elementLocated(byTestId("box-version")), 10000)).getText(), /No corrections yet/);
    await session.executeScript("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
      await session.findElement(byTestId("box-import-text")), exported);
    await tap(session, "box-import");
    await noteSays(session, /Imported as version 1/);
    await tap(session, "box-tab-lost-allies");
    await tap(session, "box-kind-threat");
    const entry = await session.wait(until.elementLocated(byTestId(`box-entry-${card}`)), 10000);
    assert.equal(await entry.getAttribute("data-standing"), "owner");
    await screenshot(session, "box-03-imported");
    // The open dialog's command reads the saved file: the same box, as the next version.
    const opened = await invoke(session, "import_box_file", { path: path.join(fx.dir, "my-box.json") });
    assert.equal(opened.ok, true, String(opened.v));
    assert.equal(opened.v.version, 2);
  } finally {
    await session.quit();
  }
});
