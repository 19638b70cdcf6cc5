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
