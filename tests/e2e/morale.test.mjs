// End to end: the Morale Check from tap to disk and back, in the real app under Xvfb.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { By, until } from "selenium-webdriver";
import { appFixture, byTestId, cli, openApp, resizeWindow, screens, screenshot, tap } from "./app.mjs";

const fx = appFixture("neverland-e2e-");
const { dir, db } = fx;

async function stonesShown(session) {
  const items = await session.findElements(By.css('[data-testid="stones"] li'));
  return Promise.all(items.map((li) => li.getAttribute("data-stone")));
}

test("a Morale Check is rolled, shown, stored, and the same after a restart", async () => {
  let { session, firstPaintMs } = await openApp();
  console.log(`first paint after session start: ${firstPaintMs.toFixed(0)} ms`);
  try {
    await session.wait(until.elementLocated(byTestId("no-games")), 10000);
    await screenshot(session, "01-games-empty");
    await screens(session, "01-games-list-empty");

    await tap(session, "scenario-pirates");
    await (await session.findElement(byTestId("seed"))).sendKeys("42");
    await screenshot(session, "02-new-game");
    await screens(session, "02-new-game");
    await tap(session, "start");

    await tap(session, "character-smee");
    for (let i = 0; i < 3; i++) {
      await tap(session, "despair-plus");
      await session.wait(until.elementTextIs(await session.findElement(byTestId("despair")), String(i + 1)), 10000);
    }
    await screenshot(session, "03-despair-set");
    await screens(session, "16-morale-tracker");
    await tap(session, "morale");
    await session.wait(until.elementLocated(byTestId("stones")), 10000);
    const stones = await stonesShown(session);
    assert.equal(stones.length, 3);

    // The game's first roll comes from the start of the seed-42 stream: the CLI agrees.
    const expected = JSON.parse(cli("morale", "--despair", "3", "--seed", "42"));
    assert.deepEqual(stones, expected.stones);
    const plan = await session.findElements(By.css('[data-testid="plan"] li'));
    const kinds = await Promise.all(plan.map((li) => li.getAttribute("data-kind")));
    assert.equal(kinds.length, 4);
    assert.equal(kinds.filter((k) => k === "mandatory").length, expected.plans.pirates.mandatory.length);
    const planText = await (await session.findElement(byTestId("plan"))).getText();
    for (const action of expected.plans.pirates.mandatory) {
      assert.match(planText.toLowerCase(), new RegExp(action));
    }
    await screenshot(session, "04-morale-result");

    // Undo takes the roll away, redo brings the very same stones back.
    await tap(session, "undo");
    await session.wait(async () => (await session.findElements(byTestId("stones"))).length === 0, 10000);
    await tap(session, "redo");
    await session.wait(until.elementLocated(byTestId("stones")), 10000);
    assert.deepEqual(await stonesShown(session), stones);

    // An illegal command from the UI: despair cannot go above 4, and the control says so.
    await tap(session, "despair-plus");
    await session.wait(until.elementTextIs(await session.findElement(byTestId("despair")), "4"), 10000);
    assert.equal(await (await session.findElement(byTestId("despair-plus"))).isEnabled(), false);
    await tap(session, "despair-minus");
    await session.wait(until.elementTextIs(await session.findElement(byTestId("despair")), "3"), 10000);

    // Portrait tablet.
    await resizeWindow(session, { width: 800, height: 1280 });
    await screenshot(session, "05-morale-portrait");
    await resizeWindow(session, { width: 1280, height: 800 });
  } finally {
    await session.quit();
  }

  assert.ok(existsSync(db), "the database is where NEVERLAND_DB points");

  // Restart the app: the same game, the same roll.
  ({ session } = await openApp());
  try {
    const rows = await session.wait(until.elementsLocated(byTestId("game-row")), 10000);
    assert.equal(rows.length, 1);
    await screenshot(session, "06-games-after-restart");
    await tap(session, "resume");
    await session.wait(until.elementLocated(byTestId("stones")), 10000);
    const expected = JSON.parse(cli("morale", "--despair", "3", "--seed", "42"));
    assert.deepEqual(await stonesShown(session), expected.stones);
    assert.equal(await (await session.findElement(byTestId("despair"))).getText(), "3");
    await screenshot(session, "07-game-after-restart");
  } finally {
    await session.quit();
  }
});

test("a saved-games file that is not a database is reported and left untouched", async () => {
  const { writeFileSync, readFileSync } = await import("node:fs");
  const bad = path.join(dir, "not-a-db.db");
  writeFileSync(bad, "grocery list\n");
  await fx.restart({ NEVERLAND_DB: bad });
  const { session } = await openApp();
  try {
    const banner = await session.wait(until.elementLocated(byTestId("error")), 10000);
    assert.match(await banner.getText(), /damaged|not a Neverland Companion database/);
    await session.wait(until.elementLocated(byTestId("games-unavailable")), 10000);
    await screenshot(session, "08-corrupt-database");
  } finally {
    await session.quit();
  }
  assert.equal(readFileSync(bad, "utf8"), "grocery list\n");
});
