// Drives the real Neverland Companion binary through tauri-driver and WebKitWebDriver.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { after, afterEach, before } from "node:test";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Builder, By, until } from "selenium-webdriver";
import { audit } from "./a11y.mjs";
import { filePrefix, freePorts, killOwned, killOwnedSync, logDir, logTag, owned, portOpen, sleep, spawnOwned, startReaper, stopReaper, tail } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const appBinary = process.env.NEVERLAND_APP ?? path.join(root, "target/debug/neverland-companion");
export const cliBinary = path.join(root, "target/debug/neverland");
export const outDir = process.env.E2E_OUTPUT ?? path.join(here, "output");
mkdirSync(outDir, { recursive: true });

const fileTag = logTag(process.argv[1] ?? "e2e");
const logs = logDir(outDir);
/** Every driver this file started: { child, marker, port, log }. */
const drivers = [];
let current = null;
let failed = false;

/** Starts tauri-driver (its own process group, output to a log file) with the given environment. */
export async function startDriver(env) {
  // The webview keeps its storage (the language picked, a seat's token) under the XDG folders:
  // each test file gets its own inside its temporary folder, so no file inherits another's
  // choices and the user's own app storage is never touched.
  const web = (name) => path.join(current?.dir ?? os.tmpdir(), name);
  env = { XDG_DATA_HOME: web("xdg-data"), XDG_CACHE_HOME: web("xdg-cache"), XDG_CONFIG_HOME: web("xdg-config"), ...env };
  const [port, nativePort] = await freePorts(2);
  const n = drivers.length + 1;
  const marker = `${filePrefix}${n}`;
  const log = path.join(logs, `${fileTag}-${process.pid}-driver${n}.log`);
  const child = spawnOwned("tauri-driver", ["--port", String(port), "--native-port", String(nativePort)], {
    env,
    marker,
    logFile: log,
  });
  const driver = { child, marker, port, log };
  drivers.push(driver);
  // Both ports: tauri-driver passes each session on to the WebKitWebDriver it starts, and a
  // session asked for before that one listens is refused (the connection hangs up).
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if ((await portOpen(port)) && (await portOpen(nativePort))) return driver;
    await sleep(100);
  }
  await stopDriver(driver);
  throw new Error(`tauri-driver did not open ports ${port} and ${nativePort}:\n${tail(log)}`);
}

/**
 * Stops a driver and everything it started: SIGTERM to its group, then SIGKILL to the group and
 * to every process still carrying its marker. Throws when one survives.
 */
export async function stopDriver(driver) {
  if (!driver) return;
  const { child, marker } = driver;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
    await Promise.race([exited, sleep(5000)]);
  }
  const left = await killOwned(marker, child.pid);
  if (left.length > 0) {
    throw new Error(`processes outlived their driver: ${left.map((p) => `${p.pid} ${p.comm}`).join(", ")}`);
  }
}

/** SIGKILLs the app this file's current driver launched, by PID; returns the PIDs killed. */
export async function killApp() {
  const exe = realpathSync(appBinary);
  const apps = owned(current.driver.marker).filter((p) => p.exe === exe);
  if (apps.length === 0) throw new Error("no app process of this test file is running");
  const pids = apps.map((p) => p.pid);
  for (const pid of pids) process.kill(pid, "SIGKILL");
  // Gone once no live (non-zombie) process of ours has one of those PIDs.
  for (let i = 0; i < 100 && owned(current.driver.marker).some((o) => pids.includes(o.pid)); i++) await sleep(50);
  return pids;
}

/** The PIDs of the webview's page processes (WebKitWebProcess) this file's current driver started. */
export function pageProcesses() {
  return owned(current.driver.marker)
    .filter((p) => path.basename(p.exe) === "WebKitWebProcess")
    .map((p) => p.pid);
}

function printLogs() {
  for (const d of drivers) {
    process.stderr.write(`--- last lines of ${d.log}\n${tail(d.log)}\n`);
  }
}

/** Seconds one test file may run in all before the watchdog stops it and everything it started. */
const FILE_LIMIT_S = Number(process.env.E2E_FILE_TIMEOUT_S ?? 900);

function stopEverythingSync() {
  killOwnedSync(filePrefix, drivers.map((d) => d.child.pid));
}

/**
 * For one test file: a temporary folder holding the saved-games file (`db`), and tauri-driver
 * started on it before the tests and stopped after (every process it started checked gone, the
 * folder removed). `env` is added to the app's environment (NEVERLAND_SEED fixes the seed of a
 * game the players give none, so a Pan's Island game deals the same hands every run).
 * `restart(env)` starts the driver again with other settings.
 */
