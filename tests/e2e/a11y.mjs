// The accessibility audit of a screen, run through WebDriver in the real webview: axe-core (from
// the npm registry, injected as a script) with its default rules (WCAG 2.x A and AA, colour
// contrast among them, plus best practices), and the size of every control's box (touch targets
// at least 44×44 CSS px). Each screen's figures go to `<outDir>/a11y/<name>.json`; `audit` fails
// on any serious or critical violation or any control smaller than 44×44.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
export const MIN_TARGET = 44;
// No control is exempt (the Legacy board's tiles and Enemy tokens were, at 34–43 px, until they
// were made 44 px at every window size the table is checked at).

/** Controls whose box is smaller than MIN_TARGET on either side, as "name (w×h)". Controls inside
 * running text are not targets of their own; hidden ones (no box) are skipped. */
const SMALL_TARGETS = `
  const min = arguments[0];
  const scope = document.querySelector(arguments[1] || 'body');
  if (!scope) return ['(' + arguments[1] + ' missing)'];
  const sel = 'button, select, input:not([type=hidden]), textarea, a[href], summary, [role=button], [role=slider]';
  return [...scope.querySelectorAll(sel)].flatMap((el) => {
    // A box inside its <label> is tapped through the label: the label is the target.
    const box = el.matches('input') && el.closest('label') ? el.closest('label') : el;
    const r = box.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return [];
    if (getComputedStyle(el).visibility === 'hidden') return [];
    if (r.width + 0.5 >= min && r.height + 0.5 >= min) return [];
    const name = el.getAttribute('data-testid') || el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 40) || el.tagName;
    return [name + ' (' + Math.round(r.width) + 'x' + Math.round(r.height) + ')'];
  });
`;

const COUNT_TARGETS = `
  const sel = 'button, select, input:not([type=hidden]), textarea, a[href], summary, [role=button], [role=slider]';
  return [...document.querySelectorAll(sel)].filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 || r.height > 0; }).length;
`;

/** Runs axe-core on the page as it stands. Answers its violations, each with id, impact and targets. */
async function runAxe(session) {
  const loaded = await session.executeScript("return typeof window.axe !== 'undefined'");
  if (!loaded) await session.executeScript(AXE);
  const result = await session.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    window.axe.run(document, { resultTypes: ['violations'] })
      .then((r) => done(JSON.stringify(r.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      })))))
      .catch((e) => done(JSON.stringify({ error: String(e) })));
  `);
  const parsed = JSON.parse(result);
  if (parsed.error) throw new Error(`axe-core failed on this screen: ${parsed.error}`);
  return parsed;
}

/** Controls under `within` smaller than 44×44 px, as "name (w×h)" (the table's sizes check
 * each window size with it). */
export async function smallTargets(session, within = "body") {
  return session.executeScript(SMALL_TARGETS, MIN_TARGET, within);
}

/** Audits the screen on show: records the figures and fails on a serious or critical violation
 * or a control under 44×44 px. Answers the record. */
export async function audit(session, name, outDir) {
  const violations = await runAxe(session);
  const small = await session.executeScript(SMALL_TARGETS, MIN_TARGET, "body");
  const controls = await session.executeScript(COUNT_TARGETS);
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const record = {
    screen: name,
    violations: violations.length,
    serious_or_critical: blocking.length,
    by_impact: Object.fromEntries(["minor", "moderate", "serious", "critical"].map((i) => [i, violations.filter((v) => v.impact === i).length])),
    controls,
    small_targets: small,
    details: violations,
  };
  const dir = path.join(outDir, "a11y");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(record, null, 2));
  const lines = blocking.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target).join(", ")}`);
  // A11Y_REPORT_ONLY=1 only records (to survey a screen before fixing it); by default both fail.
  if (process.env.A11Y_REPORT_ONLY === "1") return record;
  assert.deepEqual(lines, [], `${name}: serious or critical accessibility violations`);
  assert.deepEqual(small, [], `${name}: controls smaller than ${MIN_TARGET}x${MIN_TARGET} px`);
  return record;
}
