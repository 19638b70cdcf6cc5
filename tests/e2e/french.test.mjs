// End to end: the app in French. The language is picked on the Games screen (and remembered across
// a restart of the window), then a whole Legacy turn is played at the table (Morale Check, a Move,
// end of the Actions, the Threat and every activation) and at every step the page's text is
// scanned for English: every phrase of the English table whose French differs must be absent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { until } from "selenium-webdriver";
import { appFixture, byTestId, openApp, root, screenshot, tap } from "./app.mjs";
import { stage, waitStage } from "./legacy-helpers.mjs";

appFixture("neverland-e2e-french-");

/** key → text of a table's text (`"key": "text",` lines, as the tables are written). */
function table(text) {
  const out = new Map();
  for (const m of text.matchAll(/^\s*"([a-z][\w.-]*)":\s*\n?\s*"((?:[^"\\]|\\.)*)",?$/gm)) out.set(m[1], JSON.parse(`"${m[2]}"`));
  return out;
}
const read = (file) => readFileSync(path.join(root, "ui/src/lib", file), "utf8");
// The errors' lines (`i18n.errors.ts`) are part of each table: English first, then French.
const [errorsEn, errorsFr] = read("i18n.errors.ts").split("export const errorsFr");

const en = table(read("i18n.en.ts") + errorsEn);
const fr = table(read("i18n.fr.ts") + errorsFr);

/** The English phrases that must not be on a French screen: the fixed parts (placeholders and
 * plural choices cut out) of each English string whose French differs, with a letter in them and
 * at least 4 characters, matched as whole words. */
const englishPhrases = [...en]
  .filter(([key, text]) => fr.has(key) && fr.get(key) !== text)
  .flatMap(([, text]) =>
    text
      .split(/\{\w+, plural, one \{[^}]*\} other \{[^}]*\}\}|\{\w+\}/)
      .map((s) => s.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, ""))
      .filter((s) => s.length >= 4 && /\p{L}/u.test(s))
      // A phrase the French table also uses (a name, a unit) is not English on this screen.
      .filter((s) => ![...fr.values()].some((f) => f.includes(s))),
  );
const phraseRes = [...new Set(englishPhrases)].map((p) => ({
  p,
  re: new RegExp(`(?<![\\p{L}\\p{N}])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u"),
}));

/** Every text on the page, the errors from the Rust side among them (said through the tables by
 * their codes: nothing is exempt). */
async function noEnglish(session, where) {
  const text = await session.executeScript("return document.body.innerText");
  assert.ok(text.length > 20, `${where}: the page text was read`);
  const found = phraseRes.filter(({ re }) => re.test(text)).map(({ p }) => p);
  assert.deepEqual(found, [], `${where}: English on the French screen`);
}

test("in French, a whole Legacy turn shows no English string", async () => {
  assert.ok(en.size > 700 && fr.size === en.size, `tables read: ${en.size} English, ${fr.size} French keys`);
  assert.ok(phraseRes.length > 500, `${phraseRes.length} English phrases to look for`);
  let { session } = await openApp();
  try {
    const picker = await session.wait(until.elementLocated(byTestId("language")), 10000);
    await session.executeScript(
      "arguments[0].value = 'fr'; arguments[0].dispatchEvent(new Event('change', { bubbles: true }))",
      picker,
    );
    await session.wait(async () => (await session.executeScript("return document.documentElement.lang")) === "fr", 10000);
    await session.wait(until.elementLocated(byTestId("start-table")), 10000);
    await screenshot(session, "fr-01-games");
    await noEnglish(session, "Games");

    // The choice is remembered: a fresh page load comes back in French.
    await session.navigate().refresh();
    await session.wait(until.elementLocated(byTestId("start-table")), 20000);
    assert.equal(await session.executeScript("return document.documentElement.lang"), "fr");

    await tap(session, "scenario-lost-allies");
    await tap(session, "players-2");
    await (await session.findElement(byTestId("seed"))).sendKeys("3");
    await tap(session, "start-table");
    await waitStage(session, "morale");
    await screenshot(session, "fr-02-set-up");
    await noEnglish(session, "set-up");

    await tap(session, "morale");
    await waitStage(session, "actions");
    await tap(session, "tile-bow");
    await session.wait(async () => (await (await session.findElement(byTestId("tile-bow"))).getText()).includes("Peter Pan"), 10000);
    await screenshot(session, "fr-03-actions");
    await noEnglish(session, "Actions");

    await tap(session, "end-actions");
    await session.wait(until.elementLocated(byTestId("end-confirm-text")), 10000);
    await noEnglish(session, "end of Actions");
    await tap(session, "end-confirm");
    await waitStage(session, "draw");
    await tap(session, "draw");
    await waitStage(session, "colour");
    await screenshot(session, "fr-04-threat");
    await noEnglish(session, "Threat card");
    await tap(session, "resolve");
    for (let i = 0; i < 60; i++) {
      const s = await stage(session);
      if (s !== "activations" && s !== "colour") break;
      const pending = await session.findElements(byTestId("pending"));
      if (pending.length === 0) continue;
      await noEnglish(session, `activation ${i + 1}`);
      const before = await pending[0].getText();
      await tap(session, "apply-option");
      await session
        .wait(async () => {
          const p = await session.findElements(byTestId("pending"));
          return p.length === 0 || (await p[0].getText()) !== before || (await stage(session)) !== "activations";
        }, 10000)
        .catch(() => undefined);
    }
    await waitStage(session, "morale");
    assert.match(await (await session.findElement(byTestId("table-phase"))).getText(), /Fée Clochette/);
    await screenshot(session, "fr-05-next-turn");
    await noEnglish(session, "next turn");
    console.log(`English phrases looked for: ${phraseRes.length}`);
  } catch (e) {
    await screenshot(session, "fr-failure").catch(() => undefined);
    throw e;
  } finally {
    // The choice stays in this file's own webview storage (app.mjs): other files start in English.
    await session.quit();
  }
});
