// End to end: a 3-player Pan's Island game played to a win through the real app. Peter Pan's
// sleeve comes from a photo file made by our sleeve generator, its cross then dragged into place;
// the others are tapped in by hand. Each Hero explores where they stand; the crosses are set so
// that Wendy and Tiger Lily find Children in round 1 (each find starts the new-sleeve flow for the
// finder's left neighbour), Wendy repositions a Vision in round 2, and the fourth Child wins.
// Along the way a verdict is undone, and the history keeps it as taken back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { until } from "selenium-webdriver";
import { appFixture, byTestId, dragInside, openApp, root, screenshot, tap } from "./app.mjs";
import { cardPoint as card, confirmSleeve, endTurn, passedTo, phase, sleeveByHand, tapBoardAtHero, visionsOf } from "./pans-helpers.mjs";

const fx = appFixture("neverland-e2e-pans-win-", { NEVERLAND_SEED: "5" });

async function exploreWhereStanding(session) {
  const act = await session.wait(until.elementLocated(byTestId("act")), 10000);
  await tap(session, "tool-explore");
  await tapBoardAtHero(session, Number(await act.getAttribute("data-active")));
  await tap(session, "ask-referee");
  return (await session.wait(until.elementLocated(byTestId("verdict")), 10000)).getText();
}

test("a three-player game is won with the fourth Lost Child", async () => {
  const photo = path.join(fx.dir, "peter.jpg");
  const truth = JSON.parse(
    execFileSync(path.join(root, "target/debug/sleeve-synth"), ["43", photo, "1600", "1250", "1100"], {
      encoding: "utf8",
    }),
  );
  const { session } = await openApp();
  try {
    for (const h of ["peter-pan", "wendy", "tiger-lily"]) await tap(session, `hero-${h}`);
    await tap(session, "start-pans");
    const checklist = await session.wait(until.elementLocated(byTestId("setup-checklist")), 10000);
    assert.match(await checklist.getText(), /for 3 players 5 Distance and 7 Direction/);
    await screenshot(session, "pans-win-01-checklist");

    // Seat 1, Peter Pan: his sleeve is checked when Tiger Lily explores. Read from the photo,
    // then the read cross is dragged onto Tiger Lily's start.
    await passedTo(session, 1);
    assert.match(await (await session.wait(until.elementLocated(byTestId("mini-number")), 10000)).getText(), /mini-card is no\. \d/);
    await (await session.wait(until.elementLocated(byTestId("photo")), 10000)).sendKeys(photo);
    const summary = await session.wait(until.elementLocated(byTestId("scan-summary")), 20000);
    await session.wait(until.elementTextMatches(summary, new RegExp(`On the card now: ${truth.hooks.length} Hook circles`)), 20000);
    await dragInside(
      session,
      await session.findElement(byTestId("mini-card")),
      card(truth.cross.x, truth.cross.y),
      card(45, 20),
    );
    const moved = await session.executeScript(
      `const g = document.querySelector('[data-testid="mini-card"] .cross-mark');
       return g.getAttribute("transform");`,
    );
    const [, mx, my] = moved.match(/translate\(([-\d.]+) ([-\d.]+)\)/).map(Number);
    assert.ok(Math.hypot(mx - 45, my - 20) < 1.5, `the cross was dragged to ${mx},${my}`);
    await screenshot(session, "pans-win-02-cross-dragged");
    await confirmSleeve(session);
    // Seat 2, Wendy (checked when Peter explores): the Child is far from Peter.
    await sleeveByHand(session, 2, [30, 80], [50, 50]);
    // Seat 3, Tiger Lily (checked when Wendy explores): the Child where Wendy stands.
    await sleeveByHand(session, 3, [15, 70], [45, 50]);
    await session.wait(async () => (await phase(session)) === "visions", 10000);

    // Round 1.
    for (let seat = 0; seat < 3; seat++) await visionsOf(session);
    await tap(session, "start-acting");
    await session.wait(async () => (await phase(session)) === "act", 10000);
    // Peter Pan finds nothing; the verdict is undone, and the record says so.
    assert.match(await exploreWhereStanding(session), /No sign of Hook[\s\S]*No Lost Child here/);
    // Taking back a verdict the table heard is asked first.
    await tap(session, "undo");
    await tap(session, "undo-yes");
    const withdrawn = await session.wait(until.elementLocated(byTestId("withdrawn")), 10000);
    assert.match(await withdrawn.getText(), /undone after the referee had answered: Round 1, Peter Pan explored: No sign of Hook · No Lost Child here/);
    await session.executeScript("arguments[0].scrollIntoView({block: 'center'})", withdrawn);
    await screenshot(session, "pans-win-03-verdict-undone");
    assert.match(await exploreWhereStanding(session), /No Lost Child here/);
    await endTurn(session);
    // Wendy finds Tiger Lily's Child: the table reads it, then Tiger Lily takes a new sleeve.
    assert.match(await exploreWhereStanding(session), /Lost Child found!/);
    await screenshot(session, "pans-win-04-child-found");
    await sleeveByHand(session, 3, [15, 70], [45, 50]);
    await endTurn(session);
    // Tiger Lily finds Peter Pan's (the photographed sleeve); Peter Pan takes a new one.
    assert.match(await exploreWhereStanding(session), /Lost Child found!/);
    await sleeveByHand(session, 1, [45, 20], [15, 80]);
    await endTurn(session);

    // Round 2: Wendy moves the Direction Vision she gave Peter Pan before playing.
    await session.wait(async () => (await phase(session)) === "visions", 10000);
    await visionsOf(session);
    await visionsOf(session, async () => {
      const before = await (await session.findElement(byTestId("reposition-card"))).getText();
      await session.executeScript(
        `const r = document.querySelector('[data-testid="reposition-at"]');
         r.value = "0.9"; r.dispatchEvent(new Event("input", { bubbles: true }));`,
      );
      await tap(session, "reposition-card");
      await session.wait(async () => {
        const b = await session.findElements(byTestId("reposition-card"));
        return b.length > 0 && (await b[0].getText()) !== before && /now at 90%/.test(await b[0].getText());
      }, 10000);
      await screenshot(session, "pans-win-05-wendy-repositions");
    });
    await visionsOf(session);
    await tap(session, "start-acting");
    await session.wait(async () => (await phase(session)) === "act", 10000);
    assert.match(await exploreWhereStanding(session), /Lost Child found!/);
    await sleeveByHand(session, 3, [15, 70], [45, 50]);
    await endTurn(session);
    assert.match(await exploreWhereStanding(session), /Lost Child found!/);
    const end = await session.wait(until.elementLocated(byTestId("end")), 10000);
    assert.equal(await end.getAttribute("data-outcome"), "won");
    const filled = await session.executeScript(
      `return document.querySelectorAll('[data-testid="child-track"] li.on').length`,
    );
    assert.equal(filled, 4);
    await screenshot(session, "pans-win-06-won");
  } catch (e) {
    await screenshot(session, "pans-win-failure").catch(() => undefined);
    throw e;
  } finally {
    await session.quit();
  }
});
