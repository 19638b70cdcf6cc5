// End to end: whole Neverland's Legacy games through the real app, from the new-game screen to
// the end, with fixed seeds: a 2-player Lost Allies game and a 2-player Pirates game. The players
// follow a plain plan each turn, read off the screen: fight an Enemy marked ⚔ (lowest id first),
// search when the tile says so, step off the Rowboat beside Enemies, move to a tile with Enemies,
// row to a Shore with Enemies, board the Rowboat where there are none; then end the Actions (or perform the Mandatory
// Action the screen offers); draw, resolve, and apply each activation's first option (once a game,
// the players first choose another Enemy of the colour to activate next). Every
// screen state met along the way is saved once as a screenshot. The whole game file is then
// exported, and opened again as a new game at the same step.
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { By, until } from "selenium-webdriver";
import { appFixture, byTestId, cli, clickElement, openApp, screens, screenshot, tap } from "./app.mjs";
import { tablePhase, waitStage } from "./legacy-helpers.mjs";

const fx = appFixture("neverland-e2e-games-");

const attr = async (el, name) => el.getAttribute(name);
let searchShot = false;

/** The element with the smallest `key` among `els`. */
async function smallest(els, key) {
  let best = null;
  for (const el of els) {
    const k = await key(el);
    if (best === null || k < best.k) best = { el, k };
  }
  return best?.el ?? null;
}

/** One step of the plan for the Actions; returns a word for the log (and the taps, when not 1). */
async function actionStep(session) {
  const fights = await session.findElements(By.css('[data-fight="true"]'));
  if (fights.length) {
    await clickElement(session, await smallest(fights, (e) => attr(e, "data-testid")));
    return "fight";
  }
  // Search is offered in the turn panel when the rules allow it: one tap, and the card drawn is
  // shown with what it did.
  const search = await session.findElements(By.css('[data-testid="act-search"][data-legal="true"]'));
  if (search.length) {
    const before = await session.findElements(By.css('[data-testid="table-history"] li'));
    await clickElement(session, search[0]);
    await session.wait(async () => (await session.findElements(By.css('[data-testid="table-history"] li'))).length > before.length, 10000);
    const cards = await session.findElements(byTestId("search-card"));
    assert.ok(cards.length > 0, "the Search card drawn is shown");
    if (!searchShot) {
      searchShot = true;
      await screens(session, "09b-legacy-search-card-shown");
    }
    const newest = await (await session.findElement(By.css('[data-testid="table-history"] li'))).getText();
    assert.match(newest, /searched — drew /);
    return "search";
  }
  const occupied = async (loc) => (await session.findElements(By.css(`[data-testid="area-${loc}"] [data-testid^="enemy-"]`))).length > 0;
  const here = await session.executeScript(
    "return document.querySelector('.tile.here [data-testid^=\"tile-\"]')?.dataset.testid.slice(5) ?? null",
  );
  const stepOff = await session.findElements(By.css('[data-testid="act-step-off"][data-legal="true"]'));
  if (stepOff.length && here && (await occupied(here))) {
    await clickElement(session, stepOff[0]);
    return "step-off";
  }
  const moves = [];
  for (const el of await session.findElements(By.css('[data-move="true"]'))) {
    if (await occupied((await attr(el, "data-testid")).slice(5))) moves.push(el);
  }
  if (moves.length) {
    await clickElement(session, await smallest(moves, (e) => attr(e, "data-testid")));
    return "move";
  }
  const rows = [];
  for (const el of await session.findElements(By.css('[data-testid="act-row"][data-legal="true"]'))) {
    const to = await attr(el, "data-to");
    if (to !== here && (await occupied(to))) rows.push(el);
  }
  if (rows.length) {
    await clickElement(session, await smallest(rows, (e) => attr(e, "data-to")));
    return "row";
  }
  const board = await session.findElements(By.css('[data-testid="act-board"][data-legal="true"]'));
  if (board.length && !(here && (await occupied(here)))) {
    await clickElement(session, board[0]);
    return "board";
  }
  const end = await session.findElement(byTestId("end-actions"));
  if ((await attr(end, "data-can-end")) === "true") {
    await clickElement(session, end);
    // With Actions unused the screen asks once.
    const confirm = await session.findElements(byTestId("end-confirm"));
    if (confirm.length) {
      await clickElement(session, confirm[0]);
      return ["end", 2];
    }
    return "end";
  }
  await tap(session, "mandatory-option");
  return "mandatory";
}

/**
 * Plays the game on screen to its end; returns what was done, counted, and each turn's taps
 * (Morale Check to the end of its Threat) with its Actions and activations.
 */
