// End to end: a Neverland's Legacy table game on the full rules engine through the real app:
// new game, one turn (Morale Check, a flight to the Bow, end of Actions), the Threat drawn (what
// each colour would cost, asked of the advisor) and every activation applied, undo, export of
// the table as a position file the command line accepts, the same step after a restart, and
// after the app is killed (kill -9) mid-turn the same table as the screen last showed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { By, until } from "selenium-webdriver";
import { appFixture, byTestId, cli, clickElement, killApp, openApp, resizeWindow, screens, screensDir, screenshot, tap } from "./app.mjs";
import { SIZES, enabledIllegal, outsideViewport, stage, waitStage } from "./legacy-helpers.mjs";
import { smallTargets } from "./a11y.mjs";

const fx = appFixture("neverland-e2e-table-");

/**
 * At each window size: the whole drawn board, the step and its control lie inside the viewport
 * (element rectangles), every tile and token on the board is at least 44×44 px, and no button the
 * engine refuses is enabled. A screenshot of each.
 */
async function fitsEverySize(session, name) {
  for (const size of SIZES) {
    await resizeWindow(session, size);
    await screenshot(session, `${name}-${size.width}x${size.height}`);
    assert.deepEqual(await outsideViewport(session), [], `${name} at ${size.width}x${size.height}`);
    assert.deepEqual(await smallTargets(session, '[data-testid="table-board"]'), [], `${name} at ${size.width}x${size.height}: board targets under 44 px`);
    assert.deepEqual(await enabledIllegal(session), [], `${name}: refused options are disabled`);
  }
  await resizeWindow(session, { width: 1280, height: 800 });
}

