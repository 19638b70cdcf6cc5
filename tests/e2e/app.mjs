// Drives the real Neverland Companion binary through tauri-driver and WebKitWebDriver.
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import { after, before } from "node:test";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Builder, By, until } from "selenium-webdriver";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const appBinary = process.env.NEVERLAND_APP ?? path.join(root, "target/debug/neverland-companion");
export const cliBinary = path.join(root, "target/debug/neverland");
export const outDir = process.env.E2E_OUTPUT ?? path.join(here, "output");
mkdirSync(outDir, { recursive: true });

function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => { s.end(); resolve(true); });
    s.once("error", () => resolve(false));
  });
}

/** Starts tauri-driver with the given environment (the app inherits it). */
export async function startDriver(env) {
  const driver = spawn("tauri-driver", ["--port", "4444"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 100; i++) {
    if (await portOpen(4444)) return driver;
    await new Promise((r) => setTimeout(r, 100));
  }
  driver.kill();
  throw new Error("tauri-driver did not open port 4444");
}

export async function stopDriver(driver) {
  if (!driver || driver.exitCode !== null) return;
  const done = new Promise((r) => driver.once("exit", r));
  driver.kill();
  await done;
}

/**
 * For one test file: a temporary folder holding the saved-games file (`db`), and tauri-driver
 * started on it before the tests and stopped (the folder removed) after. `restart(env)` starts
 * the driver again with other settings.
 */
export function appFixture(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const fx = { dir, db: path.join(dir, "games.db"), driver: null };
  fx.restart = async (env) => {
    await stopDriver(fx.driver);
    fx.driver = await startDriver(env);
  };
  before(async () => {
    fx.driver = await startDriver({ NEVERLAND_DB: fx.db });
  });
  after(async () => {
    await stopDriver(fx.driver);
    rmSync(dir, { recursive: true, force: true });
  });
  return fx;
}

/** Opens the app in a WebDriver session; resolves once the first screen is drawn. */
export async function openApp() {
  const started = performance.now();
  const session = await new Builder()
    .usingServer("http://127.0.0.1:4444/")
    .withCapabilities({ browserName: "wry", "tauri:options": { application: appBinary } })
    .build();
  await session.wait(until.elementLocated(By.css("h1")), 20000);
  return { session, firstPaintMs: performance.now() - started };
}

export const byTestId = (id) => By.css(`[data-testid="${id}"]`);

export async function tap(session, id) {
  const el = await session.wait(until.elementLocated(byTestId(id)), 10000);
  await session.wait(until.elementIsEnabled(el), 10000);
  await clickElement(session, el);
  return el;
}

/** Clicks an element found some other way, centred first: the sticky header must not cover it. */
export async function clickElement(session, el) {
  await session.executeScript("arguments[0].scrollIntoView({block: 'center'})", el);
  await el.click();
}

export async function screenshot(session, name) {
  // Let WebKit paint what the DOM already holds before capturing.
  await session.executeAsyncScript(
    "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done()));",
  );
  const png = await session.takeScreenshot();
  const file = path.join(outDir, `${name}.png`);
  writeFileSync(file, Buffer.from(png, "base64"));
  return file;
}

export function cli(...args) {
  return execFileSync(cliBinary, args, { encoding: "utf8" });
}

/**
 * Clicks `element` at a point given by `locate` (run in the page with the element; it returns
 * [clientX, clientY]). WebDriver offsets count from the centre of the element's part inside the
 * viewport, so the element is scrolled into view and the offset taken from that centre.
 */
export async function tapInside(session, element, locate) {
  // Bring the point itself to the middle of the window (clear of the sticky header).
  await session.executeScript(
    `const el = arguments[0];
     el.scrollIntoView({ block: "center" });
     const [, y] = (${locate})(el);
     window.scrollBy(0, y - innerHeight / 2);`,
    element,
  );
  const [dx, dy] = await session.executeScript(
    `const el = arguments[0], b = el.getBoundingClientRect();
     const [x, y] = (${locate})(el);
     const vx = (Math.max(b.left, 0) + Math.min(b.right, innerWidth)) / 2;
     const vy = (Math.max(b.top, 0) + Math.min(b.bottom, innerHeight)) / 2;
     return [Math.round(x - vx), Math.round(y - vy)];`,
    element,
  );
  await session.actions().move({ origin: element, x: dx, y: dy }).click().perform();
}

/**
 * Drags inside `element` from one point to another, each given by a `locate` function as for
 * `tapInside` (both points must be in view together).
 */
export async function dragInside(session, element, locateFrom, locateTo) {
  await session.executeScript(
    `const el = arguments[0];
     el.scrollIntoView({ block: "center" });`,
    element,
  );
  const offsets = await session.executeScript(
    `const el = arguments[0], b = el.getBoundingClientRect();
     const vx = (Math.max(b.left, 0) + Math.min(b.right, innerWidth)) / 2;
     const vy = (Math.max(b.top, 0) + Math.min(b.bottom, innerHeight)) / 2;
     return [(${locateFrom})(el), (${locateTo})(el)].map(([x, y]) => [Math.round(x - vx), Math.round(y - vy)]);`,
    element,
  );
  const [[fx, fy], [tx, ty]] = offsets;
  await session
    .actions()
    .move({ origin: element, x: fx, y: fy })
    .press()
    .move({ origin: element, x: Math.round((fx + tx) / 2), y: Math.round((fy + ty) / 2), duration: 100 })
    .move({ origin: element, x: tx, y: ty, duration: 100 })
    .release()
    .perform();
}
