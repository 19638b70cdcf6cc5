// End to end: the Warden's screen. A party and a detachment, one blast attack that leaves one PC
// at exactly 0 HP (a Scar) and deals critical damage to the other, the STR save and the Scar's
// roll, an undo, and the same screen after restarting the app.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { until } from "selenium-webdriver";
import { appFixture, byTestId, cli, openApp, resizeWindow, screens, screenshot, tap } from "./app.mjs";

appFixture("neverland-e2e-warden-");

const add = (id, name, kind) => ({
  type: "add-creature",
  creature: { id, name, kind, str: 10, dex: 10, wil: 10, hp: 4, armor: 0, shield: 0 },
});
// Exactly what the screen sends for the taps below.
const LOG = [
  add("ann", "Ann", "pc"),
  add("bo", "Bo", "pc"),
  add("wolves", "Wolves", "detachment"),
  {
    type: "attack",
    attackers: [{ id: "wolves", dice: ["d6"], mode: "normal", blast: false }],
    targets: ["ann", "bo"],
  },
];

/** A seed whose attack gives Ann a Scar and Bo critical damage, found with the command line's
 * replay of the same log (the same engine as the app). */
function findSeed() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "warden-seed-"));
  const file = path.join(dir, "c.json");
  for (let seed = 1; seed < 2000; seed++) {
    writeFileSync(file, JSON.stringify({ format: "neverland-warden-campaign/1", seed, log: LOG }));
    const state = JSON.parse(cli("warden", "replay", file));
    const [ann, bo] = state.creatures;
    if (ann.pending_scars.length === 1 && bo.conditions.critical_save_due) return { seed, state };
  }
  throw new Error("no seed in 1..2000 gives a Scar and a critical hit");
}

async function rowText(session, id) {
  return (await session.findElement(byTestId(`row-${id}`))).getText();
}

async function addSomeone(session, name, kind) {
  const field = await session.findElement(byTestId("warden-name"));
  await field.clear();
  await field.sendKeys(name);
  await tap(session, `warden-kind-${kind}`);
  await tap(session, "warden-add");
  await session.wait(until.elementLocated(byTestId(`row-${name.toLowerCase()}`)), 10000);
}

test("a combat round with a critical hit and a Scar, undone, and the same after a restart", async () => {
  const { seed, state } = findSeed();
  const scarId = state.creatures[0].pending_scars[0].id;
  let { session } = await openApp();
  let before;
  try {
    await (await session.wait(until.elementLocated(byTestId("warden-seed")), 10000)).sendKeys(String(seed));
    await (await session.findElement(byTestId("warden-title"))).sendKeys("Skull Rock");
    await tap(session, "start-warden");
    try {
      await session.wait(until.elementLocated(byTestId("party-empty")), 10000);
    } catch (e) {
      await screenshot(session, "warden-00-not-started");
      const banners = await session.findElements(byTestId("error"));
      if (banners.length) throw new Error(`error banner: ${await banners[0].getText()}`);
      throw e;
    }
    await addSomeone(session, "Ann", "pc");
    await addSomeone(session, "Bo", "pc");
    await addSomeone(session, "Wolves", "detachment");
    await screenshot(session, "warden-01-party");
    await screens(session, "17-warden");

    await tap(session, "attacker-wolves");
    await tap(session, "target-ann");
    await tap(session, "target-bo");
    await tap(session, "attack");
    const scar = await session.wait(until.elementLocated(byTestId("scar-ann")), 10000);
    assert.equal(await scar.getAttribute("data-scar"), scarId);
    await session.wait(until.elementLocated(byTestId("critical-bo")), 10000);
    assert.equal(await (await session.findElement(byTestId("hp-ann"))).getText(), "0/4");
    assert.equal(
      await (await session.findElement(byTestId("str-bo"))).getText(),
      `${state.creatures[1].str.current}/10`,
    );
    assert.match(await (await session.findElement(byTestId("roll-log"))).getText(), /Wolves/);
    await screenshot(session, "warden-02-scar-and-critical");

    await tap(session, "critical-bo");
    await session.wait(async () => (await session.findElements(byTestId("critical-bo"))).length === 0, 10000);
    await tap(session, "scar-confirm-ann");
    await session.wait(async () => (await session.findElements(byTestId("scar-ann"))).length === 0, 10000);
    await screenshot(session, "warden-03-rolled");

    // Undo takes the Scar's roll back: its card returns.
    await tap(session, "undo");
    await session.wait(until.elementLocated(byTestId("scar-ann")), 10000);
    before = { ann: await rowText(session, "ann"), bo: await rowText(session, "bo"),
               log: await (await session.findElement(byTestId("roll-log"))).getText() };
    await resizeWindow(session, { width: 800, height: 1280 });
    await screenshot(session, "warden-04-portrait");
  } finally {
    await session.quit();
  }

  ({ session } = await openApp());
  try {
    const rows = await session.wait(until.elementsLocated(byTestId("game-row")), 10000);
    assert.equal(rows.length, 1);
    await tap(session, "resume");
    await session.wait(until.elementLocated(byTestId("scar-ann")), 10000);
    assert.equal(await rowText(session, "ann"), before.ann);
    assert.equal(await rowText(session, "bo"), before.bo);
    assert.equal(await (await session.findElement(byTestId("roll-log"))).getText(), before.log);
    assert.equal(await (await session.findElement(byTestId("redo"))).isEnabled(), true);
    await screenshot(session, "warden-05-after-restart");
  } finally {
    await session.quit();
  }
});
