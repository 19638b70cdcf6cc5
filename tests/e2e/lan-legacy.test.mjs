// End to end (issue 18): the app hosts a Neverland's Legacy table on loopback; two players join
// from their own phones' browsers (Debian's chromium, phone-sized, portrait), each as a Character.
// The seat whose Character's turn it is takes its Morale Check and one Action (a Move, tapped on
// its own board); the other seat's page shows the table with no controls; the host's window shows
// the seat's Action without being touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { By, until } from "selenium-webdriver";
import { appFixture, byTestId, openApp, outDir, screensDir, tap } from "./app.mjs";
import { audit } from "./a11y.mjs";
import { browser, freePort, joinUrl, lanPassed, openOnLoopback, startChromedriver } from "./lan-helpers.mjs";
import { tablePhase, waitStage } from "./legacy-helpers.mjs";

const lanPort = await freePort();
appFixture("neverland-e2e-lan-legacy-", { NEVERLAND_LAN_PORT: String(lanPort) });

/** A phone in portrait, as the seats' pages are looked at. */
const PHONE = "390,844";

/** Saves what a seat's page shows, for people to look at (target/e2e-output/screens/). */
async function shot(session, name) {
  mkdirSync(screensDir, { recursive: true });
  const png = await session.takeScreenshot();
  writeFileSync(path.join(screensDir, `${name}-390x844.png`), Buffer.from(png, "base64"));
}

/** A device opens the join address, asks for the Character listed at `index`, the host admits it. */
async function join(host, seat, url, index, name) {
  await seat.get(url);
  await seat.wait(until.elementLocated(byTestId("join-seat")), 20000);
  await (await seat.wait(until.elementLocated(By.css(`[data-testid="join-seat"] option[value="${index}"]`)), 10000)).click();
  await (await seat.findElement(byTestId("join-name"))).sendKeys(name);
  await tap(seat, "join-ask");
  await seat.wait(until.elementLocated(byTestId("join-waiting")), 10000);
  await tap(host, "invite-admit");
  return seat.wait(until.elementLocated(byTestId("seated")), 20000);
}

/** Waits until the page's table has `steps` steps. */
async function atStep(session, steps) {
  await session.wait(async () => {
    try {
      return (await tablePhase(session)).steps === steps;
    } catch {
      return false;
    }
  }, 15000);
}

test("a Character's seat on a phone takes its Morale Check and a Move on its turn; the host sees it", async () => {
  const { session: host } = await openApp();
  const driverPort = await startChromedriver();
  await tap(host, "scenario-lost-allies");
  await tap(host, "players-2");
  await (await host.findElement(byTestId("seed"))).sendKeys("3");
  await tap(host, "start-table");
  await waitStage(host, "morale");

  await tap(host, "invite-players");
  const first = await openOnLoopback(host);
  assert.match(first, new RegExp(`^http://127\\.0\\.0\\.1:${lanPort}/\\?join=`));
  const peter = await browser(driverPort, PHONE, true);
  const other = await browser(driverPort, PHONE, true);
  try {
    const seated = await join(host, peter, first, 0, "Ana");
    assert.match(await seated.getText(), /Peter Pan/);
    await join(host, other, await joinUrl(host), 1, "Ben");
    await tap(host, "invite-back");
    await waitStage(host, "morale");

    // Not the other seat's turn: its page shows the table and no control to act with.
    await other.wait(until.elementLocated(byTestId("not-my-turn")), 10000);
    assert.equal((await other.findElements(byTestId("morale"))).length, 0);
    await shot(other, "lan-legacy-waiting");
    await audit(other, "lan-legacy-waiting", outDir);

    // Peter's own turn on his own phone: the Morale Check, then a Move tapped on his board.
    await tap(peter, "morale");
    await waitStage(peter, "actions");
    await shot(peter, "lan-legacy-actions");
    await audit(peter, "lan-legacy-actions", outDir);
    const bow = await peter.wait(until.elementLocated(byTestId("tile-bow")), 10000);
    assert.equal(await bow.getAttribute("data-move"), "true");
    await tap(peter, "tile-bow");
    await atStep(peter, 2);
    await peter.wait(async () => (await (await peter.findElement(byTestId("tile-bow"))).getText()).includes("Peter Pan"), 10000);
    await shot(peter, "lan-legacy-moved");

    // The host's window shows it, and so does the other seat.
    await atStep(host, 2);
    await host.wait(async () => (await (await host.findElement(byTestId("tile-bow"))).getText()).includes("Peter Pan"), 10000);
    const history = await (await host.findElement(byTestId("table-history"))).getText();
    assert.match(history, /Bow/, `the host's history names the Move: ${history}`);
    await atStep(other, 2);
    await shot(other, "lan-legacy-other-sees");
    lanPassed();
  } catch (e) {
    for (const [name, s] of [["host", host], ["peter", peter], ["other", other]]) {
      const text = await s.executeScript("return document.body.innerText").catch(() => "?");
      process.stderr.write(`--- ${name}'s page:\n${text}\n`);
      const png = await s.takeScreenshot().catch(() => null);
      if (png) writeFileSync(path.join(outDir, `lan-legacy-failure-${name}.png`), Buffer.from(png, "base64"));
    }
    throw e;
  }
});
