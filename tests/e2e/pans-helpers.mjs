// Steps of a Pan's Island game through the real app, shared by the end-to-end tests.
import { By, until } from "selenium-webdriver";
import { byTestId, clickElement, tap, tapInside } from "./app.mjs";

/** The phase the screen shows (sleeves, visions, act, ended). */
export async function phase(session) {
  return (await session.wait(until.elementLocated(byTestId("phase")), 10000)).getAttribute("data-phase");
}

/** A locate function (see `tapInside`) for card millimetres (x, y) on the 60 × 90 mini-card. */
export const cardPoint = (x, y) =>
  `(el) => { const r = el.getBoundingClientRect(); return [r.left + ${x / 60} * r.width, r.top + ${y / 90} * r.height]; }`;

/** Waits until the tablet is passed to `seat` (1-based) and opens that holder's screen. */
export async function passedTo(session, seat) {
  await session.wait(async () => {
    const pass = await session.findElements(byTestId("pass"));
    return pass.length === 1 && (await pass[0].getText()).includes(`seat ${seat}`);
  }, 10000);
  await tap(session, "holder-ready");
}

/** Confirms the sleeve on screen and waits for the holder's screen to close. */
export async function confirmSleeve(session) {
  await tap(session, "confirm-sleeve");
  await session.wait(async () => (await session.findElements(byTestId("sleeve-screen"))).length === 0, 10000);
}

/** A sleeve tapped in by hand: the cross and one Hook circle, in card millimetres. */
export async function sleeveByHand(session, seat, cross, hook) {
  await passedTo(session, seat);
  await tap(session, "mode-cross");
  await tapInside(session, await session.findElement(byTestId("mini-card")), cardPoint(...cross));
  await tap(session, "mode-hook");
  await tapInside(session, await session.findElement(byTestId("mini-card")), cardPoint(...hook));
  await confirmSleeve(session);
}

/**
 * One holder's Visions: draw two, clear the neighbour's board down to 2 (from round 2), run
 * `extra` (before playing), play a Direction Vision if there is one and then any, finish.
 */
export async function visionsOf(session, extra) {
  await tap(session, "visions-ready");
  await tap(session, "draw-distance");
  await tap(session, "draw-direction");
  for (;;) {
    const remove = await session.findElements(byTestId("remove-card"));
    if (remove.length <= 2) break;
    await tap(session, "remove-card");
    await session.wait(async () => (await session.findElements(byTestId("remove-card"))).length < remove.length, 10000);
  }
  if (extra) await extra();
  for (const xpath of [
    "//ul[@data-testid='hand']/li[span[starts-with(., 'Direction')]]/button[@data-testid='play-gauge']",
    "//ul[@data-testid='hand']/li/button[@data-testid='play-gauge']",
  ]) {
    // The hand re-renders after each play: a stale element just retries.
    await session.wait(async () => {
      try {
        const b = await session.findElements(By.xpath(xpath));
        return b.length > 0 && (await b[0].isEnabled());
      } catch {
        return false;
      }
    }, 10000);
    const before = (await session.findElements(byTestId("play-gauge"))).length;
    await clickElement(session, await session.findElement(By.xpath(xpath)));
    await session.wait(async () => (await session.findElements(byTestId("play-gauge"))).length === before - 1, 10000);
  }
  await tap(session, "visions-finish");
}

/** Everyone's Visions in seat order, then the turns begin. */
export async function visionsRound(session, players) {
  for (let seat = 0; seat < players; seat++) await visionsOf(session);
  await tap(session, "start-acting");
  await session.wait(async () => (await phase(session)) === "act", 10000);
}

/** Taps the board where the Hero of `seat` (0-based) stands. */
export async function tapBoardAtHero(session, seat) {
  await tapInside(
    session,
    await session.findElement(byTestId("board")),
    `(el) => { const c = el.querySelector('[data-testid="hero-${seat}"] circle').getBoundingClientRect();
               return [c.x + c.width / 2, c.y + c.height / 2]; }`,
  );
}

/**
 * Ends the turn and waits until the next Hero's turn (or the Visions) is on screen: reading the
 * active seat before the answer arrives would explore where the previous Hero stands.
 */
export async function endTurn(session) {
  const phaseText = async () => (await session.findElement(byTestId("phase"))).getText();
  const before = await phaseText();
  await tap(session, "end-turn");
  await session.wait(async () => (await phaseText()) !== before, 10000);
}