export function appFixture(prefix, env = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const fx = { dir, db: path.join(dir, "games.db"), driver: null };
  current = fx;
  const reaper = startReaper(filePrefix, path.join(logs, `${fileTag}-${process.pid}-reaper.log`));
  const watchdog = setTimeout(() => {
    process.stderr.write(`watchdog: ${fileTag} ran past ${FILE_LIMIT_S} s; stopping what it started\n`);
    printLogs();
    stopEverythingSync();
    process.exit(1);
  }, FILE_LIMIT_S * 1000);
  watchdog.unref();
  for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"]) {
    process.on(sig, () => {
      stopEverythingSync();
      process.exit(1);
    });
  }
  process.on("exit", (code) => {
    stopEverythingSync();
    if (code !== 0) printLogs();
  });
  fx.restart = async (env) => {
    await stopDriver(fx.driver);
    fx.driver = await startDriver(env);
  };
  before(async () => {
    fx.driver = await startDriver({ NEVERLAND_DB: fx.db, ...env });
  });
  afterEach((t) => {
    if (!t.passed) failed = true;
  });
  after(async () => {
    clearTimeout(watchdog);
    try {
      await stopDriver(fx.driver);
      const left = await killOwned(filePrefix, 0);
      if (left.length > 0) throw new Error(`processes survived the test file: ${left.map((p) => `${p.pid} ${p.comm}`).join(", ")}`);
    } finally {
      stopReaper(reaper);
      rmSync(dir, { recursive: true, force: true });
      if (failed) printLogs();
      else for (const d of drivers) rmSync(d.log, { force: true });
    }
  });
  return fx;
}

/** Opens the app in a WebDriver session; resolves once the first screen is drawn. */
export async function openApp() {
  const started = performance.now();
  const session = await new Builder()
    .usingServer(`http://127.0.0.1:${current.driver.port}/`)
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

/**
 * Looks at every warning of a sleeve reading as a holder must before confirming: each "Looked:
 * it is right" button in turn, until none is left. (Only for readings known to be right.)
 */
export async function lookAtChecks(session) {
  for (;;) {
    const acks = await session.findElements(byTestId("ack"));
    if (acks.length === 0) return;
    await clickElement(session, acks[0]);
    await session.wait(async () => (await session.findElements(byTestId("ack"))).length < acks.length, 5000);
  }
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
  // Every screen the tests show is also audited (axe-core, touch targets): tests/e2e/a11y.mjs.
  // A "…failure" picture is taken while a test is already failing: its own error must show.
  if (!name.endsWith("failure")) await audit(session, name, outDir);
  return file;
}

/** The three window sizes every screen is looked at in: landscape laptop, small tablet, portrait tablet. */
export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 800, height: 1280 },
];
export const screensDir = path.join(process.env.E2E_OUTPUT ?? path.join(root, "target/e2e-output"), "screens");

/**
 * Saves the screen as it is now at each of the three window sizes, as
 * target/e2e-output/screens/NAME-WxH.png (for people to look at), then restores 1280x800.
 */
export async function screens(session, name) {
  mkdirSync(screensDir, { recursive: true });
  for (const size of SCREEN_SIZES) {
    await resizeWindow(session, size);
    const png = await session.takeScreenshot();
    writeFileSync(path.join(screensDir, `${name}-${size.width}x${size.height}.png`), Buffer.from(png, "base64"));
  }
  await resizeWindow(session, { width: 1280, height: 800 });
}

/**
 * Sets the window's size and returns once the page has laid itself out at it: the viewport has
 * changed (when the size did) and two frames have been drawn. Setting the size returns before the
 * webview has reflowed, so a measurement taken at once can see the old layout.
 */
export async function resizeWindow(session, size) {
  const viewport = () => session.executeScript("return [window.innerWidth, window.innerHeight]");
  const [w0, h0] = await viewport();
  const was = await session.manage().window().getRect();
  await session.manage().window().setRect(size);
  // Waited on: the dimensions the window really changed (it may not take the size asked exactly).
  const now = await session.manage().window().getRect();
  const [wide, high] = [now.width !== was.width, now.height !== was.height];
  if (wide || high) {
    await session.wait(async () => {
      const [w, h] = await viewport();
      return (!wide || w !== w0) && (!high || h !== h0);
    }, 5000, `the page never took the window size ${now.width}x${now.height}`);
  }
  await session.executeAsyncScript(
    "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done()));",
  );
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
