// End to end (issue 18): the app hosts a Pan's Island table on loopback and two players join from
// their own browsers (Debian's chromium driven by chromedriver). The host admits each device;
// each seat sets up its own sleeve on its own page (Peter by hand, Wendy from a photo); the
// Visions a holder draws appear on that seat only; the referee's verdict reaches both seats, and
// a seat's page reloaded is still that seat.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { By, until } from "selenium-webdriver";
import { appFixture, byTestId, lookAtChecks, openApp, outDir, root, tap, tapInside } from "./app.mjs";
import { audit } from "./a11y.mjs";
import { sleep } from "./harness.mjs";
import { browser, freePort, joinUrl, lanPassed, openOnLoopback, startChromedriver } from "./lan-helpers.mjs";
import { cardPoint, phase } from "./pans-helpers.mjs";

const lanPort = await freePort();
const fx = appFixture("neverland-e2e-lan-", { NEVERLAND_SEED: "12", NEVERLAND_LAN_PORT: String(lanPort) });

const step = (n) => process.env.LAN_E2E_TRACE && process.stderr.write(`step at line ${n}\n`);

/** A device opens the join address, asks for `player`'s seat, the host admits it. */
async function join(host, seat, url, player, name) {
  await seat.get(url);
  await seat.wait(until.elementLocated(byTestId("join-seat")), 20000);
  if (player === 0) await audit(seat, "lan-seat-join", outDir);
  // The seats come from the host (the table's Heroes) a moment after the page opens.
  await (await seat.wait(until.elementLocated(By.css(`[data-testid="join-seat"] option[value="${player}"]`)), 10000)).click();
  await (await seat.findElement(byTestId("join-name"))).sendKeys(name);
  await tap(seat, "join-ask");
  await seat.wait(until.elementLocated(byTestId("join-waiting")), 10000);
  await tap(host, "invite-admit");
  await seat.wait(until.elementLocated(byTestId("seated")), 20000);
}

/** The seat's own sleeve, tapped in by hand on its own page: the cross and one Hook circle. */
async function sleeveByHand(seat, cross, hook) {
  // The player's own device: no tablet is passed around.
  const pass = await seat.wait(until.elementLocated(byTestId("pass")), 10000);
  assert.doesNotMatch(await pass.getText(), /tablet/);
  await tap(seat, "holder-ready");
  await tap(seat, "mode-cross");
  await tapInside(seat, await seat.wait(until.elementLocated(byTestId("mini-card")), 10000), cardPoint(...cross));
  await tap(seat, "mode-hook");
  await tapInside(seat, await seat.findElement(byTestId("mini-card")), cardPoint(...hook));
  await tap(seat, "confirm-sleeve");
  await seat.wait(async () => (await seat.findElements(byTestId("sleeve-screen"))).length === 0, 20000);
}

/**
 * The seat's own sleeve from a photo chosen on its page (made by our sleeve generator), read by
 * the host and confirmed on the seat.
 */
async function sleeveByPhoto(seat) {
  const photo = path.join(fx.dir, "sleeve.jpg");
  const truth = JSON.parse(
    execFileSync(path.join(root, "target/debug/sleeve-synth"), ["41", photo, "1600", "1250", "1100"], { encoding: "utf8" }),
  );
  const pass = await seat.wait(until.elementLocated(byTestId("pass")), 10000);
  assert.doesNotMatch(await pass.getText(), /tablet/);
  await tap(seat, "holder-ready");
  await (await seat.wait(until.elementLocated(byTestId("photo")), 10000)).sendKeys(photo);
  const summary = await seat.wait(until.elementLocated(byTestId("scan-summary")), 30000);
  await seat.wait(until.elementTextMatches(summary, new RegExp(`${truth.hooks.length} Hook circles`)), 30000);
  await lookAtChecks(seat);
  await tap(seat, "confirm-sleeve");
  await seat.wait(async () => (await seat.findElements(byTestId("sleeve-screen"))).length === 0, 20000);
}

/** The text of each card in the seat's hand as its page shows it. */
async function handOf(seat) {
  const items = await seat.findElements(By.css('[data-testid="hand"] li > span'));
  return Promise.all(items.map((span) => span.getText()));
}

test("two players join from their own browsers, set up their sleeves and see only their own Visions", async () => {
  const { session: host } = await openApp();
  const driverPort = await startChromedriver();
  for (const h of ["peter-pan", "wendy"]) await tap(host, `hero-${h}`);
  await tap(host, "start-pans");
  assert.equal(await phase(host), "sleeves");

  // The host opens the table on loopback.
  await tap(host, "invite-players");
  const first = await openOnLoopback(host);
  assert.match(first, new RegExp(`^http://127\\.0\\.0\\.1:${lanPort}/\\?join=`));

  const peter = await browser(driverPort);
  const wendy = await browser(driverPort);
  try {
    await seatsPlay(host, first, peter, wendy);
    lanPassed();
  } catch (e) {
    // What each page showed when the round stopped, for the failure report.
    for (const [name, s] of [["host", host], ["peter", peter], ["wendy", wendy]]) {
      const text = await s.executeScript("return document.body.innerText").catch(() => "?");
      process.stderr.write(`--- ${name}'s page:\n${text}\n`);
      const png = await s.takeScreenshot().catch(() => null);
      if (png) writeFileSync(path.join(outDir, `lan-failure-${name}.png`), Buffer.from(png, "base64"));
    }
    throw e;
  }
});

