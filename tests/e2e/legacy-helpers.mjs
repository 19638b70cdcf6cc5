// Reading a Legacy table game's screen, shared by the end-to-end tests.
import { until } from "selenium-webdriver";
import { byTestId } from "./app.mjs";

/** The stage the table screen shows (morale, actions, draw, colour, activations, over) and how
 * many steps its stored log holds (it grows with every accepted command). */
export async function tablePhase(session) {
  const p = await session.wait(until.elementLocated(byTestId("table-phase")), 10000);
  return { stage: await p.getAttribute("data-stage"), steps: Number(await p.getAttribute("data-steps")) };
}

export async function stage(session) {
  return (await tablePhase(session)).stage;
}

/** Waits until the table screen shows `want` (the screen may be re-drawn meanwhile). */
export async function waitStage(session, want) {
  await session.wait(async () => {
    try {
      return (await stage(session)) === want;
    } catch {
      return false;
    }
  }, 10000);
}

/** The three window sizes the table screen must fit without scrolling. */
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 800, height: 1280 },
];

/**
 * Element rectangles that must lie inside the viewport: the whole drawn board, the top of the
 * turn panel, and the current step's control. Returns what is outside (empty when all fit).
 */
export async function outsideViewport(session) {
  return session.executeScript(`
    const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    const out = [];
    const check = (sel, name, part) => {
      const el = document.querySelector(sel);
      if (!el) { out.push(name + ": missing"); return; }
      const r = el.getBoundingClientRect();
      const bottom = part ? r.top + Math.min(r.height, part) : r.bottom;
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || bottom > vh + 0.5)
        out.push(name + " " + JSON.stringify([r.left, r.top, r.right, r.bottom].map(Math.round)) + " in " + vw + "x" + vh);
    };
    check('[data-testid="table-board"]', "board");
    check('[data-testid="table-phase"]', "step");
    check('[data-testid="turn-panel"]', "turn panel top", 120);
    const step = document.querySelector('[data-testid="turn-panel"] button.primary, [data-testid="turn-panel"] [data-testid="apply-option"]');
    if (step) {
      const r = step.getBoundingClientRect();
      if (r.top < 0 || r.bottom > vh + 0.5 || r.left < 0 || r.right > vw + 0.5) out.push("step control " + step.textContent.trim());
    }
    return out;`);
}

/** Buttons the engine refuses (data-legal="false") that are nonetheless enabled. */
export async function enabledIllegal(session) {
  return session.executeScript(
    `return [...document.querySelectorAll('button[data-legal="false"]')].filter((b) => !b.disabled).map((b) => b.textContent.trim());`,
  );
}