async function playToEnd(session, name) {
  const done = {};
  const seen = new Set();
  const turns = [];
  for (let i = 0; i < 400; i++) {
    const { stage, steps } = await tablePhase(session);
    if (!seen.has(stage)) {
      seen.add(stage);
      await screenshot(session, `${name}-${stage}`);
    }
    if (stage === "over") return { done, turns };
    let what = stage;
    let taps = 1;
    if (stage === "morale") {
      turns.push({ taps: 0, actions: 0, activations: 0, ties: 0 });
      await tap(session, "morale");
    } else if (stage === "actions") {
      const step = await actionStep(session);
      [what, taps] = Array.isArray(step) ? step : [step, 1];
      if (what !== "end") turns.at(-1).actions += 1;
    } else if (stage === "activations") {
      // The players choose the order once a game: the last Enemy the screen offers goes next.
      const order = done.order ? [] : await session.findElements(byTestId("choose-next"));
      if (order.length) {
        await clickElement(session, order.at(-1));
        what = "order";
      } else {
        turns.at(-1).activations += 1;
        if ((await session.findElements(byTestId("apply-option"))).length > 1) turns.at(-1).ties += 1;
        await tap(session, "apply-option");
      }
    }
    else if (stage === "draw") await tap(session, "draw");
    else if (stage === "colour") {
      // The Threat card is shown as it reads before it resolves.
      assert.match(await (await session.findElement(byTestId("threat-card"))).getText(), /[▲■●] (Red|Blue|Yellow)|Named Enemy/);
      await tap(session, "resolve");
    }
    if (turns.length) turns.at(-1).taps += taps;
    done[what] = (done[what] ?? 0) + 1;
    // The command is stored before the screen changes: wait for the next step.
    await session.wait(async () => {
      try {
        return (await tablePhase(session)).steps > steps;
      } catch {
        return false;
      }
    }, 10000);
    // Whatever drew Search cards (a Character's Search or an Enemy's), the cards are on screen.
    const newest = await session.executeScript(
      `return document.querySelector('[data-testid="table-history"] li')?.textContent ?? "";`,
    );
    if (/— drew /.test(newest) && (await tablePhase(session)).stage !== "over") {
      const shown = await session.findElements(byTestId("search-card"));
      assert.ok(shown.length > 0, `the Search card drawn is shown: ${newest}`);
      done.searchShown = (done.searchShown ?? 0) + 1;
    }
  }
  throw new Error(`no end after 400 commands: ${JSON.stringify(done)}`);
}

async function newGame(session, scenario, seed) {
  await tap(session, `scenario-${scenario}`);
  await tap(session, "players-2");
  const s = await session.findElement(byTestId("seed"));
  await s.clear();
  await s.sendKeys(seed);
  await tap(session, "start-table");
  await waitStage(session, "morale");
}

for (const { scenario, seed, name } of [
  { scenario: "lost-allies", seed: "18", name: "game-lost-allies" },
  { scenario: "pirates", seed: "1", name: "game-pirates" },
]) {
  test(`a whole 2-player ${scenario} game is played to its end (seed ${seed})`, async () => {
    const { session } = await openApp();
    try {
      await newGame(session, scenario, seed);
      const { done, turns } = await playToEnd(session, name);
      const phase = await session.findElement(byTestId("table-phase"));
      const text = await phase.getText();
      assert.match(text, /won|lost/i);
      console.log(`${scenario} seed ${seed}: ${text} · ${JSON.stringify(done)}`);
      console.log(`taps a turn (actions/activations/ties): ${turns.map((t) => `${t.taps} (${t.actions}/${t.activations}/${t.ties})`).join(", ")}`);
      // A standard turn (at most 4 Actions, 3 activations, no ties) takes at most 12 taps.
      const standard = turns.filter((t) => t.actions <= 4 && t.activations <= 3 && t.ties === 0);
      assert.ok(standard.length > 0, "some turns are standard");
      for (const t of standard) assert.ok(t.taps <= 12, `a standard turn took ${t.taps} taps`);
      console.log(`standard turns: ${standard.length}, taps ${Math.min(...standard.map((t) => t.taps))}–${Math.max(...standard.map((t) => t.taps))}`);
      assert.ok((done.fight ?? 0) + (done.move ?? 0) + (done.row ?? 0) + (done.search ?? 0) > 0, "the Characters acted");
      assert.ok((done.activations ?? 0) > 0, "Enemies activated");
      assert.equal(done.order, 1, "the players chose which Enemy activated next, once");
      // The game stays readable: the board, the Characters and the history are all there.
      const history = await session.findElements(By.css('[data-testid="table-history"] li'));
      assert.ok(history.length > 20, `${history.length} history lines`);
      // Every Search, a Character's or an Enemy's, names the card it drew.
      const lines = await session.executeScript(
        `return [...document.querySelectorAll('[data-testid="table-history"] li')].map((li) => li.textContent);`,
      );
      for (const l of lines.filter((x) => / searched/.test(x))) assert.match(l, /— drew /, l);
      assert.ok(lines.some((x) => /— drew /.test(x)), "some Search card was drawn and named");
      const endSteps = (await tablePhase(session)).steps;

      // Back on the Games screen: the row says lost (or won), the players and the turn.
      await tap(session, "back");
      const row = await session.wait(until.elementLocated(byTestId("game-row")), 10000);
      assert.match(await row.getText(), /Lost|Won/);
      if (scenario === "pirates") await screens(session, "01b-games-list");
      assert.match(await (await session.findElement(byTestId("row-progress"))).getText(), /2 players · turn \d+/);
      await tap(session, "export-record");
      const record = await (await session.wait(until.elementLocated(byTestId("exported-record")), 10000)).getText();
      await screenshot(session, `${name}-games-export`);
      const file = path.join(fx.dir, `${name}.json`);
      writeFileSync(file, record);
      const replayed = JSON.parse(cli("legacy", "replay", file));
      assert.equal(replayed.phase.stage, "over");
      // Opened again: a new game at the same end.
      await (await session.findElement(byTestId("import-record"))).sendKeys(file);
      await waitStage(session, "over");
      assert.equal(await (await session.findElement(byTestId("table-phase"))).getText(), text);
      assert.ok((await tablePhase(session)).steps <= endSteps);
      await screenshot(session, `${name}-imported`);
    } catch (e) {
      await screenshot(session, `${name}-failure`).catch(() => undefined);
      throw e;
    } finally {
      await session.quit();
    }
  });
}
