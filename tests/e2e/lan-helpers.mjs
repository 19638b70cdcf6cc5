// What the local-network end-to-end tests share: free ports, chromedriver started through the
// harness (its marker on every chromium it starts, stopped by PID), browser seats with their own
// profiles, and the host's invite screen. Each test file is its own process: the state here is
// that file's.
import { after } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Builder, By, until } from "selenium-webdriver";
import { byTestId, outDir, tap } from "./app.mjs";
import { filePrefix, freePort, killOwned, logDir, portOpen, sleep, spawnOwned, tail } from "./harness.mjs";

export { freePort };

const chromeMarker = `${filePrefix}chromedriver`;
const chromeLog = path.join(logDir(outDir), `lan-${process.pid}-chromedriver.log`);
let chromedriver = null;
const profiles = [];
const browsers = [];
let passed = false;

/** The file's test passed: its chromedriver log is not kept. */
export function lanPassed() {
  passed = true;
}

export async function startChromedriver() {
  const port = await freePort();
  chromedriver = spawnOwned("chromedriver", [`--port=${port}`], { marker: chromeMarker, logFile: chromeLog });
  for (let i = 0; i < 100; i++) {
    if (chromedriver.exitCode !== null) break;
    if (await portOpen(port)) return port;
    await sleep(100);
  }
  throw new Error(`chromedriver did not open port ${port}:\n${tail(chromeLog)}`);
}

/** A player's browser with a profile of its own; `size` as "W,H" (a phone in portrait: "390,844"). */
export async function browser(driverPort, size = "1000,1400", mobile = false) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "neverland-e2e-seat-"));
  profiles.push(profile);
  const [width, height] = size.split(",").map(Number);
  const options = {
    binary: "/usr/bin/chromium",
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--user-data-dir=${profile}`,
      `--window-size=${size}`,
    ],
  };
  if (mobile) options.mobileEmulation = { deviceMetrics: { width, height, pixelRatio: 2, touch: true } };
  const session = await new Builder()
    .usingServer(`http://127.0.0.1:${driverPort}/`)
    .withCapabilities({ browserName: "chrome", "goog:chromeOptions": options })
    .build();
  browsers.push(session);
  return session;
}

after(async () => {
  for (const b of browsers) await b.quit().catch(() => {});
  if (chromedriver) {
    try {
      process.kill(-chromedriver.pid, "SIGTERM");
    } catch {
      /* gone */
    }
    const left = await killOwned(chromeMarker, chromedriver.pid);
    if (left.length > 0) process.stderr.write(`left after chromedriver: ${left.map((p) => p.pid).join(", ")}\n`);
  }
  for (const p of profiles) rmSync(p, { recursive: true, force: true });
  if (passed) rmSync(chromeLog, { force: true });
  else process.stderr.write(`--- last lines of ${chromeLog}\n${tail(chromeLog)}\n`);
});

/** The join address the host's invite screen shows now (its secret changes after each request). */
export async function joinUrl(host) {
  const el = await host.wait(until.elementLocated(byTestId("invite-url")), 10000);
  return el.getText();
}

/** The host opens the table shown on its invite screen to devices on loopback; answers the address. */
export async function openOnLoopback(host) {
  const address = await host.wait(until.elementLocated(byTestId("invite-address")), 10000);
  await host.wait(async () => (await address.findElements(By.css('option[value="127.0.0.1"]'))).length === 1, 10000);
  await (await address.findElement(By.css('option[value="127.0.0.1"]'))).click();
  await tap(host, "invite-open");
  return joinUrl(host);
}