test("a Legacy turn and its Threat at the table, undo, export, restart", async () => {
  let { session } = await openApp();
  let taps = 0;
  const press = async (id) => {
    taps += 1;
    return tap(session, id);
  };
  try {
    await tap(session, "scenario-lost-allies");
    await tap(session, "players-2");
    // The odds sentence says the careful bot's measured wins for this scenario and table size.
    const balance = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../assets/legacy/balance.json"), "utf8"));
    const row = balance.rows.find((r) => r.scenario === "lost-allies" && r.players === 2);
    const odds = await session.findElement(byTestId("odds"));
    assert.equal(
      await odds.getText(),
      `With careful play, about ${Math.round((100 * row.won) / row.games)} in 100 games are won at this table size (our careful bot, ${row.games} games measured).`,
    );
    await (await session.findElement(byTestId("seed"))).sendKeys("3");
    await screenshot(session, "table-01-new-game");
    await screens(session, "03-legacy-new-game");
    await tap(session, "start-table");
    await waitStage(session, "morale");
    assert.match(await (await session.findElement(byTestId("table-setup"))).getText(), /Set Captain Hook aside/);
    await screenshot(session, "table-02-set-up");
    await screens(session, "04-legacy-morale-and-set-up");
    await fitsEverySize(session, "table-02-morale");

    // The turn: Morale Check, a flight to the Bow, end of the Actions.
    await press("morale");
    await waitStage(session, "actions");
    // One tap: the Bow is a legal Move, so tapping its tile moves there.
    assert.equal(await (await session.findElement(byTestId("tile-bow"))).getAttribute("data-move"), "true");
    await press("tile-bow");
    await session.wait(async () => (await (await session.findElement(byTestId("tile-bow"))).getText()).includes("Peter Pan"), 10000);
    await screenshot(session, "table-03-actions");
    await screens(session, "05-legacy-actions");
    await fitsEverySize(session, "table-03-actions");

    // An option the rules refuse is disabled with the engine's reason beside it. Forced anyway
    // (its disabled flag removed), the refusal is shown next to it, in names, not ids.
    const refused = await session.findElements(By.css('button[data-legal="false"]'));
    assert.ok(refused.length > 0, "some option is refused here");
    assert.equal(await refused[0].getAttribute("disabled"), "true");
    await session.executeScript("arguments[0].disabled = false; arguments[0].scrollIntoView({block: 'center'})", refused[0]);
    await refused[0].click();
    const popup = await session.wait(until.elementLocated(byTestId("local-error")), 10000);
    const gap = await session.executeScript(
      `const a = arguments[0].getBoundingClientRect(), b = arguments[1].getBoundingClientRect();
       const dy = Math.max(0, b.top - a.bottom, a.top - b.bottom), dx = Math.max(0, b.left - a.right, a.left - b.right);
       return Math.hypot(dx, dy);`,
      refused[0],
      popup,
    );
    assert.ok(gap <= 100, `the error is ${gap} px from the tapped control`);
    const said = await popup.getText();
    assert.doesNotMatch(said, /\b(fore-deck|crows-nest|mid-deck|gun-deck|captains-cabin|crew-quarters|peter-pan|tinker-bell)\b/);
    // Said from the engine's code through the translation table: a sentence in the players' words.
    assert.match(said, /[A-Z][^]*\.\s*(Close)?$/, said);
    await screenshot(session, "table-03c-refused-near-the-tap-window");
    {
      mkdirSync(screensDir, { recursive: true });
      writeFileSync(path.join(screensDir, "06-legacy-refused-near-the-tap-1280x800.png"), Buffer.from(await session.takeScreenshot(), "base64"));
    }
    assert.equal((await session.findElements(byTestId("error"))).length, 0, "no banner far from the tap");
    await screenshot(session, "table-03c-refused-near-the-tap");
    // The Bow's ability in our words, and the searchable rules reference.
    assert.match(await (await session.findElement(byTestId("tile-ability"))).getText(), /While you control it: a Taunt may move two Enemies/);
    // A Character's sheet, tapped: its abilities from the pack.
    await tap(session, "sheet-button-peter-pan");
    assert.match(await (await session.wait(until.elementLocated(byTestId("sheet-peter-pan")), 10000)).getText(), /Destiny: .*\(rulebook, RB 206/);
    await screens(session, "07-legacy-character-sheet-and-ability");
    await tap(session, "sheet-button-peter-pan");
    await tap(session, "rules");
    await (await session.wait(until.elementLocated(byTestId("rules-search")), 10000)).sendKeys("cabin destiny");
    await session.wait(async () => /Captain's Cabin/.test(await (await session.findElement(byTestId("rules-panel"))).getText()), 10000);
    await screenshot(session, "table-03b-rules");
    await tap(session, "rules");
    // Three Actions are unused: ending asks once.
    await press("end-actions");
    assert.match(await (await session.wait(until.elementLocated(byTestId("end-confirm-text")), 10000)).getText(), /3 Actions are still unused/);
    await screens(session, "08-legacy-end-actions-confirm");
    await press("end-confirm");
    await waitStage(session, "draw");

    // The Threat: draw, resolve, then each activation applied (first option). Each answer is
    // timed in the page: from the tap's click event to the frame after the result is in the DOM.
    await session.executeScript(`
      window.__timer = (button, shown) => {
        const h = { t0: null, t1: null };
        document.addEventListener("click", (e) => {
          if (h.t0 === null && e.target.closest('[data-testid="' + button + '"]')) h.t0 = performance.now();
        }, { capture: true });
        const seen = () => {
          if (h.t0 !== null && h.t1 === null && document.querySelector('[data-testid="' + shown + '"]')) {
            h.t1 = -1;
            requestAnimationFrame(() => (h.t1 = performance.now()));
          }
        };
        new MutationObserver(seen).observe(document.body, { subtree: true, childList: true });
        return h;
      };
      window.__draw = window.__timer("draw", "threat-colour");
      window.__hint = window.__timer("resolve", "pending");`);
    await press("draw");
    await waitStage(session, "colour");
    await session.wait(async () => (await session.executeScript("return window.__draw.t1")) > 0, 10000);
    const drawMs = await session.executeScript("return window.__draw.t1 - window.__draw.t0");
    const colour = await (await session.findElement(byTestId("threat-colour"))).getAttribute("data-colour");
    assert.match(colour, /red|blue|yellow/);
    await screenshot(session, "table-04-threat");
    await screens(session, "09-legacy-threat-card-drawn");
    // The card as it reads (colour as shape and word, effect, Discover), its Discover on the board.
    const card = await (await session.findElement(byTestId("threat-card"))).getText();
    assert.match(card, /[▲■●] (Red|Blue|Yellow)|Named Enemy/);
    assert.doesNotMatch(card, /\b(red|blue|yellow)-\d\b/);
    if (/Discover: .* at /.test(card)) assert.ok((await session.findElements(By.css('[data-testid^="discover-"]'))).length > 0);
    await fitsEverySize(session, "table-04-threat");
    // The Destiny advisor beside the drawn card (issue 20): opened, it answers for the three
    // colours in the background; Resolve stays enabled while it works.
    await tap(session, "advice-toggle");
    assert.equal(await (await session.findElement(byTestId("resolve"))).isEnabled(), true);
    await session.wait(async () => (await session.findElements(byTestId("advice-colour"))).length === 3, 20000);
    assert.match(await (await session.findElement(byTestId("destiny-advice"))).getText(), /Best: [\s\S]*Worst: /);
    await screenshot(session, "table-04b-advice");
    await press("resolve");
    let firstHintMs = null;
    for (let i = 0; i < 60; i++) {
      const s = await stage(session);
      if (s !== "activations" && s !== "colour") break;
      const pending = await session.findElements(byTestId("pending"));
      if (pending.length === 0) continue;
      if (firstHintMs === null) {
        await session.wait(async () => (await session.executeScript("return window.__hint.t1")) > 0, 10000);
        firstHintMs = await session.executeScript("return window.__hint.t1 - window.__hint.t0");
        await screenshot(session, "table-05-activation");
        await screens(session, "10-legacy-activation");
        await fitsEverySize(session, "table-05-activation");
      }
      const before = await pending[0].getText();
      await press("apply-option");
      await session.wait(async () => {
        const p = await session.findElements(byTestId("pending"));
        return p.length === 0 || (await p[0].getText()) !== before || (await stage(session)) !== "activations";
      }, 10000).catch(() => undefined);
    }
    await waitStage(session, "morale");
    console.log(
      `taps for the turn and its Threat: ${taps}; draw to the card on screen: ${drawMs.toFixed(0)} ms; resolve to first hint: ${firstHintMs?.toFixed(0) ?? "no activation"} ms`,
    );
    assert.match(await (await session.findElement(byTestId("table-phase"))).getText(), /Tinker Bell/);
    // What the Threat's Discover put on the table, for the players to place.
    assert.match(await (await session.findElement(byTestId("last-discover"))).getText(), new RegExp(`place on the real table`));
    await screenshot(session, "table-06-next-turn");
    await screens(session, "10b-legacy-next-turn-history");

    // Undo goes back one command; redo forward again.
    await tap(session, "undo");
    await session.wait(async () => (await stage(session)) !== "morale", 10000);
    await tap(session, "redo");
    await waitStage(session, "morale");

    // Export: a position file the command line's hints accept.
    await tap(session, "export");
    const text = await (await session.wait(until.elementLocated(byTestId("exported")), 10000)).getText();
    const file = path.join(fx.dir, "table.json");
    writeFileSync(file, text);
    const position = JSON.parse(text);
    assert.equal(position.format, "neverland-legacy-position/1");
    assert.equal(position.characters[0].at, "bow");
    const hints = JSON.parse(cli("legacy", "hints", "--colour", "red", file));
    assert.equal(hints.colour, "red");
  } catch (e) {
    await screenshot(session, "table-failure").catch(() => undefined);
    throw e;
  } finally {
    await session.quit();
  }

  // Restart: the same game at the same step.
  ({ session } = await openApp());
  try {
    await tap(session, "resume");
    await waitStage(session, "morale");
    assert.match(await (await session.findElement(byTestId("tile-bow"))).getText(), /Peter Pan/);
    // Killed without warning in the middle of a turn: every command the screen showed is on disk.
    await tap(session, "morale");
    await waitStage(session, "actions");
    await tap(session, "tile-bow");
    await session.wait(async () => (await (await session.findElement(byTestId("tile-bow"))).getText()).includes("Tinker Bell"), 10000);
    await tap(session, "export");
    const before = await (await session.wait(until.elementLocated(byTestId("exported")), 10000)).getText();
    const killed = await killApp();
    assert.ok(killed.length >= 1, "the app this test started was killed by PID");
    await session.quit().catch(() => undefined);
    ({ session } = await openApp());
    await tap(session, "resume");
    await waitStage(session, "actions");
    await tap(session, "export");
    const after = await (await session.wait(until.elementLocated(byTestId("exported")), 10000)).getText();
    assert.equal(after, before, "the table after kill -9 is the one last shown");
    await resizeWindow(session, { width: 800, height: 1280 });
    await screenshot(session, "table-07-portrait-after-restart");
    await resizeWindow(session, { width: 1280, height: 800 });
  } finally {
    await session.quit();
  }
});

test("a Pirates turn at the table: board the Rowboat, row to a Shore, step off", async () => {
  const { session } = await openApp();
  try {
    await tap(session, "back").catch(() => undefined);
    await tap(session, "scenario-pirates");
    await tap(session, "players-3");
    for (const c of ["captain-hook", "cecco", "smee"]) await tap(session, `char-${c}`);
    await (await session.findElement(byTestId("seed"))).sendKeys("8");
    await tap(session, "start-table");
    await waitStage(session, "morale");
    assert.match(await (await session.findElement(byTestId("tile-jolly-roger"))).getText(), /Cecco/);
    await screenshot(session, "table-07b-pirates-checklist");
    await tap(session, "morale");
    await waitStage(session, "actions");
    const click = async (text) => {
      const b = await session.wait(
        until.elementLocated(By.xpath(`//div[@data-testid='more-actions']/button[contains(normalize-space(.), "${text}")]`)),
        10000,
      );
      await clickElement(session, b);
    };
    await click("Board the Rowboat");
    await click("Row to the Pirate Cove");
    await session.wait(async () => (await (await session.findElement(byTestId("tile-pirate-cove"))).getText()).includes("Captain Hook"), 10000);
    await click("Step off the Rowboat");
    await session.wait(async () => (await (await session.findElement(byTestId("plan"))).getText()).includes("Chosen left: 2"), 10000);
    const history = await (await session.findElement(byTestId("table-history"))).getText();
    assert.match(history, /Captain Hook rowed to the Pirate Cove/);
    assert.match(history, /Captain Hook boarded the Rowboat/);
    await screenshot(session, "table-08-pirates-rowboat");

    // Export the table, and start a new game from that file on the Games screen.
    await tap(session, "export");
    const text = await (await session.wait(until.elementLocated(byTestId("exported")), 10000)).getText();
    const file = path.join(fx.dir, "pirates.json");
    writeFileSync(file, text);
    await tap(session, "back");
    const input = await session.wait(until.elementLocated(byTestId("import-position")), 10000);
    await input.sendKeys(file);
    await waitStage(session, "morale");
    assert.match(await (await session.findElement(byTestId("tile-pirate-cove"))).getText(), /Captain Hook/);
    assert.match(await (await session.findElement(byTestId("table-phase"))).getText(), /Captain Hook's turn/);
    await screenshot(session, "table-09-imported");
  } catch (e) {
    await screenshot(session, "table-failure-pirates").catch(() => undefined);
    throw e;
  } finally {
    await session.quit();
  }
});