/** The seats join, set up their sleeves and play their Visions; the host asks the referee. */
async function seatsPlay(host, first, peter, wendy) {
  await join(host, peter, first, 0, "Ana");
  const second = await joinUrl(host);
  assert.notEqual(second, first, "a join secret serves one request");
  await join(host, wendy, second, 1, "Ben");
  // The host goes back to the game: the seats' changes must reach the window there too.
  await tap(host, "invite-back");

  // Each seat sets up its own sleeve on its own page.
  await sleeveByHand(peter, [20, 60], [30, 20]);
  await sleeveByPhoto(wendy);
  await peter.wait(until.elementLocated(byTestId("visions-ready")), 20000);

  // Peter's Visions: on his page only.
  assert.doesNotMatch(await (await peter.findElement(byTestId("visions-pass"))).getText(), /tablet/);
  await tap(peter, "visions-ready");
  await tap(peter, "draw-distance");
  await tap(peter, "draw-direction");
  await peter.wait(async () => (await peter.findElements(By.css('[data-testid="hand"] li'))).length >= 2, 10000);
  const hand = await handOf(peter);
  await audit(peter, "lan-seat-visions", outDir);
  await audit(wendy, "lan-seat-table", outDir);
  assert.ok(hand.length >= 2, `Peter holds his Visions: ${hand}`);
  await sleep(500); // let the push of Peter's draw reach Wendy's page
  const own = await peter.getPageSource();
  for (const card of hand) assert.ok(own.includes(card), `Peter's page shows his card ${card}`);
  const elsewhere = await wendy.getPageSource();
  assert.equal((await wendy.findElements(By.css('[data-testid="hand"] li'))).length, 0, "Wendy's page shows no hand of Peter's");
  for (const card of hand) assert.ok(!elsewhere.includes(card), `Wendy's page holds Peter's card ${card}`);

  await playTwo(peter);

  // Wendy's Visions: Peter's hand is not on her page either way round.
  await tap(wendy, "visions-ready");
  await tap(wendy, "draw-distance");
  await tap(wendy, "draw-direction");
  await wendy.wait(async () => (await wendy.findElements(By.css('[data-testid="hand"] li'))).length >= 2, 10000);
  const hers = await handOf(wendy);
  const peterNow = await peter.getPageSource();
  for (const card of hers) if (!hand.includes(card)) assert.ok(!peterNow.includes(card), `Peter's page holds Wendy's card ${card}`);
  await playTwo(wendy);

  // The host acts: Peter explores where he stands and the referee answers.
  await tap(host, "start-acting");
  await host.wait(async () => (await phase(host)) === "act", 10000);
  await tap(host, "tool-explore");
  await tapInside(
    host,
    await host.findElement(byTestId("board")),
    `(el) => { const c = el.querySelector('[data-testid="hero-0"] circle').getBoundingClientRect();
               return [c.x + c.width / 2, c.y + c.height / 2]; }`,
  );
  await tap(host, "ask-referee");
  const verdict = await host.wait(until.elementLocated(byTestId("verdict")), 10000);
  const said = await verdict.getText();
  const lines = ["Captain Hook is here!", "No sign of Hook", "Lost Child found!", "No Lost Child here"].filter((l) => said.includes(l));
  assert.ok(lines.length >= 1, `the host shows a verdict: ${said}`);
  for (const seat of [peter, wendy]) {
    const v = await seat.wait(until.elementLocated(byTestId("seat-verdict")), 10000);
    const text = await v.getText();
    for (const l of lines) assert.ok(text.includes(l), `the seat shows the host's verdict "${l}": ${text}`);
  }
  // The token survives a reload: Wendy's page comes back as her seat, verdict and all.
  await wendy.navigate().refresh();
  const again = await wendy.wait(until.elementLocated(byTestId("seated")), 20000);
  assert.match(await again.getText(), /Wendy/);
  const v = await wendy.wait(until.elementLocated(byTestId("seat-verdict")), 10000);
  for (const l of lines) assert.ok((await v.getText()).includes(l), "the reloaded seat shows the verdict");
}

/**
 * Plays two Visions onto the neighbour's gauge. On a seat's page the Visions close by themselves
 * once the holder's Visions are done (there is no tablet to pass on).
 */
async function playTwo(seat) {
  const open = async () => (await seat.findElements(byTestId("visions"))).length === 1;
  for (let i = 0; i < 2; i++) {
    // The buttons are enabled once both Visions are drawn and the page has the hand after the
    // last command: only then is the hand counted (counted earlier, it could miss the second
    // draw, and the play that followed looked lost).
    await seat.wait(async () => {
      const b = await seat.findElements(byTestId("play-gauge"));
      return b.length > 0 && (await b[0].isEnabled());
    }, 10000);
    const before = (await seat.findElements(byTestId("play-gauge"))).length;
    await tap(seat, "play-gauge");
    await seat.wait(async () => !(await open()) || (await seat.findElements(byTestId("play-gauge"))).length === before - 1, 10000);
  }
  await seat.wait(async () => !(await open()), 10000);
}
