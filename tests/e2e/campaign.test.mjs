// End to end: a Pan's Island campaign through the real app. Two Heroes tap in sleeves whose
// Hook circles sit on the other Hero's start; each explores where they stand until Captain Hook
// catches them; the loss is shown at once and the campaign's Event envelope changes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { until } from "selenium-webdriver";
import { appFixture, byTestId, openApp, screenshot, tap } from "./app.mjs";
import { endTurn, phase, sleeveByHand, tapBoardAtHero, visionsRound } from "./pans-helpers.mjs";

appFixture("neverland-e2e-campaign-", { NEVERLAND_SEED: "5" });

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
      await visionsRound(session, 2);
      for (let turn = 0; turn < 2 && (await phase(session)) === "act"; turn++) {
        const active = Number(await (await session.findElement(byTestId("act"))).getAttribute("data-active"));
        await tap(session, "tool-explore");
        await tapBoardAtHero(session, active);
        await tap(session, "ask-referee");
        const verdict = await session.wait(until.elementLocated(byTestId("verdict")), 10000);
        assert.match(await verdict.getText(), /Captain Hook is here!/);
        if (rounds === 1 && turn === 0) await screenshot(session, "campaign-02-hook-met");
        if ((await phase(session)) === "ended") break;
        await endTurn(session);
      }
    }
    const end = await session.wait(until.elementLocated(byTestId("end")), 10000);
    assert.equal(await end.getAttribute("data-outcome"), "lost");
    await screenshot(session, "campaign-03-lost");
    // The Explore that lost the game says nothing about a Child; now every sleeve can be shown.
    assert.doesNotMatch(await (await session.findElement(byTestId("verdict"))).getText(), /Child|Not here/);
    await tap(session, "reveal");
    const revealed = await session.wait(until.elementLocated(byTestId("revealed")), 10000);
    assert.match(await revealed.getText(), /Sleeve 1, held by Peter Pan[\s\S]*Sleeve 2, held by Wendy/);
    assert.equal((await session.findElements(byTestId("revealed-1"))).length, 1);
    await screenshot(session, "campaign-03b-revealed");

    await tap(session, "to-campaign");
    const games = await session.wait(until.elementLocated(byTestId("campaign-games")), 10000);
    assert.match(await games.getText(), /Lost/);
    const added = await session.findElements(byTestId("envelope-event"));
    assert.ok(added.length >= 1, "a lost game adds a positive Event to the envelope");
    await screenshot(session, "campaign-04-envelope");
  } catch (e) {
    await screenshot(session, "campaign-failure").catch(() => undefined);
    throw e;
  } finally {
    await session.quit();
  }
});
