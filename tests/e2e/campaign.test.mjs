// End to end: a Pan's Island campaign through the real app. Two Heroes tap in sleeves whose
// Hook circles sit on the other Hero's start; each explores where they stand until Captain Hook
// catches them; the loss is shown at once and the campaign's Event envelope changes.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { until } from "selenium-webdriver";
import { appFixture, byTestId, openApp, screenshot, tap, tapInside } from "./app.mjs";

appFixture("neverland-e2e-campaign-");

/** Taps the mini-card drawing at card millimetres (x, y). */
async function tapCardAt(session, x, y) {
  const card = await session.wait(until.elementLocated(byTestId("mini-card")), 10000);
  await tapInside(
    session,
    card,
    `(el) => { const r = el.getBoundingClientRect(); return [r.left + ${x / 60} * r.width, r.top + ${y / 90} * r.height]; }`,
  );
}

/** Taps the board where the Hero of `seat` stands. */
async function tapBoardAtHero(session, seat) {
  const board = await session.findElement(byTestId("board"));
  await tapInside(
    session,
    board,
    `(el) => { const c = el.querySelector('[data-testid="hero-${seat}"] circle').getBoundingClientRect();
               return [c.x + c.width / 2, c.y + c.height / 2]; }`,
  );
}

async function phase(session) {
  return (await session.wait(until.elementLocated(byTestId("phase")), 10000)).getAttribute("data-phase");
}

async function sleeveByHand(session, seat, cross, hook) {
  // The tablet has reached this seat's holder (the screen re-renders when it does).
  await session.wait(async () => {
    const pass = await session.findElements(byTestId("pass"));
    return pass.length === 1 && (await pass[0].getText()).includes(`seat ${seat}`);
  }, 10000);
  await tap(session, "holder-ready");
  await tap(session, "mode-cross");
  await tapCardAt(session, ...cross);
  await tap(session, "mode-hook");
  await tapCardAt(session, ...hook);
  await tap(session, "confirm-sleeve");
  await session.wait(async () => (await session.findElements(byTestId("sleeve-screen"))).length === 0, 10000);
}

async function visions(session, players) {
  for (let seat = 0; seat < players; seat++) {
    await tap(session, "visions-ready");
    await tap(session, "draw-distance");
    await tap(session, "draw-direction");
    // From round 2: clear the neighbour's board down to 2 Visions before playing.
    for (;;) {
      const remove = await session.findElements(byTestId("remove-card"));
      if (remove.length <= 2) break;
      await tap(session, "remove-card");
      await session.wait(async () => (await session.findElements(byTestId("remove-card"))).length < remove.length, 10000);
    }
    await tap(session, "play-gauge");
    // The hand re-renders after each play: wait for 5 cards left (a stale element just retries).
    await session.wait(async () => {
      try {
        const b = await session.findElements(byTestId("play-gauge"));
        return b.length === 5 && (await b[0].isEnabled());
      } catch {
        return false;
      }
    }, 10000);
    await tap(session, "play-gauge");
    await tap(session, "visions-finish");
  }
  await tap(session, "start-acting");
  await session.wait(async () => (await phase(session)) === "act", 10000);
}

test("a campaign game is lost to Captain Hook and the envelope changes", async () => {
  const { session } = await openApp();
  try {
    await tap(session, "start-campaign");
    await session.wait(until.elementLocated(byTestId("envelope")), 10000);
    await screenshot(session, "campaign-01-new");
    await tap(session, "campaign-hero-peter-pan");
    await tap(session, "campaign-hero-wendy");
    await tap(session, "campaign-next");
    assert.equal(await phase(session), "sleeves");

    // Peter Pan (seat 1) holds the sleeve Wendy's explorations are checked against, and Wendy
    // (seat 2) the one for Peter's: each puts a Hook circle on the other's start (board 150,700
    // and 150,200 = card 15,70 and 15,20); the crosses lie far away.
    await sleeveByHand(session, 1, [45, 45], [15, 70]);
    await sleeveByHand(session, 2, [48, 30], [15, 20]);

    let rounds = 0;
    while ((await phase(session)) !== "ended" && rounds < 5) {
      rounds += 1;
      await visions(session, 2);
      for (let turn = 0; turn < 2 && (await phase(session)) === "act"; turn++) {
        const active = Number(await (await session.findElement(byTestId("act"))).getAttribute("data-active"));
        await tap(session, "tool-explore");
        await tapBoardAtHero(session, active);
        await tap(session, "ask-referee");
        const verdict = await session.wait(until.elementLocated(byTestId("verdict")), 10000);
        assert.match(await verdict.getText(), /Captain Hook is here!/);
        if (rounds === 1 && turn === 0) await screenshot(session, "campaign-02-hook-met");
        if ((await phase(session)) === "ended") break;
        await tap(session, "end-turn");
      }
    }
    const end = await session.wait(until.elementLocated(byTestId("end")), 10000);
    assert.equal(await end.getAttribute("data-outcome"), "lost");
    await screenshot(session, "campaign-03-lost");

    await tap(session, "to-campaign");
    const games = await session.wait(until.elementLocated(byTestId("campaign-games")), 10000);
    assert.match(await games.getText(), /Lost/);
    const added = await session.findElements(byTestId("envelope-event"));
    assert.ok(added.length >= 1, "a lost game adds a positive Event to the envelope");
    await screenshot(session, "campaign-04-envelope");
  } catch (e) {
    await screenshot(session, "campaign-failure");
    throw e;
  } finally {
    await session.quit();
  }
});
